//! X-CARD-EFFECT: a test deck of 29 cards written in the effect language (tests/effect_deck/,
//! not Virgin Queen cards) played end to end through `vqbot script`: choices by the playing and
//! by another power, spaces chosen, casualties chosen by the owner, a hand seen by DM only, a
//! combat card in a battle, a response card that cancels an event, and a restart of the table in
//! the middle of an effect (the second script runs on the same database).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn script(data: &Path, db: &Path, file: &str) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .args(["script", file, "--seed", "3", "--db"])
        .arg(db)
        .env("VQBOT_DATA", data)
        .current_dir(root())
        .output()
        .expect("vqbot runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn x_card_effect_test_deck_plays_end_to_end_with_a_restart_mid_effect() {
    let tmp = tempfile::tempdir().expect("temp");
    let data = tmp.path().join("data");
    std::fs::create_dir(&data).expect("dir");
    assert!(
        crate::effect_deck_data::deck_data(&data) >= 29,
        "a deck of at least 29 cards"
    );
    let check = Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .arg("check-data")
        .arg(&data)
        .output()
        .expect("runs");
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let db = tmp.path().join("deck.sqlite3");
    let (ok, out, err) = script(&data, &db, "tests/effect_deck/deck.vq");
    assert!(ok, "{err}\n{out}");
    let channel: Vec<&str> = out.lines().filter(|l| l.starts_with("[channel]")).collect();
    // Faces by DM only: the drawn cards and the hand looked at.
    assert!(
        out.contains("[dm:bob] #25 «Test: Draw two»: you drew"),
        "{out}"
    );
    assert!(
        out.contains("[dm:bob] #28 «Test: Spy on Spain»: the hand of Spain:"),
        "{out}"
    );
    assert!(
        out.contains("[channel]   #28 «Test: Spy on Spain»: France looks at the hand of Spain (")
    );
    for l in &channel {
        assert!(
            !l.contains("you drew")
                && !l.contains("the hand of Spain:")
                && !l.contains("the hand of France:"),
            "a face in the channel: {l}"
        );
        assert!(!l.contains("card Spain took"), "{l}");
    }
    // Choices: a space by its player, another power's option, casualties by the owner.
    assert!(out.contains("there is no option 99: choose a number from 1 to 4"));
    assert!(out.contains("Unrest in Utrecht."));
    assert!(out.contains("Spain chooses «The Protestant draws a card»"));
    assert!(out.contains("#34 «Test: Desertion»: Spain removes 2 mercenar"));
    assert!(out.contains("Utrecht turns Protestant."));
    assert!(out.contains("Spain declares war on France."));
    assert!(out.contains("France will spend 2 CP after the event."));
    assert!(
        out.contains("the players apply with `adjust`: the rest of this card is applied by hand")
    );
    // Combat card: +2 dice on Spain's 3 regulars in the battle.
    assert!(out.contains("#46 «Test: Veterans»: Spain: +2 dice in this battle."));
    let battle = channel
        .iter()
        .find(|l| l.contains("Field battle in Dijon"))
        .expect("a battle");
    let spain_dice = battle
        .split("Spain: [")
        .nth(1)
        .and_then(|s| s.split(']').next())
        .map(|d| d.split_whitespace().count());
    assert_eq!(spain_dice, Some(5), "{battle}");
    // Response card: the levy is cancelled.
    assert!(out.contains("the event of #43 «Test: French levy» is cancelled"));
    assert!(!out.contains("«Test: French levy»: France adds"));
    assert!(out.contains("Spain and France are at peace."));
    // --- card effects: a discard the owner chooses (faces by DM to France alone), a card back
    // from the pile, a forbidden war, a lasting VP, a treasure, another card's CP, the map.
    assert!(
        out.contains("[dm:bob] #49 «Test: Pick and recover»: pick a card of your hand to discard"),
        "{out}"
    );
    assert!(out.contains("#49 «Test: Pick and recover»: France discards #"));
    assert!(out.contains(
        "#49 «Test: Pick and recover»: Spain takes #24 «Test: VP now» from the discard pile"
    ));
    assert!(out.contains("France and Protestant may not declare war on each other for this turn."));
    assert!(out.contains("lasting bonus (in the bonus): #50 «Test: Truce of the week» +1"));
    assert!(out.contains("France plays #6 «French home card (placeholder)» for 5 CP"));
    assert!(out.contains("Groningen becomes Protestant."));
    assert!(out.contains("Protestant builds a fortress in Groningen."));
    assert!(out.contains("#51 «Test: Walls of Groningen» is removed from the game."));
    for l in &channel {
        assert!(
            !l.contains("pick a card of your hand"),
            "a face in the channel: {l}"
        );
    }
    assert_eq!(
        out.matches("[channel]   France has 5 CP left.").count(),
        1,
        "the CP line once"
    );
    // The script ends in the middle of France's card effect.
    let last = channel.last().copied().unwrap_or("");
    assert!(
        last.contains("France (bob) — answer the card's question") && last.contains("2 = two VP"),
        "{last}"
    );

    // The table is reopened from the database and the effect goes on.
    let (ok, out, err) = script(&data, &db, "tests/effect_deck/restart.vq");
    assert!(ok, "{err}\n{out}");
    assert!(
        out.contains("#45 «Test: Two roads»: France chooses «two VP»."),
        "{out}"
    );
    assert!(
        out.contains("#45 «Test: Two roads»: France gains 2 VP."),
        "{out}"
    );
    assert!(out.contains("Impulse: Protestant."), "{out}");
    // `card N` shows the effect in words (the Russian words: tests/card_effects.rs).
    assert!(
        out.contains("1. the card's player chooses: 1) one VP (step 2); 2) two VP (step 4)"),
        "{out}"
    );
    assert!(out.contains("1. Spain chooses: 1) Spain gains 1 VP (step 2); 2) The Protestant draws a card (step 4)"), "{out}");
}

/// Every card's place (hands, deck, discard, removed, beside a foreign war): none twice.
fn card_places(g: &vqbot::engine::Game) -> Vec<u16> {
    let mut all: Vec<u16> = g.hands.iter().flatten().copied().collect();
    all.extend(&g.deck);
    all.extend(&g.discard);
    all.extend(&g.removed);
    all.extend(g.wars.iter().map(|w| w.card));
    all.sort_unstable();
    all
}

// X-CARD-EFFECT: random playouts with the test deck in play from turn 1 (effects asking
// questions, combat and response windows): every listed answer is accepted, no card is in two
// places, no card face reaches the channel, and the log replays to the same state.
#[test]
fn x_card_effect_random_playouts_with_the_deck_keep_their_invariants() {
    use rand::{Rng, SeedableRng};
    use vqbot::engine::cards::run::EffectEvent;
    use vqbot::engine::{Awaiting, EventKind, Game, GameOptions, PowerSet, Visibility};
    let tmp = tempfile::tempdir().expect("temp");
    crate::effect_deck_data::deck_data(tmp.path());
    let mut rs = vqbot::data::load(tmp.path()).expect("deck data loads");
    for c in &mut rs.cards {
        if c.effect.is_some() {
            c.enters_turn = 1;
        }
    }
    let mut effects_run = 0;
    for seed in 0..6u64 {
        let opts = GameOptions {
            scenario: "1559".into(),
            powers: PowerSet::all(),
        };
        let start = Game::new(&rs, &opts, seed).expect("starts").0;
        let mut g = start.clone();
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x51);
        let mut log = Vec::new();
        for _ in 0..3000 {
            let p = match g.awaiting() {
                Awaiting::Over { .. } => break,
                Awaiting::One { power, .. } => power,
                Awaiting::Simultaneous { pending, .. } => {
                    let v: Vec<_> = pending.iter().collect();
                    v[pick.random_range(0..v.len())]
                }
            };
            let legal = g.legal_actions(&rs, p);
            assert!(!legal.is_empty(), "seed {seed}: {p} has no legal action");
            let done = legal
                .iter()
                .find(|a| matches!(a, vqbot::engine::Action::DoneDiplomacy));
            let event = legal.iter().find(|a| {
                matches!(a, vqbot::engine::Action::Play { card, mode: vqbot::engine::CardMode::Event }
                    if rs.card(*card).is_some_and(|c| c.effect.is_some()))
            });
            let a = match (done, event) {
                (Some(d), _) if pick.random_bool(0.8) => d.clone(),
                (_, Some(e)) if pick.random_bool(0.7) => e.clone(),
                _ => legal[pick.random_range(0..legal.len())].clone(),
            };
            let before = card_places(&g);
            let ev = g
                .apply(&rs, p, &a)
                .unwrap_or_else(|e| panic!("seed {seed}: listed {a:?} by {p} refused: {e}"));
            let after = card_places(&g);
            let mut dedup = after.clone();
            dedup.dedup();
            assert_eq!(
                dedup, after,
                "seed {seed}: a card in two places after {a:?}"
            );
            assert!(
                before.iter().all(|c| after.contains(c)),
                "seed {seed}: a card vanished after {a:?}"
            );
            for e in &ev {
                if let EventKind::Effect { what, .. } = &e.kind {
                    effects_run += 1;
                    let face = matches!(
                        what,
                        EffectEvent::DrewFaces { .. }
                            | EffectEvent::SawHand { .. }
                            | EffectEvent::TookFace { .. }
                            | EffectEvent::HandChoices { .. }
                    );
                    assert!(
                        !(face && e.vis == Visibility::Public),
                        "seed {seed}: a face in public: {what:?}"
                    );
                }
            }
            log.push((p, a));
        }
        let mut replay = start.clone();
        for (p, a) in &log {
            replay.apply(&rs, *p, a).expect("replays");
        }
        assert_eq!(replay, g, "seed {seed}: the replay differs");
    }
    assert!(effects_run > 20, "the deck's effects ran ({effects_run})");
}
