//! Writing a game as a position (public and private TOML texts).

use std::fmt::Write as _;

use super::{Exported, POSITION_FORMAT};
use crate::engine::board::{Board, Force};
use crate::engine::game::{EmpireState, Stage};
use crate::engine::power::{Faction, Owner, Power, Relation};
use crate::engine::{Game, Ruleset};

/// A TOML string literal.
fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A TOML array of strings.
fn qs<'a>(v: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = v.into_iter().map(q).collect();
    format!("[{}]", items.join(", "))
}

/// A TOML array of card numbers, wrapped every 20 numbers.
fn nums(v: &[u16]) -> String {
    if v.len() <= 20 {
        let items: Vec<String> = v.iter().map(u16::to_string).collect();
        return format!("[{}]", items.join(", "));
    }
    let lines: Vec<String> = v
        .chunks(20)
        .map(|c| {
            let items: Vec<String> = c.iter().map(u16::to_string).collect();
            format!("  {},", items.join(", "))
        })
        .collect();
    format!("[\n{}\n]", lines.join("\n"))
}

fn power_ids(v: impl IntoIterator<Item = Power>) -> String {
    qs(v.into_iter().map(Power::as_str))
}

/// The owner as a position writes it: Protestant units by faction (`huguenot`, `dutch`).
fn owner_id(f: &Force) -> String {
    match (f.owner(), f.faction) {
        (Owner::Major(Power::Protestant), Some(Faction::Huguenot)) => "huguenot".into(),
        (Owner::Major(Power::Protestant), Some(Faction::Dutch)) => "dutch".into(),
        (o, _) => o.to_string(),
    }
}

/// Writes both parts of a position. Every field of [`Game`] is named here (no `..`): a new field
/// does not compile until it is written (and read back in `read.rs`).
pub fn export(rs: &Ruleset, g: &Game) -> Exported {
    let Game {
        format: _,
        ruleset: _,
        scenario,
        powers,
        turn,
        stage,
        board,
        hands,
        deck,
        discard,
        removed,
        bonus_vp,
        ruler_override,
        empire,
        captured,
        off_map,
        world_fortresses,
        protestant,
        wars,
        peace_made,
        minor_peace,
        steps,
        marks,
        standing,
        naval,
        treasures,
        flags,
        influence,
        court,
        seq,
        rng,
    } = g;
    // Named here so that a new field of the board or of the Protestant's state does not compile
    // until it is written (the spaces and the Empire are named where they are written).
    let Board {
        spaces: _,
        relations: _,
        minor_allies: _,
        capitals: _,
        protestant_capitals,
        seas: _,
        minor_wars,
    } = board;
    let crate::engine::protestant::ProtestantState {
        revolts,
        capital_lost,
    } = protestant;
    let mut o = String::new();
    let w = &mut o;
    let _ = writeln!(w, "# vqbot position: see docs/position.md");
    let _ = writeln!(w, "format = {POSITION_FORMAT}");
    let _ = writeln!(w, "scenario = {}", q(scenario));
    let _ = writeln!(w, "powers = {}", power_ids(powers.iter()));
    let _ = writeln!(w, "actions = {seq}");
    write_turn(w, *turn, stage);
    write_relations(w, board);
    write_peace_made(w, peace_made);
    if !minor_peace.is_empty() {
        let items: Vec<String> = minor_peace
            .iter()
            .map(|(p, m, t)| {
                format!(
                    "{{ power = {}, minor = {}, turn = {t} }}",
                    q(p.as_str()),
                    q(m.as_str())
                )
            })
            .collect();
        let _ = writeln!(w, "minor_peace = [{}]", items.join(", "));
    }
    if !minor_wars.is_empty() {
        let items: Vec<String> = minor_wars
            .iter()
            .map(|(p, m)| format!("[{}, {}]", q(p.as_str()), q(m.as_str())))
            .collect();
        let _ = writeln!(w, "minor_war = [{}]", items.join(", "));
    }
    write_minors(w, board);
    write_capitals(w, rs, board);
    let _ = writeln!(w, "\n[protestant]");
    for (i, f) in ["huguenot", "dutch"].iter().enumerate() {
        if let Some(c) = protestant_capitals[i] {
            let _ = writeln!(w, "{f}_capital = {}", q(&rs.space(c).id));
        }
        if let Some(t) = capital_lost[i] {
            let _ = writeln!(w, "{f}_capital_lost = {t}");
        }
    }
    if !revolts.is_empty() {
        let _ = writeln!(w, "revolts = {}", qs(revolts.iter().map(|z| z.as_str())));
    }
    write_empire(w, empire);
    write_standing(w, standing);
    write_engine(w, steps, marks, naval, flags, court);
    // --- diplomatic influence (X-INF-*, X-INACTIVE): vqbot's own JSON, like the engine's state
    if !influence.is_empty() {
        let json = serde_json::to_string(influence).unwrap_or_default();
        let _ = writeln!(
            w,
            "\n[influence]   # influence, resolutions and inactive majors, as vqbot wrote them\nstate = '''{json}'''"
        );
    }
    write_treasures(w, treasures);
    if bonus_vp.iter().any(|v| *v != 0) {
        let _ = writeln!(w, "\n[vp]");
        for p in Power::ALL {
            let v = bonus_vp[*p as usize];
            if v != 0 {
                let _ = writeln!(w, "{p} = {v}");
            }
        }
    }
    if ruler_override.iter().any(Option::is_some) {
        let _ = writeln!(w, "\n[rulers]");
        for p in Power::ALL {
            if let Some(r) = &ruler_override[*p as usize] {
                let _ = writeln!(w, "{p} = {}", q(r));
            }
        }
    }
    // The deck's order and the hands are secret: they are in the private part, and here only
    // their sizes, which every player sees.
    let _ = writeln!(
        w,
        "\n[cards]   # the deck and the hands are in the private part"
    );
    let _ = writeln!(w, "discard = {}", nums(discard));
    let _ = writeln!(w, "removed = {}", nums(removed));
    let sizes: Vec<String> = Power::ALL
        .iter()
        .filter(|p| powers.contains(**p) || !hands[**p as usize].is_empty())
        .map(|p| format!("{p} {}", hands[*p as usize].len()))
        .collect();
    let _ = writeln!(
        w,
        "# deck: {} cards; hands: {}",
        deck.len(),
        sizes.join(", ")
    );
    let _ = writeln!(w, "\n[leaders]");
    let _ = writeln!(w, "off_map = {}", qs(off_map.iter().map(String::as_str)));
    let caps: Vec<String> = captured
        .iter()
        .map(|(l, p)| format!("{{ leader = {}, by = {} }}", q(l), q(p.as_str())))
        .collect();
    let _ = writeln!(w, "captured = [{}]", caps.join(", "));
    let _ = writeln!(w, "\n[world]");
    let _ = writeln!(
        w,
        "fortresses = {}",
        qs(world_fortresses.iter().map(String::as_str))
    );
    for war in wars {
        let _ = writeln!(w, "\n[[foreign_war]]");
        let _ = writeln!(w, "card = {}", war.card);
        let _ = writeln!(w, "power = {}", q(war.power.as_str()));
        let _ = writeln!(w, "required = {}", war.required);
        let _ = writeln!(w, "army = {}", war.army);
        let u = &war.units;
        let _ = writeln!(
            w,
            "regulars = {}\nmercenaries = {}\ncavalry = {}",
            u.regulars, u.mercenaries, u.cavalry
        );
        if !u.leaders.is_empty() {
            let _ = writeln!(w, "leaders = {}", qs(u.leaders.iter().map(|l| l.as_str())));
        }
    }
    write_spaces(w, rs, board);

    let mut p = String::new();
    let _ = writeln!(
        p,
        "# vqbot position, private part: never show it to the players (docs/position.md)"
    );
    let _ = writeln!(p, "format = {POSITION_FORMAT}");
    if let (Some((choice, salt)), false) = (&empire.secret, empire.revealed) {
        let choice = serde_json::to_value(choice)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let _ = writeln!(p, "\n[empire]\nchoice = {}\nsalt = {}", q(&choice), q(salt));
    }
    let state = serde_json::to_string(rng).unwrap_or_default();
    let _ = writeln!(p, "\n[random]\nstate = {}", q(&state));
    let _ = writeln!(p, "\n[cards]\ndeck = {}", nums(deck));
    let _ = writeln!(p, "\n[hands]");
    for pw in Power::ALL {
        let h = &hands[*pw as usize];
        if powers.contains(*pw) || !h.is_empty() {
            let _ = writeln!(p, "{pw} = {}", nums(h));
        }
    }
    write_private_treasures(&mut p, treasures);
    Exported {
        public: o,
        private: p,
    }
}

fn write_turn(w: &mut String, turn: u8, stage: &Stage) {
    let _ = writeln!(w, "\n[turn]\nnumber = {turn}");
    let mut line = |k: &str, v: String| {
        let _ = writeln!(w, "{k} = {v}");
    };
    match stage {
        Stage::Diplomacy { done, offers } => {
            line("phase", q("diplomacy"));
            line("done", power_ids(done.iter()));
            let os: Vec<String> = offers
                .iter()
                .map(|o| {
                    format!(
                        "{{ from = {}, to = {}, status = {} }}",
                        q(o.from.as_str()),
                        q(o.to.as_str()),
                        q(o.status.as_str())
                    )
                })
                .collect();
            line("offers", format!("[{}]", os.join(", ")));
        }
        Stage::SecretChoice => {
            line("phase", q("spring_deployment"));
            line("step", q("secret_choice"));
        }
        Stage::Deployment { power } => {
            line("phase", q("spring_deployment"));
            line("step", q("deployment"));
            line("power", q(power.as_str()));
        }
        Stage::Impulse { power, passes } => {
            line("phase", q("action"));
            line("step", q("impulse"));
            line("power", q(power.as_str()));
            line("passes", passes.to_string());
        }
        Stage::Cp { power, cp } => {
            line("phase", q("action"));
            line("step", q("spend_cp"));
            line("power", q(power.as_str()));
            line("cp_left", cp.to_string());
        }
        Stage::Winter => {
            line("phase", q("winter"));
            line("step", q("winter"));
        }
        Stage::Over { winners, reason } => {
            line("phase", q("over"));
            line("winners", power_ids(winners.iter().copied()));
            line("reason", q(&reason.stored_text()));
        }
    }
}

fn write_relations(w: &mut String, board: &Board) {
    let _ = writeln!(w, "\n[relations]");
    for status in [Relation::War, Relation::Alliance] {
        let mut pairs = Vec::new();
        for (i, a) in Power::ALL.iter().enumerate() {
            for b in &Power::ALL[i + 1..] {
                if board.relation(*a, *b) == status {
                    pairs.push(format!("[{}, {}]", q(a.as_str()), q(b.as_str())));
                }
            }
        }
        let _ = writeln!(w, "{status} = [{}]", pairs.join(", "));
    }
}

/// Peace made between two majors and its turn (C-DIP-WAR-LIMITS), inside `[relations]`.
fn write_peace_made(w: &mut String, peace_made: &[(Power, Power, u8)]) {
    if peace_made.is_empty() {
        return;
    }
    let items: Vec<String> = peace_made
        .iter()
        .map(|(a, b, t)| {
            format!(
                "{{ a = {}, b = {}, turn = {t} }}",
                q(a.as_str()),
                q(b.as_str())
            )
        })
        .collect();
    let _ = writeln!(w, "peace_made = [{}]", items.join(", "));
}

/// Standing answers, by power (`[standing]`).
fn write_standing(w: &mut String, standing: &[(Power, crate::engine::steps::Standing)]) {
    if standing.is_empty() {
        return;
    }
    let _ = writeln!(w, "\n[standing]");
    for p in Power::ALL {
        let ids: Vec<&str> = standing
            .iter()
            .filter(|(q, _)| q == p)
            .map(|(_, s)| s.as_str())
            .collect();
        if !ids.is_empty() {
            let _ = writeln!(w, "{p} = {}", qs(ids.into_iter()));
        }
    }
}

/// A battle in progress (the decision stack) and the impulse's marks, in the state JSON's own
/// form: written by vqbot, not meant to be edited by hand (docs/position.md).
fn write_engine(
    w: &mut String,
    steps: &[crate::engine::steps::Step],
    marks: &crate::engine::steps::ImpulseMarks,
    naval: &crate::engine::piracy::NavalState,
    flags: &[crate::engine::cards::run::Flag],
    court: &crate::engine::marriage::CourtState,
) {
    if steps.is_empty()
        && marks.is_empty()
        && naval.is_empty()
        && flags.is_empty()
        && court.is_empty()
    {
        return;
    }
    let _ = writeln!(
        w,
        "\n[engine]   # a battle in progress and this impulse's marks, as vqbot wrote them"
    );
    if !steps.is_empty() {
        let json = serde_json::to_string(steps).unwrap_or_default();
        let _ = writeln!(w, "steps = '''{json}'''");
    }
    if !marks.is_empty() {
        let json = serde_json::to_string(marks).unwrap_or_default();
        let _ = writeln!(w, "marks = '''{json}'''");
    }
    if !naval.is_empty() {
        let json = serde_json::to_string(naval).unwrap_or_default();
        let _ = writeln!(w, "naval = '''{json}'''");
    }
    // --- card effects: flags set by written effects
    if !flags.is_empty() {
        let json = serde_json::to_string(flags).unwrap_or_default();
        let _ = writeln!(w, "flags = '''{json}'''");
    }
    // --- marriages and espionage: proposals, engagements, married royals, the assassinated
    if !court.is_empty() {
        let json = serde_json::to_string(court).unwrap_or_default();
        let _ = writeln!(w, "court = '''{json}'''");
    }
}

// --- treasures
/// `[treasures]`: the Portuguese row, spent treasures, the draws made, and `[treasures.held]`
/// by power; the pool is every treasure not listed.
fn write_treasures(w: &mut String, t: &crate::engine::treasure::TreasureState) {
    if t.is_empty() {
        return;
    }
    let _ = writeln!(
        w,
        "\n[treasures]   # numbers of treasures.csv; a treasure not listed is in the pool"
    );
    let _ = writeln!(
        w,
        "# the face-down row and the treasures held are in the private part"
    );
    if !t.spent.is_empty() {
        let _ = writeln!(w, "spent = {}", nums(&t.spent));
    }
    if t.words != 0 {
        let _ = writeln!(w, "draws = {}", t.words);
    }
}

/// The secret part of `[treasures]`: the face-down Portuguese row and `[treasures.held]`.
fn write_private_treasures(w: &mut String, t: &crate::engine::treasure::TreasureState) {
    if t.is_empty() {
        return;
    }
    let _ = writeln!(w, "\n[treasures]\nrow = {}", nums(&t.row));
    if t.held.iter().any(|h| !h.is_empty()) {
        let _ = writeln!(w, "\n[treasures.held]");
        for p in Power::ALL {
            let h = &t.held[*p as usize];
            if !h.is_empty() {
                let _ = writeln!(w, "{p} = {}", nums(h));
            }
        }
    }
}

fn write_minors(w: &mut String, board: &Board) {
    let _ = writeln!(w, "\n[minors]");
    for m in crate::engine::power::Minor::ALL {
        if let Some(p) = board.minor_ally(*m) {
            let _ = writeln!(w, "{m} = {}", q(p.as_str()));
        }
    }
}

fn write_capitals(w: &mut String, rs: &Ruleset, board: &Board) {
    let changed: Vec<Power> = Power::ALL
        .iter()
        .copied()
        .filter(|p| board.capitals[*p as usize] != rs.capitals(*p))
        .collect();
    if changed.is_empty() {
        return;
    }
    let _ = writeln!(w, "\n[capitals]");
    for p in changed {
        let ids = board.capitals[p as usize]
            .iter()
            .map(|s| rs.space(*s).id.as_str());
        let _ = writeln!(w, "{p} = {}", qs(ids));
    }
}

fn write_empire(w: &mut String, e: &EmpireState) {
    let EmpireState {
        secret,
        commitment,
        revealed,
        master,
        rudolf_dead,
    } = e;
    let _ = writeln!(w, "\n[empire]");
    let status = match (secret.is_some() || commitment.is_some(), revealed) {
        (false, _) => "none",
        (true, false) => "chosen",
        (true, true) => "revealed",
    };
    let _ = writeln!(w, "secret = {}", q(status));
    if let Some(c) = commitment {
        let _ = writeln!(w, "commitment = {}", q(c));
    }
    if *revealed {
        if let Some((choice, salt)) = secret {
            let choice = serde_json::to_value(choice)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            let _ = writeln!(w, "choice = {}\nsalt = {}", q(&choice), q(salt));
        }
    }
    let _ = writeln!(w, "master = {master}\nrudolf_dead = {rudolf_dead}");
}

fn write_spaces(w: &mut String, rs: &Ruleset, board: &Board) {
    for s in rs.space_ids() {
        let st = board.at(s);
        let sp = rs.space(s);
        let crate::engine::board::SpaceState {
            marker,
            unrest,
            fortress_built,
            besieged_by,
            forces,
        } = st;
        if marker.is_none()
            && !unrest
            && !fortress_built
            && besieged_by.is_none()
            && forces.is_empty()
        {
            continue;
        }
        let _ = writeln!(w, "\n[[space]]\nid = {}", q(&sp.id));
        if let Some(m) = marker {
            if m.owner != sp.home.owner() {
                let _ = writeln!(w, "control = {}", q(&m.owner.to_string()));
            }
            if m.religion != sp.religion {
                let _ = writeln!(w, "religion = {}", q(m.religion.as_str()));
            }
        }
        if *unrest {
            let _ = writeln!(w, "unrest = true");
        }
        if *fortress_built {
            let _ = writeln!(w, "fortress_built = true");
        }
        if let Some(p) = besieged_by {
            let _ = writeln!(w, "besieged_by = {}", q(p.as_str()));
        }
        if forces.is_empty() {
            continue;
        }
        write_units(w, forces);
    }
    // Fleets at sea (C-NAVAL-MOVE), one `[[sea]]` per zone that holds ships.
    for (zone, forces) in &board.seas {
        if forces.is_empty() {
            continue;
        }
        let _ = writeln!(w, "\n[[sea]]\nid = {}", q(zone));
        write_units(w, forces);
    }
}

/// The `units = [ … ]` list of a space or a sea zone.
fn write_units(w: &mut String, forces: &[Force]) {
    let _ = writeln!(w, "units = [");
    for f in forces {
        let mut parts = vec![format!("owner = {}", q(&owner_id(f)))];
        for (k, v) in [
            ("regulars", f.regulars),
            ("mercenaries", f.mercenaries),
            ("cavalry", f.cavalry),
            ("squadrons", f.squadrons),
            ("corsairs", f.corsairs),
        ] {
            if v > 0 {
                parts.push(format!("{k} = {v}"));
            }
        }
        if !f.leaders.is_empty() {
            parts.push(format!(
                "leaders = {}",
                qs(f.leaders.iter().map(String::as_str))
            ));
        }
        let _ = writeln!(w, "  {{ {} }},", parts.join(", "));
    }
    let _ = writeln!(w, "]");
}
