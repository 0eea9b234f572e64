//! Undo, and taking back an action past a barrier with every seated player's consent; closing a game.

#[allow(unused_imports)]
use super::*;

impl Table {
    pub(super) fn undo(
        &self,
        s: &mut Slot,
        caller: &Caller,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let Some(last) = s.log.last() else {
            // The last action is the snapshot's, which is always an undo barrier.
            return if s.base_seq > 0 {
                self.consent_undo(s, caller, t, out)
            } else {
                Err(Msg::NothingToUndo)
            };
        };
        if last.barrier {
            return self.consent_undo(s, caller, t, out);
        }
        if !self.entitled(s, last.power).contains(&caller.user) {
            return Err(Msg::UndoNotYours { power: last.power });
        }
        let what = convert::action_line(&last.action, last.power, true).unwrap_or_default();
        let keep = s.log.len() - 1;
        // Rebuild from the base and the remaining log before touching the store.
        let mut g = match &s.base {
            Some(base) => base.clone(),
            None => {
                self.start_game(&s.row)
                    .map_err(|e| Msg::StoreFailed { error: e })?
                    .0
            }
        };
        for l in &s.log[..keep] {
            g.apply(&self.rs, l.power, &l.action)
                .map_err(|e| Msg::StoreFailed {
                    error: t.rule_error(&e),
                })?;
        }
        let last = s.last_seq();
        self.store_do(|st| st.truncate_after(s.row.id, s.base_seq + keep as u64, last))?;
        s.log.truncate(keep);
        s.game = Some(g);
        s.takeback = None;
        out.channel(t.msg(&Msg::Undone {
            name: caller.name.clone(),
            what,
        }));
        self.next_line(s, t, out);
        Ok(())
    }

    /// `close`: a moderator closes the game at once; otherwise every seated player must ask
    /// (the creator alone while nobody is seated). The game is stored as abandoned, its seed is
    /// revealed and the channel is free for `new`.
    pub(super) fn close_game(
        &self,
        slot: &mut Option<Slot>,
        caller: &Caller,
        t: Texts<'_>,
    ) -> Result<Outbox, Msg> {
        let Some(s) = slot.as_mut().filter(|s| s.row.status != Status::Finished) else {
            return Err(Msg::NoGame);
        };
        let mut out = Outbox::default();
        let users = Self::seated_users(s);
        let allowed = if users.is_empty() {
            s.row.created_by == Some(caller.user)
        } else {
            users.contains(&caller.user)
        };
        if !caller.moderator {
            if !allowed {
                return Err(Msg::CloseNotAllowed);
            }
            if !s.closing.contains(&caller.user) {
                s.closing.push(caller.user);
            }
            let waiting: Vec<String> = users
                .iter()
                .filter(|u| !s.closing.contains(u))
                .map(|u| self.name(*u))
                .collect();
            if !waiting.is_empty() {
                out.channel(t.msg(&Msg::CloseAsked {
                    name: caller.name.clone(),
                    waiting: waiting.join(", "),
                }));
                out.consent = true;
                return Ok(out);
            }
        }
        self.store_do(|st| st.abandon(s.row.id))?;
        out.channel(t.msg(&Msg::GameClosed {
            id: s.row.id,
            by: caller.name.clone(),
        }));
        out.channel(t.msg(&Msg::SeedRevealed {
            seed: s.row.seed.clone(),
            commitment: s.row.seed_commitment.clone(),
        }));
        *slot = None;
        Ok(out)
    }

    /// A channel whose open game does not load (its log no longer replays, a row is corrupt):
    /// `help` and `rule` work as in an empty channel; `close` and `new` by a moderator, the
    /// game's creator or one of its players close it (nobody can play it any more, so no one
    /// else needs to agree), and `new` then opens a game. `Ok(Some(note))`: the broken game
    /// was closed, say so; `Ok(None)`: go on as in an empty channel; `Err`: the reply.
    pub(super) fn unloadable(
        &self,
        channel: Channel,
        caller: &Caller,
        cmd: Option<&Command>,
        error: &TableError,
    ) -> Result<Option<Msg>, Outbox> {
        let t = Texts::new(&self.rs, self.opts.default_locale);
        tracing::warn!(channel = ?channel, error = %error, "the channel's game does not load");
        let refuse = |msg: &Msg| Outbox::refusal(caller.user, t.refused(&t.msg(msg)));
        let load_failed = Msg::LoadFailed {
            error: error.to_string(),
        };
        match cmd {
            Some(Command::Help { .. } | Command::Rule { .. }) => return Ok(None),
            Some(Command::Close | Command::New { .. }) => {}
            _ => return Err(refuse(&load_failed)),
        }
        let row = {
            let store = lock(&self.store);
            let row = store.open_game(channel).ok().flatten();
            let seats = row
                .as_ref()
                .and_then(|r| store.seats(r.id).ok())
                .unwrap_or_default();
            row.map(|r| (r, seats))
        };
        let Some((row, seats)) = row else {
            return Err(refuse(&load_failed));
        };
        let allowed = caller.moderator
            || row.created_by == Some(caller.user)
            || seats.iter().any(|(_, u)| *u == caller.user);
        if !allowed {
            return Err(refuse(&Msg::CloseBrokenNotAllowed {
                error: error.to_string(),
            }));
        }
        match self.store_do(|st| st.abandon(row.id)) {
            Ok(()) => Ok(Some(Msg::BrokenGameClosed {
                id: row.id,
                by: caller.name.clone(),
                error: error.to_string(),
            })),
            Err(msg) => Err(refuse(&msg)),
        }
    }

    /// The distinct users holding a seat, in seat order.
    pub(super) fn seated_users(s: &Slot) -> Vec<UserId> {
        let mut users: Vec<UserId> = Vec::new();
        for u in s.seats.values() {
            if !users.contains(u) {
                users.push(*u);
            }
        }
        users
    }

    /// The names of seated users who have not agreed to `tb` yet.
    pub(super) fn still_to_agree(&self, s: &Slot, tb: &TakeBack) -> String {
        Self::seated_users(s)
            .into_iter()
            .filter(|u| !tb.agreed.contains(u))
            .map(|u| self.name(u))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The last action as (power, action), read from the slot or, when it is the snapshot's
    /// action, from the store.
    pub(super) fn last_action(&self, s: &Slot) -> Result<(Power, Action), Msg> {
        if let Some(l) = s.log.last() {
            return Ok((l.power, l.action.clone()));
        }
        let seq = s.last_seq();
        let rows = self.store_do(|st| st.actions_between(s.row.id, seq, seq))?;
        let row = rows
            .into_iter()
            .find(|r| r.seq == seq)
            .ok_or_else(|| Msg::StoreFailed {
                error: format!("action {seq}: missing from the log"),
            })?;
        decode_row(&row).map_err(|error| Msg::StoreFailed { error })
    }

    /// `undo` of an action past an undo barrier: opens a take-back request or adds the
    /// caller's agreement to it, and takes the action back once every seated user agreed.
    pub(super) fn consent_undo(
        &self,
        s: &mut Slot,
        caller: &Caller,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        if s.row.status != Status::Active {
            return Err(Msg::UndoBarrier);
        }
        let users = Self::seated_users(s);
        if !users.contains(&caller.user) {
            return Err(Msg::TakeBackNotSeated);
        }
        let seq = s.last_seq();
        let mut tb = match s.takeback.take() {
            Some(tb) if tb.seq == seq => tb,
            _ => {
                let (power, action) = self.last_action(s)?;
                TakeBack {
                    seq,
                    what: convert::action_line(&action, power, true).unwrap_or_default(),
                    agreed: Vec::new(),
                }
            }
        };
        if tb.agreed.contains(&caller.user) {
            let waiting = self.still_to_agree(s, &tb);
            s.takeback = Some(tb);
            return Err(Msg::TakeBackAlreadyAgreed { waiting });
        }
        let opened = tb.agreed.is_empty();
        tb.agreed.push(caller.user);
        if users.iter().all(|u| tb.agreed.contains(u)) {
            return self.take_back(s, &tb, t, out);
        }
        let waiting = self.still_to_agree(s, &tb);
        out.channel(t.msg(&if opened {
            Msg::TakeBackAsked {
                name: caller.name.clone(),
                what: tb.what.clone(),
                waiting,
            }
        } else {
            Msg::TakeBackAgreed {
                name: caller.name.clone(),
                what: tb.what.clone(),
                waiting,
            }
        }));
        s.takeback = Some(tb);
        out.consent = true;
        Ok(())
    }

    /// Takes back the last action for good: truncates the stored log before it (which also
    /// drops a snapshot taken with it) and rebuilds the slot from the store, from the latest
    /// remaining snapshot. Posts who agreed and who acts next, and sends every player whose
    /// hand changed their hand privately.
    pub(super) fn take_back(
        &self,
        s: &mut Slot,
        tb: &TakeBack,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let old_hands = s.game.as_ref().map(|g| g.hands.clone());
        let had_secret = s.game.as_ref().is_some_and(|g| g.empire.secret.is_some());
        // Recorded before the log is cut, so that a crash in between cannot forget it; cleared
        // below if the secret choice survived the take-back.
        if had_secret {
            self.store_do(|st| st.set_fresh_salt(s.row.id, true))?;
        }
        // Through the store like every write: the table's barrier flushes it before the reply.
        self.store_do(|st| st.truncate_after(s.row.id, tb.seq - 1, s.last_seq()))?;
        let rebuilt = self
            .load(s.row.channel)
            .map_err(|e| Msg::StoreFailed {
                error: e.to_string(),
            })?
            .ok_or_else(|| Msg::StoreFailed {
                error: format!("game {} is no longer open", s.row.id),
            })?;
        *s = rebuilt;
        s.secret_taken_back =
            had_secret && s.game.as_ref().is_some_and(|g| g.empire.secret.is_none());
        if had_secret && !s.secret_taken_back {
            self.store_do(|st| st.set_fresh_salt(s.row.id, false))?;
        }
        let agreed = tb
            .agreed
            .iter()
            .map(|u| self.name(*u))
            .collect::<Vec<_>>()
            .join(", ");
        out.channel(t.msg(&Msg::TakenBack {
            what: tb.what.clone(),
            agreed,
        }));
        self.next_line(s, t, out);
        if let (Some(old), Some(g)) = (old_hands, &s.game) {
            for p in g.powers.iter() {
                let i = p as usize;
                if old.get(i) == g.hands.get(i) {
                    continue;
                }
                for u in self.entitled(s, p) {
                    out.dm(
                        u,
                        t.event(&EventKind::HandDealt {
                            power: p,
                            cards: g.hands[i].clone(),
                        }),
                    );
                }
            }
        }
        Ok(())
    }

    /// `veto`: a seated player refuses the pending take-back request.
    pub(super) fn veto(
        &self,
        s: &mut Slot,
        caller: &Caller,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        if !s.seats.values().any(|u| *u == caller.user) {
            return Err(Msg::TakeBackNotSeated);
        }
        let tb = match s.takeback.take() {
            Some(tb) if tb.seq == s.last_seq() => tb,
            _ => return Err(Msg::NoTakeBack),
        };
        out.channel(t.msg(&Msg::TakeBackVetoed {
            name: caller.name.clone(),
            what: tb.what,
        }));
        Ok(())
    }
}
