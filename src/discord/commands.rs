//! The `/vq` slash command and its subcommands.

use poise::serenity_prelude as serenity;
use poise::CreateReply;

use super::help::{help_text, Lang};
use super::Context;

/// Why a command handler (or the setup) failed.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// A call to Discord failed.
    #[error("Discord request failed: {0}")]
    Discord(#[from] serenity::Error),
    /// Registering the commands failed during setup.
    #[error("{0}")]
    Registration(#[source] serenity::Error),
}

/// Play Virgin Queen at this table.
#[poise::command(
    slash_command,
    subcommands("help"),
    subcommand_required,
    description_localized("ru", "Играть в «Королеву-девственницу» за этим столом")
)]
pub async fn vq(_ctx: Context<'_>) -> Result<(), CommandError> {
    // Discord never invokes the parent of a command with subcommands.
    Ok(())
}

/// List the /vq commands.
#[poise::command(slash_command, description_localized("ru", "Список команд /vq"))]
async fn help(ctx: Context<'_>) -> Result<(), CommandError> {
    let text = help_text(Lang::from_locale(ctx.locale()));
    ctx.send(CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}
