//! Private threads (issue 29, item 5: the place for hands when a player's DMs are closed), as
//! Discord documents them:
//!
//! * Start Thread without Message, `POST /channels/{channel.id}/threads`
//!   (<https://discord.com/developers/docs/resources/channel#start-thread-without-message>):
//!   `type` 12 is a private thread, which needs CREATE_PRIVATE_THREADS in the parent; the bot
//!   that creates it is its first member; `name` is 1 to 100 characters.
//! * Add Thread Member, `PUT /channels/{channel.id}/thread-members/{user.id}`
//!   (<https://discord.com/developers/docs/resources/channel#add-thread-member>): 204; the
//!   caller must be able to send messages in the thread, and the thread must not be archived.
//! * Who sees a private thread (<https://discord.com/developers/docs/topics/threads>): its
//!   members, and those with MANAGE_THREADS in the parent; posting in a thread needs
//!   SEND_MESSAGES_IN_THREADS rather than SEND_MESSAGES.
//!
//! What the emulator leaves out: public and announcement threads (11, 10), archiving, invitable
//! threads joined by others, THREAD_CREATE and THREAD_MEMBERS_UPDATE gateway events.

use serde_json::{json, Value};

use super::limits::ApiError;
use super::permissions::bits;
use super::state::{ChannelId, ChannelKind, ChannelRecord, State, UserId};

/// CREATE_PRIVATE_THREADS
/// (<https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags>).
pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
/// SEND_MESSAGES_IN_THREADS.
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
/// MANAGE_THREADS.
pub const MANAGE_THREADS: u64 = 1 << 34;

impl State {
    /// The channel object of a thread (type 12), with the fields serenity's `GuildChannel`
    /// reads.
    pub fn thread_json(&self, thread: ChannelId) -> Option<Value> {
        let c = self.channels.get(&thread)?;
        let ChannelKind::PrivateThread {
            guild,
            parent,
            members,
        } = &c.kind
        else {
            return None;
        };
        Some(json!({
            "id": c.id.0.to_string(),
            "type": 12,
            "guild_id": guild.0.to_string(),
            "parent_id": parent.0.to_string(),
            "owner_id": self.bot.id.0.to_string(),
            "name": c.name,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": members.len(),
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": false,
                "auto_archive_duration": 10080,
                "archive_timestamp": super::state::now_rfc3339(),
                "locked": false,
                "invitable": false,
            },
        }))
    }

    /// Whether `user` may see `channel` (VIEW_CHANNEL there; a private thread: a member, or
    /// MANAGE_THREADS in its parent).
    pub fn can_view(&self, user: UserId, channel: ChannelId) -> bool {
        self.permissions_in(user, channel) & bits::VIEW_CHANNEL != 0
    }

    /// The private threads under `parent`, as (thread, members).
    pub fn threads_of(&self, parent: ChannelId) -> Vec<(ChannelId, Vec<UserId>)> {
        self.channels
            .values()
            .filter_map(|c| match &c.kind {
                ChannelKind::PrivateThread {
                    parent: p, members, ..
                } if *p == parent => Some((c.id, members.clone())),
                _ => None,
            })
            .collect()
    }
}

/// The permissions of `user` in a private thread: the parent's, if they may see it at all.
pub(crate) fn thread_permissions(
    s: &State,
    user: UserId,
    parent: ChannelId,
    members: &[UserId],
) -> u64 {
    let p = s.permissions_in(user, parent);
    if !members.contains(&user) && p & MANAGE_THREADS == 0 {
        return 0;
    }
    p
}

/// `POST /channels/{id}/threads`.
pub(crate) fn start_thread(
    s: &mut State,
    parent: ChannelId,
    body: Option<&Value>,
) -> Result<(u16, Value), ApiError> {
    let Some(ChannelKind::GuildText(guild)) = s.channels.get(&parent).map(|c| c.kind.clone())
    else {
        // 50024: Cannot execute action on this channel type.
        return Err(ApiError::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    };
    let body = body.cloned().unwrap_or_else(|| json!({}));
    let name = body.get("name").and_then(Value::as_str).unwrap_or("");
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ApiError::new(
            400,
            50035,
            "Invalid Form Body (name: 1 to 100 characters)",
        ));
    }
    if body.get("type").and_then(Value::as_u64) != Some(12) {
        return Err(ApiError::new(
            400,
            50035,
            "Invalid Form Body (the emulator makes private threads only: type 12)",
        ));
    }
    let have = s.bot_permissions_in(parent);
    if have & bits::VIEW_CHANNEL == 0 {
        return Err(ApiError::missing_access());
    }
    if have & CREATE_PRIVATE_THREADS == 0 {
        return Err(ApiError::missing_permissions());
    }
    let id = ChannelId(s.snowflake());
    let bot = s.bot.id;
    s.channels.insert(
        id,
        ChannelRecord {
            id,
            name: name.to_string(),
            kind: ChannelKind::PrivateThread {
                guild,
                parent,
                members: vec![bot],
            },
            overwrites: Vec::new(),
        },
    );
    Ok((201, s.thread_json(id).unwrap_or(Value::Null)))
}

/// `PUT /channels/{id}/thread-members/{user}`.
pub(crate) fn add_member(
    s: &mut State,
    thread: ChannelId,
    user: UserId,
) -> Result<(u16, Value), ApiError> {
    let Some(ChannelKind::PrivateThread { guild, .. }) =
        s.channels.get(&thread).map(|c| c.kind.clone())
    else {
        return Err(ApiError::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    };
    let have = s.bot_permissions_in(thread);
    if have & bits::VIEW_CHANNEL == 0 {
        return Err(ApiError::missing_access());
    }
    if have & SEND_MESSAGES_IN_THREADS == 0 {
        return Err(ApiError::missing_permissions());
    }
    if !s
        .guilds
        .get(&guild)
        .is_some_and(|g| g.members.contains(&user))
    {
        // 10007: Unknown Member.
        return Err(ApiError::new(404, 10007, "Unknown Member"));
    }
    if let Some(ChannelKind::PrivateThread { members, .. }) =
        s.channels.get_mut(&thread).map(|c| &mut c.kind)
    {
        if !members.contains(&user) {
            members.push(user);
        }
    }
    Ok((204, Value::Null))
}
