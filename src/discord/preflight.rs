//! Before the first turn (issue 29, item 5): after `start` the bot checks that it can post,
//! attach files and embed links in the game's channel (Discord tells it its permissions there
//! with every interaction) and that it can DM every seated player (a short DM to each, which also
//! tells them where the game is), unless a DM of `start` itself (their hand) reached them. One channel post names what is missing and who cannot be
//! reached, and how to fix it; players whose DMs are closed get their hands in a private thread
//! of their own (`threads.rs`), or, where the bot cannot open one, are pointed to the "show my
//! hand" button, which only they see.

use std::sync::Arc;

use serenity::all::{Http, Permissions};

use super::deliver::{send_dm, DmError};
use super::handler::BotState;
use crate::table::{Channel, ChannelPermission, Locale, UserId};

/// Pin Messages (split from Manage Messages in 2025; serenity 0.12 has no name for it).
const PIN_MESSAGES: u64 = 1 << 51;

/// What the bot lacks in the channel, by Discord's names, from its resolved permissions.
fn missing(perms: Permissions, loc: Locale) -> (Vec<&'static str>, bool) {
    let mut out = Vec::new();
    if !perms.view_channel() {
        out.push(ChannelPermission::ViewChannel.name(loc));
    }
    if !perms.send_messages() {
        out.push(ChannelPermission::SendMessages.name(loc));
    }
    if !perms.attach_files() {
        out.push(ChannelPermission::AttachFiles.name(loc));
    }
    if !perms.embed_links() {
        out.push(loc.pick("Embed Links", "Встраивать ссылки"));
    }
    let pin = perms.bits() & PIN_MESSAGES != 0 || perms.manage_messages();
    (out, pin)
}

fn mentions(users: &[UserId]) -> String {
    users
        .iter()
        .map(|u| format!("<@{u}>"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The DM each seated player gets at `start`.
fn probe(loc: Locale, game: i64, channel: Channel) -> String {
    match loc {
        Locale::En => format!(
            "✅ Game #{game} in <#{}> has started. What is private to you (cards, secret choices) comes to this conversation.",
            channel.channel
        ),
        Locale::Ru => format!(
            "✅ Партия #{game} в <#{}> началась. Всё личное (карты, тайные решения) будет приходить в эту переписку.",
            channel.channel
        ),
    }
}

/// The channel's pre-flight report.
fn report(
    loc: Locale,
    lacking: &[&str],
    pin: bool,
    closed: &[UserId],
    failed: &[UserId],
    threads: &[(UserId, u64)],
    can_thread: bool,
) -> String {
    let mut lines = vec![loc
        .pick(
            "🛫 **Pre-flight check**",
            "🛫 **Проверка перед первым ходом**",
        )
        .to_string()];
    if lacking.is_empty() {
        lines.push(
            loc.pick(
                "✅ I can post, attach the maps and embed links in this channel.",
                "✅ В этом канале я могу писать, прикреплять карты и встраивать ссылки.",
            )
            .into(),
        );
    } else {
        lines.push(match loc {
            Locale::En => format!(
                "⚠ In this channel I lack: {}. A server admin grants them under the channel's settings → Permissions, for my role.",
                lacking.join(", ")
            ),
            Locale::Ru => format!(
                "⚠ В этом канале мне не хватает прав: {}. Администратор сервера выдаёт их в настройках канала → «Права доступа», для моей роли.",
                lacking.join(", ")
            ),
        });
    }
    if !pin {
        lines.push(
            loc.pick(
                "ℹ I cannot pin here (Pin Messages), so the game's dashboard stays unpinned.",
                "ℹ Закреплять сообщения здесь я не могу («Закреплять сообщения»), поэтому сводка партии не будет закреплена.",
            )
            .into(),
        );
    }
    if closed.is_empty() && failed.is_empty() && threads.is_empty() {
        lines.push(
            loc.pick(
                "✅ I can send direct messages to every seated player.",
                "✅ Я могу писать в личные сообщения каждому игроку за столом.",
            )
            .into(),
        );
    }
    // --- campaign (issue 29): those whose hands go to a private thread
    let in_threads: Vec<String> = threads
        .iter()
        .map(|(u, t)| format!("<@{u}> → <#{t}>"))
        .collect();
    if !in_threads.is_empty() {
        lines.push(match loc {
            Locale::En => format!(
                "🔒 Their DMs are closed, so their hands go to a private thread only they can see: {}. To get them by DM instead: the server's name → Privacy Settings → allow Direct Messages.",
                in_threads.join(", ")
            ),
            Locale::Ru => format!(
                "🔒 Их личные сообщения закрыты, поэтому их руки приходят в закрытую ветку, которую видят только они: {}. Чтобы получать их в личку: имя сервера → «Настройки конфиденциальности» → разрешить личные сообщения.",
                in_threads.join(", ")
            ),
        });
    }
    if !closed.is_empty() {
        lines.push(match loc {
            Locale::En => format!(
                "⚠ I cannot send direct messages to {}: their DMs are closed for this server. To fix it: the server's name → Privacy Settings → allow Direct Messages. Until then their hand waits behind the \"show my hand\" button in this channel, which only they see.",
                mentions(closed)
            ),
            Locale::Ru => format!(
                "⚠ Я не могу писать в личные сообщения {}: они закрыты для этого сервера. Как исправить: имя сервера → «Настройки конфиденциальности» → разрешить личные сообщения. До тех пор их рука ждёт за кнопкой «показать мою руку» в этом канале, которую видят только они.",
                mentions(closed)
            ),
        });
        // --- campaign (issue 29): the private threads the bot could open instead
        if !can_thread {
            lines.push(
                loc.pick(
                    "ℹ With **Create Private Threads** and **Send Messages in Threads** in this channel, I would give them their hands in a private thread only they see.",
                    "ℹ С правами «Создавать приватные ветки» и «Отправлять сообщения в ветках» в этом канале я отдавал бы им руки в закрытой ветке, которую видят только они.",
                )
                .into(),
            );
        }
    }
    if !failed.is_empty() {
        lines.push(match loc {
            Locale::En => format!(
                "⚠ A direct message to {} did not go through just now; I will try again with the next private message.",
                mentions(failed)
            ),
            Locale::Ru => format!(
                "⚠ Личное сообщение {} сейчас не дошло; попробую снова со следующим личным сообщением.",
                mentions(failed)
            ),
        });
    }
    lines.join("\n")
}

/// Runs the check after an accepted `start`: the report for the channel (posted as a
/// follow-up of `start`, which needs no channel permission) and whom it pings.
pub(crate) async fn check(
    state: &Arc<BotState>,
    http: &Http,
    channel: Channel,
    perms: Option<Permissions>,
    since: i64,
) -> Option<(String, Vec<UserId>)> {
    let st = state.clone();
    let info = tokio::task::spawn_blocking(move || {
        let summary = st.table.summary(channel).ok().flatten()?;
        let mut users: Vec<UserId> = st.table.seats(channel).values().copied().collect();
        users.sort_unstable();
        users.dedup();
        st.load_dm_state(users.iter().copied());
        Some((summary, users))
    })
    .await;
    let (summary, users) = info.ok().flatten()?;
    let loc = summary.locale;
    let (mut closed, mut failed) = (Vec::new(), Vec::new());
    let mut threads: Vec<(UserId, u64)> = Vec::new();
    for u in users {
        // A DM of `start` itself (the hand) reached them: reachable, no second DM.
        if state.rhythm.dm_reached_since(u, since) {
            continue;
        }
        match send_dm(state, http, u, &probe(loc, summary.id, channel), Vec::new()).await {
            Ok(()) => {}
            Err(DmError::Closed) => {
                // --- campaign (issue 29): the hand went to their private thread
                let table = state.table.clone();
                let thread = tokio::task::spawn_blocking(move || table.hand_thread(channel, u))
                    .await
                    .ok()
                    .flatten();
                match thread {
                    Some(t) => threads.push((u, t)),
                    None => closed.push(u),
                }
            }
            Err(DmError::Other(e)) => {
                tracing::warn!(user = u, error = %e, "the pre-flight DM failed");
                failed.push(u);
            }
        }
    }
    // Without resolved permissions (not a guild channel), only the DMs are checked.
    let (lacking, pin) = perms.map_or((Vec::new(), true), |p| missing(p, loc));
    let can_thread =
        perms.is_none_or(|p| p.create_private_threads() && p.send_messages_in_threads());
    let text = report(loc, &lacking, pin, &closed, &failed, &threads, can_thread);
    closed.extend(failed);
    closed.extend(threads.iter().map(|(u, _)| *u));
    Some((text, closed))
}
