//! What the table sends back: channel posts, private messages and images, with their audience.

use crate::engine::board::Board;
use crate::engine::{Game, Ruleset};
use crate::locale::Locale;

/// A user id (a Discord snowflake, or a local stand-in).
pub type UserId = u64;

/// Who sees a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Everyone in the game's channel.
    Channel,
    /// One user, privately (a DM).
    Dm(UserId),
    /// Only the user who sent the command (an ephemeral reply on Discord).
    Reply(UserId),
}

/// A PNG picture to attach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// File name, e.g. `map-t1-s12.png`.
    pub name: String,
    /// PNG bytes.
    pub png: Vec<u8>,
}

/// One message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutMessage {
    /// Who sees it.
    pub to: Audience,
    /// Markdown text.
    pub text: String,
    /// Users to ping (those who must act next).
    pub mentions: Vec<UserId>,
    /// An attached picture.
    pub image: Option<Image>,
}

/// Everything one command produced, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outbox {
    /// The messages.
    pub messages: Vec<OutMessage>,
    /// Whether the command was refused (nothing changed).
    pub refused: bool,
    /// The last public post asks every player to agree to take back an action: a front end
    /// may put agree and refuse buttons under it.
    pub consent: bool,
}

impl Outbox {
    /// A public post.
    pub fn channel(&mut self, text: impl Into<String>) {
        self.push(Audience::Channel, text.into());
    }
    /// A private message.
    pub fn dm(&mut self, user: UserId, text: impl Into<String>) {
        self.push(Audience::Dm(user), text.into());
    }
    /// A reply only the sender sees.
    pub fn reply(&mut self, user: UserId, text: impl Into<String>) {
        self.push(Audience::Reply(user), text.into());
    }
    fn push(&mut self, to: Audience, text: String) {
        self.messages.push(OutMessage {
            to,
            text,
            mentions: Vec::new(),
            image: None,
        });
    }
    /// A refusal: one reply to the sender, and the flag set.
    pub fn refusal(user: UserId, text: impl Into<String>) -> Outbox {
        let mut o = Outbox {
            refused: true,
            ..Outbox::default()
        };
        o.reply(user, text);
        o
    }
    /// The text of every message with this audience, joined by new lines.
    pub fn text_for(&self, to: Audience) -> String {
        self.messages
            .iter()
            .filter(|m| m.to == to)
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
    /// Every image in the outbox.
    pub fn images(&self) -> impl Iterator<Item = &Image> {
        self.messages.iter().filter_map(|m| m.image.as_ref())
    }
}

/// The pictures posted at one map moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapImages {
    /// The full map (PNG), marking what changed since the previous map.
    pub full: Vec<u8>,
    /// A close-up (PNG) of the region that changed, if anything did.
    pub closeup: Option<Vec<u8>>,
}

/// Draws the map of a game as PNG bytes. The table uses it without knowing how maps are drawn.
pub trait Renderer: Send + Sync {
    /// The public map of `game` (never anything private).
    fn render_map(&self, rs: &Ruleset, game: &Game, locale: Locale) -> Result<Vec<u8>, String>;

    /// The public map of `game` marking what changed since `previous` (the board of the last
    /// map posted), and a close-up of those changes. By default: the plain map, no close-up.
    fn render_update(
        &self,
        rs: &Ruleset,
        game: &Game,
        previous: Option<&Board>,
        locale: Locale,
    ) -> Result<MapImages, String> {
        let _ = previous;
        Ok(MapImages {
            full: self.render_map(rs, game, locale)?,
            closeup: None,
        })
    }
}

impl<F> Renderer for F
where
    F: Fn(&Ruleset, &Game, Locale) -> Result<Vec<u8>, String> + Send + Sync,
{
    fn render_map(&self, rs: &Ruleset, game: &Game, locale: Locale) -> Result<Vec<u8>, String> {
        self(rs, game, locale)
    }
}
