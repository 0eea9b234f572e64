//! The Diplomacy phase (war, peace and alliances) and the Empire's secret choice (R-HRE-SECRET).

use super::action::Action;
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::{Game, Offer, Stage};
use super::power::{Power, Relation};
use super::ruleset::{EmpireChoice, Ruleset};
use sha2::{Digest, Sha256};

/// The commitment posted for a secret choice: `sha256("<choice>|<salt>")` in hex.
pub fn commitment(choice: EmpireChoice, salt: &str) -> String {
    let c = match choice {
        EmpireChoice::Protestant => "protestant",
        EmpireChoice::Catholic => "catholic",
        EmpireChoice::Balanced => "balanced",
    };
    hex::encode(Sha256::digest(format!("{c}|{salt}").as_bytes()))
}

impl Game {
    /// One diplomacy action by `p`. Offers need the other side's acceptance; a new offer makes
    /// its recipient negotiate again.
    pub(crate) fn diplomacy_action(
        &mut self,
        p: Power,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Stage::Diplomacy { done, offers } = &self.stage else {
            return Err(RuleError::illegal(
                "diplomacy happens in the Diplomacy phase",
            ));
        };
        let (mut done, mut offers) = (*done, offers.clone());
        let target_ok = |t: Power| -> RuleResult<()> {
            if t == p {
                Err(RuleError::illegal(
                    "a power cannot make war, peace or alliance with itself",
                ))
            } else if !self.powers.contains(t) {
                Err(RuleError::illegal(format!(
                    "{t} is not in play in this game"
                )))
            } else {
                Ok(())
            }
        };
        match action {
            Action::DeclareWar { target } => {
                target_ok(*target)?;
                if self.board.relation(p, *target) == Relation::War {
                    return Err(RuleError::illegal(format!("{p} is already at war with {target}")));
                }
                if self.board.relation(p, *target) == Relation::Alliance {
                    return Err(RuleError::illegal(format!("{p} is allied with {target}; an ally cannot be attacked")));
                }
                self.board.set_relation(p, *target, Relation::War);
                offers.retain(|o| !(o.from == p && o.to == *target || o.from == *target && o.to == p));
                ev.push(Event::public(EventKind::WarDeclared { by: p, target: *target }));
                done.remove(*target);
            }
            Action::OfferPeace { target } | Action::OfferAlliance { target } => {
                target_ok(*target)?;
                let status = if matches!(action, Action::OfferPeace { .. }) { Relation::Peace } else { Relation::Alliance };
                let now = self.board.relation(p, *target);
                if status == Relation::Peace && now != Relation::War {
                    return Err(RuleError::illegal(format!("{p} is not at war with {target}; peace is offered only to an enemy")));
                }
                if status == Relation::Alliance && now != Relation::Peace {
                    return Err(RuleError::illegal(format!("an alliance needs peace first; {p} and {target} are at {now}")));
                }
                if offers.iter().any(|o| o.from == p && o.to == *target) {
                    return Err(RuleError::illegal(format!("{p} already has an offer open to {target}")));
                }
                offers.push(Offer { from: p, to: *target, status });
                ev.push(Event::public(EventKind::Offered { from: p, to: *target, status }));
                done.remove(*target);
            }
            Action::Accept { from } | Action::Decline { from } => {
                let Some(i) = offers.iter().position(|o| o.from == *from && o.to == p) else {
                    return Err(RuleError::illegal(format!("{from} has no open offer to {p}")));
                };
                let o = offers.remove(i);
                if matches!(action, Action::Accept { .. }) {
                    self.board.set_relation(o.from, o.to, o.status);
                    ev.push(Event::public(EventKind::OfferAccepted { from: o.from, to: o.to, status: o.status }));
                } else {
                    ev.push(Event::public(EventKind::OfferDeclined { from: o.from, to: o.to, status: o.status }));
                }
            }
            Action::AllyMinor { minor } => {
                if let Some(a) = self.board.minor_ally(*minor) {
                    return Err(RuleError::illegal(format!(
                        "{minor} is already allied with {a}; only a minor without an ally can be won over"
                    )));
                }
                self.board.set_minor_ally(*minor, Some(p));
                ev.push(Event::public(EventKind::MinorAllied { minor: *minor, power: p }));
            }
            Action::DoneDiplomacy => {
                if let Some(o) = offers.iter().find(|o| o.to == p) {
                    return Err(RuleError::illegal(format!(
                        "{} offered {} to {p}; accept or decline it before finishing",
                        o.from,
                        if o.status == Relation::Peace { "peace" } else { "an alliance" }
                    )));
                }
                done.insert(p);
                ev.push(Event::public(EventKind::DiplomacyDone { power: p }));
            }
            other => {
                return Err(RuleError::WrongTime {
                    action: super::game::action_name(other).to_string(),
                    reason: "it is the Diplomacy phase: declare war, offer or answer peace and alliances, or say done".into(),
                })
            }
        }
        // Offers from a power that finished stay open; its own done flag stays too.
        self.stage = Stage::Diplomacy { done, offers };
        Ok(())
    }

    /// Whether the Empire still has to make its secret choice: the scenario's first turn, the
    /// Empire in play, not yet chosen (R-HRE-SECRET).
    pub(crate) fn needs_secret_choice(&self, rs: &Ruleset) -> bool {
        let first = rs.scenario(&self.scenario).map_or(1, |s| s.first_turn);
        self.turn == first && self.powers.contains(Power::Empire) && self.empire.secret.is_none()
    }

    /// R-HRE-SECRET: the Empire picks in secret; the channel gets only the commitment hash.
    pub(crate) fn secret_choice(&mut self, choice: EmpireChoice, ev: &mut Vec<Event>) {
        let salt = format!("{:016x}{:016x}", self.random_u64(), self.random_u64());
        let c = commitment(choice, &salt);
        self.empire.secret = Some((choice, salt.clone()));
        self.empire.commitment = Some(c.clone());
        ev.push(Event::private(
            Power::Empire,
            EventKind::SecretChosen { choice, salt },
        ));
        ev.push(Event::public(EventKind::SecretCommitted { commitment: c }));
        self.stage = Stage::SecretChoice; // replaced right away by the deployments
        self.start_deployments_after_secret(ev);
    }

    fn start_deployments_after_secret(&mut self, _ev: &mut [Event]) {
        // The deployments start in `advance`'s next step via `start_deployments`; we set a marker
        // stage the loop recognises: the first deployment of the turn.
        let first = self.powers.iter().next().unwrap_or(Power::Ottoman);
        self.stage = Stage::Deployment { power: first };
    }

    /// R-HRE-SECRET refusals that hold whoever is awaited: a secret choice by a power other than
    /// the Empire, a second choice, and any reveal asked for by a player.
    pub(crate) fn secret_refusal(&self, p: Power, action: &Action) -> Option<RuleError> {
        match action {
            Action::SecretChoice { .. } if p != Power::Empire => Some(RuleError::illegal(format!(
                "only the Empire makes the secret religious choice (R-HRE-SECRET); {p} cannot"
            ))),
            Action::SecretChoice { .. } if self.empire.secret.is_some() => {
                Some(RuleError::illegal(
                    "the Empire has already made its secret religious choice; it cannot be changed",
                ))
            }
            Action::RevealSecret => Some(self.refuse_reveal()),
            _ => None,
        }
    }

    /// A reveal asked for by a player: refused, because the choice is revealed only in Victory
    /// Determination when R-HRE-SECRET requires it (the engine does that by itself).
    pub(crate) fn refuse_reveal(&self) -> RuleError {
        if self.empire.revealed {
            RuleError::illegal("the Empire's choice has already been revealed")
        } else if self.empire.secret.is_none() {
            RuleError::illegal("the Empire has not made its secret choice yet")
        } else {
            RuleError::illegal(
                "the Empire's choice stays secret until Victory Determination, where it is revealed \
                 only if its VP let the Empire win or stop another power's victory (R-HRE-SECRET)",
            )
        }
    }
}
