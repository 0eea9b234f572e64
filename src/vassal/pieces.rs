//! Game pieces as VASSAL writes them: an "add piece" command `+/ID/TYPE/STATE`, whose type and
//! state list the piece's traits from the outermost in, down to the basic piece, a stack or a
//! deck.

use super::encoding::split;

/// One game piece: its name, where it stands, and the properties its traits carry.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Piece {
    /// VASSAL's id of the piece in a save (`null` in a module's palette).
    pub id: String,
    /// The basic piece's name.
    pub name: String,
    /// The map it stands on (the map's name), if any.
    pub map: Option<String>,
    /// Position on that map, in the map's pixels.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Properties: marker traits, dynamic properties and the basic piece's persistent ones.
    pub properties: Vec<(String, String)>,
    /// Prototypes the piece uses, by name.
    pub prototypes: Vec<String>,
}

impl Piece {
    /// A property's value, by name (case-insensitive).
    pub fn property(&self, key: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }
}

/// What one "add piece" command adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// A piece.
    Piece(Piece),
    /// A stack of pieces at one point; members bottom first.
    Stack {
        /// Its id.
        id: String,
        /// Its map.
        map: Option<String>,
        /// Position.
        x: i32,
        /// Position.
        y: i32,
        /// Ids of the pieces in it, bottom first.
        members: Vec<String>,
    },
    /// A deck of cards; members bottom first (the last is drawn next).
    Deck {
        /// Its id.
        id: String,
        /// The deck's name.
        name: String,
        /// Its map.
        map: Option<String>,
        /// Ids of the cards in it, bottom first.
        members: Vec<String>,
    },
}

/// The prefix of an "add piece" command.
pub const ADD: &str = "+/";

/// Reads one "add piece" command; `None` for any other command, `Some(Err)` for one that is
/// damaged.
pub fn parse_add(cmd: &str) -> Option<Result<Added, String>> {
    let rest = cmd.strip_prefix(ADD)?;
    let parts = split(rest, '/');
    if parts.len() < 3 {
        return Some(Err(format!(
            "an add-piece command has {} parts, not 3 (id, type, state)",
            parts.len()
        )));
    }
    Some(parse_piece(&parts[0], &parts[1], &parts[2]))
}

/// Reads a piece from its id, type and state.
pub fn parse_piece(id: &str, type_: &str, state: &str) -> Result<Added, String> {
    let id = if id == "null" { "" } else { id }.to_string();
    let mut traits: Vec<(String, String)> = Vec::new();
    let (mut t, mut s) = (type_.to_string(), state.to_string());
    for _ in 0..256 {
        let tp = split(&t, '\t');
        let sp = split(&s, '\t');
        let first_t = tp.first().cloned().unwrap_or_default();
        let first_s = sp.first().cloned().unwrap_or_default();
        traits.push((first_t, first_s));
        if tp.len() < 2 {
            break;
        }
        t = tp[1].clone();
        s = sp.get(1).cloned().unwrap_or_default();
    }
    let Some((basic_t, basic_s)) = traits.pop() else {
        return Err("a piece without a type".into());
    };
    let st = split(&basic_s, ';');
    let map_of = |m: &str| (m != "null" && !m.is_empty()).then(|| m.to_string());
    let num = |i: usize| {
        st.get(i)
            .and_then(|v| v.trim().parse::<i32>().ok())
            .unwrap_or(0)
    };
    if basic_t == "stack" {
        return Ok(Added::Stack {
            id,
            map: st.first().and_then(|m| map_of(m)),
            x: num(1),
            y: num(2),
            members: st
                .iter()
                .skip(3)
                .filter(|m| !m.starts_with("@@") && !m.is_empty())
                .cloned()
                .collect(),
        });
    }
    if basic_t.starts_with("deck;") {
        let tt = split(&basic_t, ';');
        let members = st
            .get(4)
            .map(|l| {
                split(l, ',')
                    .into_iter()
                    .filter(|m| !m.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        return Ok(Added::Deck {
            id,
            name: tt.get(13).cloned().unwrap_or_else(|| "Deck".into()),
            map: st.first().and_then(|m| map_of(m)),
            members,
        });
    }
    if !basic_t.starts_with("piece;") {
        return Err(format!(
            "the innermost part of a piece is `{}`, not a basic piece, a stack or a deck",
            basic_t.chars().take(40).collect::<String>()
        ));
    }
    let bt = split(&basic_t, ';');
    let mut p = Piece {
        id,
        name: bt.get(4).cloned().unwrap_or_default(),
        map: st.first().and_then(|m| map_of(m)),
        x: num(1),
        y: num(2),
        ..Piece::default()
    };
    let count = st.get(4).and_then(|c| c.parse::<usize>().ok()).unwrap_or(0);
    for i in 0..count.min(1000) {
        if let (Some(k), Some(v)) = (st.get(5 + 2 * i), st.get(6 + 2 * i)) {
            p.properties.push((k.clone(), v.clone()));
        }
    }
    for (t, s) in traits {
        if let Some(keys) = t.strip_prefix("mark;") {
            let values = split(&s, ',');
            for (i, k) in split(keys, ',').into_iter().enumerate() {
                p.properties
                    .push((k, values.get(i).cloned().unwrap_or_default()));
            }
        } else if t.starts_with("prototype;") {
            if let Some(name) = split(&t, ';').get(1) {
                p.prototypes.push(name.clone());
            }
        } else if t.starts_with("emb2;") {
            // a layer: its name, and the active level's name (the state is the level, from 1;
            // negative while the layer is inactive)
            let tt = split(&t, ';');
            let layer = tt.get(19).cloned().unwrap_or_default();
            let level: i32 = split(&s, ';')
                .first()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0);
            p.properties
                .push((format!("Layer {layer}"), level.to_string()));
            if level > 0 {
                if let Some(names) = tt.get(17) {
                    if let Some(n) = split(names, ',').get(level as usize - 1) {
                        p.properties.push((
                            format!("Layer {layer} name"),
                            n.trim_start_matches('+').to_string(),
                        ));
                    }
                }
            }
        } else if t.starts_with("PROP;") {
            if let Some(key) = split(&t, ';').get(1) {
                p.properties.push((key.clone(), s.clone()));
            }
        }
    }
    Ok(Added::Piece(p))
}

/// Writes a basic piece with marker properties and prototypes as an "add piece" command (the
/// inverse of [`parse_add`] for such pieces).
pub fn write_piece(p: &Piece) -> String {
    use super::encoding::join;
    let map = p.map.clone().unwrap_or_else(|| "null".into());
    let basic_t = format!("piece;{}", join(["", "", "", p.name.as_str()], ';'));
    let basic_s = join(
        [
            map,
            p.x.to_string(),
            p.y.to_string(),
            String::new(),
            "0".to_string(),
        ],
        ';',
    );
    let mut traits: Vec<(String, String)> = Vec::new();
    for proto in &p.prototypes {
        traits.push((
            format!("prototype;{}", join([proto.as_str()], ';')),
            String::new(),
        ));
    }
    for (k, v) in &p.properties {
        traits.push((
            format!("mark;{}", join([k.as_str()], ',')),
            join([v.as_str()], ','),
        ));
    }
    let (mut t, mut s) = (basic_t, basic_s);
    for (tt, ss) in traits.into_iter().rev() {
        t = join([tt, t], '\t');
        s = join([ss, s], '\t');
    }
    let id = if p.id.is_empty() { "null" } else { &p.id };
    format!("{ADD}{}", join([id, t.as_str(), s.as_str()], '/'))
}

/// Writes a stack as an "add piece" command.
pub fn write_stack(id: &str, map: &str, x: i32, y: i32, members: &[String]) -> String {
    use super::encoding::join;
    let mut st = vec![map.to_string(), x.to_string(), y.to_string()];
    st.extend(members.iter().cloned());
    st.push("@@0".into());
    format!("{ADD}{}", join([id, "stack", &join(st, ';')], '/'))
}

/// Writes a deck named `name` as an "add piece" command.
pub fn write_deck(id: &str, name: &str, map: &str, members: &[String]) -> String {
    use super::encoding::join;
    let mut tt: Vec<String> = vec![
        "deck".into(),
        "true".into(),
        "0,0,0".into(),
        "88".into(),
        "128".into(),
        "Always".into(),
        "Always".into(),
        "true".into(),
        "true".into(),
        "false".into(),
        String::new(),
        String::new(),
        String::new(),
    ];
    tt.push(name.to_string());
    let mut st = vec![map.to_string(), "0".into(), "0".into(), "true".into()];
    if !members.is_empty() {
        st.push(join(members, ','));
    }
    format!(
        "{ADD}{}",
        join([id, join(tt, ';').as_str(), join(st, ';').as_str()], '/')
    )
}

#[cfg(test)]
mod tests {
    use super::super::encoding::join;
    use super::*;

    #[test]
    fn a_piece_with_traits_round_trips() {
        let p = Piece {
            id: "17".into(),
            name: "Spanish Regular; 2".into(),
            map: Some("Main Map".into()),
            x: 120,
            y: -4,
            properties: vec![("Power".into(), "Spain, Habsburg".into())],
            prototypes: vec!["Land unit".into()],
        };
        let cmd = write_piece(&p);
        assert_eq!(parse_add(&cmd), Some(Ok(Added::Piece(p))));
        let s = write_stack("9", "Main Map", 3, 4, &["1".into(), "2".into()]);
        assert!(matches!(
            parse_add(&s),
            Some(Ok(Added::Stack { members, .. })) if members == ["1", "2"]
        ));
        let d = write_deck("5", "Draw; Deck", "Main Map", &["a".into(), "b".into()]);
        assert!(matches!(
            parse_add(&d),
            Some(Ok(Added::Deck { name, members, .. })) if name == "Draw; Deck" && members == ["a", "b"]
        ));
        assert_eq!(parse_add("begin_save"), None);
        // a layer trait in front of the basic piece: its level and the level's name
        let mut emb = vec!["emb2".to_string()];
        emb.extend((1..17).map(|_| String::new()));
        emb.push("Front,Back".into());
        emb.push("true".into());
        emb.push("Side".into());
        let t = join([join(&emb, ';'), "piece;;;x.png;Alba".into()], '\t');
        let st = join(["2".to_string(), "Map;1;2;;0".into()], '\t');
        let cmd = format!("+/{}", join(["7", t.as_str(), st.as_str()], '/'));
        let Some(Ok(Added::Piece(p))) = parse_add(&cmd) else {
            panic!("layered piece")
        };
        assert_eq!(p.name, "Alba");
        assert_eq!(p.property("Layer Side"), Some("2"));
        assert_eq!(p.property("Layer Side name"), Some("Back"));
        assert!(matches!(parse_add("+/1/oops"), Some(Err(_))));
    }
}
