//! The words of where a table's private messages go (issue 29, item 5), in both languages.

use super::command::HandsPlace;
use super::messages::Locale;

/// A text about the table's choice of private threads or DMs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandsWords {
    /// The channel is told the table's new choice, and who made it.
    Set {
        /// Where private messages go now.
        place: HandsPlace,
        /// Who chose.
        by: String,
    },
    /// The current choice (in `settings` and `status`).
    Current {
        /// Where private messages go.
        place: HandsPlace,
    },
    /// The first line of a player's private thread: whom it is for and why.
    ThreadOpening {
        /// The player.
        user: u64,
        /// The table chose threads for everyone (otherwise: the player's DMs are closed).
        chosen: bool,
    },
}

impl HandsWords {
    /// The text in `loc`.
    pub fn text(&self, loc: Locale) -> String {
        let ru = loc == Locale::Ru;
        match self {
            HandsWords::Set {
                place: HandsPlace::Threads,
                by,
            } => {
                if ru {
                    format!("🔒 {by}: личные сообщения этой партии (рука, тайный выбор, сводки, напоминания) теперь приходят каждому игроку в его закрытую ветку под этим каналом, а не в ЛС.")
                } else {
                    format!("🔒 {by}: this game's private messages (hands, secret choices, digests, reminders) now go to each player's private thread under this channel instead of DMs.")
                }
            }
            HandsWords::Set {
                place: HandsPlace::Dm,
                by,
            } => {
                if ru {
                    format!("✉️ {by}: личные сообщения этой партии снова приходят в ЛС (кому ЛС закрыты — в закрытую ветку).")
                } else {
                    format!("✉️ {by}: this game's private messages go by DM again (to a private thread for a player whose DMs are closed).")
                }
            }
            HandsWords::Current {
                place: HandsPlace::Threads,
            } => if ru {
                "🔒 Личные сообщения: в закрытых ветках игроков."
            } else {
                "🔒 Private messages: in each player's private thread."
            }
            .into(),
            HandsWords::Current {
                place: HandsPlace::Dm,
            } => if ru {
                "✉️ Личные сообщения: в ЛС (кому ЛС закрыты — в закрытую ветку)."
            } else {
                "✉️ Private messages: by DM (a private thread where DMs are closed)."
            }
            .into(),
            HandsWords::ThreadOpening { user, chosen: true } => {
                if ru {
                    format!("<@{user}>: стол выбрал закрытые ветки, поэтому ваши личные игровые сообщения (рука, тайный выбор) приходят сюда. Её видите только вы. Команды здесь относятся к партии канала.")
                } else {
                    format!("<@{user}>: the table chose private threads, so your private game messages (your hand, secret choices) come here. Only you can see it. Commands used here act on the channel's game.")
                }
            }
            HandsWords::ThreadOpening {
                user,
                chosen: false,
            } => {
                if ru {
                    format!("<@{user}>: ваши личные сообщения для меня закрыты, поэтому ваши личные игровые сообщения (рука, тайный выбор) приходят в эту закрытую ветку. Её видите только вы. Команды здесь относятся к партии канала.")
                } else {
                    format!("<@{user}>: your DMs are closed to me, so your private game messages (your hand, secret choices) come to this private thread. Only you can see it. Commands used here act on the channel's game.")
                }
            }
        }
    }
}
