//! Autocomplete: what to suggest for a focused option, from the ruleset and the caller's own
//! view of the game (their hand, their formations, their foreign wars). Never another player's
//! cards.

use std::collections::BTreeMap;

use crate::engine::board::Force;
use crate::engine::{Game, Owner, Power, Ruleset, View, Viewer};
use crate::table::command::{Invocation, OptKind, COMMANDS};
use crate::table::rules::RULES;
use crate::table::{resolve, Channel, Locale, Table, Texts, UserId};

/// Discord shows at most 25 suggestions.
pub const MAX_CHOICES: usize = 25;

/// One suggestion: what the user sees, and the value sent back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// Label (≤ 100 characters).
    pub name: String,
    /// Value (≤ 100 characters).
    pub value: String,
}

fn fold(s: &str) -> String {
    s.trim().to_lowercase().replace('ё', "е")
}

fn push(out: &mut Vec<Suggestion>, typed: &str, keys: &[&str], name: String, value: String) {
    if out.len() >= MAX_CHOICES {
        return;
    }
    let t = fold(typed);
    if t.is_empty() || keys.iter().any(|k| fold(k).contains(&t)) {
        out.push(Suggestion {
            name: name.chars().take(100).collect(),
            value: value.chars().take(100).collect(),
        });
    }
}

/// What the caller may see of a game for suggestions.
pub struct CallerView<'a> {
    /// The game, if started.
    pub game: Option<&'a Game>,
    /// Seats.
    pub seats: &'a BTreeMap<Power, UserId>,
    /// The caller.
    pub user: UserId,
}

impl CallerView<'_> {
    fn mine(&self) -> Vec<Power> {
        self.seats
            .iter()
            .filter(|(_, u)| **u == self.user)
            .map(|(p, _)| *p)
            .collect()
    }

    /// The game as each of the caller's powers sees it (nothing before the start).
    fn my_views(&self, rs: &Ruleset) -> Vec<(Power, View)> {
        match self.game {
            Some(g) => self
                .mine()
                .into_iter()
                .map(|p| (p, g.view(rs, Viewer::Power(p))))
                .collect(),
            None => Vec::new(),
        }
    }
}

/// One of the caller's formations: a power's units and leaders in one space.
struct Formation {
    power: Power,
    space: usize,
    force: Force,
}

/// The caller's formations on the map, from their own views; `land` keeps only those with land
/// units or leaders (what `move`, `deploy` and `send` take).
fn formations(rs: &Ruleset, view: &CallerView<'_>) -> Vec<Formation> {
    let mut out = Vec::new();
    for (p, v) in view.my_views(rs) {
        for (i, st) in v.board.spaces.iter().enumerate() {
            for f in &st.forces {
                let land = f.regulars > 0 || f.mercenaries > 0 || f.cavalry > 0;
                if f.owner == Some(Owner::Major(p)) && (land || !f.leaders.is_empty()) {
                    out.push(Formation {
                        power: p,
                        space: i,
                        force: f.clone(),
                    });
                }
            }
        }
    }
    out
}

/// "4 regulars, 1 cavalry, Henri II" in a locale.
fn force_text(t: &Texts<'_>, f: &Force) -> String {
    t.formation(
        [f.regulars, f.mercenaries, f.cavalry, f.squadrons],
        &f.leaders,
    )
}

/// The unit pick that names a whole formation: `4r 1c HENRI_II`.
fn pick_text(f: &Force) -> String {
    let mut parts = Vec::new();
    for (n, k) in [(f.regulars, 'r'), (f.mercenaries, 'm'), (f.cavalry, 'c')] {
        if n > 0 {
            parts.push(format!("{n}{k}"));
        }
    }
    parts.extend(f.leaders.iter().cloned());
    parts.join(" ")
}

// --- naval warfare: fleets and sea zones

/// Commands whose place options name sea zones and ports.
const NAVAL_COMMANDS: &[&str] = &["sail", "haven", "engage", "evade", "piracy", "tribute"];

/// "2 squadrons, Doria, 3 corsairs" in a locale (naval leaders only: they sail with it).
fn fleet_text(rs: &Ruleset, t: &Texts<'_>, loc: Locale, f: &Force) -> String {
    let naval: Vec<String> = f
        .leaders
        .iter()
        .filter(|l| rs.is_naval_leader(l))
        .cloned()
        .collect();
    let mut s = t.formation([0, 0, 0, f.squadrons], &naval);
    if f.corsairs > 0 {
        let c = match loc {
            Locale::En => format!("{} corsairs", f.corsairs),
            Locale::Ru => format!("корсаров: {}", f.corsairs),
        };
        s = if s.is_empty() { c } else { format!("{s}, {c}") };
    }
    s
}

/// The caller's fleets (ports and sea zones holding its ships; `corsairs_at_sea`: only sea
/// zones with corsairs, for piracy), each named with what is there.
fn fleet_suggestions(
    rs: &Ruleset,
    loc: Locale,
    typed: &str,
    view: &CallerView<'_>,
    corsairs_at_sea: bool,
    out: &mut Vec<Suggestion>,
) {
    let t = Texts::new(rs, loc);
    let several = view.mine().len() > 1;
    for (p, v) in view.my_views(rs) {
        let mine = |f: &&Force| f.owner == Some(Owner::Major(p)) && f.ships() > 0;
        let named = |id: &str, en: &str, ru: &str, f: &Force, out: &mut Vec<Suggestion>| {
            let mut name = format!("{} — {}", label(loc, en, ru), fleet_text(rs, &t, loc, f));
            if several {
                name.push_str(&format!(" ({})", t.power(p)));
            }
            push(out, typed, &[id, en, ru], name, id.to_string());
        };
        for (zone, forces) in &v.board.seas {
            let Some(z) = rs.sea_zones.iter().find(|z| &z.id == zone) else {
                continue;
            };
            for f in forces.iter().filter(mine) {
                if !corsairs_at_sea || f.corsairs > 0 {
                    named(&z.id, &z.name_en, &z.name_ru, f, out);
                }
            }
        }
        if corsairs_at_sea {
            continue;
        }
        for (i, st) in v.board.spaces.iter().enumerate() {
            let Some(sp) = rs.spaces.get(i) else { continue };
            for f in st.forces.iter().filter(mine) {
                named(&sp.id, &sp.name_en, &sp.name_ru, f, out);
            }
        }
    }
}

/// Every sea zone, then every port, by English or Russian name.
fn sea_places(rs: &Ruleset, loc: Locale, typed: &str, out: &mut Vec<Suggestion>) {
    for z in &rs.sea_zones {
        push(
            out,
            typed,
            &[&z.id, &z.name_en, &z.name_ru],
            label(loc, &z.name_en, &z.name_ru),
            z.id.clone(),
        );
    }
    for sp in rs.spaces.iter().filter(|s| s.is_port()) {
        push(
            out,
            typed,
            &[&sp.id, &sp.name_en, &sp.name_ru],
            label(loc, &sp.name_en, &sp.name_ru),
            sp.id.clone(),
        );
    }
}

/// The value given so far for another option of the command being typed.
fn given<'a>(inv: &'a Invocation, option: &str) -> Option<&'a str> {
    inv.options
        .iter()
        .find(|(k, _)| k == option)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

impl Table {
    /// Suggestions for `user` in `channel`'s game (loaded from the store first if needed): the
    /// powers they may act for now (seats, deputies, a controlled inactive major) and what those
    /// powers see; never another player's cards.
    pub fn suggest(
        &self,
        channel: Channel,
        user: UserId,
        loc: Locale,
        inv: &Invocation,
        option: &str,
        typed: &str,
    ) -> Vec<Suggestion> {
        let _ = self.summary(channel);
        let slot = self.peek(channel);
        let seats: BTreeMap<Power, UserId> = slot
            .as_ref()
            .map(|s| {
                self.powers_of(s, user)
                    .into_iter()
                    .map(|p| (p, user))
                    .collect()
            })
            .unwrap_or_default();
        let view = CallerView {
            game: slot.as_ref().and_then(|s| s.game.as_ref()),
            seats: &seats,
            user,
        };
        suggest(self.ruleset(), loc, inv, option, typed, &view)
    }
}

/// Suggestions for option `option` of the command `inv` (with the options filled so far),
/// given what was typed into it.
pub fn suggest(
    rs: &Ruleset,
    loc: Locale,
    inv: &Invocation,
    option: &str,
    typed: &str,
    view: &CallerView<'_>,
) -> Vec<Suggestion> {
    // Suggestions cost time with the typed length: nothing for a value the table would refuse.
    if typed.chars().count() > crate::table::command::MAX_VALUE_CHARS {
        return Vec::new();
    }
    let command = inv.name.as_str();
    let t = Texts::new(rs, loc);
    let kind = COMMANDS
        .iter()
        .find(|c| c.name == command)
        .and_then(|c| c.option(option))
        .map(|o| o.kind);
    let mut out = Vec::new();
    match kind {
        // --- naval warfare: the caller's fleets where a fleet is named, else sea zones and ports.
        Some(OptKind::Space) if NAVAL_COMMANDS.contains(&command) => match (command, option) {
            ("sail", "from") => fleet_suggestions(rs, loc, typed, view, false, &mut out),
            ("piracy", "zone") => fleet_suggestions(rs, loc, typed, view, true, &mut out),
            _ => sea_places(rs, loc, typed, &mut out),
        },
        Some(OptKind::Space) => {
            // Where a formation is named (`from:` of move, deploy, send): the caller's own.
            if option == "from" && view.game.is_some() {
                let several = view.mine().len() > 1;
                for f in formations(rs, view) {
                    let Some(sp) = rs.spaces.get(f.space) else {
                        continue;
                    };
                    let mut name = format!(
                        "{} — {}",
                        label(loc, &sp.name_en, &sp.name_ru),
                        force_text(&t, &f.force)
                    );
                    if several {
                        name.push_str(&format!(" ({})", t.power(f.power)));
                    }
                    push(
                        &mut out,
                        typed,
                        &[&sp.id, &sp.name_en, &sp.name_ru],
                        name,
                        sp.id.clone(),
                    );
                }
                return out;
            }
            // Conversions only in the four zones (R-REL-OUTSIDE); the English Catholic rebellion
            // only in England (X-REL-ENG-REBELLION). Zones are printed on the map: public.
            use crate::engine::power::ReligiousZone;
            let fits = |sp: &&crate::engine::ruleset::Space| match command {
                "convert" => sp.zone != ReligiousZone::None,
                "rebel" => sp.zone == ReligiousZone::England,
                _ => true,
            };
            for sp in rs.spaces.iter().filter(fits) {
                push(
                    &mut out,
                    typed,
                    &[&sp.id, &sp.name_en, &sp.name_ru],
                    label(loc, &sp.name_en, &sp.name_ru),
                    sp.id.clone(),
                );
            }
        }
        Some(OptKind::Card) if command == "fight" || command == "send" => {
            // The caller's foreign wars: still fighting (`fight`) or still short of units (`send`).
            for (_, v) in view.my_views(rs) {
                for w in v
                    .foreign_wars
                    .iter()
                    .filter(|w| view.mine().contains(&w.power))
                {
                    let open = if command == "fight" {
                        w.army > 0
                    } else {
                        w.missing() > 0
                    };
                    if !open || out.iter().any(|s| s.value == w.card.to_string()) {
                        continue;
                    }
                    let (en, ru) = rs.card(w.card).map_or((String::new(), String::new()), |c| {
                        (c.name_en.clone(), c.name_ru.clone())
                    });
                    let state = t.war_progress(w.power, w.units.land(), w.required, w.army);
                    push(
                        &mut out,
                        typed,
                        &[&w.card.to_string(), &en, &ru],
                        format!("{} — {state}", t.card(w.card)),
                        w.card.to_string(),
                    );
                }
            }
        }
        Some(OptKind::Units) => {
            // The caller's formations, in the space already given in `from:` if there is one.
            let from = given(inv, "from").and_then(|f| resolve::space(rs, f).ok());
            let several = view.mine().len() > 1;
            for f in formations(rs, view) {
                let Some(sp) = rs.spaces.get(f.space) else {
                    continue;
                };
                if from.as_ref().is_some_and(|id| *id != sp.id) {
                    continue;
                }
                let pick = pick_text(&f.force);
                if pick.is_empty() {
                    continue;
                }
                let mut name = format!(
                    "{}: {}",
                    label(loc, &sp.name_en, &sp.name_ru),
                    force_text(&t, &f.force)
                );
                if several {
                    name.push_str(&format!(" ({})", t.power(f.power)));
                }
                push(&mut out, typed, &[&pick, &name], name.clone(), pick.clone());
            }
        }
        // --- treasures: only the caller's own (faces are theirs to see)
        Some(OptKind::Treasure) => {
            if let Some(g) = view.game {
                for p in view.mine() {
                    for n in &g.treasures.held[p as usize] {
                        push(
                            &mut out,
                            typed,
                            &[&n.to_string()],
                            t.treasure(*n),
                            n.to_string(),
                        );
                    }
                }
            }
        }
        Some(OptKind::Card) => {
            // Only the caller's own hands.
            if let Some(g) = view.game {
                for p in view.mine() {
                    for n in &g.hands[p as usize] {
                        let (en, ru) = rs.card(*n).map_or((String::new(), String::new()), |c| {
                            (c.name_en.clone(), c.name_ru.clone())
                        });
                        push(
                            &mut out,
                            typed,
                            &[&n.to_string(), &en, &ru],
                            t.card(*n),
                            n.to_string(),
                        );
                    }
                }
            }
        }
        Some(OptKind::Power) => {
            let candidates: Vec<Power> = match (command, option) {
                // Your own powers when saying which of them acts.
                (_, "power") if command != "join" && command != "leave" => view.mine(),
                ("leave", _) => view.mine(),
                ("join", _) => Power::ALL
                    .iter()
                    .copied()
                    .filter(|p| !view.seats.contains_key(p))
                    .collect(),
                _ => Power::ALL.to_vec(),
            };
            // C-DIP-WAR-LIMITS: war may also be declared on a minor power, and a minor's relation
            // set by `adjust`; C-DIP-PEACE: peace made with a minor the caller is at war with.
            let minors: Vec<crate::engine::power::Minor> = match (command, option) {
                ("war", "target") | ("adjust", "other") => {
                    crate::engine::power::Minor::ALL.to_vec()
                }
                ("peace", "target") => view.game.map_or_else(Vec::new, |g| {
                    let mine = view.mine();
                    g.board
                        .minor_wars
                        .iter()
                        .filter(|(p, _)| mine.contains(p))
                        .map(|(_, m)| *m)
                        .collect()
                }),
                _ => Vec::new(),
            };
            let named = candidates
                .into_iter()
                .map(|p| (p.as_str(), t.power(p)))
                .chain(
                    minors
                        .into_iter()
                        .map(|m| (m.as_str(), t.owner(crate::engine::Owner::Minor(m)))),
                );
            for (id, shown) in named {
                let (en, ru) = rs
                    .power_info(id)
                    .map_or((id.to_string(), String::new()), |i| {
                        (i.name_en.clone(), i.name_ru.clone())
                    });
                push(&mut out, typed, &[id, &en, &ru], shown, id.to_string());
            }
        }
        Some(OptKind::Leader | OptKind::Leaders) if command != "adjust" => {
            // The caller's own Protestant leaders (only they are placed, brought in by a revolt
            // or withdrawn): on the map to take off (`withdraw`), off it to bring in (`place`,
            // `revolt`). A list option keeps what was typed before the last comma.
            let (head, last) = match typed.rsplit_once(',') {
                Some((h, l)) => (format!("{},", h.trim_end()), l),
                None => (String::new(), typed),
            };
            let mine = view.mine();
            let Some(g) = view.game else {
                return out;
            };
            let on_map: Vec<String> = formations(rs, view)
                .into_iter()
                .flat_map(|f| f.force.leaders)
                .collect();
            let protestant = |l: &&crate::engine::ruleset::Leader| {
                l.power == Power::Protestant && mine.contains(&l.power)
            };
            for l in rs.leaders.iter().filter(protestant) {
                let wanted = if command == "withdraw" {
                    on_map.contains(&l.id)
                } else {
                    g.off_map.contains(&l.id) && l.enters_turn.is_none_or(|t| t <= g.turn)
                };
                if wanted
                    && !head
                        .split([',', ' '])
                        .any(|w| w.eq_ignore_ascii_case(&l.id))
                {
                    push(
                        &mut out,
                        last,
                        &[&l.id, &l.name_en, &l.name_ru],
                        label(loc, &l.name_en, &l.name_ru),
                        format!("{head}{}", l.id),
                    );
                }
            }
        }
        Some(OptKind::Leader) => {
            for l in &rs.leaders {
                push(
                    &mut out,
                    typed,
                    &[&l.id, &l.name_en, &l.name_ru],
                    label(loc, &l.name_en, &l.name_ru),
                    l.id.clone(),
                );
            }
        }
        Some(OptKind::RuleId) => {
            for r in RULES {
                let text: String = r.text[loc as usize].chars().take(60).collect();
                push(
                    &mut out,
                    typed,
                    &[r.id],
                    format!("{} — {text}", r.id),
                    r.id.to_string(),
                );
            }
        }
        Some(OptKind::CommandName) => {
            for c in COMMANDS {
                push(
                    &mut out,
                    typed,
                    &[c.name, c.ru],
                    format!("{} — {}", c.name_in(loc), c.describe(loc)),
                    c.name.to_string(),
                );
            }
        }
        _ => {}
    }
    out
}

fn label(loc: Locale, en: &str, ru: &str) -> String {
    match loc {
        Locale::En if ru.is_empty() || en == ru => en.to_string(),
        Locale::En => format!("{en} ({ru})"),
        Locale::Ru if en.is_empty() || en == ru => ru.to_string(),
        Locale::Ru => format!("{ru} ({en})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::foreign_war::ForeignWar;
    use crate::engine::{GameOptions, PowerSet, Units};
    use crate::table::command::parse_units;

    const EMPIRE_USER: UserId = 1;
    const OTTOMAN_USER: UserId = 2;

    fn setup() -> (Ruleset, Game, BTreeMap<Power, UserId>) {
        let rs = crate::data::load_default().expect("shipped data loads");
        let opts = GameOptions {
            scenario: "1559".into(),
            powers: PowerSet::all(),
        };
        let (mut g, _) = Game::new(&rs, &opts, 11).expect("game starts");
        g.wars.push(ForeignWar {
            card: 11,
            power: Power::Empire,
            required: 3,
            army: 2,
            units: Units {
                regulars: 1,
                ..Units::default()
            },
        });
        g.wars.push(ForeignWar {
            card: 10,
            power: Power::Ottoman,
            required: 2,
            army: 0,
            units: Units {
                regulars: 2,
                ..Units::default()
            },
        });
        let seats = BTreeMap::from([(Power::Empire, EMPIRE_USER), (Power::Ottoman, OTTOMAN_USER)]);
        (rs, g, seats)
    }

    fn ask(
        rs: &Ruleset,
        g: &Game,
        seats: &BTreeMap<Power, UserId>,
        user: UserId,
        loc: Locale,
        line: &str,
        option: &str,
    ) -> Vec<Suggestion> {
        let inv = crate::table::command::tokenize(line).expect("a valid line");
        let view = CallerView {
            game: Some(g),
            seats,
            user,
        };
        suggest(rs, loc, &inv, option, "", &view)
    }

    /// Spaces where `p` has land units or leaders.
    fn spaces_of(rs: &Ruleset, g: &Game, p: Power) -> Vec<String> {
        let mut out: Vec<String> = g
            .board
            .spaces
            .iter()
            .enumerate()
            .filter(|(_, st)| {
                st.forces.iter().any(|f| {
                    f.owner == Some(Owner::Major(p))
                        && (f.regulars + f.mercenaries + f.cavalry > 0 || !f.leaders.is_empty())
                })
            })
            .map(|(i, _)| rs.spaces[i].id.clone())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    // Issue 15, item 5: `sail from:` suggests the caller's fleets (ports and sea zones), never
    // another power's; `piracy zone:` the zones with the caller's corsairs; other naval places
    // are sea zones and ports by English or Russian name.
    #[test]
    fn naval_places_suggest_the_callers_fleets_and_sea_zones() {
        let (rs, mut g, seats) = setup();
        let mut corsairs = Force::new(Owner::Major(Power::Ottoman), None);
        corsairs.corsairs = 3;
        g.board.seas.insert("BARBARY_COAST".into(), vec![corsairs]);
        let mut spain = Force::new(Owner::Major(Power::Spain), None);
        spain.squadrons = 2;
        g.board.seas.insert("GULF_OF_LYON".into(), vec![spain]);
        let values = |v: Vec<Suggestion>| v.into_iter().map(|s| s.value).collect::<Vec<_>>();
        let got = ask(
            &rs,
            &g,
            &seats,
            OTTOMAN_USER,
            Locale::En,
            "sail from:",
            "from",
        );
        let vals = values(got.clone());
        assert!(vals.contains(&"BARBARY_COAST".to_string()), "{vals:?}");
        assert!(!vals.contains(&"GULF_OF_LYON".to_string()), "{vals:?}");
        // Ottoman squadrons in port at the start.
        let ports_with_ships: Vec<String> = g
            .board
            .spaces
            .iter()
            .enumerate()
            .filter(|(_, st)| {
                st.forces
                    .iter()
                    .any(|f| f.owner == Some(Owner::Major(Power::Ottoman)) && f.ships() > 0)
            })
            .map(|(i, _)| rs.spaces[i].id.clone())
            .collect();
        assert!(!ports_with_ships.is_empty());
        for p in &ports_with_ships {
            assert!(vals.contains(p), "{p} in {vals:?}");
        }
        assert!(
            got.iter()
                .any(|s| s.name.starts_with("Barbary Coast") && s.name.ends_with("— 3 corsairs")),
            "{got:?}"
        );
        // Only naval leaders are named with a fleet (army leaders stay ashore).
        let ist = got
            .iter()
            .find(|s| s.value == "ISTANBUL")
            .expect("Istanbul");
        assert!(
            ist.name.contains("Piyale") && !ist.name.contains("Suleiman"),
            "{ist:?}"
        );
        // The Empire has no ships: nothing.
        assert!(ask(
            &rs,
            &g,
            &seats,
            EMPIRE_USER,
            Locale::En,
            "sail from:",
            "from"
        )
        .is_empty());
        assert_eq!(
            values(ask(
                &rs,
                &g,
                &seats,
                OTTOMAN_USER,
                Locale::En,
                "piracy zone:",
                "zone"
            )),
            vec!["BARBARY_COAST".to_string()]
        );
        // Sea zones by Russian name, shown in Russian.
        let inv = crate::table::command::tokenize("sail to:").expect("a line");
        let view = CallerView {
            game: Some(&g),
            seats: &seats,
            user: OTTOMAN_USER,
        };
        let ru = suggest(&rs, Locale::Ru, &inv, "to", "лион", &view);
        assert_eq!(values(ru.clone()), vec!["GULF_OF_LYON".to_string()]);
        assert!(ru[0].name.starts_with("Лионский залив"), "{ru:?}");
        let en = suggest(&rs, Locale::En, &inv, "to", "tyrrh", &view);
        assert_eq!(values(en), vec!["TYRRHENIAN_SEA".to_string()]);
    }

    #[test]
    fn from_suggests_only_the_callers_formations() {
        let (rs, g, seats) = setup();
        let empire = spaces_of(&rs, &g, Power::Empire);
        assert!(!empire.is_empty() && !spaces_of(&rs, &g, Power::Ottoman).is_empty());
        for cmd in ["move from:", "deploy from:", "send card:11 from:"] {
            let got = ask(&rs, &g, &seats, EMPIRE_USER, Locale::En, cmd, "from");
            let mut values: Vec<String> = got.iter().map(|s| s.value.clone()).collect();
            values.sort();
            values.dedup();
            assert_eq!(values, empire, "{cmd}");
            for s in &got {
                assert!(s.name.contains(" — "), "{}", s.name);
                assert!(
                    s.name.contains("regular") || s.name.contains("cavalry"),
                    "{}",
                    s.name
                );
            }
        }
        let ru = ask(
            &rs,
            &g,
            &seats,
            EMPIRE_USER,
            Locale::Ru,
            "move from:",
            "from",
        );
        assert!(ru.iter().any(|s| s.name.contains("рег.")), "{ru:?}");
        // Someone without a seat has no formations.
        assert!(ask(&rs, &g, &seats, 99, Locale::En, "move from:", "from").is_empty());
    }

    #[test]
    fn units_suggest_the_formations_in_the_given_space() {
        let (rs, g, seats) = setup();
        let empire = spaces_of(&rs, &g, Power::Empire);
        let here = &empire[0];
        let line = format!("move from:{here} to:x units:");
        let got = ask(&rs, &g, &seats, EMPIRE_USER, Locale::En, &line, "units");
        assert!(!got.is_empty());
        let s = rs.space_id(here).expect("known space");
        for sug in &got {
            let pick = parse_units(&sug.value).expect("a valid unit pick");
            let matches = g.board.at(s).forces.iter().any(|f| {
                f.owner == Some(Owner::Major(Power::Empire))
                    && (f.regulars, f.mercenaries, f.cavalry)
                        == (pick.regulars, pick.mercenaries, pick.cavalry)
                    && f.leaders == pick.leaders
            });
            assert!(matches, "{sug:?} is not a formation in {here}");
        }
        // Without `from:`, every formation of the caller, and never the other power's.
        let all = ask(&rs, &g, &seats, OTTOMAN_USER, Locale::En, "move", "units");
        let ottoman: Vec<String> = spaces_of(&rs, &g, Power::Ottoman)
            .iter()
            .map(|id| rs.space(rs.space_id(id).expect("known")).name_en.clone())
            .collect();
        assert!(!all.is_empty());
        for sug in &all {
            let space = sug.name.split([':', '(']).next().unwrap_or_default();
            assert!(ottoman.iter().any(|n| n == space.trim()), "{sug:?}");
        }
    }

    #[test]
    fn leaders_are_the_callers_own() {
        let (rs, mut g, mut seats) = setup();
        const PROTESTANT_USER: UserId = 3;
        seats.insert(Power::Protestant, PROTESTANT_USER);
        let waiting: Vec<String> = rs
            .leaders
            .iter()
            .filter(|l| l.power == Power::Protestant && g.off_map.contains(&l.id))
            .filter(|l| l.enters_turn.is_none_or(|t| t <= g.turn))
            .map(|l| l.id.clone())
            .collect();
        assert!(waiting.len() >= 2, "Protestant leaders wait off the map");
        let place = |g: &Game, user| {
            ask(&rs, g, &seats, user, Locale::En, "place", "leader")
                .into_iter()
                .map(|s| s.value)
                .collect::<Vec<_>>()
        };
        assert_eq!(place(&g, PROTESTANT_USER), waiting);
        assert!(place(&g, EMPIRE_USER)
            .iter()
            .all(|id| !waiting.contains(id)));

        // A list keeps what was typed before the last comma and offers the others.
        let inv = crate::table::command::tokenize("revolt").expect("parses");
        let view = CallerView {
            game: Some(&g),
            seats: &seats,
            user: PROTESTANT_USER,
        };
        let typed = format!("{}, ", waiting[0]);
        let got: Vec<String> = suggest(&rs, Locale::En, &inv, "leaders", &typed, &view)
            .into_iter()
            .map(|s| s.value)
            .collect();
        let want: Vec<String> = waiting[1..]
            .iter()
            .map(|id| format!("{},{id}", waiting[0]))
            .collect();
        assert_eq!(got, want);

        // One leader enters the map: now it is the one to withdraw, and no longer to place.
        let id = waiting[0].clone();
        g.off_map.retain(|x| *x != id);
        let paris = rs.space_id("PARIS").expect("Paris");
        let mut f = Force::new(Owner::Major(Power::Protestant), None);
        f.regulars = 1;
        f.leaders.push(id.clone());
        g.board.spaces[paris.idx()].forces.push(f);
        let withdraw = ask(
            &rs,
            &g,
            &seats,
            PROTESTANT_USER,
            Locale::En,
            "withdraw",
            "leaders",
        );
        let values: Vec<&str> = withdraw.iter().map(|s| s.value.as_str()).collect();
        assert_eq!(values, [id.as_str()]);
        assert!(!place(&g, PROTESTANT_USER).contains(&id));
        assert!(ask(
            &rs,
            &g,
            &seats,
            EMPIRE_USER,
            Locale::En,
            "withdraw",
            "leaders"
        )
        .is_empty());
    }

    #[test]
    fn command_names_are_found_and_shown_in_the_callers_language() {
        let (rs, g, seats) = setup();
        let inv = crate::table::command::tokenize("help").expect("parses");
        let view = CallerView {
            game: Some(&g),
            seats: &seats,
            user: EMPIRE_USER,
        };
        let got = suggest(&rs, Locale::Ru, &inv, "command", "вступ", &view);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].name.starts_with("вступить — "), "{}", got[0].name);
        assert_eq!(got[0].value, "join");
    }

    #[test]
    fn foreign_war_cards_for_fight_and_send() {
        let (rs, g, seats) = setup();
        for cmd in ["fight", "send"] {
            let got = ask(&rs, &g, &seats, EMPIRE_USER, Locale::En, cmd, "card");
            let values: Vec<&str> = got.iter().map(|s| s.value.as_str()).collect();
            assert_eq!(values, ["11"], "{cmd}: {got:?}");
            assert!(got[0].name.contains("1/3"), "{}", got[0].name);
        }
        // The Ottoman war has no army left and all its units: nothing to fight or send.
        for cmd in ["fight", "send"] {
            let got = ask(&rs, &g, &seats, OTTOMAN_USER, Locale::En, cmd, "card");
            assert!(got.is_empty(), "{cmd}: {got:?}");
        }
        // `play` still suggests the caller's own hand, and only it.
        let hand = &g.hands[Power::Empire as usize];
        let got = ask(&rs, &g, &seats, EMPIRE_USER, Locale::En, "play", "card");
        assert!(!got.is_empty());
        for s in &got {
            let n: u16 = s.value.parse().expect("a card number");
            assert!(hand.contains(&n), "{n} is not in the Empire's hand");
        }
    }
}
