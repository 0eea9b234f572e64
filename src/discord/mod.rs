//! The Discord front end: the `/vq` slash command over the table layer.
//!
//! [`run`] connects to Discord (or, in tests, to a loopback emulator through
//! [`BotConfig::rest_base`]), registers `/vq` (one subcommand per entry of the table's command
//! table), and answers slash commands, autocomplete and button clicks until the shutdown future
//! completes. There is no command framework on top of serenity: `/vq` is built at run time from
//! the table's grammar ([`vq_command`]) and interactions are routed by serenity's event handler,
//! so serenity is the only Discord dependency.
//!
//! Per game, commands run one at a time (an async lock per channel, held while the table works
//! on a blocking thread); their answers are delivered one at a time in the same order (a second
//! lock per channel, taken before the first is released, so posts of two commands never
//! interleave and a slow delivery does not hold the game). Different games run in parallel.
//! Every HTTP request to Discord has a timeout ([`HTTP_TIMEOUT`]).

mod absence;
// --- issue 32: interaction answers rate-limited per token, not per application
mod answers;
mod commands;
mod dashboard;
mod deliver;
mod handler;
pub mod help;
mod pictures;
mod preflight;
pub mod prompts;
mod reminders;
// --- campaign (issue 29): private threads for hands when DMs are closed
mod threads;

use std::fmt;
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ClientBuilder, GatewayError, GatewayIntents, GuildId};

use crate::table::{Locale, MemStore, Renderer, Table, TableOptions};

pub use commands::{all_commands, slash_path, vq_command, GROUPS, ROOT, STANDALONE};
pub use handler::{escape_markdown, CommandError};
pub use reminders::{Clock, ManualClock, SystemClock};

/// How often the bot looks for due reminders ([`BotConfig::reminder_tick`]'s default).
pub const REMINDER_TICK: Duration = Duration::from_secs(30);

/// How long a dashboard waits for a burst of changes to end before one edit
/// ([`BotConfig::dashboard_delay`]'s default): at most one edit per channel per delay.
pub const DASHBOARD_DELAY: Duration = Duration::from_secs(2);

/// How long [`run`] waits for in-flight commands, then for the shards, after the shutdown
/// future completed.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// How long the bot leaves a user's DMs alone after a DM failed because they are closed
/// (Discord error 50007). Until then their private messages go to the "show me" button and
/// ephemeral answers; the first private message after it tries a DM again (and a success clears
/// the mark). Long enough not to hammer Discord with sends bound to fail, short enough that a
/// player who opens their DMs soon gets them again.
pub const DM_RETRY_AFTER: Duration = Duration::from_secs(10 * 60);

/// How to reach Discord and where the games live.
#[derive(Clone)]
pub struct BotConfig {
    /// The bot token from the developer portal (without the `Bot ` prefix). Never logged.
    pub token: String,
    /// Test-only: base URL of a Discord REST emulator such as `http://127.0.0.1:PORT`.
    /// Setting it disables serenity's rate limiter, which would otherwise ignore the override;
    /// production leaves it `None` and keeps the rate limiter.
    pub rest_base: Option<String>,
    /// Register the commands in this guild only (instant, for development) instead of globally.
    pub dev_guild: Option<u64>,
    /// The SQLite file of the games; `None` keeps games in memory (lost on restart).
    pub database: Option<PathBuf>,
    /// How the database's commits reach the disk (group commit by default).
    pub durability: crate::store::Durability,
    /// Language of games created without `locale:`.
    pub locale: Locale,
    /// The game-data folder; `None` for the shipped `map_data/virgin_queen`.
    pub data_dir: Option<PathBuf>,
    /// Seed of the first new game (tests); random when `None`.
    pub seed: Option<u64>,
    /// Draws the map after impulses; without one no pictures are posted.
    pub renderer: Option<Arc<dyn Renderer>>,
    /// Answer directly when the table is done within this time, else defer first and follow
    /// up. Well under Discord's 3-second acknowledgement deadline. Zero defers every command.
    pub ack_budget: Duration,
    /// How long to leave closed DMs alone before trying again; [`DM_RETRY_AFTER`] by default
    /// (tests shorten it).
    pub dm_retry_after: Duration,
    /// How long one HTTP request to Discord may take before it is given up ([`HTTP_TIMEOUT`]
    /// by default): a stalled request fails instead of holding its channel's answers forever.
    pub http_timeout: Duration,
    /// Test-only, with [`BotConfig::rest_base`]: keep serenity's rate limiter on. It sends its
    /// requests to `https://discord.com` (it ignores the REST base), so the test must route
    /// those to the emulator itself, through [`BotConfig::https_proxy`].
    pub rate_limiter: bool,
    /// Test-only: an HTTP proxy for every request to Discord, and accept its TLS certificate
    /// (the emulator's, self-signed). Production leaves it `None`.
    pub https_proxy: Option<String>,
    /// The shards this process runs; `None`: all, as many as Discord recommends
    /// (`/gateway/bot`).
    pub shards: Option<ShardRange>,
    /// How often the bot ends deputyships whose time is up in quiet channels (issue 29).
    pub absence_tick: Duration,
    /// The one clock of the bot and its table (issue 29): reminders, the dashboard, deputies'
    /// periods and inactivity all read it (tests move a [`ManualClock`]); the system clock by
    /// default.
    pub clock: Arc<dyn Clock>,
    /// How often the bot looks for due reminders ([`REMINDER_TICK`] by default).
    pub reminder_tick: Duration,
    /// How long a dashboard waits for a burst of changes to end before its one edit
    /// ([`DASHBOARD_DELAY`] by default).
    pub dashboard_delay: Duration,
}

/// Gateway shards `first..=last` of `total`: the part of Discord's guilds one process serves.
/// A guild belongs to shard `(guild_id >> 22) % total` (Discord's formula).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    /// First shard id of this process.
    pub first: u32,
    /// Last shard id of this process (included).
    pub last: u32,
    /// Shards of the whole bot.
    pub total: u32,
}

impl ShardRange {
    /// Parses `FIRST-LAST/TOTAL` (or `ID/TOTAL` for one shard).
    pub fn parse(text: &str) -> Result<ShardRange, String> {
        let bad = || format!("shards must be FIRST-LAST/TOTAL such as 0-1/4, not {text:?}");
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let num = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let r = ShardRange {
            first: num(first)?,
            last: num(last)?,
            total: num(total)?,
        };
        if r.total == 0 || r.first > r.last || r.last >= r.total {
            return Err(bad());
        }
        Ok(r)
    }

    /// Discord's shard of a guild for `total` shards.
    pub fn shard_of(guild: u64, total: u32) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }

    /// Whether this process serves the guild.
    pub fn serves(&self, guild: u64) -> bool {
        (self.first..=self.last).contains(&Self::shard_of(guild, self.total))
    }
}

/// The default [`BotConfig::http_timeout`]: long enough for a map upload on a slow link.
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(20);

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            token: String::new(),
            rest_base: None,
            dev_guild: None,
            database: None,
            durability: crate::store::Durability::default(),
            locale: Locale::En,
            data_dir: None,
            seed: None,
            renderer: None,
            ack_budget: Duration::from_millis(800),
            dm_retry_after: DM_RETRY_AFTER,
            http_timeout: HTTP_TIMEOUT,
            rate_limiter: false,
            https_proxy: None,
            shards: None,
            absence_tick: Duration::from_secs(60),
            clock: Arc::new(SystemClock),
            reminder_tick: REMINDER_TICK,
            dashboard_delay: DASHBOARD_DELAY,
        }
    }
}

impl fmt::Debug for BotConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotConfig")
            .field("token", &"<redacted>")
            .field("rest_base", &self.rest_base)
            .field("dev_guild", &self.dev_guild)
            .field("database", &self.database)
            .field("locale", &self.locale)
            .field("data_dir", &self.data_dir)
            .field("seed", &self.seed)
            .field("renderer", &self.renderer.is_some())
            .field("ack_budget", &self.ack_budget)
            .field("dm_retry_after", &self.dm_retry_after)
            .field("http_timeout", &self.http_timeout)
            .field("rate_limiter", &self.rate_limiter)
            .field("https_proxy", &self.https_proxy)
            .field("shards", &self.shards)
            .field("reminder_tick", &self.reminder_tick)
            .field("dashboard_delay", &self.dashboard_delay)
            .finish()
    }
}

/// Why the bot stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The configuration cannot work (empty token, guild id 0, ...).
    #[error("invalid bot configuration: {0}")]
    Config(&'static str),
    /// The game data does not load.
    #[error("the game data does not load: {0}")]
    Data(String),
    /// The database cannot be opened.
    #[error("cannot open the database: {0}")]
    Database(String),
    /// Discord refused the token when the gateway connection identified.
    #[error("Discord rejected the bot token")]
    InvalidToken,
    /// The `/vq` command could not be registered; the bot shut itself down.
    #[error("registering the application commands failed: {0}")]
    Registration(String),
    /// The gateway connection ended with an error.
    #[error("Discord gateway error: {0}")]
    Gateway(#[source] GatewayError),
    /// Building or running the serenity client failed.
    #[error("Discord client error: {0}")]
    Client(#[source] serenity::Error),
}

/// Why the table could not be opened (kept small; becomes a [`BotError`]).
enum OpenError {
    Data(String),
    Database(String),
}

impl From<OpenError> for BotError {
    fn from(e: OpenError) -> BotError {
        match e {
            OpenError::Data(m) => BotError::Data(m),
            OpenError::Database(m) => BotError::Database(m),
        }
    }
}

fn open_table(config: &BotConfig) -> Result<Table, OpenError> {
    let rs = match &config.data_dir {
        Some(dir) => crate::data::load(dir),
        None => crate::data::load_default(),
    }
    .map_err(|problems| {
        let first = problems
            .first()
            .map(|p| format!("{}:{}: {}", p.file, p.line, p.message))
            .unwrap_or_default();
        OpenError::Data(format!("{} problem(s); first: {first}", problems.len()))
    })?;
    let store: Box<dyn crate::table::GameStore> = match &config.database {
        Some(path) => {
            crate::table::sqlite::open_with(path, config.durability).map_err(OpenError::Database)?
        }
        None => Box::new(MemStore::new()),
    };
    let table = Table::new(
        Arc::new(rs),
        store,
        TableOptions {
            seed: config.seed,
            renderer: config.renderer.clone(),
            default_locale: config.locale,
            // Discord players each see only their own hands.
            hot_seat: false,
        },
    )
    // Text first, pictures after (issue 30, item 15).
    .with_deferred_pictures();
    // --- campaign (issue 29): the table reads the bot's one clock.
    Ok(table.with_clock(config.clock.clone()))
}

/// serenity's HTTP clients, with a timeout on every request (serenity's default client has
/// none, so one stalled request would hold its channel's answers forever): the builder of the
/// bot's shared `Http` (bot-token routes) and of each interaction answer's own
/// (`answers::AnswerHttp`, rate-limited per interaction token as Discord counts it).
fn http_clients(config: &BotConfig) -> Result<answers::Clients, &'static str> {
    let mut client = reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(config.http_timeout)
        .connect_timeout(config.http_timeout);
    if let Some(proxy) = &config.https_proxy {
        let proxy = reqwest::Proxy::all(proxy.as_str())
            .map_err(|_| "https_proxy is not a valid proxy URL")?;
        client = client.proxy(proxy).danger_accept_invalid_certs(true);
    }
    let client = client.build().map_err(|_| "cannot build the HTTP client")?;
    Ok(answers::Clients::new(
        client,
        &config.token,
        config.rest_base.as_deref(),
        config.rate_limiter,
    ))
}

/// Runs the bot until `shutdown` completes: then new interactions are turned away politely,
/// in-flight commands finish, the gateway connection closes and the database is closed.
///
/// Returns an error if the token is rejected, if the data or database cannot be opened, if the
/// commands cannot be registered or if the client stops on its own because of an error.
pub async fn run(
    config: BotConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), BotError> {
    if config.token.trim().is_empty() {
        return Err(BotError::Config("the token is empty"));
    }
    let dev_guild = match config.dev_guild {
        Some(0) => return Err(BotError::Config("dev_guild must not be 0")),
        Some(id) => Some(GuildId::new(id)),
        None => None,
    };
    let table = {
        let config = config.clone();
        tokio::task::spawn_blocking(move || open_table(&config))
            .await
            .map_err(|e| BotError::Database(format!("opening the table panicked: {e}")))?
            .map_err(BotError::from)?
    };

    let clients = http_clients(&config).map_err(BotError::Config)?;
    let http = clients.http().build();

    let state = Arc::new(handler::BotState::new(
        Arc::new(table),
        dev_guild,
        config.ack_budget,
        config.dm_retry_after,
    ));
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
        .event_handler_arc(Arc::new(handler::Handler(state.clone())))
        .type_map_insert::<answers::Clients>(Arc::new(clients))
        .await
        .map_err(BotError::Client)?;
    let shard_manager = client.shard_manager.clone();
    state.set_shard_manager(shard_manager.clone());
    state.set_shards(config.shards);
    // --- absences (issue 29): deputyships end by themselves, announced in their channels.
    let ticker = absence::spawn_ticker(state.clone(), client.http.clone(), config.absence_tick);
    // --- campaign (issue 29): the end of a game stored just before a stop is posted now.
    let catch_up = absence::spawn_catch_up(state.clone(), client.http.clone());
    // --- campaign rhythm (issue 29): the clock, the reminders' scheduler, the dashboards
    state
        .rhythm
        .configure(config.clock.clone(), config.dashboard_delay);
    {
        let weak = Arc::downgrade(&state);
        let http = client.http.clone();
        state.pictures.set_on_posted(Box::new(move |channel| {
            if let Some(st) = weak.upgrade() {
                st.rhythm.dashboards.touch(&st, http.clone(), channel);
            }
        }));
    }
    // --- campaign (issue 32): a map Discord refused (no Attach Files) is explained in the
    // channel, with how to fix it.
    {
        let weak = Arc::downgrade(&state);
        let http = client.http.clone();
        state.pictures.set_on_refused(Box::new(move |channel| {
            if let Some(st) = weak.upgrade() {
                tokio::spawn(absence::picture_refused(st, http.clone(), channel));
            }
        }));
    }
    let scheduler = tokio::spawn(reminders::run(
        state.clone(),
        client.http.clone(),
        config.reminder_tick,
    ));

    let outcome = {
        // Discord requires sharding from 2,500 guilds: start as many shards as it recommends,
        // or the configured range (serenity's range end is inclusive).
        let start = async {
            match config.shards {
                Some(r) => client.start_shard_range(r.first..r.last, r.total).await,
                None => client.start_autosharded().await,
            }
        };
        tokio::pin!(start);
        tokio::select! {
            result = &mut start => result,
            () = shutdown => {
                tracing::info!("shutting down: finishing in-flight commands");
                state.close_and_drain(SHUTDOWN_GRACE).await;
                shard_manager.shutdown_all().await;
                // `start` returns once every shard has stopped; do not hang if one never started.
                tokio::time::timeout(SHUTDOWN_GRACE, start).await.unwrap_or(Ok(()))
            }
        }
    };
    ticker.abort();
    let _ = ticker.await;
    catch_up.abort();
    let _ = catch_up.await;
    scheduler.abort();
    let _ = scheduler.await;
    // Dropping the client and the state closes the table and with it the database.
    drop(client);
    let failure = state.registration_failure();
    drop(state);

    if let Some(reason) = failure {
        return Err(BotError::Registration(reason));
    }
    match outcome {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(GatewayError::InvalidAuthentication)) => {
            Err(BotError::InvalidToken)
        }
        // With autosharding the token is first used to ask `/gateway/bot` for the shard count.
        Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)))
            if r.status_code.as_u16() == 401 =>
        {
            Err(BotError::InvalidToken)
        }
        Err(serenity::Error::Gateway(e)) => Err(BotError::Gateway(e)),
        Err(e) => Err(BotError::Client(e)),
    }
}
