//! Issue 30, item 7: `vqbot render` draws the close-up the table posts as well as the full map.

use crate::cli_support;

use cli_support::{played, vqbot};

#[test]
fn x_words_render_draws_the_closeup_of_an_action() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    played(d);
    let (mut drawn, mut nothing) = (None, None);
    for at in 1..=30u32 {
        let out = format!("c{at}.png");
        let at_s = at.to_string();
        let (ok, stdout, err) = vqbot(
            &[
                "render",
                "--db",
                "a.sqlite3",
                "--game",
                "1",
                "--at",
                &at_s,
                "--closeup",
                "--out",
                &out,
            ],
            d,
        );
        if ok && drawn.is_none() {
            assert!(stdout.contains(&format!("after action {at}")), "{stdout}");
            drawn = Some(out);
        } else if !ok && nothing.is_none() {
            nothing = Some(err);
        }
        if drawn.is_some() && nothing.is_some() {
            break;
        }
    }
    let file = drawn.expect("some action of the example turn changes the map");
    let decoder = png::Decoder::new(std::fs::File::open(d.join(&file)).expect("png file"));
    let reader = decoder.read_info().expect("a valid PNG");
    let size = (reader.info().width, reader.info().height);
    assert_ne!(size, (2400, 1600), "a close-up, not the full map");
    let err = nothing.expect("some action (a pass) changes nothing on the map");
    assert!(err.contains("no close-up to draw"), "{err}");
    // The close-up and the chart are two different pictures.
    let (ok, _, err) = vqbot(
        &[
            "render",
            "--db",
            "a.sqlite3",
            "--game",
            "1",
            "--chart",
            "--closeup",
            "--out",
            "x.png",
        ],
        d,
    );
    assert!(!ok, "{err}");
}
