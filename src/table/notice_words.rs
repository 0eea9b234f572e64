//! Short notices of the front ends (buttons, DM problems, help lines) and their words.

#[allow(unused_imports)]
use super::*;

/// Front-end texts that need no ruleset: the Discord bot's notices, button labels and the frame
/// of its help list (they are shown before a game, or with no game's names in them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The bot is stopping or starting.
    Restarting,
    /// An interaction the bot does not know.
    UnknownCommand,
    /// A button from another table (or an older bot).
    ForeignButton,
    /// A table call failed unexpectedly.
    TableFailed,
    /// A button pressed after the game moved on.
    PromptStale,
    /// The help list's title.
    HelpTitle,
    /// The help list's last line; `usage` is the help command with its option, as typed.
    HelpFooter { usage: String },
    /// A player's DMs are closed: their private information waits behind a button or `hand`
    /// (the slash command, as typed).
    DmClosed { user: u64, hand: String },
    /// A DM to a player failed for another reason (Discord error, network): the same fallback,
    /// without claiming their DMs are closed.
    DmFailed { user: u64, hand: String },
    /// The Empire's secret-choice prompt, sent by DM.
    SecretPrompt,
    /// The Empire's holder has closed DMs: `secret` is the slash command to use instead.
    SecretDmClosed { user: u64, secret: String },
    /// Button: pass.
    Pass,
    /// Button: end the impulse.
    EndImpulse,
    /// Button: done deploying without a deployment.
    DoneNoDeployment,
    /// Button: accept an offer.
    Accept,
    /// Button: decline an offer.
    Decline,
    /// Button: done negotiating.
    DoneNegotiating,
    /// Button: agree to take back an action.
    AgreeTakeBack,
    /// Button: refuse to take back an action.
    RefuseTakeBack,
    /// Button: show my hand privately.
    ShowHand,
    // --- religion (X-REL-SIX)
    /// Button: keep a natural 6 of a conversion attempt and place unrest.
    KeepSix,
    /// Button: count a natural 6 of a conversion attempt as a 5.
    CountFive,
    // --- posting problems (issue 32)
    /// To the player whose action could not be announced in the game's channel `channel`:
    /// which permission the bot lacks there (`None`: Discord failed for another reason) and
    /// that the announcement follows once posting works.
    CannotPost {
        channel: u64,
        missing: Option<ChannelPermission>,
    },
    /// To the table, under a post whose picture could not be attached (no Attach Files).
    PictureNotAttached,
    /// Heads announcements that could not be posted when they happened.
    PostedLate,
    /// A public "thinking" message whose answer turned out private (a refusal, say): the
    /// answer went to the player alone.
    AnsweredPrivately,
    /// A rejected registration of the slash commands, for the log: Discord's reason.
    RegistrationRejected { reason: String },
}

/// A channel permission the bot needs to post a game's announcements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelPermission {
    /// See the channel at all.
    ViewChannel,
    /// Post messages.
    SendMessages,
    /// Attach the map pictures.
    AttachFiles,
}

impl ChannelPermission {
    /// The permission's name as Discord's settings show it.
    pub fn name(self, loc: Locale) -> &'static str {
        match self {
            ChannelPermission::ViewChannel => loc.pick("View Channel", "Просматривать каналы"),
            ChannelPermission::SendMessages => loc.pick("Send Messages", "Отправлять сообщения"),
            ChannelPermission::AttachFiles => loc.pick("Attach Files", "Прикреплять файлы"),
        }
    }
}

impl Notice {
    /// The text in `loc`.
    pub fn text(&self, loc: Locale) -> String {
        let l = loc;
        match self {
            Notice::Restarting => l.pick("The table is restarting; please try again in a few seconds.", "Стол перезапускается; попробуйте через несколько секунд.").into(),
            Notice::UnknownCommand => l.pick("Unknown command.", "Неизвестная команда.").into(),
            Notice::ForeignButton => l.pick("This button does not belong to the current table.", "Эта кнопка не относится к текущему столу.").into(),
            Notice::TableFailed => l.pick("Something went wrong at the table; please try again.", "Что-то пошло не так; попробуйте ещё раз.").into(),
            Notice::PromptStale => l
                .pick(
                    "This prompt is out of date: the game has moved on since it was posted. Use the newest prompt or the slash command.",
                    "Эта кнопка устарела: с тех пор партия продвинулась. Используйте последнее сообщение или команду.",
                )
                .into(),
            Notice::HelpTitle => l.pick("**Virgin Queen table: /vq commands**", "**Стол «Королева-девственница»: команды /vq**").into(),
            Notice::HelpFooter { usage } => tr!(l, "`{}` explains one command.", "`{}` — подробно об одной команде.", usage),
            Notice::DmClosed { user, hand } => tr!(
                l,
                "<@{}> I cannot send you direct messages (they are closed for this server), so your private information waits here: press the button (only you will see it) or use `{}`.",
                "<@{}> не могу написать вам в личные сообщения (они закрыты для этого сервера), поэтому ваша личная информация ждёт здесь: нажмите кнопку (увидите только вы) или используйте `{}`.",
                user,
                hand
            ),
            Notice::DmFailed { user, hand } => tr!(
                l,
                "<@{}> a direct message to you did not go through just now, so your private information waits here: press the button (only you will see it) or use `{}`.",
                "<@{}> личное сообщение вам сейчас не доставлено, поэтому ваша личная информация ждёт здесь: нажмите кнопку (увидите только вы) или используйте `{}`.",
                user,
                hand
            ),
            Notice::SecretPrompt => l
                .pick(
                    "**The Empire's secret choice.** Pick its religious preference below. The channel sees only a commitment (sha256) until the reveal; you may see your choice again here.",
                    "**Тайный выбор Империи.** Выберите её религиозное предпочтение ниже. Канал увидит только обязательство (sha256) до раскрытия.",
                )
                .into(),
            Notice::SecretDmClosed { user, secret } => tr!(
                l,
                "<@{}> I cannot send you direct messages: make the Empire's secret choice with `{}` — the answer is shown only to you.",
                "<@{}> не могу написать вам лично: сделайте тайный выбор Империи командой `{}` — ответ увидите только вы.",
                user,
                secret
            ),
            Notice::Pass => l.pick("Pass", "Пас").into(),
            Notice::EndImpulse => l.pick("End impulse", "Закончить импульс").into(),
            Notice::KeepSix => l.pick("Keep the 6 (unrest)", "Оставить 6 (беспорядки)").into(),
            Notice::CountFive => l.pick("Count it as 5 (no unrest)", "Считать как 5 (без беспорядков)").into(),
            Notice::DoneNoDeployment => l.pick("Done (no deployment)", "Готово (без развёртывания)").into(),
            Notice::Accept => l.pick("accept", "принять").into(),
            Notice::Decline => l.pick("decline", "отклонить").into(),
            Notice::DoneNegotiating => l.pick("Done negotiating", "Переговоры окончены").into(),
            Notice::AgreeTakeBack => l.pick("Agree to take it back", "Согласиться на отмену").into(),
            Notice::RefuseTakeBack => l.pick("Refuse", "Возразить").into(),
            Notice::ShowHand => l.pick("Show my hand (only to me)", "Показать мою руку (только мне)").into(),
            Notice::CannotPost { channel, missing: Some(p) } => tr!(
                l,
                "Your action counts, but I could not announce it in <#{}>: I lack the **{}** permission there. A server admin can grant it to the bot (channel settings → Permissions). The announcement will be posted there as soon as I can post again.",
                "Ваш ход засчитан, но объявить его в <#{}> я не смог: у бота там нет права **{}**. Администратор сервера может его выдать (настройки канала → Права доступа). Объявление появится там, как только я снова смогу писать.",
                channel,
                p.name(l)
            ),
            Notice::CannotPost { channel, missing: None } => tr!(
                l,
                "Your action counts, but Discord did not take its announcement in <#{}> just now. It will be posted there with the next answer of the table.",
                "Ваш ход засчитан, но Discord сейчас не принял его объявление в <#{}>. Оно появится там со следующим ответом стола.",
                channel
            ),
            Notice::PictureNotAttached => tr!(
                l,
                "(The map picture could not be attached: the bot lacks the **{}** permission in this channel; a server admin can grant it in the channel's permissions.)",
                "(Карту приложить не удалось: у бота нет права **{}** в этом канале; администратор сервера может выдать его в правах канала.)",
                ChannelPermission::AttachFiles.name(l)
            ),
            Notice::PostedLate => l.pick("**Not posted here when it happened** (the bot could not post):", "**Не было опубликовано здесь вовремя** (бот не мог писать):").into(),
            Notice::AnsweredPrivately => l.pick("The answer to this command was shown to its author only.", "Ответ на эту команду показан только её автору.").into(),
            Notice::RegistrationRejected { reason } => tr!(
                l,
                "Discord rejected the slash commands ({}); the bot keeps serving the commands registered before.",
                "Discord отклонил слеш-команды ({}); бот продолжает обслуживать ранее зарегистрированные команды.",
                reason
            ),
        }
    }
}
