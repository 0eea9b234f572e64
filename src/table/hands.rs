//! Private threads for everyone, and the end of a campaign that a crash does not lose (issue
//! 29, items 5 and 7).
//!
//! * `settings hands:threads` makes every seated player's private messages (hands, secret
//!   choices, digests, reminders) go to their private thread under the game's channel instead
//!   of DMs; `hands:dm` goes back to DMs. The choice is part of the game's stored absence
//!   document, so a restart keeps it. A command used in such a thread acts on the game of the
//!   thread's channel ([`Table::thread_parent`]).
//! * A finished game's end (result, VP chart, revealed seed, archive) is posted by the front
//!   end, which then marks it posted ([`Table::end_posted`]). A finished game without the mark
//!   had its end stored and the bot stopped before the post: [`Table::catch_up_endings`] posts
//!   it at the next start, once.

use super::command::HandsPlace;
use super::hands_words::HandsWords;
use super::messages::{Locale, Msg, Texts};
use super::outbox::Outbox;
use super::{lock, Caller, Channel, Slot, Table};

impl Table {
    /// `settings hands:…`: where the game's private messages go; announced in the channel.
    pub(super) fn set_hands_place(
        &self,
        s: &mut Slot,
        caller: &Caller,
        place: HandsPlace,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let before = s.around.stored.hands_in_threads;
        s.around.stored.hands_in_threads = place == HandsPlace::Threads;
        if let Err(e) = self.save_absence(s) {
            s.around.stored.hands_in_threads = before;
            return Err(e);
        }
        out.channel(
            HandsWords::Set {
                place,
                by: self.name(caller.user),
            }
            .text(t.loc),
        );
        Ok(())
    }

    /// The line that says where the game's private messages go.
    pub(super) fn hands_line(&self, s: &Slot, loc: Locale) -> String {
        HandsWords::Current { place: place_of(s) }.text(loc)
    }

    /// Whether the game in `channel` sends every seated player's private messages to their
    /// private thread rather than by DM (`settings hands:threads`).
    pub fn hands_in_threads(&self, channel: Channel) -> bool {
        match self.with_slot(channel, |s| s.around.stored.hands_in_threads) {
            Ok(v) => v.unwrap_or(false),
            Err(e) => {
                tracing::warn!(error = %e, "loading a game for its hands setting failed");
                false
            }
        }
    }

    /// The game channel of a player's private thread (`thread` is the thread as a channel),
    /// if the bot opened it as one; commands used there act on that channel's game.
    pub fn thread_parent(&self, thread: Channel) -> Option<Channel> {
        match lock(&self.store).thread_parent(thread.channel) {
            Ok(c) => c.filter(|c| c.guild == thread.guild),
            Err(e) => {
                tracing::warn!(error = %e, "reading a thread's channel failed");
                None
            }
        }
    }

    /// The front end posted the end of `game`: it is not posted again.
    pub fn end_posted(&self, game: i64) {
        if let Err(e) = self.store_do(|st| st.set_end_posted(game)) {
            tracing::warn!(game, error = ?e, "marking the end of a game posted failed");
        }
    }

    /// The finished games whose end was stored but never posted (the bot stopped in between),
    /// with what their end posts: the revealed seed, the result, the chart and the archive.
    pub(super) fn unposted_endings(&self) -> Vec<(Channel, Locale, Outbox)> {
        let ended = match lock(&self.store).ends_unposted() {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(error = %e, "listing the unposted ends failed");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (game, channel) in ended {
            let row = match lock(&self.store).game_row(game) {
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(game, error = %e, "reading an ended game failed");
                    continue;
                }
            };
            let s = match self.load_row(row) {
                Ok(s) => s,
                Err(e) => {
                    tracing::warn!(game, error = %e, "loading an ended game failed");
                    continue;
                }
            };
            let loc = Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale);
            let t = Texts::new(&self.rs, loc);
            let mut o = Outbox::default();
            o.channel(t.msg(&Msg::SeedRevealed {
                seed: s.row.seed.clone(),
                commitment: s.row.seed_commitment.clone(),
            }));
            self.end_of_campaign(&s, t, &mut o);
            o.ended = Some(game);
            out.push((channel, loc, o));
        }
        out
    }
}

fn place_of(s: &Slot) -> HandsPlace {
    if s.around.stored.hands_in_threads {
        HandsPlace::Threads
    } else {
        HandsPlace::Dm
    }
}
