//! What the table posts after a change: events, who acts next, the map; status, VP and the log.

#[allow(unused_imports)]
use super::*;

impl Table {
    /// Turns engine events into messages: public lines to the channel, private ones to the
    /// holders of the powers allowed to see them, a map when an impulse or phase begins, and
    /// who acts next.
    pub(super) fn post_events(
        &self,
        s: &mut Slot,
        events: &[Event],
        t: Texts<'_>,
        out: &mut Outbox,
    ) {
        let mut public = Vec::new();
        let mut private: BTreeMap<UserId, Vec<String>> = BTreeMap::new();
        for e in events {
            match e.vis {
                Visibility::Public => public.push(t.event(&e.kind)),
                Visibility::Powers(set) => {
                    for p in set.iter() {
                        // The seated player and, while it lasts, the deputy (issue 29).
                        for u in self.entitled(s, p) {
                            let line = t.event(&e.kind);
                            let lines = private.entry(u).or_default();
                            if !lines.contains(&line) {
                                lines.push(line);
                            }
                            // --- diplomatic influence: what the hand's CP may buy (X-INF-BUY)
                            if let (EventKind::HandDealt { power, .. }, Some(g)) =
                                (&e.kind, &s.game)
                            {
                                let l = t.influence_hand_line(g, *power);
                                if !l.is_empty() && !lines.contains(&l) {
                                    lines.push(l);
                                }
                            }
                        }
                    }
                }
            }
        }
        if !public.is_empty() {
            out.channel(public.join("\n"));
        }
        for (u, lines) in private {
            out.dm(u, lines.join("\n"));
        }
        // --- spectators (issue 29, item 6): a public digest by DM when a phase begins.
        self.ping_watchers(s, events, t, out);
        // A map only when the board changed since the last one (not after a pass).
        let images = if map_moment(events) && board_changed(s) {
            self.attach_map(s, out, self.defer_pictures)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        if s.row.status != Status::Finished {
            self.next_line(s, t, out);
        }
        // The pictures go with the last post ("who acts next"): the close-ups first, so the
        // first picture Discord previews reads at its preview size, then the full map
        // (issue 30, item 12).
        attach_images(out, images);
    }

    pub(super) fn next_line(&self, s: &Slot, t: Texts<'_>, out: &mut Outbox) {
        let Some(g) = &s.game else { return };
        let aw = g.awaiting();
        let who: Vec<(Power, String)> = aw
            .powers()
            .iter()
            .map(|p| {
                (
                    p,
                    seat_user(s, p).map_or_else(|| "—".to_string(), |u| self.name(u)),
                )
            })
            .collect();
        // The seated players and their current deputies (issue 29).
        let mentions: Vec<UserId> = aw
            .powers()
            .iter()
            .flat_map(|p| self.entitled(s, p))
            .collect();
        let mut line = t.next_up(&aw, &who);
        // --- naval warfare: which fleet or piracy the question is about.
        if let Some(d) = g.steps.last().and_then(|st| t.naval_question(st)) {
            line.push_str(&format!(" {d}"));
        }
        out.channel(line);
        if let Some(m) = out.messages.last_mut() {
            m.mentions = mentions;
        }
    }

    /// Draws the map moment's pictures, marking what changed since the last map posted, and
    /// remembers what they show: the close-ups of the changes first, then the full map.
    /// `None` without a renderer or when rendering fails. With `defer`, nothing is drawn here:
    /// the outbox carries a [`PictureJob`] for the front end to draw after posting the text,
    /// and no pictures are returned.
    pub(super) fn attach_map(
        &self,
        s: &mut Slot,
        out: &mut Outbox,
        defer: bool,
    ) -> Option<Vec<Image>> {
        let (Some(r), Some(g)) = (&self.opts.renderer, &s.game) else {
            return None;
        };
        let locale = Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale);
        let previous = s.shown.as_ref().map(|sh| sh.board.clone());
        let names = PictureNames {
            map: format!("map-g{}-t{}-a{}.png", s.row.id, g.turn, s.last_seq()),
            closeup: format!("closeup-g{}-t{}-a{}", s.row.id, g.turn, s.last_seq()),
        };
        s.shown = Some(Shown {
            board: g.board.clone(),
            captured: g.captured.clone(),
        });
        if defer {
            let (r, rs, game) = (r.clone(), self.rs.clone(), g.clone());
            out.pictures = Some(Box::new(PictureJob::new(
                s.row.id,
                s.last_seq(),
                g.board.clone(),
                previous,
                Arc::new(move |prev: Option<&crate::engine::board::Board>| {
                    let images = r.render_update(&rs, &game, prev, locale)?;
                    Ok(names.images(images))
                }),
            )));
            return Some(Vec::new());
        }
        let rendered = {
            let _slot = self.renders.enter();
            r.render_update(&self.rs, g, previous.as_ref(), locale)
        };
        rendered.ok().map(|images| names.images(images))
    }

    pub(super) fn status_text(&self, s: &Slot, t: Texts<'_>) -> String {
        let mut lines = vec![t.msg(&Msg::StatusHeader {
            id: s.row.id,
            // A game set up from a position plays the position's scenario.
            scenario: s
                .game
                .as_ref()
                .map_or_else(|| s.row.scenario.clone(), |g| g.scenario.clone()),
            status: s.row.status,
        })];
        for p in Power::ALL {
            if let Some(u) = s.seats.get(p) {
                lines.push(format!("• {} — {}", t.power(*p), self.name(*u)));
            }
        }
        // --- campaign (issue 29, item 5): a table that chose private threads says so
        if s.around.stored.hands_in_threads {
            lines.push(self.hands_line(s, t.loc));
        }
        if let Some(g) = &s.game {
            let hs: Vec<String> = g
                .impulse_powers()
                .iter()
                .map(|p| format!("{} {}", t.power(p), g.hands[p as usize].len()))
                .collect();
            lines.push(t.msg(&Msg::StatusTurn {
                turn: g.turn,
                hands: hs.join(", "),
            }));
            lines.extend(status::lines(&self.rs, g, t));
            // --- diplomatic influence: steps per power, who holds each (X-INF-*, X-INACTIVE)
            let inf = t.influence_panel(g);
            if !inf.is_empty() {
                lines.push(inf);
            }
            // --- naval warfare: fleets at sea.
            if let Some(l) = t.at_sea(&g.board) {
                lines.push(l);
            }
            // --- piracy: piracy VP and this turn's markers (C-PIRACY).
            if let Some(l) = t.piracy_status(&g.naval) {
                lines.push(l);
            }
            if !g.is_over() {
                let mut o = Outbox::default();
                self.next_line(s, t, &mut o);
                lines.push(o.text_for(Audience::Channel));
            }
        }
        lines.push(t.msg(&Msg::SeedCommitment {
            commitment: s.row.seed_commitment.clone(),
        }));
        lines.join("\n")
    }

    pub(super) fn vp_text(&self, s: &Slot, t: Texts<'_>) -> Result<String, Msg> {
        let g = s.game.as_ref().ok_or(Msg::NotStarted)?;
        let mut rows: Vec<(i32, String)> = g
            .powers
            .iter()
            .map(|p| {
                let v = g.vp(&self.rs, p);
                (
                    v.total(),
                    t.msg(&Msg::VpRow {
                        power: p,
                        total: v.total(),
                        keys: v.keys,
                        bonus: v.bonus + v.master + v.secret + v.piracy,
                    }) + &t.lasting_vp_words(&g.lasting_vp(p)), // --- card effects
                )
            })
            .collect();
        rows.sort_by_key(|r| std::cmp::Reverse(r.0));
        Ok(rows
            .into_iter()
            .map(|(_, l)| l)
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// The last `last` actions (at most 50). Those before the latest snapshot are not kept in
    /// memory and are read back from the store.
    pub(super) fn log_text(&self, s: &Slot, last: usize, t: Texts<'_>) -> Result<String, Msg> {
        let total = s.last_seq();
        if total == 0 {
            return Ok(t.msg(&Msg::NoActions));
        }
        let first = total.saturating_sub(last.clamp(1, 50) as u64) + 1;
        let mut lines: Vec<(u64, Power, Option<UserId>, Action)> = Vec::new();
        if first <= s.base_seq {
            // Only the tail that is asked for: the store lock is shared by every channel.
            let rows = lock(&self.store)
                .actions_between(s.row.id, first, s.base_seq)
                .map_err(|e| Msg::StoreFailed {
                    error: e.to_string(),
                })?;
            for r in rows {
                let (power, action) = decode_row(&r).map_err(|error| Msg::StoreFailed { error })?;
                lines.push((r.seq, power, r.user_id, action));
            }
        }
        let skip = first.saturating_sub(s.base_seq + 1) as usize;
        for (i, l) in s.log.iter().enumerate().skip(skip) {
            lines.push((s.base_seq + i as u64 + 1, l.power, l.user, l.action.clone()));
        }
        Ok(lines
            .into_iter()
            .map(|(seq, power, user, action)| {
                let who = user.map(|u| self.name(u)).unwrap_or_default();
                let line = convert::action_line(&action, power, true).unwrap_or_default();
                format!(
                    "{seq}. {} ({who}): `{}`",
                    t.power(power),
                    t.command_line(&line)
                )
            })
            .collect::<Vec<_>>()
            .join("\n"))
    }
}
