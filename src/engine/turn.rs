//! The end of a turn: Winter, Victory Determination, and the start of the next turn.

use super::event::{Event, EventKind, PhaseName};
use super::game::{Game, Stage};
use super::ruleset::Ruleset;
use super::steps::{Step, WinterPhase};

impl Game {
    /// After the Action phase: Winter as a frame on the decision stack, so that its questions
    /// (winter ports, the Protestant's leaders, winter quarters, the Empire's unit) wait for their
    /// powers; the frame ends with [`Game::after_winter`] (Victory Determination, next turn).
    pub(crate) fn end_of_turn(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        // X-INF-RESOLVE: the statuses no card resolved this turn.
        self.resolve_statuses_at_turn_end(rs, ev);
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::Winter,
        }));
        // X-MARRIAGE-RESOLVE: the engaged pairs at the end of the turn, as Winter begins
        // (before alliances end and before the VP count).
        self.resolve_marriages(rs, ev);
        self.stage = Stage::Winter;
        self.steps.push(Step::Winter {
            phase: WinterPhase::Ports,
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
