//! Diplomatic influence (Virgin Queen §3.5 of the rules digest): our reconstruction.
//!
//! What the public sources say: powers spend CP to move up an influence track for a minor power
//! or an inactive major; when a power's diplomatic status is resolved, every power with
//! influence rolls one die plus its influence and the high roller controls (activates) that
//! power; a status is resolved at most once per turn (the FAQ's Papal Bull ruling). Everything
//! else is ours and lives in `influence.csv` (`X-INF-*` in `vq rule`):
//!
//! - X-INF-TRACK: a track per courted power, its length and its cost per step in CP (data).
//! - X-INF-BUY: buying influence is a CP action of one's impulse; not on a seated major, not past
//!   the track, not on a power whose status was already resolved this turn.
//! - X-INF-RESOLVE: at the end of each Action phase every courted power with influence whose
//!   status was not resolved this turn is resolved, and a card effect may resolve one
//!   (`resolve_status papacy`); once per turn per power.
//! - X-INF-ROLL: one die plus influence, ties as data (`tie`), influence after the roll as data
//!   (`winner_loss`, `loser_loss`); the winner holds the power until its next resolution: a minor
//!   as today's allied minor (`MinorAlly`, R-CONTROL-SET), an inactive major as its controller
//!   (see [`super::inactive`]).
//!
//! The state is a few fixed arrays, so nothing here scans the board per action.

use super::action::Action;
use super::error::RuleResult;
use super::event::{Event, EventKind};
use super::game::{Game, Stage};
use super::power::{Minor, Owner, Power, PowerSet, UnknownValue};
use super::refusal::Refusal;
use super::refusal_rows::refusal_rows;
use super::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Number of courted slots: five minors, then the six majors.
pub const SLOTS: usize = 11;

/// A power whose diplomatic status is courted: a minor, or a major that is inactive in this game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Courted {
    /// A minor power.
    Minor(Minor),
    /// A major power (only while inactive: X-INACTIVE).
    Major(Power),
}

impl Courted {
    /// Index into the per-slot arrays.
    pub fn idx(self) -> usize {
        match self {
            Courted::Minor(m) => m as usize,
            Courted::Major(p) => 5 + p as usize,
        }
    }

    /// Every slot, minors first.
    pub fn all() -> impl Iterator<Item = Courted> {
        Minor::ALL
            .iter()
            .map(|m| Courted::Minor(*m))
            .chain(Power::ALL.iter().map(|p| Courted::Major(*p)))
    }

    /// As a controller id.
    pub fn owner(self) -> Owner {
        match self {
            Courted::Minor(m) => Owner::Minor(m),
            Courted::Major(p) => Owner::Major(p),
        }
    }

    /// The id used in data and commands.
    pub fn as_str(self) -> &'static str {
        match self {
            Courted::Minor(m) => m.as_str(),
            Courted::Major(p) => p.as_str(),
        }
    }
}

impl fmt::Display for Courted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Courted {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, UnknownValue> {
        match s.parse::<Owner>() {
            Ok(Owner::Minor(m)) => Ok(Courted::Minor(m)),
            Ok(Owner::Major(p)) => Ok(Courted::Major(p)),
            _ => Err(UnknownValue {
                what: "minor or major power",
                value: s.trim().to_string(),
                allowed: Courted::all()
                    .map(|c| c.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }
}

impl Serialize for Courted {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Courted {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// What a tie for the highest roll does (X-INF-ROLL; `tie` in `influence.csv`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// 0: nobody wins; the power's status stays as it was.
    #[default]
    StatusQuo,
    /// 1: the tied powers roll again (at most [`REROLLS`] times, then as 0).
    Reroll,
    /// 2: nobody wins and the power is left without an ally or controller.
    Nobody,
}

/// Most rerolls of a tie before it counts as [`TieRule::StatusQuo`].
pub const REROLLS: usize = 10;

/// The numbers of diplomatic influence (`influence.csv`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InfluenceRules {
    /// Track length per slot ([`Courted::idx`]); 0: not courted.
    pub track: [u8; SLOTS],
    /// CP per step per slot.
    pub cost: [u8; SLOTS],
    /// What a tie does.
    pub tie: TieRule,
    /// Steps the winner loses after a roll it won.
    pub winner_loss: u8,
    /// Steps every other roller loses after the roll.
    pub loser_loss: u8,
    /// 1: the status of every courted power is resolved at the end of each Action phase;
    /// 0: only card effects resolve it.
    pub at_turn_end: bool,
    /// Inactive majors by the number of powers in play: (powers in play, major).
    pub inactive: Vec<(u8, Power)>,
    /// Starting influence by the number of powers in play: (powers in play, slot, power, steps).
    pub start: Vec<(u8, Courted, Power, u8)>,
}

impl InfluenceRules {
    /// The track length of `c` (0: no track).
    pub fn track(&self, c: Courted) -> u8 {
        self.track[c.idx()]
    }
    /// CP per step on `c`'s track.
    pub fn cost(&self, c: Courted) -> u8 {
        self.cost[c.idx()]
    }
    /// The majors inactive with `powers` powers in play (before removing seated ones).
    pub fn inactive_with(&self, powers: usize) -> PowerSet {
        self.inactive
            .iter()
            .filter(|(n, _)| usize::from(*n) == powers)
            .map(|(_, p)| *p)
            .collect()
    }
}

/// Influence, resolutions and the inactive majors of one game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InfluenceState {
    /// Steps per slot per major (indexed by [`Courted::idx`], then [`Power`]).
    pub levels: [[u8; 6]; SLOTS],
    /// The turn each slot's status was last resolved (0: never).
    pub resolved: [u8; SLOTS],
    /// Inactive majors of this game (X-INACTIVE), set at the start.
    pub inactive: PowerSet,
    /// Who controls each inactive major until its next resolution (indexed by [`Power`]).
    pub controller: [Option<Power>; 6],
}

impl InfluenceState {
    /// Nothing recorded (kept out of the saved JSON).
    pub fn is_empty(&self) -> bool {
        *self == InfluenceState::default()
    }
}

/// One power's roll in a resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InfluenceRoll {
    /// Who rolled.
    pub power: Power,
    /// The die.
    pub die: u8,
    /// Its influence added.
    pub influence: u8,
}

/// What happened with influence, for the announcement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "what")]
pub enum InfluenceEvent {
    /// Influence bought (X-INF-BUY).
    Bought {
        power: Power,
        target: Courted,
        steps: u8,
        now: u8,
        cp: u8,
    },
    /// A status was resolved (X-INF-ROLL): each roll, the winner (none on a tie or with no
    /// influence), who holds the power now.
    Resolved {
        target: Courted,
        rolls: Vec<InfluenceRoll>,
        winner: Option<Power>,
        holder: Option<Power>,
        /// 1 when a tie was rerolled (the rolls shown are the last).
        rerolls: u8,
    },
    /// A card asked to resolve a status already resolved this turn: nothing happens.
    AlreadyResolved { target: Courted },
    /// The game's inactive majors at the start (X-INACTIVE).
    Inactive { powers: Vec<Power> },
    /// Starting influence placed (X-INACTIVE-SETUP).
    Placed {
        power: Power,
        target: Courted,
        steps: u8,
    },
    /// A question of an inactive major no player answers, answered by the fixed rule
    /// (X-INACTIVE-ANSWERS).
    Answered {
        power: Power,
        answer: super::inactive::RuleAnswer,
    },
}

/// The sample target of [`InfluenceRefusal`]'s rows.
const SCOTLAND: Courted = Courted::Minor(Minor::Scotland);

refusal_rows! {
    /// Why influence is refused (rule X-INF-BUY / X-INF-TRACK).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case", tag = "why")]
    #[allow(missing_docs)]
    pub enum InfluenceRefusal {
        /// The power has no influence track (`allowed`: the powers that do, this game).
        NoTrack { target: Courted, allowed: Vec<Courted> }
            => "influence_no_track" rule "X-INF-TRACK"
            sample { target: SCOTLAND, allowed: vec![Courted::Minor(Minor::Papacy)] };
        /// The major is seated (active): nobody courts it.
        ActiveMajor { target: Power, allowed: Vec<Courted> }
            => "influence_active_major" rule "X-INACTIVE"
            sample { target: Power::Spain, allowed: vec![SCOTLAND] };
        /// More steps than the track holds.
        BeyondTrack { power: Power, target: Courted, have: u8, asked: u8, max: u8 }
            => "influence_beyond_track" rule "X-INF-TRACK"
            sample { power: Power::France, target: SCOTLAND, have: 4, asked: 2, max: 5 };
        /// An adjustment would take influence below zero.
        BelowZero { power: Power, target: Courted, have: u8 }
            => "influence_below_zero" rule "X-INF-TRACK"
            sample { power: Power::France, target: SCOTLAND, have: 1 };
        /// Its status was resolved this turn: no more influence on it until the next turn.
        ResolvedThisTurn { target: Courted, turn: u8 }
            => "influence_resolved_this_turn" rule "X-INF-RESOLVE"
            sample { target: SCOTLAND, turn: 2 };
        /// Not enough CP for the steps.
        NeedsCp { target: Courted, steps: u8, cost: u8, cp: u8 }
            => "influence_needs_cp" rule "X-INF-BUY"
            sample { target: SCOTLAND, steps: 2, cost: 4, cp: 3 };
        /// Zero steps asked.
        NoSteps => "influence_no_steps" rule "X-INF-BUY" sample;
        /// An inactive major does not buy influence.
        InactiveBuyer { power: Power }
            => "influence_inactive_buyer" rule "X-INACTIVE" sample { power: Power::Ottoman };
        /// An adjustment named a controller for a power that is not an inactive major of this game.
        NotInactive { target: Power, inactive: Vec<Power> }
            => "influence_not_inactive" rule "X-INACTIVE"
            sample { target: Power::Spain, inactive: vec![Power::Ottoman] };
    }
}

impl From<InfluenceRefusal> for super::error::RuleError {
    fn from(r: InfluenceRefusal) -> Self {
        Refusal::Influence(r).into()
    }
}

impl From<InfluenceRefusal> for Refusal {
    fn from(r: InfluenceRefusal) -> Refusal {
        Refusal::Influence(r)
    }
}

/// Whether an action is bought with CP here.
pub(crate) fn is_influence_cp_action(a: &Action) -> bool {
    matches!(a, Action::BuyInfluence { .. })
}

/// The suffix of the flags that read a status resolution (`papacy_status_resolved`).
pub const STATUS_FLAG_SUFFIX: &str = "_status_resolved";

impl Game {
    /// `<power>_status_resolved` reads as set when that status was resolved this turn (the hook
    /// the Papal Bull's effect reads).
    pub(crate) fn status_flag(&self, name: &str) -> bool {
        name.strip_suffix(STATUS_FLAG_SUFFIX)
            .and_then(|t| t.parse::<Courted>().ok())
            .is_some_and(|c| self.status_resolved(c))
    }

    /// `p`'s influence on `c`.
    pub fn influence_of(&self, c: Courted, p: Power) -> u8 {
        self.influence.levels[c.idx()][p as usize]
    }

    /// Whether `c`'s status was resolved this turn (X-INF-RESOLVE).
    pub fn status_resolved(&self, c: Courted) -> bool {
        self.influence.resolved[c.idx()] == self.turn && self.turn > 0
    }

    /// Who holds `c`: a minor's ally, an inactive major's controller.
    pub fn holder_of(&self, c: Courted) -> Option<Power> {
        match c {
            Courted::Minor(m) => self.board.minor_ally(m),
            Courted::Major(p) => self.influence.controller[p as usize],
        }
    }

    /// The powers that may be courted in this game: minors and inactive majors with a track.
    pub fn courted(&self, rs: &Ruleset) -> Vec<Courted> {
        Courted::all().filter(|c| self.courtable(rs, *c)).collect()
    }

    fn courtable(&self, rs: &Ruleset, c: Courted) -> bool {
        rs.influence.track(c) > 0
            && match c {
                Courted::Minor(_) => true,
                Courted::Major(p) => self.influence.inactive.contains(p),
            }
    }

    /// X-INF-BUY: checks `steps` of influence by `p` on `target` with `cp` CP; the cost.
    pub(crate) fn check_influence(
        &self,
        rs: &Ruleset,
        p: Power,
        target: Courted,
        steps: u8,
        cp: u8,
    ) -> Result<u8, Refusal> {
        if !self.powers.contains(p) {
            return Err(InfluenceRefusal::InactiveBuyer { power: p }.into());
        }
        if let Courted::Major(q) = target {
            if self.powers.contains(q) || q == p {
                return Err(InfluenceRefusal::ActiveMajor {
                    target: q,
                    allowed: self.courted(rs),
                }
                .into());
            }
        }
        if !self.courtable(rs, target) {
            return Err(InfluenceRefusal::NoTrack {
                target,
                allowed: self.courted(rs),
            }
            .into());
        }
        if steps == 0 {
            return Err(InfluenceRefusal::NoSteps.into());
        }
        if self.status_resolved(target) {
            return Err(InfluenceRefusal::ResolvedThisTurn {
                target,
                turn: self.turn,
            }
            .into());
        }
        let have = self.influence_of(target, p);
        let max = rs.influence.track(target);
        if u16::from(have) + u16::from(steps) > u16::from(max) {
            return Err(InfluenceRefusal::BeyondTrack {
                power: p,
                target,
                have,
                asked: steps,
                max,
            }
            .into());
        }
        let cost = u16::from(steps) * u16::from(rs.influence.cost(target));
        if cost > u16::from(cp) {
            return Err(InfluenceRefusal::NeedsCp {
                target,
                steps,
                cost: u8::try_from(cost).unwrap_or(u8::MAX),
                cp,
            }
            .into());
        }
        Ok(cost as u8)
    }

    /// X-INF-BUY: the CP action.
    pub(crate) fn influence_cp_action(
        &mut self,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        cp: u8,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::BuyInfluence { target, steps } = a else {
            return Err(Refusal::NoCpCost { action: a.kind() }.into());
        };
        let cost = self.check_influence(rs, p, *target, *steps, cp)?;
        let slot = &mut self.influence.levels[target.idx()][p as usize];
        *slot += *steps;
        let now = *slot;
        ev.push(Event::public(EventKind::Influence(
            InfluenceEvent::Bought {
                power: p,
                target: *target,
                steps: *steps,
                now,
                cp: cost,
            },
        )));
        let left = cp - cost;
        if left == 0 {
            self.next_impulse(rs, p, 0, ev);
        } else {
            self.stage = Stage::Cp { power: p, cp: left };
            ev.push(Event::public(EventKind::CpLeft { power: p, cp: left }));
        }
        Ok(())
    }

    /// Influence purchases `p` may make with `cp` CP (one step on each track with room).
    pub(crate) fn legal_influence(&self, rs: &Ruleset, p: Power, cp: u8, out: &mut Vec<Action>) {
        if !self.powers.contains(p) {
            return;
        }
        for c in Courted::all() {
            let cost = rs.influence.cost(c);
            if rs.influence.track(c) == 0 || cost > cp {
                continue;
            }
            if self.check_influence(rs, p, c, 1, cp).is_ok() {
                out.push(Action::BuyInfluence {
                    target: c,
                    steps: 1,
                });
            }
        }
    }

    /// X-INF-RESOLVE at the end of the Action phase: every courted power with influence whose
    /// status was not yet resolved this turn.
    pub(crate) fn resolve_statuses_at_turn_end(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if !rs.influence.at_turn_end {
            return;
        }
        for c in Courted::all() {
            let any = self.influence.levels[c.idx()].iter().any(|l| *l > 0);
            if any && self.courtable(rs, c) && !self.status_resolved(c) {
                self.resolve_status(rs, c, ev);
            }
        }
    }

    /// X-INF-ROLL: resolves `c`'s diplomatic status now (once per turn: a second call this turn
    /// only says so).
    pub(crate) fn resolve_status(&mut self, rs: &Ruleset, c: Courted, ev: &mut Vec<Event>) {
        if self.status_resolved(c) {
            ev.push(Event::public(EventKind::Influence(
                InfluenceEvent::AlreadyResolved { target: c },
            )));
            return;
        }
        self.influence.resolved[c.idx()] = self.turn;
        let mut rollers: Vec<Power> = self
            .powers
            .iter()
            .filter(|p| self.influence_of(c, *p) > 0)
            .collect();
        let mut rolls = self.roll_influence(c, &rollers);
        let mut winner = None;
        let mut rerolls = 0u8;
        let mut tie_nobody = false;
        loop {
            let best = rolls.iter().map(|r| r.die + r.influence).max().unwrap_or(0);
            let top: Vec<Power> = rolls
                .iter()
                .filter(|r| r.die + r.influence == best)
                .map(|r| r.power)
                .collect();
            match top.as_slice() {
                [] => break,
                [w] => {
                    winner = Some(*w);
                    break;
                }
                _ => match rs.influence.tie {
                    TieRule::Reroll if usize::from(rerolls) < REROLLS => {
                        rerolls += 1;
                        rollers = top;
                        rolls = self.roll_influence(c, &rollers);
                    }
                    TieRule::Nobody => {
                        tie_nobody = true;
                        break;
                    }
                    _ => break,
                },
            }
        }
        let everyone: Vec<Power> = self
            .powers
            .iter()
            .filter(|p| self.influence_of(c, *p) > 0)
            .collect();
        // The announcement comes before the wars the new ally ends.
        let mut after = Vec::new();
        if let Some(w) = winner {
            self.set_holder(c, Some(w), &mut after);
            for p in everyone {
                let loss = if p == w {
                    rs.influence.winner_loss
                } else {
                    rs.influence.loser_loss
                };
                let l = &mut self.influence.levels[c.idx()][p as usize];
                *l = l.saturating_sub(loss);
            }
        } else if tie_nobody {
            self.set_holder(c, None, &mut after);
        }
        let holder = self.holder_of(c);
        ev.push(Event::public(EventKind::Influence(
            InfluenceEvent::Resolved {
                target: c,
                rolls,
                winner,
                holder,
                rerolls,
            },
        )));
        ev.extend(after);
    }

    /// One die each for `rollers`, with their influence on `c`.
    fn roll_influence(&mut self, c: Courted, rollers: &[Power]) -> Vec<InfluenceRoll> {
        let mut out = Vec::with_capacity(rollers.len());
        for p in rollers {
            let influence = self.influence_of(c, *p);
            out.push(InfluenceRoll {
                power: *p,
                die: self.d6(),
                influence,
            });
        }
        out
    }

    /// Gives `c` to `p` (or nobody): a minor through the allied-minor machinery (its wars on the
    /// new ally end as with `adjust`), an inactive major as its controller.
    pub(crate) fn set_holder(&mut self, c: Courted, p: Option<Power>, ev: &mut Vec<Event>) {
        match (c, p) {
            (Courted::Minor(m), Some(p)) => self.ally_minor(m, p, ev),
            (Courted::Minor(m), None) => self.board.set_minor_ally(m, None),
            (Courted::Major(q), p) => self.influence.controller[q as usize] = p,
        }
    }

    /// `adjust what:influence`: changes `p`'s steps on `c` by `delta` (within the track).
    pub(crate) fn adjust_influence(
        &mut self,
        rs: &Ruleset,
        p: Power,
        c: Courted,
        delta: i8,
    ) -> RuleResult<()> {
        if let Courted::Major(q) = c {
            if self.powers.contains(q) {
                return Err(InfluenceRefusal::ActiveMajor {
                    target: q,
                    allowed: self.courted(rs),
                }
                .into());
            }
        }
        if !self.courtable(rs, c) {
            return Err(InfluenceRefusal::NoTrack {
                target: c,
                allowed: self.courted(rs),
            }
            .into());
        }
        let max = rs.influence.track(c);
        let have = self.influence_of(c, p);
        let now = i16::from(have) + i16::from(delta);
        if now < 0 {
            return Err(InfluenceRefusal::BelowZero {
                power: p,
                target: c,
                have,
            }
            .into());
        }
        if now > i16::from(max) {
            return Err(InfluenceRefusal::BeyondTrack {
                power: p,
                target: c,
                have,
                asked: delta.unsigned_abs(),
                max,
            }
            .into());
        }
        self.influence.levels[c.idx()][p as usize] = now as u8;
        Ok(())
    }

    /// `adjust what:influence-control`: sets who controls an inactive major (or nobody).
    pub(crate) fn adjust_inactive_control(
        &mut self,
        q: Power,
        controller: Option<Power>,
    ) -> RuleResult<()> {
        if !self.influence.inactive.contains(q) {
            return Err(InfluenceRefusal::NotInactive {
                target: q,
                inactive: self.influence.inactive.iter().collect(),
            }
            .into());
        }
        self.influence.controller[q as usize] = controller;
        Ok(())
    }

    /// `adjust what:resolve`: resolves a status now, as a card effect would.
    pub(crate) fn adjust_resolve(
        &mut self,
        rs: &Ruleset,
        c: Courted,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if !self.courtable(rs, c) {
            return Err(InfluenceRefusal::NoTrack {
                target: c,
                allowed: self.courted(rs),
            }
            .into());
        }
        self.resolve_status(rs, c, ev);
        Ok(())
    }
}
