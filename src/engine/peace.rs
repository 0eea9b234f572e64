//! C-DIP-PEACE after `sue`: the settlement the two powers' players decide.
//!
//! The power that sued for peace first chooses which of its land units it removes (the data's
//! `peace_units_lost`, fewer when it has fewer on the map), then may regain from the winner what
//! the winner holds of its own: each captured leader, each home key, and each pair of non-key home
//! spaces. For each item the winner gets the data's `peace_regain_vp` VP or a card drawn at random
//! from the loser's hand.
//!
//! Readings (Here I Stand, as Saito's public implementation plays it; Virgin Queen has no
//! sue-for-peace segment): the loser picks between VP and card (Saito offers that choice to the
//! regaining power); a home key is paid in VP only unless the data's `peace_regain_key_card`
//! allows a card (Saito offers VP only); the winner's land units and army leaders in a regained
//! space go to the nearest fortified space the winner controls (Saito: "withdraw to the nearest
//! fortified space"), the winner choosing among equally near ones.

use super::action::Action;
use super::action::{PeacePay, RegainItem, Units};
use super::board::Force;
use super::error::RuleResult;
use super::event::{Event, EventKind, Visibility};
use super::game::Decision;
use super::game::Game;
use super::power::{Home, Owner, Power, PowerSet, SpaceType};
use super::question::{Forgo, Question};
use super::refusal::{LandCount, Refusal};
use super::ruleset::{CardKind, Ruleset, SpaceId};
use super::steps::Step;
use super::turn_data::ids;
use rand::Rng;

/// What the winner holds that the loser may regain.
#[derive(Debug, Default)]
struct Holdings {
    /// The loser's leaders the winner captured.
    leaders: Vec<String>,
    /// The loser's home keys the winner controls.
    keys: Vec<SpaceId>,
    /// The loser's non-key home spaces the winner controls.
    spaces: Vec<SpaceId>,
}

impl Holdings {
    fn any(&self) -> bool {
        !self.leaders.is_empty() || !self.keys.is_empty() || self.spaces.len() >= 2
    }
}

impl Game {
    /// `p`'s land units on the map (regulars, mercenaries, cavalry).
    pub fn land_on_map(&self, p: Power) -> u32 {
        self.board
            .spaces
            .iter()
            .flat_map(|s| s.forces.iter())
            .filter(|f| f.owner() == Owner::Major(p))
            .map(|f| f.land())
            .sum()
    }

    /// After `p` sued `winner` for peace: the units it owes (the data's number, or all it has on
    /// the map when fewer, announced), then the regain question.
    pub(crate) fn open_peace(
        &mut self,
        rs: &Ruleset,
        p: Power,
        winner: Power,
        ev: &mut Vec<Event>,
    ) {
        let rule = rs.turn.number(ids::PEACE_UNITS_LOST);
        let on_map = self.land_on_map(p);
        let owed = (rule.max(0) as u32).min(on_map);
        if rule > 0 {
            ev.push(Event::public(EventKind::PeaceUnitsOwed {
                power: p,
                units: rule,
            }));
            if on_map < rule as u32 {
                ev.push(Event::public(EventKind::PeaceUnitsShort {
                    power: p,
                    owed: rule,
                    on_map,
                }));
            }
        }
        if owed > 0 {
            self.steps.push(Step::PeaceUnits(PeaceUnits {
                power: p,
                winner,
                owed,
            }));
        } else {
            self.offer_regain(rs, p, winner, ev);
        }
    }

    /// Asks `p` the regain question if `winner` holds anything it may regain.
    fn offer_regain(&mut self, rs: &Ruleset, p: Power, winner: Power, ev: &mut Vec<Event>) {
        let h = self.holdings(rs, p, winner);
        if h.any() {
            ev.push(Event::public(EventKind::PeaceRegainOpen {
                power: p,
                winner,
                leaders: h.leaders.clone(),
                keys: h.keys.clone(),
                spaces: h.spaces.clone(),
            }));
            self.steps
                .push(Step::PeaceRegain(PeaceRegain { power: p, winner }));
        }
    }

    /// What `winner` holds of `p`'s: captured leaders, home keys, non-key home spaces.
    fn holdings(&self, rs: &Ruleset, p: Power, winner: Power) -> Holdings {
        let mut h = Holdings::default();
        for (l, captor) in &self.captured {
            let owner = rs.leaders.iter().find(|x| &x.id == l).map(|x| x.power);
            if *captor == winner && owner == Some(p) {
                h.leaders.push(l.clone());
            }
        }
        for s in rs.space_ids() {
            let home = match rs.space(s).home {
                Home::Major(q) => q == p,
                Home::Faction(_) => p == Power::Protestant,
                _ => false,
            };
            if !home || self.board.controller(rs, s) != Owner::Major(winner) {
                continue;
            }
            // X-DIP-PEACE-HIS: only what the winner took from the loser during the game: a home
            // space the scenario gave to another power (Buda, Ottoman since 1541) is not regained.
            if self.start_controller(rs, s) != Owner::Major(p) {
                continue;
            }
            if rs.space(s).kind == SpaceType::Key {
                h.keys.push(s);
            } else {
                h.spaces.push(s);
            }
        }
        h
    }

    /// Who controlled `s` when the game's scenario began: its setup row's controller, else its
    /// home power. A game brought in by a position file counts from its printed scenario.
    fn start_controller(&self, rs: &Ruleset, s: SpaceId) -> Owner {
        rs.scenario(&self.scenario)
            .and_then(|sc| sc.setup.iter().find(|r| r.space == s))
            .and_then(|r| r.controller)
            .unwrap_or_else(|| rs.space(s).home.owner())
    }

    /// The refusal for a peace answer nobody asked for.
    pub(crate) fn peace_not_asked(&self, p: Power) -> Refusal {
        Refusal::PeaceNotAsked {
            power: p,
            asked: self.steps.iter().rev().find_map(|s| match s {
                Step::PeaceUnits(PeaceUnits { power, .. })
                | Step::PeaceRegain(PeaceRegain { power, .. }) => Some(*power),
                _ => None,
            }),
        }
    }

    /// Answers the units question: removes `units` of `p`'s land units in `space`. Checks
    /// everything before changing anything.
    pub(crate) fn answer_surrender(
        &mut self,
        rs: &Ruleset,
        p: Power,
        top: &Step,
        space: &str,
        units: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Step::PeaceUnits(PeaceUnits { winner, owed, .. }) = *top else {
            return Err(self.peace_not_asked(p).into());
        };
        let s = Game::resolve_space(rs, space)?;
        let asked = units.land();
        if asked == 0 || asked > owed || !units.leaders.is_empty() {
            return Err(Refusal::SurrenderCount {
                owed,
                asked,
                leaders: !units.leaders.is_empty(),
            }
            .into());
        }
        let have = self.board.at(s).forces.iter().fold((0, 0, 0), |a, f| {
            if f.owner() == Owner::Major(p) {
                (
                    a.0 + f.regulars as u32,
                    a.1 + f.mercenaries as u32,
                    a.2 + f.cavalry as u32,
                )
            } else {
                a
            }
        });
        if units.regulars as u32 > have.0
            || units.mercenaries as u32 > have.1
            || units.cavalry as u32 > have.2
        {
            return Err(Refusal::SurrenderNotYours {
                power: p,
                space: s,
                have: LandCount::new(have.0, have.1, have.2),
                asked: LandCount::new(units.regulars, units.mercenaries, units.cavalry),
            }
            .into());
        }
        let (mut r, mut m, mut c) = (units.regulars, units.mercenaries, units.cavalry);
        for f in self.board.spaces[s.idx()].forces.iter_mut() {
            if f.owner() != Owner::Major(p) {
                continue;
            }
            for (n, have) in [
                (&mut r, &mut f.regulars),
                (&mut m, &mut f.mercenaries),
                (&mut c, &mut f.cavalry),
            ] {
                let k = (*n).min(*have);
                *n -= k;
                *have -= k;
            }
        }
        self.board.tidy(s);
        let left = owed - asked;
        ev.push(Event::public(EventKind::UnitsSurrendered {
            power: p,
            space: s,
            units: units.clone(),
            left,
        }));
        self.steps.pop();
        if left > 0 {
            self.steps.push(Step::PeaceUnits(PeaceUnits {
                power: p,
                winner,
                owed: left,
            }));
        } else {
            self.offer_regain(rs, p, winner, ev);
        }
        Ok(())
    }

    /// Answers the regain question: `p` regains `what` from `winner`, who gets `pay`. Checks
    /// everything before changing anything; the question stays while anything is left.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn answer_regain(
        &mut self,
        rs: &Ruleset,
        p: Power,
        winner: Power,
        what: &RegainItem,
        pay: PeacePay,
        to: Option<&str>,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let h = self.holdings(rs, p, winner);
        let not_held = |what: String| Refusal::RegainNotHeld {
            power: p,
            winner,
            what,
            leaders: h.leaders.clone(),
            keys: h.keys.clone(),
            spaces: h.spaces.clone(),
        };
        // What is regained, checked against what the winner holds.
        let (leader, spaces, key) = match what {
            RegainItem::Leader(l) => {
                if !h.leaders.contains(l) {
                    return Err(not_held(l.clone()).into());
                }
                (Some(l.clone()), Vec::new(), false)
            }
            RegainItem::Key(k) => {
                let s = Game::resolve_space(rs, k)?;
                if !h.keys.contains(&s) {
                    return Err(not_held(rs.space(s).id.clone()).into());
                }
                (None, vec![s], true)
            }
            RegainItem::Pair(a, b) => {
                let (a, b) = (Game::resolve_space(rs, a)?, Game::resolve_space(rs, b)?);
                if a == b || !h.spaces.contains(&a) || !h.spaces.contains(&b) {
                    let name = format!("{}+{}", rs.space(a).id, rs.space(b).id);
                    return Err(not_held(name).into());
                }
                (None, vec![a, b], false)
            }
        };
        // What the winner gets.
        let cards = self.peace_cards(rs, p);
        if pay == PeacePay::Card {
            let key_vp_only = key && rs.turn.number(ids::PEACE_REGAIN_KEY_CARD) == 0;
            if key_vp_only || cards.is_empty() {
                return Err(Refusal::RegainVpOnly {
                    power: p,
                    key: key_vp_only,
                }
                .into());
            }
        }
        // Where a regained leader goes: a capital the loser controls (as a ransom).
        let capital = match &leader {
            Some(l) => {
                let faction = rs
                    .leaders
                    .iter()
                    .find(|x| &x.id == l)
                    .and_then(|x| x.faction);
                Some((faction, self.ransom_capital(rs, p, faction, to)?))
            }
            None => None,
        };
        // Everything checked: apply.
        let vp = match pay {
            PeacePay::Vp => {
                let vp = rs.turn.number(ids::PEACE_REGAIN_VP);
                self.bonus_vp[winner as usize] += vp;
                vp
            }
            PeacePay::Card => 0,
        };
        if let (Some(l), Some((faction, to))) = (&leader, capital) {
            self.captured.retain(|(x, _)| x != l);
            self.place_returned_leader(p, faction, l, to);
        }
        for s in &spaces {
            self.board.set_control(rs, *s, Owner::Major(p));
        }
        ev.push(Event::public(EventKind::PeaceRegained {
            power: p,
            winner,
            leader: leader.clone(),
            spaces: spaces.clone(),
            pay,
            vp,
            to: capital.and_then(|(_, c)| c),
        }));
        if pay == PeacePay::Card {
            let k = self.rng.random_range(0..cards.len());
            let card = cards[k];
            self.hands[p as usize].retain(|c| *c != card);
            self.hands[winner as usize].push(card);
            self.hands[winner as usize].sort_unstable();
            let both: PowerSet = [p, winner].into_iter().collect();
            ev.push(Event {
                vis: Visibility::Powers(both),
                kind: EventKind::PeaceCard {
                    from: p,
                    to: winner,
                    card,
                },
            });
        }
        if !self.holdings(rs, p, winner).any() {
            self.steps.pop();
        }
        // The winner's forces leave the regained spaces (a question above the regain question
        // when several fortified spaces are equally near).
        for s in &spaces {
            self.peace_withdraw(rs, winner, *s, ev);
        }
        Ok(())
    }

    /// Cards of `p`'s hand the winner may draw (home cards stay, as with piracy).
    fn peace_cards(&self, rs: &Ruleset, p: Power) -> Vec<u16> {
        self.hands[p as usize]
            .iter()
            .copied()
            .filter(|c| rs.card(*c).is_none_or(|x| x.kind != CardKind::Home))
            .collect()
    }

    /// The winner's land units and army leaders leave a regained space for the nearest
    /// fortified space it controls, by land distance (Saito: "the nearest fortified space").
    /// With several equally near, the winner is asked which ([`Step::PeaceWithdraw`]); with none
    /// on the map they are eliminated (their leaders go off the map).
    fn peace_withdraw(&mut self, rs: &Ruleset, winner: Power, s: SpaceId, ev: &mut Vec<Event>) {
        if self.winner_forces(rs, winner, s).is_empty() {
            return;
        }
        let to = self.nearest_fortified(rs, winner, s);
        if to.len() > 1 {
            self.steps.push(Step::PeaceWithdraw(PeaceWithdraw {
                power: winner,
                from: s,
                to,
            }));
            return;
        }
        self.move_winner_forces(rs, winner, s, to.first().copied(), ev);
    }

    /// The winner's forces in `s` holding land units or army leaders.
    fn winner_forces(&self, rs: &Ruleset, winner: Power, s: SpaceId) -> Vec<Force> {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| {
                f.owner() == Owner::Major(winner)
                    && (f.land() > 0 || f.leaders.iter().any(|l| !rs.is_naval_leader(l)))
            })
            .cloned()
            .collect()
    }

    /// Moves the winner's land units and army leaders from `s` to `to` (none: eliminated).
    fn move_winner_forces(
        &mut self,
        rs: &Ruleset,
        winner: Power,
        s: SpaceId,
        to: Option<SpaceId>,
        ev: &mut Vec<Event>,
    ) {
        for f in self.winner_forces(rs, winner, s) {
            let Some(moving) = self.take_land(rs, s, &f) else {
                continue;
            };
            match to {
                Some(d) => self.put_land(d, &f, &moving),
                None => self.off_map.extend(moving.leaders.iter().cloned()),
            }
            ev.push(Event::public(EventKind::PeaceWithdrawn {
                power: winner,
                from: s,
                to,
                units: moving.land(),
            }));
        }
        self.board.tidy(s);
    }

    /// Answers the winner's question: its forces leave `from` for `to`, one of `allowed`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn answer_peace_withdraw(
        &mut self,
        rs: &Ruleset,
        p: Power,
        from: SpaceId,
        allowed: &[SpaceId],
        to: Option<&str>,
        inside: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let t = to.map(|x| Game::resolve_space(rs, x)).transpose()?;
        let Some(t) = t.filter(|t| allowed.contains(t) && inside.land() == 0) else {
            return Err(Refusal::PeaceWithdrawPlace {
                space: t,
                allowed: allowed.to_vec(),
            }
            .into());
        };
        self.steps.pop();
        self.move_winner_forces(rs, p, from, Some(t), ev);
        Ok(())
    }

    /// The nearest fortified spaces `p` controls from `from` (land links of any kind), all
    /// equally near ones, by space id.
    fn nearest_fortified(&self, rs: &Ruleset, p: Power, from: SpaceId) -> Vec<SpaceId> {
        rs.nearest_where(
            from,
            |s| self.board.space_type(rs, s).is_fortified() && self.board.controls(rs, p, s),
            |_| true,
        )
    }

    /// The legal answers to a peace question: one land unit per answer (by space and type) for
    /// the units owed; each item with each payment (and each capital, for a leader) or finish.
    pub(crate) fn legal_peace_answers(
        &self,
        rs: &Ruleset,
        top: &Step,
        out: &mut Vec<super::action::Action>,
    ) {
        use super::action::Action;
        match top {
            Step::PeaceUnits(PeaceUnits { power, .. }) => {
                for s in rs.space_ids() {
                    let mut have = (0u32, 0u32, 0u32);
                    for f in &self.board.at(s).forces {
                        if f.owner() == Owner::Major(*power) {
                            have.0 += f.regulars as u32;
                            have.1 += f.mercenaries as u32;
                            have.2 += f.cavalry as u32;
                        }
                    }
                    for (n, u) in [
                        (
                            have.0,
                            Units {
                                regulars: 1,
                                ..Units::default()
                            },
                        ),
                        (
                            have.1,
                            Units {
                                mercenaries: 1,
                                ..Units::default()
                            },
                        ),
                        (
                            have.2,
                            Units {
                                cavalry: 1,
                                ..Units::default()
                            },
                        ),
                    ] {
                        if n > 0 {
                            out.push(Action::Surrender {
                                space: rs.space(s).id.as_str().into(),
                                units: u,
                            });
                        }
                    }
                }
            }
            Step::PeaceRegain(PeaceRegain { power, winner }) => {
                let p = *power;
                out.push(Action::Forgo);
                let h = self.holdings(rs, p, *winner);
                let card = !self.peace_cards(rs, p).is_empty();
                let key_card = card && rs.turn.number(ids::PEACE_REGAIN_KEY_CARD) != 0;
                let pays = |with_card: bool| {
                    PeacePay::ALL
                        .into_iter()
                        .filter(move |x| *x == PeacePay::Vp || with_card)
                };
                for l in &h.leaders {
                    let faction = rs
                        .leaders
                        .iter()
                        .find(|x| &x.id == l)
                        .and_then(|x| x.faction);
                    let caps = self.free_capitals(rs, p, faction);
                    let tos: Vec<Option<String>> = if caps.len() > 1 {
                        caps.iter().map(|c| Some(rs.space(*c).id.clone())).collect()
                    } else {
                        vec![None]
                    };
                    for pay in pays(card) {
                        for to in &tos {
                            out.push(Action::Regain {
                                what: RegainItem::Leader(l.clone()),
                                pay,
                                to: to.clone().map(Into::into),
                            });
                        }
                    }
                }
                for k in &h.keys {
                    for pay in pays(key_card) {
                        out.push(Action::Regain {
                            what: RegainItem::Key(rs.space(*k).id.clone()),
                            pay,
                            to: None,
                        });
                    }
                }
                for (i, a) in h.spaces.iter().enumerate() {
                    for b in &h.spaces[i + 1..] {
                        for pay in pays(card) {
                            out.push(Action::Regain {
                                what: RegainItem::Pair(
                                    rs.space(*a).id.clone(),
                                    rs.space(*b).id.clone(),
                                ),
                                pay,
                                to: None,
                            });
                        }
                    }
                }
            }
            Step::PeaceWithdraw(PeaceWithdraw { to, .. }) => {
                for t in to {
                    out.push(Action::Retreat {
                        to: Some(rs.space(*t).id.as_str().into()),
                        inside: Units::default(),
                    });
                }
            }
            _ => {}
        }
    }
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision: `power` sued `winner` for peace and removes `owed` more of its land units.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PeaceUnits {
    /// The power that sued.
    pub power: Power,
    /// The war's winner.
    pub winner: Power,
    /// Land units still to remove.
    pub owed: u32,
}

/// Decision: `power` may regain what `winner` holds of its own (captured leaders, home keys,
/// pairs of non-key home spaces), or finish (`forgo`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PeaceRegain {
    /// The power that sued.
    pub power: Power,
    /// The war's winner.
    pub winner: Power,
}

/// Decision: the winner's forces leave the regained space `from`; `power` (the winner) picks
/// which of the equally near fortified spaces it controls, `to`, they go to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PeaceWithdraw {
    /// The war's winner.
    pub power: Power,
    /// The regained space.
    pub from: SpaceId,
    /// The equally near fortified spaces it controls.
    pub to: Vec<SpaceId>,
}

impl Question for PeaceUnits {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::PeaceUnits)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Surrender { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Surrender { space, units } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_surrender(rs, p, &Step::PeaceUnits(self.clone()), space, units, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_peace_answers(rs, &Step::PeaceUnits(self.clone()), out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

impl Question for PeaceRegain {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::PeaceRegain)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Regain { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Regain { what, pay, to } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_regain(rs, p, self.winner, what, *pay, to.as_deref(), ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_peace_answers(rs, &Step::PeaceRegain(self.clone()), out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }
}

impl Question for PeaceWithdraw {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::PeaceWithdraw)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Retreat { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Retreat { to, inside } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_peace_withdraw(rs, p, self.from, &self.to, to.as_deref(), inside, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_peace_answers(rs, &Step::PeaceWithdraw(self.clone()), out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}
