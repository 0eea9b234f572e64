//! One interaction at the table: a clicked button's stamp checked against the game, the command
//! run, and what the answer needs afterwards (the prompts, whether the game or whom it waits for
//! changed). The Discord layer makes this one call per interaction.

use super::choices::{state_tag, Prompts, Stamp};
use super::command::{Command, ParseError};
use super::{Caller, Channel, Outbox, Table};

/// What a command did, with what its answer needs.
#[derive(Debug)]
pub struct Answered {
    /// The messages of the command.
    pub outbox: Outbox,
    /// The game's action count before the command (`None`: no game, or a lobby).
    pub before_seq: Option<u32>,
    /// The game's prompts after an accepted command (`None` after a refusal or without a game).
    pub after: Option<Prompts>,
    /// The game or whom it waits for changed (the dashboard follows; issue 29).
    pub changed: bool,
}

/// The outcome of [`Table::interact`].
#[derive(Debug)]
pub enum Interaction {
    /// The button was made for an earlier state of the game: nothing was run.
    Stale,
    /// The command ran.
    Done(Box<Answered>),
}

impl Table {
    /// Runs `cmd` for `caller` in `channel`'s game. `expect` is the game id and stamp a clicked
    /// button was made for: a button of an earlier state is refused as stale without running.
    /// `now` (Unix ms) is when the caller acted, for whom the game waits since when.
    pub fn interact(
        &self,
        channel: Channel,
        caller: &Caller,
        cmd: Result<Command, ParseError>,
        expect: Option<(i64, Option<Stamp>)>,
        now: i64,
    ) -> Interaction {
        let before = self.summary(channel).ok().flatten();
        if let Some((game_id, Some(stamp))) = expect {
            let current = before
                .as_ref()
                .filter(|b| b.id == game_id)
                .and_then(|b| b.seq)
                .zip(self.state_hash(channel).map(|h| state_tag(&h)));
            if !current.is_some_and(|(seq, tag)| stamp.matches(seq, tag)) {
                return Interaction::Stale;
            }
        }
        let before_seq = before.and_then(|b| b.seq);
        let outbox = self.handle_command(channel, caller, cmd);
        let after = if outbox.refused {
            None
        } else {
            self.prompts(channel)
        };
        // --- campaign rhythm (issue 29): whom the game waits for now, and since when; a command
        // that changed nothing (`status`) does not restart its caller's wait
        let mut changed = false;
        if let Some(a) = &after {
            let acted = a.seq != before_seq;
            let by = if acted { caller.user } else { 0 };
            let waits = self.observe_wait(channel, by, now);
            changed = acted || waits;
        }
        Interaction::Done(Box::new(Answered {
            outbox,
            before_seq,
            after,
            changed,
        }))
    }
}
