//! Card effects through Discord, end to end against the loopback emulator (X-CARD-EFFECT): with
//! the test deck (tests/effect_deck/, not Virgin Queen cards) in the data, France
//! plays a card that shows it Spain's hand (the faces reach France's DM only; the channel hears
//! the count), and the Protestant plays one whose choice belongs to Spain, answered by a button
//! that only Spain's player may use.

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::*;
use discord_emulator::Emulator;
use serde_json::json;
use vqbot::discord::BotConfig;

/// The card names («…») of a hand DM's first "Your hand" line.
fn hand_names(dm: &str, header: &str) -> Vec<String> {
    let line = dm
        .lines()
        .find(|l| l.contains(header))
        .unwrap_or_else(|| panic!("no {header:?} in {dm}"));
    line.split('«')
        .skip(1)
        .filter_map(|p| p.split('»').next())
        .map(str::to_string)
        .collect()
}

// X-CARD-EFFECT (issue 25): a look at a hand shows its faces to the entitled player alone, by
// DM; a choice the effect gives another power is asked of that power's player with buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_card_effect_look_by_dm_and_a_choice_by_another_powers_button() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Escorial");
    let ch = emu.create_text_channel(guild, "table");
    let (alice, bob, carol) = (
        emu.create_user("alice"),
        emu.create_user("bob"),
        emu.create_user("carol"),
    );
    for u in [alice, bob, carol] {
        emu.add_member(guild, u);
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    std::fs::create_dir(&data).expect("data dir");
    crate::effect_deck_data::deck_data(&data);
    let bot = Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        database: Some(dir.path().join("games.sqlite3")),
        data_dir: Some(data),
        seed: Some(3),
        ack_budget: std::time::Duration::from_millis(800),
        ..BotConfig::default()
    });
    wait_session(&emu, 1).await;

    ok(&emu, alice, ch, "new", &[]).await;
    for (u, p) in [(alice, "spain"), (bob, "france"), (carol, "protestant")] {
        ok(&emu, u, ch, "join", &[("power", json!(p))]).await;
    }
    ok(&emu, alice, ch, "start", &[]).await;
    let spain_dm = dm_with(&emu, alice, "Your hand (Spain)").await;
    let spains_cards = hand_names(&spain_dm, "Your hand (Spain)");
    assert!(!spains_cards.is_empty(), "{spain_dm}");
    // Response windows open for every event in a deck with response cards: declined standing.
    for u in [alice, bob, carol] {
        ok(
            &emu,
            u,
            ch,
            "standing",
            &[("answer", json!("decline_cards"))],
        )
        .await;
    }
    for _ in 0..2 {
        for u in [alice, bob, carol] {
            ok(&emu, u, ch, "done", &[]).await;
        }
    }

    // Spain's impulse: card 24 scores 1 VP.
    let put = |card: &str, power: &str| {
        vec![
            ("what", json!("card")),
            ("card", json!(card)),
            ("place", json!("hand")),
            ("target", json!(power)),
        ]
    };
    ok(&emu, alice, ch, "adjust", &put("24", "spain")).await;
    ok(
        &emu,
        alice,
        ch,
        "play",
        &[("card", json!("24")), ("as", json!("event"))],
    )
    .await;

    // France's impulse: card 28 shows it Spain's hand, by DM only.
    ok(&emu, bob, ch, "adjust", &put("28", "france")).await;
    let ix = ok(
        &emu,
        bob,
        ch,
        "play",
        &[("card", json!("28")), ("as", json!("event"))],
    )
    .await;
    let public = said(&emu, &ix).await;
    let bobs = dm_with(&emu, bob, &spains_cards[0]).await;
    for name in &spains_cards {
        assert!(bobs.contains(name.as_str()), "France sees {name}: {bobs}");
        assert!(
            !channel_text(&emu, ch).contains(name.as_str()),
            "{name} of Spain's hand reached the channel: {public}"
        );
        assert!(
            !dm_text(&emu, carol).contains(name.as_str()),
            "{name} of Spain's hand reached the Protestant"
        );
    }

    // The Protestant's impulse: card 38 gives Spain the choice, by buttons under the next line.
    ok(&emu, carol, ch, "adjust", &put("38", "protestant")).await;
    let ix = ok(
        &emu,
        carol,
        ch,
        "play",
        &[("card", json!("38")), ("as", json!("event"))],
    )
    .await;
    let line = line_of(&emu, &ix).await;
    let vp = button(&line, "Spain gains 1 VP");
    button(&line, "The Protestant draws a card");
    // The Protestant cannot answer Spain's question.
    let r = emu.click_component(carol, line.id, &vp);
    let r = emu.wait_response(&r).await;
    assert!(
        r.is_ephemeral(),
        "the Protestant answered for Spain: {}",
        r.content
    );
    let ix = click(&emu, alice, &line, &vp).await;
    let text = said(&emu, &ix).await;
    assert!(text.contains("Spain") && text.contains("VP"), "{text}");

    // Spain's impulse: card 52 moves a formation for free; the question has buttons for the
    // moves (from the legal answers) and for declining.
    ok(&emu, alice, ch, "adjust", &put("52", "spain")).await;
    let ix = ok(
        &emu,
        alice,
        ch,
        "play",
        &[("card", json!("52")), ("as", json!("event"))],
    )
    .await;
    let line = line_of(&emu, &ix).await;
    button(&line, "Do not move");
    let mv = button(&line, "Move ");
    let label = buttons(&line)
        .into_iter()
        .find(|(_, id)| *id == mv)
        .map(|(l, _)| l)
        .unwrap_or_default();
    let ix = click(&emu, alice, &line, &mv).await;
    let text = said(&emu, &ix).await;
    let to = label.rsplit("→ ").next().unwrap_or_default().to_string();
    assert!(
        !to.is_empty() && text.contains(&to),
        "{label}: {text}\n---\n{}",
        channel_text(&emu, ch)
    );
    ok(&emu, alice, ch, "vp", &[]).await;
    bot.shutdown().await;
}
