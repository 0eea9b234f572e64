//! The gateway websocket: HELLO, IDENTIFY/READY, heartbeats, RESUME/RESUMED, dispatches.

use std::borrow::Cow;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxState;
use axum::response::Response;
use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::payloads;
use super::state::{Outbound, Session};
use super::Shared;

/// Gateway opcodes used here.
mod op {
    pub const HEARTBEAT: u64 = 1;
    pub const IDENTIFY: u64 = 2;
    pub const PRESENCE_UPDATE: u64 = 3;
    pub const VOICE_STATE_UPDATE: u64 = 4;
    pub const RESUME: u64 = 6;
    pub const REQUEST_GUILD_MEMBERS: u64 = 8;
    pub const INVALID_SESSION: u64 = 9;
    pub const HELLO: u64 = 10;
    pub const HEARTBEAT_ACK: u64 = 11;
}

/// `GET /gateway` with an upgrade header.
pub(crate) async fn upgrade(
    AxState(shared): AxState<Arc<Shared>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| connection(socket, shared))
}

/// What to do after a client frame.
enum Step {
    Continue,
    Close(u16, &'static str),
}

async fn connection(socket: WebSocket, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Outbound>();
    let (conn, interval) = shared.mutate(|s| {
        s.gateway.connections += 1;
        s.next_connection += 1;
        (s.next_connection, s.config().heartbeat_interval)
    });
    let hello =
        json!({ "op": op::HELLO, "d": { "heartbeat_interval": interval.as_millis() as u64 } });
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut session: Option<String> = None;
    // A client that stops heartbeating is closed with 4009 (session timed out, not resumable):
    // Discord expects a heartbeat every interval; the emulator allows two intervals and a second
    // (Discord publishes no grace)
    // (<https://discord.com/developers/docs/events/gateway#sending-heartbeats>).
    let deadline_after = shared.read(|s| {
        s.config()
            .heartbeat_deadline
            .unwrap_or(interval * 2 + std::time::Duration::from_secs(1))
    });
    let mut last_beat = tokio::time::Instant::now();
    let mut watchdog = tokio::time::interval(deadline_after / 4);
    let close = loop {
        tokio::select! {
            _ = watchdog.tick() => {
                if last_beat.elapsed() > deadline_after {
                    shared.mutate(|s| {
                        s.gateway.heartbeat_timeouts += 1;
                        if let Some(id) = &session {
                            s.invalidate(id);
                        }
                    });
                    break Some((4009, "Session timed out."));
                }
            }
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => break Some((4002, "Error while decoding payload.")),
                    Some(Ok(Message::Close(frame))) => {
                        // A client that closes with 1000 or 1001 ends its session: it cannot
                        // be resumed (<https://discord.com/developers/docs/events/gateway#disconnecting>).
                        let code = frame.map(|f| f.code);
                        if let (Some(1000 | 1001), Some(id)) = (code, &session) {
                            shared.mutate(|s| s.invalidate(id));
                        }
                        break None;
                    }
                    Some(Err(_)) | None => break None,
                };
                let op = serde_json::from_str::<Value>(&text).ok().and_then(|v| v["op"].as_u64());
                if op == Some(op::HEARTBEAT) {
                    // A heartbeat lost on the way (test API `drop_heartbeats`): neither seen
                    // nor acknowledged.
                    let lost = shared.mutate(|s| {
                        let lost = s.heartbeats_to_drop > 0;
                        if lost {
                            s.heartbeats_to_drop -= 1;
                            s.gateway.heartbeats_dropped += 1;
                        }
                        lost
                    });
                    if lost {
                        continue;
                    }
                    last_beat = tokio::time::Instant::now();
                }
                if let Step::Close(code, reason) = on_frame(&shared, conn, &tx, &mut session, &text) {
                    break Some((code, reason));
                }
            }
            out = rx.recv() => match out {
                Some(Outbound::Text(t)) => {
                    if sink.send(Message::Text(t)).await.is_err() {
                        break None;
                    }
                }
                Some(Outbound::Close(code, reason)) => break Some((code, reason)),
                None => break None,
            },
        }
    };
    match close {
        Some((code, reason)) => {
            shared.mutate(|s| s.gateway.closes_sent.push(code));
            let frame = CloseFrame {
                code,
                reason: Cow::Borrowed(reason),
            };
            let _ = sink.send(Message::Close(Some(frame))).await;
        }
        None => shared.mutate(|s| s.gateway.client_disconnects += 1),
    }
    // The session stays resumable; only this connection is gone.
    shared.mutate(|s| {
        for sess in &mut s.sessions {
            if sess.conn.as_ref().is_some_and(|(c, _)| *c == conn) {
                sess.conn = None;
            }
        }
    });
}

fn token_ok(shared: &Shared, d: &Value) -> bool {
    let expected = shared.read(|s| s.config().token.clone());
    match d.get("token").and_then(Value::as_str) {
        Some(t) => t.strip_prefix("Bot ").unwrap_or(t) == expected,
        None => false,
    }
}

fn on_frame(
    shared: &Shared,
    conn: u64,
    tx: &mpsc::UnboundedSender<Outbound>,
    session: &mut Option<String>,
    text: &str,
) -> Step {
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        return Step::Close(4002, "Error while decoding payload.");
    };
    let d = frame.get("d").cloned().unwrap_or(Value::Null);
    match frame.get("op").and_then(Value::as_u64) {
        Some(op::HEARTBEAT) => {
            shared.mutate(|s| {
                s.gateway.heartbeats += 1;
                if s.config().ack_heartbeats {
                    s.gateway.heartbeat_acks += 1;
                    let _ = tx.send(Outbound::Text(
                        json!({ "op": op::HEARTBEAT_ACK }).to_string(),
                    ));
                }
            });
            Step::Continue
        }
        Some(op::IDENTIFY) => {
            if session.is_some() {
                return Step::Close(4005, "Already authenticated.");
            }
            let ok = token_ok(shared, &d);
            let ws_url = shared.gateway_url();
            let id = shared.mutate(|s| {
                s.gateway.identifies.push(d.clone());
                if !ok {
                    return None;
                }
                let id = format!("{:032x}", rand::random::<u128>());
                let shard = d
                    .get("shard")
                    .and_then(Value::as_array)
                    .and_then(|a| Some([a.first()?.as_u64()?, a.get(1)?.as_u64()?]))
                    .unwrap_or([0, 1]);
                s.sessions.push(Session {
                    id: id.clone(),
                    seq: 0,
                    backlog: Vec::new(),
                    conn: Some((conn, tx.clone())),
                    shard,
                });
                let [shard_id, shards] = shard;
                let on_shard = |g: &super::state::GuildId| (g.0 >> 22) % shards.max(1) == shard_id;
                let guilds: Vec<_> = s.guilds.keys().copied().filter(on_shard).collect();
                let mut ready = payloads::ready(s, &id, &ws_url);
                ready["shard"] = json!(shard);
                ready["guilds"] = json!(guilds
                    .iter()
                    .map(|g| json!({ "id": g.0.to_string(), "unavailable": true }))
                    .collect::<Vec<_>>());
                s.dispatch("READY", ready);
                // Then each guild of the shard, with its roles and channel overwrites.
                for g in guilds {
                    if let Some(d) = s.guild_create(g) {
                        s.dispatch("GUILD_CREATE", d);
                    }
                }
                Some(id)
            });
            match id {
                Some(id) => {
                    *session = Some(id);
                    Step::Continue
                }
                None => Step::Close(4004, "Authentication failed."),
            }
        }
        Some(op::RESUME) => {
            if !token_ok(shared, &d) {
                shared.mutate(|s| s.gateway.resumes.push(d.clone()));
                return Step::Close(4004, "Authentication failed.");
            }
            let wanted = d
                .get("session_id")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let after = d.get("seq").and_then(Value::as_u64).unwrap_or(0);
            let resumed = shared.mutate(|s| {
                s.gateway.resumes.push(d.clone());
                let Some(pos) = s.sessions.iter().position(|x| x.id == wanted) else {
                    let _ = tx.send(Outbound::Text(
                        json!({ "op": op::INVALID_SESSION, "d": false }).to_string(),
                    ));
                    return false;
                };
                // The resumed session becomes the current one, replaying what it missed.
                let mut sess = s.sessions.remove(pos);
                sess.conn = Some((conn, tx.clone()));
                let mut replayed = 0;
                for (seq, f) in &sess.backlog {
                    if *seq > after {
                        let _ = tx.send(Outbound::Text(f.clone()));
                        replayed += 1;
                    }
                }
                s.sessions.push(sess);
                s.gateway.replayed += replayed;
                s.dispatch("RESUMED", json!({}));
                true
            });
            if resumed {
                *session = Some(wanted);
            }
            Step::Continue
        }
        Some(op::PRESENCE_UPDATE | op::VOICE_STATE_UPDATE | op::REQUEST_GUILD_MEMBERS) => {
            if session.is_none() {
                Step::Close(4003, "Not authenticated.")
            } else {
                Step::Continue
            }
        }
        // Clients never send DISPATCH (op 0); anything else is unknown too.
        _ => Step::Close(4001, "Unknown opcode."),
    }
}
