//! `vqbot position export` writes a stored game's state (at its end or after any action) as a
//! position and its private part; `vqbot position check` reads one back; a group brings the
//! exported campaign into a new table with `vq setup file:… private:…` and gets the same state
//! hash (issue 17).

use crate::cli_support;

use cli_support::{played, vqbot};
use std::path::Path;

use vqbot::store::{GameId, Store};

fn logged_hash(d: &Path, seq: u64) -> String {
    let store = Store::open(d.join("a.sqlite3")).expect("opens");
    store
        .actions_after(GameId(1), seq - 1)
        .expect("reads")
        .first()
        .expect("the action")
        .record
        .state_hash
        .clone()
}

#[test]
fn export_writes_both_parts_and_a_new_table_set_up_from_them_has_the_same_state_hash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    played(d);
    let last = Store::open(d.join("a.sqlite3"))
        .and_then(|s| s.last_seq(GameId(1)))
        .expect("log length");

    let (ok, out, err) = vqbot(
        &[
            "position",
            "export",
            "--db",
            "a.sqlite3",
            "--game",
            "1",
            "--out",
            "camp.toml",
        ],
        d,
    );
    assert!(ok, "export failed: {err}");
    assert!(out.contains("camp.private.toml"), "{out}");
    let public = std::fs::read_to_string(d.join("camp.toml")).expect("public part");
    let private = std::fs::read_to_string(d.join("camp.private.toml")).expect("private part");
    // The Empire chose `balanced` in secret: only the private part says so.
    assert!(public.contains("secret = \"chosen\"") && !public.contains("balanced"));
    assert!(private.contains("choice = \"balanced\""), "{private}");

    let (ok, out, err) = vqbot(
        &[
            "position",
            "check",
            "camp.toml",
            "--private",
            "camp.private.toml",
        ],
        d,
    );
    assert!(ok, "check failed: {err}");
    assert!(out.contains("a good position"), "{out}");

    // The group brings the campaign to a new table (another database, another seed).
    let script = "as alice: vq new\n\
                  as alice: vq setup file:camp.toml private:camp.private.toml\n\
                  as alice: vq join power:england\n\
                  as bob: vq join power:france\n\
                  as carol: vq join power:empire\n\
                  as alice: vq start\n";
    std::fs::write(d.join("bring.vq"), script).expect("writes");
    let (ok, out, err) = vqbot(
        &[
            "script",
            "bring.vq",
            "--db",
            "b.sqlite3",
            "--seed",
            "99",
            "--state-json",
        ],
        d,
    );
    assert!(ok, "bringing the campaign in failed: {err}\n{out}");
    let json_start = out.find("{\n").expect("state json");
    let state: serde_json::Value = serde_json::from_str(&out[json_start..]).expect("json");
    assert_eq!(
        state["game"]["state_hash"].as_str(),
        Some(logged_hash(d, last).as_str()),
        "{out}"
    );

    // Any earlier point with --at.
    let (ok, _, err) = vqbot(
        &[
            "position",
            "export",
            "--db",
            "a.sqlite3",
            "--game",
            "1",
            "--at",
            "5",
            "--out",
            "five.toml",
        ],
        d,
    );
    assert!(ok, "export --at failed: {err}");
    let rs = vqbot::data::load_default().expect("data");
    let text = std::fs::read_to_string(d.join("five.toml")).expect("reads");
    let private = std::fs::read_to_string(d.join("five.private.toml")).expect("reads");
    let g = vqbot::position::import(
        &rs,
        vqbot::position::Source {
            name: "five.toml",
            text: &text,
        },
        Some(vqbot::position::Source {
            name: "five.private.toml",
            text: &private,
        }),
        0,
    )
    .expect("reads back");
    assert_eq!(g.state_hash(), logged_hash(d, 5));
    let (ok, _, err) = vqbot(
        &[
            "position",
            "export",
            "--db",
            "a.sqlite3",
            "--game",
            "1",
            "--at",
            "9999",
            "--out",
            "x.toml",
        ],
        d,
    );
    assert!(!ok && err.contains("past its end"), "{err}");
}

#[test]
fn check_reports_every_problem_with_file_and_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let bad = "format = 1\n\
               scenario = \"1559\"\n\
               powers = [\"england\", \"hapsburg\"]\n\
               \n\
               [turn]\n\
               number = 2\n\
               phase = \"action\"\n\
               step = \"fight\"\n\
               \n\
               [[sea]]\n\
               id = \"NORTH_SEA\"\n\
               units = [{ owner = \"england\", regulars = 2 }]\n";
    std::fs::write(d.join("bad.toml"), bad).expect("writes");
    let (ok, _, err) = vqbot(&["position", "check", "bad.toml"], d);
    assert!(!ok);
    for want in [
        "bad.toml:3: `hapsburg` is not a valid major power; allowed: ottoman",
        "bad.toml:8: `fight` is not a step of the action phase; allowed: impulse, spend_cp",
        "bad.toml:12: NORTH_SEA is a sea zone: only squadrons, corsairs and naval leaders",
    ] {
        assert!(err.contains(want), "expected `{want}` in:\n{err}");
    }
    // A syntax error names its line too.
    std::fs::write(d.join("syntax.toml"), "format = 1\nscenario = \"1559\nx").expect("writes");
    let (ok, _, err) = vqbot(&["position", "check", "syntax.toml"], d);
    assert!(!ok && err.contains("syntax.toml:2:"), "{err}");
}
