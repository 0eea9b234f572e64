//! Discord's REST rate limits, as documented at
//! <https://discord.com/developers/docs/topics/rate-limits>: every answer of a limited route
//! carries the bucket headers (`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After`,
//! `-Bucket`); a request over a bucket's limit is answered 429 with `Retry-After` in whole
//! seconds, `retry_after` (seconds, with decimals) in the body and `X-RateLimit-Scope: user`;
//! over the global limit (50 requests per second for a bot, interaction routes excluded) with
//! `X-RateLimit-Global: true` and `X-RateLimit-Scope: global`.
//!
//! Buckets are per route and per top-level resource (the channel of `/channels/{id}/…`, the
//! token of `/webhooks/{app}/{token}/…`, the interaction of a callback). Discord publishes no
//! numbers and says not to hard-code them; the emulator's are the ones bots commonly observe
//! (5 messages per 5 s per channel, 5 webhook messages per 2 s per token).

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

/// One route's limit.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    /// The `X-RateLimit-Bucket` value (a hash in Discord; a readable name here).
    pub bucket: &'static str,
    /// Requests per window.
    pub limit: u32,
    /// The window.
    pub per: Duration,
}

/// Requests counted in the current window of a bucket.
#[derive(Clone, Debug)]
struct Window {
    start: Instant,
    count: u32,
}

impl Window {
    /// Counts a request at `now`; `Err(wait)` when the bucket is empty until `wait` passes.
    fn take(&mut self, now: Instant, limit: u32, per: Duration) -> Result<u32, Duration> {
        if now.duration_since(self.start) >= per {
            self.start = now;
            self.count = 0;
        }
        let reset_in = per.saturating_sub(now.duration_since(self.start));
        if self.count >= limit {
            return Err(reset_in);
        }
        self.count += 1;
        Ok(limit - self.count)
    }

    fn reset_in(&self, now: Instant, per: Duration) -> Duration {
        per.saturating_sub(now.duration_since(self.start))
    }
}

/// Per-bucket and global counters.
#[derive(Debug, Default)]
pub struct RateLimits {
    buckets: HashMap<String, Window>,
    global: Option<Window>,
    /// 429s answered, by scope (`user`, `global`).
    pub refused: Vec<(String, &'static str)>,
}

/// What the limiter decided about one request.
#[derive(Debug)]
pub enum Verdict {
    /// Go on; add these headers to the answer.
    Pass(Vec<(&'static str, String)>),
    /// Answer 429 with these headers and body.
    Limited(Vec<(&'static str, String)>, Value),
}

/// Global requests per second of a bot.
pub const GLOBAL_PER_SECOND: u32 = 50;

/// The limit and bucket key of a request, or `None` for unlimited routes.
pub fn limit_for(method: &str, segs: &[&str]) -> Option<(Limit, String)> {
    let l = |bucket, limit, ms| Limit {
        bucket,
        limit,
        per: Duration::from_millis(ms),
    };
    let (limit, major) = match (method, segs) {
        ("POST", ["channels", c, "messages"]) => (l("channel-messages-create", 5, 5000), *c),
        (_, ["channels", c, "messages", _]) => (l("channel-message", 5, 5000), *c),
        ("POST", ["users", "@me", "channels"]) => (l("dm-create", 10, 1000), ""),
        (_, ["webhooks", _, token, ..]) => (l("webhook", 5, 2000), *token),
        (_, ["interactions", id, _, "callback"]) => (l("interaction-callback", 5, 1000), *id),
        (_, ["applications", ..]) => (l("application-commands", 5, 20_000), ""),
        _ => return None,
    };
    Some((limit, format!("{}:{major}", limit.bucket)))
}

/// Interaction callbacks and webhook follow-ups are not bound to the global limit
/// (<https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction>).
fn counts_globally(segs: &[&str]) -> bool {
    !matches!(
        segs,
        ["interactions", ..] | ["webhooks", ..] | ["gateway", ..]
    )
}

fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

fn epoch_after(d: Duration) -> String {
    let at = SystemTime::now() + d;
    secs(at.duration_since(UNIX_EPOCH).unwrap_or_default())
}

/// `Retry-After` is whole seconds, rounded up (at least 1).
fn whole_seconds(d: Duration) -> String {
    let ms = d.as_millis().max(1);
    ms.div_ceil(1000).to_string()
}

impl RateLimits {
    /// Counts a request (path segments after `/api/v10`) and decides.
    pub fn check(&mut self, method: &str, segs: &[&str], now: Instant) -> Verdict {
        if counts_globally(segs) {
            let w = self.global.get_or_insert(Window {
                start: now,
                count: 0,
            });
            if let Err(wait) = w.take(now, GLOBAL_PER_SECOND, Duration::from_secs(1)) {
                self.refused.push((segs.join("/"), "global"));
                let headers = vec![
                    ("retry-after", whole_seconds(wait)),
                    ("x-ratelimit-global", "true".to_string()),
                    ("x-ratelimit-scope", "global".to_string()),
                ];
                let body = json!({
                    "message": "You are being rate limited.",
                    "retry_after": wait.as_secs_f64(),
                    "global": true,
                    "code": 0,
                });
                return Verdict::Limited(headers, body);
            }
        }
        let Some((limit, key)) = limit_for(method, segs) else {
            return Verdict::Pass(Vec::new());
        };
        let w = self.buckets.entry(key).or_insert(Window {
            start: now,
            count: 0,
        });
        let taken = w.take(now, limit.limit, limit.per);
        let reset_in = w.reset_in(now, limit.per);
        let mut headers = vec![
            ("x-ratelimit-limit", limit.limit.to_string()),
            (
                "x-ratelimit-remaining",
                taken.as_ref().map_or(0, |r| *r).to_string(),
            ),
            ("x-ratelimit-reset", epoch_after(reset_in)),
            ("x-ratelimit-reset-after", secs(reset_in)),
            ("x-ratelimit-bucket", limit.bucket.to_string()),
        ];
        match taken {
            Ok(_) => Verdict::Pass(headers),
            Err(wait) => {
                self.refused.push((segs.join("/"), "user"));
                headers.push(("retry-after", whole_seconds(wait)));
                headers.push(("x-ratelimit-scope", "user".to_string()));
                let body = json!({
                    "message": "You are being rate limited.",
                    "retry_after": wait.as_secs_f64(),
                    "global": false,
                    "code": 0,
                });
                Verdict::Limited(headers, body)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_refuses_past_its_limit_with_whole_seconds_and_scope() {
        let mut rl = RateLimits::default();
        let now = Instant::now();
        let segs = ["channels", "1", "messages"];
        for left in (0..5).rev() {
            match rl.check("POST", &segs, now) {
                Verdict::Pass(h) => {
                    assert!(h.contains(&("x-ratelimit-remaining", left.to_string())))
                }
                v => panic!("{v:?}"),
            }
        }
        match rl.check("POST", &segs, now) {
            Verdict::Limited(h, body) => {
                assert!(h.contains(&("retry-after", "5".to_string())), "{h:?}");
                assert!(h.contains(&("x-ratelimit-scope", "user".to_string())));
                assert_eq!(body["global"], false);
            }
            v => panic!("{v:?}"),
        }
        // Another channel has its own bucket.
        assert!(matches!(
            rl.check("POST", &["channels", "2", "messages"], now),
            Verdict::Pass(_)
        ));
        // The window passes.
        assert!(matches!(
            rl.check("POST", &segs, now + Duration::from_secs(5)),
            Verdict::Pass(_)
        ));
    }

    #[test]
    fn the_global_limit_spares_interaction_routes() {
        let mut rl = RateLimits::default();
        let now = Instant::now();
        for i in 0..GLOBAL_PER_SECOND {
            let c = i.to_string();
            assert!(matches!(
                rl.check("GET", &["channels", &c], now),
                Verdict::Pass(_)
            ));
        }
        match rl.check("GET", &["users", "@me"], now) {
            Verdict::Limited(h, body) => {
                assert!(h.contains(&("x-ratelimit-global", "true".to_string())));
                assert!(h.contains(&("x-ratelimit-scope", "global".to_string())));
                assert_eq!(body["global"], true);
            }
            v => panic!("{v:?}"),
        }
        assert!(matches!(
            rl.check("POST", &["interactions", "1", "t", "callback"], now),
            Verdict::Pass(_)
        ));
    }
}
