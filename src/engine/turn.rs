//! The end of a turn: Winter, Victory Determination, and the start of the next turn.

use super::event::{Event, EventKind, PhaseName};
use super::game::{Game, Stage};
use super::ruleset::Ruleset;
use super::steps::{Step, WinterPhase};

impl Game {
    /// After the Action phase: Winter, Victory Determination, then the next turn (or the end).
    pub(crate) fn end_of_turn(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        // X-INF-RESOLVE: the statuses no card resolved this turn (each once per turn, so
        // re-entering Winter after a question resolves nothing twice).
        self.resolve_statuses_at_turn_end(rs, ev);
        if !self.naval.winter_pending {
            ev.push(Event::public(EventKind::PhaseStarted {
                phase: PhaseName::Winter,
            }));
            // X-MARRIAGE-RESOLVE: the engaged pairs at the end of the turn, as Winter begins
            // (before alliances end and before the VP count).
            self.resolve_marriages(rs, ev);
        }
        // --- naval warfare: owners first choose among equally near winter ports
        // (C-NAVAL-WINTER); Winter resumes from `resume_stage` once they have.
        // Standing answers (`winter_default`) answer at once; a question left open waits.
        loop {
            self.naval.winter_pending = self.ask_winter_ports(rs);
            if !self.naval.winter_pending {
                break;
            }
            self.run_steps(rs, ev);
            if !self.steps.is_empty() {
                return;
            }
        }
        if self.winter_leader_choice_due(rs) {
            self.stage = Stage::WinterLeaders;
            return;
        }
        self.finish_turn(rs, ev);
    }

    /// Winter (after the Protestant's leader choice) as a frame on the decision stack, so that
    /// its questions (C-WINTER-QUARTERS) wait for their powers; the frame ends with
    /// [`Game::after_winter`].
    pub(crate) fn finish_turn(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        self.steps.push(Step::Winter {
            phase: WinterPhase::Start,
        });
        self.run_steps(rs, ev);
    }

    /// Victory Determination, then the next turn (or the end).
    pub(crate) fn after_winter(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::VictoryDetermination,
        }));
        if self.victory_determination(rs, ev) {
            return;
        }
        let last = rs
            .scenario(&self.scenario)
            .map_or(self.turn, |s| s.last_turn);
        if self.turn >= last {
            self.final_result(rs, ev);
            return;
        }
        self.turn += 1;
        ev.push(Event::public(EventKind::TurnStarted { turn: self.turn }));
        self.card_draw(rs, ev);
        self.stage = Stage::Diplomacy {
            done: super::power::PowerSet::EMPTY,
            offers: Vec::new(),
        };
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::Diplomacy,
        }));
    }
}
