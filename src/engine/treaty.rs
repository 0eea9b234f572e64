//! The Diplomacy phase's costs and consequences: war costs and limits (C-DIP-WAR-COST,
//! C-DIP-WAR-LIMITS), suing for peace (C-DIP-PEACE), ransom of captured leaders (C-DIP-RANSOM)
//! and the recall of units to a capital after Winter (C-WINTER-CAPITAL-RECALL).

use super::error::RuleResult;
use super::event::{Event, EventKind, Visibility};
use super::game::Game;
use super::power::{Faction, Owner, Power};
use super::refusal::Refusal;
use super::ruleset::{CardKind, Ruleset, SpaceId};
use super::turn_data::ids;
use rand::Rng;

impl Game {
    /// C-DIP-WAR-LIMITS: no war between two powers that made peace this turn or within the
    /// data's `peace_lock_turns` before it.
    pub(crate) fn check_war_limits(&self, rs: &Ruleset, p: Power, target: Power) -> RuleResult<()> {
        // --- card effects: a war a card's effect forbids (`forbid_war`)
        self.check_forbidden_war(p, target)?;
        let lock = rs.turn.number(ids::PEACE_LOCK_TURNS).clamp(0, 255) as u8;
        if let Some(t) = self
            .peace_made
            .iter()
            .filter(|(a, b, _)| (*a, *b) == (p, target) || (*a, *b) == (target, p))
            .map(|(_, _, t)| *t)
            .max()
        {
            let from_turn = t.saturating_add(lock).saturating_add(1);
            if self.turn < from_turn {
                return Err(Refusal::WarAfterPeace {
                    power: p,
                    target,
                    peace_turn: t,
                    from_turn,
                }
                .into());
            }
        }
        Ok(())
    }

    /// Cards of `p`'s hand that may pay `cost` CP of a war: worth at least that, and not a
    /// mandatory event (it must be played as its event).
    pub fn war_cards(&self, rs: &Ruleset, p: Power, cost: u8) -> Vec<u16> {
        self.hands[p as usize]
            .iter()
            .copied()
            .filter(|c| {
                rs.card(*c)
                    .is_some_and(|c| c.cp >= cost && c.kind != CardKind::Mandatory)
            })
            .collect()
    }

    /// C-DIP-WAR-COST: the named card is discarded to pay the war's cost (excess CP are lost).
    pub(crate) fn pay_for_war(
        &mut self,
        rs: &Ruleset,
        p: Power,
        target: Power,
        card: Option<u16>,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(cost) = rs.turn.war_cost(p, target) else {
            return Err(Refusal::WarNotAllowed { power: p, target }.into());
        };
        self.pay_war_card(
            rs,
            p,
            cost,
            card,
            |cards| Refusal::WarNeedsCard {
                power: p,
                target,
                cost,
                cards,
            },
            ev,
        )
    }

    /// Discards `card` from `p`'s hand to pay `cost` CP of a war (C-DIP-WAR-COST): refused with
    /// `needs` (given the cards that could pay) when none is named, or when the card is not in
    /// the hand or worth too little.
    pub(crate) fn pay_war_card(
        &mut self,
        rs: &Ruleset,
        p: Power,
        cost: u8,
        card: Option<u16>,
        needs: impl FnOnce(Vec<u16>) -> Refusal,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let cards = self.war_cards(rs, p, cost);
        let Some(c) = card else {
            return Err(needs(cards).into());
        };
        if !self.hands[p as usize].contains(&c) {
            return Err(Refusal::NotInHand {
                power: p,
                card: c,
                hand: self.hands[p as usize].clone(),
            }
            .into());
        }
        if !cards.contains(&c) {
            return Err(Refusal::WarCardTooSmall {
                card: c,
                cp: rs.card(c).map_or(0, |x| x.cp),
                cost,
                cards,
            }
            .into());
        }
        self.hands[p as usize].retain(|x| *x != c);
        self.discard.push(c);
        ev.push(Event::public(EventKind::WarCostPaid {
            power: p,
            card: c,
            cost,
        }));
        Ok(())
    }

    /// C-DIP-PEACE: `p` sues `winner` for peace: peace at once, the winner gains the data's
    /// war-winner VP, and the peace limits a new war (C-DIP-WAR-LIMITS).
    pub(crate) fn sue_for_peace(
        &mut self,
        rs: &Ruleset,
        p: Power,
        winner: Power,
        ev: &mut Vec<Event>,
    ) {
        let vp = rs.turn.number(ids::WAR_WINNER_VP);
        self.board
            .set_relation(p, winner, super::power::Relation::Peace);
        self.bonus_vp[winner as usize] += vp;
        self.peace_made.push((p, winner, self.turn));
        ev.push(Event::public(EventKind::PeaceSued { by: p, winner, vp }));
        // The units owed and the regain question are the players' decisions (`super::peace`).
        self.open_peace(rs, p, winner, ev);
    }

    /// C-DIP-RANSOM: `p` ransoms its captured `leader`: the captor draws the data's number of
    /// cards at random from `p`'s hand, and the leader goes to a capital `p` controls that is not
    /// in unrest (off the map if there is none).
    pub(crate) fn ransom(
        &mut self,
        rs: &Ruleset,
        p: Power,
        leader: &str,
        to: Option<&str>,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(i) = self.captured.iter().position(|(l, _)| l == leader) else {
            return Err(Refusal::LeaderNotCaptured {
                leader: leader.to_string(),
                captured: self.captured.iter().map(|(l, _)| l.clone()).collect(),
            }
            .into());
        };
        let info = rs.leaders.iter().find(|l| l.id == leader);
        let owner = info.map_or(p, |l| l.power);
        if owner != p {
            return Err(Refusal::RansomOwnLeaderOnly {
                power: p,
                leader: leader.to_string(),
                owner,
            }
            .into());
        }
        // The owner chooses the capital when it has several (players decide).
        let faction = info.and_then(|l| l.faction);
        let to = self.ransom_capital(rs, p, faction, to)?;
        let (_, captor) = self.captured.remove(i);
        let n = rs.turn.number(ids::RANSOM_CARDS).max(0) as usize;
        let mut taken = 0u8;
        let mut moved = Vec::new();
        for _ in 0..n {
            let hand = &self.hands[p as usize];
            if hand.is_empty() {
                break;
            }
            let k = self.rng.random_range(0..hand.len());
            let c = self.hands[p as usize].remove(k);
            self.hands[captor as usize].push(c);
            self.hands[captor as usize].sort_unstable();
            moved.push(c);
            taken += 1;
        }
        self.place_returned_leader(p, faction, leader, to);
        ev.push(Event::public(EventKind::LeaderRansomed {
            leader: leader.to_string(),
            owner: p,
            captor,
            cards: taken,
            to,
        }));
        if !moved.is_empty() {
            // Which cards moved is for the two hands' owners only.
            ev.push(Event {
                vis: Visibility::Powers([p, captor].into_iter().collect()),
                kind: EventKind::RansomCards {
                    owner: p,
                    captor,
                    cards: moved,
                },
            });
        }
        Ok(())
    }

    /// The capital a leader of `p` returns to (C-DIP-RANSOM, C-DIP-PEACE): the one named, which
    /// must be a free capital of `p`; none named is fine with at most one (`None`: off the map).
    pub(crate) fn ransom_capital(
        &self,
        rs: &Ruleset,
        p: Power,
        faction: Option<Faction>,
        to: Option<&str>,
    ) -> RuleResult<Option<SpaceId>> {
        let capitals = self.free_capitals(rs, p, faction);
        match to {
            Some(name) => {
                let c = Game::resolve_space(rs, name)?;
                if !capitals.contains(&c) {
                    return Err(Refusal::RansomCapital {
                        power: p,
                        space: Some(c),
                        capitals,
                    }
                    .into());
                }
                Ok(Some(c))
            }
            None if capitals.len() > 1 => Err(Refusal::RansomCapital {
                power: p,
                space: None,
                capitals,
            }
            .into()),
            None => Ok(capitals.first().copied()),
        }
    }

    /// Puts `p`'s returned `leader` in the capital `to`, or off the map with none.
    pub(crate) fn place_returned_leader(
        &mut self,
        p: Power,
        faction: Option<Faction>,
        leader: &str,
        to: Option<SpaceId>,
    ) {
        match to {
            Some(c) => self
                .board
                .force_mut(c, Owner::Major(p), faction_of(p, faction))
                .leaders
                .push(leader.to_string()),
            None => self.off_map.push(leader.to_string()),
        }
    }

    /// A capital serving `p` (and the faction, for the Protestant) that `p` controls and that is
    /// not in unrest.
    pub fn free_capital(
        &self,
        rs: &Ruleset,
        p: Power,
        faction: Option<Faction>,
    ) -> Option<SpaceId> {
        self.free_capitals(rs, p, faction).into_iter().next()
    }

    /// Every capital serving `p` (and `faction`) that it controls and that is not in unrest.
    pub fn free_capitals(&self, rs: &Ruleset, p: Power, faction: Option<Faction>) -> Vec<SpaceId> {
        self.capitals_serving(p, faction)
            .into_iter()
            .filter(|c| self.board.controls(rs, p, *c) && !self.board.at(*c).unrest)
            .collect()
    }

    /// C-WINTER-CAPITAL-RECALL: after a Winter, `p` brings its land units and leaders in `from`
    /// to the capital `to` (controlled, not in unrest; for the Protestant, its faction's).
    pub(crate) fn recall(
        &mut self,
        rs: &Ruleset,
        p: Power,
        from: &str,
        to: &str,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let first = rs.scenario(&self.scenario).map_or(1, |s| s.first_turn);
        if self.turn <= first {
            return Err(Refusal::RecallAfterWinterOnly.into());
        }
        let from = Game::resolve_space(rs, from)?;
        let to = Game::resolve_space(rs, to)?;
        let Some(i) =
            self.board.at(from).forces.iter().position(|f| {
                f.owner() == Owner::Major(p) && (f.land() > 0 || !f.leaders.is_empty())
            })
        else {
            return Err(Refusal::NoLandUnits {
                power: p,
                space: from,
            }
            .into());
        };
        let faction = self.board.at(from).forces[i].faction;
        let allowed: Vec<SpaceId> = self
            .capitals_serving(p, faction)
            .into_iter()
            .filter(|c| self.board.controls(rs, p, *c) && !self.board.at(*c).unrest)
            .collect();
        if !allowed.contains(&to) {
            return Err(Refusal::RecallNeedsCapital {
                power: p,
                space: to,
                capitals: allowed,
            }
            .into());
        }
        if from == to {
            return Err(Refusal::SameSpace { space: from }.into());
        }
        let f = &mut self.board.spaces[from.idx()].forces[i];
        let (r, m, c) = (f.regulars, f.mercenaries, f.cavalry);
        let leaders = std::mem::take(&mut f.leaders);
        let units = f.land();
        f.regulars = 0;
        f.mercenaries = 0;
        f.cavalry = 0;
        self.board.tidy(from);
        let t = self.board.force_mut(to, Owner::Major(p), faction);
        t.regulars += r;
        t.mercenaries += m;
        t.cavalry += c;
        t.leaders.extend(leaders);
        ev.push(Event::public(EventKind::Recalled {
            power: p,
            from,
            to,
            units,
        }));
        Ok(())
    }
}

/// The faction a Protestant force is filed under (other powers have none).
fn faction_of(p: Power, f: Option<Faction>) -> Option<Faction> {
    if p == Power::Protestant {
        f.or(Some(Faction::Huguenot))
    } else {
        None
    }
}
