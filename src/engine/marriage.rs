//! Royal marriages: Virgin Queen's own diplomacy (issue 26, item 3).
//!
//! What the public fragments say (rules digest §7.2): each European power has unmarried royals,
//! each with an eligibility rating; a royal is offered to another power in diplomacy and the
//! pair goes to an engagement box; at the end of the turn the marriage is resolved with dice plus
//! eligibility on a marriage table whose outcomes run from a murdered husband to a new dynasty,
//! giving VP and/or cards to both sides; no marriage may be announced with a power one is at war
//! with; a power that marries two royals of the same other power uses only the higher one.
//!
//! Everything else is our reconstruction, each procedure under its own rule ID (`vq rule X-…`),
//! every number in `map_data/virgin_queen/royals.csv` and `marriage.csv`:
//!
//! - X-MARRIAGE-ROYALS: the royals, their houses and eligibility are data;
//! - X-MARRIAGE-PROPOSE: in the Diplomacy phase a power proposes one of its single royals to a
//!   single royal of another power it is not at war with; the other power answers (accepting is
//!   naming the same pair, refusing is `refuse`); accepted, the pair is engaged;
//! - X-MARRIAGE-RESOLVE: as Winter begins (before alliances end), each pair of houses with
//!   engagements rolls once on the marriage table (dice, eligibility, modifiers, outcomes with VP
//!   and cards for both sides); an engagement between powers at war by then is broken off;
//! - X-MARRIAGE-SAME-HOUSE: when two houses have several engagements, the roll uses each house's
//!   highest royal among them; all of them are married by it.

use super::action::Action;
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::{Game, Stage};
use super::power::{Power, PowerSet, Relation};
use super::refusal::Refusal;
use super::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// A royal counter (X-MARRIAGE-ROYALS).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Royal {
    /// Data id (`ELIZABETH_I`).
    pub id: String,
    /// The royal's house: the major power it belongs to.
    pub power: Power,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Eligibility, added to the marriage roll.
    pub eligibility: i8,
    /// The royal is in the game only with at least this many powers in play (Rudolf II is
    /// removed with fewer than six, rules digest §3.2).
    pub min_powers: u8,
}

/// One row of the marriage table (X-MARRIAGE-RESOLVE).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarriageOutcome {
    /// Data id (`dynasty`).
    pub id: String,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Lowest total of the row.
    pub low: i16,
    /// Highest total of the row.
    pub high: i16,
    /// VP each of the two powers gains.
    pub vp: i8,
    /// Cards each of the two powers draws.
    pub cards: u8,
}

/// The marriage table and its parameters (`marriage.csv`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarriageRules {
    /// Dice rolled for each pair of houses.
    pub dice: u8,
    /// Modifier when the two powers are allied.
    pub allied: i8,
    /// The table's rows, by ascending totals (check-data makes them contiguous).
    pub outcomes: Vec<MarriageOutcome>,
}

impl MarriageRules {
    /// The row for a total; totals beyond the table take its first or last row.
    pub fn outcome(&self, total: i16) -> Option<&MarriageOutcome> {
        self.outcomes
            .iter()
            .find(|o| (o.low..=o.high).contains(&total))
            .or_else(|| match self.outcomes.first() {
                Some(f) if total < f.low => Some(f),
                _ => self.outcomes.last(),
            })
    }
}

/// A royal's marital state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoyalStatus {
    /// Free to be proposed.
    Single,
    /// In an open proposal (waiting for the other power's answer).
    Proposed,
    /// In the engagement box.
    Engaged,
    /// Married (whatever the outcome).
    Married,
}

/// A proposal waiting for the other power's answer (X-MARRIAGE-PROPOSE).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// Who proposes.
    pub from: Power,
    /// The proposer's royal.
    pub royal: String,
    /// Who answers.
    pub to: Power,
    /// The answering power's royal.
    pub with: String,
}

/// An engaged pair, resolved at the end of the turn (X-MARRIAGE-RESOLVE).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    /// The power that proposed.
    pub a: Power,
    /// Its royal.
    pub royal_a: String,
    /// The power that accepted.
    pub b: Power,
    /// Its royal.
    pub royal_b: String,
}

/// Marriages and espionage in the game state (public: nothing here is secret).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourtState {
    /// Open proposals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proposals: Vec<Proposal>,
    /// The engagement box.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engaged: Vec<Engagement>,
    /// Married royals, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub married: Vec<String>,
    /// Rulers and leaders killed by spies, by id (X-SPY-ASSASSINATE).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assassinated: Vec<String>,
}

impl CourtState {
    /// Whether nothing has happened yet (kept out of saved states then).
    pub fn is_empty(&self) -> bool {
        self.proposals.is_empty()
            && self.engaged.is_empty()
            && self.married.is_empty()
            && self.assassinated.is_empty()
    }
}

/// What marriages and espionage did, for the texts (`EventKind::Court`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "did")]
pub enum CourtEvent {
    /// X-MARRIAGE-PROPOSE: a proposal, waiting for `to`'s answer.
    Proposed {
        from: Power,
        royal: String,
        to: Power,
        with: String,
    },
    /// The proposal was accepted: the pair is engaged.
    Engaged {
        a: Power,
        royal_a: String,
        b: Power,
        royal_b: String,
    },
    /// The answering power refused (or the proposer withdrew: `by` tells who).
    Refused {
        by: Power,
        from: Power,
        royal: String,
        to: Power,
        with: String,
    },
    // --- diplomacy (issue 26)
    /// X-MARRIAGE-PROPOSE: a war between the two powers voids their open proposals (each pair
    /// as proposer's royal, answerer's royal).
    ProposalsVoided {
        a: Power,
        b: Power,
        pairs: Vec<(String, String)>,
    },
    /// X-MARRIAGE-RESOLVE: engagements broken off because the two powers are at war.
    BrokenOff {
        a: Power,
        b: Power,
        royals: Vec<String>,
    },
    /// X-MARRIAGE-RESOLVE / X-MARRIAGE-SAME-HOUSE: one roll for two houses.
    Married {
        a: Power,
        royal_a: String,
        b: Power,
        royal_b: String,
        /// Royals married by this roll without counting (a lower royal of the same house).
        ignored: Vec<String>,
        dice: Vec<u8>,
        eligibility: i16,
        modifier: i16,
        total: i16,
        outcome: String,
        vp: i8,
        cards: u8,
    },
    /// Cards drawn from a marriage (public count).
    Drew { power: Power, n: u8 },
    /// Their faces (private to the drawer).
    DrewFaces { power: Power, cards: Vec<u16> },
    // --- espionage (X-SPY-*)
    /// X-SPY-ACTION: an espionage attempt and its die.
    Spied {
        power: Power,
        target: Power,
        effect: super::espionage::SpyEffect,
        /// The ruler or leader aimed at (assassination).
        whom: Option<String>,
        die: u8,
        needed: u8,
        success: bool,
    },
    /// X-SPY-LOOK: the spy looked at the hand (public: the count only).
    LookedAtHand {
        power: Power,
        of: Power,
        count: usize,
    },
    /// X-SPY-LOOK: the faces, to the spy alone.
    SawHand {
        power: Power,
        of: Power,
        cards: Vec<u16>,
    },
    /// X-SPY-DISCARD: the target discarded these at random (the discard pile is public).
    ForcedDiscard { power: Power, cards: Vec<u16> },
    /// X-SPY-DISCARD: the hand had nothing that can be discarded (home cards never are).
    NothingToDiscard { power: Power },
    /// X-SPY-ASSASSINATE: a leader is removed from the game.
    LeaderKilled { leader: String, power: Power },
    /// X-SPY-ASSASSINATE: a ruler is killed; `successor` rules now (none: a regency with the
    /// lowest ratings).
    RulerKilled {
        ruler: String,
        power: Power,
        successor: Option<String>,
    },
}

/// Whether an action is a marriage action (answered in the Diplomacy phase).
pub(crate) fn is_marriage_action(a: &Action) -> bool {
    matches!(a, Action::Marry { .. } | Action::RefuseMarriage { .. })
}

impl Game {
    /// The royals in this game (X-MARRIAGE-ROYALS): those whose `min_powers` the game meets.
    pub fn royals<'r>(&self, rs: &'r Ruleset) -> impl Iterator<Item = &'r Royal> + 'r {
        let n = self.powers.len();
        let powers = self.powers;
        rs.royals
            .iter()
            .filter(move |r| powers.contains(r.power) && n >= usize::from(r.min_powers))
    }

    /// A royal's state.
    pub fn royal_status(&self, id: &str) -> RoyalStatus {
        let c = &self.court;
        if c.married.iter().any(|m| m == id) {
            RoyalStatus::Married
        } else if c.engaged.iter().any(|e| e.royal_a == id || e.royal_b == id) {
            RoyalStatus::Engaged
        } else if c.proposals.iter().any(|p| p.royal == id || p.with == id) {
            RoyalStatus::Proposed
        } else {
            RoyalStatus::Single
        }
    }

    /// Finds a royal of this game by id or name, any case.
    pub fn find_royal<'r>(&self, rs: &'r Ruleset, name: &str) -> RuleResult<&'r Royal> {
        let t = name.trim().to_lowercase();
        let norm = t.replace([' ', '-', '.', '\''], "_");
        self.royals(rs)
            .find(|r| {
                r.id.to_lowercase() == norm
                    || r.name_en.to_lowercase() == t
                    || r.name_ru.to_lowercase() == t
            })
            .ok_or_else(|| {
                Refusal::UnknownRoyal {
                    name: name.to_string(),
                    known: self.royals(rs).map(|r| r.id.clone()).collect(),
                }
                .into()
            })
    }

    /// X-MARRIAGE-PROPOSE: the checks common to a proposal and its acceptance; returns
    /// (own royal, other royal).
    fn check_pair<'r>(
        &self,
        rs: &'r Ruleset,
        p: Power,
        royal: &str,
        with: &str,
    ) -> RuleResult<(&'r Royal, &'r Royal)> {
        let (x, y) = (self.find_royal(rs, royal)?, self.find_royal(rs, with)?);
        let (mine, theirs) = if x.power == p {
            (x, y)
        } else if y.power == p {
            (y, x)
        } else {
            return Err(Refusal::RoyalNotYours {
                royal: x.id.clone(),
                owner: x.power,
                power: p,
                yours: self
                    .royals(rs)
                    .filter(|r| r.power == p)
                    .map(|r| r.id.clone())
                    .collect(),
            }
            .into());
        };
        if theirs.power == p {
            return Err(Refusal::RoyalSameHouse {
                royal: mine.id.clone(),
                with: theirs.id.clone(),
                power: p,
            }
            .into());
        }
        if self.board.relation(p, theirs.power) == Relation::War {
            return Err(Refusal::MarriageAtWar {
                power: p,
                other: theirs.power,
            }
            .into());
        }
        for r in [mine, theirs] {
            let st = self.royal_status(&r.id);
            if matches!(st, RoyalStatus::Married | RoyalStatus::Engaged) {
                return Err(Refusal::RoyalNotSingle {
                    royal: r.id.clone(),
                    status: st,
                }
                .into());
            }
        }
        Ok((mine, theirs))
    }

    /// A marriage action in the Diplomacy phase (X-MARRIAGE-PROPOSE).
    pub(crate) fn marriage_action(
        &mut self,
        rs: &Ruleset,
        p: Power,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if !matches!(self.stage, Stage::Diplomacy { .. }) {
            return Err(Refusal::MarriageOnlyInDiplomacy { power: p }.into());
        }
        // A proposal named by one of its royals (the buttons do this): the other is filled in.
        let filled;
        let action = match action {
            Action::Marry { royal, with } | Action::RefuseMarriage { royal, with }
                if with.trim().is_empty() =>
            {
                let id = self.find_royal(rs, royal)?.id.clone();
                let Some(o) = self
                    .court
                    .proposals
                    .iter()
                    .find(|o| (o.to == p || o.from == p) && (o.royal == id || o.with == id))
                else {
                    return Err(Refusal::NoMarriageProposal {
                        power: p,
                        royal: id,
                        with: String::new(),
                        open: self
                            .court
                            .proposals
                            .iter()
                            .filter(|o| o.to == p || o.from == p)
                            .map(|o| (o.royal.clone(), o.with.clone()))
                            .collect(),
                    }
                    .into());
                };
                let other = if o.royal == id { &o.with } else { &o.royal };
                filled = match action {
                    Action::Marry { .. } => Action::Marry {
                        royal: id.as_str().into(),
                        with: other.as_str().into(),
                    },
                    _ => Action::RefuseMarriage {
                        royal: id.as_str().into(),
                        with: other.as_str().into(),
                    },
                };
                &filled
            }
            a => a,
        };
        match action {
            Action::Marry { royal, with } => {
                let (mine, theirs) = self.check_pair(rs, p, royal, with)?;
                let other = theirs.power;
                // The other side's open proposal of the same pair: this is the agreement.
                if let Some(i) = self.court.proposals.iter().position(|o| {
                    o.from == other && o.to == p && o.royal == theirs.id && o.with == mine.id
                }) {
                    let o = self.court.proposals.remove(i);
                    let e = Engagement {
                        a: o.from,
                        royal_a: o.royal,
                        b: p,
                        royal_b: o.with,
                    };
                    ev.push(Event::public(EventKind::Court {
                        what: CourtEvent::Engaged {
                            a: e.a,
                            royal_a: e.royal_a.clone(),
                            b: e.b,
                            royal_b: e.royal_b.clone(),
                        },
                    }));
                    self.court.engaged.push(e);
                    return Ok(());
                }
                if let Some(r) = [mine, theirs]
                    .into_iter()
                    .find(|r| self.royal_status(&r.id) == RoyalStatus::Proposed)
                {
                    let o = self
                        .court
                        .proposals
                        .iter()
                        .find(|o| o.royal == r.id || o.with == r.id)
                        .cloned();
                    return Err(Refusal::RoyalAlreadyProposed {
                        royal: r.id.clone(),
                        from: o.as_ref().map_or(p, |o| o.from),
                        to: o.as_ref().map_or(other, |o| o.to),
                    }
                    .into());
                }
                self.court.proposals.push(Proposal {
                    from: p,
                    royal: mine.id.clone(),
                    to: other,
                    with: theirs.id.clone(),
                });
                ev.push(Event::public(EventKind::Court {
                    what: CourtEvent::Proposed {
                        from: p,
                        royal: mine.id.clone(),
                        to: other,
                        with: theirs.id.clone(),
                    },
                }));
                // The answering power must negotiate again (like an offer of peace).
                if let Stage::Diplomacy { done, .. } = &mut self.stage {
                    done.remove(other);
                }
            }
            Action::RefuseMarriage { royal, with } => {
                let (x, y) = (self.find_royal(rs, royal)?, self.find_royal(rs, with)?);
                let hit = |o: &Proposal| {
                    (o.to == p || o.from == p)
                        && ((o.royal == x.id && o.with == y.id)
                            || (o.royal == y.id && o.with == x.id))
                };
                let Some(i) = self.court.proposals.iter().position(hit) else {
                    return Err(Refusal::NoMarriageProposal {
                        power: p,
                        royal: x.id.clone(),
                        with: y.id.clone(),
                        open: self
                            .court
                            .proposals
                            .iter()
                            .filter(|o| o.to == p || o.from == p)
                            .map(|o| (o.royal.clone(), o.with.clone()))
                            .collect(),
                    }
                    .into());
                };
                let o = self.court.proposals.remove(i);
                ev.push(Event::public(EventKind::Court {
                    what: CourtEvent::Refused {
                        by: p,
                        from: o.from,
                        royal: o.royal,
                        to: o.to,
                        with: o.with,
                    },
                }));
            }
            other => {
                return Err(RuleError::WrongTime {
                    action: other.kind(),
                    waiting: self.awaiting(),
                })
            }
        }
        Ok(())
    }

    // --- diplomacy (issue 26)
    /// X-MARRIAGE-PROPOSE: a war declared between `a` and `b` voids the proposals open between
    /// them (announced; the royals are single again). Nothing happens when there are none.
    pub(crate) fn void_proposals_at_war(&mut self, a: Power, b: Power, ev: &mut Vec<Event>) {
        let between = |o: &Proposal| (o.from == a && o.to == b) || (o.from == b && o.to == a);
        if !self.court.proposals.iter().any(between) {
            return;
        }
        let pairs = self
            .court
            .proposals
            .iter()
            .filter(|o| between(o))
            .map(|o| (o.royal.clone(), o.with.clone()))
            .collect();
        self.court.proposals.retain(|o| !between(o));
        ev.push(Event::public(EventKind::Court {
            what: CourtEvent::ProposalsVoided { a, b, pairs },
        }));
    }

    /// X-MARRIAGE-PROPOSE: a power answers the proposals made to it before it finishes.
    pub(crate) fn marriage_answer_first(&self, p: Power) -> RuleResult<()> {
        match self.court.proposals.iter().find(|o| o.to == p) {
            Some(o) => Err(Refusal::AnswerMarriageFirst {
                from: o.from,
                to: p,
                royal: o.royal.clone(),
                with: o.with.clone(),
            }
            .into()),
            None => Ok(()),
        }
    }

    /// The marriage actions `p` may take in the Diplomacy phase (for the legal-action list):
    /// answers to proposals made to it, and a proposal of each single royal of its own to each
    /// single royal of a power it is not at war with.
    pub(crate) fn legal_marriage(&self, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        for o in self.court.proposals.iter().filter(|o| o.to == p) {
            // A war declared since the proposal leaves only the refusal.
            if self.board.relation(p, o.from) != Relation::War {
                out.push(Action::Marry {
                    royal: o.with.as_str().into(),
                    with: o.royal.as_str().into(),
                });
            }
            out.push(Action::RefuseMarriage {
                royal: o.with.as_str().into(),
                with: o.royal.as_str().into(),
            });
        }
        let single = |r: &&Royal| self.royal_status(&r.id) == RoyalStatus::Single;
        // --- perf: the partners (the same list for each of p's royals) and their names, once.
        let theirs: Vec<super::action::Name> = self
            .royals(rs)
            .filter(|r| r.power != p && self.board.relation(p, r.power) != Relation::War)
            .filter(single)
            .map(|r| r.id.as_str().into())
            .collect();
        if theirs.is_empty() {
            return;
        }
        for mine in self.royals(rs).filter(|r| r.power == p).filter(single) {
            let royal: super::action::Name = mine.id.as_str().into();
            for with in &theirs {
                out.push(Action::Marry {
                    royal: royal.clone(),
                    with: with.clone(),
                });
            }
        }
    }

    /// X-MARRIAGE-RESOLVE and X-MARRIAGE-SAME-HOUSE: every engagement is resolved as Winter begins;
    /// one roll per pair of houses.
    pub(crate) fn resolve_marriages(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        // Proposals never outlive their Diplomacy phase.
        self.court.proposals.clear();
        if self.court.engaged.is_empty() {
            return;
        }
        let all = std::mem::take(&mut self.court.engaged);
        let mut pairs: Vec<(Power, Power)> = Vec::new();
        for e in &all {
            let key = (e.a.min(e.b), e.a.max(e.b));
            if !pairs.contains(&key) {
                pairs.push(key);
            }
        }
        for (a, b) in pairs {
            let group: Vec<&Engagement> = all
                .iter()
                .filter(|e| (e.a.min(e.b), e.a.max(e.b)) == (a, b))
                .collect();
            let royals_of = |q: Power| -> Vec<&Royal> {
                let mut v: Vec<&Royal> = group
                    .iter()
                    .flat_map(|e| [&e.royal_a, &e.royal_b])
                    .filter_map(|id| rs.royals.iter().find(|r| &r.id == id))
                    .filter(|r| r.power == q)
                    .collect();
                // Highest eligibility first; ties by id, so replays agree.
                v.sort_by(|x, y| y.eligibility.cmp(&x.eligibility).then(x.id.cmp(&y.id)));
                v
            };
            let (ra, rb) = (royals_of(a), royals_of(b));
            let ids: Vec<String> = ra.iter().chain(&rb).map(|r| r.id.clone()).collect();
            if self.board.relation(a, b) == Relation::War {
                ev.push(Event::public(EventKind::Court {
                    what: CourtEvent::BrokenOff { a, b, royals: ids },
                }));
                continue;
            }
            let (Some(top_a), Some(top_b)) = (ra.first(), rb.first()) else {
                continue;
            };
            let m = &rs.marriage;
            let dice = self.roll(u32::from(m.dice));
            let eligibility = i16::from(top_a.eligibility) + i16::from(top_b.eligibility);
            let modifier = if self.board.relation(a, b) == Relation::Alliance {
                i16::from(m.allied)
            } else {
                0
            };
            let total = dice.iter().map(|d| i16::from(*d)).sum::<i16>() + eligibility + modifier;
            let (outcome, vp, cards) = m
                .outcome(total)
                .map_or((String::new(), 0, 0), |o| (o.id.clone(), o.vp, o.cards));
            let ignored: Vec<String> = ra
                .iter()
                .skip(1)
                .chain(rb.iter().skip(1))
                .map(|r| r.id.clone())
                .collect();
            ev.push(Event::public(EventKind::Court {
                what: CourtEvent::Married {
                    a,
                    royal_a: top_a.id.clone(),
                    b,
                    royal_b: top_b.id.clone(),
                    ignored,
                    dice,
                    eligibility,
                    modifier,
                    total,
                    outcome,
                    vp,
                    cards,
                },
            }));
            self.court.married.extend(ids);
            for q in [a, b] {
                self.bonus_vp[q as usize] += i32::from(vp);
                self.court_draw(q, cards, ev);
            }
        }
    }

    /// `q` draws `n` cards (public count, private faces).
    fn court_draw(&mut self, q: Power, n: u8, ev: &mut Vec<Event>) {
        let mut cards = Vec::new();
        for _ in 0..n {
            match self.deck.pop() {
                Some(c) => cards.push(c),
                None => break,
            }
        }
        if cards.is_empty() {
            return;
        }
        self.hands[q as usize].extend(&cards);
        self.hands[q as usize].sort_unstable();
        ev.push(Event::public(EventKind::Court {
            what: CourtEvent::Drew {
                power: q,
                n: cards.len() as u8,
            },
        }));
        ev.push(Event {
            vis: super::event::Visibility::Powers([q].into_iter().collect::<PowerSet>()),
            kind: EventKind::Court {
                what: CourtEvent::DrewFaces { power: q, cards },
            },
        });
    }

    // --- adjust (table mode)

    /// `adjust what:engage`: puts two single royals of two powers in the engagement box.
    pub(crate) fn adjust_engage(&mut self, rs: &Ruleset, a: &str, b: &str) -> RuleResult<()> {
        let (x, y) = (self.find_royal(rs, a)?, self.find_royal(rs, b)?);
        if x.power == y.power {
            return Err(Refusal::RoyalSameHouse {
                royal: x.id.clone(),
                with: y.id.clone(),
                power: x.power,
            }
            .into());
        }
        for r in [x, y] {
            let st = self.royal_status(&r.id);
            if st != RoyalStatus::Single {
                return Err(Refusal::RoyalNotSingle {
                    royal: r.id.clone(),
                    status: st,
                }
                .into());
            }
        }
        self.court.engaged.push(Engagement {
            a: x.power,
            royal_a: x.id.clone(),
            b: y.power,
            royal_b: y.id.clone(),
        });
        Ok(())
    }

    /// `adjust what:married`: marks a royal married (`on`), or single again (dropping its
    /// engagement and proposals).
    pub(crate) fn adjust_married(&mut self, rs: &Ruleset, royal: &str, on: bool) -> RuleResult<()> {
        let id = self.find_royal(rs, royal)?.id.clone();
        let c = &mut self.court;
        c.proposals.retain(|o| o.royal != id && o.with != id);
        c.engaged.retain(|e| e.royal_a != id && e.royal_b != id);
        c.married.retain(|m| *m != id);
        if on {
            c.married.push(id);
        }
        Ok(())
    }
}
