//! Random playouts: many seeded games of random legal actions never panic, never stall, keep
//! their invariants, and replay to the same state hash.

use crate::common;

use common::new_game_with;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;
use vqbot::engine::{Action, Awaiting, Game, GameOptions, PowerSet};

/// Land units on the map, counting besieged units a relief battle holds inside the walls (they
/// sit in the battle frame until it ends, C-RELIEF).
/// The shipped ruleset with Here I Stand's `sue` switched on (X-DIP-PEACE-HIS, off in the shipped
/// data), so the playouts keep exercising the peace settlement's questions.
fn rs() -> &'static vqbot::engine::Ruleset {
    static RS: OnceLock<vqbot::engine::Ruleset> = OnceLock::new();
    RS.get_or_init(|| {
        let mut r = common::rs().clone();
        r.turn
            .numbers
            .insert(vqbot::engine::turn_data::ids::SUE_FOR_PEACE.into(), 1);
        r
    })
}

fn total_land(g: &Game) -> u32 {
    let held: u32 = g
        .steps
        .iter()
        .filter_map(|s| match s {
            vqbot::engine::steps::Step::Battle(b) => {
                Some(b.held.iter().map(|f| f.land()).sum::<u32>())
            }
            _ => None,
        })
        .sum();
    held + g
        .board
        .spaces
        .iter()
        .flat_map(|s| s.forces.iter())
        .map(|f| f.land())
        .sum::<u32>()
}

/// The powers in play: every fifth game has four (the Ottoman and the Empire inactive, courted
/// by influence, X-INACTIVE), the next every fifth five (the Empire inactive), the rest six.
fn playout_powers(seed: u64) -> PowerSet {
    use vqbot::engine::Power::*;
    match seed % 5 {
        1 => [Spain, England, France, Protestant].into_iter().collect(),
        2 => [Ottoman, Spain, England, France, Protestant]
            .into_iter()
            .collect(),
        _ => PowerSet::all(),
    }
}

/// Influence outcomes of one playout (X-INF-*, X-INACTIVE).
#[derive(Default)]
struct InfluenceCount {
    /// Statuses resolved.
    resolved: usize,
    /// Of which with a winner.
    won: usize,
    /// Impulses of an inactive major played by its controller.
    inactive_impulses: usize,
}

fn play(seed: u64, steps: usize) -> (Game, Vec<(vqbot::engine::Power, Action)>, InfluenceCount) {
    let rs = rs();
    let mut g = new_game_with(playout_powers(seed), seed);
    let mut inf = InfluenceCount::default();
    let mut pick = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37);
    let mut log = Vec::new();
    // --- piracy: in every other game the Barbary Pirates event is in play from the start (set
    // by adjust, logged like any action), so the Ottoman builds corsairs and pirates (C-PIRACY).
    if seed.is_multiple_of(2) {
        let a = Action::Adjust(vqbot::engine::action::Adjustment::BarbaryPirates { on: true });
        // Spain sets it: the Ottoman is not seated in every game (X-INACTIVE).
        g.apply(rs, vqbot::engine::Power::Spain, &a)
            .expect("the flag is set");
        log.push((vqbot::engine::Power::Spain, a));
    }
    // --- treasures: in every third game Portugal is Spain's ally (Spain draws a Portuguese
    // treasure each Winter) and England starts with two treasures, so spends are exercised.
    if seed.is_multiple_of(3) {
        for (p, a) in [
            (
                vqbot::engine::Power::Spain,
                vqbot::engine::action::Adjustment::MinorAlly {
                    minor: vqbot::engine::power::Minor::Portugal,
                    ally: Some(vqbot::engine::Power::Spain),
                },
            ),
            (
                vqbot::engine::Power::England,
                vqbot::engine::action::Adjustment::Treasure {
                    power: vqbot::engine::Power::England,
                    delta: 2,
                },
            ),
        ] {
            let a = Action::Adjust(a);
            g.apply(rs, p, &a).expect("the treasure setup is accepted");
            log.push((p, a));
        }
    }
    let all_treasures: Vec<u16> = rs.treasures.iter().map(|t| t.number).collect();
    let cap = rs.turn.number("piracy_vp_cap");
    for _ in 0..steps {
        let p = match g.awaiting() {
            Awaiting::Over { .. } => break,
            Awaiting::One { power, .. } => power,
            Awaiting::Simultaneous { pending, .. } => {
                let v: Vec<_> = pending.iter().collect();
                v[pick.random_range(0..v.len())]
            }
        };
        // X-INACTIVE-ANSWERS: nobody is asked for an inactive major nobody controls (its
        // questions answer themselves by the rule, announced).
        assert!(
            g.powers.contains(p) || g.influence.controller[p as usize].is_some(),
            "seed {seed}: {p}, which nobody plays, is asked ({:?}, {:?})",
            g.awaiting(),
            g.steps.last()
        );
        let legal = g.legal_actions(rs, p);
        assert!(
            !legal.is_empty(),
            "seed {seed}: {p} is awaited but has no legal action ({:?})",
            g.stage
        );
        // Random, but biased toward ending negotiations so that games progress through turns.
        let done = legal
            .iter()
            .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
        // Piracy is one action among hundreds while CP are spent: when it is offered it is taken
        // half the time, so that raids and the targets' payments are exercised (C-PIRACY).
        let raid = legal.iter().find(|a| matches!(a, Action::Piracy { .. }));
        let a = match (done, raid) {
            (Some(d), _) if pick.random_bool(0.8) => d.clone(),
            (_, Some(r)) if pick.random_bool(0.5) => r.clone(),
            _ => legal[pick.random_range(0..legal.len())].clone(),
        };
        let before_land = total_land(&g);
        let before = g.clone();
        match g.apply(rs, p, &a) {
            Ok(ev) => {
                for e in &ev {
                    if let vqbot::engine::EventKind::Influence(
                        vqbot::engine::influence::InfluenceEvent::Resolved { winner, .. },
                    ) = &e.kind
                    {
                        inf.resolved += 1;
                        inf.won += usize::from(winner.is_some());
                    }
                }
                if !g.powers.contains(p) && matches!(a, Action::Play { .. }) {
                    inf.inactive_impulses += 1;
                }
                // X-INF-TRACK: influence never passes a track.
                for c in vqbot::engine::influence::Courted::all() {
                    for q in vqbot::engine::Power::ALL {
                        assert!(
                            g.influence_of(c, *q) <= rs.influence.track(c),
                            "seed {seed}: influence past the track after {a:?}"
                        );
                    }
                }
            }
            Err(e) => panic!(
                "seed {seed}: listed action {a:?} by {p} refused: {e}\nstage {:?}",
                before.stage
            ),
        }
        // Markers only where control or religion differs from the print.
        for s in rs.space_ids() {
            if let Some(m) = g.board.at(s).marker {
                let sp = rs.space(s);
                assert!(
                    m.owner != sp.home.owner() || m.religion != sp.religion,
                    "seed {seed}: needless marker at {}",
                    sp.id
                );
            }
        }
        // --- naval warfare: no squadron, corsair or naval leader is ever in an inland space,
        // and nothing but naval units is at sea.
        for s in rs.space_ids() {
            if rs.space(s).is_port() {
                continue;
            }
            for f in &g.board.at(s).forces {
                assert!(
                    f.squadrons == 0
                        && f.corsairs == 0
                        && !f.leaders.iter().any(|l| rs.is_naval_leader(l)),
                    "seed {seed}: naval units in inland {} after {a:?}",
                    rs.space(s).id
                );
            }
        }
        for (z, forces) in &g.board.seas {
            for f in forces {
                assert!(
                    f.land() == 0 && f.leaders.iter().all(|l| rs.is_naval_leader(l)),
                    "seed {seed}: land units at sea in {z} after {a:?}"
                );
            }
        }
        // --- piracy: corsairs are Ottoman only; piracy VP within the cap (C-PIRACY).
        let corsairs_elsewhere = g
            .board
            .spaces
            .iter()
            .flat_map(|s| s.forces.iter())
            .chain(g.board.seas.values().flatten())
            .any(|f| {
                f.corsairs > 0
                    && f.owner() != vqbot::engine::Owner::Major(vqbot::engine::Power::Ottoman)
            });
        assert!(
            !corsairs_elsewhere,
            "seed {seed}: a corsair not Ottoman after {a:?}"
        );
        assert!(
            i32::from(g.naval.piracy_vp) <= cap,
            "seed {seed}: piracy VP {} over the cap",
            g.naval.piracy_vp
        );
        // --- treasures: conserved (pool + row + holdings + spent = the data's treasures, each
        // once), the row never above its size.
        let mut placed = g.treasures.all_placed();
        placed.sort_unstable();
        assert_eq!(
            placed, all_treasures,
            "seed {seed}: treasures not conserved after {a:?}: {:?}",
            g.treasures
        );
        assert!(g.treasures.row.len() <= rs.turn.number("portuguese_row") as usize);
        // Units appear only by raising, a revolt (R-PROT-CAPITAL), the return from a foreign war
        // (R-FW-FIGHT) or the winter's free regular.
        let raised = matches!(
            a,
            Action::Raise { .. } | Action::Revolt { .. } | Action::FightForeignWar { .. }
        );
        // --- peace (C-DIP-PEACE): a surrender removes exactly the named land units; a regain
        // moves no card out of the hands as a whole, pays the winner exactly the data's VP or one
        // card, and no power's bonus VP ever goes negative.
        if let Action::Surrender { units, .. } = &a {
            assert_eq!(
                total_land(&g) + units.land(),
                before_land,
                "seed {seed}: surrender {a:?}"
            );
        }
        if let (
            Action::Regain { pay, .. },
            Some(vqbot::engine::steps::Step::PeaceRegain(vqbot::engine::peace::PeaceRegain {
                power,
                winner,
            })),
        ) = (&a, before.steps.last())
        {
            let cards = |g: &Game| g.hands.iter().map(|h| h.len()).sum::<usize>();
            assert_eq!(cards(&g), cards(&before), "seed {seed}: cards after {a:?}");
            let (w, l) = (*winner as usize, *power as usize);
            match pay {
                vqbot::engine::action::PeacePay::Vp => {
                    assert_eq!(
                        g.bonus_vp[w],
                        before.bonus_vp[w] + rs.turn.number("peace_regain_vp"),
                        "seed {seed}: VP after {a:?}"
                    )
                }
                vqbot::engine::action::PeacePay::Card => {
                    assert_eq!(g.hands[w].len(), before.hands[w].len() + 1);
                    assert_eq!(g.hands[l].len() + 1, before.hands[l].len());
                }
            }
        }
        assert!(
            g.bonus_vp.iter().all(|v| *v >= 0),
            "seed {seed}: negative bonus VP {:?} after {a:?}",
            g.bonus_vp
        );
        if !raised && total_land(&g) > before_land {
            let winter_gain = g.turn > before.turn || g.is_over();
            assert!(
                winter_gain,
                "seed {seed}: land units grew from {before_land} to {} on {a:?}",
                total_land(&g)
            );
        }
        log.push((p, a));
    }
    (g, log, inf)
}

#[test]
fn random_playouts_never_stall_and_replay_identically() {
    let rs = rs();
    let games = 200u64;
    let mut actions = 0;
    let mut finished = 0;
    // --- religion: random playouts take the religious actions too (X-REL-*)
    let mut religious = 0;
    let mut naval = 0;
    let mut piracy = 0;
    let mut treasures = 0;
    let mut peace = 0;
    let mut regains = 0;
    // --- diplomatic influence (X-INF-*, X-INACTIVE)
    let mut bought = 0;
    let mut inf = InfluenceCount::default();
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    let (mut proposals, mut married, mut spies) = (0, 0, 0);
    for seed in 0..games {
        let (g, log, i) = play(seed, 500);
        inf.resolved += i.resolved;
        inf.won += i.won;
        inf.inactive_impulses += i.inactive_impulses;
        bought += log
            .iter()
            .filter(|(_, a)| matches!(a, Action::BuyInfluence { .. }))
            .count();
        actions += log.len();
        proposals += log
            .iter()
            .filter(|(_, a)| matches!(a, Action::Marry { .. }))
            .count();
        married += g.court.married.len();
        spies += log
            .iter()
            .filter(|(_, a)| matches!(a, Action::Spy { .. }))
            .count();
        religious += log
            .iter()
            .filter(|(_, a)| {
                matches!(
                    a,
                    Action::Convert { .. }
                        | Action::ConversionSix { .. }
                        | Action::CatholicRebellion { .. }
                )
            })
            .count();
        naval += log
            .iter()
            .filter(|(_, a)| {
                matches!(
                    a,
                    Action::NavalMove { .. }
                        | Action::NavalTransport { .. }
                        | Action::SinkShips { .. }
                        | Action::NavalRetreat { .. }
                )
            })
            .count();
        piracy += log
            .iter()
            .filter(|(_, a)| matches!(a, Action::Piracy { .. } | Action::PiracyReward { .. }))
            .count();
        treasures += log
            .iter()
            .filter(|(_, a)| matches!(a, Action::SpendTreasure { .. }))
            .count();
        peace += log
            .iter()
            .filter(|(_, a)| matches!(a, Action::Surrender { .. } | Action::Regain { .. }))
            .count();
        regains += log
            .iter()
            .filter(|(_, a)| matches!(a, Action::Regain { .. }))
            .count();
        finished += usize::from(g.is_over());
        // Replay from the log gives the same state.
        let opts = GameOptions {
            scenario: "1559".into(),
            powers: playout_powers(seed),
        };
        let (mut r, _) = Game::new(rs, &opts, seed).expect("starts");
        for (p, a) in &log {
            r.apply(rs, *p, a).expect("replays");
        }
        assert_eq!(
            r.state_hash(),
            g.state_hash(),
            "seed {seed}: replay diverged"
        );
        // JSON round trip is exact.
        let json = serde_json::to_string(&g).expect("serializes");
        let back: Game = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, g);
    }
    assert!(actions > 50_000, "only {actions} actions were played");
    assert!(religious > 0, "no religious action was ever taken");
    // The playouts include naval actions (C-NAVAL-*).
    assert!(naval > 0, "no naval action was played");
    // And piracy (C-PIRACY): raids and the target's payments.
    assert!(piracy > 0, "no piracy was played");
    // And treasures spent for CP (X-TREASURE-SPEND).
    assert!(treasures > 0, "no treasure was spent");
    // And the peace questions after `sue` (C-DIP-PEACE).
    assert!(peace > 0, "no peace question was answered");
    // And influence bought, statuses resolved and inactive majors' impulses (X-INF-*, X-INACTIVE).
    assert!(bought > 0, "no influence was bought");
    assert!(inf.won > 0, "no status was won");
    assert!(
        inf.inactive_impulses > 0,
        "no inactive major's impulse was played"
    );
    eprintln!(
        "{games} games, {actions} actions ({religious} religious, {naval} naval, {piracy} piracy, {treasures} treasures spent, {peace} peace of which {regains} regains; influence: {bought} bought, {} resolved, {} won, {} inactive impulses), {finished} finished",
        inf.resolved, inf.won, inf.inactive_impulses
    );
    // And marriages (proposed, accepted, resolved) and espionage.
    assert!(married > 0, "no marriage was ever resolved");
    assert!(spies > 0, "nobody ever spied");
    eprintln!(
        "{games} games, {actions} actions ({religious} religious, {naval} naval, {piracy} piracy, {treasures} treasures spent, {peace} peace of which {regains} regains, {proposals} marriage actions, {married} royals married, {spies} espionage attempts), {finished} finished"
    );
}
