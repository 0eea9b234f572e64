//! The observer view as `vqbot script --state-json` prints it (`docs/state-json.md`): the
//! engine's observer [`View`](crate::engine::view::View) with a few values made readable for
//! consumers — the set of pending powers as power ids instead of a bit set, capitals as space
//! ids instead of indexes, and each control marker with its shape. The stored state and its
//! hash are untouched: this only rewrites the printed JSON.

use serde_json::Value;

use crate::engine::power::Power;
use crate::engine::{Game, Ruleset, SpaceId, Viewer};

/// The observer view of `game` as the state JSON's `view` object.
pub fn observer_view(rs: &Ruleset, game: &Game) -> Value {
    let mut v = serde_json::to_value(game.view(rs, Viewer::Observer)).unwrap_or(Value::Null);
    let space_id = |x: &Value| -> Value {
        x.as_u64()
            .and_then(|i| u16::try_from(i).ok())
            .filter(|i| usize::from(*i) < rs.spaces.len())
            .map_or(Value::Null, |i| {
                Value::String(rs.space(SpaceId(i)).id.clone())
            })
    };
    if let Some(p) = v.pointer_mut("/awaiting/pending") {
        if let Some(bits) = p.as_u64() {
            *p = Value::Array(
                Power::ALL
                    .iter()
                    .filter(|x| bits & (1 << (**x as u8)) != 0)
                    .map(|x| Value::String(x.as_str().to_string()))
                    .collect(),
            );
        }
    }
    if let Some(Value::Array(caps)) = v.pointer_mut("/board/capitals") {
        for list in caps.iter_mut() {
            if let Value::Array(ids) = list {
                for c in ids.iter_mut() {
                    *c = space_id(c);
                }
            }
        }
    }
    if let Some(Value::Array(caps)) = v.pointer_mut("/board/protestant_capitals") {
        for c in caps.iter_mut() {
            if !c.is_null() {
                *c = space_id(c);
            }
        }
    }
    if let Some(Value::Array(spaces)) = v.pointer_mut("/board/spaces") {
        for (i, sp) in spaces.iter_mut().enumerate() {
            let look = u16::try_from(i)
                .ok()
                .and_then(|i| game.board.marker_look(rs, SpaceId(i)));
            if let (Some(look), Some(Value::Object(m))) = (look, sp.get_mut("marker")) {
                m.insert(
                    "shape".into(),
                    serde_json::to_value(look.shape).unwrap_or(Value::Null),
                );
            }
        }
    }
    v
}
