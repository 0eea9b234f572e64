//! War on a minor power and its natural ally's intervention (C-DIP-WAR-COST, C-DIP-WAR-LIMITS).
//!
//! A major may declare war on a minor that has no ally, paying the data's cost with a card
//! (`war_costs.csv` rows whose target is a minor). The minor's natural ally (`natural_allies.csv`)
//! is then asked — whatever it holds, since its hand is private — whether it intervenes by
//! declaring war on the declarer, paying its own war cost; if it does, the minor becomes its
//! ally. Otherwise the minor stays without an ally and is an enemy of the declarer only.
//!
//! Such a war ends when the declarer makes peace with the minor in a Diplomacy phase (the minor
//! has no player to accept or refuse: our reading, C-DIP-PEACE), after which the peace limits a
//! new war on it as between majors (C-DIP-WAR-LIMITS); or when the minor gains a major ally by
//! any means (intervention, an event, `adjust`), since an allied minor's friends and enemies are
//! its ally's.

use super::action::Action;
use super::error::RuleResult;
use super::event::{Event, EventKind};
use super::game::Decision;
use super::game::Game;
use super::power::{Minor, Power, Relation};
use super::question::{Forgo, Question};
use super::refusal::Refusal;
use super::ruleset::Ruleset;
use super::steps::Step;
use super::turn_data::ids;

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
        self.check_minor_war_limits(rs, p, m)?;
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
            self.steps.push(Step::Intervene(Intervene {
                power: a,
                minor: m,
                against: p,
            }));
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
        self.ally_minor(m, a, ev);
        ev.push(Event::public(EventKind::MinorAllied { minor: m, power: a }));
        Ok(())
    }

    /// C-DIP-WAR-LIMITS: no war on a minor `p` made peace with this turn or within the data's
    /// `peace_lock_turns` before it (the same lock as between majors).
    pub(crate) fn check_minor_war_limits(
        &self,
        rs: &Ruleset,
        p: Power,
        m: Minor,
    ) -> RuleResult<()> {
        let lock = rs.turn.number(ids::PEACE_LOCK_TURNS).clamp(0, 255) as u8;
        let last = self
            .minor_peace
            .iter()
            .filter(|(a, x, _)| (*a, *x) == (p, m))
            .map(|(_, _, t)| *t)
            .max();
        if let Some(t) = last {
            let from_turn = t.saturating_add(lock).saturating_add(1);
            if self.turn < from_turn {
                return Err(Refusal::MinorWarAfterPeace {
                    power: p,
                    minor: m,
                    peace_turn: t,
                    from_turn,
                }
                .into());
            }
        }
        Ok(())
    }

    /// C-DIP-PEACE: `p` ends its war on the minor `m`, which has no ally. The minor has no player
    /// to accept, so the declarer's word ends it; the peace is remembered for the war limits.
    pub(crate) fn peace_with_minor(
        &mut self,
        p: Power,
        m: Minor,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if !self.board.minor_wars.contains(&(p, m)) {
            return Err(self.no_minor_war(p, m).into());
        }
        self.board.minor_wars.retain(|w| *w != (p, m));
        self.minor_peace.retain(|(a, x, _)| (*a, *x) != (p, m));
        self.minor_peace.push((p, m, self.turn));
        ev.push(Event::public(EventKind::MinorPeace { by: p, minor: m }));
        Ok(())
    }

    /// The refusal for a peace with a minor `p` is not at war with, naming its wars on minors.
    fn no_minor_war(&self, p: Power, m: Minor) -> Refusal {
        let wars = self
            .board
            .minor_wars
            .iter()
            .filter(|(a, _)| *a == p)
            .map(|(_, x)| *x)
            .collect();
        Refusal::NoMinorWar {
            power: p,
            minor: m,
            wars,
        }
    }

    /// The minor `m` becomes `a`'s ally: every war a major waged on it alone ends (announced),
    /// since an allied minor's enemies are its ally's.
    pub(crate) fn ally_minor(&mut self, m: Minor, a: Power, ev: &mut Vec<Event>) {
        let ended: Vec<Power> = self
            .board
            .minor_wars
            .iter()
            .filter(|(_, x)| *x == m)
            .map(|(p, _)| *p)
            .collect();
        self.board.minor_wars.retain(|(_, x)| *x != m);
        self.board.set_minor_ally(m, Some(a));
        for p in ended {
            ev.push(Event::public(EventKind::MinorWarEnded {
                power: p,
                minor: m,
                ally: a,
            }));
        }
    }

    /// `adjust` (C-DIP-WAR-LIMITS): puts `p` at war with the minor `m`, which must have no ally,
    /// or ends that war.
    pub(crate) fn adjust_minor_war(&mut self, p: Power, m: Minor, at_war: bool) -> RuleResult<()> {
        if at_war {
            if let Some(a) = self.board.minor_ally(m) {
                return Err(Refusal::MinorAlreadyAllied { minor: m, ally: a }.into());
            }
            if self.board.minor_wars.contains(&(p, m)) {
                return Err(Refusal::AlreadyAtWarMinor { power: p, minor: m }.into());
            }
            self.board.minor_wars.push((p, m));
        } else {
            if !self.board.minor_wars.contains(&(p, m)) {
                return Err(self.no_minor_war(p, m).into());
            }
            self.board.minor_wars.retain(|w| *w != (p, m));
        }
        Ok(())
    }
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision: `power`, the natural ally of `minor`, may intervene by declaring war on
/// `against`, which declared war on the minor (answer: a declaration of war with a card, or
/// decline).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Intervene {
    /// The natural ally asked.
    pub power: Power,
    /// The minor attacked.
    pub minor: super::power::Minor,
    /// The declarer.
    pub against: Power,
}

impl Question for Intervene {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::Intervene)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::DeclareWar { target, .. } if *target == self.against)
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::DeclareWar { card, .. } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.intervene(rs, p, self.minor, self.against, *card, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        out.push(Action::Forgo);
        if let Some(cost) = rs.turn.war_cost(p, self.against) {
            for c in g.war_cards(rs, p, cost) {
                out.push(Action::DeclareWar {
                    target: self.against,
                    card: Some(c),
                });
            }
        }
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }
}
