//! Every refusal path of the table gives a clear message and changes nothing (the state JSON,
//! which holds the seats, the log length and the engine state hash, is the same before and after).

use crate::table_support;

use table_support::*;

/// A lobby with England (alice, creator), France (bob) and the Empire (carol).
fn lobby() -> vqbot::table::Table {
    let t = table(11);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:France");
    ok(&t, "carol", "vq join Священная Римская империя");
    t
}

#[test]
fn commands_before_a_game_exist_are_refused() {
    let t = table(1);
    let out = say(&t, "alice", "vq join power:england");
    assert!(out.refused);
    assert!(out.messages[0].text.contains("no game"), "{out:?}");
    assert!(refused(&t, "alice", "vq status").contains("no game"));
}

// R-GAME-PLAYERS
#[test]
fn r_game_players_two_to_six() {
    let t = table(2);
    ok(&t, "p1", "vq new");
    ok(&t, "p1", "vq join power:ottoman");
    let msg = refused(&t, "p1", "vq start");
    assert!(msg.contains("2 to 6 players"), "{msg}");
    // One player may hold several powers; that still counts as one player.
    ok(&t, "p1", "vq join power:spain");
    assert!(refused(&t, "p1", "vq start").contains("seated now: 1"));
    for (i, p) in ["england", "france", "empire"].iter().enumerate() {
        ok(&t, &format!("p{}", i + 2), &format!("vq join power:{p}"));
    }
    ok(&t, "p5", "vq join power:protestant");
    ok(&t, "p1", "vq leave power:spain");
    ok(&t, "p6", "vq join power:spain");
    // A seventh person is refused by the player limit, whatever seat they ask for.
    let msg = refused(&t, "p7", "vq join power:spain");
    assert!(msg.contains("at most 6 players"), "{msg}");
    ok(&t, "p1", "vq start");
}

#[test]
fn double_join_and_taken_seats() {
    let t = lobby();
    assert!(refused(&t, "alice", "vq join power:england").contains("already hold"));
    let msg = refused(&t, "dave", "vq join power:england");
    assert!(msg.contains("alice"), "{msg}");
    let msg = refused(&t, "dave", "vq join power:engl and");
    assert!(msg.contains("unknown power"), "{msg}");
}

#[test]
fn lobby_commands_belong_to_the_creator() {
    let t = lobby();
    let msg = refused(&t, "bob", "vq start");
    assert!(
        msg.contains("only the game's creator") && msg.contains("alice"),
        "{msg}"
    );
    assert!(refused(&t, "bob", "vq locale lang:ru").contains("creator"));
    assert!(refused(&t, "carol", "vq new").contains("already has a game"));
    // Game commands before the start.
    assert!(refused(&t, "alice", "vq pass").contains("not started"));
}

#[test]
fn parse_errors_are_clear() {
    let t = lobby();
    let msg = refused(&t, "alice", "vq mvoe from:paris to:rouen");
    assert!(
        msg.contains("unknown command") && msg.contains("move"),
        "{msg}"
    );
    let msg = refused(&t, "alice", "vq play card:4 as:both");
    assert!(
        msg.contains("as:both") && msg.contains("cp, event"),
        "{msg}"
    );
    let msg = refused(&t, "alice", "vq build space:london");
    assert!(msg.contains("needs `unit:`"), "{msg}");
    let msg = refused(&t, "alice", "vq build space:london unit:dragon");
    assert!(msg.contains("regular"), "{msg}");
    let msg = refused(&t, "alice", "vq pass colour:red");
    assert!(msg.contains("no option `colour`"), "{msg}");
    let msg = refused(&t, "alice", "vq rule R-GAME-PLAYRS");
    assert!(msg.contains("R-GAME-PLAYERS"), "{msg}");
    // An option typed twice is refused, not half read (the first value silently won before).
    let msg = refused(&t, "alice", "vq convert space:berwick space:norwich");
    assert!(msg.contains("`space:` is given twice"), "{msg}");
    let msg = refused(&t, "alice", "vq play card:4 as:cp как:event");
    assert!(msg.contains("given twice"), "{msg}");
    // An adjust reads only the options of its kind; any other is refused, not ignored.
    let msg = refused(
        &t,
        "alice",
        "vq adjust what:vp target:england delta:2 space:london",
    );
    assert!(
        msg.contains("`space:` does not apply to `adjust what:vp`")
            && msg.contains("`target:`, `delta:`"),
        "{msg}"
    );
    // A VP adjust needs its change, within bounds (it was 0, or silently clamped, before).
    let msg = refused(&t, "alice", "vq adjust what:vp target:england");
    assert!(msg.contains("needs `delta:`"), "{msg}");
    let msg = refused(&t, "alice", "vq adjust what:vp target:england delta:5000");
    assert!(msg.contains("from -1000 to 1000"), "{msg}");
    let e = vqbot::table::command::parse("обратить место:Берик место:Норидж").unwrap_err();
    let ru = vqbot::table::messages::Texts::new(&rs(), vqbot::table::Locale::Ru).parse_error(&e);
    assert!(ru.contains("указан дважды"), "{ru}");
}

#[test]
fn game_refusals_change_nothing() {
    let t = lobby();
    ok(&t, "alice", "vq start");
    // Diplomacy: everyone done; the Empire makes its choice; England deploys first.
    let msg = refused(&t, "dave", "vq done");
    assert!(msg.contains("hold no power"), "{msg}");
    // Wrong player: bob tries to act for England.
    let msg = refused(&t, "bob", "vq done power:england");
    assert!(msg.contains("alice"), "{msg}");
    ok(&t, "alice", "vq done");
    ok(&t, "bob", "vq done");
    ok(&t, "carol", "vq done");
    // Only the Empire's holder makes the secret choice.
    let msg = refused(&t, "alice", "vq secret choice:catholic");
    assert!(msg.contains("carol"), "{msg}");
    let msg = refused(&t, "carol", "vq secret choice:maybe");
    assert!(msg.contains("protestant, catholic, balanced"), "{msg}");
    ok(&t, "carol", "vq secret choice:balanced");
    // Not your turn: France may not deploy during England's deployment.
    let msg = refused(&t, "bob", "vq deploy from:paris to:rouen");
    assert!(
        msg.contains("not your turn") && msg.contains("England"),
        "{msg}"
    );
    // Unknown space with a suggestion.
    let msg = refused(&t, "alice", "vq deploy from:Londn to:portsmouth");
    assert!(
        msg.contains("unknown space") && msg.contains("London"),
        "{msg}"
    );
    // A rules refusal from the engine, in words.
    let msg = refused(&t, "alice", "vq deploy from:london to:paris");
    assert!(
        msg.starts_with("⛔") && msg.contains("Paris cannot be reached from London"),
        "{msg}"
    );
    ok(&t, "alice", "vq deploy from:Лондон to:Portsmouth");
    ok(&t, "bob", "vq done");
    ok(&t, "carol", "vq done");
    // The impulse: England plays its home card for CP; undo cannot simply take it back (who
    // acts changed from "play a card" to "spend CP"): it asks every player and changes nothing.
    ok(&t, "alice", "vq play card:4 as:cp");
    let played = t.state_json(CH);
    let out = ok(&t, "alice", "vq undo");
    assert!(
        public(&out).contains("every player must agree")
            && public(&out).contains("Still to agree: bob, carol."),
        "{out:?}"
    );
    assert_eq!(t.state_json(CH), played);
    // Moving on withdraws the request.
    let out = ok(&t, "alice", "vq move from:portsmouth to:london");
    assert!(public(&out).contains("is withdrawn"), "{out:?}");
    // Undo by someone else is refused; by the mover it restores the state exactly.
    assert!(refused(&t, "bob", "vq undo").contains("only its player"));
    let before = t.game(CH).expect("started");
    ok(&t, "alice", "vq build space:london unit:regular");
    let out = ok(&t, "alice", "vq undo");
    assert!(public(&out).contains("took back"), "{out:?}");
    assert_eq!(
        t.game(CH).expect("started").state_hash(),
        before.state_hash()
    );
    // Card not in hand.
    ok(&t, "alice", "vq end");
    let msg = refused(&t, "bob", "vq play card:4 as:cp");
    assert!(msg.contains("not in France's hand"), "{msg}");
    let msg = refused(&t, "bob", "vq play card:Nonexistent Card as:cp");
    assert!(msg.contains("unknown card"), "{msg}");
}

#[test]
fn ambiguous_power_needs_power_option() {
    let t = table(5);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:england");
    ok(&t, "alice", "vq join power:france");
    ok(&t, "bob", "vq join power:empire");
    ok(&t, "alice", "vq start");
    let msg = refused(&t, "alice", "vq done");
    assert!(
        msg.contains("several powers") && msg.contains("England") && msg.contains("France"),
        "{msg}"
    );
    ok(&t, "alice", "vq done power:england");
    // Only France is still awaited among alice's powers, so no `power:` is needed.
    ok(&t, "alice", "vq done");
}
