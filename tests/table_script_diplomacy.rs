//! `vqbot script` on the diplomacy examples (issue 26): a seeded four-power and five-power game
//! through two turns, with influence bought and contested (X-INF-BUY, X-INF-ROLL), an inactive
//! major's impulse played by its controller's player (X-INACTIVE), a marriage proposed, accepted
//! and resolved at Winter (X-MARRIAGE-PROPOSE, X-MARRIAGE-RESOLVE), and a spy's look at a hand
//! whose faces only the spy sees (X-SPY-LOOK).

use crate::table_support::rs;
use regex::Regex;
use std::process::Command;

/// Runs `vqbot script FILE --seed SEED` on a fresh in-memory table; the whole stdout.
fn run_script(file: &str, seed: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .args(["script", file, "--seed", seed])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("vqbot runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{file}: exit {:?} (a refusal where none was expected?)\n{}\n{stdout}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// X-INF-ROLL: every contest line of `target` parses as `Power die+influence=total`, each die
/// 1-6, each sum right, and the named winner is the single highest total. Returns the rollers.
fn check_contest(out: &str, target: &str) -> Vec<(String, u8, u8)> {
    let line_re = Regex::new(&format!(
        r"Diplomatic status of {target} resolved \(X-INF-ROLL\): (.*?)\. (\S.*?) wins"
    ))
    .expect("regex");
    let roll_re = Regex::new(r"([A-Z][A-Za-z ]*?) (\d)\+(\d)=(\d+)").expect("regex");
    let c = line_re
        .captures(out)
        .unwrap_or_else(|| panic!("no contest for {target} in:\n{out}"));
    let mut rolls = Vec::new();
    for r in roll_re.captures_iter(&c[1]) {
        let (die, inf, total): (u8, u8, u8) = (
            r[2].parse().unwrap_or(0),
            r[3].parse().unwrap_or(0),
            r[4].parse().unwrap_or(0),
        );
        assert!((1..=6).contains(&die), "a die of 1-6: {}", &c[0]);
        assert_eq!(die + inf, total, "die plus influence: {}", &c[0]);
        rolls.push((r[1].trim().to_string(), die, total));
    }
    assert!(!rolls.is_empty(), "{}", &c[0]);
    let best = rolls.iter().map(|r| r.2).max().unwrap_or(0);
    let top: Vec<&String> = rolls.iter().filter(|r| r.2 == best).map(|r| &r.0).collect();
    assert_eq!(
        top,
        vec![&c[2].to_string()],
        "the highest total wins: {}",
        &c[0]
    );
    rolls.into_iter().map(|(p, d, t)| (p, d, t - d)).collect()
}

/// X-MARRIAGE-RESOLVE: the Winter line of the marriage of `a` and `b`: the dice, the
/// eligibility and the modifier add up, and the outcome named is the data's row for that total.
fn check_marriage(out: &str, a: &str, b: &str) {
    let re = Regex::new(&format!(
        r"💒 Marriage of {a} \(\w+\) and {b} \(\w+\): dice ([\d+]+) \+ eligibility (-?\d+) \+ modifier (-?\d+) = (-?\d+): \*\*(.+?)\*\*; (\d+) VP"
    ))
    .expect("regex");
    let c = re
        .captures(out)
        .unwrap_or_else(|| panic!("no marriage of {a} and {b} in:\n{out}"));
    let dice: Vec<i16> = c[1].split('+').map(|d| d.parse().unwrap_or(0)).collect();
    let rules = &rs().marriage;
    assert_eq!(dice.len(), usize::from(rules.dice), "{}", &c[0]);
    assert!(dice.iter().all(|d| (1..=6).contains(d)), "{}", &c[0]);
    let total: i16 = c[4].parse().unwrap_or(-99);
    let sum: i16 = dice.iter().sum::<i16>()
        + c[2].parse::<i16>().unwrap_or(0)
        + c[3].parse::<i16>().unwrap_or(0);
    assert_eq!(sum, total, "{}", &c[0]);
    let row = rules.outcome(total).expect("a row for the total");
    assert_eq!(row.name_en, &c[5], "{}", &c[0]);
    assert_eq!(c[6].parse::<i8>().ok(), Some(row.vp), "{}", &c[0]);
}

/// X-SPY-LOOK: `spy`'s DM lists the faces of `of`'s hand; none of them reaches any line but
/// the spy's and the holder's DMs before the holder plays that card. Returns the faces' count.
fn check_look(out: &str, spy: &str, holder: &str, of: &str) -> usize {
    let lines: Vec<&str> = out.lines().collect();
    let prefix = format!("[dm:{spy}] 🕵 Your spies saw the hand of {of}: ");
    let at = lines
        .iter()
        .position(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no look by {spy} at {of}:\n{out}"));
    let face_re = Regex::new(r"#(\d+) «[^»]+»").expect("regex");
    let faces: Vec<(String, String)> = face_re
        .captures_iter(&lines[at][prefix.len()..])
        .map(|c| (c[0].to_string(), c[1].to_string()))
        .collect();
    assert!(!faces.is_empty(), "{}", lines[at]);
    // The channel hears the count, not the faces.
    assert!(
        lines[..at]
            .iter()
            .rev()
            .take(4)
            .any(|l| l.starts_with("[channel]")
                && l.contains(&format!("see the hand of {of} ({})", faces.len()))),
        "the channel hears the count: {:?}",
        &lines[at.saturating_sub(4)..at]
    );
    let public = |l: &str| {
        !(l.starts_with(&format!("[dm:{spy}]"))
            || l.starts_with(&format!("[dm:{holder}]"))
            || l.starts_with("> "))
    };
    for (face, n) in &faces {
        let played = format!("> as {holder}: vq play card:{n} ");
        for l in &lines {
            if l.starts_with(&played) {
                break;
            }
            assert!(
                !(public(l) && l.contains(face.as_str())),
                "the face {face} reached a line the spy's and holder's DMs are not: {l}"
            );
        }
    }
    faces.len()
}

/// The command lines' output: the lines after `> {cmd}` up to the next command.
fn after<'a>(out: &'a str, cmd: &str) -> Vec<&'a str> {
    let mut lines = out.lines().skip_while(|l| *l != format!("> {cmd}"));
    lines
        .next()
        .unwrap_or_else(|| panic!("no `{cmd}` in the script"));
    lines.take_while(|l| !l.starts_with("> ")).collect()
}

// X-INF-BUY, X-INF-ROLL, X-INACTIVE, X-INACTIVE-SETUP, X-MARRIAGE-PROPOSE, X-MARRIAGE-RESOLVE,
// X-SPY-LOOK: the seeded four-power game (the Ottoman and the Empire inactive) through two turns.
#[test]
fn x_inf_roll_x_inactive_x_marriage_x_spy_look_four_power_script() {
    let out = run_script("examples/influence_four.vq", "7");
    assert!(out.contains("Inactive majors in this game"), "{out}");
    assert!(out.contains("**Turn 3** begins"), "two whole turns");
    // Purchases, then the contest for Scotland with its dice.
    assert!(out.contains("Spain buys 2 step(s) of influence on Scotland for 2 CP: now 2"));
    assert!(out.contains("England buys 1 step(s) of influence on Scotland for 1 CP: now 1"));
    let rolls = check_contest(&out, "Scotland");
    let names: Vec<&str> = rolls.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names, ["Spain", "England"], "both buyers roll");
    assert_eq!((rolls[0].2, rolls[1].2), (2, 1), "with their influence");
    check_contest(&out, "Ottoman Empire");
    check_contest(&out, "Holy Roman Empire");
    // The Ottoman, won by France, is played by France's player: bob is refused, carol plays it
    // with the Ottoman's cards and may take an action back.
    assert!(
        out.contains("France wins and holds it"),
        "France wins the Ottoman"
    );
    assert!(after(&out, "! as bob: vq play card:14 as:cp")
        .iter()
        .any(|l| l.starts_with("[reply:bob] ⛔")));
    assert!(after(&out, "as carol: vq play card:14 as:cp")
        .iter()
        .any(|l| l.starts_with("[channel] Ottoman Empire plays #14")));
    assert!(after(&out, "! as bob: vq undo")
        .iter()
        .any(|l| l.starts_with("[reply:bob] ⛔") && l.contains("only its player can undo it")));
    assert!(after(&out, "as carol: vq undo")
        .iter()
        .any(|l| l.contains("carol took back `build space:ISTANBUL")));
    assert!(
        out.lines()
            .any(|l| l.starts_with("[dm:carol]") && l.contains("Your hand (Ottoman Empire)")),
        "the Ottoman's hand goes to carol"
    );
    assert!(!out
        .lines()
        .any(|l| !l.starts_with("[dm:carol]") && l.contains("Your hand (Ottoman Empire)")));
    // The marriage, engaged in Diplomacy and resolved at Winter with its dice.
    assert!(out.contains("💍 Engaged: Philip II (Spain) and Elisabeth of Valois (France)"));
    check_marriage(&out, "Philip II", "Elisabeth of Valois");
    // The spy's look: the faces by DM to alice alone.
    assert_eq!(check_look(&out, "alice", "bob", "England"), 4);
}

// X-INF-BUY, X-INF-ROLL, X-INACTIVE, X-INACTIVE-SETUP, X-MARRIAGE-PROPOSE, X-MARRIAGE-RESOLVE,
// X-SPY-LOOK: the seeded five-power game (the Empire inactive) through two turns.
#[test]
fn x_inf_roll_x_inactive_x_marriage_x_spy_look_five_power_script() {
    let out = run_script("examples/influence_five.vq", "11");
    assert!(
        out.contains("Inactive majors in this game (no player; courted by influence, X-INACTIVE): Holy Roman Empire."),
        "{out}"
    );
    assert!(out.contains("**Turn 3** begins"), "two whole turns");
    // X-INACTIVE-SETUP: with five powers The Sublime Porte is removed (card_players.csv).
    assert!(
        !out.contains("#20 «The Sublime Porte»"),
        "the Porte is not dealt"
    );
    let rolls = check_contest(&out, "Holy Roman Empire");
    let names: Vec<&str> = rolls.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names, ["Spain", "France"], "{rolls:?}");
    let rolls = check_contest(&out, "Papacy");
    assert_eq!(rolls.len(), 2, "England and France roll for the Papacy");
    // The Empire's impulse in turn 2 is played by its controller's player.
    let winner = Regex::new(
        r"Diplomatic status of Holy Roman Empire resolved \(X-INF-ROLL\): .*?\. (\w+) wins",
    )
    .expect("regex")
    .captures(&out)
    .map(|c| c[1].to_string())
    .expect("a winner");
    let player = if winner == "Spain" { "alice" } else { "carol" };
    let plays = Regex::new(&format!(
        r"> as {player}: vq play card:(\d+) as:cp\n\[channel\] Holy Roman Empire plays #(\d+)"
    ))
    .expect("regex");
    assert!(plays.is_match(&out), "{player} plays the Empire's impulse");
    assert!(out.contains("💍 Engaged: Elizabeth I (England) and François, Duke of Anjou (France)"));
    check_marriage(&out, "Elizabeth I", "François, Duke of Anjou");
    assert_eq!(check_look(&out, "erin", "alice", "Spain"), 8);
}
