//! The lobby: a new game, seats (join, admit, leave) and the start.

#[allow(unused_imports)]
use super::*;

impl Table {
    pub(super) fn new_game(
        &self,
        slot: &mut Option<Slot>,
        channel: Channel,
        caller: &Caller,
        scenario: Option<&str>,
        locale: Option<Locale>,
        t: Texts<'_>,
    ) -> Result<Outbox, Msg> {
        if slot
            .as_ref()
            .is_some_and(|s| s.row.status != Status::Finished)
        {
            return Err(Msg::GameExists);
        }
        let scenario = scenario.unwrap_or("1559");
        let Some(sc) = self
            .rs
            .scenarios
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(scenario))
        else {
            return Err(Msg::UnknownScenario {
                name: scenario.to_string(),
                known: self
                    .rs
                    .scenarios
                    .iter()
                    .map(|s| s.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        };
        let seed = self.next_seed().to_string();
        let commitment = sha256_hex(&seed);
        let row = GameRow {
            id: 0,
            channel,
            status: Status::Lobby,
            scenario: sc.id.clone(),
            options_json: serde_json::json!({"scenario": sc.id, "powers": []}).to_string(),
            seed,
            seed_commitment: commitment.clone(),
            locale: locale.unwrap_or(t.loc).code().to_string(),
            created_by: Some(caller.user),
        };
        let row = self.store_do(|st| st.create(&row))?;
        *slot = Some(Slot::new(row, BTreeMap::new()));
        let mut out = Outbox::default();
        let scen_name = t.loc_pick(&sc.name_en, &sc.name_ru);
        out.channel(t.msg(&Msg::GameCreated {
            creator: caller.name.clone(),
            scenario: scen_name,
            commitment,
        }));
        Ok(out)
    }

    pub(super) fn players(s: &Slot) -> usize {
        let mut users: Vec<UserId> = s.seats.values().copied().collect();
        users.sort_unstable();
        users.dedup();
        users.len()
    }

    pub(super) fn join(
        &self,
        s: &mut Slot,
        caller: &Caller,
        power: &str,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let p = resolve::power(&self.rs, power)?;
        // R-GAME-PLAYERS: at most six players.
        if !s.seats.values().any(|u| *u == caller.user) && Self::players(s) >= 6 {
            return Err(Msg::TableFull);
        }
        match s.seats.get(&p) {
            Some(u) if *u == caller.user => return Err(Msg::AlreadyHolds { power: p }),
            Some(u) => {
                return Err(Msg::PowerTaken {
                    power: p,
                    holder: self.name(*u),
                })
            }
            None => {}
        }
        if let Some(g) = &s.game {
            if !g.powers.contains(p) {
                return Err(Msg::NotInLobby);
            }
            // --- ops: a vacated seat of a started game carries a hand: it goes only to a member
            // who holds no seat, and only with the remaining players' agreement.
            if s.seats.values().any(|u| *u == caller.user) {
                return Err(Msg::SeatForNewcomers { power: p });
            }
            if !Self::seated_users(s).is_empty() {
                s.seat_requests.retain(|r| r.power != p);
                s.seat_requests.push(SeatRequest {
                    power: p,
                    user: caller.user,
                    name: caller.name.clone(),
                    agreed: Vec::new(),
                });
                out.channel(t.msg(&Msg::SeatAsked {
                    name: caller.name.clone(),
                    power: p,
                    waiting: self.seat_waiting(s, p),
                }));
                out.consent = true;
                return Ok(());
            }
        }
        self.store_do(|st| {
            st.set_seat(s.row.id, p.as_str(), Some(caller.user), Some(caller.user))
        })?;
        s.seats.insert(p, caller.user);
        out.channel(t.msg(&Msg::Joined {
            name: caller.name.clone(),
            power: p,
        }));
        Ok(())
    }

    /// The seated users who have not yet agreed to the request for `power`'s seat.
    pub(super) fn seat_waiting(&self, s: &Slot, power: Power) -> String {
        let agreed = s
            .seat_requests
            .iter()
            .find(|r| r.power == power)
            .map(|r| r.agreed.clone())
            .unwrap_or_default();
        Self::seated_users(s)
            .into_iter()
            .filter(|u| !agreed.contains(u))
            .map(|u| self.name(u))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `admit power:`: a seated player agrees to the pending request for a vacated seat; with
    /// every seated player's agreement the asker takes it.
    pub(super) fn admit(
        &self,
        s: &mut Slot,
        caller: &Caller,
        power: &str,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let p = resolve::power(&self.rs, power)?;
        if !s.seats.values().any(|u| *u == caller.user) {
            return Err(Msg::TakeBackNotSeated);
        }
        let Some(i) = s.seat_requests.iter().position(|r| r.power == p) else {
            return Err(Msg::NoSeatRequest { power: p });
        };
        if s.seats.contains_key(&p) {
            s.seat_requests.remove(i);
            return Err(Msg::NoSeatRequest { power: p });
        }
        if !s.seat_requests[i].agreed.contains(&caller.user) {
            s.seat_requests[i].agreed.push(caller.user);
        }
        let waiting = self.seat_waiting(s, p);
        if !waiting.is_empty() {
            out.channel(t.msg(&Msg::SeatAgreed {
                name: caller.name.clone(),
                power: p,
                waiting,
            }));
            out.consent = true;
            return Ok(());
        }
        let r = s.seat_requests.remove(i);
        self.store_do(|st| st.set_seat(s.row.id, p.as_str(), Some(r.user), Some(caller.user)))?;
        s.seats.insert(p, r.user);
        out.channel(t.msg(&Msg::Joined {
            name: r.name,
            power: p,
        }));
        Ok(())
    }

    pub(super) fn leave(
        &self,
        s: &mut Slot,
        caller: &Caller,
        power: Option<&str>,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let held: Vec<Power> = match power {
            Some(p) => {
                let p = resolve::power(&self.rs, p)?;
                if s.seats.get(&p) != Some(&caller.user) {
                    return Err(Msg::NotYourSeat {
                        power: p,
                        holder: s.seats.get(&p).map(|u| self.name(*u)),
                    });
                }
                vec![p]
            }
            None => s
                .seats
                .iter()
                .filter(|(_, u)| **u == caller.user)
                .map(|(p, _)| *p)
                .collect(),
        };
        if held.is_empty() {
            return Err(Msg::NotSeated);
        }
        for p in &held {
            self.store_do(|st| st.set_seat(s.row.id, p.as_str(), None, Some(caller.user)))?;
            s.seats.remove(p);
        }
        let (name, powers) = (caller.name.clone(), held);
        out.channel(t.msg(&if s.game.is_some() {
            // --- ops: a started game's seat carries a hand (see `join`).
            Msg::LeftOffered { name, powers }
        } else {
            Msg::Left { name, powers }
        }));
        Ok(())
    }

    pub(super) fn start(
        &self,
        s: &mut Slot,
        caller: &Caller,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        self.require_creator(s, caller)?;
        if s.row.status != Status::Lobby {
            return Err(Msg::NotInLobby);
        }
        // R-GAME-PLAYERS: two to six players.
        let players = Self::players(s);
        if !(2..=6).contains(&players) {
            return Err(Msg::TooFewPlayers { players });
        }
        // A game set up from a position keeps its options (the position) and needs its seats.
        let from_position = self.position_seats(s).transpose()?.is_some();
        let powers: PowerSet = s.seats.keys().copied().collect();
        let opts = GameOptions {
            scenario: s.row.scenario.clone(),
            powers,
        };
        let options_json = if from_position {
            s.row.options_json.clone()
        } else {
            serde_json::to_string(&opts).map_err(|e| Msg::StoreFailed {
                error: e.to_string(),
            })?
        };
        let mut row = s.row.clone();
        row.options_json = options_json.clone();
        let (g, events) = self
            .start_game(&row)
            .map_err(|e| Msg::StoreFailed { error: e })?;
        // The start state is kept too: it tells which game data the log is played with, should
        // the group correct its data before the first phase ends (see `rebuild`).
        let initial = serde_json::to_string(&g).map_err(|e| Msg::StoreFailed {
            error: e.to_string(),
        })?;
        self.store_do(|st| {
            st.set_options(s.row.id, &options_json)?;
            st.save_initial(s.row.id, &initial)?;
            st.set_status(s.row.id, Status::Active)
        })?;
        row.status = Status::Active;
        s.row = row;
        s.game = Some(g);
        // --- absences: inactivity counts from the start.
        let now = self.now();
        for p in s.seats.keys() {
            s.around.last_acted.insert(*p, now);
        }
        s.around.dirty = true;
        out.channel(t.msg(&Msg::Started {
            powers: powers.iter().collect(),
        }));
        self.post_events(s, &events, t, out);
        Ok(())
    }
}
