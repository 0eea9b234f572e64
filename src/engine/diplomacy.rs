//! The Diplomacy phase (war, peace and alliances) and the Empire's secret choice (R-HRE-SECRET).

use super::action::Action;
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::{Game, Offer, Stage};
use super::power::{Power, Relation};
use super::refusal::Refusal;
use super::ruleset::{EmpireChoice, Ruleset};
use super::turn_data::ids;
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
        rs: &Ruleset,
        p: Power,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Stage::Diplomacy { done, offers } = &self.stage else {
            return Err(Refusal::NotDiplomacyPhase.into());
        };
        let (mut done, mut offers) = (*done, offers.clone());
        let target_ok = |t: Power| -> RuleResult<()> {
            if t == p {
                Err(Refusal::SelfDiplomacy { power: p }.into())
            } else if !self.powers.contains(t) {
                Err(Refusal::PowerNotInPlay { power: t }.into())
            } else {
                Ok(())
            }
        };
        match action {
            Action::DeclareWar { target, card } => {
                target_ok(*target)?;
                if self.board.relation(p, *target) == Relation::War {
                    return Err(Refusal::AlreadyAtWar {
                        power: p,
                        target: *target,
                    }
                    .into());
                }
                if self.board.relation(p, *target) == Relation::Alliance {
                    return Err(Refusal::AllyCannotBeAttacked {
                        power: p,
                        target: *target,
                    }
                    .into());
                }
                self.check_war_limits(rs, p, *target)?;
                self.pay_for_war(rs, p, *target, *card, ev)?;
                self.board.set_relation(p, *target, Relation::War);
                offers.retain(|o| {
                    !(o.from == p && o.to == *target || o.from == *target && o.to == p)
                });
                ev.push(Event::public(EventKind::WarDeclared {
                    by: p,
                    target: *target,
                }));
                done.remove(*target);
                // --- diplomacy (issue 26): the war voids their marriage proposals.
                self.void_proposals_at_war(p, *target, ev);
            }
            Action::OfferPeace { target } | Action::OfferAlliance { target } => {
                target_ok(*target)?;
                let status = if matches!(action, Action::OfferPeace { .. }) {
                    Relation::Peace
                } else {
                    Relation::Alliance
                };
                let now = self.board.relation(p, *target);
                if status == Relation::Peace && now != Relation::War {
                    return Err(Refusal::PeaceNeedsWar {
                        power: p,
                        target: *target,
                    }
                    .into());
                }
                if status == Relation::Alliance && now != Relation::Peace {
                    return Err(Refusal::AllianceNeedsPeace {
                        power: p,
                        target: *target,
                        now,
                    }
                    .into());
                }
                if offers.iter().any(|o| o.from == p && o.to == *target) {
                    return Err(Refusal::OfferAlreadyOpen {
                        from: p,
                        to: *target,
                    }
                    .into());
                }
                offers.push(Offer {
                    from: p,
                    to: *target,
                    status,
                });
                ev.push(Event::public(EventKind::Offered {
                    from: p,
                    to: *target,
                    status,
                }));
                done.remove(*target);
            }
            Action::Accept { from } | Action::Decline { from } => {
                let Some(i) = offers.iter().position(|o| o.from == *from && o.to == p) else {
                    return Err(Refusal::NoOpenOffer { from: *from, to: p }.into());
                };
                let o = offers.remove(i);
                if matches!(action, Action::Accept { .. }) {
                    if o.status == Relation::Peace {
                        self.peace_made.push((o.from, o.to, self.turn));
                    }
                    self.board.set_relation(o.from, o.to, o.status);
                    ev.push(Event::public(EventKind::OfferAccepted {
                        from: o.from,
                        to: o.to,
                        status: o.status,
                    }));
                } else {
                    ev.push(Event::public(EventKind::OfferDeclined {
                        from: o.from,
                        to: o.to,
                        status: o.status,
                    }));
                }
            }
            Action::AllyMinor { minor } => {
                if let Some(a) = self.board.minor_ally(*minor) {
                    return Err(Refusal::MinorAlreadyAllied {
                        minor: *minor,
                        ally: a,
                    }
                    .into());
                }
                // C-DIP-MINOR: no free alliance; influence is not built yet.
                return Err(Refusal::MinorNeedsInfluence { minor: *minor }.into());
            }
            Action::SueForPeace { target } => {
                target_ok(*target)?;
                if rs.turn.number(ids::SUE_FOR_PEACE) == 0 {
                    return Err(Refusal::SueForPeaceOff {
                        power: p,
                        target: *target,
                    }
                    .into());
                }
                if self.board.relation(p, *target) != Relation::War {
                    return Err(Refusal::PeaceNeedsWar {
                        power: p,
                        target: *target,
                    }
                    .into());
                }
                self.sue_for_peace(rs, p, *target, ev);
                offers.retain(|o| {
                    !(o.from == p && o.to == *target || o.from == *target && o.to == p)
                });
            }
            Action::Ransom { leader, to } => self.ransom(rs, p, leader, to.as_deref(), ev)?,
            Action::WarOnMinor { minor, card } => self.war_on_minor(rs, p, *minor, *card, ev)?,
            Action::PeaceWithMinor { minor } => self.peace_with_minor(p, *minor, ev)?,
            Action::Recall { from, to } => self.recall(rs, p, from, to, ev)?,
            Action::DoneDiplomacy => {
                self.marriage_answer_first(p)?;
                if let Some(o) = offers.iter().find(|o| o.to == p) {
                    return Err(Refusal::AnswerOfferFirst {
                        from: o.from,
                        to: p,
                        status: o.status,
                    }
                    .into());
                }
                done.insert(p);
                ev.push(Event::public(EventKind::DiplomacyDone { power: p }));
            }
            other => {
                return Err(RuleError::WrongTime {
                    action: other.kind(),
                    waiting: self.awaiting(),
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
    /// `nonce` (from [`Action::SecretChoiceSalted`](super::action::Action::SecretChoiceSalted))
    /// is mixed into the salt.
    pub(crate) fn secret_choice(
        &mut self,
        choice: EmpireChoice,
        nonce: Option<u64>,
        ev: &mut Vec<Event>,
    ) {
        let mut salt = format!("{:016x}{:016x}", self.random_u64(), self.random_u64());
        if let Some(n) = nonce {
            salt.push_str(&format!("{n:016x}"));
        }
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
            Action::SecretChoice { .. } | Action::SecretChoiceSalted { .. }
                if p != Power::Empire =>
            {
                Some(Refusal::SecretOnlyEmpire { power: p }.into())
            }
            Action::SecretChoice { .. } | Action::SecretChoiceSalted { .. }
                if self.empire.secret.is_some() =>
            {
                Some(Refusal::SecretAlreadyMade.into())
            }
            Action::RevealSecret => Some(self.refuse_reveal()),
            _ => None,
        }
    }

    /// A reveal asked for by a player: refused, because the choice is revealed only in Victory
    /// Determination when R-HRE-SECRET requires it (the engine does that by itself).
    pub(crate) fn refuse_reveal(&self) -> RuleError {
        if self.empire.revealed {
            Refusal::SecretAlreadyRevealed.into()
        } else if self.empire.secret.is_none() {
            Refusal::SecretNotMade.into()
        } else {
            Refusal::SecretStaysSecret.into()
        }
    }
}
