//! The wars of religion at the table, in Russian and English: the commands `convert`, `six`,
//! `rebel`, `revolt … capital-at:`, their refusals (with the rule and what is allowed, state
//! unchanged), `rule X-…`, and the scripted example `examples/religion.vq`.

use crate::cli_support;
use crate::table_support;

use table_support::*;
use vqbot::engine::{Action, Awaiting, Decision, Power};
use vqbot::table::command::{localize_line, parse, Command};
use vqbot::table::convert::to_action;
use vqbot::table::Locale;

fn holder(p: Power) -> &'static str {
    match p {
        Power::England => "alice",
        Power::Spain => "bob",
        _ => panic!("{p} is not in this game"),
    }
}

/// A Russian two-player game (England, Spain) brought to England spending CP.
fn russian_game_at_england_cp(seed: u64) -> vqbot::table::Table {
    let t = table(seed);
    ok(&t, "alice", "vq новая сценарий:1559 язык:ru");
    ok(&t, "alice", "vq вступить держава:англия");
    ok(&t, "bob", "vq вступить держава:испания");
    ok(&t, "alice", "vq начать");
    for _ in 0..60 {
        let g = t.game(CH).expect("started");
        match g.awaiting() {
            Awaiting::One {
                power: Power::England,
                decision: Decision::SpendCp,
            } => return t,
            Awaiting::One { power, decision } => {
                let who = holder(power);
                match decision {
                    Decision::Impulse => {
                        let card =
                            g.legal_actions(&rs(), power)
                                .into_iter()
                                .find_map(|a| match a {
                                    Action::Play {
                                        card,
                                        mode: vqbot::engine::CardMode::Cp,
                                    } => Some(card),
                                    _ => None,
                                });
                        let card = card.expect("a card to play for CP");
                        ok(&t, who, &format!("vq сыграть карта:{card} как:од"));
                    }
                    Decision::SpendCp => {
                        ok(&t, who, "vq закончить");
                    }
                    _ => {
                        ok(&t, who, "vq готово");
                    }
                }
            }
            Awaiting::Simultaneous { pending, .. } => {
                for p in pending.iter() {
                    ok(&t, holder(p), "vq готово");
                }
            }
            Awaiting::Over { .. } => panic!("over"),
        }
    }
    panic!("England never spent CP");
}

// X-REL-CONVERT, X-REL-SIX: a Russian game converts with `обратить`, answers a natural 6 with
// `шесть считать:…` (the decision is announced with both commands), and refusals name the rule.
#[test]
fn x_rel_six_and_convert_through_the_table_in_russian() {
    let mut six_seen = false;
    for seed in 0..60 {
        let t = russian_game_at_england_cp(seed);
        // R-REL-OUTSIDE: outside the zones, refused with the rule; the state is unchanged.
        let m = refused(&t, "alice", "vq обратить место:Лондон");
        assert!(m.contains("уже протестантское"), "{m}");
        let m = refused(&t, "alice", "vq обратить место:Париж");
        assert!(m.contains("(X-REL-CONVERT)"), "{m}");
        let m = refused(&t, "alice", "vq обратить место:Вена");
        assert!(
            m.contains("вне четырёх зон") && m.contains("(R-REL-OUTSIDE)"),
            "{m}"
        );
        // Spain's English Catholic rebellion is not England's to raise.
        let m = refused(&t, "alice", "vq мятеж место:Уэльс");
        assert!(m.contains("(X-REL-ENG-REBELLION)"), "{m}");
        let out = ok(&t, "alice", "vq обратить место:Шрусбери");
        let text = public(&out);
        let g = t.game(CH).expect("game");
        if let Some(vqbot::engine::steps::Step::ConversionSix(_)) = g.steps.last() {
            assert!(text.contains("выбрасывает 6"), "{text}");
            assert!(
                text.contains("`шесть считать:6`") && text.contains("`шесть считать:5`"),
                "{text}"
            );
            // Only the roller answers.
            let m = refused(&t, "bob", "vq шесть считать:5");
            assert!(!m.is_empty());
            let out = ok(&t, "alice", "vq шесть считать:5");
            let text = public(&out);
            assert!(text.contains("засчитано как 5"), "{text}");
            assert!(!text.contains("Беспорядки"), "{text}");
            six_seen = true;
            break;
        }
        assert!(text.contains("попытка обращения"), "{text}");
        // No natural 6 pending: the answer is refused.
        refused(&t, "alice", "vq шесть считать:6");
    }
    assert!(six_seen, "no natural 6 in 60 games");
}

// Grammar: the new commands in both languages become the engine's actions; the log form reads
// back in Russian.
#[test]
fn religion_commands_parse_in_both_languages() {
    let rs = rs();
    let (g, _) = vqbot::engine::Game::new(
        &rs,
        &vqbot::engine::GameOptions {
            scenario: "1559".into(),
            powers: vqbot::engine::PowerSet::all(),
        },
        1,
    )
    .expect("game");
    let action = |line: &str| {
        let cmd = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        to_action(&rs, &g, Power::Protestant, &cmd)
            .expect("a game command")
            .unwrap_or_else(|e| panic!("{line}: {e:?}"))
    };
    for line in ["convert space:groningen", "обратить место:Гронинген"] {
        assert_eq!(
            action(line),
            Action::Convert {
                space: "GRONINGEN".into()
            }
        );
    }
    for line in ["rebel space:wales", "мятеж место:Уэльс"] {
        assert_eq!(
            action(line),
            Action::CatholicRebellion {
                space: "WALES".into()
            }
        );
    }
    assert_eq!(
        action("six count:6"),
        Action::ConversionSix { unrest: true }
    );
    assert_eq!(
        action("шесть считать:5"),
        Action::ConversionSix { unrest: false }
    );
    assert!(parse("six count:4").is_err());
    // R-PROT-CAPITAL: the capital elsewhere in the territory.
    for line in [
        "revolt space:nimes capital-at:la rochelle",
        "восстание место:Ним столица-в:Ла-Рошель",
    ] {
        assert_eq!(
            action(line),
            Action::Revolt {
                space: "NIMES".into(),
                declare_capital: false,
                leaders: vec![],
                capital: Some("LA_ROCHELLE".into()),
            }
        );
    }
    assert!(matches!(
        parse("six count:5"),
        Ok(Command::Six { keep: false, .. })
    ));
    assert_eq!(localize_line("six count:5", Locale::Ru), "шесть считать:5");
    assert_eq!(
        localize_line("convert space:GRONINGEN", Locale::Ru),
        "обратить место:GRONINGEN"
    );
}

// `rule X-…` prints our reconstruction rules and says they are ours, and how to correct them.
#[test]
fn x_rel_rules_are_printed_and_labelled_as_reconstruction() {
    let t = table(3);
    let out = ok(&t, "alice", "vq rule X-REL-CONVERT");
    let text = out.messages[0].text.clone();
    assert!(text.contains("OUR RECONSTRUCTION"), "{text}");
    assert!(
        text.contains("religion.csv") && text.contains("check-data"),
        "{text}"
    );
    let out = ok(&t, "alice", "vq правило x-rel-eng-rebellion");
    let text = out.messages[0].text.clone();
    assert!(text.contains("X-REL-ENG-REBELLION"), "{text}");
    for id in ["X-REL-SIX", "X-REL-ONE-REBELLION", "R-REL-OUTSIDE"] {
        ok(&t, "alice", &format!("vq rule {id}"));
    }
}

// R-REL-ZONES, X-REL-ENG-REBELLION, X-REL-SIX, R-REL-OUTSIDE, R-PROT-CAPITAL: the scripted example
// plays an English Catholic rebellion, two conversions with both answers to a natural 6, a refused
// target and a revolt declaring the Huguenot capital; `status` shows the tally and the capital;
// the stored game replays.
#[test]
fn religion_example_script_runs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/religion.vq");
    let path = script.to_str().expect("utf-8");
    let (ok, out, err) = cli_support::vqbot(
        &["script", path, "--db", "r.sqlite3", "--seed", "5"],
        dir.path(),
    );
    assert!(ok, "{out}\n{err}");
    for text in [
        "English Catholic rebellion in Lincoln, raised by Spain. Spain: [6 6] 2 hits; England:",
        "rolled 6 counted as 5",
        "Berwick turns Protestant.",
        "Montauban turns Catholic.",
        "Unrest in Montauban.",
        "(R-REL-OUTSIDE)",
        "Huguenot revolt in Nîmes.",
        "The Huguenot capital is now Nîmes.",
        "Protestant capitals: Nîmes (Huguenot)",
        "France 3/19",
    ] {
        assert!(out.contains(text), "missing {text:?} in\n{out}");
    }
    let (ok, out, err) =
        cli_support::vqbot(&["replay", "--db", "r.sqlite3", "--game", "1"], dir.path());
    assert!(ok && out.contains("every hash matches"), "{out}\n{err}");
}
