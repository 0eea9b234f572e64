//! Buttons for pending decisions, and the `custom_id` that lets one global handler route a
//! click back to its game after any number of restarts.
//!
//! A `custom_id` is `vq:<guild>:<channel>:<game>:<seq>:<command>[:<option>=<value>,…]` with the
//! numbers in base 36. `<command>` and its options are the table's own grammar, so a click runs
//! exactly what the typed command would. `<seq>` is the [`Stamp`] of the state the prompt was
//! posted for: the number of engine actions, a dot, and a short fingerprint of the state (an
//! undo brings the sequence back, so the number alone could match a different state); `-`
//! means the button never goes stale (e.g. "show my hand").

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

pub use crate::table::choices::Stamp;
use crate::table::choices::{Choice, ChoiceStyle};
use crate::table::command::Invocation;
use crate::table::Channel;

/// A decoded `custom_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// The game's channel.
    pub channel: Channel,
    /// The game's store id.
    pub game: i64,
    /// The state the prompt was made for; `None` for prompts that never go stale.
    pub seq: Option<Stamp>,
    /// The table command to run.
    pub invocation: Invocation,
}

fn b36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn from_b36(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 13 {
        return None;
    }
    u64::from_str_radix(s, 36).ok()
}

impl Prompt {
    /// The `custom_id` (at most 100 characters for every command the bot puts on a button).
    pub fn custom_id(&self) -> String {
        let seq = self.seq.map_or_else(
            || "-".to_string(),
            |s| match s.tag {
                Some(t) => format!("{}.{}", b36(s.seq.into()), b36(t.into())),
                None => b36(s.seq.into()),
            },
        );
        let mut id = format!(
            "vq:{}:{}:{}:{}:{}",
            b36(self.channel.guild),
            b36(self.channel.channel),
            b36(self.game.max(0) as u64),
            seq,
            self.invocation.name
        );
        if !self.invocation.options.is_empty() {
            let opts: Vec<String> = self
                .invocation
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            id.push(':');
            id.push_str(&opts.join(","));
        }
        id
    }

    /// Decodes a `custom_id`; `None` for anything not made by [`Prompt::custom_id`].
    pub fn parse(id: &str) -> Option<Prompt> {
        let mut parts = id.splitn(7, ':');
        if parts.next()? != "vq" {
            return None;
        }
        let guild = from_b36(parts.next()?)?;
        let channel = from_b36(parts.next()?)?;
        let game = i64::try_from(from_b36(parts.next()?)?).ok()?;
        let seq = match parts.next()? {
            "-" => None,
            s => {
                let (n, tag) = match s.split_once('.') {
                    Some((n, t)) => (n, Some(u32::try_from(from_b36(t)?).ok()?)),
                    None => (s, None),
                };
                Some(Stamp {
                    seq: u32::try_from(from_b36(n)?).ok()?,
                    tag,
                })
            }
        };
        let name = parts.next()?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            return None;
        }
        let mut options = Vec::new();
        if let Some(rest) = parts.next() {
            for pair in rest.split(',') {
                let (k, v) = pair.split_once('=')?;
                options.push((k.to_string(), v.to_string()));
            }
        }
        Some(Prompt {
            channel: Channel { guild, channel },
            game,
            seq,
            invocation: Invocation {
                name: name.to_string(),
                options,
            },
        })
    }
}

/// Discord's style for a choice.
fn style(s: ChoiceStyle) -> ButtonStyle {
    match s {
        ChoiceStyle::Primary => ButtonStyle::Primary,
        ChoiceStyle::Secondary => ButtonStyle::Secondary,
        ChoiceStyle::Success => ButtonStyle::Success,
        ChoiceStyle::Danger => ButtonStyle::Danger,
    }
}

/// The choices as rows of buttons (five by five, Discord's limit), each carrying its game and
/// the state it was made for.
pub fn buttons(
    channel: Channel,
    game: i64,
    seq: Option<Stamp>,
    choices: &[Choice],
) -> Vec<CreateActionRow> {
    choices
        .chunks(5)
        .take(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|c| {
                        let id = Prompt {
                            channel,
                            game,
                            seq,
                            invocation: c.invocation.clone(),
                        }
                        .custom_id();
                        CreateButton::new(id)
                            .label(c.label.chars().take(80).collect::<String>())
                            .style(style(c.style))
                    })
                    .collect(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inv(name: &str, options: &[(&str, &str)]) -> Invocation {
        Invocation {
            name: name.to_string(),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    // Buttons posted before fingerprints existed are still checked by sequence.
    #[test]
    fn an_old_custom_id_is_checked_by_sequence_only() {
        let old = Prompt::parse("vq:0:5:1:a:pass").expect("old form parses");
        assert_eq!(old.seq, Some(Stamp { seq: 10, tag: None }));
        assert!(old.seq.is_some_and(|s| s.matches(10, 0x1234)));
    }

    #[test]
    fn custom_ids_round_trip_and_fit() {
        let p = Prompt {
            channel: Channel {
                guild: u64::MAX,
                channel: u64::MAX - 1,
            },
            game: 123_456,
            seq: Some(Stamp {
                seq: 9999,
                tag: Some(u32::MAX),
            }),
            invocation: inv(
                "decline",
                &[("from", "protestant"), ("power", "protestant")],
            ),
        };
        let id = p.custom_id();
        assert!(id.len() <= 100, "{id} is {} long", id.len());
        assert_eq!(Prompt::parse(&id), Some(p));
        let hand = Prompt {
            channel: Channel {
                guild: 0,
                channel: 5,
            },
            game: 1,
            seq: None,
            invocation: inv("hand", &[]),
        };
        assert_eq!(Prompt::parse(&hand.custom_id()), Some(hand));
        for bad in [
            "",
            "vq",
            "vq:1:2:3:4",
            "xx:1:2:3:4:pass",
            "vq:1:2:3:4:PASS",
            "vq:1:2:3:4:pass:x",
        ] {
            assert_eq!(Prompt::parse(bad), None, "{bad}");
        }
    }
}
