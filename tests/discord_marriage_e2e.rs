//! A royal marriage through Discord, end to end against the loopback emulator: England proposes
//! with `/vq-marry`, France answers with the button under the "who acts next" line, the engaged
//! pair is announced and shown by `status` (X-MARRIAGE-PROPOSE).

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::*;
use discord_emulator::Emulator;
use serde_json::json;

// X-MARRIAGE-PROPOSE: the proposal waits for the other power's answer, given by a button; the
// accepted pair is engaged and listed by `status`; the proposer cannot answer for France.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_marriage_propose_answered_by_button() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Whitehall");
    let ch = emu.create_text_channel(guild, "table");
    let (elizabeth, catherine) = (emu.create_user("elizabeth"), emu.create_user("catherine"));
    emu.add_member(guild, elizabeth);
    emu.add_member(guild, catherine);
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::start(&emu, dir.path().join("games.sqlite3"), 11);
    wait_session(&emu, 1).await;

    ok(&emu, elizabeth, ch, "new", &[]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    ok(&emu, catherine, ch, "join", &[("power", json!("france"))]).await;
    ok(&emu, elizabeth, ch, "start", &[]).await;

    let ix = ok(
        &emu,
        elizabeth,
        ch,
        "marry",
        &[
            ("royal", json!("ELIZABETH_I")),
            ("with", json!("FRANCOIS_ANJOU")),
        ],
    )
    .await;
    let public = said(&emu, &ix).await;
    assert!(
        public.contains("England proposes a marriage: Elizabeth I"),
        "{public}"
    );
    let line = line_of(&emu, &ix).await;
    let accept = button(&line, "💍 Elizabeth I + François, Duke of Anjou: accept");
    assert!(accept.len() <= 100, "{accept}");
    buttons(&line)
        .iter()
        .find(|(l, _)| l.starts_with("💍") && l.ends_with("decline"))
        .expect("a refuse button too");

    // England cannot answer its own proposal for France.
    let r = emu.click_component(elizabeth, line.id, &accept);
    let r = emu.wait_response(&r).await;
    assert!(
        r.is_ephemeral(),
        "England answered for France: {}",
        r.content
    );

    let ix = click(&emu, catherine, &line, &accept).await;
    let text = said(&emu, &ix).await;
    assert!(
        text.contains("Engaged: Elizabeth I (England) and François, Duke of Anjou (France)"),
        "{text}"
    );
    say(&emu, catherine, ch, "status", &[]).await;
    emu.wait_until("the status reply", |s| {
        s.channel_messages(ch)
            .iter()
            .any(|m| {
                m.content.contains(
                    "Engaged (resolved at the end of the turn): Elizabeth I (England) – François, Duke of Anjou (France)",
                )
            })
            .then_some(())
    })
    .await;
    bot.shutdown().await;
}
