//! The CP actions of an impulse: what each costs (`costs.csv`, C-ACT-COSTS) and which chapter
//! module carries it out. The land rules live one module per rulebook chapter, each opening with
//! the C-/R- IDs it implements: [`super::movement`] (movement, LOC, spring deployment),
//! [`super::interception`] (interception, avoiding battle, withdrawal), [`super::battle`] (field
//! battle, retreat, relief), [`super::siege`] (siege and assault) and [`super::control`]
//! (control, unrest, raising, fortresses); [`super::steps`] is the decision stack they share.

use super::action::{Action, UnitKind};
use super::error::RuleResult;
use super::event::Event;
use super::game::Game;
use super::power::{LinkKind, Power};
use super::refusal::{CpUse, Refusal};
use super::ruleset::Ruleset;

pub use super::battle::hits;
pub use super::interception::MAX_DEFENDERS;
pub use super::movement::MAX_WITHOUT_LEADER;

impl Game {
    /// Applies one CP action; returns its cost. Checks everything before changing anything.
    pub(crate) fn cp_action(
        &mut self,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        cp: u8,
        ev: &mut Vec<Event>,
    ) -> RuleResult<u8> {
        let cost = self.cp_cost(rs, p, a)?;
        if cost > cp {
            let pass = match a {
                Action::Move { from, to, .. } => {
                    let ends = Game::resolve_space(rs, from)
                        .ok()
                        .zip(Game::resolve_space(rs, to).ok());
                    ends.and_then(|(f, t)| rs.link(f, t)) == Some(LinkKind::Pass)
                }
                _ => false,
            };
            let what = if pass {
                CpUse::CrossPass
            } else {
                CpUse::Action(a.kind())
            };
            return Err(Refusal::NotEnoughCp {
                power: p,
                left: cp,
                cost,
                what,
            }
            .into());
        }
        match a {
            Action::Move { from, to, units } => self.do_move(rs, p, from, to, units, ev)?,
            Action::Control { space } => self.do_control(rs, p, space, ev)?,
            Action::Raise {
                space,
                unit,
                faction,
            } => {
                self.check_raise_faction(rs, p, space, *faction)?;
                self.do_raise(rs, p, space, *unit, ev)?
            }
            Action::BuildFortress { space } => self.do_build_fortress(rs, p, space, ev)?,
            Action::Assault { space } => self.do_assault(rs, p, space, ev)?,
            Action::Revolt {
                space,
                declare_capital,
                leaders,
                capital,
            } => {
                // R-PROT-CAPITAL: `capital` names any space; `declare_capital` the revolt space.
                let capital = capital
                    .as_deref()
                    .or(declare_capital.then_some(space.as_str()));
                self.do_revolt(rs, p, space, capital, leaders, ev)?
            }
            Action::FightForeignWar { card } => self.do_fight_foreign_war(rs, p, *card, ev)?,
            // --- naval warfare
            Action::NavalMove { legs } => self.do_naval_move(rs, p, legs, ev)?,
            Action::NavalTransport { from, to, units } => {
                self.do_transport(rs, p, from, to, units, ev)?
            }
            // --- piracy
            Action::Piracy { zone, target } => self.do_piracy(rs, p, zone, *target, ev)?,
            _ => return Err(Refusal::NotAutomated { action: a.kind() }.into()),
        }
        Ok(cost)
    }

    /// The CP cost of an action, from `costs.csv`.
    pub fn cp_cost(&self, rs: &Ruleset, p: Power, a: &Action) -> RuleResult<u8> {
        let key = match a {
            Action::Move { from, to, .. } => {
                let (f, t) = (Game::resolve_space(rs, from)?, Game::resolve_space(rs, to)?);
                match rs.link(f, t) {
                    Some(LinkKind::Pass) => "move_pass",
                    Some(LinkKind::Normal) => "move",
                    None => return Err(Refusal::NotAdjacent { from: f, to: t }.into()),
                }
            }
            Action::Control { .. } => "control_unfortified",
            Action::Raise { unit, .. } => match unit {
                UnitKind::Regular => "raise_regular",
                UnitKind::Mercenary => "buy_mercenary",
                UnitKind::Cavalry => "raise_cavalry",
                UnitKind::Squadron => "build_squadron",
                UnitKind::Corsair => "build_corsair",
            },
            Action::BuildFortress { .. } => "build_fortress",
            Action::Assault { .. } => "assault",
            Action::Revolt { .. } => "revolt",
            Action::FightForeignWar { .. } => "fight_foreign_war",
            // --- naval warfare: a transport costs one naval move per step (C-NAVAL-TRANSPORT)
            Action::NavalMove { .. } => "naval_move",
            Action::NavalTransport { from, to, units } => {
                let (_, _, zones) = self.check_transport(rs, p, from, to, units)?;
                let step = rs
                    .cost("naval_move")
                    .ok_or(Refusal::NoCostInData { key: "naval_move" })?;
                return Ok(step.saturating_mul(zones.len() as u8 + 1));
            }
            Action::Piracy { .. } => "piracy",
            _ => return Err(Refusal::NoCpCost { action: a.kind() }.into()),
        };
        rs.cost(key)
            .ok_or_else(|| Refusal::NoCostInData { key }.into())
    }
}
