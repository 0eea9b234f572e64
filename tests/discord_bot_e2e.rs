//! The real bot (serenity client + table + SQLite) played end to end through the loopback
//! Discord emulator: lobby, hands by DM, the Empire's secret by DM buttons, a full impulse with
//! the map picture, refusals, closed DMs (remembered across a restart, retried after a delay),
//! a restart mid-game with old buttons and display names, outdated buttons, and ten channels
//! at once.

use crate::bot_e2e;
use crate::discord_emulator;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bot_e2e::{buttons, say, wait_session};
use discord_emulator::{ChannelId, Emulator, Interaction, MessageRecord, UserId};
use serde_json::{json, Value};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use vqbot::discord::{run, BotConfig, BotError};
use vqbot::engine::{Game, Ruleset};
use vqbot::table::{Locale, Renderer};

/// A small real PNG whose pixel encodes the turn (the table only routes it).
fn fake_renderer() -> Arc<dyn Renderer> {
    Arc::new(|_: &Ruleset, g: &Game, _: Locale| {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, 2, 2);
            enc.set_color(png::ColorType::Grayscale);
            let mut w = enc.write_header().map_err(|e| e.to_string())?;
            w.write_image_data(&[g.turn, 0, 0, 255])
                .map_err(|e| e.to_string())?;
        }
        Ok(out)
    })
}

const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";

struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), BotError>>,
}

impl Bot {
    fn start(emu: &Emulator, database: Option<PathBuf>, seed: u64) -> Bot {
        Bot::start_with(
            emu,
            database,
            seed,
            Duration::from_millis(800),
            fake_renderer(),
        )
    }

    fn start_with(
        emu: &Emulator,
        database: Option<PathBuf>,
        seed: u64,
        ack_budget: Duration,
        renderer: Arc<dyn Renderer>,
    ) -> Bot {
        Bot::spawn(BotConfig {
            token: emu.token(),
            rest_base: Some(emu.base_url()),
            // serenity's own rate limiter, as in production (issue 32 item 2).
            rate_limiter: true,
            https_proxy: Some(emu.https_proxy_url()),
            database,
            seed: Some(seed),
            renderer: Some(renderer),
            ack_budget,
            ..BotConfig::default()
        })
    }

    /// A bot on `database` that leaves closed DMs alone for `dm_retry_after`.
    fn start_dm_retry(emu: &Emulator, database: PathBuf, dm_retry_after: Duration) -> Bot {
        Bot::spawn(BotConfig {
            token: emu.token(),
            rest_base: Some(emu.base_url()),
            rate_limiter: true,
            https_proxy: Some(emu.https_proxy_url()),
            database: Some(database),
            seed: Some(11),
            renderer: Some(fake_renderer()),
            dm_retry_after,
            ..BotConfig::default()
        })
    }

    fn spawn(config: BotConfig) -> Bot {
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run(config, async move {
            let _ = stopped.await;
        }));
        Bot { stop, task }
    }

    async fn shutdown(self) {
        let _ = self.stop.send(());
        let r = tokio::time::timeout(Duration::from_secs(15), self.task)
            .await
            .expect("bot stops within 15 s")
            .expect("bot task did not panic");
        r.expect("clean shutdown");
    }
}

/// A guild with one table channel, and helpers to speak as a user.
struct World {
    emu: Emulator,
    guild: discord_emulator::GuildId,
}

impl World {
    async fn new() -> World {
        let emu = Emulator::start().await;
        let guild = emu.create_guild("Wars of Religion");
        World { emu, guild }
    }
    fn user(&self, name: &str) -> UserId {
        let u = self.emu.create_user(name);
        self.emu.add_member(self.guild, u);
        u
    }
    fn channel(&self, name: &str) -> ChannelId {
        self.emu.create_text_channel(self.guild, name)
    }
}

/// Like [`say`], and fails unless the answer is public (accepted); returns the answer.
async fn ok(
    emu: &Emulator,
    user: UserId,
    ch: ChannelId,
    sub: &str,
    opts: &[(&str, Value)],
) -> MessageRecord {
    bot_e2e::accepted(emu, user, ch, sub, opts).await.1
}

/// Public messages in a channel.
fn public(emu: &Emulator, ch: ChannelId) -> Vec<MessageRecord> {
    emu.messages_in(ch)
        .into_iter()
        .filter(|m| !m.is_ephemeral() && !m.deleted)
        .collect()
}

/// Users mentioned in a text, each once, in order of first mention.
fn mentions(text: &str) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for id in text
        .split("<@")
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
    {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The "who acts next" line among the answers to `ix` (response and follow-ups).
async fn line_of(emu: &Emulator, ix: &Interaction) -> (MessageRecord, Vec<u64>) {
    let id = ix.id;
    emu.wait_until("the next-up line of a command", move |s| {
        let rec = s.interaction(id)?;
        rec.original_message
            .into_iter()
            .chain(rec.followups.iter().copied())
            .filter_map(|m| s.message(m).cloned())
            .find(|m| !m.is_loading() && !m.is_ephemeral() && m.content.contains('➡'))
            .map(|m| {
                let who = mentions(&m.content);
                (m, who)
            })
    })
    .await
}

/// The latest "who acts next" post among the channel's messages from index `after` on: its
/// message and the users it pings.
async fn next_up(emu: &Emulator, ch: ChannelId, after: usize) -> (MessageRecord, Vec<u64>) {
    emu.wait_until("a next-up line", |s| {
        s.channel_messages(ch)
            .into_iter()
            .skip(after)
            .rfind(|m| !m.is_ephemeral() && !m.is_loading() && m.content.contains('➡'))
            .map(|m| {
                let who = mentions(&m.content);
                (m, who)
            })
    })
    .await
}

/// Card names («…») in a text.
fn card_names(text: &str) -> Vec<String> {
    text.split('«')
        .skip(1)
        .filter_map(|r| r.split('»').next().map(str::to_string))
        .collect()
}

/// Waits until the user's DMs contain `needle`; returns all DM text.
async fn dm_containing(emu: &Emulator, user: UserId, needle: &str) -> String {
    let needle = needle.to_string();
    emu.wait_until(&format!("a DM containing {needle:?}"), move |s| {
        let text: String = s
            .channels
            .values()
            .filter(|c| c.kind == discord_emulator::ChannelKind::Dm(user))
            .flat_map(|c| s.channel_messages(c.id))
            .map(|m| m.content + "\n")
            .collect();
        text.contains(&needle).then_some(text)
    })
    .await
}

struct Game3 {
    alice: UserId,
    bob: UserId,
    carol: UserId,
    ch: ChannelId,
}

/// `england` (who opens the game) and `france` join and start a two-player game.
async fn two_players(emu: &Emulator, ch: ChannelId, england: UserId, france: UserId) {
    ok(emu, england, ch, "new", &[]).await;
    ok(emu, england, ch, "join", &[("power", json!("england"))]).await;
    ok(emu, france, ch, "join", &[("power", json!("france"))]).await;
    ok(emu, england, ch, "start", &[]).await;
}

/// alice (England), bob (France) and carol (the Empire) open, join and start a game.
async fn three_players(w: &World, ch: ChannelId) -> Game3 {
    let emu = &w.emu;
    let (alice, bob, carol) = (w.user("alice"), w.user("bob"), w.user("carol"));
    let created = ok(emu, alice, ch, "new", &[]).await;
    assert!(created.content.contains("sha256"), "{}", created.content);
    ok(emu, alice, ch, "join", &[("power", json!("england"))]).await;
    ok(emu, bob, ch, "join", &[("power", json!("france"))]).await;
    ok(emu, carol, ch, "join", &[("power", json!("empire"))]).await;
    ok(emu, alice, ch, "start", &[]).await;
    Game3 {
        alice,
        bob,
        carol,
        ch,
    }
}

fn by_id(g: &Game3, id: u64) -> UserId {
    [g.alice, g.bob, g.carol]
        .into_iter()
        .find(|u| u.0 == id)
        .unwrap_or_else(|| panic!("{id} is not a player"))
}

/// Hands are dealt by DM and no card of any hand appears in the channel.
async fn hands_are_private(emu: &Emulator, g: &Game3) {
    let mut all_cards = Vec::new();
    for u in [g.alice, g.bob, g.carol] {
        let dm = dm_containing(emu, u, "Your hand").await;
        let cards = card_names(&dm);
        assert!(!cards.is_empty(), "no cards in {dm}");
        all_cards.extend(cards);
    }
    for m in emu.messages_in(g.ch) {
        for c in &all_cards {
            assert!(
                !m.content.contains(&format!("«{c}»")),
                "{c} leaked: {}",
                m.content
            );
        }
    }
}

/// Diplomacy: everybody is done (alice and bob by command, carol with the button).
async fn finish_diplomacy(emu: &Emulator, g: &Game3) {
    let (line, who) = next_up(emu, g.ch, 0).await;
    assert!(
        line.content.contains("Diplomacy") || line.content.contains("negotiate"),
        "{}",
        line.content
    );
    let mut pinged = who.clone();
    pinged.sort_unstable();
    let mut all = vec![g.alice.0, g.bob.0, g.carol.0];
    all.sort_unstable();
    assert_eq!(pinged, all, "all three negotiate at once");
    ok(emu, g.alice, g.ch, "done", &[]).await;
    let (ix, _) = say(emu, g.bob, g.ch, "done", &[]).await;
    let (line, who) = line_of(emu, &ix).await;
    assert_eq!(who, vec![g.carol.0], "only carol is still negotiating");
    let done = buttons(&line)
        .into_iter()
        .find(|(l, _)| l.starts_with("Done"))
        .expect("a Done button");
    let click = emu.click_component(g.carol, line.id, &done.1);
    let r = emu.wait_response(&click).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_through_secret_choice_and_an_impulse_with_a_map() {
    let w = World::new().await;
    let ch = w.channel("table");
    let dir = tempfile::tempdir().expect("tempdir");
    // The real map renderer of this build.
    let renderer = vqbot::table::default_renderer().expect("the render module is in the build");
    let bot = Bot::start_with(
        &w.emu,
        Some(dir.path().join("games.sqlite3")),
        42,
        Duration::from_millis(800),
        renderer,
    );
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let g = three_players(&w, ch).await;
    hands_are_private(emu, &g).await;
    finish_diplomacy(emu, &g).await;

    // The Empire's secret choice arrives as buttons in carol's DM.
    dm_containing(emu, g.carol, "secret choice").await;
    let prompt = emu
        .dms_of(g.carol)
        .into_iter()
        .rfind(|m| !m.components.is_empty())
        .expect("a DM with buttons");
    let labels: Vec<String> = buttons(&prompt).into_iter().map(|b| b.0).collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    let catholic = buttons(&prompt)
        .into_iter()
        .find(|(l, _)| l.contains("Catholic"))
        .expect("a Catholic button");
    let before = emu.messages_in(ch).len();
    let click = emu.click_component(g.carol, prompt.id, &catholic.1);
    let answer = emu.wait_response(&click).await;
    assert!(answer.content.contains("Catholic"), "{}", answer.content);
    assert_eq!(
        answer.channel_id,
        emu.dm_channel(g.carol),
        "the choice is told in the DM"
    );
    let commitment = emu
        .wait_until("the public commitment", |s| {
            s.channel_messages(ch)
                .into_iter()
                .skip(before)
                .find(|m| m.content.contains("ommitment"))
        })
        .await;
    assert!(!commitment.is_ephemeral());
    for m in public(emu, ch) {
        assert!(
            !m.content.contains("Catholic"),
            "the secret leaked: {}",
            m.content
        );
    }

    // Spring deployment: each named player skips with `done`, in the order pinged.
    let (mut line, mut who) = emu
        .wait_until("the deployment line", |s| {
            s.channel_messages(ch)
                .into_iter()
                .skip(before)
                .find(|m| m.content.contains('➡') && m.content.contains("deploy"))
                .map(|m| {
                    let who = mentions(&m.content);
                    (m, who)
                })
        })
        .await;
    for _ in 0..4 {
        if !line.content.contains("deploy") {
            break;
        }
        assert_eq!(who.len(), 1, "{}", line.content);
        let (ix, _) = say(emu, by_id(&g, who[0]), ch, "done", &[]).await;
        (line, who) = line_of(emu, &ix).await;
    }

    // A full impulse: play a card from the hand (suggested by autocomplete) for CP, then end.
    assert!(line.content.contains("a card or"), "{}", line.content);
    assert_eq!(who.len(), 1);
    let player = by_id(&g, who[0]);
    let ac = emu.autocomplete(player, ch, "vq", &["play"], &[("card", json!(""))], "card");
    let choices = emu.wait_choices(&ac).await;
    assert!(!choices.is_empty() && choices.len() <= 25);
    let hand = dm_containing(emu, player, "Your hand").await;
    for c in &choices {
        let name = c["name"].as_str().unwrap_or_default();
        assert!(
            card_names(name).iter().all(|n| hand.contains(n.as_str())),
            "{name} is not in the player's hand"
        );
    }

    // `from:` of move suggests the caller's own formations only, so two players' lists never
    // share a space; `units:` then suggests the formations in the space chosen.
    let other = if player == g.alice { g.bob } else { g.alice };
    let mut lists: Vec<Vec<String>> = Vec::new();
    for who in [player, other] {
        let ac = emu.autocomplete(who, ch, "vq", &["move"], &[("from", json!(""))], "from");
        let got = emu.wait_choices(&ac).await;
        assert!(!got.is_empty() && got.len() <= 25);
        for c in &got {
            let name = c["name"].as_str().unwrap_or_default();
            assert!(name.contains(" — ") && name.contains("regular"), "{name}");
        }
        lists.push(got.iter().map(|c| c["value"].to_string()).collect());
    }
    assert!(
        lists[0].iter().all(|v| !lists[1].contains(v)),
        "two players were offered the same formation: {lists:?}"
    );
    let from: Value = serde_json::from_str(&lists[0][0]).expect("a JSON string");
    let ac = emu.autocomplete(
        player,
        ch,
        "vq",
        &["move"],
        &[("from", from), ("units", json!(""))],
        "units",
    );
    let picks = emu.wait_choices(&ac).await;
    assert!(!picks.is_empty());
    for c in &picks {
        let pick = c["value"].as_str().unwrap_or_default();
        assert!(
            vqbot::table::command::parse_units(pick).is_ok_and(|u| u.regulars + u.cavalry > 0),
            "{pick}"
        );
    }

    let mut played = false;
    for c in &choices {
        let (_, r) = say(
            emu,
            player,
            ch,
            "play",
            &[("card", c["value"].clone()), ("as", json!("cp"))],
        )
        .await;
        if !r.is_ephemeral() {
            played = true;
            break;
        }
    }
    assert!(played, "no card could be played for CP");
    // Change the board (a regular in the capital), so the impulse ends with a map: a map is
    // posted only when the board changed (issue 16, item 10).
    let capital = if player == g.alice {
        "london"
    } else if player == g.bob {
        "paris"
    } else {
        "vienna"
    };
    let (_, r) = say(
        emu,
        player,
        ch,
        "build",
        &[("space", json!(capital)), ("unit", json!("regular"))],
    )
    .await;
    assert!(!r.is_ephemeral(), "the build was refused: {}", r.content);
    let before = emu.messages_in(ch).len();
    let (end, _) = say(emu, player, ch, "end", &[]).await;
    let (next, who2) = line_of(emu, &end).await;
    assert_eq!(
        who2.len(),
        1,
        "exactly the next player is pinged: {}",
        next.content
    );
    assert_ne!(who2[0], player.0, "the impulse passed on");
    let map = emu
        .wait_until("a map picture after the impulse", |s| {
            s.channel_messages(ch)
                .into_iter()
                .skip(before)
                .flat_map(|m| m.attachments)
                .find(|a| a.filename.ends_with(".png"))
        })
        .await;
    assert!(map.bytes.starts_with(PNG_MAGIC), "a real PNG");
    // Issue 16, item 8, as issue 30 items 12 and 15 read it: the pictures follow the "who acts
    // next" text in a post of their own, the close-up of the changes first, then the full map.
    let pics = emu
        .wait_until("the pictures after the next-up line", |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.id > next.id && !m.attachments.is_empty())
        })
        .await;
    let names: Vec<&str> = pics
        .attachments
        .iter()
        .map(|a| a.filename.as_str())
        .collect();
    assert!(
        names.first().is_some_and(|n| n.starts_with("closeup-"))
            && names.last().is_some_and(|n| n.starts_with("map-"))
            && pics
                .attachments
                .iter()
                .all(|a| a.bytes.starts_with(PNG_MAGIC)),
        "close-up first, full map last: {names:?}"
    );
    // The map moment's buttons: the next player can pass or play; there is a prompt.
    assert!(!buttons(&next).is_empty() || next.content.contains("a card or"));
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_command_gets_an_ephemeral_error_and_changes_nothing() {
    let w = World::new().await;
    let ch = w.channel("table");
    let bot = Bot::start(&w.emu, None, 7);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let g = three_players(&w, ch).await;
    let status = ok(emu, g.alice, ch, "status", &[]).await.content;
    // The pictures follow the text on their own queue: let the last ones arrive first.
    let mut before = public(emu, ch).len();
    let mut quiet = 0;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = public(emu, ch).len();
        quiet = if now == before { quiet + 1 } else { 0 };
        before = now;
        if quiet >= 10 {
            break;
        }
    }
    // Out of phase (diplomacy) and unknown names.
    for (user, sub, opts) in [
        (
            g.bob,
            "move",
            vec![("from", json!("paris")), ("to", json!("nowhere-land"))],
        ),
        (
            g.carol,
            "play",
            vec![("card", json!("9999")), ("as", json!("cp"))],
        ),
        (g.alice, "join", vec![("power", json!("france"))]),
        (g.bob, "start", vec![]),
    ] {
        let (_, r) = say(emu, user, ch, sub, &opts).await;
        assert!(r.is_ephemeral(), "/vq {sub}: {}", r.content);
        assert!(r.content.contains("Not done"), "{}", r.content);
    }
    assert_eq!(public(emu, ch).len(), before, "nothing was posted");
    let again = ok(emu, g.alice, ch, "status", &[]).await.content;
    assert_eq!(again, status, "nothing changed");
    bot.shutdown().await;
}

/// `adjust` is its own top-level command, `/vq-adjust`, with its options directly under it
/// (`/vq` is at Discord's 8,000-character limit): it changes what it names, refuses an option
/// its kind does not read, and autocompletes like any other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn adjust_is_its_own_slash_command() {
    let w = World::new().await;
    let ch = w.channel("table");
    let bot = Bot::start(&w.emu, None, 7);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let g = three_players(&w, ch).await;
    let ix = emu.invoke_path(
        g.alice,
        ch,
        "vq-adjust",
        &[],
        &[
            ("what", json!("vp")),
            ("target", json!("england")),
            ("delta", json!(2)),
        ],
    );
    let r = emu.wait_response(&ix).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
    assert!(r.content.contains("England VP +2"), "{}", r.content);
    let ix = emu.invoke_path(
        g.alice,
        ch,
        "vq-adjust",
        &[],
        &[
            ("what", json!("vp")),
            ("target", json!("england")),
            ("delta", json!(2)),
            ("space", json!("LONDON")),
        ],
    );
    let r = emu.wait_response(&ix).await;
    assert!(r.is_ephemeral(), "{}", r.content);
    assert!(r.content.contains("does not apply"), "{}", r.content);
    let ac = emu.autocomplete(
        g.alice,
        ch,
        "vq-adjust",
        &[],
        &[("what", json!("unrest")), ("space", json!("lond"))],
        "space",
    );
    let got = emu.wait_choices(&ac).await;
    assert!(got.iter().any(|c| c["value"] == "LONDON"), "{got:?}");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_fall_back_to_a_private_button_and_an_ephemeral_hand() {
    let w = World::new().await;
    let ch = w.channel("table");
    let bot = Bot::start(&w.emu, None, 11);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let alice = w.user("alice");
    let dave = w.user("dave");
    emu.close_dms(dave);
    two_players(emu, ch, alice, dave).await;
    let alice_hand = dm_containing(emu, alice, "Your hand").await;
    // The channel says dave's DMs are closed and offers a button; no card is posted.
    let notice = emu
        .wait_until("a closed-DM notice", |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.content.contains("cannot send you direct messages"))
        })
        .await;
    assert!(mentions(&notice.content).contains(&dave.0));
    assert!(!notice.content.contains('«'), "{}", notice.content);
    let (_, id) = buttons(&notice)
        .into_iter()
        .next()
        .expect("a show-me button");
    let click = emu.click_component(dave, notice.id, &id);
    let mine = emu.wait_response(&click).await;
    assert!(mine.is_ephemeral(), "only dave sees it");
    assert!(mine.content.contains("Your hand"), "{}", mine.content);
    let dave_cards = card_names(&mine.content);
    assert!(!dave_cards.is_empty());
    for m in public(emu, ch) {
        for c in &dave_cards {
            assert!(!m.content.contains(&format!("«{c}»")), "{c} leaked");
        }
    }
    // Someone else pressing dave's button sees their own hand, never dave's.
    let click = emu.click_component(alice, notice.id, &id);
    let theirs = emu.wait_response(&click).await;
    assert!(theirs.is_ephemeral());
    assert_eq!(card_names(&theirs.content), card_names(&alice_hand));
    // `/vq hand` answers dave ephemerally instead of trying the closed DM again.
    let (_, r) = say(emu, dave, ch, "hand", &[]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("Your hand"),
        "{}",
        r.content
    );
    assert_eq!(closed_dm_refusals(emu), 1, "the closed DMs were remembered");
    assert!(emu.dms_of(dave).is_empty());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_that_fails_for_another_reason_falls_back_without_calling_the_dms_closed() {
    let w = World::new().await;
    let ch = w.channel("table");
    let bot = Bot::start(&w.emu, None, 12);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let alice = w.user("alice");
    let dave = w.user("dave");
    emu.set_dms_broken(dave, true);
    two_players(emu, ch, alice, dave).await;
    // Discord failed the DM: dave gets the fallback, worded as a failed delivery.
    let notice = emu
        .wait_until("a failed-DM notice", |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.content.contains("did not go through"))
        })
        .await;
    assert!(mentions(&notice.content).contains(&dave.0));
    assert!(!buttons(&notice).is_empty(), "a show-me button");
    assert!(public(emu, ch)
        .iter()
        .all(|m| !m.content.contains("cannot send you direct messages")));
    assert_eq!(closed_dm_refusals(emu), 0);
    // Not remembered as closed: once Discord works again, the next hand goes by DM at once.
    emu.set_dms_broken(dave, false);
    let (_, r) = say(emu, dave, ch, "hand", &[]).await;
    assert!(card_names(&r.content).is_empty(), "{}", r.content);
    let hand = dm_containing(emu, dave, "Your hand").await;
    assert!(!card_names(&hand).is_empty());
    bot.shutdown().await;
}

/// How many DM sends Discord refused because the user's DMs are closed.
fn closed_dm_refusals(emu: &Emulator) -> usize {
    emu.requests()
        .into_iter()
        .filter(|r| r.status == 403 && r.response["code"] == 50007)
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_and_names_survive_a_restart_and_dms_are_retried_after_the_delay() {
    let w = World::new().await;
    let ch = w.channel("table");
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("games.sqlite3");
    let hour = Duration::from_secs(3600);
    let bot = Bot::start_dm_retry(&w.emu, db.clone(), hour);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let alice = w.user("alice");
    let dave = w.user("dave");
    emu.close_dms(dave);
    two_players(emu, ch, alice, dave).await;
    let notice = emu
        .wait_until("a closed-DM notice", |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.content.contains("cannot send you direct messages"))
        })
        .await;
    let (_, show_me) = buttons(&notice)
        .into_iter()
        .next()
        .expect("a show-me button");
    assert_eq!(closed_dm_refusals(emu), 1);
    bot.shutdown().await;
    let stored = vqbot::store::Store::open(&db)
        .expect("opens")
        .dms_closed_at(dave.0)
        .expect("reads");
    assert!(stored.is_some(), "the closed DMs are in the file");

    // A new process on the same file, within the retry delay.
    let bot = Bot::start_dm_retry(&w.emu, db.clone(), hour);
    wait_session(&w.emu, 2).await;
    // Names come from the file: dave has not spoken to this process.
    let status = ok(emu, alice, ch, "status", &[]).await.content;
    assert!(status.contains("France — dave"), "{status}");
    assert!(!status.contains(&format!("<@{}>", dave.0)), "{status}");
    // The button from before the restart shows dave his current hand, only to him.
    let click = emu.click_component(dave, notice.id, &show_me);
    let shown = emu.wait_response(&click).await;
    assert!(shown.is_ephemeral(), "only dave sees it");
    assert!(shown.content.contains("Your hand"), "{}", shown.content);
    let cards = card_names(&shown.content);
    assert!(!cards.is_empty(), "{}", shown.content);
    // `/vq hand` answers here too: no DM is tried before the delay is over.
    let (_, r) = say(emu, dave, ch, "hand", &[]).await;
    assert!(r.is_ephemeral(), "{}", r.content);
    assert_eq!(card_names(&r.content), cards, "the same, current hand");
    assert_eq!(closed_dm_refusals(emu), 1, "the closed DMs were remembered");
    for m in public(emu, ch) {
        for c in &cards {
            assert!(!m.content.contains(&format!("«{c}»")), "{c} leaked");
        }
    }
    bot.shutdown().await;

    // Once the delay is over (zero here), the next private message tries a DM again...
    let bot = Bot::start_dm_retry(&w.emu, db.clone(), Duration::ZERO);
    wait_session(&w.emu, 3).await;
    let (_, r) = say(emu, dave, ch, "hand", &[]).await;
    assert_eq!(closed_dm_refusals(emu), 2, "one new try");
    assert!(
        r.is_ephemeral() && card_names(&r.content) == cards,
        "{}",
        r.content
    );
    // ...and once dave opens his DMs, the hand arrives there and the mark is cleared.
    emu.open_dms(dave);
    let (_, r) = say(emu, dave, ch, "hand", &[]).await;
    assert!(r.is_ephemeral(), "{}", r.content);
    assert!(
        card_names(&r.content).is_empty(),
        "not shown here: {}",
        r.content
    );
    let dm = dm_containing(emu, dave, "Your hand").await;
    assert_eq!(card_names(&dm), cards);
    assert_eq!(closed_dm_refusals(emu), 2);
    bot.shutdown().await;
    let stored = vqbot::store::Store::open(&db)
        .expect("opens")
        .dms_closed_at(dave.0)
        .expect("reads");
    assert_eq!(stored, None, "a delivered DM clears the mark");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_mid_game_keeps_old_buttons_working_and_refuses_outdated_ones() {
    let w = World::new().await;
    let ch = w.channel("table");
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("games.sqlite3");
    let bot = Bot::start(&w.emu, Some(db.clone()), 5);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let g = three_players(&w, ch).await;
    let (line, _) = next_up(emu, ch, 0).await;
    let done = buttons(&line)
        .into_iter()
        .find(|(l, _)| l.starts_with("Done"))
        .expect("a Done button")
        .1;
    bot.shutdown().await;

    // A new process on the same file; the button from before the restart still works.
    let bot = Bot::start(&w.emu, Some(db), 5);
    wait_session(&w.emu, 2).await;
    let click = emu.click_component(g.alice, line.id, &done);
    let r = emu.wait_response(&click).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
    let (_, who) = line_of(emu, &click).await;
    let n = emu.messages_in(ch).len();
    assert!(!who.contains(&g.alice.0), "alice is done: {who:?}");
    assert_eq!(who.len(), 2);

    // The same prompt is now outdated: a polite private refusal, nothing changes.
    let before = public(emu, ch).len();
    let click = emu.click_component(g.bob, line.id, &done);
    let r = emu.wait_response(&click).await;
    assert!(r.is_ephemeral(), "{}", r.content);
    assert!(r.content.contains("out of date"), "{}", r.content);
    assert_eq!(public(emu, ch).len(), before);
    assert_eq!(emu.messages_in(ch).len(), n + 1, "only the private refusal");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_back_request_carries_agree_and_refuse_buttons_that_run_as_the_clicker() {
    let w = World::new().await;
    let ch = w.channel("table");
    let bot = Bot::start(&w.emu, None, 5);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let g = three_players(&w, ch).await;
    // Alice's `done` changes who is awaited: past an undo barrier, so Bob's undo only asks.
    ok(emu, g.alice, ch, "done", &[]).await;
    let asked = ok(emu, g.bob, ch, "undo", &[]).await;
    assert!(
        asked.content.contains("every player must agree"),
        "{}",
        asked.content
    );
    let b = buttons(&asked);
    let labels: Vec<&str> = b.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels, ["Agree to take it back", "Refuse"]);
    let click = emu.click_component(g.alice, asked.id, &b[0].1);
    let r = emu.wait_response(&click).await;
    assert!(r.content.contains("alice agrees"), "{}", r.content);
    let click = emu.click_component(g.carol, asked.id, &b[0].1);
    let r = emu.wait_response(&click).await;
    assert!(r.content.contains("is taken back"), "{}", r.content);
    // Alice is asked to negotiate again; a new request is refused by a click.
    ok(emu, g.alice, ch, "done", &[]).await;
    let asked = ok(emu, g.carol, ch, "undo", &[]).await;
    let b = buttons(&asked);
    let click = emu.click_component(g.bob, asked.id, &b[1].1);
    let r = emu.wait_response(&click).await;
    assert!(r.content.contains("bob refuses"), "{}", r.content);
    let (_, r) = say(emu, g.bob, ch, "veto", &[]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("no request"),
        "{}",
        r.content
    );
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_map_is_deferred_then_followed_up_with_the_picture() {
    let w = World::new().await;
    let ch = w.channel("table");
    let slow: Arc<dyn Renderer> = {
        let inner = fake_renderer();
        Arc::new(move |rs: &Ruleset, g: &Game, loc: Locale| {
            std::thread::sleep(Duration::from_millis(300));
            inner.render_map(rs, g, loc)
        })
    };
    let bot = Bot::start_with(&w.emu, None, 3, Duration::from_millis(100), slow);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let alice = w.user("alice");
    let bob = w.user("bob");
    two_players(emu, ch, alice, bob).await;
    let ix = emu.invoke_slash(alice, ch, "vq", "map", &[]);
    let cb = emu.wait_callback(&ix).await;
    assert_eq!(cb.json.as_ref().expect("body")["type"], 5, "deferred first");
    assert_eq!(cb.status, 204);
    let r = emu.wait_response(&ix).await;
    assert!(
        r.attachments.iter().any(|a| a.bytes.starts_with(PNG_MAGIC)),
        "{r:?}"
    );
    // A refusal after a deferral is still private.
    let (_, r) = say(emu, bob, ch, "start", &[]).await;
    assert!(r.is_ephemeral(), "{}", r.content);
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_channels_play_at_once_without_mixing() {
    let w = World::new().await;
    let bot = Bot::start(&w.emu, None, 100);
    wait_session(&w.emu, 1).await;
    let tables: Vec<(ChannelId, UserId, UserId)> = (0..10)
        .map(|i| {
            (
                w.channel(&format!("t{i}")),
                w.user(&format!("a{i}")),
                w.user(&format!("b{i}")),
            )
        })
        .collect();
    let emu = w.emu.clone();
    let games = tables.iter().map(|&(ch, a, b)| {
        let emu = emu.clone();
        async move {
            ok(&emu, a, ch, "new", &[]).await;
            ok(&emu, a, ch, "join", &[("power", json!("england"))]).await;
            ok(&emu, b, ch, "join", &[("power", json!("france"))]).await;
            ok(&emu, a, ch, "start", &[]).await;
            ok(&emu, a, ch, "done", &[]).await;
            ok(&emu, b, ch, "done", &[]).await;
            ok(&emu, a, ch, "status", &[]).await;
        }
    });
    futures::future::join_all(games).await;
    for &(ch, a, b) in &tables {
        let msgs = emu.messages_in(ch);
        for m in &msgs {
            for id in mentions(&m.content) {
                assert!(
                    id == a.0 || id == b.0,
                    "a foreign player in {ch:?}: {}",
                    m.content
                );
            }
            if m.is_ephemeral() {
                continue;
            }
            for &(other, oa, ob) in &tables {
                if other != ch {
                    assert!(!m.content.contains(&format!("<@{}>", oa.0)));
                    assert!(!m.content.contains(&format!("<@{}>", ob.0)));
                }
            }
        }
        let hand = dm_containing(&emu, a, "Your hand").await;
        assert_eq!(hand.matches("Your hand").count(), 1, "one game's hand only");
        let status = msgs
            .iter()
            .rev()
            .find(|m| m.content.contains("sha256(seed)"))
            .expect("status");
        assert!(
            status.content.contains("a") && status.content.contains("Turn 1"),
            "{}",
            status.content
        );
    }
    bot.shutdown().await;
}

// --- position files (issue 17)

/// `/vq table setup` with an attached position file: a bad file is refused privately with its
/// lines and changes nothing; a good one starts the game there, each hand by DM to its owner
/// and only hand sizes in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_attached_to_table_setup_starts_the_game_there() {
    let w = World::new().await;
    let ch = w.channel("campaign");
    let bot = Bot::start(&w.emu, None, 7);
    wait_session(&w.emu, 1).await;
    let emu = &w.emu;
    let (alice, bob) = (w.user("alice"), w.user("bob"));
    ok(emu, alice, ch, "new", &[]).await;
    ok(emu, alice, ch, "join", &[("power", json!("england"))]).await;
    ok(emu, bob, ch, "join", &[("power", json!("france"))]).await;
    let good = r#"format = 1
scenario = "1559"
powers = ["england", "france"]

[turn]
number = 3
phase = "action"
power = "france"

[hands]
england = [4, 15]
france = [6, 16, 17]

[[space]]
id = "PARIS"
units = [{ owner = "france", regulars = 3, leaders = ["GUISE"] }]
"#;
    let bad = good.replace("phase = \"action\"", "phase = \"battle\"");
    let id = emu.upload("campaign.toml", bad.as_bytes());
    let (_, r) = say(emu, alice, ch, "setup", &[("file", json!(id.to_string()))]).await;
    assert!(r.is_ephemeral(), "a refusal is private: {}", r.content);
    assert!(
        r.content.contains("campaign.toml:7:") && r.content.contains("battle"),
        "{}",
        r.content
    );
    let id = emu.upload("campaign.toml", good.as_bytes());
    let loaded = ok(emu, alice, ch, "setup", &[("file", json!(id.to_string()))]).await;
    assert!(loaded.content.contains("turn 3"), "{}", loaded.content);
    let started = ok(emu, alice, ch, "start", &[]).await;
    let ill = "Ruler Falls Ill";
    let dm = dm_containing(emu, bob, "Your hand").await;
    assert!(dm.contains(ill), "{dm}");
    let dm = dm_containing(emu, alice, "Your hand").await;
    assert!(!dm.contains(ill), "England saw France's hand: {dm}");
    // Delivery to the channel follows the reply: wait for the hand sizes to be posted.
    let channel: String = emu
        .wait_until("the hand sizes in the channel", move |s| {
            let text: String = s
                .channel_messages(ch)
                .into_iter()
                .map(|m| m.content + "\n")
                .collect();
            text.contains("France holds").then_some(text)
        })
        .await;
    assert!(!channel.contains(ill), "{channel}");
    assert!(
        channel.contains("France holds 3 cards."),
        "{} / {channel}",
        started.content
    );
    bot.shutdown().await;
}
