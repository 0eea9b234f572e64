//! War on a minor power and its natural ally's intervention (C-DIP-WAR-COST, C-DIP-WAR-LIMITS).
//!
//! A major may declare war on a minor that has no ally, paying the data's cost with a card
//! (`war_costs.csv` rows whose target is a minor). The minor's natural ally (`natural_allies.csv`)
//! is then asked — whatever it holds, since its hand is private — whether it intervenes by
//! declaring war on the declarer, paying its own war cost; if it does, the minor becomes its
//! ally. Otherwise the minor stays without an ally and is an enemy of the declarer only.

use super::error::RuleResult;
use super::event::{Event, EventKind};
use super::game::Game;
use super::power::{Minor, Power, Relation};
use super::refusal::Refusal;
use super::ruleset::Ruleset;
use super::steps::Step;

impl Game {
    /// `p` declares war on the minor `m`, paying with `card`; its natural ally may intervene.
    pub(crate) fn war_on_minor(
        &mut self,
        rs: &Ruleset,
        p: Power,
        m: Minor,
        card: Option<u16>,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if let Some(a) = self.board.minor_ally(m) {
            return Err(Refusal::MinorAlreadyAllied { minor: m, ally: a }.into());
        }
        if self.board.minor_wars.contains(&(p, m)) {
            return Err(Refusal::AlreadyAtWarMinor { power: p, minor: m }.into());
        }
        let Some(cost) = rs.turn.minor_war_cost(p, m) else {
            return Err(Refusal::MinorWarNotAllowed { power: p, minor: m }.into());
        };
        self.pay_war_card(
            rs,
            p,
            cost,
            card,
            |cards| Refusal::MinorWarNeedsCard {
                power: p,
                minor: m,
                cost,
                cards,
            },
            ev,
        )?;
        self.board.minor_wars.push((p, m));
        ev.push(Event::public(EventKind::MinorWarDeclared {
            by: p,
            minor: m,
        }));
        if let Some(a) = self.intervener(rs, p, m) {
            self.steps.push(Step::Intervene {
                power: a,
                minor: m,
                against: p,
            });
        }
        Ok(())
    }

    /// The natural ally asked to intervene, from public information only: in play, not the
    /// declarer, at peace with it, and allowed by the war table and the peace limits to declare
    /// war on it.
    fn intervener(&self, rs: &Ruleset, p: Power, m: Minor) -> Option<Power> {
        let a = rs.turn.natural_ally(m)?;
        let can = a != p
            && self.powers.contains(a)
            && self.board.relation(a, p) == Relation::Peace
            && rs.turn.war_cost(a, p).is_some()
            && self.check_war_limits(rs, a, p).is_ok();
        can.then_some(a)
    }

    /// The natural ally `a` intervenes: it declares war on `against`, paying with `card`, and
    /// the minor becomes its ally.
    pub(crate) fn intervene(
        &mut self,
        rs: &Ruleset,
        a: Power,
        m: Minor,
        against: Power,
        card: Option<u16>,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        self.pay_for_war(rs, a, against, card, ev)?;
        self.steps.pop();
        self.board.set_relation(a, against, Relation::War);
        ev.push(Event::public(EventKind::WarDeclared {
            by: a,
            target: against,
        }));
        self.board.minor_wars.retain(|(_, x)| *x != m);
        self.board.set_minor_ally(m, Some(a));
        ev.push(Event::public(EventKind::MinorAllied { minor: m, power: a }));
        Ok(())
    }
}
