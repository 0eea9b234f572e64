//! The seed's game, map, control, religion and marker rules (000 §1–2.4), each proven by a test
//! named by its rule ID.

use crate::common;

use common::{new_game, new_game_with, powers, put_units, rs, sp, to_cp};
use vqbot::engine::board::{MarkerShape, Stance};
use vqbot::engine::power::{
    Faction, Home, LinkKind, Minor, Relation, Religion, ReligiousZone, SpaceType,
};
use vqbot::engine::ruleset::WorldKind;
use vqbot::engine::{Action, Game, GameOptions, Owner, Power, PowerSet, Refusal, RuleError};
use vqbot::table::messages::{Locale, Texts};

#[test]
fn r_game_players_two_to_six_powers_in_play() {
    let rs = rs();
    let one = GameOptions {
        scenario: "1559".into(),
        powers: powers(&[Power::England]),
    };
    let err = Game::new(rs, &one, 1).expect_err("one power is too few");
    assert!(err.to_string().contains("at least two"), "{err}");
    for n in 2..=6 {
        let set: PowerSet = Power::ALL[..n].iter().copied().collect();
        let g = new_game_with(set, 1);
        assert_eq!(g.powers.len(), n);
        // Only powers in play are dealt cards or asked to act.
        for p in Power::ALL {
            assert_eq!(
                g.hands[*p as usize].is_empty(),
                !set.contains(*p),
                "{p} with {n} powers"
            );
        }
    }
    // The six majors of the seed, with the Protestant's two factions.
    let ids: Vec<&str> = Power::ALL.iter().map(|p| p.as_str()).collect();
    assert_eq!(
        ids,
        [
            "ottoman",
            "spain",
            "england",
            "france",
            "empire",
            "protestant"
        ]
    );
    assert!(rs.power_info("huguenot").is_some() && rs.power_info("dutch").is_some());
}

#[test]
fn r_map_spaces_three_shapes_and_symmetric_adjacency() {
    let rs = rs();
    for t in [SpaceType::Key, SpaceType::Fortress, SpaceType::Unfortified] {
        assert!(rs.spaces.iter().any(|s| s.kind == t), "no {t} space");
    }
    let (paris, orleans, madrid) = (sp("PARIS"), sp("ORLEANS"), sp("MADRID"));
    assert_eq!(rs.link(paris, orleans), Some(LinkKind::Normal));
    assert_eq!(rs.link(orleans, paris), Some(LinkKind::Normal));
    assert_eq!(rs.link(paris, madrid), None);
    for l in &rs.links {
        assert_eq!(rs.link(l.a, l.b), rs.link(l.b, l.a));
    }
    assert!(
        rs.links.iter().any(|l| l.kind == LinkKind::Pass),
        "passes exist"
    );
}

#[test]
fn r_map_ports_give_access_to_their_sea_zones() {
    let rs = rs();
    let london = rs.space(sp("LONDON"));
    assert!(london.is_port());
    assert!(!rs.space(sp("MADRID")).is_port());
    for s in rs.spaces.iter().filter(|s| s.is_port()) {
        for z in &s.ports {
            assert!(
                rs.sea_zones.iter().any(|x| &x.id == z),
                "{} borders unknown {z}",
                s.id
            );
        }
    }
    assert!(
        rs.share_sea(sp("LONDON"), sp("AMSTERDAM")),
        "both border the North Sea"
    );
    assert!(!rs.share_sea(sp("LONDON"), sp("MADRID")));
}

#[test]
fn r_map_world_settlements_have_only_their_ocean() {
    let rs = rs();
    let settlements: Vec<_> = rs
        .world
        .iter()
        .filter(|w| w.kind == WorldKind::Settlement)
        .collect();
    assert!(!settlements.is_empty());
    for w in settlements {
        let ocean = w
            .ocean
            .as_deref()
            .expect("a settlement borders an ocean zone");
        assert!(rs
            .world
            .iter()
            .any(|o| o.id == ocean && o.kind == WorldKind::Ocean));
        assert!(w.adjacent.is_empty(), "{} has extra links", w.id);
        assert!(
            rs.space_id(&w.id).is_none(),
            "{} is also a Europe space",
            w.id
        );
    }
    // No Europe move can name a world element.
    let err =
        Game::resolve_space(rs, &rs.world[0].id).expect_err("world ids are not Europe spaces");
    assert!(err.to_string().contains("unknown space"));
}

#[test]
fn r_space_key_gives_vp_and_cards() {
    let rs = rs();
    let mut g = new_game(3);
    let vp0 = g.vp(rs, Power::Spain).total();
    let keys0 = g.board.keys_held(rs, Power::Spain).len();
    let hand0 = g.hand_size(rs, Power::Spain);
    // Give Spain independent keys one by one: VP rise each time, the hand size never falls and
    // rises once the key track's next row is reached.
    let indep: Vec<_> = rs
        .space_ids()
        .filter(|s| rs.space(*s).kind == SpaceType::Key && rs.space(*s).home == Home::Independent)
        .collect();
    assert!(indep.len() >= 2);
    for (i, s) in indep.iter().enumerate() {
        g.board.set_control(rs, *s, Owner::Major(Power::Spain));
        assert_eq!(g.board.keys_held(rs, Power::Spain).len(), keys0 + i + 1);
        assert!(g.vp(rs, Power::Spain).total() > vp0 + i as i32);
    }
    let track = &rs.key_track[&Power::Spain];
    let expected = track
        .iter()
        .rev()
        .find(|(k, _)| *k as usize <= keys0 + indep.len())
        .map(|(_, c)| *c as usize)
        .unwrap_or(0);
    assert_eq!(
        g.hand_size(rs, Power::Spain),
        expected + g.card_bonus(rs, Power::Spain) as usize
    );
    assert!(g.hand_size(rs, Power::Spain) >= hand0);
    // Fortresses give neither (R-SPACE-FORTRESS).
    let fort = rs
        .space_ids()
        .find(|s| {
            rs.space(*s).kind == SpaceType::Fortress
                && g.board.controller(rs, *s) != Owner::Major(Power::Spain)
        })
        .expect("a fortress");
    let before = g.vp(rs, Power::Spain).total();
    g.board.set_control(rs, fort, Owner::Major(Power::Spain));
    assert_eq!(g.vp(rs, Power::Spain).total(), before);
}

#[test]
fn r_space_capitals_as_the_seed_gives_them() {
    let rs = rs();
    let caps = |p| {
        rs.capitals(p)
            .iter()
            .map(|s| rs.space(*s).id.clone())
            .collect::<Vec<_>>()
    };
    let mut spain = caps(Power::Spain);
    spain.sort();
    assert_eq!(spain, ["MADRID", "MILAN"]);
    assert_eq!(caps(Power::Empire), ["VIENNA"]);
    assert_eq!(caps(Power::Ottoman), ["ISTANBUL"]);
    assert_eq!(caps(Power::England), ["LONDON"]);
    assert_eq!(caps(Power::France), ["PARIS"]);
    assert!(caps(Power::Protestant).is_empty());
    for s in rs.spaces.iter().filter(|s| s.capital_of.is_some()) {
        assert_eq!(s.kind, SpaceType::Key, "{} is a capital, so a key", s.id);
    }
    assert_eq!(
        rs.power_info("empire").and_then(|i| i.later_capital),
        Some(sp("PRAGUE"))
    );
    let g = new_game(1);
    assert!(
        g.capitals_of(Power::Protestant).is_empty(),
        "no Protestant capital until declared"
    );
}

#[test]
fn r_space_home_every_space_has_one_home() {
    let rs = rs();
    for m in Minor::ALL {
        assert!(rs.minor_homes(*m).next().is_some(), "{m} has home spaces");
    }
    for s in &rs.spaces {
        match s.home {
            Home::Faction(Faction::Dutch) => {
                assert_eq!(s.zone, ReligiousZone::Netherlands, "{}", s.id)
            }
            Home::Faction(Faction::Huguenot) => {
                assert_eq!(s.zone, ReligiousZone::France, "{}", s.id)
            }
            _ => {}
        }
    }
    assert!(rs.spaces.iter().any(|s| s.home == Home::Independent));
    assert!(rs
        .spaces
        .iter()
        .any(|s| s.home == Home::Faction(Faction::Huguenot)));
    assert_eq!(
        rs.space(sp("AMSTERDAM")).home,
        Home::Faction(Faction::Dutch)
    );
}

#[test]
fn r_control_default_marker_only_when_not_home() {
    let rs = rs();
    let mut g = new_game(1);
    let orleans = sp("ORLEANS");
    assert!(g.board.at(orleans).marker.is_none());
    assert_eq!(g.board.controller(rs, orleans), Owner::Major(Power::France));
    g.board.set_control(rs, orleans, Owner::Major(Power::Spain));
    assert_eq!(
        g.board.at(orleans).marker.map(|m| m.owner),
        Some(Owner::Major(Power::Spain))
    );
    assert_eq!(g.board.controller(rs, orleans), Owner::Major(Power::Spain));
    g.board
        .set_control(rs, orleans, Owner::Major(Power::France));
    assert!(
        g.board.at(orleans).marker.is_none(),
        "back to the home power: the marker goes"
    );
    // The scenario's starting differences are markers; everything else has none.
    for s in rs.space_ids() {
        let m = g.board.at(s).marker;
        if let Some(m) = m {
            assert!(m.owner != rs.space(s).home.owner() || m.religion != rs.space(s).religion);
        }
    }
}

#[test]
fn r_control_set_home_taken_independent_and_allied_minors() {
    let rs = rs();
    let mut g = new_game(1);
    let b = &mut g.board;
    let (orleans, metz, edinburgh, tours) =
        (sp("ORLEANS"), sp("METZ"), sp("EDINBURGH"), sp("TOURS"));
    // Independent taken, another power's home taken.
    b.set_control(rs, metz, Owner::Major(Power::England));
    b.set_control(rs, orleans, Owner::Major(Power::England));
    // France's own home taken by England is not France's.
    let set = b.controlled_spaces(rs, Power::England);
    assert!(set.contains(&metz) && set.contains(&orleans));
    assert!(!b.controlled_spaces(rs, Power::France).contains(&orleans));
    assert!(
        b.controlled_spaces(rs, Power::France).contains(&tours),
        "untaken home space"
    );
    // Minor homes count once the minor is allied.
    assert!(!b.controlled_spaces(rs, Power::England).contains(&edinburgh));
    b.set_minor_ally(Minor::Scotland, Some(Power::England));
    assert!(b.controlled_spaces(rs, Power::England).contains(&edinburgh));
    assert!(b.keys_held(rs, Power::England).contains(&edinburgh));
}

#[test]
fn r_control_terms_friendly_enemy_independent() {
    let rs = rs();
    let mut g = new_game(1);
    let b = &mut g.board;
    b.set_relation(Power::Spain, Power::France, Relation::War);
    b.set_relation(Power::Spain, Power::England, Relation::Alliance);
    // 1559 starts with Spain and the Ottomans at war (relations.csv): make them neutral here.
    b.set_relation(Power::Spain, Power::Ottoman, Relation::Peace);
    assert_eq!(
        b.stance(Power::Spain, Owner::Major(Power::Spain)),
        Stance::Friendly
    );
    assert_eq!(
        b.stance(Power::Spain, Owner::Major(Power::England)),
        Stance::Friendly
    );
    assert_eq!(
        b.stance(Power::Spain, Owner::Major(Power::France)),
        Stance::Enemy
    );
    assert_eq!(
        b.stance(Power::Spain, Owner::Major(Power::Ottoman)),
        Stance::Neutral
    );
    assert_eq!(
        b.stance(Power::Spain, Owner::Independent),
        Stance::Independent
    );
    assert_eq!(
        b.space_stance(rs, Power::Spain, sp("GENOA")),
        Stance::Independent
    );
    // An allied minor's element is friendly; an inactive minor's is neither.
    assert_eq!(
        b.stance(Power::Spain, Owner::Minor(Minor::Venice)),
        Stance::Neutral
    );
    b.set_minor_ally(Minor::Venice, Some(Power::England));
    assert_eq!(
        b.stance(Power::Spain, Owner::Minor(Minor::Venice)),
        Stance::Friendly
    );
}

#[test]
fn r_control_terms_adjacent_independent_units_do_not_block_control() {
    let rs = rs();
    let mut g = new_game(5);
    // Spain at war with France; Spanish units next to French Orleans.
    g.board
        .set_relation(Power::Spain, Power::France, Relation::War);
    put_units(&mut g, Power::Spain, "TOURS", Owner::Major(Power::Spain), 2);
    put_units(&mut g, Power::Spain, "LYON", Owner::Major(Power::France), 0);
    put_units(
        &mut g,
        Power::Spain,
        "PARIS",
        Owner::Major(Power::France),
        0,
    );
    put_units(&mut g, Power::Spain, "LYON", Owner::Independent, 3);
    // C-LOC-USE: Spain's line of communication runs Orleans–Dijon–Besançon.
    g.board
        .set_control(rs, sp("DIJON"), Owner::Major(Power::Spain));
    let cp = to_cp(&mut g, Power::Spain);
    assert!(cp >= 1);
    // Independent units next to Orleans (in Lyon) do not stop Spain.
    let mut ok = g.clone();
    ok.apply(
        rs,
        Power::Spain,
        &Action::Control {
            space: "ORLEANS".into(),
        },
    )
    .expect("independents do not block");
    assert_eq!(
        ok.board.controller(rs, sp("ORLEANS")),
        Owner::Major(Power::Spain)
    );
    // Enemy units next to it do.
    put_units(
        &mut g,
        Power::Spain,
        "PARIS",
        Owner::Major(Power::France),
        1,
    );
    let hash = g.state_hash();
    let err = g
        .apply(
            rs,
            Power::Spain,
            &Action::Control {
                space: "ORLEANS".into(),
            },
        )
        .expect_err("enemy adjacent");
    assert_eq!(
        err,
        RuleError::Illegal(Refusal::EnemyUnitsAdjacent {
            space: sp("ORLEANS"),
            adjacent: sp("PARIS"),
        })
    );
    let text = Texts::new(rs, Locale::En).rule_error(&err);
    assert!(
        text.contains("enemy land units in adjacent Paris"),
        "{text}"
    );
    assert_eq!(g.state_hash(), hash, "a refused action changes nothing");
}

#[test]
fn r_rel_zones_four_zones_name_the_spaces_inside() {
    let rs = rs();
    for z in [
        ReligiousZone::Netherlands,
        ReligiousZone::France,
        ReligiousZone::England,
        ReligiousZone::Scotland,
    ] {
        assert!(
            rs.spaces.iter().any(|s| s.zone == z),
            "no space in zone {z}"
        );
    }
    assert_eq!(rs.space(sp("AMSTERDAM")).zone, ReligiousZone::Netherlands);
    assert_eq!(rs.space(sp("PARIS")).zone, ReligiousZone::France);
    assert_eq!(rs.space(sp("LONDON")).zone, ReligiousZone::England);
    assert_eq!(rs.space(sp("EDINBURGH")).zone, ReligiousZone::Scotland);
    assert_eq!(
        rs.space(sp("DUBLIN")).zone,
        ReligiousZone::None,
        "Ireland is not a zone of struggle"
    );
}

#[test]
fn r_rel_state_marker_face_else_print() {
    let rs = rs();
    let mut g = new_game(1);
    let s = sp("ORLEANS");
    let printed = rs.space(s).religion;
    assert_eq!(g.board.religion(rs, s), printed);
    g.board
        .set_religion(rs, s, printed.other())
        .expect("inside a zone");
    assert_eq!(g.board.religion(rs, s), printed.other());
    let m = g.board.at(s).marker.expect("a marker shows the new face");
    assert_eq!(
        (m.owner, m.religion),
        (Owner::Major(Power::France), printed.other())
    );
    g.board.set_religion(rs, s, printed).expect("back");
    assert!(g.board.at(s).marker.is_none());
}

#[test]
fn r_rel_outside_keeps_printed_religion() {
    let rs = rs();
    let mut g = new_game(1);
    let madrid = sp("MADRID");
    assert_eq!(rs.space(madrid).zone, ReligiousZone::None);
    let printed = rs.space(madrid).religion;
    assert_eq!(
        g.board.set_religion(rs, madrid, printed.other()),
        Err(Refusal::ReligionFixed { space: madrid })
    );
    assert_eq!(g.board.religion(rs, madrid), printed);
    // Even under another power's marker it counts as printed.
    g.board.set_control(rs, madrid, Owner::Major(Power::France));
    assert_eq!(g.board.religion(rs, madrid), printed);
    // And a manual fix is refused with the rule named.
    let hash = g.state_hash();
    let adj = vqbot::engine::Adjustment::Religion {
        space: "MADRID".into(),
        religion: Religion::Protestant,
    };
    let err = g
        .apply(rs, Power::Spain, &Action::Adjust(adj))
        .expect_err("outside the zones");
    assert_eq!(
        err,
        RuleError::Illegal(Refusal::ReligionFixed {
            space: sp("MADRID")
        })
    );
    assert_eq!(
        err.to_string(),
        format!("religion fixed: #{} [R-REL-OUTSIDE]", sp("MADRID").0)
    );
    let text = Texts::new(rs, Locale::En).rule_error(&err);
    assert!(
        text.contains("Madrid") && text.contains("(R-REL-OUTSIDE)"),
        "{text}"
    );
    assert_eq!(g.state_hash(), hash);
}

#[test]
fn r_marker_square_on_keys_hex_elsewhere_with_faces() {
    let rs = rs();
    let mut g = new_game(1);
    let (paris, orleans, antwerp, amsterdam) =
        (sp("PARIS"), sp("ORLEANS"), sp("ANTWERP"), sp("AMSTERDAM"));
    g.board.set_control(rs, paris, Owner::Major(Power::Spain));
    g.board.set_control(rs, orleans, Owner::Major(Power::Spain));
    assert_eq!(
        g.board.marker_look(rs, paris).map(|m| m.shape),
        Some(MarkerShape::Square)
    );
    assert_eq!(
        g.board.marker_look(rs, orleans).map(|m| m.shape),
        Some(MarkerShape::Hex)
    );
    // One marker shows both control and religion.
    g.board
        .set_religion(rs, orleans, Religion::Protestant)
        .expect("in France");
    let look = g.board.marker_look(rs, orleans).expect("marker");
    assert_eq!(
        (look.owner, look.religion),
        (Owner::Major(Power::Spain), Religion::Protestant)
    );
    // Protestant keys: Dutch squares on Amsterdam/Antwerp/Brussels, Huguenot squares elsewhere.
    for (s, f) in [
        (antwerp, Faction::Dutch),
        (amsterdam, Faction::Dutch),
        (paris, Faction::Huguenot),
    ] {
        g.board.set_control(rs, s, Owner::Major(Power::Protestant));
        let look = g.board.marker_look(rs, s);
        // Amsterdam is a Dutch home space: Protestant control there needs no marker.
        if rs.space(s).home == Home::Faction(Faction::Dutch)
            && g.board.religion(rs, s) == rs.space(s).religion
        {
            assert!(look.is_none());
            continue;
        }
        let look = look.expect("marker");
        assert_eq!(
            (look.shape, look.faction),
            (MarkerShape::Square, Some(f)),
            "{}",
            rs.space(s).id
        );
    }
}

#[test]
fn r_space_key_dutch_keys_are_worth_three_only_to_the_protestant() {
    // R-PROT-KEYS gives the Protestant 3 VP for each Dutch key; any other controller scores
    // them like any key.
    let rs = rs();
    let mut g = new_game(1);
    let antwerp = sp("ANTWERP");
    g.board
        .set_control(rs, antwerp, Owner::Major(Power::England));
    let england = g.vp(rs, Power::England).keys;
    g.board
        .set_control(rs, antwerp, Owner::Major(Power::France));
    assert_eq!(g.vp(rs, Power::England).keys, england - 1);
    g.board
        .set_control(rs, antwerp, Owner::Major(Power::Protestant));
    assert_eq!(g.vp(rs, Power::Protestant).keys, 3);
}
