//! The HTTP client of interaction answers (issue 32): one rate limiter per interaction token.
//!
//! Discord counts the interaction webhook routes (`/webhooks/{application.id}/{interaction.token}`
//! and its `/messages/…`: the deferred response, its edits and the follow-ups) per token:
//! "Top-level resources are currently limited to channels (`channel_id`), guilds (`guild_id`),
//! and webhooks (`webhook_id` or `webhook_id + webhook_token`)"
//! (<https://discord.com/developers/docs/topics/rate-limits>). serenity 0.12 keys those routes by
//! the application id alone, so on the bot's one `Http` the bucket of one long answer, once
//! exhausted, makes every other channel's follow-ups wait for its reset (and a 429 on it sleeps
//! with the bucket locked).
//!
//! So each answer gets its own [`AnswerHttp`]: a serenity `Http` that shares the bot's connection
//! pool but has its own rate limiter, whose buckets see only that token's requests, as Discord
//! counts them. Its waits are bounded: a request that must wait more than [`MAX_WAITS`] times, or
//! once longer than [`LONGEST_WAIT`], is given up with an error instead of holding its channel's
//! answers. Bot-token routes (channel posts, DMs, threads) keep the bot's one shared limiter,
//! which Discord's global limit needs.

use std::future::Future;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ApplicationId, Context, Http, HttpBuilder};
use serenity::prelude::TypeMapKey;
use tokio::sync::Notify;

/// How many times one request of an answer may wait for its bucket (ahead of time, or after a
/// 429 with `Retry-After`) before it is given up. One wait is the rule; more means Discord keeps
/// refusing.
pub const MAX_WAITS: u32 = 3;

/// The longest single wait an answer accepts: an interaction token lives 15 minutes and the
/// player waits, so a longer `Retry-After` gives the request up at once.
pub const LONGEST_WAIT: Duration = Duration::from_secs(10);

/// The error of a request given up after too many or too long waits.
const GIVEN_UP: &str = "an interaction answer waited too often or too long for its rate limit";

/// Builds serenity clients to Discord: what the bot's `Http` and each answer's share.
#[derive(Clone)]
pub(crate) struct Clients {
    /// The connection pool (with the configured timeouts and proxy).
    client: reqwest::Client,
    token: String,
    /// Test-only REST base (see [`super::BotConfig::rest_base`]).
    rest_base: Option<String>,
    /// Whether serenity's rate limiter runs (always without a REST base).
    limiter: bool,
}

impl TypeMapKey for Clients {
    type Value = Arc<Clients>;
}

impl Clients {
    /// The builder of every client of the bot.
    pub(crate) fn new(
        client: reqwest::Client,
        token: &str,
        rest_base: Option<&str>,
        limiter: bool,
    ) -> Clients {
        Clients {
            client,
            token: token.to_string(),
            rest_base: rest_base.map(str::to_string),
            limiter: limiter || rest_base.is_none(),
        }
    }

    /// A serenity `Http` with its own rate limiter (or none, in tests that turn it off).
    pub(crate) fn http(&self) -> HttpBuilder {
        let mut http = HttpBuilder::new(&self.token).client(self.client.clone());
        if let Some(base) = &self.rest_base {
            // serenity's rate limiter sends to discord.com whatever the base: off with a REST
            // base, unless the test routes discord.com itself (`https_proxy`).
            http = http
                .proxy(base.as_str())
                .ratelimiter_disabled(!self.limiter);
        }
        http
    }

    /// The client of one interaction's answer.
    fn answer(&self, application: ApplicationId) -> AnswerHttp {
        let waits = Arc::new(AtomicU32::new(0));
        let over = Arc::new(Notify::new());
        let mut http = self.http().application_id(application).build();
        if let Some(limiter) = http.ratelimiter.as_mut() {
            let (waits, over) = (waits.clone(), over.clone());
            limiter.set_ratelimit_callback(Box::new(move |info: serenity::http::RatelimitInfo| {
                let n = waits.fetch_add(1, Ordering::SeqCst) + 1;
                if info.timeout > LONGEST_WAIT {
                    waits.store(MAX_WAITS + 1, Ordering::SeqCst);
                }
                tracing::debug!(
                    path = %info.path,
                    wait_ms = info.timeout.as_millis() as u64,
                    waits = n,
                    "an interaction answer waits for its rate limit"
                );
                over.notify_one();
            }));
        }
        AnswerHttp {
            http: Arc::new(http),
            waits,
            over,
        }
    }
}

/// The HTTP client of one interaction's answer (see the module docs). Its requests are made one
/// at a time ([`AnswerHttp::send`]), as an answer's pieces go out in order.
pub(crate) struct AnswerHttp {
    http: Arc<Http>,
    /// Waits of the current request, counted by the rate limiter's callback.
    waits: Arc<AtomicU32>,
    /// Rung at every wait.
    over: Arc<Notify>,
}

impl AnswerHttp {
    /// The answer client of the interaction of `application`: its own rate limiter when the bot
    /// was built with [`Clients`] in the context's data, else the bot's shared `Http`.
    pub(crate) async fn of(ctx: &Context, application: ApplicationId) -> AnswerHttp {
        let clients = ctx.data.read().await.get::<Clients>().cloned();
        match clients {
            Some(c) => c.answer(application),
            None => AnswerHttp {
                http: ctx.http.clone(),
                waits: Arc::default(),
                over: Arc::default(),
            },
        }
    }

    /// The serenity client to hand to one request inside [`AnswerHttp::send`].
    pub(crate) fn http(&self) -> &Http {
        &self.http
    }

    /// Runs one request of the answer: it may wait for its bucket, but at most [`MAX_WAITS`]
    /// times and never longer than [`LONGEST_WAIT`] at once; past that it is given up (an
    /// error, logged), so a refusing Discord cannot hold the channel's later answers.
    pub(crate) async fn send<T>(
        &self,
        request: impl Future<Output = Result<T, serenity::Error>>,
    ) -> Result<T, serenity::Error> {
        self.waits.store(0, Ordering::SeqCst);
        tokio::select! {
            biased;
            r = request => r,
            () = self.too_many_waits() => {
                tracing::warn!("an interaction answer was given up: rate limited too often or too long");
                Err(serenity::Error::Other(GIVEN_UP))
            }
        }
    }

    async fn too_many_waits(&self) {
        loop {
            if self.waits.load(Ordering::SeqCst) > MAX_WAITS {
                return;
            }
            // `notify_one` keeps a permit when nobody waits, so no wait is missed.
            self.over.notified().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_request_past_its_waits_is_given_up() {
        let clients = Clients::new(
            reqwest::Client::new(),
            "token",
            Some("http://127.0.0.1:9"),
            true,
        );
        let a = clients.answer(ApplicationId::new(1));
        // Plain success passes through.
        assert_eq!(
            a.send(async { Ok::<_, serenity::Error>(7) }).await.ok(),
            Some(7)
        );
        // A request whose limiter keeps waiting is given up at the fourth wait.
        let waits = a.waits.clone();
        let over = a.over.clone();
        let stuck = async move {
            for _ in 0..=MAX_WAITS {
                waits.fetch_add(1, Ordering::SeqCst);
                over.notify_one();
                tokio::task::yield_now().await;
            }
            std::future::pending::<Result<(), serenity::Error>>().await
        };
        let r = tokio::time::timeout(Duration::from_secs(5), a.send(stuck)).await;
        assert!(
            matches!(r, Ok(Err(serenity::Error::Other(GIVEN_UP)))),
            "{r:?}"
        );
        // The next request starts with no waits counted.
        assert!(a.send(async { Ok::<_, serenity::Error>(()) }).await.is_ok());
    }
}
