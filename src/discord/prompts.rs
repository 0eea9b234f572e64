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

use crate::engine::game::{Awaiting, Decision, Stage};
use crate::engine::{Action, Game, Power, Ruleset};
use crate::table::command::Invocation;
use crate::table::{Channel, Notice, Texts};

/// The state a prompt was made for: its engine sequence and a fingerprint of the whole state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    /// `Game::seq`.
    pub seq: u32,
    /// The first 32 bits of the state hash; `None` in buttons posted before fingerprints
    /// existed, which are checked by sequence only.
    pub tag: Option<u32>,
}

impl Stamp {
    /// The stamp of a game's current state.
    pub fn of(game: &Game) -> Stamp {
        Stamp {
            seq: game.seq,
            tag: Some(state_tag(&game.state_hash())),
        }
    }

    /// Whether a game currently at `seq` with fingerprint `tag` is the state this stamp names.
    pub fn matches(&self, seq: u32, tag: u32) -> bool {
        self.seq == seq && self.tag.is_none_or(|t| t == tag)
    }
}

/// The fingerprint of a hex state hash: its first 32 bits.
pub fn state_tag(hash: &str) -> u32 {
    hash.get(..8)
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .unwrap_or(0)
}

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

fn inv(name: &str, options: &[(&str, &str)]) -> Invocation {
    Invocation {
        name: name.to_string(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// One button of a prompt.
struct Choice {
    label: String,
    style: ButtonStyle,
    invocation: Invocation,
}

fn buttons(
    channel: Channel,
    game: i64,
    seq: Option<Stamp>,
    choices: Vec<Choice>,
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
                            .style(c.style)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The buttons under the public "who acts next" line: pass / end impulse / done, and an
/// accept-decline pair for every open diplomatic offer. Empty when nothing fits a button.
pub fn public_prompt(
    rs: &Ruleset,
    t: Texts<'_>,
    channel: Channel,
    game_id: i64,
    game: &Game,
) -> Vec<CreateActionRow> {
    let seq = Some(Stamp::of(game));
    let mut choices = Vec::new();
    let l = |n: Notice| n.text(t.loc);
    match game.awaiting() {
        Awaiting::One {
            power,
            decision: Decision::Impulse,
        } if game.legal_actions(rs, power).contains(&Action::Pass) => choices.push(Choice {
            label: l(Notice::Pass),
            style: ButtonStyle::Secondary,
            invocation: inv("pass", &[("power", power.as_str())]),
        }),
        Awaiting::One {
            power,
            decision: Decision::SpendCp,
        } => choices.push(Choice {
            label: l(Notice::EndImpulse),
            style: ButtonStyle::Primary,
            invocation: inv("end", &[("power", power.as_str())]),
        }),
        Awaiting::One {
            power,
            decision: Decision::ConversionSix,
        } => {
            // X-REL-SIX: the roller's two answers.
            choices.push(Choice {
                label: l(Notice::KeepSix),
                style: ButtonStyle::Danger,
                invocation: inv("six", &[("count", "6"), ("power", power.as_str())]),
            });
            choices.push(Choice {
                label: l(Notice::CountFive),
                style: ButtonStyle::Primary,
                invocation: inv("six", &[("count", "5"), ("power", power.as_str())]),
            });
        }
        Awaiting::One {
            power,
            decision: Decision::Deployment,
        } => choices.push(Choice {
            label: l(Notice::DoneNoDeployment),
            style: ButtonStyle::Secondary,
            invocation: inv("done", &[("power", power.as_str())]),
        }),
        Awaiting::Simultaneous {
            decision: Decision::Diplomacy,
            ..
        } => {
            if let Stage::Diplomacy { offers, .. } = &game.stage {
                for o in offers {
                    let label = format!(
                        "{} → {}: {}",
                        t.power(o.from),
                        t.power(o.to),
                        l(Notice::Accept)
                    );
                    choices.push(Choice {
                        label,
                        style: ButtonStyle::Success,
                        invocation: inv(
                            "accept",
                            &[("from", o.from.as_str()), ("power", o.to.as_str())],
                        ),
                    });
                    choices.push(Choice {
                        label: format!(
                            "{} → {}: {}",
                            t.power(o.from),
                            t.power(o.to),
                            l(Notice::Decline)
                        ),
                        style: ButtonStyle::Danger,
                        invocation: inv(
                            "decline",
                            &[("from", o.from.as_str()), ("power", o.to.as_str())],
                        ),
                    });
                }
            }
            // --- marriages (X-MARRIAGE-PROPOSE): the answering power accepts or refuses
            for o in &game.court.proposals {
                for (accept, style) in [(true, ButtonStyle::Success), (false, ButtonStyle::Danger)]
                {
                    let word = l(if accept {
                        Notice::Accept
                    } else {
                        Notice::Decline
                    });
                    // One royal names the proposal (a royal is in one proposal at most), so
                    // the `custom_id` stays within Discord's 100 characters.
                    let mut opts = vec![("royal", o.with.as_str()), ("power", o.to.as_str())];
                    if !accept {
                        opts.push(("refuse", "yes"));
                    }
                    choices.push(Choice {
                        label: format!("💍 {} + {}: {word}", t.royal(&o.royal), t.royal(&o.with))
                            .chars()
                            .take(80)
                            .collect(),
                        style,
                        invocation: inv("marry", &opts),
                    });
                }
            }
            choices.truncate(24);
            choices.push(Choice {
                label: l(Notice::DoneNegotiating),
                style: ButtonStyle::Primary,
                invocation: inv("done", &[]),
            });
        }
        Awaiting::One { power, decision } if is_battle_question(decision) => {
            choices = battle_choices(rs, t, game, power);
        }
        _ => {}
    }
    buttons(channel, game_id, seq, choices)
}

// --- land warfare: buttons for the usual answers to battle questions

/// Whether a decision is one of the land-warfare questions of the decision stack.
fn is_battle_question(d: Decision) -> bool {
    matches!(
        d,
        Decision::Intercept
            | Decision::AvoidBattle
            | Decision::WithdrawInside
            | Decision::CombatCard
            | Decision::ResponseCard
            | Decision::Casualties
            | Decision::Retreat
            | Decision::NavalCasualties
            | Decision::NavalRetreat
            | Decision::NavalIntercept
            | Decision::NavalAvoid
            | Decision::JoinRelief
            | Decision::DiceCard
            | Decision::PiracyReward
            | Decision::WinterPort
            | Decision::WinterQuarters
            | Decision::WinterExcess
            | Decision::Intervene
            | Decision::PeaceUnits
            | Decision::PeaceRegain
            | Decision::PeaceWithdraw
            | Decision::WarReturn
            | Decision::EffectChoice
    )
}

/// The label of option `option` (1-based) of the card effect's question on top of the stack.
fn effect_choice_label(t: Texts<'_>, game: &Game, option: u8) -> String {
    use crate::engine::cards::run::Ask;
    let i = (option as usize).saturating_sub(1);
    let l = t.loc;
    match game.steps.last() {
        Some(crate::engine::steps::Step::EffectAsk { ask, .. }) => match ask {
            Ask::Option { labels, .. } => labels.get(i).cloned().unwrap_or_default(),
            Ask::Space { spaces } => spaces.get(i).map(|s| t.space(*s)).unwrap_or_default(),
            Ask::Six { .. } if i == 0 => l
                .pick("Keep the 6 (unrest)", "Оставить 6 (беспорядки)")
                .into(),
            Ask::Six { .. } => l.pick("Count it as a 5", "Считать пятёркой").into(),
            Ask::Remove { .. } => String::new(),
            // --- card effects: a hand card by its place only (the faces are in the DM)
            Ask::Move { .. } => String::new(),
            Ask::HandCard { .. } => format!("{} {option}", l.pick("Card", "Карта")),
            Ask::Pile { cards, .. } => cards.get(i).map(|c| t.card(*c)).unwrap_or_default(),
        },
        _ => option.to_string(),
    }
}

fn units_word(u: &crate::engine::Units) -> String {
    let mut parts = Vec::new();
    for (n, k) in [(u.regulars, 'r'), (u.mercenaries, 'm'), (u.cavalry, 'c')] {
        if n > 0 {
            parts.push(format!("{n}{k}"));
        }
    }
    parts.join(" ")
}

/// One button per usual answer (the legal answers, in the engine's order): decline, intercept
/// from a space, avoid to a space, withdraw inside, a casualty split, a retreat. Cards are
/// private and are played by command; their window gets only the "no card" button.
fn battle_choices(rs: &Ruleset, t: Texts<'_>, game: &Game, power: Power) -> Vec<Choice> {
    let l = t.loc;
    let pw = power.as_str();
    let mut out = Vec::new();
    for a in game.legal_actions(rs, power) {
        let (label, style, invocation) = match &a {
            Action::Forgo => (
                match game.awaiting() {
                    Awaiting::One {
                        decision: Decision::WithdrawInside,
                        ..
                    } => l.pick("Fight in the field", "Сражаться в поле").to_string(),
                    Awaiting::One {
                        decision: Decision::CombatCard | Decision::ResponseCard | Decision::DiceCard,
                        ..
                    } => l.pick("No card", "Без карты").to_string(),
                    Awaiting::One {
                        decision: Decision::JoinRelief,
                        ..
                    } => l.pick("Stay inside", "Остаться за стенами").to_string(),
                    Awaiting::One {
                        decision: Decision::AvoidBattle,
                        ..
                    } => l.pick("Stand and fight", "Принять бой").to_string(),
                    Awaiting::One {
                        decision: Decision::Intervene,
                        ..
                    } => l.pick("Do not intervene", "Не вмешиваться").to_string(),
                    Awaiting::One {
                        decision: Decision::PeaceRegain,
                        ..
                    } => l
                        .pick("Regain nothing more", "Больше ничего не возвращать")
                        .to_string(),
                    _ => l.pick("Do not intercept", "Не перехватывать").to_string(),
                },
                ButtonStyle::Secondary,
                inv("forgo", &[("power", pw)]),
            ),
            Action::Intercept { from, .. } => (
                format!(
                    "{} {}",
                    l.pick("Intercept from", "Перехват из"),
                    space_name(rs, t, from)
                ),
                ButtonStyle::Danger,
                inv("intercept", &[("from", from), ("power", pw)]),
            ),
            Action::AvoidBattle { to } => (
                format!(
                    "{} {}",
                    l.pick("Avoid battle to", "Уклониться в"),
                    space_name(rs, t, to)
                ),
                ButtonStyle::Primary,
                inv("avoid", &[("to", to), ("power", pw)]),
            ),
            Action::WithdrawInside => (
                l.pick("Withdraw inside", "Укрыться за стенами").to_string(),
                ButtonStyle::Primary,
                inv("fortify", &[("power", pw)]),
            ),
            Action::TakeCasualties { units } => {
                let w = units_word(units);
                (
                    format!("{} {w}", l.pick("Lose", "Потерять")),
                    ButtonStyle::Danger,
                    inv("casualties", &[("units", &w), ("power", pw)]),
                )
            }
            Action::Retreat { to, inside } => {
                let w = units_word(inside);
                let mut opts: Vec<(&str, &str)> = Vec::new();
                if let Some(to) = to {
                    opts.push(("to", to));
                }
                if !w.is_empty() {
                    opts.push(("inside", &w));
                }
                opts.push(("power", pw));
                // --- peace (C-DIP-PEACE): the winner's forces leaving a regained space.
                let peace = matches!(
                    game.awaiting(),
                    Awaiting::One {
                        decision: Decision::PeaceWithdraw,
                        ..
                    }
                );
                let verb = if peace {
                    l.pick("Withdraw to", "Уйти в")
                } else {
                    l.pick("Retreat to", "Отступить в")
                };
                let mut label = match to {
                    Some(to) => format!("{verb} {}", space_name(rs, t, to)),
                    None => l.pick("No retreat", "Без отступления").to_string(),
                };
                if !w.is_empty() {
                    label.push_str(&format!(" ({} {w})", l.pick("inside:", "внутри:")));
                }
                (label, ButtonStyle::Primary, inv("retreat", &opts))
            }
            // --- winter questions
            Action::Winter { to, units } => {
                let w = units_word(units);
                let mut opts: Vec<(&str, &str)> = Vec::new();
                if let Some(to) = to {
                    opts.push(("to", to));
                }
                if !w.is_empty() {
                    opts.push(("units", &w));
                }
                opts.push(("power", pw));
                let place = to
                    .as_deref()
                    .map(|x| space_name(rs, t, x))
                    .unwrap_or_default();
                let label = if w.is_empty() {
                    format!("{} {place}", l.pick("Winter in", "Зимовать в"))
                } else if to.is_none() {
                    // The Empire's free winter unit: which units, no place to pick.
                    format!("{} {w}", l.pick("Take", "Взять"))
                } else {
                    format!("{w} → {place}")
                };
                (label, ButtonStyle::Primary, inv("winter", &opts))
            }
            // --- naval warfare
            Action::SinkShips {
                squadrons,
                corsairs,
            } => {
                let (s, c) = (squadrons.to_string(), corsairs.to_string());
                (
                    format!(
                        "{} {s} / {} {c}",
                        l.pick("Sink squadrons", "Потопить эскадр"),
                        l.pick("corsairs", "корсаров")
                    ),
                    ButtonStyle::Danger,
                    inv(
                        "ships",
                        &[("squadrons", &s), ("corsairs", &c), ("power", pw)],
                    ),
                )
            }
            Action::NavalIntercept { from } => (
                format!(
                    "{} {}",
                    l.pick("Intercept from", "Перехват из"),
                    t.place_id(from)
                ),
                ButtonStyle::Danger,
                inv("engage", &[("from", from), ("power", pw)]),
            ),
            Action::NavalAvoid { to } => (
                format!(
                    "{} {}",
                    l.pick("Avoid battle to", "Уклониться в"),
                    t.place_id(to)
                ),
                ButtonStyle::Primary,
                inv("evade", &[("to", to), ("power", pw)]),
            ),
            Action::NavalRetreat { to } => (
                format!("{} {}", l.pick("Fleet to", "Флот в"), t.place_id(to)),
                ButtonStyle::Primary,
                inv("haven", &[("to", to), ("power", pw)]),
            ),
            // --- relief
            Action::JoinRelief => (
                l.pick("Sally: join the relief", "Вылазка: в бой с деблокирующими")
                    .to_string(),
                ButtonStyle::Danger,
                inv("sally", &[("power", pw)]),
            ),
            // --- piracy: one button per reward open now (C-PIRACY)
            Action::PiracyReward { reward, at } => {
                let mut opts = vec![("pay", reward.id())];
                if let Some(a) = at {
                    opts.push(("at", a.as_str()));
                }
                opts.push(("power", pw));
                let label = match at {
                    Some(a) => format!(
                        "{} {} ({})",
                        l.pick("Pay with", "Отдать"),
                        t.piracy_reward(*reward),
                        t.place_id(a)
                    ),
                    None => format!(
                        "{} {}",
                        l.pick("Pay with", "Отдать"),
                        t.piracy_reward(*reward)
                    ),
                };
                (label, ButtonStyle::Danger, inv("tribute", &opts))
            }
            // --- peace (C-DIP-PEACE): one land unit per button; each item with each payment
            Action::Surrender { space, units } => {
                let w = units_word(units);
                (
                    format!(
                        "{} {w}: {}",
                        l.pick("Remove", "Снять"),
                        space_name(rs, t, space)
                    ),
                    ButtonStyle::Danger,
                    inv(
                        "surrender",
                        &[("space", space), ("units", &w), ("power", pw)],
                    ),
                )
            }
            Action::Regain { what, pay, to } => {
                use crate::engine::action::{PeacePay, RegainItem};
                let (name, w) = match what {
                    RegainItem::Leader(x) => (t.leader(x), x.clone()),
                    RegainItem::Key(x) => (space_name(rs, t, x), x.clone()),
                    RegainItem::Pair(a, b) => (
                        format!("{} + {}", space_name(rs, t, a), space_name(rs, t, b)),
                        format!("{a}+{b}"),
                    ),
                };
                let price = match pay {
                    PeacePay::Vp => l.pick("VP", "ПО"),
                    PeacePay::Card => l.pick("card", "карта"),
                };
                let mut opts = vec![("what", w.as_str()), ("pay", pay.id())];
                let label = match to {
                    Some(c) => {
                        opts.push(("to", c.as_str()));
                        format!(
                            "{} {name} → {} ({price})",
                            l.pick("Regain", "Вернуть"),
                            space_name(rs, t, c)
                        )
                    }
                    None => format!("{} {name} ({price})", l.pick("Regain", "Вернуть")),
                };
                opts.push(("power", pw));
                (label, ButtonStyle::Primary, inv("regain", &opts))
            }
            // --- card effects: one button per option or space the card's question lists
            Action::Choose { option, .. } => {
                let n = option.to_string();
                (
                    effect_choice_label(t, game, *option),
                    ButtonStyle::Primary,
                    inv("choose", &[("option", &n), ("power", pw)]),
                )
            }
            _ => continue,
        };
        out.push(Choice {
            label,
            style,
            invocation,
        });
    }
    out.truncate(25);
    out
}

fn space_name(rs: &Ruleset, t: Texts<'_>, id: &str) -> String {
    rs.space_id(id)
        .map_or_else(|| id.to_string(), |s| t.space(s))
}

/// Agree / refuse buttons under a request to take back an action past an undo barrier. They
/// carry the game's sequence: once an action is applied the request is void and so are they.
pub fn takeback_prompt(
    t: Texts<'_>,
    channel: Channel,
    game_id: i64,
    game: &Game,
) -> Vec<CreateActionRow> {
    let l = |n: Notice| n.text(t.loc);
    buttons(
        channel,
        game_id,
        Some(Stamp::of(game)),
        vec![
            Choice {
                label: l(Notice::AgreeTakeBack),
                style: ButtonStyle::Success,
                invocation: inv("undo", &[]),
            },
            Choice {
                label: l(Notice::RefuseTakeBack),
                style: ButtonStyle::Danger,
                invocation: inv("veto", &[]),
            },
        ],
    )
}

/// Whether the Empire is asked for its secret choice now.
pub fn secret_pending(game: &Game) -> bool {
    matches!(
        game.awaiting(),
        Awaiting::One {
            power: Power::Empire,
            decision: Decision::SecretChoice
        }
    ) || matches!(
        game.awaiting(),
        Awaiting::Simultaneous { pending, decision: Decision::SecretChoice } if pending.contains(Power::Empire)
    )
}

/// The Empire's secret choice as buttons, for its holder's DM.
pub fn secret_prompt(
    t: Texts<'_>,
    channel: Channel,
    game_id: i64,
    game: &Game,
) -> Vec<CreateActionRow> {
    use crate::engine::ruleset::EmpireChoice;
    let choices = [
        (EmpireChoice::Protestant, "protestant"),
        (EmpireChoice::Catholic, "catholic"),
        (EmpireChoice::Balanced, "balanced"),
    ]
    .into_iter()
    .map(|(c, value)| Choice {
        label: t.choice(c).to_string(),
        style: ButtonStyle::Primary,
        invocation: inv("secret", &[("choice", value)]),
    })
    .collect();
    buttons(channel, game_id, Some(Stamp::of(game)), choices)
}

/// The "show me privately" button for players whose DMs are closed; it never goes stale.
pub fn private_button(t: Texts<'_>, channel: Channel, game_id: i64) -> Vec<CreateActionRow> {
    buttons(
        channel,
        game_id,
        None,
        vec![Choice {
            label: Notice::ShowHand.text(t.loc),
            style: ButtonStyle::Secondary,
            invocation: inv("hand", &[]),
        }],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped data and a new six-power game (seed 1) to put a question in.
    fn fixture() -> (crate::engine::Ruleset, Game) {
        let rs = crate::data::load_default().expect("shipped data loads");
        let opts = crate::engine::GameOptions {
            scenario: "1559".into(),
            powers: crate::engine::PowerSet::all(),
        };
        let (g, _) = Game::new(&rs, &opts, 1).expect("game");
        (rs, g)
    }

    /// The public prompt's buttons for `g` in English: (label, invocation), each checked to be
    /// ours and stamped with the game's state.
    fn buttons_of(rs: &crate::engine::Ruleset, g: &Game) -> Vec<(String, Invocation)> {
        let ch = Channel {
            guild: 1,
            channel: 2,
        };
        let t = Texts::new(rs, crate::table::Locale::En);
        let rows = serde_json::to_value(public_prompt(rs, t, ch, 7, g)).expect("serializes");
        let mut got = Vec::new();
        for row in rows.as_array().into_iter().flatten() {
            for b in row["components"].as_array().into_iter().flatten() {
                let id = b["custom_id"].as_str().unwrap_or_default();
                let p = Prompt::parse(id).expect("our button");
                assert_eq!(p.seq, Some(Stamp::of(g)));
                got.push((
                    b["label"].as_str().unwrap_or_default().to_string(),
                    p.invocation,
                ));
            }
        }
        got
    }

    #[test]
    fn a_prompt_is_stale_for_a_different_state_at_the_same_sequence() {
        let rs = crate::data::load_default().expect("shipped data loads");
        let opts = crate::engine::GameOptions {
            scenario: "1559".into(),
            powers: crate::engine::PowerSet::all(),
        };
        let (a, _) = Game::new(&rs, &opts, 1).expect("game");
        let (b, _) = Game::new(&rs, &opts, 2).expect("game");
        assert_eq!(a.seq, b.seq);
        let stamp = Stamp::of(&a);
        let tag = |g: &Game| state_tag(&g.state_hash());
        assert!(stamp.matches(a.seq, tag(&a)));
        assert!(!stamp.matches(b.seq, tag(&b)), "same sequence, other state");
        assert!(!stamp.matches(a.seq + 1, tag(&a)));
        // Buttons posted before fingerprints existed are still checked by sequence.
        let old = Prompt::parse("vq:0:5:1:a:pass").expect("old form parses");
        assert_eq!(old.seq, Some(Stamp { seq: 10, tag: None }));
        assert!(old.seq.is_some_and(|s| s.matches(10, tag(&b))));
    }

    // X-REL-SIX: a natural 6 waits for the roller; the public prompt carries both answers as
    // buttons that run `six count:6` / `six count:5` for that power.
    #[test]
    fn x_rel_six_buttons_carry_both_answers() {
        let (rs, mut g) = fixture();
        g.stage = Stage::ConversionSix {
            power: Power::England,
            space: crate::engine::SpaceId(0),
            modifier: 1,
            cp: 2,
        };
        let got = buttons_of(&rs, &g);
        assert_eq!(
            got,
            vec![
                (
                    "Keep the 6 (unrest)".to_string(),
                    inv("six", &[("count", "6"), ("power", "england")])
                ),
                (
                    "Count it as 5 (no unrest)".to_string(),
                    inv("six", &[("count", "5"), ("power", "england")])
                ),
            ]
        );
    }

    // C-RELIEF: the besieged power's question comes with both answers as buttons (`forgo` keeps
    // the units inside, `sally` brings them out to join the relief).
    #[test]
    fn c_relief_join_question_has_both_buttons() {
        let (rs, mut g) = fixture();
        let paris = rs.space_id("PARIS").expect("Paris");
        g.steps.push(crate::engine::steps::Step::JoinRelief {
            power: Power::France,
            space: paris,
        });
        let got = buttons_of(&rs, &g);
        assert_eq!(
            got,
            vec![
                (
                    "Stay inside".to_string(),
                    inv("forgo", &[("power", "france")])
                ),
                (
                    "Sally: join the relief".to_string(),
                    inv("sally", &[("power", "france")])
                ),
            ]
        );
    }

    // C-PIRACY: the target of piracy gets one button per reward open now, each running
    // `tribute pay:… [at:…]` for that power.
    #[test]
    fn c_piracy_reward_buttons() {
        let (rs, mut g) = fixture();
        let naples = rs.space_id("NAPLES").expect("Naples");
        g.board
            .force_mut(naples, crate::engine::Owner::Major(Power::Spain), None)
            .squadrons = 1;
        g.hands[Power::Spain as usize] = vec![
            rs.cards
                .iter()
                .find(|c| c.kind != crate::engine::ruleset::CardKind::Home)
                .expect("a card")
                .number,
        ];
        g.steps.push(crate::engine::steps::Step::PiracyReward {
            power: Power::Spain,
            zone: "TYRRHENIAN_SEA".into(),
            hits: 2,
            given: Vec::new(),
        });
        let got: Vec<Invocation> = buttons_of(&rs, &g).into_iter().map(|(_, i)| i).collect();
        for want in [
            inv(
                "tribute",
                &[("pay", "squadron"), ("at", "NAPLES"), ("power", "spain")],
            ),
            inv("tribute", &[("pay", "card"), ("power", "spain")]),
            inv("tribute", &[("pay", "vp"), ("power", "spain")]),
        ] {
            assert!(got.contains(&want), "{want:?} in {got:?}");
        }
    }

    // C-WINTER-QUARTERS: a Winter question waits for the owner; the public prompt carries one
    // button per answer (which units, which capital) that runs `winter` for that power.
    #[test]
    fn c_winter_quarters_buttons_carry_the_owners_answers() {
        let (rs, mut g) = fixture();
        let lyon = rs.space_id("LYON").expect("Lyon");
        let paris = rs.space_id("PARIS").expect("Paris");
        g.board.spaces[lyon.idx()].forces.clear();
        let f = g
            .board
            .force_mut(lyon, crate::engine::Owner::Major(Power::France), None);
        f.regulars = 4;
        f.mercenaries = 1;
        g.steps.push(crate::engine::steps::Step::WinterExcess {
            power: Power::France,
            space: lyon,
            faction: None,
            excess: 1,
            to: vec![paris],
            shared: 0,
        });
        let got = buttons_of(&rs, &g);
        let label = format!(
            "1m → {}",
            Texts::new(&rs, crate::table::Locale::En).space(paris)
        );
        assert!(
            got.contains(&(
                label,
                inv(
                    "winter",
                    &[("to", "PARIS"), ("units", "1m"), ("power", "france")]
                )
            )),
            "{got:?}"
        );
        assert!(got.iter().any(|(_, i)| i
            == &inv(
                "winter",
                &[("to", "PARIS"), ("units", "1r"), ("power", "france")]
            )));
        assert_eq!(got.len(), 2, "{got:?}");
    }

    // C-DIP-PEACE: after `sue`, the suing power's questions come with buttons: one land unit
    // per button for the units owed (`surrender`), then each item with each payment (`regain`)
    // and a button to finish (`forgo`).
    #[test]
    fn c_dip_peace_questions_have_buttons() {
        let (rs, mut g) = fixture();
        let milan = rs.space_id("MILAN").expect("Milan");
        g.board.spaces[milan.idx()].forces.clear();
        for s in g.board.spaces.iter_mut() {
            s.forces
                .retain(|f| f.owner() != crate::engine::Owner::Major(Power::Spain));
        }
        g.board
            .force_mut(milan, crate::engine::Owner::Major(Power::Spain), None)
            .regulars = 2;
        g.steps.push(crate::engine::steps::Step::PeaceUnits {
            power: Power::Spain,
            winner: Power::Ottoman,
            owed: 2,
        });
        let t = Texts::new(&rs, crate::table::Locale::En);
        assert_eq!(
            buttons_of(&rs, &g),
            vec![(
                format!("Remove 1r: {}", t.space(milan)),
                inv(
                    "surrender",
                    &[("space", "MILAN"), ("units", "1r"), ("power", "spain")]
                )
            )]
        );
        g.steps.clear();
        let bilbao = rs.space_id("BILBAO").expect("Bilbao");
        let zaragoza = rs.space_id("ZARAGOZA").expect("Zaragoza");
        for s in [bilbao, zaragoza] {
            g.board
                .set_control(&rs, s, crate::engine::Owner::Major(Power::Ottoman));
        }
        g.hands[Power::Spain as usize].clear();
        g.steps.push(crate::engine::steps::Step::PeaceRegain {
            power: Power::Spain,
            winner: Power::Ottoman,
        });
        // The winner's forces leaving a regained space, two fortified spaces equally near.
        g.steps.push(crate::engine::steps::Step::PeaceWithdraw {
            power: Power::Ottoman,
            from: rs.space_id("NAVARRE").expect("Navarre"),
            to: vec![bilbao, zaragoza],
        });
        assert_eq!(
            buttons_of(&rs, &g),
            vec![
                (
                    format!("Withdraw to {}", t.space(bilbao)),
                    inv("retreat", &[("to", "BILBAO"), ("power", "ottoman")])
                ),
                (
                    format!("Withdraw to {}", t.space(zaragoza)),
                    inv("retreat", &[("to", "ZARAGOZA"), ("power", "ottoman")])
                ),
            ]
        );
        g.steps.pop();
        // No card in Spain's hand: VP only.
        assert_eq!(
            buttons_of(&rs, &g),
            vec![
                (
                    "Regain nothing more".to_string(),
                    inv("forgo", &[("power", "spain")])
                ),
                (
                    format!("Regain {} + {} (VP)", t.space(bilbao), t.space(zaragoza)),
                    inv(
                        "regain",
                        &[
                            ("what", "BILBAO+ZARAGOZA"),
                            ("pay", "vp"),
                            ("power", "spain")
                        ]
                    )
                ),
            ]
        );
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
