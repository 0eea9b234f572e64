//! Espionage: Virgin Queen's spies (issue 26, item 4).
//!
//! What the public fragments say (rules digest §7.5, §8): espionage lets a player look at an
//! opponent's hand, force a discard, or assassinate rulers and leaders; assassinations are
//! frequent (five in one tournament game), Elizabeth I can be assassinated, killing France's
//! Henry III is easy and very bad for France; Spain can win outright with the Gunpowder Plot.
//! Nothing public says how an attempt is paid or rolled: the table's values are unknown.
//!
//! Our reconstruction, each procedure under its own rule ID, every number in
//! `map_data/virgin_queen/espionage.csv`:
//!
//! - X-SPY-ACTION: espionage is a CP action of one's impulse against another power in play; each
//!   effect has a CP cost and a success number for one die (the table);
//! - X-SPY-LOOK: success shows the target's hand to the spy alone (by DM), the channel hears the
//!   count;
//! - X-SPY-DISCARD: success discards cards of the target's hand at random (never a home card),
//!   named in the channel as the discard pile is public;
//! - X-SPY-ASSASSINATE: success kills the target's current ruler (the next ruler of the data's
//!   succession reigns at once, or a regency with admin 1 and no card bonus when none is left;
//!   Rudolf II's death is R-HRE-RUDOLF-DEATH) or one of its leaders on the map (out of the game);
//! - X-SPY-GUNPOWDER: Spain's successful assassination of England's ruler with the table's
//!   natural roll wins the game for Spain, while the data's `gunpowder_plot` is 1.

use super::action::Action;
use super::error::RuleResult;
use super::event::{EndReason, Event, EventKind, Visibility};
use super::game::Game;
use super::marriage::CourtEvent;
use super::power::{Owner, Power};
use super::refusal::Refusal;
use super::ruleset::{Ruler, Ruleset};
use serde::{Deserialize, Serialize};

/// What a spy tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpyEffect {
    /// Look at the target's hand (X-SPY-LOOK).
    Look,
    /// Force the target to discard (X-SPY-DISCARD).
    Discard,
    /// Assassinate the target's ruler or one of its leaders (X-SPY-ASSASSINATE).
    Assassinate,
}

impl SpyEffect {
    /// Every effect, in the order of the table and the buttons.
    pub const ALL: [SpyEffect; 3] = [SpyEffect::Look, SpyEffect::Discard, SpyEffect::Assassinate];

    /// The id used in commands and data.
    pub fn id(self) -> &'static str {
        match self {
            SpyEffect::Look => "look",
            SpyEffect::Discard => "discard",
            SpyEffect::Assassinate => "assassinate",
        }
    }

    /// Reads an id.
    pub fn from_id(s: &str) -> Option<SpyEffect> {
        SpyEffect::ALL
            .into_iter()
            .find(|e| e.id().eq_ignore_ascii_case(s.trim()))
    }
}

/// One row of the espionage table: what an attempt costs and needs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpyRow {
    /// CP spent on the attempt.
    pub cost: u8,
    /// The die must show at least this.
    pub success: u8,
}

/// The espionage table (`espionage.csv`); absent file: no espionage.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EspionageRules {
    /// Whether the data has the table.
    pub enabled: bool,
    /// X-SPY-LOOK.
    pub look: SpyRow,
    /// X-SPY-DISCARD.
    pub discard: SpyRow,
    /// Cards a successful discard takes.
    pub discard_cards: u8,
    /// X-SPY-ASSASSINATE of a ruler.
    pub ruler: SpyRow,
    /// X-SPY-ASSASSINATE of a leader.
    pub leader: SpyRow,
    /// X-SPY-GUNPOWDER: whether the automatic win is played.
    pub gunpowder_plot: bool,
    /// X-SPY-GUNPOWDER: the natural roll that wins.
    pub gunpowder_natural: u8,
}

impl EspionageRules {
    /// The table's row for an attempt (`leader`: an assassination aimed at a leader).
    pub fn row(&self, effect: SpyEffect, leader: bool) -> SpyRow {
        match effect {
            SpyEffect::Look => self.look,
            SpyEffect::Discard => self.discard,
            SpyEffect::Assassinate if leader => self.leader,
            SpyEffect::Assassinate => self.ruler,
        }
    }
}

/// Whether an action is an espionage attempt.
pub(crate) fn is_spy_action(a: &Action) -> bool {
    matches!(a, Action::Spy { .. })
}

impl Game {
    /// The ruler of `p` accounting for assassinations (X-SPY-ASSASSINATE): a dead ruler's place
    /// goes to the next one of the data's succession that is alive; `None` (a regency) when
    /// none is left.
    pub(crate) fn living_ruler<'r>(
        &self,
        rs: &'r Ruleset,
        p: Power,
        r: Option<&'r Ruler>,
    ) -> Option<&'r Ruler> {
        let dead = &self.court.assassinated;
        let mut cur = r?;
        while dead.contains(&cur.id) {
            // A ruler brought in by an event (no turn of its own) has no successor in the data.
            let after = cur.from_turn?;
            cur = rs
                .rulers
                .iter()
                .filter(|x| x.power == p && x.from_turn.is_some_and(|t| t > after))
                .min_by_key(|x| x.from_turn)?;
        }
        Some(cur)
    }

    /// The leaders of `p` on the map (in spaces or at sea), in a stable order.
    pub(crate) fn leaders_on_map(&self, p: Power) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut take = |f: &super::board::Force| {
            if f.owner() == Owner::Major(p) {
                out.extend(f.leaders.iter().cloned());
            }
        };
        for s in &self.board.spaces {
            s.forces.iter().for_each(&mut take);
        }
        for v in self.board.seas.values() {
            v.iter().for_each(&mut take);
        }
        out.sort();
        out.dedup();
        out
    }

    /// X-SPY-ACTION: checks an attempt by `p` with `cp` to spend; the CP it costs and, for an
    /// assassination, whether it aims at a leader.
    pub(crate) fn check_spy(
        &self,
        rs: &Ruleset,
        p: Power,
        target: Power,
        effect: SpyEffect,
        whom: Option<&str>,
        cp: u8,
    ) -> RuleResult<(u8, Option<String>, bool)> {
        let e = &rs.espionage;
        if !e.enabled {
            return Err(Refusal::EspionageNotInData.into());
        }
        if target == p {
            return Err(Refusal::SpyOnSelf { power: p }.into());
        }
        if !self.powers.contains(target) {
            return Err(Refusal::PowerNotInPlay { power: target }.into());
        }
        let (whom, leader) = match effect {
            SpyEffect::Assassinate => {
                let ruler = self.ruler(rs, target).map(|r| r.id.clone());
                let leaders = self.leaders_on_map(target);
                let Some(w) = whom.map(str::trim).filter(|w| !w.is_empty()) else {
                    return Err(Refusal::SpyNeedsWhom {
                        target,
                        ruler,
                        leaders,
                    }
                    .into());
                };
                if ruler.as_ref().is_some_and(|r| r.eq_ignore_ascii_case(w)) {
                    (ruler, false)
                } else if let Some(l) = leaders.iter().find(|l| l.eq_ignore_ascii_case(w)) {
                    (Some(l.clone()), true)
                } else {
                    return Err(Refusal::SpyWhomNotTarget {
                        whom: w.to_string(),
                        target,
                        ruler,
                        leaders,
                    }
                    .into());
                }
            }
            _ => (None, false),
        };
        let row = e.row(effect, leader);
        if row.cost > cp {
            return Err(Refusal::SpyNeedsCp {
                power: p,
                effect,
                left: cp,
                cost: row.cost,
            }
            .into());
        }
        Ok((row.cost, whom, leader))
    }

    /// X-SPY-ACTION: an espionage attempt in `p`'s CP; returns the CP spent.
    pub(crate) fn spy(
        &mut self,
        rs: &Ruleset,
        p: Power,
        action: &Action,
        cp: u8,
        ev: &mut Vec<Event>,
    ) -> RuleResult<u8> {
        let Action::Spy {
            target,
            effect,
            whom,
        } = action
        else {
            return Err(Refusal::NoCpCost {
                action: action.kind(),
            }
            .into());
        };
        let (target, effect) = (*target, *effect);
        let (cost, whom, leader) = self.check_spy(rs, p, target, effect, whom.as_deref(), cp)?;
        let row = rs.espionage.row(effect, leader);
        let die = self.d6();
        let success = die >= row.success;
        ev.push(Event::public(EventKind::Court {
            what: CourtEvent::Spied {
                power: p,
                target,
                effect,
                whom: whom.clone(),
                die,
                needed: row.success,
                success,
            },
        }));
        if !success {
            return Ok(cost);
        }
        match effect {
            SpyEffect::Look => {
                // The faces go to the spy alone, as the card effect `look_at_hand` does.
                let cards = self.hands[target as usize].clone();
                ev.push(Event::public(EventKind::Court {
                    what: CourtEvent::LookedAtHand {
                        power: p,
                        of: target,
                        count: cards.len(),
                    },
                }));
                ev.push(Event {
                    vis: Visibility::only(p),
                    kind: EventKind::Court {
                        what: CourtEvent::SawHand {
                            power: p,
                            of: target,
                            cards,
                        },
                    },
                });
            }
            SpyEffect::Discard => {
                let cards = self.discard_at_random(rs, target, rs.espionage.discard_cards);
                let what = if cards.is_empty() {
                    CourtEvent::NothingToDiscard { power: target }
                } else {
                    CourtEvent::ForcedDiscard {
                        power: target,
                        cards,
                    }
                };
                ev.push(Event::public(EventKind::Court { what }));
            }
            SpyEffect::Assassinate if leader => {
                let id = whom.unwrap_or_default();
                for sp in &mut self.board.spaces {
                    for f in &mut sp.forces {
                        f.leaders.retain(|x| *x != id);
                    }
                    sp.forces.retain(|f| !f.is_empty());
                }
                for v in self.board.seas.values_mut() {
                    for f in v.iter_mut() {
                        f.leaders.retain(|x| *x != id);
                    }
                    v.retain(|f| !f.is_empty());
                }
                self.board.seas.retain(|_, v| !v.is_empty());
                ev.push(Event::public(EventKind::Court {
                    what: CourtEvent::LeaderKilled {
                        leader: id.clone(),
                        power: target,
                    },
                }));
                self.removed_leaders_push(id);
            }
            SpyEffect::Assassinate => {
                let id = whom.unwrap_or_default();
                self.kill_ruler(rs, target, &id, ev);
                let e = &rs.espionage;
                if e.gunpowder_plot
                    && p == Power::Spain
                    && target == Power::England
                    && die == e.gunpowder_natural
                {
                    self.finish(rs, vec![Power::Spain], EndReason::GunpowderPlot, ev);
                }
            }
        }
        Ok(cost)
    }

    /// A leader killed by a spy leaves the game: off the map and never to enter again.
    fn removed_leaders_push(&mut self, id: String) {
        self.off_map.retain(|x| *x != id);
        self.captured.retain(|(x, _)| *x != id);
        if !self.court.assassinated.contains(&id) {
            self.court.assassinated.push(id);
        }
    }

    /// X-SPY-ASSASSINATE: `id`, ruler of `p`, dies; announces the successor (or the regency).
    pub(crate) fn kill_ruler(&mut self, rs: &Ruleset, p: Power, id: &str, ev: &mut Vec<Event>) {
        if p == Power::Empire && id == super::cards::RUDOLF_RULER {
            // R-HRE-RUDOLF-DEATH: no card bonus and an administrative rating of 1.
            self.empire.rudolf_dead = true;
        }
        if !self.court.assassinated.iter().any(|x| x == id) {
            self.court.assassinated.push(id.to_string());
        }
        let successor = self
            .ruler(rs, p)
            .filter(|r| r.id != id && !(p == Power::Empire && self.empire.rudolf_dead))
            .map(|r| r.id.clone());
        ev.push(Event::public(EventKind::Court {
            what: CourtEvent::RulerKilled {
                ruler: id.to_string(),
                power: p,
                successor,
            },
        }));
    }

    /// The espionage attempts `p` may make with `cp` (for the legal-action list).
    pub(crate) fn legal_espionage(&self, rs: &Ruleset, p: Power, cp: u8, out: &mut Vec<Action>) {
        let e = &rs.espionage;
        if !e.enabled {
            return;
        }
        // --- perf: every power's leaders on the map found in one pass, not one pass per target
        let mut on_map: [Vec<&str>; 6] = Default::default();
        if e.leader.cost <= cp {
            let forces = self.board.spaces.iter().flat_map(|s| s.forces.iter());
            for f in forces.chain(self.board.seas.values().flatten()) {
                if let Owner::Major(q) = f.owner() {
                    on_map[q as usize].extend(f.leaders.iter().map(String::as_str));
                }
            }
            for v in &mut on_map {
                v.sort_unstable();
                v.dedup();
            }
        }
        for t in self.powers.iter().filter(|t| *t != p) {
            for effect in [SpyEffect::Look, SpyEffect::Discard] {
                if e.row(effect, false).cost <= cp {
                    out.push(Action::Spy {
                        target: t,
                        effect,
                        whom: None,
                    });
                }
            }
            if e.ruler.cost <= cp {
                if let Some(r) = self.ruler(rs, t) {
                    out.push(Action::Spy {
                        target: t,
                        effect: SpyEffect::Assassinate,
                        whom: Some(r.id.as_str().into()),
                    });
                }
            }
            if e.leader.cost <= cp {
                for l in &on_map[t as usize] {
                    out.push(Action::Spy {
                        target: t,
                        effect: SpyEffect::Assassinate,
                        whom: Some((*l).into()),
                    });
                }
            }
        }
    }

    /// `adjust what:assassinated`: marks `p`'s current ruler assassinated (`on`), or brings
    /// back its most recently assassinated ruler.
    pub(crate) fn adjust_assassinated(
        &mut self,
        rs: &Ruleset,
        p: Power,
        on: bool,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if on {
            let Some(r) = self.ruler(rs, p).map(|r| r.id.clone()) else {
                return Err(Refusal::NoRulerToKill { power: p }.into());
            };
            self.kill_ruler(rs, p, &r, ev);
            return Ok(());
        }
        let Some(i) = self
            .court
            .assassinated
            .iter()
            .rposition(|id| rs.rulers.iter().any(|r| &r.id == id && r.power == p))
        else {
            return Err(Refusal::NoRulerToKill { power: p }.into());
        };
        let id = self.court.assassinated.remove(i);
        if p == Power::Empire && id == super::cards::RUDOLF_RULER {
            self.empire.rudolf_dead = false;
        }
        Ok(())
    }
}
