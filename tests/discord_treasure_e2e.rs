//! Treasures through Discord, end to end against the loopback emulator: a treasure's face goes
//! to its holder's DM only; the channel sees counts until the treasure is spent.

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::*;
use discord_emulator::Emulator;
use serde_json::json;

// X-TREASURE-PORTUGUESE / X-TREASURE-SPEND privacy: a treasure's face reaches only its holder's
// DM (the draw by adjustment, the hand command, the autocomplete of `treasure which:`), never the
// channel and never the other player; `status` shows counts only; once spent, the face is public.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_treasure_face_reaches_only_its_holder() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Lisbon");
    let ch = emu.create_text_channel(guild, "table");
    let (elizabeth, catherine) = (emu.create_user("elizabeth"), emu.create_user("catherine"));
    emu.add_member(guild, elizabeth);
    emu.add_member(guild, catherine);
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::start(&emu, dir.path().join("games.sqlite3"), 7);
    wait_session(&emu, 1).await;

    ok(&emu, elizabeth, ch, "new", &[]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    ok(&emu, catherine, ch, "join", &[("power", json!("france"))]).await;
    let ix = ok(&emu, elizabeth, ch, "start", &[]).await;
    let public = said(&emu, &ix).await;
    assert!(
        public.contains("treasure row is refilled face down (+3: 3 in the row"),
        "the row is laid in public, by count: {public}"
    );

    // England takes a treasure from the pool by a manual fix.
    let ix = ok(
        &emu,
        elizabeth,
        ch,
        "adjust",
        &[
            ("what", json!("treasure")),
            ("target", json!("england")),
            ("delta", json!(1)),
        ],
    )
    .await;
    let public = said(&emu, &ix).await;
    assert!(
        public.contains("takes treasures at random from the pool: 1"),
        "{public}"
    );
    let dm = dm_with(&emu, elizabeth, "your new treasure is #").await;
    let face_at = dm.find("your new treasure is #").expect("face") + "your new treasure is ".len();
    let face: String = dm[face_at..]
        .chars()
        .take_while(|c| *c != ')')
        .collect::<String>()
        + ")";
    assert!(
        face.contains("Portuguese treasure") && face.contains("CP"),
        "{face}"
    );
    let number: String = face[1..].chars().take_while(char::is_ascii_digit).collect();

    // The hand command repeats the face privately; status counts in public.
    say(&emu, elizabeth, ch, "hand", &[]).await;
    dm_with(&emu, elizabeth, "Your treasures (England)").await;
    say(&emu, catherine, ch, "status", &[]).await;
    emu.wait_until("the status reply", |s| {
        s.channel_messages(ch)
            .iter()
            .any(|m| {
                m.content
                    .contains("Treasures held (secret, counts only): England 1, France 0")
            })
            .then_some(())
    })
    .await;

    // Autocomplete offers the caller's own treasures only.
    let ac = emu.autocomplete(
        elizabeth,
        ch,
        "vq",
        &["table", "treasure"],
        &[("which", json!(""))],
        "which",
    );
    let mine = emu.wait_choices(&ac).await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0]["value"], json!(number));
    let ac = emu.autocomplete(
        catherine,
        ch,
        "vq",
        &["table", "treasure"],
        &[("which", json!(""))],
        "which",
    );
    assert!(emu.wait_choices(&ac).await.is_empty(), "France holds none");

    // Until it is spent, the face is nowhere but in England's DMs.
    let everything_else = channel_text(&emu, ch) + &dm_text(&emu, catherine);
    assert!(
        !everything_else.contains(&face) && !everything_else.contains("(Portuguese treasure,"),
        "a treasure's face leaked: {everything_else}"
    );
    // France may not spend England's treasure.
    let (_, r) = say(&emu, catherine, ch, "treasure", &[("which", json!(number))]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("not held"),
        "{}",
        r.content
    );

    // England's impulse (England moves before France): spend it; now the face is public.
    for u in [elizabeth, catherine, elizabeth, catherine] {
        ok(&emu, u, ch, "done", &[]).await;
    }
    let ix = ok(&emu, elizabeth, ch, "treasure", &[("which", json!(number))]).await;
    let public = said(&emu, &ix).await;
    assert!(
        public.contains(&format!("England spends treasure {face}")),
        "{public}"
    );
    bot.shutdown().await;
}
