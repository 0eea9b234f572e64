//! What the table sends back: channel posts, private messages and images, with their audience.

use crate::engine::board::Board;
use crate::engine::{Game, Ruleset};
use crate::locale::Locale;
use std::sync::Arc;

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
    /// Attached pictures, in the order Discord shows them.
    pub images: Vec<Image>,
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
    /// The map moment's pictures, still to be drawn, when the table leaves them to the front
    /// end ([`crate::table::Table::with_deferred_pictures`]).
    pub pictures: Option<Box<PictureJob>>,
    /// The game whose end (result, chart, seed, archive) this outbox posts: once it is posted,
    /// the front end tells the table ([`crate::table::Table::end_posted`]), so that a crash
    /// before the post does not lose it (issue 29, item 7).
    pub ended: Option<i64>,
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
            images: Vec::new(),
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
        self.messages.iter().flat_map(|m| m.images.iter())
    }
}

/// The pictures posted at one map moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapImages {
    /// The full map (PNG), marking what changed since the previous map.
    pub full: Vec<u8>,
    /// Close-ups (PNG) of the regions that changed, most changes first: none when nothing
    /// did, up to three when the changes are far apart.
    pub closeups: Vec<Vec<u8>>,
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
            closeups: Vec::new(),
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

/// The file names of one map moment's pictures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PictureNames {
    /// The full map's file name.
    pub map: String,
    /// The close-ups' file name stem (`-1.png`, `-2.png` … are added).
    pub closeup: String,
}

impl PictureNames {
    /// The pictures in posting order: the close-ups, then the full map.
    pub fn images(&self, m: MapImages) -> Vec<Image> {
        let n = m.closeups.len();
        let mut v: Vec<Image> = m
            .closeups
            .into_iter()
            .enumerate()
            .map(|(i, png)| Image {
                name: if n == 1 {
                    format!("{}.png", self.closeup)
                } else {
                    format!("{}-{}.png", self.closeup, i + 1)
                },
                png,
            })
            .collect();
        v.push(Image {
            name: self.map.clone(),
            png: m.full,
        });
        v
    }
}

/// The board a picture shows. Front ends hold it without reading it, and hand it back as the
/// `previous` board of the next picture (what changed is marked against it).
pub type PictureBoard = Board;

/// Draws a map moment's pictures; given the board of the last picture the front end posted
/// (which the changes are marked against), or `None` for the table's own idea of it.
pub type DrawPictures = Arc<dyn Fn(Option<&Board>) -> Result<Vec<Image>, String> + Send + Sync>;

/// A map moment's pictures, to be drawn after its text is posted.
#[derive(Clone)]
pub struct PictureJob {
    /// The game.
    pub game: i64,
    /// The game's action count when the pictures were called for: a later job of the same
    /// game supersedes this one.
    pub seq: u64,
    /// The board the pictures show.
    pub board: Board,
    /// The board of the last map the table posted before, if any.
    pub previous: Option<Board>,
    draw: DrawPictures,
}

impl PictureJob {
    /// A job drawing with `draw`.
    pub fn new(
        game: i64,
        seq: u64,
        board: Board,
        previous: Option<Board>,
        draw: DrawPictures,
    ) -> PictureJob {
        PictureJob {
            game,
            seq,
            board,
            previous,
            draw,
        }
    }

    /// Draws the pictures (CPU-bound: call on a blocking thread), marking changes since
    /// `previous`, or since [`PictureJob::previous`] when `None`.
    pub fn draw(&self, previous: Option<&Board>) -> Result<Vec<Image>, String> {
        (self.draw)(previous.or(self.previous.as_ref()))
    }
}

impl std::fmt::Debug for PictureJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PictureJob")
            .field("game", &self.game)
            .field("seq", &self.seq)
            .finish_non_exhaustive()
    }
}

impl PartialEq for PictureJob {
    fn eq(&self, o: &PictureJob) -> bool {
        self.game == o.game && self.seq == o.seq && self.board == o.board
    }
}

impl Eq for PictureJob {}
