//! What every question on the decision stack says about itself, in one place per question.
//!
//! A question is a type in its chapter module (the foreign war's sending in [`foreign_war`],
//! the Huguenot capital in [`protestant`], …) that implements [`Question`]: who is asked, its
//! legal answers, which actions answer it, applying an answer, and its standing answer if it
//! has one. The stack holds it as one [`Step`](super::steps::Step) variant, and
//! [`Step::question`](super::steps::Step::question) is the one place that lists them; the
//! driver ([`Game::run_steps`]) and `apply` reach every question through this trait. The
//! prompt's text is the table's, keyed by the [`Decision`].
//!
//! [`foreign_war`]: super::foreign_war
//! [`protestant`]: super::protestant

use super::action::Action;
use super::error::RuleResult;
use super::event::Event;
use super::game::{Decision, Game};
use super::power::Power;
use super::ruleset::{Ruleset, SpaceId};
use super::steps::Standing;

/// What `forgo` does to a question that does not take it as an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Forgo {
    /// It declines the question (announced as forgone).
    Declines,
    /// It is refused: the question must be answered.
    MustAnswer,
    /// It is refused as an action of another time.
    NotAnAnswer,
}

/// One kind of question a player answers. Implemented by the question's type in its chapter.
pub(crate) trait Question {
    /// Who is asked and what: from public information only.
    fn asked(&self) -> (Power, Decision);

    /// Whether `a` is an answer to this question (checked or not); other actions get the
    /// stack's usual refusal.
    fn takes(&self, a: &Action) -> bool;

    /// Checks `a` and applies it; the question pops itself when it is done. On error nothing
    /// has changed.
    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()>;

    /// Its legal answers, for `p` (the power asked).
    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>);

    /// The standing answer that applies now, if the power asked has set one.
    fn standing(&self, _g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        None
    }

    /// What `forgo` does here, when [`Question::takes`] does not take it.
    fn forgo(&self) -> Forgo {
        Forgo::NotAnAnswer
    }

    /// The space the question is about, named when a withdrawal is asked for out of turn.
    fn space(&self) -> Option<SpaceId> {
        None
    }
}
