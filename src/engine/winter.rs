//! Winter (C-WINTER-ORDER): sieges end, land units and leaders go to winter quarters
//! (C-WINTER-QUARTERS, with R-PROT-WINTER: never in a fortified space of another, allied power),
//! alliances between majors end, and each power gets a free regular in every capital it controls
//! that is not in unrest (C-WINTER-REGULAR). Naval winter (C-NAVAL-WINTER) runs first, in `naval.rs`.

use super::action::{Action, Units};
use super::battle::mercenaries_first;
use super::board::{Force, Stance};
use super::error::RuleResult;
use super::event::{Event, EventKind, FreeUnitBar, Skipped};
use super::game::Decision;
use super::game::Game;
use super::inactive::RuleAnswer;
use super::interception::decider;
use super::power::{Faction, Owner, Power, Relation};
use super::question::{Forgo, Question};
use super::refusal::{LandCount, Refusal};
use super::ruleset::{Ruleset, SpaceId};
use super::steps::Standing;
use super::steps::{Step, WinterPhase};
use super::turn_data::ids;

impl Game {
    /// Works the Winter frame one phase at a time, in the order of C-WINTER-ORDER. A question
    /// (C-WINTER-QUARTERS) is pushed above the frame and the frame resumes where it stood once
    /// it is answered, so Winter survives a restart (the frame is in the state).
    pub(crate) fn work_winter(&mut self, rs: &Ruleset, phase: WinterPhase, ev: &mut Vec<Event>) {
        let next = match phase {
            // --- naval warfare: owners first choose among equally near winter ports
            // (C-NAVAL-WINTER); asked again until no fleet at sea has a choice.
            WinterPhase::Ports => {
                if self.ask_winter_ports(rs) {
                    return;
                }
                WinterPhase::Leaders
            }
            // R-PROT-LEADERS: the Protestant may take army leaders off the map first.
            WinterPhase::Leaders => {
                if self.winter_leader_choice_due(rs) {
                    if let Some(Step::Winter { phase }) = self.steps.last_mut() {
                        *phase = WinterPhase::Start;
                    }
                    self.steps
                        .push(Step::WithdrawLeaders(super::protestant::WithdrawLeaders {
                            power: Power::Protestant,
                        }));
                    return;
                }
                WinterPhase::Start
            }
            WinterPhase::Start => {
                // Naval units go to port before sieges end (C-NAVAL-WINTER).
                self.naval_winter(rs, ev);
                for s in rs.space_ids() {
                    if self.board.spaces[s.idx()].besieged_by.take().is_some() {
                        ev.push(Event::public(EventKind::SiegeLifted { space: s }));
                    }
                }
                WinterPhase::Quarters
            }
            WinterPhase::Quarters => match self.next_quarters(rs, ev) {
                Some(q) => {
                    self.ask_winter(q, ev);
                    return;
                }
                None => WinterPhase::Overstack,
            },
            WinterPhase::Overstack => match self.next_excess(rs, ev) {
                Some(q) => {
                    self.ask_winter(q, ev);
                    return;
                }
                None => WinterPhase::EmpireUnit,
            },
            WinterPhase::EmpireUnit => {
                // The frame goes on with the rest once the Empire has answered.
                if let Some(Step::Winter { phase }) = self.steps.last_mut() {
                    *phase = WinterPhase::Rest;
                }
                if let Some(q) = self.empire_unit_question(rs) {
                    self.steps.push(q);
                    return;
                }
                if self.powers.contains(Power::Empire) {
                    self.say_no_free_unit(rs, Power::Empire, ev);
                }
                WinterPhase::Rest
            }
            WinterPhase::Rest => {
                self.steps.pop();
                self.winter_rest(rs, ev);
                self.after_winter(rs, ev);
                return;
            }
        };
        if let Some(Step::Winter { phase }) = self.steps.last_mut() {
            *phase = next;
        }
    }

    /// Pushes a Winter question and announces what it offers.
    fn ask_winter(&mut self, q: Step, ev: &mut Vec<Event>) {
        let said = match &q {
            Step::WinterQuarters(WinterQuarters {
                power, from, to, ..
            }) => Some((*power, *from, to.clone(), 0)),
            Step::WinterExcess(WinterExcess {
                power,
                space,
                excess,
                to,
                ..
            }) => Some((*power, *space, to.clone(), *excess)),
            // Its prompt says what it offers.
            _ => None,
        };
        if let Some((power, from, to, excess)) = said {
            ev.push(Event::public(EventKind::WinterQuestion {
                power,
                from,
                to,
                excess,
            }));
        }
        self.steps.push(q);
    }

    /// The end of Winter: alliances between majors end, free regulars (C-WINTER-REGULAR),
    /// overdue mandatory events (C-CARD-MANDATORY).
    fn winter_rest(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        for (i, a) in Power::ALL.iter().enumerate() {
            for b in &Power::ALL[i + 1..] {
                if self.board.relation(*a, *b) == Relation::Alliance {
                    self.board.set_relation(*a, *b, Relation::Peace);
                    ev.push(Event::public(EventKind::AllianceEnded { a: *a, b: *b }));
                }
            }
        }
        // The Empire's free unit is its own choice (`EmpireUnit` phase).
        for p in self.powers.iter().filter(|p| *p != Power::Empire) {
            for c in self.capitals_of(p) {
                if let Some(why) = self.free_unit_bar(rs, p, c) {
                    ev.push(Event::public(EventKind::QuestionSkipped {
                        power: p,
                        skipped: Skipped::FreeUnit { space: c, why },
                    }));
                    continue;
                }
                let faction = (p == Power::Protestant).then(|| self.capital_faction_of(c));
                let f = self.board.force_mut(c, Owner::Major(p), faction);
                // No free regular past the unit bound (MAX_UNITS).
                if !f.has_room(1, 0, 0, 0) {
                    self.board.tidy(c);
                    continue;
                }
                f.add_units(1, 0, 0, 0);
                ev.push(Event::public(EventKind::FreeRegular { power: p, space: c }));
            }
        }
        // C-WINTER-ORDER (Virgin Queen): Lisbon's controller draws a Portuguese treasure.
        self.lisbon_winter_draw(rs, ev);
        // C-WINTER-ORDER: piracy markers come off (C-PIRACY: once per sea zone per turn).
        self.clear_piracy_markers(ev);
        self.overdue_mandatory(rs, ev);
    }

    /// C-WINTER-REGULAR: why capital `c` gives `p` no free winter unit, if it gives none.
    fn free_unit_bar(&self, rs: &Ruleset, p: Power, c: SpaceId) -> Option<FreeUnitBar> {
        if !self.board.controls(rs, p, c) {
            return Some(FreeUnitBar::HeldBy(self.board.controller(rs, c)));
        }
        if self.board.at(c).unrest {
            return Some(FreeUnitBar::Unrest);
        }
        let full = self
            .board
            .at(c)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .any(|f| !f.has_room(1, 0, 0, 0));
        full.then_some(FreeUnitBar::Full)
    }

    /// Says why `p` (asked nothing) takes no free winter unit: its first capital's bar.
    fn say_no_free_unit(&self, rs: &Ruleset, p: Power, ev: &mut Vec<Event>) {
        if let Some((c, why)) = self
            .capitals_of(p)
            .into_iter()
            .find_map(|c| self.free_unit_bar(rs, p, c).map(|w| (c, w)))
        {
            ev.push(Event::public(EventKind::QuestionSkipped {
                power: p,
                skipped: Skipped::FreeUnit { space: c, why },
            }));
        }
    }

    /// The Protestant faction a Protestant capital serves.
    fn capital_faction_of(&self, c: SpaceId) -> Faction {
        if self.board.protestant_capitals[0] == Some(c) {
            Faction::Huguenot
        } else {
            Faction::Dutch
        }
    }

    /// Whether `f` may winter in `s` (C-WINTER-QUARTERS, R-PROT-WINTER): a fortified space its
    /// own power controls (an ally's, even a minor ally's, is another power's), or its Protestant
    /// faction's own capital even when unfortified (X-PROT-CAPITAL-SPACE); Huguenot units
    /// not in the Dutch capital, Dutch units not in the Huguenot capital, allied minor units in
    /// neither. Units of an inactive minor and independent units stay in spaces their owner
    /// controls.
    pub fn is_winter_quarters(&self, rs: &Ruleset, f: &Force, s: SpaceId) -> bool {
        let owner = f.owner();
        let inactive = match owner {
            Owner::Minor(m) => self.board.minor_ally(m).is_none(),
            Owner::Independent => true,
            Owner::Major(_) => false,
        };
        if inactive {
            return self.board.controller(rs, s) == owner;
        }
        if self.board.controller(rs, s) != owner {
            return false;
        }
        let [hug_cap, dutch_cap] = self.board.protestant_capitals;
        // X-PROT-CAPITAL-SPACE: a faction's own capital is its winter quarters even unfortified.
        let own_capital = match (owner, f.faction) {
            (Owner::Major(Power::Protestant), Some(Faction::Huguenot)) => hug_cap == Some(s),
            (Owner::Major(Power::Protestant), Some(Faction::Dutch)) => dutch_cap == Some(s),
            _ => false,
        };
        if own_capital {
            return true;
        }
        if !self.board.space_type(rs, s).is_fortified() {
            return false;
        }
        let forbidden = match (owner, f.faction) {
            (Owner::Major(Power::Protestant), Some(Faction::Huguenot)) => dutch_cap == Some(s),
            (Owner::Major(Power::Protestant), Some(Faction::Dutch)) => hug_cap == Some(s),
            (Owner::Minor(_), _) => hug_cap == Some(s) || dutch_cap == Some(s),
            _ => false,
        };
        !forbidden
    }

    /// The major whose friendship opens the way for `f` (its power, or a minor's ally).
    fn winter_side(&self, f: &Force) -> Option<Power> {
        match f.owner() {
            Owner::Major(p) => Some(p),
            Owner::Minor(m) => self.board.minor_ally(m),
            Owner::Independent => None,
        }
    }

    /// Whether `f` in `s` must go to winter quarters: it has land units or army leaders, is not
    /// in quarters, and has a major side whose friendly spaces open the way.
    fn needs_quarters(&self, rs: &Ruleset, f: &Force, s: SpaceId) -> bool {
        // Naval leaders stay in port with the ships (C-NAVAL-WINTER).
        if f.land() == 0 && f.leaders.iter().all(|l| rs.is_naval_leader(l)) {
            return false;
        }
        !self.is_winter_quarters(rs, f, s) && self.winter_side(f).is_some()
    }

    /// Sends forces outside winter quarters to the nearest quarters reachable through friendly
    /// spaces not in unrest, one force at a time in space order; with no way there they lose
    /// half (rounded up, mercenaries and cavalry first) and the rest go to a capital, or are
    /// eliminated with none. Several equally near quarters are the owner's choice: the question
    /// is returned (the engine picks only for powers not in play).
    fn next_quarters(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) -> Option<Step> {
        for s in rs.space_ids() {
            let forces: Vec<Force> = self.board.at(s).forces.clone();
            for f in forces {
                if !self.needs_quarters(rs, &f, s) {
                    continue;
                }
                let Some(side) = self.winter_side(&f) else {
                    continue;
                };
                let to = self.nearest_quarters(rs, &f, side, s);
                if let Some(q) = to
                    .is_empty()
                    .then(|| self.attrition_question(rs, s, &f, ev))
                    .flatten()
                {
                    return Some(q);
                }
                if to.len() > 1 {
                    if let Some(p) = decider(self, f.owner()).filter(|p| self.powers.contains(*p)) {
                        return Some(Step::WinterQuarters(WinterQuarters {
                            power: p,
                            from: s,
                            owner: f.owner(),
                            faction: f.faction,
                            to,
                        }));
                    }
                    // X-INACTIVE-ANSWERS: an inactive major's units, said why.
                    if let Owner::Major(q) = f.owner() {
                        let answer = RuleAnswer::WinterQuarters {
                            from: s,
                            to: to.first().copied(),
                        };
                        self.answered_by_rule(q, answer, ev);
                    }
                }
                self.send_to_quarters(rs, s, &f, to.first().copied(), ev);
            }
        }
        None
    }

    /// Moves `f`'s land units and army leaders in `s` to `dest`, or applies attrition with none.
    fn send_to_quarters(
        &mut self,
        rs: &Ruleset,
        s: SpaceId,
        f: &Force,
        dest: Option<SpaceId>,
        ev: &mut Vec<Event>,
    ) {
        let Some(moving) = self.take_land(rs, s, f) else {
            return;
        };
        match dest {
            Some(d) => {
                self.put_land(d, f, &moving);
                ev.push(Event::public(EventKind::WinterQuarters {
                    owner: f.owner(),
                    from: s,
                    to: d,
                    units: moving.land(),
                }));
            }
            None => {
                let capital = match f.owner() {
                    Owner::Major(p) => self.free_capital(rs, p, f.faction),
                    _ => None,
                };
                self.attrition(s, f, moving, capital, ev)
            }
        }
        self.board.tidy(s);
    }

    /// C-WINTER-QUARTERS attrition for a force with no way to winter quarters whose owner holds
    /// several free capitals (Spain's Madrid and Milan): which one the survivors go to is the
    /// owner's choice (our reading, as for the excess), asked of a major in play; an inactive
    /// major's go to the first, said aloud (X-INACTIVE-ANSWERS).
    fn attrition_question(
        &mut self,
        rs: &Ruleset,
        s: SpaceId,
        f: &Force,
        ev: &mut Vec<Event>,
    ) -> Option<Step> {
        let Owner::Major(p) = f.owner() else {
            return None;
        };
        let to = self.free_capitals(rs, p, f.faction);
        if to.len() < 2 || f.land() == 0 {
            return None;
        }
        if self.powers.contains(p) {
            return Some(Step::AttritionCapital(AttritionCapital {
                power: p,
                space: s,
                faction: f.faction,
                to,
            }));
        }
        let answer = RuleAnswer::AttritionCapital {
            space: s,
            to: to[0],
        };
        self.answered_by_rule(p, answer, ev);
        None
    }

    /// Removes `f`'s land units and army leaders from `s` (ships and naval leaders stay) and
    /// returns them.
    pub(super) fn take_land(&mut self, rs: &Ruleset, s: SpaceId, f: &Force) -> Option<Force> {
        let i = self.board.spaces[s.idx()]
            .forces
            .iter()
            .position(|x| x.owner() == f.owner() && x.faction == f.faction)?;
        let here = &mut self.board.spaces[s.idx()].forces[i];
        let (naval, army): (Vec<String>, Vec<String>) = std::mem::take(&mut here.leaders)
            .into_iter()
            .partition(|l| rs.is_naval_leader(l));
        let moving = Force {
            squadrons: 0,
            corsairs: 0,
            leaders: army,
            ..here.clone()
        };
        here.regulars = 0;
        here.mercenaries = 0;
        here.cavalry = 0;
        here.leaders = naval;
        Some(moving)
    }

    /// Adds `moving`'s land units and leaders to `f`'s force in `d`.
    pub(super) fn put_land(&mut self, d: SpaceId, f: &Force, moving: &Force) {
        let t = self.board.force_mut(d, f.owner(), f.faction);
        t.add_units(moving.regulars, moving.mercenaries, moving.cavalry, 0);
        t.leaders.extend(moving.leaders.iter().cloned());
    }

    /// C-WINTER-QUARTERS attrition for units with no way to winter quarters.
    fn attrition(
        &mut self,
        s: SpaceId,
        f: &Force,
        mut moving: Force,
        capital: Option<SpaceId>,
        ev: &mut Vec<Event>,
    ) {
        let total = moving.land();
        let mut lost = if capital.is_some() {
            total.div_ceil(2)
        } else {
            total
        };
        let lost_count = lost;
        for n in [
            &mut moving.mercenaries,
            &mut moving.cavalry,
            &mut moving.regulars,
        ] {
            let k = (*n as u32).min(lost);
            *n -= k as u8;
            lost -= k;
        }
        match capital {
            Some(c) => self.put_land(c, f, &moving),
            None => self.off_map.extend(moving.leaders.iter().cloned()),
        }
        ev.push(Event::public(EventKind::WinterAttrition {
            owner: f.owner(),
            space: s,
            lost: lost_count,
            to: capital,
        }));
    }

    /// Beyond the data's `winter_stack` land units of one power in a fortified space other than
    /// one of its own capitals, the excess goes to a capital (C-WINTER-QUARTERS). A captured
    /// capital of another power is not exempt: only the power's own capitals are. The limit counts
    /// all of a power's land units together: Huguenot and Dutch units are one power's
    /// (R-PROT-POOL). Which units and which capital are the owner's choice: the question is
    /// returned (the engine picks, mercenaries first and the first capital, only for powers not
    /// in play).
    fn next_excess(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) -> Option<Step> {
        let limit = rs.turn.number(ids::WINTER_STACK).max(0) as u32;
        for s in rs.space_ids() {
            if !self.board.space_type(rs, s).is_fortified() {
                continue;
            }
            let forces = self.board.at(s).forces.clone();
            let mut seen: Vec<Power> = Vec::new();
            for f in &forces {
                let Owner::Major(p) = f.owner() else { continue };
                if seen.contains(&p) {
                    continue;
                }
                seen.push(p);
                if self.capitals_of(p).contains(&s) {
                    continue;
                }
                if let Some(q) = self.excess_question(rs, p, s, limit, None) {
                    if self.powers.contains(p) {
                        return Some(q);
                    }
                    if let Step::WinterExcess(WinterExcess {
                        faction,
                        excess,
                        to,
                        ..
                    }) = &q
                    {
                        let here = forces
                            .iter()
                            .find(|x| x.owner() == f.owner() && x.faction == *faction)
                            .cloned()
                            .unwrap_or_else(|| Force::new(f.owner(), *faction));
                        // X-INACTIVE-ANSWERS: an inactive major's excess, said why.
                        let answer = RuleAnswer::WinterExcess {
                            space: s,
                            to: to[0],
                        };
                        self.answered_by_rule(p, answer, ev);
                        let units = mercenaries_first(
                            (
                                here.regulars as u32,
                                here.mercenaries as u32,
                                here.cavalry as u32,
                            ),
                            *excess,
                        );
                        self.send_excess(s, &here, &units, to[0], ev);
                    }
                }
            }
        }
        None
    }

    /// The excess question for `p`'s land units in `s` over `limit`, if any: about the first of
    /// its forces there (Protestant: by faction) that has a capital to go to, other than `skip`.
    /// When another faction there could send units instead, the answer may send fewer: from
    /// `excess - shared` to `excess` (R-PROT-POOL).
    fn excess_question(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        limit: u32,
        skip: Option<Option<Faction>>,
    ) -> Option<Step> {
        let mine: Vec<&Force> = self
            .board
            .at(s)
            .forces
            .iter()
            .filter(|x| x.owner() == Owner::Major(p))
            .collect();
        let total: u32 = mine.iter().map(|x| x.land()).sum();
        if total <= limit {
            return None;
        }
        let excess = total - limit;
        let options: Vec<(&Force, Vec<SpaceId>)> = mine
            .iter()
            .filter(|x| x.land() > 0 && skip != Some(x.faction))
            .map(|x| (*x, self.free_capitals(rs, p, x.faction)))
            .filter(|(_, to)| !to.is_empty())
            .collect();
        let (first, to) = options.first()?;
        let others: u32 = options[1..].iter().map(|(x, _)| x.land()).sum();
        let most = excess.min(first.land());
        let least = excess.saturating_sub(others).min(most);
        Some(Step::WinterExcess(WinterExcess {
            power: p,
            space: s,
            faction: first.faction,
            excess: most,
            to: to.clone(),
            shared: most - least,
        }))
    }

    /// Moves `units` (land units and leaders) of `f`'s force in `s` to the capital `c`.
    fn send_excess(
        &mut self,
        s: SpaceId,
        f: &Force,
        units: &Units,
        c: SpaceId,
        ev: &mut Vec<Event>,
    ) {
        let Some(i) = self.board.spaces[s.idx()]
            .forces
            .iter()
            .position(|x| x.owner() == f.owner() && x.faction == f.faction)
        else {
            return;
        };
        let here = &mut self.board.spaces[s.idx()].forces[i];
        here.regulars -= units.regulars.min(here.regulars);
        here.mercenaries -= units.mercenaries.min(here.mercenaries);
        here.cavalry -= units.cavalry.min(here.cavalry);
        here.leaders
            .retain(|l| !units.leaders.iter().any(|x| x == l));
        let mut moving = Force::new(f.owner(), f.faction);
        moving.regulars = units.regulars;
        moving.mercenaries = units.mercenaries;
        moving.cavalry = units.cavalry;
        moving.leaders = units
            .leaders
            .clone()
            .into_iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>();
        self.put_land(c, f, &moving);
        self.board.tidy(s);
        ev.push(Event::public(EventKind::WinterQuarters {
            owner: f.owner(),
            from: s,
            to: c,
            units: units.land(),
        }));
    }

    /// The nearest winter quarters for `f` (by land distance; all equally near ones, by space
    /// id), reached through spaces friendly to `side` and not in unrest. Empty: no way there.
    fn nearest_quarters(
        &self,
        rs: &Ruleset,
        f: &Force,
        side: Power,
        from: SpaceId,
    ) -> Vec<SpaceId> {
        rs.nearest_where(
            from,
            |s| {
                self.is_winter_quarters(rs, f, s)
                    && self.winter_room(rs, f, s)
                    && self
                        .board
                        .check_room(s, f.owner(), f.regulars, f.mercenaries, f.cavalry)
                        .is_ok()
            },
            |n| {
                self.board.space_stance(rs, side, n) == Stance::Friendly && !self.board.at(n).unrest
            },
        )
    }
}

// --- winter questions (C-WINTER-QUARTERS): answers, standing answer, legal answers
impl Game {
    /// Answers a Winter question on top of the stack. Checks everything before changing anything.
    pub(crate) fn answer_winter(
        &mut self,
        rs: &Ruleset,
        p: Power,
        top: &Step,
        to: Option<&str>,
        units: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let dest = |allowed: &[SpaceId]| -> RuleResult<SpaceId> {
            match to {
                None if allowed.len() == 1 => Ok(allowed[0]),
                None => Err(Refusal::WinterPlace {
                    space: None,
                    allowed: allowed.to_vec(),
                }
                .into()),
                Some(t) => {
                    let s = Game::resolve_space(rs, t)?;
                    if allowed.contains(&s) {
                        Ok(s)
                    } else {
                        Err(Refusal::WinterPlace {
                            space: Some(s),
                            allowed: allowed.to_vec(),
                        }
                        .into())
                    }
                }
            }
        };
        match top {
            Step::WinterQuarters(WinterQuarters {
                from,
                owner,
                faction,
                to: allowed,
                ..
            }) => {
                if units.land() > 0 || !units.leaders.is_empty() {
                    return Err(Refusal::WinterWholeForce { space: *from }.into());
                }
                let d = dest(allowed)?;
                let f = Force::new(*owner, *faction);
                self.steps.pop();
                self.send_to_quarters(rs, *from, &f, Some(d), ev);
            }
            Step::WinterExcess(WinterExcess {
                space,
                faction,
                excess,
                to: allowed,
                shared,
                ..
            }) => {
                let c = dest(allowed)?;
                let least = excess - shared.min(excess);
                let owner = Owner::Major(p);
                let here = self
                    .board
                    .at(*space)
                    .forces
                    .iter()
                    .find(|x| x.owner() == owner && x.faction == *faction)
                    .cloned()
                    .unwrap_or_else(|| Force::new(owner, *faction));
                let have = LandCount::new(
                    here.regulars as u32,
                    here.mercenaries as u32,
                    here.cavalry as u32,
                );
                let fits = units.regulars <= here.regulars
                    && units.mercenaries <= here.mercenaries
                    && units.cavalry <= here.cavalry;
                if !fits || units.land() > *excess || units.land() < least {
                    return Err(Refusal::WinterWrongUnits {
                        least,
                        excess: *excess,
                        asked: LandCount::new(
                            units.regulars as u32,
                            units.mercenaries as u32,
                            units.cavalry as u32,
                        ),
                        have,
                    }
                    .into());
                }
                for l in &units.leaders {
                    if !here.leaders.iter().any(|x| x == l) || rs.is_naval_leader(l) {
                        return Err(Refusal::LeaderNotHere {
                            leader: l.to_string(),
                            power: p,
                            space: *space,
                            army: true,
                        }
                        .into());
                    }
                }
                let s = *space;
                self.steps.pop();
                if units.land() > 0 || !units.leaders.is_empty() {
                    self.send_excess(s, &here, units, c, ev);
                }
                // R-PROT-POOL: what the first faction did not send comes from the other one.
                if *shared > 0 {
                    let limit = rs.turn.number(ids::WINTER_STACK).max(0) as u32;
                    if let Some(q) = self.excess_question(rs, p, s, limit, Some(*faction)) {
                        self.ask_winter(q, ev);
                    }
                }
            }
            _ => return Err(Refusal::NothingPending.into()),
        }
        Ok(())
    }

    /// The standing answer `winter_default` to a Winter question: the first quarters listed;
    /// excess units mercenaries first, then cavalry, then regulars, to the first capital listed.
    pub(crate) fn winter_default_answer(&self, rs: &Ruleset, top: &Step) -> Action {
        match top {
            Step::WinterQuarters(WinterQuarters { to, .. }) => Action::Winter {
                to: to.first().map(|s| rs.space(*s).id.clone()).map(Into::into),
                units: Units::default(),
            },
            Step::WinterExcess(WinterExcess {
                power,
                space,
                faction,
                excess,
                to,
                ..
            }) => Action::Winter {
                to: to.first().map(|s| rs.space(*s).id.clone()).map(Into::into),
                units: mercenaries_first(self.force_land(*power, *space, *faction), *excess),
            },
            Step::EmpireWinterUnit(_) => Action::Winter {
                to: None,
                units: Units {
                    regulars: 1,
                    ..Units::default()
                },
            },
            // C-NAVAL-WINTER: the first of the equally near ports (map order).
            Step::WinterPort(super::naval::WinterPort { to, .. }) => Action::NavalRetreat {
                to: to.first().cloned().unwrap_or_default().into(),
            },
            _ => Action::Forgo,
        }
    }

    /// Regulars, mercenaries and cavalry of `p`'s force (of `faction`) in `s`.
    fn force_land(&self, p: Power, s: SpaceId, faction: Option<Faction>) -> (u32, u32, u32) {
        self.board
            .at(s)
            .forces
            .iter()
            .find(|x| x.owner() == Owner::Major(p) && x.faction == faction)
            .map_or((0, 0, 0), |f| {
                (f.regulars as u32, f.mercenaries as u32, f.cavalry as u32)
            })
    }

    /// The legal answers to a Winter question: each equally near quarters; each split of the
    /// excess into unit types, to each capital.
    pub(crate) fn legal_winter_answers(&self, rs: &Ruleset, top: &Step, out: &mut Vec<Action>) {
        match top {
            Step::EmpireWinterUnit(_) => {
                for units in Self::empire_unit_choices(rs) {
                    out.push(Action::Winter { to: None, units });
                }
            }
            Step::WinterQuarters(WinterQuarters { to, .. }) => {
                for s in to {
                    out.push(Action::Winter {
                        to: Some(rs.space(*s).id.as_str().into()),
                        units: Units::default(),
                    });
                }
            }
            Step::WinterExcess(WinterExcess {
                power,
                space,
                faction,
                excess,
                to,
                shared,
            }) => {
                let have = self.force_land(*power, *space, *faction);
                for c in to {
                    for k in (excess - (*shared).min(*excess)..=*excess).rev() {
                        for r in 0..=have.0.min(k) {
                            for m in 0..=have.1.min(k - r) {
                                let cav = k - r - m;
                                if cav <= have.2 {
                                    out.push(Action::Winter {
                                        to: Some(rs.space(*c).id.as_str().into()),
                                        units: Units {
                                            regulars: r as u8,
                                            mercenaries: m as u8,
                                            cavalry: cav as u8,
                                            leaders: Vec::new(),
                                        },
                                    });
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    // ---------------------------------------------------------------- the Empire's free unit

    /// C-WINTER-REGULAR (Virgin Queen): the Empire's question, if it is in play and holds a
    /// capital not in unrest with room for a unit.
    fn empire_unit_question(&self, rs: &Ruleset) -> Option<Step> {
        let p = Power::Empire;
        if !self.powers.contains(p) {
            return None;
        }
        let space = self.capitals_of(p).into_iter().find(|c| {
            self.board.controls(rs, p, *c)
                && !self.board.at(*c).unrest
                && self
                    .board
                    .at(*c)
                    .forces
                    .iter()
                    .find(|f| f.owner() == Owner::Major(p))
                    .is_none_or(|f| f.has_room(1, 0, 0, 0))
        })?;
        Some(Step::EmpireWinterUnit(EmpireWinterUnit { power: p, space }))
    }

    /// The Empire's two answers: one regular, or the data's number of mercenaries.
    fn empire_unit_choices(rs: &Ruleset) -> [Units; 2] {
        let m = u8::try_from(rs.turn.number(ids::EMPIRE_WINTER_MERCENARIES)).unwrap_or(0);
        [
            Units {
                regulars: 1,
                ..Units::default()
            },
            Units {
                mercenaries: m,
                ..Units::default()
            },
        ]
    }

    /// The Empire's answer: the unit(s) go to its capital `space`.
    pub(crate) fn answer_empire_unit(
        &mut self,
        rs: &Ruleset,
        p: Power,
        space: SpaceId,
        units: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let choices = Self::empire_unit_choices(rs);
        let picked = Units {
            leaders: Vec::new(),
            ..units.clone()
        };
        if !choices.contains(&picked) || !units.leaders.is_empty() {
            return Err(Refusal::EmpireWinterUnit {
                mercenaries: choices[1].mercenaries,
            }
            .into());
        }
        self.steps.pop();
        let f = self.board.force_mut(space, Owner::Major(p), None);
        let (r, m) = (picked.regulars, picked.mercenaries);
        if f.has_room(r, m, 0, 0) {
            f.add_units(r, m, 0, 0);
            if r > 0 {
                ev.push(Event::public(EventKind::FreeRegular { power: p, space }));
            } else {
                ev.push(Event::public(EventKind::EmpireWinterMercenaries {
                    space,
                    mercenaries: m,
                }));
            }
        }
        self.board.tidy(space);
        Ok(())
    }
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision (C-WINTER-QUARTERS): `power` picks which of several equally near winter
/// quarters the force in `from` goes to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WinterQuarters {
    /// The deciding power (the owner, or a minor's ally).
    pub power: Power,
    /// Where the force is.
    pub from: SpaceId,
    /// Whose force.
    pub owner: super::power::Owner,
    /// For Protestant units, the faction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<super::power::Faction>,
    /// The equally near winter quarters.
    pub to: Vec<SpaceId>,
}

/// Decision (C-WINTER-QUARTERS): `power` has more land units in `space` than may winter
/// there and picks which `excess` go to which of the capitals `to`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WinterExcess {
    /// The owner.
    pub power: Power,
    /// The overstacked space.
    pub space: SpaceId,
    /// For Protestant units, the faction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<super::power::Faction>,
    /// Land units that must leave.
    pub excess: u32,
    /// Capitals they may go to.
    pub to: Vec<SpaceId>,
    /// Of `excess`, how many the power's other faction in the space may send instead
    /// (R-PROT-POOL): the answer sends `excess - shared` to `excess` units.
    #[serde(default, skip_serializing_if = "super::steps::is_zero")]
    pub shared: u32,
}

/// Decision (C-WINTER-REGULAR, Virgin Queen): the Empire takes its free winter unit in
/// `space` as one regular or as the data's number of mercenaries.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EmpireWinterUnit {
    /// The Empire.
    pub power: Power,
    /// Its capital that receives the unit.
    pub space: SpaceId,
}

impl Question for WinterQuarters {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::WinterQuarters)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Winter { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Winter { to, units } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_winter(
            rs,
            p,
            &Step::WinterQuarters(self.clone()),
            to.as_deref(),
            units,
            ev,
        )
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_winter_answers(rs, &Step::WinterQuarters(self.clone()), out)
    }

    fn standing(&self, g: &Game, rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::WinterDefault)
            .then(|| {
                (
                    Standing::WinterDefault,
                    g.winter_default_answer(rs, &Step::WinterQuarters(self.clone())),
                )
            })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

impl Question for WinterExcess {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::WinterExcess)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Winter { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Winter { to, units } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_winter(
            rs,
            p,
            &Step::WinterExcess(self.clone()),
            to.as_deref(),
            units,
            ev,
        )
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_winter_answers(rs, &Step::WinterExcess(self.clone()), out)
    }

    fn standing(&self, g: &Game, rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::WinterDefault)
            .then(|| {
                (
                    Standing::WinterDefault,
                    g.winter_default_answer(rs, &Step::WinterExcess(self.clone())),
                )
            })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

impl Question for EmpireWinterUnit {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::EmpireWinterUnit)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Winter { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Winter { units, .. } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_empire_unit(rs, p, self.space, units, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_winter_answers(rs, &Step::EmpireWinterUnit(self.clone()), out)
    }

    fn standing(&self, g: &Game, rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::WinterDefault)
            .then(|| {
                (
                    Standing::WinterDefault,
                    g.winter_default_answer(rs, &Step::EmpireWinterUnit(self.clone())),
                )
            })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

/// The question (C-WINTER-QUARTERS, our reading): `power`'s force in `space` has no way to
/// winter quarters and loses half; its owner picks which of its free capitals `to` the
/// survivors go to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AttritionCapital {
    /// The owner.
    pub power: Power,
    /// Where the force is.
    pub space: SpaceId,
    /// For Protestant units, the faction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<Faction>,
    /// The capitals the survivors may go to.
    pub to: Vec<SpaceId>,
}

impl Question for AttritionCapital {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::AttritionCapital)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Winter { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        _p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Winter { to, units } = a else {
            return Err(Refusal::NothingPending.into());
        };
        if units.land() > 0 || !units.leaders.is_empty() {
            return Err(Refusal::WinterWholeForce { space: self.space }.into());
        }
        let to = match to {
            Some(t) => Some(Game::resolve_space(rs, t)?),
            None => None,
        };
        let Some(c) = to.filter(|c| self.to.contains(c)) else {
            return Err(Refusal::WinterPlace {
                space: to,
                allowed: self.to.clone(),
            }
            .into());
        };
        let f = Force::new(Owner::Major(self.power), self.faction);
        g.steps.pop();
        if let Some(moving) = g.take_land(rs, self.space, &f) {
            g.attrition(self.space, &f, moving, Some(c), ev);
        }
        g.board.tidy(self.space);
        Ok(())
    }

    fn legal(&self, _g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        for c in &self.to {
            out.push(Action::Winter {
                to: Some(rs.space(*c).id.as_str().into()),
                units: Units::default(),
            });
        }
    }

    fn standing(&self, g: &Game, rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::WinterDefault)
            .then(|| {
                let to = Some(rs.space(self.to[0]).id.as_str().into());
                let units = Units::default();
                (Standing::WinterDefault, Action::Winter { to, units })
            })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}
