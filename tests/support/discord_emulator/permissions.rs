//! Guild roles, channel permission overwrites, and the permissions they give a member in a
//! channel, computed the way Discord documents it
//! (<https://discord.com/developers/docs/topics/permissions#permission-overwrites>): the
//! guild owner and ADMINISTRATOR have everything; otherwise the @everyone role's permissions
//! OR the member's roles', then the channel's @everyone overwrite (deny, then allow), then all
//! the member's role overwrites together (deny, then allow), then the member's own overwrite.
//!
//! REST answers without a permission are Discord's 403s
//! (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>): 50001
//! "Missing Access" without VIEW_CHANNEL, 50013 "Missing Permissions" for the rest.

use serde_json::{json, Value};

use super::state::{ChannelId, ChannelKind, GuildId, State, UserId};

/// Permission bits used by the emulator
/// (<https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags>).
pub mod bits {
    /// Create instant invite.
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    /// Every permission, every overwrite ignored.
    pub const ADMINISTRATOR: u64 = 1 << 3;
    /// Edit and delete channels (and their overwrites).
    pub const MANAGE_CHANNELS: u64 = 1 << 4;
    /// Add reactions.
    pub const ADD_REACTIONS: u64 = 1 << 6;
    /// See a channel (and read it).
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    /// Post messages in a channel.
    pub const SEND_MESSAGES: u64 = 1 << 11;
    /// Delete others' messages.
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    /// Links are shown as embeds.
    pub const EMBED_LINKS: u64 = 1 << 14;
    /// Upload files.
    pub const ATTACH_FILES: u64 = 1 << 15;
    /// Read past messages.
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    /// Mention @everyone.
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    /// Use slash commands.
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    /// Pin and unpin messages (split from MANAGE_MESSAGES in 2025).
    pub const PIN_MESSAGES: u64 = 1 << 51;
    /// All bits the emulator knows.
    pub const ALL: u64 = (1 << 52) - 1;
}

/// What the @everyone role of a new emulated guild may do: Discord's defaults for text.
pub const EVERYONE_DEFAULT: u64 = bits::CREATE_INSTANT_INVITE
    | bits::ADD_REACTIONS
    | bits::VIEW_CHANNEL
    | bits::SEND_MESSAGES
    | bits::EMBED_LINKS
    | bits::ATTACH_FILES
    | bits::READ_MESSAGE_HISTORY
    | bits::USE_APPLICATION_COMMANDS;

/// What the bot's own (managed) role carries, as its invite link asked for. No thread
/// permissions: a test that wants private threads grants them (`threads.rs`).
pub const BOT_ROLE_DEFAULT: u64 = bits::VIEW_CHANNEL
    | bits::SEND_MESSAGES
    | bits::EMBED_LINKS
    | bits::ATTACH_FILES
    | bits::READ_MESSAGE_HISTORY
    | bits::PIN_MESSAGES;

/// A guild role. The @everyone role has the guild's id.
#[derive(Clone, Debug)]
pub struct RoleRecord {
    pub id: u64,
    pub name: String,
    pub permissions: u64,
    pub position: u16,
    /// A bot's own role, created when it joined (`tags.bot_id`).
    pub bot_id: Option<UserId>,
}

/// Whom a channel overwrite is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A role (the @everyone role is the guild's id).
    Role(u64),
    /// One member.
    Member(UserId),
}

/// A channel's permission overwrite.
#[derive(Clone, Debug)]
pub struct Overwrite {
    pub target: Target,
    pub allow: u64,
    pub deny: u64,
}

impl Overwrite {
    /// Discord's overwrite object (type 0 role, 1 member; bit sets as strings).
    pub fn json(&self) -> Value {
        let (id, kind) = match self.target {
            Target::Role(r) => (r, 0),
            Target::Member(u) => (u.0, 1),
        };
        json!({
            "id": id.to_string(),
            "type": kind,
            "allow": self.allow.to_string(),
            "deny": self.deny.to_string(),
        })
    }
}

impl RoleRecord {
    /// Discord's role object, with the fields serenity requires.
    pub fn json(&self) -> Value {
        let mut tags = json!({});
        if let Some(b) = self.bot_id {
            tags["bot_id"] = Value::from(b.0.to_string());
        }
        json!({
            "id": self.id.to_string(),
            "name": self.name,
            "color": 0,
            "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": self.position,
            "permissions": self.permissions.to_string(),
            "managed": self.bot_id.is_some(),
            "mentionable": false,
            "tags": tags,
            "flags": 0,
        })
    }
}

impl State {
    /// The member's permissions in `channel` (all of them in a DM).
    pub fn permissions_in(&self, user: UserId, channel: ChannelId) -> u64 {
        let Some(c) = self.channels.get(&channel) else {
            return 0;
        };
        // --- campaign (issue 29): a private thread is seen by its members only.
        if let ChannelKind::PrivateThread {
            parent, members, ..
        } = &c.kind
        {
            return super::threads::thread_permissions(self, user, *parent, members);
        }
        let ChannelKind::GuildText(g) = c.kind else {
            return bits::ALL;
        };
        let Some(guild) = self.guilds.get(&g) else {
            return 0;
        };
        if guild.owner == Some(user) {
            return bits::ALL;
        }
        let roles = guild.roles_of(user);
        let mut perms = guild
            .roles
            .iter()
            .filter(|r| r.id == g.0 || roles.contains(&r.id))
            .fold(0, |p, r| p | r.permissions);
        if perms & bits::ADMINISTRATOR != 0 {
            return bits::ALL;
        }
        let find = |t: Target| c.overwrites.iter().find(|o| o.target == t);
        if let Some(o) = find(Target::Role(g.0)) {
            perms = (perms & !o.deny) | o.allow;
        }
        let (mut deny, mut allow) = (0, 0);
        for o in &c.overwrites {
            if matches!(o.target, Target::Role(r) if r != g.0 && roles.contains(&r)) {
                deny |= o.deny;
                allow |= o.allow;
            }
        }
        perms = (perms & !deny) | allow;
        if let Some(o) = find(Target::Member(user)) {
            perms = (perms & !o.deny) | o.allow;
        }
        perms
    }

    /// The bot's permissions in `channel`.
    pub fn bot_permissions_in(&self, channel: ChannelId) -> u64 {
        self.permissions_in(self.bot.id, channel)
    }

    /// The guild's GUILD_CREATE payload: roles, the bot's member object, text channels with
    /// their overwrites (<https://discord.com/developers/docs/events/gateway-events#guild-create>).
    pub fn guild_create(&self, g: GuildId) -> Option<Value> {
        let guild = self.guilds.get(&g)?;
        let joined = super::state::now_rfc3339();
        let channels: Vec<Value> = self
            .channels
            .values()
            .filter(|c| c.kind == ChannelKind::GuildText(g))
            .filter_map(|c| self.guild_channel(c.id))
            .collect();
        let mut bot = super::payloads::member(&self.bot, &joined);
        bot["roles"] = json!(guild
            .roles_of(self.bot.id)
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>());
        if let Some(o) = bot.as_object_mut() {
            o.remove("permissions");
        }
        Some(json!({
            "id": g.0.to_string(),
            "name": guild.name,
            "icon": null,
            "splash": null,
            "discovery_splash": null,
            // Owned by someone outside the emulated world unless set: the bot is no owner.
            "owner_id": guild.owner.map_or(1, |u| u.0).to_string(),
            "afk_channel_id": null,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": guild.roles.iter().map(RoleRecord::json).collect::<Vec<_>>(),
            "emojis": [],
            "features": [],
            "mfa_level": 0,
            "application_id": null,
            "system_channel_id": null,
            "system_channel_flags": 0,
            "rules_channel_id": null,
            "vanity_url_code": null,
            "description": null,
            "banner": null,
            "premium_tier": 0,
            "preferred_locale": guild.locale,
            "public_updates_channel_id": null,
            "nsfw_level": 0,
            "stickers": [],
            "premium_progress_bar_enabled": false,
            "safety_alerts_channel_id": null,
            "joined_at": joined,
            "large": false,
            "unavailable": false,
            "member_count": guild.members.len(),
            "voice_states": [],
            "members": [bot],
            "channels": channels,
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
        }))
    }

    /// A guild text channel object with its overwrites (GUILD_CREATE, CHANNEL_UPDATE).
    pub fn guild_channel(&self, channel: ChannelId) -> Option<Value> {
        let c = self.channels.get(&channel)?;
        let ChannelKind::GuildText(g) = c.kind else {
            return None;
        };
        Some(json!({
            "id": c.id.0.to_string(),
            "type": 0,
            "guild_id": g.0.to_string(),
            "name": c.name,
            "position": 0,
            "permission_overwrites": c.overwrites.iter().map(Overwrite::json).collect::<Vec<_>>(),
            "topic": null,
            "nsfw": false,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "parent_id": null,
            "flags": 0,
        }))
    }
}
