//! The real vqbot Discord client (serenity) against the loopback Discord emulator, and
//! the emulator's enforcement of Discord's rules and limits.

use crate::discord_emulator;

use std::time::{Duration, Instant};

use discord_emulator::{ChannelId, Emulator, EmulatorConfig, Interaction, UserId, EPHEMERAL};
use serde_json::{json, Value};
use serenity::all::{
    CreateActionRow, CreateAttachment, CreateButton, CreateMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, EditMessage, HttpBuilder, HttpError,
};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use vqbot::discord::{run, BotConfig, BotError};

/// A bot task plus the switch that stops it.
struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), BotError>>,
}

impl Bot {
    fn start(emu: &Emulator, token: String, dev_guild: Option<u64>) -> Bot {
        let (stop, stopped) = oneshot::channel::<()>();
        let config = BotConfig {
            token,
            rest_base: Some(emu.base_url()),
            // serenity's own rate limiter, as in production (issue 32 item 2).
            rate_limiter: true,
            https_proxy: Some(emu.https_proxy_url()),
            dev_guild,
            ..BotConfig::default()
        };
        let task = tokio::spawn(run(config, async move {
            let _ = stopped.await;
        }));
        Bot { stop, task }
    }

    /// Stops the bot and returns what `run` returned.
    async fn shutdown(self) -> Result<(), BotError> {
        let _ = self.stop.send(());
        tokio::time::timeout(Duration::from_secs(15), self.task)
            .await
            .expect("bot stops within 15 s")
            .expect("bot task did not panic")
    }
}

/// An emulator with a guild `#table`, a user in it, and the bot connected and registered.
struct Table {
    emu: Emulator,
    bot: Bot,
    alice: UserId,
    channel: ChannelId,
}

async fn table() -> Table {
    table_with(EmulatorConfig::default()).await
}

async fn table_with(config: EmulatorConfig) -> Table {
    let emu = Emulator::start_with(config).await;
    let guild = emu.create_guild("Wars of Religion");
    let channel = emu.create_text_channel(guild, "table");
    let alice = emu.create_user("alice");
    emu.add_member(guild, alice);
    let bot = Bot::start(&emu, emu.token(), None);
    emu.wait_ready().await;
    Table {
        emu,
        bot,
        alice,
        channel,
    }
}

/// The real serenity HTTP client, pointed at the emulator.
fn serenity_http(emu: &Emulator) -> serenity::all::Http {
    let http = HttpBuilder::new(emu.token())
        .proxy(emu.base_url())
        .ratelimiter_disabled(true)
        .build();
    http.set_application_id(emu.application_id().into());
    http
}

/// Plain REST calls, for limits serenity already checks before sending.
struct Rest {
    base: String,
    token: String,
    client: reqwest::Client,
}

impl Rest {
    fn new(emu: &Emulator) -> Rest {
        Rest {
            base: format!("{}/api/v10", emu.base_url()),
            token: emu.token(),
            client: reqwest::Client::new(),
        }
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: Value) -> (u16, Value) {
        let resp = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("Authorization", format!("Bot {}", self.token))
            .json(&body)
            .send()
            .await
            .expect("emulator reachable");
        let status = resp.status().as_u16();
        let text = resp.text().await.expect("body");
        let json = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).expect("JSON body")
        };
        (status, json)
    }

    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, body).await
    }

    async fn put(&self, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::PUT, path, body).await
    }

    async fn patch(&self, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::PATCH, path, body).await
    }

    async fn callback(&self, ix: &Interaction, body: Value) -> (u16, Value) {
        self.post(
            &format!("/interactions/{}/{}/callback", ix.id, ix.token),
            body,
        )
        .await
    }
}

/// Asserts a 50035 body with an error `code` at `path` (keys separated by dots).
fn assert_form_error(status: u16, body: &Value, path: &str, code: &str) {
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], 50035, "{body}");
    assert_eq!(body["message"], "Invalid Form Body");
    let mut node = &body["errors"];
    for key in path.split('.') {
        node = &node[key];
    }
    assert_eq!(node["_errors"][0]["code"], code, "at {path} in {body}");
}

/// The Discord error inside a serenity error.
fn discord_error(e: &serenity::Error) -> (u16, isize, Vec<(String, String)>) {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => (
            r.status_code.as_u16(),
            r.error.code,
            r.error
                .errors
                .iter()
                .map(|x| (x.path.clone(), x.code.clone()))
                .collect(),
        ),
        other => panic!("expected a Discord error response, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The real bot

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_boots_identifies_and_registers_vq_globally() {
    // A short heartbeat interval so the first heartbeat comes quickly.
    let t = table_with(EmulatorConfig {
        heartbeat_interval: Duration::from_millis(200),
        ..EmulatorConfig::default()
    })
    .await;
    let emu = &t.emu;

    let gateway = emu
        .requests()
        .into_iter()
        .find(|r| r.path == "/api/v10/gateway");
    let gateway = gateway.expect("the client asked for the gateway URL");
    assert_eq!(gateway.status, 200);
    assert_eq!(gateway.response["url"], emu.gateway_url());

    let log = emu.gateway_log();
    assert_eq!(log.identifies.len(), 1);
    let identify = &log.identifies[0];
    assert_eq!(identify["token"], format!("Bot {}", emu.token()));
    let intents = identify["intents"].as_u64().expect("intents");
    assert_eq!(
        intents & (1 << 1 | 1 << 8 | 1 << 15),
        0,
        "no privileged intents"
    );
    assert_eq!(log.dispatches[0], (1, "READY".to_string()));

    let put = format!("/api/v10/applications/{}/commands", emu.application_id());
    let reg = emu
        .requests()
        .into_iter()
        .find(|r| r.method == "PUT" && r.path == put)
        .expect("global registration");
    assert_eq!(reg.status, 200);
    let commands = emu.read(|s| s.global_commands.clone());
    // `/vq`, and the commands standing alone beside it (`/vq` is at Discord's size limit):
    // `adjust`, issue 29's absence commands, influence, marriages and espionage.
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "vq",
            "vq-adjust",
            "vq-deputy",
            "vq-replace",
            "vq-watch",
            "vq-unwatch",
            "vq-digest",
            "vq-influence",
            "vq-marry",
            "vq-spy"
        ]
    );
    let subs: Vec<&str> = commands[0]["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["name"].as_str().expect("name"))
        .collect();
    // One subcommand per table command, a few of them in groups (Discord allows 25 per level).
    for sub in [
        "new",
        "join",
        "start",
        "play",
        "move",
        "pass",
        "secret",
        "help",
        "diplomacy",
    ] {
        assert!(subs.contains(&sub), "{sub} missing from {subs:?}");
    }
    let kind = |name: &str| {
        commands[0]["options"]
            .as_array()
            .and_then(|o| o.iter().find(|x| x["name"] == name))
            .map(|x| x["type"].clone())
    };
    assert_eq!(kind("help"), Some(json!(1)), "help is a subcommand");
    assert_eq!(kind("diplomacy"), Some(json!(2)), "diplomacy is a group");
    assert!(commands[0]["description_localizations"]["ru"].is_string());

    // serenity heartbeats every interval; the emulator acknowledges, so nothing reconnects.
    emu.wait_until("two heartbeat ACKs", |s| {
        (s.gateway.heartbeat_acks >= 2).then_some(())
    })
    .await;
    assert_eq!(emu.gateway_log().connections, 1);

    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_answers_in_a_guild_channel() {
    let t = table().await;
    let ix = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    let reply = t.emu.wait_response(&ix).await;

    assert_eq!(reply.channel_id, t.channel);
    assert_eq!(reply.author, t.emu.bot_user());
    assert!(reply.is_ephemeral(), "help is shown only to the asker");
    assert!(reply.content.contains("/vq commands"), "{}", reply.content);
    for sub in ["new", "join", "play", "map", "rule", "help"] {
        assert!(
            reply.content.contains(&format!("`/vq {sub}`")),
            "lists {sub}"
        );
    }
    let cb = t.emu.wait_callback(&ix).await;
    assert_eq!(cb.status, 204);
    assert_eq!(cb.json.as_ref().expect("body")["type"], 4);
    assert_eq!(t.emu.messages_in(t.channel).len(), 1);
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_answers_in_a_dm() {
    let t = table().await;
    let dm = t.emu.dm_channel(t.alice);
    let ix = t.emu.invoke_slash(t.alice, dm, "vq", "help", &[]);
    let payload = t.emu.interaction(&ix).payload;
    assert!(payload.get("guild_id").is_none() && payload["user"]["id"].is_string());

    let reply = t.emu.wait_response(&ix).await;
    assert_eq!(reply.channel_id, dm);
    assert!(reply.content.contains("`/vq help`"));
    assert_eq!(t.emu.dms_of(t.alice).len(), 1);
    assert!(t.emu.messages_in(t.channel).is_empty());
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_answers_in_russian_for_locale_ru() {
    let t = table().await;
    let boris = t.emu.create_user_with_locale("boris", "ru");
    let ix = t.emu.invoke_slash(boris, t.channel, "vq", "help", &[]);
    let reply = t.emu.wait_response(&ix).await;
    assert!(reply.content.contains("команды /vq"), "{}", reply.content);
    // Russian help shows the Russian names a Russian Discord client offers.
    assert!(reply.content.contains("`/vq сыграть`"), "{}", reply.content);
    // A group is one line: its Russian path, then its members' Russian names.
    assert!(
        reply
            .content
            .lines()
            .any(|l| l.starts_with("`/vq дипломатия`") && l.contains("`война`")),
        "{}",
        reply.content
    );
    assert!(!reply.content.contains("`/vq play`"));
    assert!(!reply.content.contains("planned"));

    // The same user in a DM still gets Russian.
    let ix = t
        .emu
        .invoke_slash(boris, t.emu.dm_channel(boris), "vq", "help", &[]);
    assert!(t.emu.wait_response(&ix).await.content.contains("команды"));
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dev_guild_gets_the_commands_instead_of_global_registration() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("dev");
    let channel = emu.create_text_channel(guild, "bot-test");
    let alice = emu.create_user("alice");
    let bot = Bot::start(&emu, emu.token(), Some(guild.0));
    emu.wait_ready().await;

    let (global, local) = emu.read(|s| {
        (
            s.global_commands.clone(),
            s.guild_commands.get(&guild).cloned().unwrap_or_default(),
        )
    });
    assert!(global.is_empty());
    assert_eq!(local[0]["name"], "vq");
    assert_eq!(local[0]["guild_id"], guild.0.to_string());

    let ix = emu.invoke_slash(alice, channel, "vq", "help", &[]);
    assert!(emu.wait_response(&ix).await.content.contains("/vq"));
    bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_survives_reconnect_and_resume() {
    let t = table().await;
    let first = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    t.emu.wait_response(&first).await;

    t.emu.request_reconnect();
    // Sent while the client is reconnecting: it must arrive on the old connection or be replayed.
    let during = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    t.emu
        .wait_until("RESUMED", |s| {
            s.gateway
                .dispatches
                .iter()
                .any(|(_, e)| e == "RESUMED")
                .then_some(())
        })
        .await;
    t.emu.wait_response(&during).await;

    let after = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    t.emu.wait_response(&after).await;

    let log = t.emu.gateway_log();
    assert_eq!(log.connections, 2);
    assert_eq!(log.identifies.len(), 1, "resumed, not re-identified");
    assert_eq!(log.resumes.len(), 1);
    assert!(log.resumes[0]["seq"].as_u64().expect("seq") >= 2);
    // Each interaction was answered exactly once.
    for ix in [&first, &during, &after] {
        let path = format!("/api/v10/interactions/{}/{}/callback", ix.id, ix.token);
        let n = t.emu.requests().iter().filter(|r| r.path == path).count();
        assert_eq!(n, 1, "callbacks for {path}");
    }
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unacknowledged_heartbeats_make_the_client_drop_the_connection() {
    let config = EmulatorConfig {
        heartbeat_interval: Duration::from_millis(300),
        ack_heartbeats: false,
        // The client's own zombie detection, before the emulator's heartbeat deadline (4009).
        heartbeat_deadline: Some(Duration::from_secs(60)),
        ..EmulatorConfig::default()
    };
    let t = table_with(config).await;
    t.emu
        .wait_until("the client to drop the zombie connection", |s| {
            (s.gateway.client_disconnects >= 1).then_some(())
        })
        .await;
    let log = t.emu.gateway_log();
    assert!(log.heartbeats >= 1);
    assert_eq!(log.heartbeat_acks, 0);
    assert!(
        log.closes_sent.is_empty(),
        "the client hung up, not the emulator: {log:?}"
    );
    // serenity re-identifies after its 5 s boot delay; no need to wait for that here.
    t.bot.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_token_is_closed_with_4004_and_run_fails() {
    let emu = Emulator::start().await;
    let bot = Bot::start(&emu, "not-the-token".into(), None);
    let result = tokio::time::timeout(Duration::from_secs(15), bot.task)
        .await
        .expect("run returns by itself")
        .expect("no panic");
    assert!(matches!(result, Err(BotError::InvalidToken)), "{result:?}");

    // The bot starts as many shards as `/gateway/bot` recommends (issue 19), so the token is
    // refused there first, before any IDENTIFY (with a fixed shard count it would be IDENTIFY,
    // closed with 4004).
    let log = emu.gateway_log();
    assert!(
        log.identifies.is_empty() || log.closes_sent == [4004],
        "{log:?}"
    );
    assert!(emu
        .requests()
        .iter()
        .any(|r| r.path == "/api/v10/gateway/bot" && r.status == 401));
    assert_eq!(emu.read(|s| s.registrations), 0);
    // Authenticated REST calls were refused too.
    assert!(emu
        .requests()
        .iter()
        .filter(|r| r.path != "/api/v10/gateway")
        .all(|r| r.status == 401));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_acknowledgement_is_rejected_with_10062() {
    let t = table().await;
    let ix = t.emu.invoke_slash_aged(
        Duration::from_millis(3100),
        t.alice,
        t.channel,
        "vq",
        "help",
    );
    let cb = t.emu.wait_callback(&ix).await;
    assert_eq!(cb.status, 404);
    assert_eq!(cb.response["code"], 10062);
    assert_eq!(cb.response["message"], "Unknown interaction");
    assert!(t.emu.response(&ix).is_none());

    // The bot keeps working.
    let next = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    t.emu.wait_response(&next).await;
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn second_acknowledgement_is_rejected_with_40060() {
    let t = table().await;
    let ix = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    let reply = t.emu.wait_response(&ix).await;

    let rest = Rest::new(&t.emu);
    let (status, body) = rest
        .callback(&ix, json!({ "type": 4, "data": { "content": "again" } }))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], 40060);
    assert_eq!(
        t.emu.response(&ix).expect("original").content,
        reply.content
    );
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_are_refused_with_50007() {
    let emu = Emulator::start().await;
    let open = emu.create_user("open");
    let closed = emu.create_user("closed");
    emu.close_dms(closed);
    let http = serenity_http(&emu);

    let dm = serenity::all::UserId::new(open.0)
        .create_dm_channel(&http)
        .await
        .expect("DM channel");
    dm.send_message(&http, CreateMessage::new().content("your hand"))
        .await
        .expect("open DMs accept");
    assert_eq!(emu.dms_of(open)[0].content, "your hand");

    let dm = serenity::all::UserId::new(closed.0)
        .create_dm_channel(&http)
        .await
        .expect("the channel opens even if DMs are closed");
    let err = dm
        .send_message(&http, CreateMessage::new().content("your hand"))
        .await
        .expect_err("closed DMs refuse");
    let (status, code, _) = discord_error(&err);
    assert_eq!((status, code), (403, 50007));
    assert!(emu.dms_of(closed).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Limits, sent directly

/// An emulator with a guild channel and no bot: REST calls are made by the test.
async fn bare() -> (Emulator, ChannelId, Rest) {
    // These tests send many messages to one channel to probe other limits: without Discord's
    // rate limits (issue 32), which `ratelimit.rs` tests on their own.
    let emu = Emulator::start_with(EmulatorConfig {
        rate_limits: false,
        ..EmulatorConfig::default()
    })
    .await;
    let guild = emu.create_guild("g");
    let channel = emu.create_text_channel(guild, "c");
    let rest = Rest::new(&emu);
    (emu, channel, rest)
}

#[tokio::test]
async fn content_longer_than_2000_characters_is_rejected() {
    let (emu, channel, rest) = bare().await;
    let path = format!("/channels/{}/messages", channel.0);
    let (status, _) = rest
        .post(&path, json!({ "content": "ж".repeat(2000) }))
        .await;
    assert_eq!(status, 200, "2000 characters (not bytes) fit");
    let (status, body) = rest
        .post(&path, json!({ "content": "x".repeat(2001) }))
        .await;
    assert_form_error(status, &body, "content", "BASE_TYPE_MAX_LENGTH");
    assert_eq!(emu.messages_in(channel).len(), 1);
    let (status, body) = rest.post(&path, json!({ "content": "" })).await;
    assert_eq!((status, body["code"].clone()), (400, json!(50006)));
}

#[tokio::test]
async fn embed_limits_are_enforced() {
    let (emu, channel, rest) = bare().await;
    let path = format!("/channels/{}/messages", channel.0);
    let field = |n: usize| json!({ "name": "n", "value": "v".repeat(n) });

    let ok = json!({ "embeds": [{
        "title": "t".repeat(256),
        "description": "d".repeat(4096),
        "fields": (0..25).map(|_| field(10)).collect::<Vec<_>>(),
    }]});
    assert_eq!(rest.post(&path, ok).await.0, 200);

    let cases = [
        (
            json!([{ "title": "t".repeat(257) }]),
            "embeds.0.title",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!([{ "description": "d".repeat(4097) }]),
            "embeds.0.description",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!([{ "fields": (0..26).map(|_| field(1)).collect::<Vec<_>>() }]),
            "embeds.0.fields",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!([{ "fields": [field(1025)] }]),
            "embeds.0.fields.0.value",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!((0..11).map(|_| json!({ "title": "t" })).collect::<Vec<_>>()),
            "embeds",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!([{ "fields": [{ "name": "n".repeat(257), "value": "v" }] }]),
            "embeds.0.fields.0.name",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!([{ "footer": { "text": "f".repeat(2049) } }]),
            "embeds.0.footer.text",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!([{ "author": { "name": "a".repeat(257) } }]),
            "embeds.0.author.name",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            json!([{ "description": "d".repeat(4000) }, { "description": "d".repeat(2001) }]),
            "embeds",
            "MAX_EMBED_SIZE_EXCEEDED",
        ),
    ];
    for (embeds, at, code) in cases {
        let (status, body) = rest.post(&path, json!({ "embeds": embeds })).await;
        assert_form_error(status, &body, at, code);
    }
    assert_eq!(emu.messages_in(channel).len(), 1);
}

#[tokio::test]
async fn attachments_over_10_mib_are_rejected_with_40005() {
    let (emu, channel, _) = bare().await;
    let http = serenity_http(&emu);
    let target = serenity::all::ChannelId::new(channel.0);
    let limit = 10 * 1024 * 1024;

    let bytes: Vec<u8> = (0..limit).map(|i| (i % 251) as u8).collect();
    let sent = target
        .send_message(
            &http,
            CreateMessage::new()
                .content("map")
                .add_file(CreateAttachment::bytes(bytes.clone(), "map.png")),
        )
        .await
        .expect("exactly 10 MiB fits");
    assert_eq!(sent.attachments[0].filename, "map.png");
    assert_eq!(sent.attachments[0].size as usize, limit);
    let stored = &emu.messages_in(channel)[0].attachments[0];
    assert_eq!(stored.content_type.as_deref(), Some("image/png"));
    assert!(stored.bytes == bytes, "bytes arrive intact");
    let downloaded = reqwest::get(&sent.attachments[0].url)
        .await
        .expect("download")
        .bytes()
        .await
        .expect("body");
    assert!(downloaded.as_ref() == bytes.as_slice());

    let err = target
        .send_message(
            &http,
            CreateMessage::new().add_file(CreateAttachment::bytes(vec![0u8; limit + 1], "big.png")),
        )
        .await
        .expect_err("one byte over the limit");
    let (status, code, _) = discord_error(&err);
    assert_eq!((status, code), (413, 40005));
    assert_eq!(emu.messages_in(channel).len(), 1);
}

#[tokio::test]
async fn component_limits_are_enforced() {
    let (emu, channel, _) = bare().await;
    let http = serenity_http(&emu);
    let target = serenity::all::ChannelId::new(channel.0);
    let buttons = |row: usize, n: usize| {
        CreateActionRow::Buttons(
            (0..n)
                .map(|i| CreateButton::new(format!("b{row}-{i}")).label("x"))
                .collect(),
        )
    };
    let send = |rows: Vec<CreateActionRow>| {
        let http = &http;
        async move {
            target
                .send_message(http, CreateMessage::new().content("pick").components(rows))
                .await
        }
    };

    let full: Vec<_> = (0..5).map(|r| buttons(r, 5)).collect();
    send(full).await.expect("5 rows of 5 buttons fit");

    let err = send((0..6).map(|r| buttons(r, 1)).collect())
        .await
        .expect_err("6 rows");
    let (status, code, errors) = discord_error(&err);
    assert_eq!((status, code), (400, 50035));
    assert_eq!(
        errors,
        [("components".into(), "BASE_TYPE_MAX_LENGTH".into())]
    );

    let err = send(vec![buttons(0, 6)])
        .await
        .expect_err("6 buttons in a row");
    assert_eq!(discord_error(&err).2[0].0, "components.0.components");

    let long_id = CreateButton::new("c".repeat(101)).label("x");
    let err = send(vec![CreateActionRow::Buttons(vec![long_id])])
        .await
        .expect_err("custom_id 101");
    assert_eq!(
        discord_error(&err).2[0].0,
        "components.0.components.0.custom_id"
    );
    let max_id = CreateButton::new("c".repeat(100)).label("x");
    send(vec![CreateActionRow::Buttons(vec![max_id])])
        .await
        .expect("custom_id of 100 fits");

    let options = |n: usize| {
        (0..n)
            .map(|i| CreateSelectMenuOption::new(format!("o{i}"), format!("v{i}")))
            .collect()
    };
    let select = |n| {
        CreateActionRow::SelectMenu(CreateSelectMenu::new(
            "pick",
            CreateSelectMenuKind::String {
                options: options(n),
            },
        ))
    };
    send(vec![select(25)]).await.expect("25 options fit");
    let err = send(vec![select(26)]).await.expect_err("26 options");
    assert_eq!(
        discord_error(&err).2,
        [(
            "components.0.components.0.options".into(),
            "BASE_TYPE_MAX_LENGTH".into()
        )]
    );
    assert_eq!(emu.messages_in(channel).len(), 3);

    // Clicking a stored button produces a component interaction for it.
    let msg = emu.messages_in(channel)[0].clone();
    let user = emu.create_user("u");
    let ix = emu.click_component(user, msg.id, "b2-3");
    let payload = emu.interaction(&ix).payload;
    assert_eq!(payload["type"], 3);
    assert_eq!(payload["data"]["custom_id"], "b2-3");
    assert_eq!(payload["message"]["id"], msg.id.0.to_string());

    // UPDATE_MESSAGE (type 7) edits the message the button is on, within the same limits.
    let rest = Rest::new(&emu);
    let rows = json!([{ "type": 1, "components": [{ "type": 2, "style": 1, "custom_id": "x".repeat(101), "label": "x" }] }]);
    let (status, body) = rest
        .callback(
            &ix,
            json!({ "type": 7, "data": { "content": "voted", "components": rows } }),
        )
        .await;
    assert_form_error(
        status,
        &body,
        "data.components.0.components.0.custom_id",
        "BASE_TYPE_MAX_LENGTH",
    );
    let (status, _) = rest
        .callback(
            &ix,
            json!({ "type": 7, "data": { "content": "voted", "components": [] } }),
        )
        .await;
    assert_eq!(status, 204);
    let updated = emu.messages_in(channel)[0].clone();
    assert_eq!((updated.id, updated.content.as_str()), (msg.id, "voted"));
    assert!(updated.components.is_empty());
    assert_eq!(
        emu.response(&ix)
            .expect("@original is the clicked message")
            .id,
        msg.id
    );
}

#[tokio::test]
async fn message_edits_replace_fields_and_keep_listed_attachments() {
    let (emu, channel, _) = bare().await;
    let http = serenity_http(&emu);
    let target = serenity::all::ChannelId::new(channel.0);
    let msg = target
        .send_message(
            &http,
            CreateMessage::new()
                .content("turn 1")
                .add_file(CreateAttachment::bytes(vec![1, 2, 3], "a.png")),
        )
        .await
        .expect("sent");
    let edited = target
        .edit_message(&http, msg.id, EditMessage::new().content("turn 2"))
        .await
        .expect("edited");
    assert_eq!(edited.content, "turn 2");
    assert!(edited.edited_timestamp.is_some());
    let stored = &emu.messages_in(channel)[0];
    assert_eq!(stored.content, "turn 2");
    assert_eq!(
        stored.attachments.len(),
        1,
        "an edit without `attachments` keeps the file"
    );

    let rest = Rest::new(&emu);
    let path = format!("/channels/{}/messages/{}", channel.0, msg.id.get());
    let (status, body) = rest
        .patch(&path, json!({ "content": "x".repeat(2001) }))
        .await;
    assert_form_error(status, &body, "content", "BASE_TYPE_MAX_LENGTH");
    let (status, _) = rest.patch(&path, json!({ "attachments": [] })).await;
    assert_eq!(status, 200);
    let stored = &emu.messages_in(channel)[0];
    assert_eq!(stored.content, "turn 2");
    assert!(
        stored.attachments.is_empty(),
        "an empty list removes the file"
    );
}

/// Registers `/pick <card:autocomplete>` in a fresh guild over REST.
async fn guild_command(emu: &Emulator, rest: &Rest) -> ChannelId {
    let guild = emu.create_guild("ac");
    let channel = emu.create_text_channel(guild, "ac");
    let (status, body) = rest
        .put(
            &format!(
                "/applications/{}/guilds/{}/commands",
                emu.application_id(),
                guild.0
            ),
            json!([{ "name": "pick", "description": "Pick a card", "options": [
                { "type": 3, "name": "card", "description": "Card", "autocomplete": true }
            ]}]),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    channel
}

#[tokio::test]
async fn autocomplete_answers_are_limited_to_25_choices() {
    let (emu, _, rest) = bare().await;
    let channel = guild_command(&emu, &rest).await;
    let user = emu.create_user("u");
    let ix = emu.autocomplete(user, channel, "pick", &[], &[("card", json!("Du"))], "card");
    assert_eq!(emu.interaction(&ix).payload["type"], 4);

    let choices = |n: usize| {
        (0..n)
            .map(|i| json!({ "name": format!("c{i}"), "value": format!("{i}") }))
            .collect::<Vec<_>>()
    };
    let (status, body) = rest
        .callback(&ix, json!({ "type": 4, "data": { "content": "no" } }))
        .await;
    assert_form_error(status, &body, "type", "BASE_TYPE_CHOICES");
    let (status, body) = rest
        .callback(
            &ix,
            json!({ "type": 8, "data": { "choices": choices(26) } }),
        )
        .await;
    assert_form_error(status, &body, "data.choices", "BASE_TYPE_MAX_LENGTH");
    let (status, _) = rest
        .callback(
            &ix,
            json!({ "type": 8, "data": { "choices": choices(25) } }),
        )
        .await;
    assert_eq!(status, 204);
    assert_eq!(emu.wait_choices(&ix).await.len(), 25);
}

#[tokio::test]
async fn first_followup_after_a_deferral_fills_the_original() {
    let (emu, _, rest) = bare().await;
    let channel = guild_command(&emu, &rest).await;
    let user = emu.create_user("u");
    let ix = emu.invoke_path(user, channel, "pick", &[], &[("card", json!("Dudley"))]);
    let webhook = format!("/webhooks/{}/{}", emu.application_id(), ix.token);

    let (status, body) = rest.post(&webhook, json!({ "content": "too early" })).await;
    assert_eq!(
        (status, body["code"].clone()),
        (404, json!(10015)),
        "no follow-up before the ack"
    );

    let (status, _) = rest
        .callback(&ix, json!({ "type": 5, "data": { "flags": EPHEMERAL } }))
        .await;
    assert_eq!(status, 204);
    let thinking = emu.response(&ix).expect("placeholder");
    assert!(thinking.is_loading() && thinking.is_ephemeral());

    // A multipart follow-up, like a map image after the deferral.
    let form = reqwest::multipart::Form::new()
        .text(
            "payload_json",
            json!({ "content": "the map", "attachments": [{ "id": 0, "filename": "map.png" }] })
                .to_string(),
        )
        .part(
            "files[0]",
            reqwest::multipart::Part::bytes(vec![137, 80, 78, 71])
                .file_name("upload.bin")
                .mime_str("image/png")
                .expect("mime"),
        );
    let resp = rest
        .client
        .post(format!("{}{webhook}", rest.base))
        .multipart(form)
        .send()
        .await
        .expect("follow-up");
    assert_eq!(resp.status().as_u16(), 200);
    let original = emu.wait_response(&ix).await;
    assert_eq!(original.id, thinking.id, "the deferred message was edited");
    assert_eq!(original.content, "the map");
    assert!(original.is_ephemeral());
    assert_eq!(original.attachments[0].filename, "map.png");
    assert_eq!(original.attachments[0].bytes, [137, 80, 78, 71]);
    assert!(emu.followups(&ix).is_empty());

    let (status, body) = rest.post(&webhook, json!({ "content": "second" })).await;
    assert_eq!(status, 200);
    assert_ne!(body["id"], json!(original.id.0.to_string()));
    assert_eq!(emu.followups(&ix)[0].content, "second");
    assert!(!emu.followups(&ix)[0].is_ephemeral());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn followups_and_edits_stop_after_15_minutes() {
    let t = table().await;
    let ix = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    t.emu.wait_response(&ix).await;
    let rest = Rest::new(&t.emu);
    let webhook = format!("/webhooks/{}/{}", t.emu.application_id(), ix.token);

    let (status, _) = rest.post(&webhook, json!({ "content": "later" })).await;
    assert_eq!(status, 200);
    let (status, _) = rest
        .patch(
            &format!("{webhook}/messages/@original"),
            json!({ "content": "edited" }),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(t.emu.response(&ix).expect("original").content, "edited");

    t.emu
        .backdate_interaction(&ix, Duration::from_secs(15 * 60 + 1));
    let (status, body) = rest.post(&webhook, json!({ "content": "too late" })).await;
    assert_eq!((status, body["code"].clone()), (401, json!(50027)));
    let (status, body) = rest
        .patch(
            &format!("{webhook}/messages/@original"),
            json!({ "content": "x" }),
        )
        .await;
    assert_eq!((status, body["code"].clone()), (401, json!(50027)));
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn command_registration_limits_are_enforced() {
    let (emu, _, rest) = bare().await;
    let path = format!("/applications/{}/commands", emu.application_id());
    let cmd = |i: usize| json!({ "name": format!("c{i}"), "description": "d" });

    let (status, _) = rest
        .put(&path, json!((0..100).map(cmd).collect::<Vec<_>>()))
        .await;
    assert_eq!(status, 200);
    let (status, body) = rest
        .put(&path, json!((0..101).map(cmd).collect::<Vec<_>>()))
        .await;
    assert_eq!((status, body["code"].clone()), (400, json!(30032)));

    let options: Vec<Value> = (0..26)
        .map(|i| json!({ "type": 3, "name": format!("o{i}"), "description": "d" }))
        .collect();
    let (status, body) = rest
        .put(
            &path,
            json!([{ "name": "vq", "description": "d", "options": options }]),
        )
        .await;
    assert_form_error(status, &body, "0.options", "BASE_TYPE_MAX_LENGTH");
    let (status, body) = rest
        .put(&path, json!([{ "name": "VQ", "description": "d" }]))
        .await;
    assert_form_error(status, &body, "0.name", "APPLICATION_COMMAND_INVALID_NAME");
    assert_eq!(
        emu.read(|s| s.global_commands.len()),
        100,
        "failed overwrites change nothing"
    );

    let unauthorized = reqwest::Client::new()
        .put(format!("{}{path}", rest.base))
        .json(&json!([]))
        .send()
        .await
        .expect("reachable");
    assert_eq!(unauthorized.status().as_u16(), 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn suite_timing_guard_boot_to_answer_is_fast() {
    let started = Instant::now();
    let t = table().await;
    let ix = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    t.emu.wait_response(&ix).await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_command_registration_stops_the_bot_with_an_error() {
    let emu = Emulator::start().await;
    // A development guild the bot is not in: Discord answers 10004 Unknown Guild.
    let bot = Bot::start(&emu, emu.token(), Some(123_456_789));
    let result = tokio::time::timeout(Duration::from_secs(15), bot.task)
        .await
        .expect("run returns by itself")
        .expect("no panic");
    match result {
        Err(BotError::Registration(reason)) => {
            assert!(reason.contains("Unknown Guild"), "{reason}")
        }
        other => panic!("expected a registration error, got {other:?}"),
    }
    let put = emu
        .requests()
        .into_iter()
        .find(|r| r.method == "PUT")
        .expect("a registration attempt");
    assert_eq!(
        put.path,
        format!(
            "/api/v10/applications/{}/guilds/123456789/commands",
            emu.application_id()
        )
    );
    assert_eq!(put.response["code"], 10004);
}

#[tokio::test]
async fn invalid_configuration_fails_before_connecting() {
    let emu = Emulator::start().await;
    let config = |token: &str, dev_guild| BotConfig {
        token: token.into(),
        rest_base: Some(emu.base_url()),
        dev_guild,
        ..BotConfig::default()
    };
    let never = std::future::pending::<()>;
    assert!(matches!(
        run(config(" ", None), never()).await,
        Err(BotError::Config(_))
    ));
    assert!(matches!(
        run(config("t", Some(0)), never()).await,
        Err(BotError::Config(_))
    ));
    assert!(emu.requests().is_empty());
    let shown = format!("{:?}", config("very-secret-token", None));
    assert!(!shown.contains("very-secret-token"), "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_resumes_after_the_emulator_drops_the_connection() {
    let t = table().await;
    t.emu.close_connection(4000);
    t.emu
        .wait_until("RESUMED", |s| {
            s.gateway
                .dispatches
                .iter()
                .any(|(_, e)| e == "RESUMED")
                .then_some(())
        })
        .await;
    let ix = t.emu.invoke_slash(t.alice, t.channel, "vq", "help", &[]);
    t.emu.wait_response(&ix).await;
    let log = t.emu.gateway_log();
    assert_eq!(log.closes_sent, [4000]);
    assert_eq!((log.connections, log.identifies.len()), (2, 1));
    t.bot.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn gateway_and_application_routes_answer_like_discord() {
    let (emu, _, rest) = bare().await;
    let plain = reqwest::Client::new();
    let url = |p: &str| format!("{}{p}", rest.base);

    // GET /gateway needs no token; the others do.
    let gw: Value = plain
        .get(url("/gateway"))
        .send()
        .await
        .expect("reachable")
        .json()
        .await
        .expect("json");
    assert_eq!(gw["url"], emu.gateway_url());
    let status = plain
        .get(url("/gateway/bot"))
        .send()
        .await
        .expect("reachable")
        .status();
    assert_eq!(status.as_u16(), 401);
    let (status, bot) = rest
        .send(reqwest::Method::GET, "/gateway/bot", Value::Null)
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        (bot["url"].clone(), bot["shards"].clone()),
        (json!(emu.gateway_url()), json!(1))
    );
    assert!(bot["session_start_limit"]["max_concurrency"].is_u64());

    // The real client reads the application info and the bot user.
    let http = serenity_http(&emu);
    let info = http
        .get_current_application_info()
        .await
        .expect("application info");
    assert_eq!(info.id.get(), emu.application_id());
    let me = http.get_current_user().await.expect("current user");
    assert!(me.bot);
    assert_eq!(me.id.get(), emu.bot_user().0);

    let (status, body) = rest
        .send(reqwest::Method::GET, "/nowhere", Value::Null)
        .await;
    assert_eq!((status, body["code"].clone()), (404, json!(0)));
}
