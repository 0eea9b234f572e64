//! The Discord front end: a poise framework serving the `/vq` slash command.
//!
//! [`run`] connects to Discord (or, in tests, to a loopback emulator through
//! [`BotConfig::rest_base`]), registers `/vq` and answers it until the shutdown future completes.

mod commands;
pub mod help;

use std::fmt;
use std::future::Future;
use std::time::Duration;

use ::serenity::prelude::TypeMapKey;
use poise::serenity_prelude as serenity;
use serenity::{ClientBuilder, GatewayError, GatewayIntents, GuildId, HttpBuilder};

pub use commands::CommandError;

/// How long [`run`] waits for the shards to stop after the shutdown future completed.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// How to reach Discord.
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
}

impl fmt::Debug for BotConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotConfig")
            .field("token", &"<redacted>")
            .field("rest_base", &self.rest_base)
            .field("dev_guild", &self.dev_guild)
            .finish()
    }
}

/// Why the bot stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The configuration cannot work (empty token, guild id 0, ...).
    #[error("invalid bot configuration: {0}")]
    Config(&'static str),
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

/// State shared by the command handlers; the game table will be plugged in here.
#[derive(Debug, Default)]
pub struct Data {}

/// Context handed to the command handlers.
pub type Context<'a> = poise::Context<'a, Data, CommandError>;

/// Set in the client's type map when command registration failed during setup.
struct RegistrationFailure;

impl TypeMapKey for RegistrationFailure {
    type Value = String;
}

/// Runs the bot until `shutdown` completes, then stops the gateway connection cleanly.
///
/// Returns an error if the token is rejected, if the commands cannot be registered or if the
/// client stops on its own because of an error.
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

    let http = match &config.rest_base {
        Some(base) => HttpBuilder::new(&config.token)
            .proxy(base.as_str())
            .ratelimiter_disabled(true)
            .build(),
        None => serenity::Http::new(&config.token),
    };

    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::vq()],
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                let registered = match dev_guild {
                    Some(guild) => poise::builtins::register_in_guild(ctx, commands, guild).await,
                    None => poise::builtins::register_globally(ctx, commands).await,
                };
                registered.map_err(CommandError::Registration)?;
                tracing::info!(guild = ?dev_guild, "registered /vq");
                Ok(Data::default())
            })
        })
        .build();

    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
        .framework(framework)
        .await
        .map_err(BotError::Client)?;
    let shard_manager = client.shard_manager.clone();
    let data = client.data.clone();

    let outcome = {
        let start = client.start();
        tokio::pin!(start);
        tokio::select! {
            result = &mut start => result,
            () = shutdown => {
                tracing::info!("shutting down the Discord client");
                shard_manager.shutdown_all().await;
                // `start` returns once every shard has stopped; do not hang if one never started.
                tokio::time::timeout(SHUTDOWN_GRACE, start).await.unwrap_or(Ok(()))
            }
        }
    };

    if let Some(reason) = data.read().await.get::<RegistrationFailure>() {
        return Err(BotError::Registration(reason.clone()));
    }
    match outcome {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(GatewayError::InvalidAuthentication)) => {
            Err(BotError::InvalidToken)
        }
        Err(serenity::Error::Gateway(e)) => Err(BotError::Gateway(e)),
        Err(e) => Err(BotError::Client(e)),
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, CommandError>) {
    match error {
        poise::FrameworkError::Setup {
            error,
            framework,
            ctx,
            ..
        } => {
            tracing::error!(%error, "bot setup failed; shutting down");
            ctx.data
                .write()
                .await
                .insert::<RegistrationFailure>(error.to_string());
            framework.shard_manager().shutdown_all().await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "could not report a command error");
            }
        }
    }
}
