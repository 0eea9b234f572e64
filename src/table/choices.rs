//! The answers a player may click for the game's current question: the table builds them
//! (labels in the game's language, each with the table command it runs) from the legal answers,
//! and a front end draws them (Discord buttons in `crate::discord::prompts`). The front end knows
//! no rules: it gets these, the state's [`Stamp`] and whom to ask.

use crate::engine::game::{Awaiting, Decision, Stage};
use crate::engine::{Action, Game, Power, Ruleset};

use super::command::defs::{print, units_text, Form};
use super::command::Invocation;
use super::{Channel, Locale, Notice, Table, Texts, UserId};

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

/// How a choice is drawn: the main answer, a neutral one, a yes, or a no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoiceStyle {
    /// The answer the question is mostly about.
    Primary,
    /// A neutral answer (pass, stay, no card).
    Secondary,
    /// Agreeing.
    Success,
    /// Refusing, or the costly answer.
    Danger,
}

/// One answer of a prompt: its label and the table command it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What the button says.
    pub label: String,
    /// How it is drawn.
    pub style: ChoiceStyle,
    /// The command a click runs, exactly as typed.
    pub invocation: Invocation,
}

/// The button of a legal action of `power`: the command line the action's definition writes.
fn button(a: &Action, power: Power) -> Invocation {
    print(a, power, Form::Button).unwrap_or_default()
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

/// The answers under the public "who acts next" line: pass / end impulse / done, and an
/// accept-decline pair for every open diplomatic offer. Empty when nothing fits a button.
pub fn public_choices(rs: &Ruleset, t: Texts<'_>, game: &Game) -> Vec<Choice> {
    let mut choices = Vec::new();
    let l = |n: Notice| n.text(t.loc);
    match game.awaiting() {
        Awaiting::One {
            power,
            decision: Decision::Impulse,
        } if game.legal_actions(rs, power).contains(&Action::Pass) => choices.push(Choice {
            label: l(Notice::Pass),
            style: ChoiceStyle::Secondary,
            invocation: button(&Action::Pass, power),
        }),
        Awaiting::One {
            power,
            decision: Decision::SpendCp,
        } => choices.push(Choice {
            label: l(Notice::EndImpulse),
            style: ChoiceStyle::Primary,
            invocation: button(&Action::EndImpulse, power),
        }),
        Awaiting::One {
            power,
            decision: Decision::ConversionSix,
        } => {
            // X-REL-SIX: the roller's two answers.
            choices.push(Choice {
                label: l(Notice::KeepSix),
                style: ChoiceStyle::Danger,
                invocation: button(&Action::ConversionSix { unrest: true }, power),
            });
            choices.push(Choice {
                label: l(Notice::CountFive),
                style: ChoiceStyle::Primary,
                invocation: button(&Action::ConversionSix { unrest: false }, power),
            });
        }
        Awaiting::One {
            power,
            decision: Decision::Deployment,
        } => choices.push(Choice {
            label: l(Notice::DoneNoDeployment),
            style: ChoiceStyle::Secondary,
            invocation: button(&Action::SkipDeployment, power),
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
                        style: ChoiceStyle::Success,
                        invocation: button(&Action::Accept { from: o.from }, o.to),
                    });
                    choices.push(Choice {
                        label: format!(
                            "{} → {}: {}",
                            t.power(o.from),
                            t.power(o.to),
                            l(Notice::Decline)
                        ),
                        style: ChoiceStyle::Danger,
                        invocation: button(&Action::Decline { from: o.from }, o.to),
                    });
                }
            }
            // --- marriages (X-MARRIAGE-PROPOSE): the answering power accepts or refuses
            for o in &game.court.proposals {
                for (accept, style) in [(true, ChoiceStyle::Success), (false, ChoiceStyle::Danger)]
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
                style: ChoiceStyle::Primary,
                invocation: inv("done", &[]),
            });
        }
        // Every question on the decision stack: one button per legal answer it can label.
        Awaiting::One { power, .. } if game.steps.last().and_then(|s| s.decision()).is_some() => {
            choices = stack_choices(rs, t, game, power);
        }
        _ => {}
    }
    choices
}

/// The label of option `option` (1-based) of the card effect's question on top of the stack.
fn effect_choice_label(t: Texts<'_>, game: &Game, option: u8) -> String {
    use crate::engine::cards::run::Ask;
    let i = (option as usize).saturating_sub(1);
    let l = t.loc;
    match game.steps.last() {
        Some(crate::engine::steps::Step::EffectAsk(crate::engine::cards::run::EffectAsk {
            ask,
            ..
        })) => match ask {
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

/// The buttons of the question on top of the decision stack: one per legal answer (in the
/// engine's order) whose label names only public things: decline, intercept from a space, avoid
/// to a space, withdraw inside, a casualty split, a retreat, units sent to a war. Cards are
/// private and are played by command; their windows get only the "no card" button.
fn stack_choices(rs: &Ruleset, t: Texts<'_>, game: &Game, power: Power) -> Vec<Choice> {
    let l = t.loc;
    let mut out = Vec::new();
    // --- card effects: a free move may be declined (`forgo`, not listed among the moves); the
    // button comes first so the 25-button cap never drops it
    if let Some(crate::engine::steps::Step::EffectAsk(crate::engine::cards::run::EffectAsk {
        ask: crate::engine::cards::run::Ask::Move { .. },
        ..
    })) = game.steps.last()
    {
        out.push(Choice {
            label: l.pick("Do not move", "Не двигаться").to_string(),
            style: ChoiceStyle::Secondary,
            invocation: button(&Action::Forgo, power),
        });
    }
    for a in game.legal_actions(rs, power) {
        let (label, style) = match &a {
            Action::Forgo => (
                match game.awaiting() {
                    Awaiting::One { decision, .. } => t.forgo_button(decision),
                    _ => continue,
                },
                ChoiceStyle::Secondary,
            ),
            Action::Intercept { from, .. } => (
                format!(
                    "{} {}",
                    l.pick("Intercept from", "Перехват из"),
                    space_name(rs, t, from)
                ),
                ChoiceStyle::Danger,
            ),
            Action::AvoidBattle { to } => (
                format!(
                    "{} {}",
                    l.pick("Avoid battle to", "Уклониться в"),
                    space_name(rs, t, to)
                ),
                ChoiceStyle::Primary,
            ),
            Action::WithdrawInside => (
                l.pick("Withdraw inside", "Укрыться за стенами").to_string(),
                ChoiceStyle::Primary,
            ),
            Action::TakeCasualties { units } => {
                let w = units_word(units);
                (
                    format!("{} {w}", l.pick("Lose", "Потерять")),
                    ChoiceStyle::Danger,
                )
            }
            Action::Retreat { to, inside } => {
                let w = units_word(inside);
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
                (label, ChoiceStyle::Primary)
            }
            // --- winter questions
            Action::Winter { to, units } => {
                let w = units_word(units);
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
                (label, ChoiceStyle::Primary)
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
                    ChoiceStyle::Danger,
                )
            }
            Action::NavalIntercept { from } => (
                format!(
                    "{} {}",
                    l.pick("Intercept from", "Перехват из"),
                    t.place_id(from)
                ),
                ChoiceStyle::Danger,
            ),
            Action::NavalAvoid { to } => (
                format!(
                    "{} {}",
                    l.pick("Avoid battle to", "Уклониться в"),
                    t.place_id(to)
                ),
                ChoiceStyle::Primary,
            ),
            Action::NavalRetreat { to } => (
                format!("{} {}", l.pick("Fleet to", "Флот в"), t.place_id(to)),
                ChoiceStyle::Primary,
            ),
            // --- relief
            Action::JoinRelief => (
                l.pick("Sally: join the relief", "Вылазка: в бой с деблокирующими")
                    .to_string(),
                ChoiceStyle::Danger,
            ),
            // --- piracy: one button per reward open now (C-PIRACY)
            Action::PiracyReward { reward, at } => {
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
                (label, ChoiceStyle::Danger)
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
                    ChoiceStyle::Danger,
                )
            }
            Action::Regain { what, pay, to } => {
                use crate::engine::action::{PeacePay, RegainItem};
                let name = match what {
                    RegainItem::Leader(x) => t.leader(x),
                    RegainItem::Key(x) => space_name(rs, t, x),
                    RegainItem::Pair(a, b) => {
                        format!("{} + {}", space_name(rs, t, a), space_name(rs, t, b))
                    }
                };
                let price = match pay {
                    PeacePay::Vp => l.pick("VP", "ПО"),
                    PeacePay::Card => l.pick("card", "карта"),
                };
                let label = match to {
                    Some(c) => {
                        format!(
                            "{} {name} → {} ({price})",
                            l.pick("Regain", "Вернуть"),
                            space_name(rs, t, c)
                        )
                    }
                    None => format!("{} {name} ({price})", l.pick("Regain", "Вернуть")),
                };
                (label, ChoiceStyle::Primary)
            }
            // --- foreign wars (R-FW-DEPLOY): units sent from a space to the war card
            Action::SendToWar { from, units, .. } => (
                format!(
                    "{} {}: {}",
                    l.pick("Send", "Отправить"),
                    t.formation(
                        [units.regulars, units.mercenaries, units.cavalry, 0],
                        &names(&units.leaders)
                    ),
                    space_name(rs, t, from)
                ),
                ChoiceStyle::Primary,
            ),
            // --- the Protestant's leaders at Winter (R-PROT-LEADERS)
            Action::WithdrawLeaders { leaders } if leaders.is_empty() => (
                l.pick(
                    "Keep every leader on the map",
                    "Оставить всех лидеров на карте",
                )
                .to_string(),
                ChoiceStyle::Secondary,
            ),
            Action::WithdrawLeaders { leaders } => (
                format!(
                    "{} {}",
                    l.pick("Take off the map:", "Снять с карты:"),
                    t.formation([0; 4], &names(leaders))
                ),
                ChoiceStyle::Primary,
            ),
            // --- "Paris Is Worth a Mass" (R-PROT-CAPITAL)
            Action::MoveHuguenotCapital { to: None } => (
                l.pick("Keep the capital", "Оставить столицу").to_string(),
                ChoiceStyle::Secondary,
            ),
            Action::MoveHuguenotCapital { to: Some(to) } => (
                format!(
                    "{} {}",
                    l.pick("Move the capital to", "Перенести столицу в"),
                    space_name(rs, t, to)
                ),
                ChoiceStyle::Primary,
            ),
            // --- card effects: a free move, one button per formation and neighbour
            Action::Move { from, to, units } => {
                let w = units_text(units);
                (
                    format!(
                        "{} {w}: {} → {}",
                        l.pick("Move", "Двинуть"),
                        space_name(rs, t, from),
                        space_name(rs, t, to)
                    ),
                    ChoiceStyle::Primary,
                )
            }
            // --- card effects: one button per option or space the card's question lists
            Action::Choose { option, .. } => {
                (effect_choice_label(t, game, *option), ChoiceStyle::Primary)
            }
            _ => continue,
        };
        // A button needs a label (Discord refuses an empty one): an answer without one is typed.
        if label.is_empty() {
            continue;
        }
        // The button runs the command line the action's definition writes.
        let Some(invocation) = print(&a, power, Form::Button) else {
            continue;
        };
        out.push(Choice {
            label: label.chars().take(80).collect(),
            style,
            invocation,
        });
    }
    out.truncate(25);
    out
}

/// Leader ids as the strings [`Texts::formation`] takes.
fn names(ids: &[crate::engine::action::Name]) -> Vec<String> {
    ids.iter().map(|x| x.to_string()).collect()
}

fn space_name(rs: &Ruleset, t: Texts<'_>, id: &str) -> String {
    rs.space_id(id)
        .map_or_else(|| id.to_string(), |s| t.space(s))
}

/// Agree / refuse under a request to take back an action past an undo barrier. They carry the
/// game's stamp: once an action is applied the request is void and so are they.
pub fn takeback_choices(t: Texts<'_>) -> Vec<Choice> {
    let l = |n: Notice| n.text(t.loc);
    vec![
        Choice {
            label: l(Notice::AgreeTakeBack),
            style: ChoiceStyle::Success,
            invocation: inv("undo", &[]),
        },
        Choice {
            label: l(Notice::RefuseTakeBack),
            style: ChoiceStyle::Danger,
            invocation: inv("veto", &[]),
        },
    ]
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

/// The Empire's secret choice, for its holder's DM.
pub fn secret_choices(t: Texts<'_>) -> Vec<Choice> {
    use crate::engine::ruleset::EmpireChoice;
    [
        EmpireChoice::Protestant,
        EmpireChoice::Catholic,
        EmpireChoice::Balanced,
    ]
    .into_iter()
    .map(|choice| Choice {
        label: t.choice(choice).to_string(),
        style: ChoiceStyle::Primary,
        invocation: button(&Action::SecretChoice { choice }, Power::Empire),
    })
    .collect()
}

/// The "show me privately" answer for players whose DMs are closed; it never goes stale.
pub fn private_choices(t: Texts<'_>) -> Vec<Choice> {
    vec![Choice {
        label: Notice::ShowHand.text(t.loc),
        style: ChoiceStyle::Secondary,
        invocation: inv("hand", &[]),
    }]
}

/// What a front end draws after a command: the game, the state its buttons are stamped with,
/// and the answers of each prompt, so it needs no rules of its own.
#[derive(Debug, Clone)]
pub struct Prompts {
    /// The game's store id.
    pub game_id: i64,
    /// The game's language.
    pub locale: Locale,
    /// The number of engine actions (`None` before `start`).
    pub seq: Option<u32>,
    /// The state the buttons are made for (`None` before `start`).
    pub stamp: Option<Stamp>,
    /// Under the public "who acts next" line.
    pub public: Vec<Choice>,
    /// Under a request to take back an action.
    pub takeback: Vec<Choice>,
    /// The Empire's secret choice, when it is asked now: the player who holds the Empire (if
    /// anyone) and the answers, for that player's DM only.
    pub secret: Option<(Option<UserId>, Vec<Choice>)>,
    /// The "show me privately" answer for players whose DMs are closed.
    pub private: Vec<Choice>,
}

impl Table {
    /// The prompts of `channel`'s game as it stands; `None` when the channel has no game.
    pub fn prompts(&self, channel: Channel) -> Option<Prompts> {
        let summary = self.summary(channel).ok()??;
        let t = Texts::new(self.ruleset(), summary.locale);
        let slot = self.peek(channel);
        let game = slot.as_ref().and_then(|s| s.game.as_ref());
        let secret = match (&slot, game) {
            (Some(s), Some(g)) if secret_pending(g) => {
                Some((super::seat_user(s, Power::Empire), secret_choices(t)))
            }
            _ => None,
        };
        Some(Prompts {
            game_id: summary.id,
            locale: summary.locale,
            seq: game.map(|g| g.seq),
            stamp: game.map(Stamp::of),
            public: game.map_or_else(Vec::new, |g| public_choices(self.ruleset(), t, g)),
            takeback: takeback_choices(t),
            secret,
            private: private_choices(t),
        })
    }
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

    /// The public prompt's answers for `g` in English: (label, invocation).
    fn buttons_of(rs: &crate::engine::Ruleset, g: &Game) -> Vec<(String, Invocation)> {
        let t = Texts::new(rs, crate::table::Locale::En);
        public_choices(rs, t, g)
            .into_iter()
            .map(|c| (c.label, c.invocation))
            .collect()
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
    }

    // X-REL-SIX: a natural 6 waits for the roller; the public prompt carries both answers as
    // buttons that run `six count:6` / `six count:5` for that power.
    #[test]
    fn x_rel_six_buttons_carry_both_answers() {
        let (rs, mut g) = fixture();
        g.stage = Stage::Cp {
            power: Power::England,
            cp: 2,
        };
        g.steps.push(crate::engine::steps::Step::ConversionSix(
            crate::engine::religion::ConversionSix {
                power: Power::England,
                space: crate::engine::SpaceId(0),
                modifier: 1,
            },
        ));
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
        g.steps.push(crate::engine::steps::Step::JoinRelief(
            crate::engine::interception::JoinRelief {
                power: Power::France,
                space: paris,
            },
        ));
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
        g.steps.push(crate::engine::steps::Step::PiracyReward(
            crate::engine::piracy::PiracyPayment {
                power: Power::Spain,
                zone: "TYRRHENIAN_SEA".into(),
                hits: 2,
                given: Vec::new(),
            },
        ));
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

    /// The invocations of `g`'s buttons, each checked to run one of the legal answers of the
    /// power asked.
    fn legal_buttons(rs: &crate::engine::Ruleset, g: &Game) -> Vec<(String, Invocation)> {
        let Some((power, _)) = g.steps.last().and_then(|s| s.decision()) else {
            panic!("no question on the stack");
        };
        let legal = g.legal_actions(rs, power);
        let got = buttons_of(rs, g);
        for (label, i) in &got {
            let cmd = crate::table::Command::from_invocation(i).expect("a button parses");
            let a = crate::table::convert::to_action(rs, g, power, &cmd)
                .expect("a game command")
                .expect("it resolves");
            assert!(legal.contains(&a), "{label}: {a:?} not in {legal:?}");
        }
        got
    }

    /// [`legal_buttons`], checked to give every legal answer a button.
    fn all_buttons(rs: &crate::engine::Ruleset, g: &Game) -> Vec<(String, Invocation)> {
        let got = legal_buttons(rs, g);
        let power = g.steps.last().and_then(|s| s.decision()).map(|d| d.0);
        let legal = power.map_or(0, |p| g.legal_actions(rs, p).len());
        assert_eq!(got.len(), legal, "one button per legal answer: {got:?}");
        got
    }

    // R-FW-DEPLOY: the struck power's question comes with one button per legal sending (units
    // and the space they leave), not only by command.
    #[test]
    fn r_fw_deploy_question_has_a_button_per_sending() {
        let (rs, mut g) = fixture();
        let (card, spec) = rs
            .cards
            .iter()
            .find_map(|c| c.war.map(|w| (c.number, w)))
            .expect("a foreign-war card");
        g.wars.push(crate::engine::foreign_war::ForeignWar {
            card,
            power: spec.power,
            required: spec.units,
            army: spec.army,
            units: crate::engine::Units::default(),
        });
        g.steps.push(crate::engine::steps::Step::SendToWar(
            crate::engine::foreign_war::SendToWar {
                power: spec.power,
                card,
                played_by: Power::Spain,
            },
        ));
        let got = legal_buttons(&rs, &g);
        let legal = g.legal_actions(&rs, spec.power);
        assert!(!legal.is_empty());
        assert_eq!(got.len(), legal.len().min(25), "{got:?}");
        assert!(
            got.iter()
                .all(|(l, i)| l.starts_with("Send ") && i.name == "send"),
            "{got:?}"
        );
    }

    // R-PROT-LEADERS and R-PROT-CAPITAL: the Protestant's two questions get their answers as
    // buttons, keeping first.
    #[test]
    fn r_prot_leader_and_capital_questions_have_buttons() {
        use crate::engine::protestant::{HuguenotCapital, WithdrawLeaders};
        use crate::engine::steps::Step;
        let (rs, mut g) = fixture();
        for (step, keep) in [
            (
                Step::WithdrawLeaders(WithdrawLeaders {
                    power: Power::Protestant,
                }),
                "Keep every leader on the map",
            ),
            (
                Step::HuguenotCapital(HuguenotCapital {
                    played_by: Power::France,
                }),
                "Keep the capital",
            ),
        ] {
            g.steps.push(step);
            let got = all_buttons(&rs, &g);
            assert_eq!(got[0].0, keep, "{got:?}");
            g.steps.pop();
        }
    }

    // C-WINTER-REGULAR and C-WINTER-QUARTERS: the Empire's free winter unit and the capital
    // for survivors of attrition are answered by buttons too.
    #[test]
    fn c_winter_unit_and_attrition_capital_have_buttons() {
        let (rs, mut g) = fixture();
        let vienna = rs.space_id("VIENNA").expect("Vienna");
        g.steps.push(crate::engine::steps::Step::EmpireWinterUnit(
            crate::engine::winter::EmpireWinterUnit {
                power: Power::Empire,
                space: vienna,
            },
        ));
        let got = legal_buttons(&rs, &g);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got.iter().all(|(l, _)| l.starts_with("Take ")), "{got:?}");
        g.steps.pop();
        let (madrid, milan) = (
            rs.space_id("MADRID").expect("Madrid"),
            rs.space_id("MILAN").expect("Milan"),
        );
        g.steps.push(crate::engine::steps::Step::AttritionCapital(
            crate::engine::winter::AttritionCapital {
                power: Power::Spain,
                space: madrid,
                faction: None,
                to: vec![madrid, milan],
            },
        ));
        let got = all_buttons(&rs, &g);
        assert!(got.len() >= 2, "{got:?}");
    }

    // C-BATTLE-CARDS and C-CARD-RESPONSE: a card window's public buttons never name a card in
    // the hand, whatever the power holds (here every card of the deck): only "No card"; a card
    // is played by command.
    #[test]
    fn c_battle_cards_window_buttons_name_no_hand_card() {
        use crate::engine::ruleset::CardKind;
        use crate::engine::steps::{Step, Window};
        let (rs, mut g) = fixture();
        let paris = rs.space_id("PARIS").expect("Paris");
        g.hands[Power::France as usize] = rs
            .cards
            .iter()
            .filter(|c| c.kind != CardKind::Home)
            .map(|c| c.number)
            .collect();
        assert!(
            !g.hands[Power::France as usize].is_empty(),
            "the data has cards"
        );
        for window in [Window::Combat, Window::Response, Window::Dice] {
            g.steps.push(Step::Cards(crate::engine::windows::Cards {
                window,
                power: Power::France,
                space: paris,
            }));
            assert_eq!(
                legal_buttons(&rs, &g),
                vec![("No card".to_string(), inv("forgo", &[("power", "france")]))],
                "{window:?}"
            );
            g.steps.pop();
        }
    }

    // C-NAVAL-INT: a naval interception is answered by a button per place to intercept from, or
    // the decline.
    #[test]
    fn c_naval_int_question_has_buttons() {
        let (rs, mut g) = fixture();
        g.steps.push(crate::engine::steps::Step::NavalIntercept(
            crate::engine::naval::NavalIntercept {
                power: Power::Spain,
                zone: "TYRRHENIAN_SEA".into(),
                from: vec!["NAPLES".into()],
            },
        ));
        let got = all_buttons(&rs, &g);
        assert!(
            got.contains(&(
                "Do not intercept".to_string(),
                inv("forgo", &[("power", "spain")])
            )),
            "{got:?}"
        );
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
        g.steps.push(crate::engine::steps::Step::WinterExcess(
            crate::engine::winter::WinterExcess {
                power: Power::France,
                space: lyon,
                faction: None,
                excess: 1,
                to: vec![paris],
                shared: 0,
            },
        ));
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
        g.steps.push(crate::engine::steps::Step::PeaceUnits(
            crate::engine::peace::PeaceUnits {
                power: Power::Spain,
                winner: Power::Ottoman,
                owed: 2,
            },
        ));
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
        g.steps.push(crate::engine::steps::Step::PeaceRegain(
            crate::engine::peace::PeaceRegain {
                power: Power::Spain,
                winner: Power::Ottoman,
            },
        ));
        // The winner's forces leaving a regained space, two fortified spaces equally near.
        g.steps.push(crate::engine::steps::Step::PeaceWithdraw(
            crate::engine::peace::PeaceWithdraw {
                power: Power::Ottoman,
                from: rs.space_id("NAVARRE").expect("Navarre"),
                to: vec![bilbao, zaragoza],
            },
        ));
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
}
