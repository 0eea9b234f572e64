//! JSON objects in the shapes Discord sends: users, members, channels, messages, interactions,
//! commands, READY. Unit tests below read each one with serenity's own model types.

use serde_json::{json, Value};

use super::limits::ApiError;
use super::state::{
    ChannelId, ChannelKind, InteractionKind, MessageRecord, State, UserId, UserRecord,
};

/// Permissions a member or the bot has in the emulated channels: view, send, embed links,
/// attach files, read history, use application commands.
pub const PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31);

/// Interaction context types.
const CONTEXT_GUILD: u8 = 0;
const CONTEXT_BOT_DM: u8 = 1;

pub fn user(u: &UserRecord) -> Value {
    let mut v = json!({
        "id": u.id.0.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": if u.bot { Value::Null } else { Value::from(u.name.clone()) },
        "avatar": null,
        "public_flags": 0,
    });
    if u.bot {
        v["bot"] = Value::Bool(true);
    }
    v
}

/// A guild member object, as embedded in a guild interaction.
pub fn member(u: &UserRecord, joined_at: &str) -> Value {
    json!({
        "user": user(u),
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": [],
        "joined_at": joined_at,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": PERMISSIONS.to_string(),
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
    })
}

/// The channel object returned by `POST /users/@me/channels`.
pub fn dm_channel(state: &State, channel: ChannelId, recipient: UserId) -> Value {
    let last = state
        .channel_messages(channel)
        .last()
        .map(|m| Value::from(m.id.0.to_string()))
        .unwrap_or(Value::Null);
    let recipient = state.user(recipient).map(user).unwrap_or(Value::Null);
    json!({
        "id": channel.0.to_string(),
        "type": 1,
        "last_message_id": last,
        "flags": 0,
        "recipients": [recipient],
    })
}

/// The partial channel embedded in an interaction.
fn partial_channel(state: &State, channel: ChannelId) -> Value {
    let Some(c) = state.channels.get(&channel) else {
        return Value::Null;
    };
    match &c.kind {
        ChannelKind::GuildText(g) => json!({
            "id": c.id.0.to_string(),
            "type": 0,
            "name": c.name,
            "guild_id": g.0.to_string(),
            "permissions": PERMISSIONS.to_string(),
            "nsfw": false,
            "position": 0,
            "flags": 0,
        }),
        ChannelKind::Dm(u) => json!({
            "id": c.id.0.to_string(),
            "type": 1,
            "flags": 0,
            "recipients": [state.user(*u).map(user).unwrap_or(Value::Null)],
        }),
        // --- campaign (issue 29)
        ChannelKind::PrivateThread { .. } => state.thread_json(channel).unwrap_or(Value::Null),
    }
}

/// A message object as the REST API returns it.
pub fn message(state: &State, m: &MessageRecord) -> Value {
    let author = state.user(m.author).map(user).unwrap_or(Value::Null);
    let attachments: Vec<Value> = m
        .attachments
        .iter()
        .map(|a| {
            let url = format!(
                "{}/attachments/{}/{}/{}",
                state.base_url, m.channel_id.0, a.id, a.filename
            );
            json!({
                "id": a.id.to_string(),
                "filename": a.filename,
                "description": a.description,
                "content_type": a.content_type,
                "size": a.bytes.len(),
                "url": url,
                "proxy_url": url,
            })
        })
        .collect();
    let mut v = json!({
        "id": m.id.0.to_string(),
        "type": if m.interaction_id.is_some() { 20 } else { 0 },
        "channel_id": m.channel_id.0.to_string(),
        "author": author,
        "content": m.content,
        "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": m.embeds,
        "components": m.components,
        "pinned": m.pinned,
        "flags": m.flags,
    });
    if let Some(g) = state.guild_of(m.channel_id) {
        v["guild_id"] = Value::from(g.0.to_string());
    }
    if m.interaction_id.is_some() {
        v["webhook_id"] = Value::from(state.app_id.to_string());
        v["application_id"] = Value::from(state.app_id.to_string());
    }
    v
}

/// Fills Discord's defaults into a command the bot registered and gives it an id.
pub fn registered_command(
    state: &mut State,
    submitted: &Value,
    guild: Option<u64>,
    previous: &[Value],
) -> Value {
    let mut c = submitted.clone();
    let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
    let name = c
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    // A bulk overwrite keeps the id of a command that keeps its name and type.
    let id = previous
        .iter()
        .find(|p| {
            p.get("name").and_then(Value::as_str) == Some(name.as_str())
                && p.get("type").and_then(Value::as_u64) == Some(kind)
        })
        .and_then(|p| p.get("id").cloned())
        .unwrap_or_else(|| Value::from(state.snowflake().to_string()));
    c["id"] = id;
    c["type"] = Value::from(kind);
    c["application_id"] = Value::from(state.app_id.to_string());
    c["version"] = Value::from(state.snowflake().to_string());
    if let Some(g) = guild {
        c["guild_id"] = Value::from(g.to_string());
    }
    for (key, default) in [
        ("default_member_permissions", Value::Null),
        ("nsfw", Value::Bool(false)),
        ("description", Value::from("")),
        ("options", json!([])),
        ("integration_types", json!([0])),
        ("contexts", Value::Null),
    ] {
        if c.get(key).is_none() {
            c[key] = default;
        }
    }
    if c.get("dm_permission").is_none() && guild.is_none() {
        c["dm_permission"] = Value::Bool(true);
    }
    c
}

/// Whether a registered command may be used in a DM with the bot.
pub fn usable_in_dm(command: &Value) -> bool {
    if command.get("guild_id").is_some()
        || command.get("dm_permission") == Some(&Value::Bool(false))
    {
        return false;
    }
    match command.get("contexts").and_then(Value::as_array) {
        Some(contexts) => contexts
            .iter()
            .any(|c| c.as_u64() == Some(CONTEXT_BOT_DM.into())),
        None => true,
    }
}

/// Builds the `data.options` tree for `path` (command, then subcommand group/subcommand names)
/// with `values` given for the leaf, taking option types from the registered definition.
/// `focused` marks one option as focused (autocomplete).
pub fn option_tree(
    command: &Value,
    path: &[&str],
    values: &[(&str, Value)],
    focused: Option<&str>,
) -> Result<Value, String> {
    fn child<'a>(def: &'a Value, name: &str) -> Option<&'a Value> {
        def.get("options")?
            .as_array()?
            .iter()
            .find(|x| x.get("name").and_then(Value::as_str) == Some(name))
    }
    // The definitions of the subcommand group / subcommand along `path`.
    let mut defs = Vec::new();
    let mut def = command;
    for name in path {
        def = child(def, name)
            .filter(|d| matches!(d.get("type").and_then(Value::as_u64), Some(1 | 2)))
            .ok_or_else(|| format!("no subcommand {name:?} in the registered command"))?;
        defs.push(def);
    }
    let mut leaf = Vec::new();
    for (name, value) in values {
        let opt = child(def, name)
            .ok_or_else(|| format!("no option {name:?} in the registered command"))?;
        let mut o = json!({ "name": name, "type": opt["type"], "value": value });
        if focused == Some(*name) {
            o["focused"] = Value::Bool(true);
        }
        leaf.push(o);
    }
    let mut tree = Value::Array(leaf);
    for d in defs.iter().rev() {
        tree = json!([{ "name": d["name"], "type": d["type"], "options": tree }]);
    }
    Ok(tree)
}

/// The `resolved.attachments` map for the attachment options (type 11) in an options tree: each
/// option's value is the id of a file uploaded with [`super::Emulator::upload`].
pub fn resolved_attachments(state: &State, options: &Value) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    for o in options.as_array().into_iter().flatten() {
        if o["type"] == 11 {
            let id = o["value"].as_str().and_then(|v| v.parse::<u64>().ok());
            if let Some(a) = id.and_then(|id| state.uploads.iter().find(|u| u.id == id)) {
                let url = format!("{}/attachments/0/{}/{}", state.base_url, a.id, a.filename);
                out.insert(
                    a.id.to_string(),
                    json!({
                        "id": a.id.to_string(),
                        "filename": a.filename,
                        "content_type": a.content_type,
                        "size": a.bytes.len(),
                        "url": url,
                        "proxy_url": url,
                    }),
                );
            }
        }
        out.extend(resolved_attachments(state, &o["options"]));
    }
    out
}

/// The common part of every interaction payload.
pub struct InteractionBase {
    pub id: u64,
    pub token: String,
    pub kind: InteractionKind,
    pub user: UserId,
    pub channel: ChannelId,
}

/// An INTERACTION_CREATE payload: the fields serenity requires for each context.
pub fn interaction(
    state: &State,
    base: &InteractionBase,
    data: Value,
    message: Option<Value>,
) -> Result<Value, ApiError> {
    let invoker = state.user(base.user).ok_or_else(ApiError::unknown_user)?;
    let guild = state.guild_of(base.channel);
    let mut v = json!({
        "id": base.id.to_string(),
        "application_id": state.app_id.to_string(),
        "type": base.kind.code(),
        "data": data,
        "channel_id": base.channel.0.to_string(),
        "channel": partial_channel(state, base.channel),
        "token": base.token,
        "version": 1,
        // What the bot and the member may do in this channel, from roles and overwrites.
        "app_permissions": state.bot_permissions_in(base.channel).to_string(),
        "locale": invoker.locale,
        "entitlements": [],
        "attachment_size_limit": state.config().attachment_size_limit,
    });
    match guild {
        Some(g) => {
            let g_rec = state.guilds.get(&g).ok_or_else(ApiError::unknown_guild)?;
            v["guild_id"] = Value::from(g.0.to_string());
            v["guild_locale"] = Value::from(g_rec.locale.clone());
            let mut m = member(invoker, &super::state::now_rfc3339());
            m["permissions"] =
                Value::from(state.permissions_in(base.user, base.channel).to_string());
            m["roles"] = json!(g_rec
                .roles_of(base.user)
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>());
            v["member"] = m;
            v["authorizing_integration_owners"] = json!({ "0": g.0.to_string() });
            v["context"] = Value::from(CONTEXT_GUILD);
        }
        None => {
            v["user"] = user(invoker);
            v["authorizing_integration_owners"] = json!({ "0": "0" });
            v["context"] = Value::from(CONTEXT_BOT_DM);
        }
    }
    if let Some(m) = message {
        v["message"] = m;
    }
    Ok(v)
}

/// The READY dispatch data.
pub fn ready(state: &State, session_id: &str, ws_url: &str) -> Value {
    let mut bot = user(&state.bot);
    bot["verified"] = Value::Bool(true);
    bot["mfa_enabled"] = Value::Bool(false);
    bot["flags"] = Value::from(0);
    json!({
        "v": 10,
        "user": bot,
        // Guilds start unavailable; GUILD_CREATE fills each in
        // (<https://discord.com/developers/docs/events/gateway-events#ready>).
        "guilds": state
            .guilds
            .keys()
            .map(|g| json!({ "id": g.0.to_string(), "unavailable": true }))
            .collect::<Vec<_>>(),
        "private_channels": [],
        "relationships": [],
        "session_id": session_id,
        "resume_gateway_url": ws_url,
        "shard": [0, 1],
        "application": { "id": state.app_id.to_string(), "flags": 0 },
    })
}

/// `GET /oauth2/applications/@me`.
pub fn application_info(state: &State) -> Value {
    json!({
        "id": state.app_id.to_string(),
        "name": state.bot.name,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0".repeat(64),
        "owner": null,
        "team": null,
        "flags": 0,
        "bot": user(&state.bot),
    })
}

#[cfg(test)]
mod tests {
    //! Reads every payload shape with serenity's own types, so the emulator stays faithful to
    //! what the real client accepts.
    use serenity::model::application::{Command, Interaction};
    use serenity::model::channel::{Message, PrivateChannel};
    use serenity::model::gateway::Ready;

    use super::super::state::{InteractionKind, MessageId, State, EPHEMERAL};
    use super::super::EmulatorConfig;
    use super::*;

    struct World {
        state: State,
        guild_channel: ChannelId,
        dm: ChannelId,
        user: UserId,
    }

    fn world() -> World {
        let mut state = State::new(EmulatorConfig::default(), "http://127.0.0.1:1".into());
        let user = state.add_user("alice", "ru");
        let guild = state.add_guild("table");
        let guild_channel = state.add_text_channel(guild, "vq");
        let dm = state.dm_channel(user);
        let submitted = json!({
            "name": "vq", "description": "Play", "type": 1,
            "options": [{ "type": 1, "name": "play", "description": "Play a card", "options": [
                { "type": 3, "name": "card", "description": "Card", "required": true, "autocomplete": true },
                { "type": 4, "name": "cp", "description": "CP" }
            ]}]
        });
        let cmd = registered_command(&mut state, &submitted, None, &[]);
        state.global_commands.push(cmd);
        World {
            state,
            guild_channel,
            dm,
            user,
        }
    }

    fn base(w: &mut World, kind: InteractionKind, channel: ChannelId) -> InteractionBase {
        InteractionBase {
            id: w.state.snowflake(),
            token: "tok".into(),
            kind,
            user: w.user,
            channel,
        }
    }

    fn command_data(w: &World, focused: Option<&str>) -> Value {
        let cmd = &w.state.global_commands[0];
        let options = option_tree(
            cmd,
            &["play"],
            &[("card", json!("Dudley")), ("cp", json!(2))],
            focused,
        )
        .expect("options");
        json!({ "id": cmd["id"], "name": "vq", "type": 1, "options": options })
    }

    fn bot_message(w: &mut World, channel: ChannelId, components: Vec<Value>) -> MessageRecord {
        MessageRecord {
            id: MessageId(w.state.snowflake()),
            channel_id: channel,
            author: w.state.bot.id,
            content: "pick".into(),
            embeds: vec![
                json!({"title": "t", "fields": [{"name": "a", "value": "b", "inline": false}]}),
            ],
            components,
            flags: EPHEMERAL,
            attachments: vec![super::super::state::AttachmentRecord {
                id: 7,
                filename: "map.png".into(),
                content_type: Some("image/png".into()),
                description: None,
                bytes: vec![1, 2, 3],
            }],
            interaction_id: Some(1),
            timestamp: super::super::state::now_rfc3339(),
            edited_timestamp: None,
            deleted: false,
            pinned: false,
        }
    }

    #[test]
    fn slash_command_in_guild_and_dm_reads_as_serenity_command_interaction() {
        let mut w = world();
        for channel in [w.guild_channel, w.dm] {
            let b = base(&mut w, InteractionKind::Command, channel);
            let payload = interaction(&w.state, &b, command_data(&w, None), None).expect("payload");
            let parsed: Interaction = serde_json::from_value(payload).expect("serenity reads it");
            let Interaction::Command(ci) = parsed else {
                panic!("not a command interaction");
            };
            assert_eq!(ci.data.name, "vq");
            assert_eq!(ci.locale, "ru");
            assert_eq!(ci.user.id.get(), w.user.0);
            assert_eq!(ci.channel_id.get(), channel.0);
            assert_eq!(ci.guild_id.is_some(), channel == w.guild_channel);
            assert_eq!(ci.member.is_some(), channel == w.guild_channel);
            assert_eq!(ci.attachment_size_limit, 10 * 1024 * 1024);
            let sub = &ci.data.options()[0];
            assert_eq!(sub.name, "play");
        }
    }

    #[test]
    fn autocomplete_reads_as_serenity_autocomplete() {
        let mut w = world();
        let ch = w.guild_channel;
        let b = base(&mut w, InteractionKind::Autocomplete, ch);
        let payload =
            interaction(&w.state, &b, command_data(&w, Some("card")), None).expect("payload");
        let parsed: Interaction = serde_json::from_value(payload).expect("serenity reads it");
        let Interaction::Autocomplete(ai) = parsed else {
            panic!("not autocomplete");
        };
        let focused = ai.data.autocomplete().expect("a focused option");
        assert_eq!(focused.name, "card");
        assert_eq!(focused.value, "Dudley");
    }

    #[test]
    fn button_and_select_clicks_read_as_serenity_component_interactions() {
        let mut w = world();
        let rows = vec![
            json!({"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "vote:ja", "label": "Ja"}]}),
            json!({"type": 1, "components": [{"type": 3, "custom_id": "pick", "options": [{"label": "A", "value": "a"}]}]}),
        ];
        let ch = w.guild_channel;
        let msg = bot_message(&mut w, ch, rows);
        let msg_json = message(&w.state, &msg);
        for (custom_id, data) in [
            (
                "vote:ja",
                json!({"custom_id": "vote:ja", "component_type": 2}),
            ),
            (
                "pick",
                json!({"custom_id": "pick", "component_type": 3, "values": ["a"]}),
            ),
        ] {
            let b = base(&mut w, InteractionKind::Component, ch);
            let payload = interaction(&w.state, &b, data, Some(msg_json.clone())).expect("payload");
            let parsed: Interaction = serde_json::from_value(payload).expect("serenity reads it");
            let Interaction::Component(ci) = parsed else {
                panic!("not a component interaction");
            };
            assert_eq!(ci.data.custom_id, custom_id);
            assert_eq!(ci.message.id.get(), msg.id.0);
            assert_eq!(ci.message.components.len(), 2);
        }
    }

    /// GUILD_CREATE, CHANNEL_UPDATE and GUILD_ROLE_UPDATE read as serenity's models, and the
    /// permissions serenity computes from them are the emulator's.
    #[test]
    fn guild_create_with_roles_and_overwrites_reads_as_serenity_guild() {
        use super::super::permissions::{bits, Overwrite, Target};
        use serenity::model::channel::GuildChannel;
        use serenity::model::guild::{Guild, Role};
        let mut w = world();
        let guild = w.state.guild_of(w.guild_channel).expect("a guild channel");
        let bot = w.state.bot.id;
        if let Some(c) = w.state.channels.get_mut(&w.guild_channel) {
            c.overwrites.push(Overwrite {
                target: Target::Member(bot),
                allow: 0,
                deny: bits::ATTACH_FILES,
            });
        }
        let g: Guild = serde_json::from_value(w.state.guild_create(guild).expect("payload"))
            .expect("serenity reads GUILD_CREATE");
        assert_eq!(g.roles.len(), 2);
        let channel = g
            .channels
            .get(&w.guild_channel.0.into())
            .expect("the channel");
        let member = g.members.get(&bot.0.into()).expect("the bot's member");
        let theirs = g.user_permissions_in(channel, member).bits();
        // serenity 0.12 drops bits it does not know (PIN_MESSAGES, 1 << 51).
        let known = serenity::model::permissions::Permissions::all().bits();
        assert_eq!(theirs, w.state.bot_permissions_in(w.guild_channel) & known);
        assert_eq!(theirs & bits::ATTACH_FILES, 0);
        assert_ne!(theirs & bits::SEND_MESSAGES, 0);
        let c: GuildChannel =
            serde_json::from_value(w.state.guild_channel(w.guild_channel).expect("channel"))
                .expect("serenity reads CHANNEL_UPDATE");
        assert_eq!(c.permission_overwrites.len(), 1);
        let role: Role = serde_json::from_value(w.state.guilds[&guild].roles[1].json())
            .expect("serenity reads a role");
        assert_eq!(
            role.permissions.bits(),
            super::super::permissions::BOT_ROLE_DEFAULT & known
        );
    }

    #[test]
    fn rest_objects_read_as_serenity_models() {
        let mut w = world();
        let dm = w.dm;
        let msg = bot_message(&mut w, dm, vec![]);
        let m: Message = serde_json::from_value(message(&w.state, &msg)).expect("message");
        assert_eq!(m.attachments[0].filename, "map.png");
        assert_eq!(m.attachments[0].size, 3);
        assert!(m
            .flags
            .expect("flags")
            .contains(serenity::model::channel::MessageFlags::EPHEMERAL));

        let ch: PrivateChannel =
            serde_json::from_value(dm_channel(&w.state, w.dm, w.user)).expect("dm channel");
        assert_eq!(ch.recipient.id.get(), w.user.0);

        let cmd: Command =
            serde_json::from_value(w.state.global_commands[0].clone()).expect("command");
        assert_eq!(cmd.name, "vq");
        assert_eq!(cmd.options[0].options.len(), 2);

        let ready: Ready =
            serde_json::from_value(ready(&w.state, "s1", "ws://x/gateway")).expect("ready");
        assert_eq!(ready.application.id.get(), w.state.app_id);
        assert_eq!(ready.user.id.get(), w.state.bot.id.0);

        let info: serenity::model::application::CurrentApplicationInfo =
            serde_json::from_value(application_info(&w.state)).expect("application info");
        assert_eq!(info.id.get(), w.state.app_id);
    }
}
