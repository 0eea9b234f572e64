//! Injected failures of the REST side: a request that stalls, or one answered with 429 and a
//! `retry_after`, as Discord's rate limiter does. A fault matches requests by method, a piece of
//! the path and the channel the request is about (interaction callbacks and webhook follow-ups
//! count for their interaction's channel), and applies to the next `times` matching requests.

use std::time::Duration;

use serde_json::{json, Value};

use super::state::{ChannelId, State};

/// What happens to a matching request.
#[derive(Clone, Debug)]
pub enum FaultKind {
    /// The server holds the request this long before handling it normally.
    Stall(Duration),
    /// Answered `429 Too Many Requests` with this `retry_after` (seconds) and the matching
    /// headers; `global` marks a global limit.
    RateLimited { retry_after: f64, global: bool },
}

/// A fault waiting for its requests.
#[derive(Clone, Debug)]
pub struct Fault {
    /// `GET`, `POST`, … or `None` for any.
    pub method: Option<String>,
    /// A piece of the path (e.g. `/callback`), or `None` for any.
    pub path_contains: Option<String>,
    /// Only requests about this channel, or `None` for any.
    pub channel: Option<ChannelId>,
    /// How many more requests it applies to.
    pub times: u32,
    /// What it does.
    pub kind: FaultKind,
}

impl State {
    /// The channel a REST path is about, where the path says (directly or through an
    /// interaction's id or token).
    pub(crate) fn channel_of_path(&self, path: &str) -> Option<ChannelId> {
        let segs: Vec<&str> = path.split('/').filter(|x| !x.is_empty()).collect();
        match segs.as_slice() {
            ["api", "v10", "channels", id, ..] => id.parse().ok().map(ChannelId),
            ["api", "v10", "interactions", id, ..] => {
                let id: u64 = id.parse().ok()?;
                self.interactions
                    .iter()
                    .find(|i| i.id == id)
                    .map(|i| i.channel_id)
            }
            ["api", "v10", "webhooks", _, token, ..] => self
                .interactions
                .iter()
                .find(|i| i.token == *token)
                .map(|i| i.channel_id),
            _ => None,
        }
    }

    /// Takes one use of the first fault matching a request, if any.
    pub(crate) fn take_fault(&mut self, method: &str, path: &str) -> Option<FaultKind> {
        let channel = self.channel_of_path(path);
        let i = self.faults.iter().position(|f| {
            f.times > 0
                && f.method.as_deref().is_none_or(|m| m == method)
                && f.path_contains.as_deref().is_none_or(|p| path.contains(p))
                && f.channel.is_none_or(|c| Some(c) == channel)
        })?;
        let f = &mut self.faults[i];
        f.times -= 1;
        let kind = f.kind.clone();
        if f.times == 0 {
            self.faults.remove(i);
        }
        Some(kind)
    }
}

/// Discord's 429 body.
pub(crate) fn rate_limited_body(retry_after: f64, global: bool) -> Value {
    json!({
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": global,
        "code": 0
    })
}
