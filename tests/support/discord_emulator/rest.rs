//! The REST side: `/api/v10/...` routes, the request log, and attachment downloads.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State as AxState};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::limits::{self, ApiError, FormErrors};
use super::payloads;
use super::permissions::bits;
use super::ratelimit::Verdict;
use super::state::{
    AttachmentRecord, ChannelId, ChannelKind, FilePart, GuildId, InteractionKind, MessageId,
    MessageRecord, RequestRecord, State, UserId, EPHEMERAL, LOADING,
};
use super::Shared;

/// Largest body the server reads; bigger uploads fail with 40005 like Discord's.
pub(crate) const BODY_LIMIT: usize = 64 * 1024 * 1024;

/// A parsed request body.
#[derive(Default)]
struct Parsed {
    json: Option<Value>,
    files: Vec<FilePart>,
}

/// The fallback handler: every non-gateway request lands here.
pub(crate) async fn handle(AxState(shared): AxState<Arc<Shared>>, req: Request) -> Response {
    let method = req.method().as_str().to_string();
    let path = req.uri().path().to_string();
    let query = req.uri().query().map(str::to_string);
    let authorization = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);

    if method == "GET" && path.starts_with("/attachments/") {
        return download(&shared, &path);
    }

    // An injected fault: hold the request, or answer 429 as Discord's rate limiter does.
    match shared.mutate(|s| s.take_fault(&method, &path)) {
        Some(super::faults::FaultKind::Stall(d)) => tokio::time::sleep(d).await,
        Some(super::faults::FaultKind::RateLimited {
            retry_after,
            global,
        }) => {
            let body = super::faults::rate_limited_body(retry_after, global);
            shared.mutate(|s| {
                s.requests.push(RequestRecord {
                    method: method.clone(),
                    path: path.clone(),
                    query: query.clone(),
                    authorization: authorization.clone(),
                    json: None,
                    files: Vec::new(),
                    status: 429,
                    response: body.clone(),
                })
            });
            let mut r = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
            let h = r.headers_mut();
            // `Retry-After` is whole seconds; the body's `retry_after` keeps the decimals.
            let whole = format!("{}", retry_after.ceil().max(1.0) as u64);
            if let Ok(v) = header::HeaderValue::from_str(&whole) {
                h.insert(header::RETRY_AFTER, v);
            }
            if let Ok(v) = header::HeaderValue::from_str(&format!("{retry_after:.3}")) {
                h.insert("x-ratelimit-reset-after", v);
            }
            h.insert(
                "x-ratelimit-scope",
                header::HeaderValue::from_static(if global { "global" } else { "user" }),
            );
            h.insert("x-ratelimit-limit", header::HeaderValue::from_static("5"));
            h.insert(
                "x-ratelimit-remaining",
                header::HeaderValue::from_static("0"),
            );
            h.insert(
                "x-ratelimit-bucket",
                header::HeaderValue::from_static("emulated"),
            );
            if global {
                h.insert(
                    "x-ratelimit-global",
                    header::HeaderValue::from_static("true"),
                );
            }
            return r;
        }
        None => {}
    }
    // Discord's rate limits (see `ratelimit.rs`): bucket headers on every answer, 429 past a
    // bucket's or the global limit.
    let limited = shared.mutate(|s| {
        let segs: Vec<&str> = path.split('/').filter(|x| !x.is_empty()).collect();
        match (s.config().rate_limits, segs.as_slice()) {
            (true, ["api", "v10", rest @ ..]) => {
                s.rate_limits
                    .check(&method, rest, std::time::Instant::now())
            }
            _ => Verdict::Pass(Vec::new()),
        }
    });
    let extra = match limited {
        Verdict::Pass(h) => h,
        Verdict::Limited(h, body) => {
            shared.mutate(|s| {
                s.requests.push(RequestRecord {
                    method: method.clone(),
                    path: path.clone(),
                    query: query.clone(),
                    authorization: authorization.clone(),
                    json: None,
                    files: Vec::new(),
                    status: 429,
                    response: body.clone(),
                })
            });
            let mut r = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
            add_headers(&mut r, &h);
            return r;
        }
    };
    let parsed = read_body(req).await;
    // Route and log in one step, so a waiter woken by the change also sees the request.
    let (status, body) = shared.mutate(|s| {
        let (json, files) = match &parsed {
            Ok(p) => (p.json.clone(), p.files.clone()),
            Err(_) => (None, Vec::new()),
        };
        let result = parsed.and_then(|p| {
            let segs: Vec<&str> = path.split('/').filter(|x| !x.is_empty()).collect();
            match segs.as_slice() {
                ["api", "v10", rest @ ..] => route(s, &method, rest, authorization.as_deref(), &p),
                _ => Err(ApiError::not_found()),
            }
        });
        let (status, body) = result.unwrap_or_else(|e| (e.status, e.body));
        s.requests.push(RequestRecord {
            method,
            path,
            query,
            authorization,
            json,
            files,
            status,
            response: body.clone(),
        });
        (status, body)
    });
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut r = if status == 204 {
        code.into_response()
    } else {
        (code, axum::Json(body)).into_response()
    };
    add_headers(&mut r, &extra);
    r
}

fn add_headers(r: &mut Response, headers: &[(&'static str, String)]) {
    for (name, value) in headers {
        if let Ok(v) = header::HeaderValue::from_str(value) {
            r.headers_mut().insert(*name, v);
        }
    }
}

async fn read_body(req: Request) -> Result<Parsed, ApiError> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let bad_json = || ApiError::new(400, 50109, "The request body contains invalid JSON.");
    let mut parsed = Parsed::default();
    if content_type.starts_with("multipart/form-data") {
        let mut form = Multipart::from_request(req, &())
            .await
            .map_err(|_| bad_json())?;
        loop {
            let field = match form.next_field().await {
                Ok(Some(f)) => f,
                Ok(None) => break,
                Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                    return Err(ApiError::entity_too_large())
                }
                Err(_) => return Err(bad_json()),
            };
            let name = field.name().unwrap_or("").to_string();
            let filename = field.file_name().map(str::to_string);
            let content_type = field.content_type().map(str::to_string);
            let bytes = field.bytes().await.map_err(|e| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::entity_too_large()
                } else {
                    bad_json()
                }
            })?;
            if name == "payload_json" {
                parsed.json = Some(serde_json::from_slice(&bytes).map_err(|_| bad_json())?);
            } else {
                parsed.files.push(FilePart {
                    field: name,
                    filename,
                    content_type,
                    bytes: bytes.to_vec(),
                });
            }
        }
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), BODY_LIMIT)
            .await
            .map_err(|_| ApiError::entity_too_large())?;
        if !bytes.is_empty() {
            parsed.json = Some(serde_json::from_slice(&bytes).map_err(|_| bad_json())?);
        }
    }
    Ok(parsed)
}

/// `GET /attachments/{channel}/{attachment}/{filename}`: the uploaded bytes.
fn download(shared: &Shared, path: &str) -> Response {
    let segs: Vec<&str> = path.split('/').filter(|x| !x.is_empty()).collect();
    let found = match segs.as_slice() {
        ["attachments", _, id, _] => id.parse::<u64>().ok().and_then(|id| {
            shared.read(|s| {
                s.messages
                    .iter()
                    .flat_map(|m| m.attachments.iter())
                    .chain(s.uploads.iter())
                    .find(|a| a.id == id)
                    .cloned()
            })
        }),
        _ => None,
    };
    match found {
        Some(a) => {
            let ct = a
                .content_type
                .unwrap_or_else(|| "application/octet-stream".into());
            ([(header::CONTENT_TYPE, ct)], Body::from(a.bytes)).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

type Reply = Result<(u16, Value), ApiError>;

fn id_of(s: &str) -> Option<u64> {
    s.parse().ok()
}

fn route(s: &mut State, method: &str, segs: &[&str], auth: Option<&str>, body: &Parsed) -> Reply {
    let authorized = auth == Some(format!("Bot {}", s.config().token).as_str());
    // Interaction callbacks and webhook routes are authenticated by the token in the path.
    let open = matches!(segs, ["gateway"] | ["interactions", ..] | ["webhooks", ..]);
    if !open && !authorized {
        return Err(ApiError::unauthorized());
    }
    match (method, segs) {
        ("GET", ["gateway"]) => Ok((200, json!({ "url": format!("ws://{}/gateway", s.addr()) }))),
        ("GET", ["gateway", "bot"]) => Ok((
            200,
            json!({
                "url": format!("ws://{}/gateway", s.addr()),
                "shards": s.config().shards,
                "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1
                }
            }),
        )),
        ("GET", ["oauth2", "applications", "@me"]) => Ok((200, payloads::application_info(s))),
        ("GET", ["users", "@me"]) => {
            let mut me = payloads::user(&s.bot);
            me["verified"] = Value::Bool(true);
            me["mfa_enabled"] = Value::Bool(false);
            Ok((200, me))
        }
        ("POST", ["users", "@me", "channels"]) => open_dm(s, body),
        ("PUT", ["applications", app, "commands"]) => put_commands(s, app, None, body),
        ("GET", ["applications", app, "commands"]) => {
            check_app(s, app)?;
            Ok((200, Value::Array(s.global_commands.clone())))
        }
        ("PUT", ["applications", app, "guilds", guild, "commands"]) => {
            put_commands(s, app, Some(guild), body)
        }
        ("GET", ["applications", app, "guilds", guild, "commands"]) => {
            check_app(s, app)?;
            let g = guild_id(s, guild)?;
            Ok((
                200,
                Value::Array(s.guild_commands.get(&g).cloned().unwrap_or_default()),
            ))
        }
        ("POST", ["interactions", id, token, "callback"]) => callback(s, id, token, body),
        ("POST", ["webhooks", app, token]) => followup(s, app, token, body),
        ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", which]) => {
            webhook_message(s, method, app, token, which, body)
        }
        ("POST", ["channels", channel, "messages"]) => create_message(s, channel, body),
        ("GET" | "PATCH" | "DELETE", ["channels", channel, "messages", message]) => {
            channel_message(s, method, channel, message, body)
        }
        ("PUT" | "DELETE", ["channels", channel, "pins", message]) => {
            pin(s, method, channel, message)
        }
        ("PATCH", ["channels", channel]) => modify_channel(s, channel, body),
        // --- campaign (issue 29): private threads (`threads.rs`)
        ("POST", ["channels", channel, "threads"]) => {
            let parent = channel_id(s, channel)?;
            super::threads::start_thread(s, parent, body.json.as_ref())
        }
        ("PUT", ["channels", channel, "thread-members", user]) => {
            let thread = channel_id(s, channel)?;
            let user = id_of(user).map(UserId).ok_or_else(ApiError::unknown_user)?;
            super::threads::add_member(s, thread, user)
        }
        _ => Err(ApiError::not_found()),
    }
}

impl State {
    fn addr(&self) -> String {
        self.base_url.trim_start_matches("http://").to_string()
    }
}

fn check_app(s: &State, app: &str) -> Result<(), ApiError> {
    if id_of(app) == Some(s.app_id) {
        Ok(())
    } else {
        Err(ApiError::missing_access())
    }
}

fn guild_id(s: &State, raw: &str) -> Result<GuildId, ApiError> {
    id_of(raw)
        .map(GuildId)
        .filter(|g| s.guilds.contains_key(g))
        .ok_or_else(ApiError::unknown_guild)
}

fn put_commands(s: &mut State, app: &str, guild: Option<&str>, body: &Parsed) -> Reply {
    check_app(s, app)?;
    let guild = guild.map(|g| guild_id(s, g)).transpose()?;
    let Some(Value::Array(submitted)) = &body.json else {
        let mut e = FormErrors::default();
        e.push(&[], "BASE_TYPE_ARRAY", "Must be an array.".into());
        return Err(ApiError::invalid_form(e));
    };
    limits::check_commands_with(submitted, s.config().command_chars_max)?;
    let previous = match guild {
        Some(g) => s.guild_commands.get(&g).cloned().unwrap_or_default(),
        None => s.global_commands.clone(),
    };
    let registered: Vec<Value> = submitted
        .iter()
        .map(|c| payloads::registered_command(s, c, guild.map(|g| g.0), &previous))
        .collect();
    match guild {
        Some(g) => {
            s.guild_commands.insert(g, registered.clone());
        }
        None => s.global_commands = registered.clone(),
    }
    s.registrations += 1;
    Ok((200, Value::Array(registered)))
}

fn open_dm(s: &mut State, body: &Parsed) -> Reply {
    let recipient = body
        .json
        .as_ref()
        .and_then(|j| j.get("recipient_id"))
        .and_then(|v| match v {
            Value::String(x) => x.parse::<u64>().ok(),
            Value::Number(n) => n.as_u64(),
            _ => None,
        });
    let Some(user) = recipient.map(UserId).filter(|u| s.users.contains_key(u)) else {
        return Err(ApiError::unknown_user());
    };
    let channel = s.dm_channel(user);
    Ok((200, payloads::dm_channel(s, channel, user)))
}

/// Builds a new message from a create payload (already validated).
fn new_message(
    s: &mut State,
    channel: ChannelId,
    payload: &Value,
    files: &[FilePart],
    interaction: Option<u64>,
) -> Result<MessageRecord, ApiError> {
    let mut msg = MessageRecord {
        id: MessageId(s.snowflake()),
        channel_id: channel,
        author: s.bot.id,
        content: String::new(),
        embeds: Vec::new(),
        components: Vec::new(),
        flags: 0,
        attachments: Vec::new(),
        interaction_id: interaction,
        timestamp: super::state::now_rfc3339(),
        edited_timestamp: None,
        deleted: false,
        pinned: false,
    };
    apply_fields(s, &mut msg, payload, files);
    let requested = payload.get("flags").and_then(Value::as_u64).unwrap_or(0);
    // Ephemeral exists only for interaction responses; Discord drops it elsewhere.
    if interaction.is_some() {
        msg.flags |= requested & EPHEMERAL;
    }
    // Suppress embeds / suppress notifications are kept as given.
    msg.flags |= requested & ((1 << 2) | (1 << 12));
    if is_empty(&msg) {
        return Err(ApiError::empty_message());
    }
    Ok(msg)
}

fn is_empty(m: &MessageRecord) -> bool {
    m.content.is_empty()
        && m.embeds.is_empty()
        && m.attachments.is_empty()
        && m.components.is_empty()
}

/// Replaces the fields present in `payload` and adds the uploaded files, matching each
/// `files[n]` part to the `attachments` entry with id `n`.
fn apply_fields(s: &mut State, msg: &mut MessageRecord, payload: &Value, files: &[FilePart]) {
    if let Some(c) = payload.get("content") {
        msg.content = c.as_str().unwrap_or("").to_string();
    }
    if let Some(e) = payload.get("embeds") {
        msg.embeds = e
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|mut e| {
                if e.get("type").is_none() {
                    e["type"] = Value::from("rich");
                }
                e
            })
            .collect();
    }
    if let Some(c) = payload.get("components") {
        msg.components = c.as_array().cloned().unwrap_or_default();
    }
    let listed = payload.get("attachments").and_then(Value::as_array);
    if let Some(listed) = listed {
        // Existing attachments survive only if the payload lists their id.
        msg.attachments.retain(|a| {
            listed
                .iter()
                .any(|l| l.get("id").and_then(json_u64) == Some(a.id))
        });
    }
    for f in files {
        let index = f
            .field
            .strip_prefix("files[")
            .and_then(|r| r.strip_suffix(']'))
            .and_then(|n| n.parse::<u64>().ok());
        let entry = listed.and_then(|l| {
            l.iter()
                .find(|x| index.is_some() && x.get("id").and_then(json_u64) == index)
        });
        let filename = entry
            .and_then(|e| e.get("filename"))
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| f.filename.clone())
            .unwrap_or_else(|| "file".into());
        msg.attachments.push(AttachmentRecord {
            id: s.snowflake(),
            filename,
            content_type: f.content_type.clone(),
            description: entry
                .and_then(|e| e.get("description"))
                .and_then(Value::as_str)
                .map(str::to_string),
            bytes: f.bytes.clone(),
        });
    }
}

fn json_u64(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(x) => x.parse().ok(),
        _ => None,
    }
}

/// Validates a message payload (`prefix` is `["data"]` inside an interaction callback).
fn validate(
    s: &State,
    payload: &Value,
    files: &[FilePart],
    prefix: &[String],
) -> Result<(), ApiError> {
    limits::check_files(files, s.config().attachment_size_limit as usize)?;
    let mut errors = FormErrors::default();
    limits::check_message(&mut errors, payload, prefix);
    errors.into_result()
}

fn edit_message(s: &mut State, id: MessageId, payload: &Value, files: &[FilePart]) -> Reply {
    // Editing a deleted message is an Unknown Message (10008)
    // (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>).
    let mut msg = s
        .message(id)
        .filter(|m| !m.deleted)
        .cloned()
        .ok_or_else(ApiError::unknown_message)?;
    apply_fields(s, &mut msg, payload, files);
    if is_empty(&msg) {
        return Err(ApiError::empty_message());
    }
    msg.flags &= !LOADING;
    msg.edited_timestamp = Some(super::state::now_rfc3339());
    let json = payloads::message(s, &msg);
    if let Some(slot) = s.message_mut(id) {
        *slot = msg;
    }
    Ok((200, json))
}

fn callback(s: &mut State, id: &str, token: &str, body: &Parsed) -> Reply {
    let deadline = s.config().ack_deadline;
    let ix = id_of(id)
        .and_then(|id| s.interaction(id))
        .filter(|ix| ix.token == token)
        .cloned()
        .ok_or_else(ApiError::unknown_interaction)?;
    if ix.response_type.is_some() {
        return Err(ApiError::already_acknowledged());
    }
    if State::age(ix.created) > deadline {
        return Err(ApiError::unknown_interaction());
    }
    let payload = body.json.clone().unwrap_or(Value::Null);
    let kind = payload.get("type").and_then(Value::as_u64).unwrap_or(0);
    let data = payload.get("data").cloned().unwrap_or_else(|| json!({}));
    let data_prefix = vec!["data".to_string()];
    let allowed: &[u64] = match ix.kind {
        InteractionKind::Command => &[4, 5, 9],
        InteractionKind::Component => &[4, 5, 6, 7, 9],
        InteractionKind::Autocomplete => &[8],
    };
    if !allowed.contains(&kind) {
        let mut e = FormErrors::default();
        let choices: Vec<String> = allowed.iter().map(u64::to_string).collect();
        e.push(
            &["type".to_string()],
            "BASE_TYPE_CHOICES",
            format!("Value must be one of {{{}}}.", choices.join(", ")),
        );
        return Err(ApiError::invalid_form(e));
    }
    let mut original = None;
    let mut deferred = false;
    let mut choices = None;
    match kind {
        4 => {
            validate(s, &data, &body.files, &data_prefix)?;
            let msg = new_message(s, ix.channel_id, &data, &body.files, Some(ix.id))?;
            original = Some(msg.id);
            s.messages.push(msg);
        }
        5 => {
            let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL;
            let msg = MessageRecord {
                id: MessageId(s.snowflake()),
                channel_id: ix.channel_id,
                author: s.bot.id,
                content: String::new(),
                embeds: Vec::new(),
                components: Vec::new(),
                flags: flags | LOADING,
                attachments: Vec::new(),
                interaction_id: Some(ix.id),
                timestamp: super::state::now_rfc3339(),
                edited_timestamp: None,
                deleted: false,
                pinned: false,
            };
            original = Some(msg.id);
            deferred = true;
            s.messages.push(msg);
        }
        7 => {
            validate(s, &data, &body.files, &data_prefix)?;
            let target = ix.source_message.ok_or_else(ApiError::unknown_message)?;
            edit_message(s, target, &data, &body.files)?;
            original = Some(target);
        }
        6 => original = ix.source_message,
        8 => {
            let list = data
                .get("choices")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let mut errors = FormErrors::default();
            limits::check_choices(&mut errors, &list, &["data".into(), "choices".into()]);
            errors.into_result()?;
            choices = Some(list);
        }
        _ => {} // 9 (modal) changes no message.
    }
    if let Some(rec) = s.interactions.iter_mut().find(|i| i.id == ix.id) {
        rec.response_type = Some(kind as u8);
        rec.original_message = original;
        rec.deferred_original = deferred;
        rec.choices = choices;
    }
    Ok((204, Value::Null))
}

/// Finds the interaction behind a webhook route, enforcing the application and the 15-minute
/// token lifetime.
fn webhook_interaction(s: &State, app: &str, token: &str) -> Result<u64, ApiError> {
    if id_of(app) != Some(s.app_id) {
        return Err(ApiError::unknown_webhook());
    }
    let ix = s
        .interactions
        .iter()
        .find(|i| i.token == token)
        .ok_or_else(ApiError::invalid_webhook_token)?;
    if State::age(ix.created) > s.config().token_lifetime {
        return Err(ApiError::invalid_webhook_token());
    }
    Ok(ix.id)
}

fn followup(s: &mut State, app: &str, token: &str, body: &Parsed) -> Reply {
    let id = webhook_interaction(s, app, token)?;
    let ix = s
        .interaction(id)
        .cloned()
        .ok_or_else(ApiError::unknown_webhook)?;
    if ix.response_type.is_none() {
        // Nothing acknowledged the interaction yet, so its webhook does not exist.
        return Err(ApiError::unknown_webhook());
    }
    let payload = body.json.clone().unwrap_or_else(|| json!({}));
    validate(s, &payload, &body.files, &[])?;
    if ix.deferred_original {
        // Discord's compatibility rule: the first follow-up after a deferral fills it in; a
        // deleted one is an Unknown Message (10008).
        let original = ix
            .original_message
            .filter(|m| s.message(*m).is_some_and(|m| !m.deleted))
            .ok_or_else(ApiError::unknown_message)?;
        let reply = edit_message(s, original, &payload, &body.files)?;
        if let Some(rec) = s.interactions.iter_mut().find(|i| i.id == id) {
            rec.deferred_original = false;
        }
        return Ok(reply);
    }
    let msg = new_message(s, ix.channel_id, &payload, &body.files, Some(id))?;
    let json = payloads::message(s, &msg);
    let mid = msg.id;
    s.messages.push(msg);
    if let Some(rec) = s.interactions.iter_mut().find(|i| i.id == id) {
        rec.followups.push(mid);
    }
    Ok((200, json))
}

fn webhook_message(
    s: &mut State,
    method: &str,
    app: &str,
    token: &str,
    which: &str,
    body: &Parsed,
) -> Reply {
    let id = webhook_interaction(s, app, token)?;
    let ix = s
        .interaction(id)
        .cloned()
        .ok_or_else(ApiError::unknown_webhook)?;
    let target = if which == "@original" {
        ix.original_message
    } else {
        id_of(which)
            .map(MessageId)
            .filter(|m| ix.followups.contains(m) || ix.original_message == Some(*m))
    }
    .filter(|m| s.message(*m).is_some_and(|m| !m.deleted))
    .ok_or_else(ApiError::unknown_message)?;
    match method {
        "GET" => {
            let m = s.message(target).ok_or_else(ApiError::unknown_message)?;
            Ok((200, payloads::message(s, m)))
        }
        "DELETE" => {
            if let Some(m) = s.message_mut(target) {
                m.deleted = true;
            }
            // A deleted "thinking" message stays the target of the first follow-up, which
            // Discord documents as an edit of the deferred message
            // (<https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages>):
            // with the message gone that edit fails with 10008, it does not post a new one.
            Ok((204, Value::Null))
        }
        _ => {
            let payload = body.json.clone().unwrap_or_else(|| json!({}));
            validate(s, &payload, &body.files, &[])?;
            let reply = edit_message(s, target, &payload, &body.files)?;
            if Some(target) == ix.original_message {
                if let Some(rec) = s.interactions.iter_mut().find(|i| i.id == id) {
                    rec.deferred_original = false;
                }
            }
            Ok(reply)
        }
    }
}

fn channel_id(s: &State, raw: &str) -> Result<ChannelId, ApiError> {
    id_of(raw)
        .map(ChannelId)
        .filter(|c| s.channels.contains_key(c))
        .ok_or_else(ApiError::unknown_channel)
}

/// The bot needs every bit of `needed` in `channel`: without VIEW_CHANNEL Discord answers
/// 50001 Missing Access, without another bit 50013 Missing Permissions
/// (<https://discord.com/developers/docs/resources/message#create-message>: "requires the
/// SEND_MESSAGES permission … ATTACH_FILES to upload files").
fn require(s: &State, channel: ChannelId, needed: u64) -> Result<(), ApiError> {
    let have = s.bot_permissions_in(channel);
    if have & bits::VIEW_CHANNEL == 0 {
        return Err(ApiError::missing_access());
    }
    if have & needed != needed {
        return Err(ApiError::missing_permissions());
    }
    Ok(())
}

fn create_message(s: &mut State, channel: &str, body: &Parsed) -> Reply {
    let channel = channel_id(s, channel)?;
    let mut needed = bits::SEND_MESSAGES;
    // --- campaign (issue 29): a thread takes SEND_MESSAGES_IN_THREADS instead.
    if matches!(
        s.channels.get(&channel).map(|c| &c.kind),
        Some(ChannelKind::PrivateThread { .. })
    ) {
        needed = super::threads::SEND_MESSAGES_IN_THREADS;
    }
    if !body.files.is_empty() {
        needed |= bits::ATTACH_FILES;
    }
    require(s, channel, needed)?;
    if let Some(ChannelKind::Dm(user)) = s.channels.get(&channel).map(|c| c.kind.clone()) {
        if s.users.get(&user).is_some_and(|u| u.dms_closed) {
            return Err(ApiError::cannot_message_user());
        }
        if s.users.get(&user).is_some_and(|u| u.dms_broken) {
            return Err(ApiError::server_error());
        }
    }
    let payload = body.json.clone().unwrap_or_else(|| json!({}));
    validate(s, &payload, &body.files, &[])?;
    let msg = new_message(s, channel, &payload, &body.files, None)?;
    let json = payloads::message(s, &msg);
    s.messages.push(msg);
    Ok((200, json))
}

fn channel_message(
    s: &mut State,
    method: &str,
    channel: &str,
    message: &str,
    body: &Parsed,
) -> Reply {
    let channel = channel_id(s, channel)?;
    require(s, channel, bits::READ_MESSAGE_HISTORY)?;
    let target = id_of(message)
        .map(MessageId)
        .filter(|m| {
            s.message(*m)
                .is_some_and(|m| m.channel_id == channel && !m.deleted)
        })
        .ok_or_else(ApiError::unknown_message)?;
    let author = s.message(target).map(|m| m.author);
    match method {
        "GET" => {
            let m = s.message(target).ok_or_else(ApiError::unknown_message)?;
            Ok((200, payloads::message(s, m)))
        }
        "DELETE" => {
            // Another user's message needs MANAGE_MESSAGES.
            if author != Some(s.bot.id) {
                require(s, channel, bits::MANAGE_MESSAGES)?;
            }
            if let Some(m) = s.message_mut(target) {
                m.deleted = true;
            }
            Ok((204, Value::Null))
        }
        _ => {
            if author != Some(s.bot.id) {
                return Err(ApiError::not_author());
            }
            let payload = body.json.clone().unwrap_or_else(|| json!({}));
            validate(s, &payload, &body.files, &[])?;
            edit_message(s, target, &payload, &body.files)
        }
    }
}

/// `PUT`/`DELETE /channels/{c}/pins/{m}`: needs PIN_MESSAGES
/// (<https://discord.com/developers/docs/resources/message#pin-message>).
fn pin(s: &mut State, method: &str, channel: &str, message: &str) -> Reply {
    let channel = channel_id(s, channel)?;
    require(s, channel, bits::PIN_MESSAGES)?;
    let target = id_of(message)
        .map(MessageId)
        .filter(|m| {
            s.message(*m)
                .is_some_and(|m| m.channel_id == channel && !m.deleted)
        })
        .ok_or_else(ApiError::unknown_message)?;
    if let Some(m) = s.message_mut(target) {
        m.pinned = method == "PUT";
    }
    Ok((204, Value::Null))
}

/// `PATCH /channels/{c}` (name, topic): needs MANAGE_CHANNELS
/// (<https://discord.com/developers/docs/resources/channel#modify-channel>).
fn modify_channel(s: &mut State, channel: &str, body: &Parsed) -> Reply {
    let channel = channel_id(s, channel)?;
    if s.guild_of(channel).is_none() {
        return Err(ApiError::missing_permissions());
    }
    require(s, channel, bits::MANAGE_CHANNELS)?;
    if let Some(name) = body
        .json
        .as_ref()
        .and_then(|j| j.get("name"))
        .and_then(Value::as_str)
    {
        if let Some(c) = s.channels.get_mut(&channel) {
            c.name = name.to_string();
        }
    }
    let json = s.guild_channel(channel).unwrap_or(Value::Null);
    Ok((200, json))
}
