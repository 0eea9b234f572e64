//! The legal actions of the awaited power, in a stable order. Every action listed here is accepted
//! by `apply` (the playout test checks this). Moves are listed in two canonical forms (the
//! largest formation allowed, and one unit); `apply` accepts any legal pick. Adjustments are
//! always open and are not listed.

use super::action::{Action, CardMode, UnitKind, Units};
use super::board::Stance;
use super::game::{Game, Stage};
use super::power::{LinkKind, Owner, Power, Relation};
use super::ruleset::{CardKind, EmpireChoice, LeaderKind, Ruleset};

impl Game {
    /// The actions `p` may take now; empty if `p` is not awaited.
    pub fn legal_actions(&self, rs: &Ruleset, p: Power) -> Vec<Action> {
        if !self.awaiting().powers().contains(p) {
            return Vec::new();
        }
        let mut out = Vec::new();
        if !self.steps.is_empty() {
            self.legal_step_answers(rs, p, &mut out);
            return out;
        }
        match &self.stage {
            Stage::Diplomacy { offers, .. } => {
                for o in offers.iter().filter(|o| o.to == p) {
                    out.push(Action::Accept { from: o.from });
                    out.push(Action::Decline { from: o.from });
                }
                // X-DIP-PEACE-HIS: Here I Stand's suing for peace, only where the data switches it on.
                let sue = rs.turn.number(super::turn_data::ids::SUE_FOR_PEACE) != 0;
                for t in self.powers.iter().filter(|t| *t != p) {
                    let open = offers.iter().any(|o| o.from == p && o.to == t);
                    match self.board.relation(p, t) {
                        Relation::Peace => {
                            // C-DIP-WAR-COST / C-DIP-WAR-LIMITS: each card that pays for it.
                            let cost = rs.turn.war_cost(p, t);
                            if let (Some(cost), Ok(())) = (cost, self.check_war_limits(rs, p, t)) {
                                for c in self.war_cards(rs, p, cost) {
                                    out.push(Action::DeclareWar {
                                        target: t,
                                        card: Some(c),
                                    });
                                }
                            }
                            if !open {
                                out.push(Action::OfferAlliance { target: t });
                            }
                        }
                        Relation::War => {
                            if !open {
                                out.push(Action::OfferPeace { target: t });
                            }
                            if sue {
                                out.push(Action::SueForPeace { target: t });
                            }
                        }
                        _ => {}
                    }
                }
                // C-DIP-WAR-LIMITS: a war on a minor with no ally, with each card that pays.
                for &m in super::power::Minor::ALL {
                    if self.board.minor_wars.contains(&(p, m)) {
                        // C-DIP-PEACE: the declarer may end it.
                        out.push(Action::PeaceWithMinor { minor: m });
                        continue;
                    }
                    if self.board.minor_ally(m).is_some()
                        || self.check_minor_war_limits(rs, p, m).is_err()
                    {
                        continue;
                    }
                    if let Some(cost) = rs.turn.minor_war_cost(p, m) {
                        for c in self.war_cards(rs, p, cost) {
                            out.push(Action::WarOnMinor {
                                minor: m,
                                card: Some(c),
                            });
                        }
                    }
                }
                // C-DIP-RANSOM: one's own captured leaders.
                for (l, _) in &self.captured {
                    if let Some(x) = rs.leaders.iter().find(|x| &x.id == l && x.power == p) {
                        let caps = self.free_capitals(rs, p, x.faction);
                        if caps.len() > 1 {
                            for c in caps {
                                out.push(Action::Ransom {
                                    leader: l.as_str().into(),
                                    to: Some(rs.space_name(c)),
                                });
                            }
                        } else {
                            out.push(Action::Ransom {
                                leader: l.as_str().into(),
                                to: None,
                            });
                        }
                    }
                }
                // --- marriages (X-MARRIAGE-PROPOSE)
                self.legal_marriage(rs, p, &mut out);
                if !offers.iter().any(|o| o.to == p) && self.marriage_answer_first(p).is_ok() {
                    out.push(Action::DoneDiplomacy);
                }
            }
            Stage::SecretChoice => {
                for c in [
                    EmpireChoice::Protestant,
                    EmpireChoice::Catholic,
                    EmpireChoice::Balanced,
                ] {
                    out.push(Action::SecretChoice { choice: c });
                }
            }
            Stage::Deployment { .. } => {
                for c in self.capitals_of(p) {
                    if !self.board.controls(rs, p, c) || self.board.at(c).unrest {
                        continue;
                    }
                    let faction = (p == Power::Protestant)
                        .then(|| self.capital_faction(c))
                        .flatten();
                    let Some(pick) = self.largest_pick(rs, p, c, faction) else {
                        continue;
                    };
                    let sea_max = super::movement::spring_sea_units(rs);
                    for (n, by_sea) in self.deploy_targets_by_sea(rs, p, c) {
                        // C-MOVE-SPRING: across a sea, at most the data's number of units.
                        let units = if by_sea {
                            match super::steps::cap_pick(pick.clone(), sea_max) {
                                Some(u) => u,
                                None => continue,
                            }
                        } else {
                            pick.clone()
                        };
                        out.push(Action::Deploy {
                            from: rs.space_name(c),
                            to: rs.space_name(n),
                            units,
                        });
                    }
                }
                if p == Power::Protestant {
                    for l in rs
                        .leaders
                        .iter()
                        .filter(|l| l.power == p && self.off_map.contains(&l.id))
                        .filter(|l| l.enters_turn.is_none_or(|t| t <= self.turn))
                    {
                        // Only the faction's own home spaces can qualify (R-PROT-LEADERS).
                        let own = |s: &super::ruleset::SpaceId| {
                            l.faction.is_some_and(|f| {
                                rs.space(*s).home == super::power::Home::Faction(f)
                            })
                        };
                        for s in rs.space_ids().filter(own) {
                            if self.check_leader_entry(rs, l.faction, s).is_ok() {
                                out.push(Action::PlaceLeader {
                                    leader: l.id.as_str().into(),
                                    space: rs.space_name(s),
                                });
                            }
                        }
                    }
                }
                out.push(Action::SkipDeployment);
            }
            Stage::Impulse { .. } => {
                for c in &self.hands[p as usize] {
                    let Some(card) = rs.card(*c) else { continue };
                    if card.kind != CardKind::Mandatory {
                        out.push(Action::Play {
                            card: *c,
                            mode: CardMode::Cp,
                        });
                    }
                    let war_ok = card.kind != CardKind::ForeignWar
                        || self.check_foreign_war_event(rs, card).is_ok();
                    if !matches!(card.kind, CardKind::Response | CardKind::Combat) && war_ok {
                        out.push(Action::Play {
                            card: *c,
                            mode: CardMode::Event,
                        });
                    }
                }
                if self.check_pass(rs, p).is_ok() {
                    out.push(Action::Pass);
                }
                // --- treasures (X-TREASURE-SPEND)
                self.legal_treasure_spends(p, &mut out);
            }
            Stage::Cp { cp, .. } => {
                let cp = *cp;
                // --- treasures (X-TREASURE-SPEND)
                self.legal_treasure_spends(p, &mut out);
                // C-LOC-DEF for every space, computed once if a control action is considered.
                let loc: std::cell::OnceCell<Vec<bool>> = std::cell::OnceCell::new();
                // --- perf: candidates are checked by space index and their CP costs read once
                // (the same keys as `Game::cp_cost`); names are cloned only into listed actions.
                out.reserve(128);
                let fits = |c: Option<u8>| c.is_some_and(|c| c <= cp);
                let (move_cost, pass_cost) = (rs.cost("move"), rs.cost("move_pass"));
                let control_ok = fits(rs.cost("control_unfortified"));
                let assault_ok = fits(rs.cost("assault"));
                let raises = [
                    (UnitKind::Regular, "raise_regular"),
                    (UnitKind::Mercenary, "buy_mercenary"),
                    (UnitKind::Cavalry, "raise_cavalry"),
                    (UnitKind::Squadron, "build_squadron"),
                    (UnitKind::Corsair, "build_corsair"),
                ]
                .map(|(u, key)| (u, fits(rs.cost(key))));
                // Which spaces hold p's land units, found once for every candidate.
                let land: Vec<bool> = rs.space_ids().map(|s| self.has_land(p, s)).collect();
                for s in rs.space_ids() {
                    let mine = land[s.idx()];
                    if mine {
                        let big = self
                            .largest_pick(rs, p, s, None)
                            .and_then(|u| self.free_pick(p, s, u));
                        let one = self.one_unit(p, s).filter(|o| Some(o) != big.as_ref());
                        let picks: Vec<Units> = [big, one].into_iter().flatten().collect();
                        // What depends only on the space left is checked once per pick.
                        let leaves: Vec<bool> = picks
                            .iter()
                            .map(|u| self.check_move_from(rs, p, s, u).is_ok())
                            .collect();
                        for (n, _) in &rs.neighbours[s.idx()] {
                            let cost = match rs.link(s, *n) {
                                Some(LinkKind::Pass) => pass_cost,
                                Some(LinkKind::Normal) => move_cost,
                                None => None,
                            };
                            if !fits(cost) {
                                continue;
                            }
                            // --- perf: a neutral space is refused for every pick; no refusal
                            // is built for it.
                            if self.board.space_stance(rs, p, *n) == Stance::Neutral {
                                continue;
                            }
                            for (pick, _) in picks.iter().zip(&leaves).filter(|(_, ok)| **ok) {
                                if self.check_move_to(rs, p, *n, pick).is_ok() {
                                    out.push(Action::Move {
                                        from: rs.space_name(s),
                                        to: rs.space_name(*n),
                                        units: pick.clone(),
                                    });
                                }
                            }
                        }
                    }
                    // Cheap filters first, so that refused candidates do not build messages.
                    let near = mine || rs.neighbours[s.idx()].iter().any(|(n, _)| land[n.idx()]);
                    if control_ok
                        && near
                        && !self.board.space_type(rs, s).is_fortified()
                        && !self.board.controls(rs, p, s)
                        && self
                            .check_control_at(
                                rs,
                                p,
                                s,
                                Some(loc.get_or_init(|| self.loc_map(rs, p))),
                            )
                            .is_ok()
                    {
                        out.push(Action::Control {
                            space: rs.space_name(s),
                        });
                    }
                    let home = rs.space(s).home.owner() == Owner::Major(p);
                    // Corsairs only where they can be (Ottoman, Barbary Pirates): a cheap test
                    // keeps the listing's cost for everyone else (C-RAISE).
                    let corsairs = p == Power::Ottoman && self.naval.barbary_pirates;
                    // --- perf: what `check_raise_at` refuses for every unit (not controlled,
                    // besieged, in unrest) or for a unit kind (mercenaries for the Ottoman,
                    // cavalry for anyone else, ships away from a port) is tested first, so that
                    // no refusal is built for it.
                    let raise_here = home
                        && self.board.controls(rs, p, s)
                        && self.board.at(s).besieged_by.is_none()
                        && !self.board.at(s).unrest;
                    let port = rs.space(s).is_port();
                    for (u, cost_ok) in raises.into_iter().filter(|_| raise_here) {
                        let kind_ok = match u {
                            UnitKind::Mercenary => p != Power::Ottoman,
                            UnitKind::Cavalry => p == Power::Ottoman,
                            UnitKind::Squadron => port,
                            UnitKind::Corsair => port && corsairs,
                            UnitKind::Regular => true,
                        };
                        if !kind_ok {
                            continue;
                        }
                        if home && cost_ok && self.check_raise_at(rs, p, s, u).is_ok() {
                            out.push(Action::Raise {
                                space: rs.space_name(s),
                                unit: u,
                                faction: None,
                            });
                        }
                    }
                    if assault_ok
                        && self.board.at(s).besieged_by == Some(p)
                        && self.check_assault_at(rs, p, s).is_ok()
                    {
                        out.push(Action::Assault {
                            space: rs.space_name(s),
                        });
                    }
                }
                self.legal_revolts(rs, p, cp, &mut out);
                self.legal_religion(rs, p, cp, &mut out);
                // --- diplomatic influence (X-INF-BUY)
                self.legal_influence(rs, p, cp, &mut out);
                self.legal_fight_foreign_war(p, cp, rs, &mut out);
                self.legal_naval(rs, p, cp, &mut out);
                self.legal_piracy(rs, p, cp, &mut out);
                // --- espionage (X-SPY-ACTION)
                self.legal_espionage(rs, p, cp, &mut out);
                out.push(Action::EndImpulse);
            }
            Stage::Winter | Stage::Over { .. } => {}
        }
        out
    }

    /// Whether `p` has land units in `s`.
    fn has_land(&self, p: Power, s: super::ruleset::SpaceId) -> bool {
        self.board
            .at(s)
            .forces
            .iter()
            .any(|f| f.owner() == Owner::Major(p) && f.land() > 0)
    }

    /// The largest formation `p` may move out of `s`: all land units up to the command limit,
    /// with every army leader there.
    /// With `faction`, only that Protestant faction's units and leaders (R-PROT-CAPITAL).
    pub(crate) fn largest_pick(
        &self,
        rs: &Ruleset,
        p: Power,
        s: super::ruleset::SpaceId,
        faction: Option<super::power::Faction>,
    ) -> Option<Units> {
        let forces: Vec<_> = self
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(p) && (faction.is_none() || f.faction == faction))
            .collect();
        let leaders = army_leader_names(rs, &forces);
        let limit = super::movement::formation_limit(rs, &leaders);
        let mut left = limit;
        let mut take = |n: u32| {
            let k = n.min(left);
            left -= k;
            k as u8
        };
        let r: u32 = forces.iter().map(|f| f.regulars as u32).sum();
        let c: u32 = forces.iter().map(|f| f.cavalry as u32).sum();
        let m: u32 = forces.iter().map(|f| f.mercenaries as u32).sum();
        let u = Units {
            regulars: take(r),
            cavalry: take(c),
            mercenaries: take(m),
            leaders,
        };
        (u.land() > 0).then_some(u)
    }

    /// One unit of `p` in `s` (a regular if any, else a mercenary, else cavalry), no leader.
    fn one_unit(&self, p: Power, s: super::ruleset::SpaceId) -> Option<Units> {
        let forces: Vec<_> = self
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .collect();
        one_unit_of(&forces)
    }
}

/// One unit from these forces (a regular if any, else a mercenary, else cavalry), no leader.
pub(crate) fn one_unit_of(forces: &[&super::board::Force]) -> Option<Units> {
    let has = |g: fn(&super::board::Force) -> u8| forces.iter().any(|f| g(f) > 0);
    let mut u = Units::default();
    if has(|f| f.regulars) {
        u.regulars = 1;
    } else if has(|f| f.mercenaries) {
        u.mercenaries = 1;
    } else if has(|f| f.cavalry) {
        u.cavalry = 1;
    } else {
        return None;
    }
    Some(u)
}

/// [`army_leaders`] as action names, cloned from the ruleset's (no name built per call).
fn army_leader_names(rs: &Ruleset, forces: &[&super::board::Force]) -> Vec<super::action::Name> {
    forces
        .iter()
        .flat_map(|f| f.leaders.iter())
        .filter_map(|l| {
            let i = rs
                .leaders
                .iter()
                .position(|x| &x.id == l && x.kind == LeaderKind::Army)?;
            Some(match rs.leader_names.get(i) {
                Some(n) if n == l.as_str() => n.clone(),
                _ => l.as_str().into(),
            })
        })
        .collect()
}

/// The army leaders (not naval ones) with these forces.
pub(crate) fn army_leaders(rs: &Ruleset, forces: &[&super::board::Force]) -> Vec<String> {
    forces
        .iter()
        .flat_map(|f| f.leaders.iter())
        .filter(|l| {
            rs.leaders
                .iter()
                .any(|x| &x.id == *l && x.kind == LeaderKind::Army)
        })
        .cloned()
        .collect()
}
