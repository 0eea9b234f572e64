//! The seed power rules (R-HRE-*, R-PROT-*, R-FW-*, R-MINOR-HIS), each proven by a test named
//! by its ID, refusals included: a refused action changes nothing (same `state_hash`).

use crate::common;

use common::{new_game, rs, sp};
use std::path::Path;
use vqbot::engine::board::MarkerShape;
use vqbot::engine::foreign_war::ForeignWar;
use vqbot::engine::power::{Faction, Minor, Relation, Religion};
use vqbot::engine::ruleset::{EmpireChoice, Ruleset};
use vqbot::engine::view::SecretView;
use vqbot::engine::{
    Action, Adjustment, CardMode, EventKind, Game, LeaderEntry, Owner, Power, Stage, UnitKind,
    Units, Viewer, Visibility,
};
use vqbot::engine::{EndReason, RevealReason};
use vqbot::table::messages::{Locale, Texts};

const P: Power = Power::Protestant;

/// Applies an action that must be refused; checks nothing changed and returns the message as
/// the English catalogue words it.
fn refused(g: &mut Game, p: Power, a: Action) -> String {
    let before = g.state_hash();
    let e = g
        .apply(rs(), p, &a)
        .expect_err(&format!("{a:?} by {p} should be refused"));
    assert_eq!(before, g.state_hash(), "a refused {a:?} changed the state");
    Texts::new(rs(), Locale::En).rule_error(&e)
}

fn ok(g: &mut Game, p: Power, a: Action) -> Vec<vqbot::engine::Event> {
    g.apply(rs(), p, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {p} refused: {e}"))
}

fn cp(g: &mut Game, p: Power, n: u8) {
    g.stage = Stage::Cp { power: p, cp: n };
}

fn control(g: &mut Game, id: &str, p: Power) {
    g.board.set_control(rs(), sp(id), Owner::Major(p));
}

fn clear_units(g: &mut Game, id: &str) {
    g.board.spaces[sp(id).idx()].forces.clear();
}

fn add(g: &mut Game, id: &str, owner: Owner, faction: Option<Faction>, regulars: u8) {
    g.board.force_mut(sp(id), owner, faction).regulars += regulars;
}

fn units_of(g: &Game, id: &str, owner: Owner, faction: Option<Faction>) -> u32 {
    g.board
        .at(sp(id))
        .forces
        .iter()
        .filter(|f| f.owner() == owner && (faction.is_none() || f.faction == faction))
        .map(|f| f.land())
        .sum()
}

fn regs(n: u8) -> Units {
    Units {
        regulars: n,
        ..Units::default()
    }
}

/// Ends the Action phase at once (nobody holds cards) and runs the end of the turn; the
/// Protestant keeps its leaders if asked.
fn end_turn(g: &mut Game) -> Vec<vqbot::engine::Event> {
    for h in &mut g.hands {
        h.clear();
    }
    cp(g, Power::Ottoman, 1);
    let mut ev = ok(g, Power::Ottoman, Action::EndImpulse);
    if matches!(
        g.steps.last(),
        Some(vqbot::engine::steps::Step::WithdrawLeaders(_))
    ) {
        ev.extend(ok(g, P, Action::WithdrawLeaders { leaders: vec![] }));
    }
    // Winter questions (C-WINTER-QUARTERS) get the first legal answer.
    while let vqbot::engine::Awaiting::One {
        power,
        decision:
            vqbot::engine::Decision::WinterQuarters
            | vqbot::engine::Decision::WinterExcess
            | vqbot::engine::Decision::EmpireWinterUnit,
    } = g.awaiting()
    {
        let a = g.legal_actions(rs(), power).remove(0);
        ev.extend(ok(g, power, a));
    }
    ev
}

fn card_named(name: &str) -> u16 {
    rs().cards
        .iter()
        .find(|c| c.name_en == name)
        .unwrap_or_else(|| panic!("no card {name}"))
        .number
}

/// Plays `card` as an event in `p`'s impulse.
fn play_event(g: &mut Game, p: Power, card: u16) -> Vec<vqbot::engine::Event> {
    g.hands[p as usize].push(card);
    g.stage = Stage::Impulse {
        power: p,
        passes: 0,
    };
    ok(
        g,
        p,
        Action::Play {
            card,
            mode: CardMode::Event,
        },
    )
}

/// A new game brought to the Empire's secret choice.
fn at_secret_choice() -> Game {
    let mut g = new_game(7);
    for p in Power::ALL {
        ok(&mut g, *p, Action::DoneDiplomacy);
    }
    assert_eq!(g.stage, Stage::SecretChoice);
    g
}

// ------------------------------------------------------------------ Holy Roman Empire

// R-HRE-MASTER
#[test]
fn r_hre_master_of_central_europe() {
    let r = rs();
    let mut g = new_game(1);
    // Buda starts Ottoman: no bonus.
    end_turn(&mut g);
    assert!(!g.empire.master && g.vp(r, Power::Empire).master == 0);
    control(&mut g, "BUDA", Power::Empire);
    end_turn(&mut g);
    assert!(g.empire.master);
    assert_eq!(g.vp(r, Power::Empire).master, 1);
    // One marker: a second Victory phase does not add a second VP.
    end_turn(&mut g);
    assert_eq!(g.vp(r, Power::Empire).master, 1);
    // Unrest in one of the three: the marker goes.
    g.board.spaces[sp("PRAGUE").idx()].unrest = true;
    end_turn(&mut g);
    assert!(!g.empire.master && g.vp(r, Power::Empire).master == 0);
}

// R-HRE-SECRET: made in secret; only the commitment is public; hidden in every other view.
#[test]
fn r_hre_secret_is_hidden_and_committed() {
    let r = rs();
    let mut g = at_secret_choice();
    let ev = ok(
        &mut g,
        Power::Empire,
        Action::SecretChoice {
            choice: EmpireChoice::Catholic,
        },
    );
    let (salt, mut public_commitment) = (g.empire.secret.clone().unwrap().1, None::<String>);
    for e in &ev {
        match &e.kind {
            EventKind::SecretChosen { .. } => {
                assert_eq!(e.vis, Visibility::only(Power::Empire));
                assert!(!e.vis.visible_to(Some(Power::France)) && !e.vis.visible_to(None));
            }
            EventKind::SecretCommitted { commitment } => {
                assert_eq!(e.vis, Visibility::Public);
                public_commitment = Some(commitment.clone());
            }
            other => {
                let text = serde_json::to_string(other).unwrap();
                assert!(
                    e.vis != Visibility::Public || !text.contains(&salt),
                    "public event leaks the salt"
                );
            }
        }
    }
    assert_eq!(
        public_commitment,
        Some(vqbot::engine::diplomacy::commitment(
            EmpireChoice::Catholic,
            &salt
        ))
    );
    for viewer in [
        Viewer::Power(Power::France),
        Viewer::Power(Power::Protestant),
        Viewer::Observer,
    ] {
        let v = g.view(r, viewer);
        assert!(matches!(v.empire_secret, SecretView::Chosen { .. }));
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains(&salt));
        let secret = serde_json::to_string(&v.empire_secret).unwrap();
        assert!(!secret.contains("choice"), "{secret}");
    }
    assert!(matches!(
        g.view(r, Viewer::Power(Power::Empire)).empire_secret,
        SecretView::Mine {
            choice: EmpireChoice::Catholic,
            ..
        }
    ));
}

// R-HRE-SECRET refusals: another power's choice, a second choice, an early reveal.
#[test]
fn r_hre_secret_refusals() {
    let mut g = at_secret_choice();
    let m = refused(
        &mut g,
        Power::France,
        Action::SecretChoice {
            choice: EmpireChoice::Protestant,
        },
    );
    assert!(m.contains("only the Empire"), "{m}");
    ok(
        &mut g,
        Power::Empire,
        Action::SecretChoice {
            choice: EmpireChoice::Balanced,
        },
    );
    let m = refused(
        &mut g,
        Power::Empire,
        Action::SecretChoice {
            choice: EmpireChoice::Catholic,
        },
    );
    assert!(m.contains("already"), "{m}");
    let m = refused(&mut g, Power::Empire, Action::RevealSecret);
    assert!(m.contains("Victory Determination"), "{m}");
    let m = refused(&mut g, Power::England, Action::RevealSecret);
    assert!(m.contains("secret"), "{m}");
}

fn chosen(choice: EmpireChoice) -> Game {
    let mut g = at_secret_choice();
    ok(&mut g, Power::Empire, Action::SecretChoice { choice });
    g
}

/// Sets a power's bonus VP so that its total is `vp`.
fn set_vp(g: &mut Game, p: Power, vp: i32) {
    let now = g.vp(rs(), p).total();
    g.bonus_vp[p as usize] += vp - now;
}

// R-HRE-SECRET (a): revealed in Victory Determination when it gives the Empire the win; kept
// secret when it changes nothing.
#[test]
fn r_hre_secret_revealed_only_to_win() {
    let r = rs();
    let extra = r.empire_religion_vp[&EmpireChoice::Catholic] as i32;
    let mut g = chosen(EmpireChoice::Catholic);
    set_vp(&mut g, Power::Empire, 10);
    end_turn(&mut g);
    assert!(!g.empire.revealed, "revealed without need");
    assert!(matches!(
        g.view(r, Viewer::Power(Power::France)).empire_secret,
        SecretView::Chosen { .. }
    ));
    set_vp(&mut g, Power::Empire, 25 - extra);
    let ev = end_turn(&mut g);
    assert!(g.empire.revealed);
    assert!(ev.iter().any(|e| e.vis == Visibility::Public
        && matches!(
            &e.kind,
            EventKind::SecretRevealed {
                reason: RevealReason::EmpireWins,
                ..
            }
        )));
    assert_eq!(
        g.view(r, Viewer::Observer).winners,
        Some(vec![Power::Empire])
    );
}

// R-HRE-SECRET (b): revealed when its VP stop another power's domination victory (issue 27
// item 1: a standard victory is not stopped, see `r_hre_secret_not_revealed_against_a_standard_victory`).
#[test]
fn r_hre_secret_revealed_to_stop_another_victory() {
    let r = rs();
    let extra = r.empire_religion_vp[&EmpireChoice::Protestant] as i32;
    let gap = r.turn.number("domination_gap");
    let mut g = chosen(EmpireChoice::Protestant);
    g.turn = r.turn.number("domination_from_turn") as u8;
    for p in Power::ALL {
        set_vp(&mut g, *p, 5);
    }
    // England leads by the gap; with the secret VP the Empire comes within it.
    set_vp(&mut g, Power::England, 15 + gap);
    set_vp(&mut g, Power::Empire, 15 + 1 - extra);
    let ev = end_turn(&mut g);
    assert!(g.empire.revealed);
    assert!(ev.iter().any(|e| matches!(
        &e.kind,
        EventKind::SecretRevealed {
            reason: RevealReason::BlocksVictory,
            ..
        }
    )));
    assert!(!g.is_over(), "England's victory should have been stopped");
}

// R-HRE-SECRET: never revealed to stop a standard victory (issue 27 item 1): Spain at 25, the
// Empire at 23 with 2 secret VP: the secret stays hidden and Spain wins.
#[test]
fn r_hre_secret_not_revealed_against_a_standard_victory() {
    let r = rs();
    let extra = r.empire_religion_vp[&EmpireChoice::Catholic] as i32;
    let mut g = chosen(EmpireChoice::Catholic);
    for p in Power::ALL {
        set_vp(&mut g, *p, 5);
    }
    set_vp(&mut g, Power::Spain, 25);
    set_vp(&mut g, Power::Empire, 25 - extra);
    let ev = end_turn(&mut g);
    assert!(!ev.iter().any(|e| matches!(
        &e.kind,
        EventKind::SecretRevealed {
            reason: RevealReason::BlocksVictory,
            ..
        }
    )));
    assert_eq!(
        g.view(r, Viewer::Observer).winners,
        Some(vec![Power::Spain])
    );
}

// R-HRE-CAPITAL: Rudolf II moves the capital to Prague for the rest of the game.
#[test]
fn r_hre_capital_moves_to_prague_for_good() {
    let r = rs();
    let mut g = new_game(3);
    assert_eq!(g.capitals_of(Power::Empire), vec![sp("VIENNA")]);
    let ev = play_event(&mut g, Power::Empire, card_named("Rudolf II"));
    assert!(ev.iter().any(|e| matches!(
        e.kind,
        EventKind::CapitalMoved {
            power: Power::Empire,
            ..
        }
    )));
    assert_eq!(g.capitals_of(Power::Empire), vec![sp("PRAGUE")]);
    assert_eq!(
        g.ruler(r, Power::Empire).map(|x| x.id.as_str()),
        Some("RUDOLF_II")
    );
    let prague = units_of(&g, "PRAGUE", Owner::Major(Power::Empire), None);
    end_turn(&mut g);
    end_turn(&mut g);
    assert_eq!(g.capitals_of(Power::Empire), vec![sp("PRAGUE")]);
    // The winter's free regular goes to Prague now.
    assert!(units_of(&g, "PRAGUE", Owner::Major(Power::Empire), None) >= prague + 2);
    // Spring deployment starts from Prague, not Vienna.
    g.stage = Stage::Deployment {
        power: Power::Empire,
    };
    let m = refused(
        &mut g,
        Power::Empire,
        Action::Deploy {
            from: "VIENNA".into(),
            to: "PRESSBURG".into(),
            units: regs(1),
        },
    );
    assert!(m.contains("Prague"), "{m}");
}

// R-HRE-RUDOLF-DEATH: no card bonus and administrative rating 1 once Rudolf II is killed.
#[test]
fn r_hre_rudolf_death_no_bonus_admin_one() {
    let mut rs2: Ruleset = rs().clone();
    let ru = rs2.rulers.iter_mut().find(|x| x.id == "RUDOLF_II").unwrap();
    ru.admin = 3;
    ru.card_bonus = 2;
    let mut g = new_game(4);
    // Killing a ruler other than Rudolf II is refused.
    let m = refused(
        &mut g,
        Power::Empire,
        Action::Adjust(Adjustment::KillRuler {
            power: Power::Empire,
        }),
    );
    assert!(m.contains("Rudolf"), "{m}");
    play_event(&mut g, Power::Empire, card_named("Rudolf II"));
    let alive = g.hand_size(&rs2, Power::Empire);
    assert_eq!(g.admin_rating(&rs2, Power::Empire), 3);
    assert_eq!(g.card_bonus(&rs2, Power::Empire), 2);
    ok(
        &mut g,
        Power::France,
        Action::Adjust(Adjustment::KillRuler {
            power: Power::Empire,
        }),
    );
    assert_eq!(g.admin_rating(&rs2, Power::Empire), 1);
    assert_eq!(g.card_bonus(&rs2, Power::Empire), 0);
    assert_eq!(g.hand_size(&rs2, Power::Empire), alive - 2);
}

// ------------------------------------------------------------------ Protestant

// R-PROT-KEYS: Dutch square markers and 3 VP on Amsterdam, Antwerp, Brussels; Huguenot square
// markers and 2 VP elsewhere.
#[test]
fn r_prot_keys_markers_and_vp() {
    let r = rs();
    let mut g = new_game(5);
    control(&mut g, "AMSTERDAM", P);
    assert_eq!(g.vp(r, P).keys, 3);
    control(&mut g, "PARIS", P);
    assert_eq!(g.vp(r, P).keys, 5);
    // Amsterdam is a Dutch home space: held by the Protestant it needs no marker on the map
    // (R-CONTROL-DEFAULT), but its row is the Dutch one.
    for id in ["AMSTERDAM", "ANTWERP", "BRUSSELS"] {
        assert_eq!(
            vqbot::engine::board::protestant_marker_faction(r, sp(id)),
            Faction::Dutch
        );
    }
    let p = g.board.marker_look(r, sp("PARIS")).unwrap();
    assert_eq!(
        (p.shape, p.faction),
        (MarkerShape::Square, Some(Faction::Huguenot))
    );
    assert_eq!(g.protestant_military_keys(r), 1, "Amsterdam never counts");
}

// R-PROT-HEX: any non-key space takes a Protestant hex marker, in either territory or outside.
#[test]
fn r_prot_hex_markers_anywhere() {
    let r = rs();
    let mut g = new_game(5);
    for id in ["TOULOUSE", "MUNSTER", "BERWICK"] {
        control(&mut g, id, P);
        let m = g.board.marker_look(r, sp(id)).unwrap();
        assert_eq!(
            (m.shape, m.owner),
            (MarkerShape::Hex, Owner::Major(P)),
            "{id}"
        );
    }
}

// R-PROT-MILITARY-WIN: five keys outside the Netherlands win at once; Dutch keys never count.
#[test]
fn r_prot_military_win_five_keys_outside_netherlands() {
    let mut g = new_game(6);
    for id in [
        "AMSTERDAM",
        "ANTWERP",
        "BRUSSELS",
        "PARIS",
        "LYON",
        "BORDEAUX",
        "ROUEN",
    ] {
        ok(
            &mut g,
            Power::France,
            Action::Adjust(Adjustment::Control {
                space: id.into(),
                owner: Owner::Major(P),
            }),
        );
    }
    assert!(!g.is_over(), "7 keys, only 4 outside the Netherlands");
    let ev = ok(
        &mut g,
        Power::France,
        Action::Adjust(Adjustment::Control {
            space: "MARSEILLE".into(),
            owner: Owner::Major(P),
        }),
    );
    assert_eq!(g.view(rs(), Viewer::Observer).winners, Some(vec![P]));
    let reason = EndReason::ProtestantMilitary { keys: 5 };
    assert!(matches!(&g.stage, Stage::Over { reason: r, .. } if *r == reason));
    assert!(ev.iter().any(|e| e.vis == Visibility::Public
        && e.kind
            == EventKind::GameOver {
                winners: vec![P],
                reason
            }));
}

// R-PROT-CARDS: 4, 5, 6, 7 cards by the keys held in both marker rows.
#[test]
fn r_prot_cards_by_key_rows() {
    let r = rs();
    let mut g = new_game(8);
    assert_eq!(g.hand_size(r, P), 4);
    control(&mut g, "PARIS", P);
    control(&mut g, "LYON", P);
    assert_eq!(g.hand_size(r, P), 4, "no Dutch key");
    control(&mut g, "AMSTERDAM", P);
    assert_eq!(g.hand_size(r, P), 5);
    control(&mut g, "ANTWERP", P);
    assert_eq!(g.hand_size(r, P), 6);
    control(&mut g, "BRUSSELS", P);
    assert_eq!(g.hand_size(r, P), 6, "only two Huguenot-row keys");
    control(&mut g, "ROUEN", P);
    control(&mut g, "BORDEAUX", P);
    assert_eq!(g.hand_size(r, P), 7, "capped at 7");
}

// R-PROT-POOL: units are built only in their own faction's home spaces.
#[test]
fn r_prot_pool_builds_by_faction() {
    let mut g = new_game(9);
    control(&mut g, "NIMES", P);
    control(&mut g, "ROTTERDAM", P);
    cp(&mut g, P, 6);
    let m = refused(
        &mut g,
        P,
        Action::Raise {
            space: "NIMES".into(),
            unit: UnitKind::Regular,
            faction: Some(Faction::Dutch),
        },
    );
    assert!(
        m.contains("R-PROT-POOL") && m.contains("Huguenot home space"),
        "{m}"
    );
    let m = refused(
        &mut g,
        P,
        Action::Raise {
            space: "ROTTERDAM".into(),
            unit: UnitKind::Regular,
            faction: Some(Faction::Huguenot),
        },
    );
    assert!(m.contains("Dutch home space"), "{m}");
    let m = refused(
        &mut g,
        P,
        Action::Raise {
            space: "PARIS".into(),
            unit: UnitKind::Regular,
            faction: None,
        },
    );
    assert!(m.contains("R-PROT-POOL"), "{m}");
    ok(
        &mut g,
        P,
        Action::Raise {
            space: "NIMES".into(),
            unit: UnitKind::Regular,
            faction: None,
        },
    );
    ok(
        &mut g,
        P,
        Action::Raise {
            space: "ROTTERDAM".into(),
            unit: UnitKind::Regular,
            faction: Some(Faction::Dutch),
        },
    );
    assert_eq!(
        units_of(&g, "NIMES", Owner::Major(P), Some(Faction::Huguenot)),
        1
    );
    assert_eq!(
        units_of(&g, "ROTTERDAM", Owner::Major(P), Some(Faction::Dutch)),
        1
    );
    cp(&mut g, Power::Spain, 6);
    let m = refused(
        &mut g,
        Power::Spain,
        Action::Raise {
            space: "MADRID".into(),
            unit: UnitKind::Regular,
            faction: Some(Faction::Dutch),
        },
    );
    assert!(m.contains("only Protestant units have a faction"), "{m}");
}

// R-PROT-FACTIONS, R-PROT-POOL, R-PROT-LEADERS: a mixed stack under a Dutch leader moves and
// fights together; every unit keeps its faction.
#[test]
fn r_prot_factions_mixed_stack_moves_and_fights() {
    let r = rs();
    let mut g = new_game(10);
    g.board.set_relation(P, Power::France, Relation::War);
    control(&mut g, "NIMES", P);
    add(&mut g, "NIMES", Owner::Major(P), Some(Faction::Huguenot), 2);
    add(&mut g, "NIMES", Owner::Major(P), Some(Faction::Dutch), 2);
    g.off_map.retain(|l| l != "ORANGE");
    g.board
        .force_mut(sp("NIMES"), Owner::Major(P), Some(Faction::Dutch))
        .leaders
        .push("ORANGE".into());
    clear_units(&mut g, "TOULOUSE");
    add(&mut g, "TOULOUSE", Owner::Major(Power::France), None, 1);
    cp(&mut g, P, 3);
    let pick = Units {
        regulars: 4,
        leaders: vec!["ORANGE".into()],
        ..Units::default()
    };
    assert!(g
        .legal_actions(r, P)
        .iter()
        .any(|a| matches!(a, Action::Move { from, to, units } if from == "NIMES" && to == "TOULOUSE" && units.regulars == 4)));
    let mut ev = ok(
        &mut g,
        P,
        Action::Move {
            from: "NIMES".into(),
            to: "TOULOUSE".into(),
            units: pick,
        },
    );
    // France declines interception, avoidance and withdrawal (C-INT-WHO, C-AVOID, C-WITHDRAW:
    // its choices), so the battle is fought.
    while let vqbot::engine::Awaiting::One {
        power: Power::France,
        ..
    } = g.awaiting()
    {
        ev.extend(ok(&mut g, Power::France, Action::Forgo));
    }
    let battle = ev
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::FieldBattle { attacker, .. } => Some(attacker.clone()),
            _ => None,
        })
        .expect("a field battle");
    let orange = r.leaders.iter().find(|l| l.id == "ORANGE").unwrap().battle as usize;
    assert_eq!(battle.dice.len(), 4 + orange, "both factions roll together");
    // Whoever survived kept its faction.
    for f in g.board.spaces.iter().flat_map(|s| s.forces.iter()) {
        if f.owner() == Owner::Major(P) {
            assert!(f.faction.is_some());
        }
    }
}

// R-PROT-LEADERS: entry in a Protestant fortified home space of the leader's own territory,
// at Spring Deployment or a revolt there; never before the leader's turn.
#[test]
fn r_prot_leaders_entry() {
    let r = rs();
    let mut g = new_game(11);
    control(&mut g, "AMSTERDAM", P);
    clear_units(&mut g, "AMSTERDAM");
    g.stage = Stage::Deployment { power: P };
    let place = |leader: &str, space: &str| Action::PlaceLeader {
        leader: leader.into(),
        space: space.into(),
    };
    let m = refused(&mut g, P, place("COLIGNY", "AMSTERDAM"));
    assert!(m.contains("France"), "{m}");
    let m = refused(&mut g, P, place("COLIGNY", "LA_ROCHELLE"));
    assert!(m.contains("Protestant does not control La Rochelle"), "{m}");
    let m = refused(&mut g, P, place("MAURICE", "AMSTERDAM"));
    assert!(m.contains("turn 6"), "{m}");
    let m = refused(&mut g, P, place("COLIGNY", "NIMES"));
    assert!(m.contains("not fortified"), "{m}");
    control(&mut g, "LA_ROCHELLE", P);
    clear_units(&mut g, "LA_ROCHELLE");
    let ev = ok(&mut g, P, place("COLIGNY", "LA_ROCHELLE"));
    let entered = |leader: &str| EventKind::LeaderEntered {
        leader: leader.into(),
        space: sp("LA_ROCHELLE"),
    };
    assert!(ev
        .iter()
        .any(|e| e.vis == Visibility::Public && e.kind == entered("COLIGNY")));
    assert!(g.board.at(sp("LA_ROCHELLE")).forces[0]
        .leaders
        .contains(&"COLIGNY".to_string()));
    // At a revolt: Condé enters with a revolt in France; a Dutch leader may not.
    cp(&mut g, P, 6);
    let revolt = |leader: &str, space: &str| Action::Revolt {
        space: "NIMES".into(),
        declare_capital: false,
        leaders: vec![LeaderEntry {
            leader: leader.into(),
            space: space.into(),
        }],
        capital: None,
    };
    let m = refused(&mut g, P, revolt("LOUIS_OF_NASSAU", "AMSTERDAM"));
    assert!(m.contains("only Huguenot leaders"), "{m}");
    assert!(g
        .legal_actions(r, P)
        .contains(&revolt("CONDE", "LA_ROCHELLE")));
    let ev = ok(&mut g, P, revolt("CONDE", "LA_ROCHELLE"));
    assert!(ev.iter().any(|e| e.kind == entered("CONDE")));
    assert!(!g.off_map.contains(&"CONDE".to_string()));
}

// R-PROT-LEADERS: as units return home in winter, leaders may leave the map and re-enter later.
#[test]
fn r_prot_leaders_taken_off_in_winter() {
    let mut g = new_game(12);
    // The Empire's free winter unit answers itself (its standing answer).
    ok(
        &mut g,
        Power::Empire,
        Action::SetStanding {
            standing: vqbot::engine::steps::Standing::WinterDefault,
            on: true,
        },
    );
    control(&mut g, "LA_ROCHELLE", P);
    clear_units(&mut g, "LA_ROCHELLE");
    g.off_map.retain(|l| l != "COLIGNY" && l != "CONDE");
    g.board
        .force_mut(sp("LA_ROCHELLE"), Owner::Major(P), Some(Faction::Huguenot))
        .leaders
        .extend(["COLIGNY".to_string(), "CONDE".to_string()]);
    let turn = g.turn;
    for h in &mut g.hands {
        h.clear();
    }
    cp(&mut g, Power::Ottoman, 1);
    ok(&mut g, Power::Ottoman, Action::EndImpulse);
    assert!(
        matches!(
            g.steps.last(),
            Some(vqbot::engine::steps::Step::WithdrawLeaders(_))
        ),
        "{:?}",
        g.steps
    );
    assert!(g.legal_actions(rs(), P).len() >= 3);
    let m = refused(
        &mut g,
        P,
        Action::WithdrawLeaders {
            leaders: vec!["ALBA".into()],
        },
    );
    assert!(m.contains("not a Protestant army leader on the map"), "{m}");
    ok(
        &mut g,
        P,
        Action::WithdrawLeaders {
            leaders: vec!["COLIGNY".into()],
        },
    );
    assert_eq!(g.turn, turn + 1, "winter went on after the choice");
    assert!(g.off_map.contains(&"COLIGNY".to_string()));
    assert!(!g.off_map.contains(&"CONDE".to_string()));
    g.stage = Stage::Deployment { power: P };
    ok(
        &mut g,
        P,
        Action::PlaceLeader {
            leader: "COLIGNY".into(),
            space: "LA_ROCHELLE".into(),
        },
    );
}

fn revolt(space: &str, declare_capital: bool) -> Action {
    Action::Revolt {
        space: space.into(),
        declare_capital,
        leaders: vec![],
        capital: None,
    }
}

// R-PROT-CAPITAL: the revolt action, its refusals and the capital declaration.
#[test]
fn r_prot_capital_revolt_and_declaration() {
    let r = rs();
    let mut g = new_game(13);
    cp(&mut g, P, 8);
    assert!(g.legal_actions(r, P).contains(&revolt("NIMES", false)));
    let m = refused(&mut g, P, revolt("PARIS", false));
    assert!(m.contains("Huguenot home space in France"), "{m}");
    let m = refused(&mut g, P, revolt("AMSTERDAM", false));
    assert!(m.contains("Catholic"), "{m}");
    let m = refused(&mut g, P, revolt("LA_ROCHELLE", false));
    assert!(m.contains("R-SPACE-FORTIFIED"), "{m}");
    add(&mut g, "PAU", Owner::Major(Power::France), None, 1);
    let m = refused(&mut g, P, revolt("PAU", false));
    assert!(m.contains("France holds land units"), "{m}");
    cp(&mut g, Power::France, 8);
    let m = refused(&mut g, Power::France, revolt("NIMES", false));
    assert!(m.contains("only the Protestant"), "{m}");
    cp(&mut g, P, 8);
    ok(&mut g, P, revolt("NIMES", false));
    assert_eq!(g.board.controller(r, sp("NIMES")), Owner::Major(P));
    assert_eq!(
        units_of(&g, "NIMES", Owner::Major(P), Some(Faction::Huguenot)),
        1
    );
    let m = refused(&mut g, P, revolt("MONTAUBAN", false));
    assert!(m.contains("one revolt per zone per impulse"), "{m}");
    // A revolt in the Netherlands in the same impulse is fine.
    g.board
        .set_religion(r, sp("ROTTERDAM"), Religion::Protestant)
        .unwrap();
    ok(&mut g, P, revolt("ROTTERDAM", false));
    assert_eq!(
        units_of(&g, "ROTTERDAM", Owner::Major(P), Some(Faction::Dutch)),
        1
    );
    // A capital is declared in a fortified space the Protestant holds.
    control(&mut g, "LA_ROCHELLE", P);
    clear_units(&mut g, "LA_ROCHELLE");
    cp(&mut g, P, 8);
    g.protestant.revolts.clear();
    ok(&mut g, P, revolt("LA_ROCHELLE", true));
    assert_eq!(g.board.protestant_capitals, [Some(sp("LA_ROCHELLE")), None]);
    g.protestant.revolts.clear();
    let m = refused(&mut g, P, revolt("LA_ROCHELLE", true));
    assert!(m.contains("already at La Rochelle"), "{m}");
}

// R-PROT-CAPITAL: taken by another major, the capital goes to the turn track and may come back
// at a revolt in a later turn.
#[test]
fn r_prot_capital_lost_and_redeclared_later() {
    let r = rs();
    let mut g = new_game(14);
    control(&mut g, "LA_ROCHELLE", P);
    clear_units(&mut g, "LA_ROCHELLE");
    cp(&mut g, P, 8);
    ok(&mut g, P, revolt("LA_ROCHELLE", true));
    ok(
        &mut g,
        Power::Spain,
        Action::Adjust(Adjustment::Control {
            space: "LA_ROCHELLE".into(),
            owner: Owner::Major(Power::France),
        }),
    );
    assert_eq!(g.board.protestant_capitals[0], None);
    assert_eq!(g.protestant.capital_lost[0], Some(g.turn));
    assert_eq!(
        g.view(r, Viewer::Observer).protestant_capitals_lost[0],
        Some(g.turn)
    );
    control(&mut g, "LA_ROCHELLE", P);
    clear_units(&mut g, "LA_ROCHELLE");
    cp(&mut g, P, 8);
    g.protestant.revolts.clear();
    let m = refused(&mut g, P, revolt("LA_ROCHELLE", true));
    assert!(m.contains("later turn"), "{m}");
    g.turn += 1;
    ok(&mut g, P, revolt("LA_ROCHELLE", true));
    assert_eq!(g.board.protestant_capitals[0], Some(sp("LA_ROCHELLE")));
}

fn dutch_capital_game(seed: u64) -> Game {
    let r = rs();
    let mut g = new_game(seed);
    for id in ["AMSTERDAM", "ANTWERP", "BRUSSELS", "ROTTERDAM"] {
        control(&mut g, id, P);
        clear_units(&mut g, id);
    }
    g.board
        .set_religion(r, sp("AMSTERDAM"), Religion::Protestant)
        .unwrap();
    cp(&mut g, P, 8);
    ok(&mut g, P, revolt("AMSTERDAM", true));
    assert_eq!(g.board.protestant_capitals[1], Some(sp("AMSTERDAM")));
    g
}

// R-PROT-CAPITAL: a capital serves only its own faction in Spring Deployment.
#[test]
fn r_prot_capital_serves_only_its_faction() {
    let mut g = dutch_capital_game(15);
    add(
        &mut g,
        "AMSTERDAM",
        Owner::Major(P),
        Some(Faction::Huguenot),
        2,
    );
    g.stage = Stage::Deployment { power: P };
    let deploy = |n: u8| Action::Deploy {
        from: "AMSTERDAM".into(),
        to: "ROTTERDAM".into(),
        units: regs(n),
    };
    let m = refused(&mut g, P, deploy(2));
    assert!(
        m.contains("R-PROT-CAPITAL") && m.contains("Dutch capital"),
        "{m}"
    );
    for a in g.legal_actions(rs(), P) {
        if let Action::Deploy { units, .. } = a {
            assert_eq!(units.regulars, 1, "only the Dutch regular may deploy");
        }
    }
    ok(&mut g, P, deploy(1));
    assert_eq!(
        units_of(&g, "ROTTERDAM", Owner::Major(P), Some(Faction::Dutch)),
        1
    );
    assert_eq!(
        units_of(&g, "AMSTERDAM", Owner::Major(P), Some(Faction::Huguenot)),
        2
    );
}

// R-PROT-WINTER: Huguenot and allied minor units may not winter in the Dutch capital; they go
// to the nearest friendly fortified space, passing over Dutch spaces with four units.
#[test]
fn r_prot_winter_not_in_other_factions_capital() {
    let r = rs();
    let mut g = dutch_capital_game(16);
    add(
        &mut g,
        "AMSTERDAM",
        Owner::Major(P),
        Some(Faction::Huguenot),
        2,
    );
    add(&mut g, "ANTWERP", Owner::Major(P), Some(Faction::Dutch), 4);
    g.board.set_minor_ally(Minor::Scotland, Some(P));
    add(&mut g, "AMSTERDAM", Owner::Minor(Minor::Scotland), None, 1);
    let f = g.board.at(sp("AMSTERDAM")).forces.clone();
    let hug = f
        .iter()
        .find(|x| x.faction == Some(Faction::Huguenot))
        .unwrap();
    assert!(!g.is_winter_quarters(r, hug, sp("AMSTERDAM")));
    let dutch = f
        .iter()
        .find(|x| x.faction == Some(Faction::Dutch))
        .unwrap();
    assert!(g.is_winter_quarters(r, dutch, sp("AMSTERDAM")));
    end_turn(&mut g);
    assert_eq!(
        units_of(&g, "AMSTERDAM", Owner::Major(P), Some(Faction::Huguenot)),
        0
    );
    assert_eq!(
        units_of(&g, "AMSTERDAM", Owner::Minor(Minor::Scotland), None),
        0
    );
    assert_eq!(
        units_of(&g, "ANTWERP", Owner::Major(P), Some(Faction::Huguenot)),
        0,
        "Antwerp holds four"
    );
    assert_eq!(
        units_of(&g, "BRUSSELS", Owner::Major(P), Some(Faction::Huguenot)),
        2
    );
    // Dutch units stay in their own capital (plus the winter's free Dutch regular).
    assert_eq!(
        units_of(&g, "AMSTERDAM", Owner::Major(P), Some(Faction::Dutch)),
        2
    );
}

// R-PROT-CAPITAL: "Paris Is Worth a Mass" may move the Huguenot capital.
#[test]
fn r_prot_capital_paris_is_worth_a_mass() {
    let mut g = new_game(17);
    control(&mut g, "LA_ROCHELLE", P);
    clear_units(&mut g, "LA_ROCHELLE");
    cp(&mut g, P, 8);
    ok(&mut g, P, revolt("LA_ROCHELLE", true));
    control(&mut g, "PARIS", P);
    play_event(&mut g, Power::France, card_named("Paris Is Worth a Mass"));
    assert!(matches!(
        g.steps.last(),
        Some(vqbot::engine::steps::Step::HuguenotCapital(_))
    ));
    let m = refused(
        &mut g,
        P,
        Action::MoveHuguenotCapital {
            to: Some("AMSTERDAM".into()),
        },
    );
    assert!(m.contains("space in France held by the Protestant"), "{m}");
    ok(
        &mut g,
        P,
        Action::MoveHuguenotCapital {
            to: Some("PARIS".into()),
        },
    );
    assert_eq!(g.board.protestant_capitals[0], Some(sp("PARIS")));
    assert!(matches!(
        g.stage,
        Stage::Impulse {
            power: Power::Empire,
            ..
        }
    ));
}

// R-PROT-CAPITAL: with no Huguenot capital on the map, "Paris Is Worth a Mass" moves nothing and
// says so.
#[test]
fn r_prot_capital_paris_is_worth_a_mass_without_a_capital() {
    let mut g = new_game(17);
    assert_eq!(g.board.protestant_capitals[0], None);
    let card = card_named("Paris Is Worth a Mass");
    let ev = play_event(&mut g, Power::France, card);
    assert!(!matches!(
        g.steps.last(),
        Some(vqbot::engine::steps::Step::HuguenotCapital(_))
    ));
    assert!(
        ev.iter()
            .any(|e| e.vis == Visibility::Public
                && e.kind == EventKind::HuguenotCapitalStays { card })
    );
}

// ------------------------------------------------------------------ Foreign wars

const PERSIA: u16 = 10;

fn send(from: &str, units: Units) -> Action {
    Action::SendToWar {
        card: PERSIA,
        from: from.into(),
        units,
    }
}

fn war(g: &Game) -> &ForeignWar {
    g.wars.iter().find(|w| w.card == PERSIA).expect("war on")
}

// R-FW-DEPLOY: the card goes beside the struck power, which sends the required units from any
// stacks outside sieges, plus at most one leader.
#[test]
fn r_fw_deploy_sends_required_units() {
    let r = rs();
    let mut g = new_game(18);
    let spec = r.card(PERSIA).unwrap().war.unwrap();
    assert_eq!(spec.power, Power::Ottoman);
    g.board.spaces[sp("EDIRNE").idx()].besieged_by = Some(Power::Empire);
    play_event(&mut g, Power::Spain, PERSIA);
    assert!(matches!(
        g.steps.last(),
        Some(vqbot::engine::steps::Step::SendToWar(q))
            if q.power == Power::Ottoman && q.card == PERSIA && q.played_by == Power::Spain
    ));
    assert!(!g.discard.contains(&PERSIA) && !g.hands.iter().any(|h| h.contains(&PERSIA)));
    let too_many = spec.units + 1;
    let m = refused(&mut g, Power::Ottoman, send("ISTANBUL", regs(too_many)));
    assert!(m.contains("R-FW-UPKEEP"), "{m}");
    let m = refused(&mut g, Power::Ottoman, send("EDIRNE", regs(1)));
    assert!(m.contains("under siege"), "{m}");
    let two = Units {
        regulars: 1,
        leaders: vec!["SULEIMAN".into(), "SOKOLLU".into()],
        ..Units::default()
    };
    let m = refused(&mut g, Power::Ottoman, send("ISTANBUL", two));
    assert!(m.contains("one leader"), "{m}");
    let m = refused(&mut g, Power::Spain, send("MADRID", regs(1)));
    assert!(m.contains("waiting for Ottoman Empire"), "{m}");
    let first = Units {
        regulars: spec.units - 2,
        leaders: vec!["SULEIMAN".into()],
        ..Units::default()
    };
    ok(&mut g, Power::Ottoman, send("ISTANBUL", first));
    ok(&mut g, Power::Ottoman, send("SALONIKA", regs(1)));
    let m = refused(
        &mut g,
        Power::Ottoman,
        send(
            "BELGRADE",
            Units {
                regulars: 1,
                cavalry: 1,
                ..Units::default()
            },
        ),
    );
    assert!(m.contains("at most 1 more"), "{m}");
    ok(&mut g, Power::Ottoman, send("BELGRADE", regs(1)));
    assert_eq!(war(&g).units.land(), spec.units as u32);
    assert_eq!(war(&g).army, spec.army);
    assert!(matches!(
        g.stage,
        Stage::Impulse {
            power: Power::England,
            ..
        }
    ));
    let v = g.view(r, Viewer::Observer);
    assert_eq!(v.foreign_wars.len(), 1);
    assert_eq!(
        v.foreign_wars[0].units.leaders,
        vec!["SULEIMAN".to_string()]
    );
}

// R-FW-FIGHT: 1 CP; no defender bonus die, no retreat; the war ends when the army is destroyed
// and the survivors go to the capital, or a friendly home key of the owner's choice if an enemy
// holds it (issue 27 item 3).
#[test]
fn r_fw_fight_until_army_destroyed() {
    let r = rs();
    for enemy_holds_capital in [false, true] {
        let mut g = new_game(19);
        g.wars.push(ForeignWar {
            card: PERSIA,
            power: Power::Ottoman,
            required: 5,
            army: 3,
            units: regs(8),
        });
        if enemy_holds_capital {
            g.board
                .set_relation(Power::Ottoman, Power::Empire, Relation::War);
            control(&mut g, "ISTANBUL", Power::Empire);
        }
        cp(&mut g, Power::Spain, 4);
        let m = refused(
            &mut g,
            Power::Spain,
            Action::FightForeignWar { card: PERSIA },
        );
        assert!(m.contains("not a foreign war of Spain"), "{m}");
        let mut ended = None;
        for _ in 0..60 {
            cp(&mut g, Power::Ottoman, 1);
            assert!(g
                .legal_actions(r, Power::Ottoman)
                .contains(&Action::FightForeignWar { card: PERSIA }));
            let army = war(&g).army;
            let mut ev = ok(
                &mut g,
                Power::Ottoman,
                Action::FightForeignWar { card: PERSIA },
            );
            // Issue 27 item 3: with the capital enemy-held, the owner picks the home key.
            if let vqbot::engine::Awaiting::One {
                decision: vqbot::engine::Decision::WarReturn,
                ..
            } = g.awaiting()
            {
                assert!(enemy_holds_capital);
                let a = g.legal_actions(r, Power::Ottoman).remove(0);
                ev.extend(ok(&mut g, Power::Ottoman, a));
            }
            for e in &ev {
                match &e.kind {
                    EventKind::ForeignWarBattle { defender, .. } => {
                        assert_eq!(defender.dice.len(), army as usize, "no bonus die")
                    }
                    EventKind::ForeignWarEnded { to, units, .. } => ended = Some((*to, *units)),
                    _ => {}
                }
            }
            if ended.is_some() {
                break;
            }
            assert!(war(&g).units.land() > 0, "the foreign army won too often");
        }
        let (to, survivors) = ended.expect("the war ended");
        assert!(g.wars.is_empty() && g.discard.contains(&PERSIA));
        let to = to.expect("a place to return to");
        if enemy_holds_capital {
            assert_ne!(to, sp("ISTANBUL"));
            assert_eq!(
                r.space(to).home,
                vqbot::engine::power::Home::Major(Power::Ottoman)
            );
            assert!(g.board.controls(r, Power::Ottoman, to));
        } else {
            assert_eq!(to, sp("ISTANBUL"));
        }
        assert!(survivors > 0);
    }
}

// R-FW-UPKEEP: new land units fill the card until the required number is restored (never
// beyond); the winter's free regular goes to the capital; units on the card never go home.
#[test]
fn r_fw_upkeep_new_units_go_to_the_card() {
    let mut g = new_game(20);
    for s in rs().space_ids() {
        g.board.spaces[s.idx()]
            .forces
            .retain(|f| f.owner() != Owner::Major(Power::Ottoman));
    }
    add(&mut g, "ISTANBUL", Owner::Major(Power::Ottoman), None, 3);
    play_event(&mut g, Power::France, PERSIA);
    ok(&mut g, Power::Ottoman, send("ISTANBUL", regs(3)));
    assert!(
        matches!(g.stage, Stage::Impulse { .. }),
        "nothing left to send"
    );
    let required = war(&g).required as u32;
    assert_eq!(war(&g).units.land(), 3);
    cp(&mut g, Power::Ottoman, 10);
    let raise = Action::Raise {
        space: "ISTANBUL".into(),
        unit: UnitKind::Regular,
        faction: None,
    };
    for _ in 3..required {
        ok(&mut g, Power::Ottoman, raise.clone());
    }
    assert_eq!(war(&g).units.land(), required);
    assert_eq!(
        units_of(&g, "ISTANBUL", Owner::Major(Power::Ottoman), None),
        0
    );
    ok(&mut g, Power::Ottoman, raise.clone());
    assert_eq!(
        war(&g).units.land(),
        required,
        "never beyond the required number"
    );
    assert_eq!(
        units_of(&g, "ISTANBUL", Owner::Major(Power::Ottoman), None),
        1
    );
    let m = refused(&mut g, Power::Ottoman, send("ISTANBUL", regs(1)));
    assert!(m.contains("not possible now"), "{m}");
    // Losses in a war open room again; the winter's free regular still goes to the capital.
    g.wars[0].units.regulars -= 1;
    end_turn(&mut g);
    assert_eq!(
        war(&g).units.land(),
        required - 1,
        "units on the card stay there"
    );
    assert_eq!(
        units_of(&g, "ISTANBUL", Owner::Major(Power::Ottoman), None),
        2
    );
}

// R-FW-DEPLOY refusal: a war on a power that is not in play is not played as an event.
#[test]
fn r_fw_deploy_needs_the_struck_power_in_play() {
    let mut g = common::new_game_with(common::powers(&[Power::Spain, Power::France]), 21);
    g.hands[Power::Spain as usize].push(PERSIA);
    g.stage = Stage::Impulse {
        power: Power::Spain,
        passes: 0,
    };
    let m = refused(
        &mut g,
        Power::Spain,
        Action::Play {
            card: PERSIA,
            mode: CardMode::Event,
        },
    );
    assert!(m.contains("not in play"), "{m}");
}

// ------------------------------------------------------------------ Minor powers

// R-CONTROL-SET: an allied minor's home spaces count among its major's controlled spaces.
#[test]
fn r_control_set_allied_minor_spaces() {
    let r = rs();
    let mut g = new_game(22);
    assert!(!g.board.controls(r, Power::England, sp("EDINBURGH")));
    ok(
        &mut g,
        Power::France,
        Action::Adjust(Adjustment::MinorAlly {
            minor: Minor::Scotland,
            ally: Some(Power::England),
        }),
    );
    assert!(g.board.controls(r, Power::England, sp("EDINBURGH")));
    assert!(g
        .board
        .keys_held(r, Power::England)
        .contains(&sp("EDINBURGH")));
    assert_eq!(g.minor_allies_of(Power::England), vec![Minor::Scotland]);
    assert!(g
        .allied_minor_spaces(r, Power::England)
        .contains(&sp("EDINBURGH")));
    for m in Minor::ALL {
        assert!(r.minor_homes(*m).count() > 0, "{m} has home spaces");
    }
}

// R-MINOR-HIS: Here I Stand's minor powers are Genoa, Hungary/Bohemia, Scotland and Venice.
#[test]
fn r_minor_his_power_list() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("map_data/here_i_stand");
    let list = vqbot::data::load_power_list(&dir).expect("loads");
    let mut minors: Vec<&str> = list
        .iter()
        .filter(|(_, kind, _)| kind == "minor")
        .map(|(id, _, _)| id.as_str())
        .collect();
    minors.sort();
    assert_eq!(minors, ["genoa", "hungary_bohemia", "scotland", "venice"]);
    // Its three foreign-war cards (R-FW-DEPLOY) load as data with their wars.
    let cards = vqbot::data::load_card_list(&dir).expect("cards load");
    let wars: Vec<(&str, Power)> = cards
        .iter()
        .filter_map(|c| c.war.map(|w| (c.name_en.as_str(), w.power)))
        .collect();
    assert_eq!(
        wars,
        [
            ("Revolt in Egypt", Power::Ottoman),
            ("Revolt in Ireland", Power::England),
            ("War in Persia", Power::Ottoman)
        ]
    );
}
