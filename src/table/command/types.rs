//! What a command is once read: the invocation, the typed command and its parts, and the parse errors.

#[allow(unused_imports)]
use super::*;

/// A command as a name and its options, before typing: what a slash interaction carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invocation {
    /// Command name.
    pub name: String,
    /// `(option, value)` pairs.
    pub options: Vec<(String, String)>,
}

impl Invocation {
    pub(super) fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A file named in a command (`setup file:…`): the name as typed (a path in the terminal, the
/// attachment's file name on Discord) and its text once the front end has read it. The table
/// never reads files itself; `text: None` means the front end could not read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileArg {
    /// Path or file name, for messages.
    pub name: String,
    /// The contents, filled in by the front end.
    pub text: Option<String>,
}

impl FileArg {
    /// A file known only by name (not read yet).
    pub fn named(name: String) -> FileArg {
        FileArg { name, text: None }
    }
}

/// A unit pick in text form, parsed: counts and leader names (resolved later).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitPick {
    /// Regulars.
    pub regulars: u8,
    /// Mercenaries.
    pub mercenaries: u8,
    /// Cavalry.
    pub cavalry: u8,
    /// Leader names or ids.
    pub leaders: Vec<String>,
}

/// What `build` builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildWhat {
    /// A unit.
    Unit(UnitKind),
    /// A fortress.
    Fortress,
}

/// A manual fix, with names still as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdjustCmd {
    /// Set units of an owner in a space.
    Units {
        /// Space name.
        space: String,
        /// Owner text.
        owner: String,
        /// Protestant faction.
        faction: Option<String>,
        /// Counts: regulars, mercenaries, cavalry, squadrons, corsairs; `None` keeps that type
        /// as it is.
        counts: [Option<u8>; 5],
    },
    /// Set control.
    Control {
        /// Space.
        space: String,
        /// New owner text.
        owner: String,
    },
    /// Set religion.
    Religion {
        /// Space.
        space: String,
        /// Catholic or Protestant.
        religion: String,
    },
    /// Unrest on/off.
    Unrest {
        /// Space.
        space: String,
        /// On.
        on: bool,
    },
    /// Bonus VP.
    Vp {
        /// Power.
        target: String,
        /// Change.
        delta: i32,
    },
    /// Move a card.
    Card {
        /// Card.
        card: String,
        /// hand/discard/deck/removed.
        place: String,
        /// For `hand`: whose.
        target: Option<String>,
    },
    /// Diplomatic status.
    Relation {
        /// One power.
        target: String,
        /// The other.
        other: String,
        /// peace/war/alliance.
        status: String,
    },
    /// Minor ally (none: no `target`).
    Minor {
        /// The minor.
        minor: String,
        /// The ally.
        target: Option<String>,
    },
    /// Leader to a space or off the map.
    Leader {
        /// Leader.
        leader: String,
        /// Space, or none for off the map.
        space: Option<String>,
    },
    /// A ruler dies.
    KillRuler {
        /// Whose.
        target: String,
    },
    // --- position files (issue 17)
    /// Move to a turn and phase (and whose impulse or deployment).
    Phase {
        /// The turn; `None`: the current one.
        turn: Option<i64>,
        /// `diplomacy`, `spring_deployment`, `action` or `winter`.
        phase: String,
        /// Whose impulse or deployment.
        target: Option<String>,
    },
    /// The Barbary Pirates event played (corsairs may be built) or not.
    BarbaryPirates {
        /// On.
        on: bool,
    },
    // --- treasures
    /// Treasures given from the pool (`delta` > 0) or put back (`delta` < 0), at random.
    Treasure {
        /// Whose.
        target: String,
        /// How many more or fewer.
        delta: i8,
    },
    /// A power's influence on a courted power, changed by `delta` steps (X-INF-TRACK).
    Influence {
        /// Whose influence.
        target: String,
        /// The minor or inactive major.
        courted: String,
        /// Change in steps.
        delta: i64,
    },
    /// Who controls an inactive major (none: nobody) (X-INACTIVE).
    Inactive {
        /// The inactive major.
        major: String,
        /// Its controller.
        target: Option<String>,
    },
    /// Resolve a courted power's status now (X-INF-ROLL).
    Resolve {
        /// The minor or inactive major.
        courted: String,
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    /// Two royals into the engagement box (`leader:A+B`).
    Engage {
        /// One royal.
        royal: String,
        /// The other.
        with: String,
    },
    /// A royal married (`on:yes`) or single again.
    Married {
        /// The royal.
        royal: String,
        /// Married.
        on: bool,
    },
    /// A power's ruler assassinated (`on:yes`) or brought back.
    Assassinated {
        /// Whose.
        target: String,
        /// Killed.
        on: bool,
    },
}

/// A typed command. Power-ish and place-ish values stay text until the table resolves them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Command {
    New {
        scenario: Option<String>,
        locale: Option<Locale>,
    },
    Locale {
        lang: Locale,
    },
    Join {
        power: String,
    },
    Leave {
        power: Option<String>,
    },
    Start,
    // --- position files (issue 17)
    Setup {
        file: FileArg,
        private: Option<FileArg>,
    },
    Status,
    Hand {
        power: Option<String>,
    },
    Play {
        card: String,
        mode: CardMode,
        power: Option<String>,
    },
    Move {
        from: String,
        to: String,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    Control {
        space: String,
        power: Option<String>,
    },
    Build {
        space: String,
        what: BuildWhat,
        power: Option<String>,
    },
    Assault {
        space: String,
        power: Option<String>,
    },
    Revolt {
        space: String,
        capital: bool,
        leaders: Vec<String>,
        power: Option<String>,
        /// R-PROT-CAPITAL: the capital declared elsewhere in the territory.
        capital_at: Option<String>,
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    Marry {
        royal: String,
        with: String,
        refuse: bool,
        power: Option<String>,
    },
    Spy {
        target: String,
        effect: String,
        whom: Option<String>,
        power: Option<String>,
    },
    // --- religion (X-REL-*)
    Convert {
        space: String,
        power: Option<String>,
    },
    Rebel {
        space: String,
        power: Option<String>,
    },
    Six {
        /// Keep the 6 and place unrest (`count:6`), or count it as a 5 (`count:5`).
        keep: bool,
        power: Option<String>,
    },
    Fight {
        card: String,
        power: Option<String>,
    },
    Send {
        card: String,
        from: String,
        units: UnitPick,
        power: Option<String>,
    },
    Withdraw {
        leaders: Vec<String>,
        power: Option<String>,
    },
    Capital {
        space: Option<String>,
        power: Option<String>,
    },
    // --- land warfare
    Intercept {
        from: String,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    Avoid {
        to: String,
        power: Option<String>,
    },
    Fortify {
        power: Option<String>,
    },
    Forgo {
        power: Option<String>,
    },
    Sally {
        power: Option<String>,
    },
    /// Answer to a card effect's question (`choose option:N` or `choose space:ID`).
    Choose {
        option: Option<u8>,
        space: Option<String>,
        power: Option<String>,
    },
    Casualties {
        units: UnitPick,
        power: Option<String>,
    },
    Retreat {
        to: Option<String>,
        inside: Option<UnitPick>,
        power: Option<String>,
    },
    Standing {
        answer: String,
        on: bool,
        power: Option<String>,
    },
    // --- winter questions
    Winter {
        to: Option<String>,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    // --- naval warfare
    Sail {
        from: String,
        to: String,
        power: Option<String>,
    },
    Transport {
        from: String,
        to: String,
        units: UnitPick,
        power: Option<String>,
    },
    Ships {
        squadrons: u8,
        corsairs: u8,
        power: Option<String>,
    },
    Haven {
        to: String,
        power: Option<String>,
    },
    Engage {
        from: String,
        power: Option<String>,
    },
    Evade {
        to: String,
        power: Option<String>,
    },
    Piracy {
        zone: String,
        target: String,
        power: Option<String>,
    },
    Tribute {
        pay: String,
        at: Option<String>,
        power: Option<String>,
    },
    Treasure {
        which: u16,
        power: Option<String>,
    },
    // --- diplomatic influence (X-INF-BUY)
    Influence {
        target: String,
        steps: u8,
        power: Option<String>,
    },
    // --- peace (C-DIP-PEACE)
    Surrender {
        space: String,
        units: UnitPick,
        power: Option<String>,
    },
    Regain {
        what: String,
        pay: String,
        to: Option<String>,
        power: Option<String>,
    },
    Pass {
        power: Option<String>,
    },
    End {
        power: Option<String>,
    },
    War {
        target: String,
        card: Option<String>,
        power: Option<String>,
    },
    Sue {
        target: String,
        power: Option<String>,
    },
    Ransom {
        leader: String,
        to: Option<String>,
        power: Option<String>,
    },
    Recall {
        from: String,
        to: String,
        power: Option<String>,
    },
    Peace {
        target: String,
        power: Option<String>,
    },
    Ally {
        target: String,
        power: Option<String>,
    },
    Accept {
        from: String,
        power: Option<String>,
    },
    Minor {
        name: String,
        power: Option<String>,
    },
    Decline {
        from: String,
        power: Option<String>,
    },
    Done {
        power: Option<String>,
    },
    Deploy {
        from: String,
        to: String,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    Place {
        leader: String,
        space: String,
        power: Option<String>,
    },
    Secret {
        choice: EmpireChoice,
    },
    Undo,
    /// Refuses the pending request to take back an action.
    Veto,
    /// Asks to close the game without finishing it (a moderator closes it at once).
    Close,
    // --- campaign rhythm (issue 29)
    /// The reminder interval (`Some(None)`: off) and the caller's quiet hours; neither: show
    /// the settings.
    Settings {
        remind: Option<Option<u32>>,
        quiet: Option<Option<(u8, u8)>>,
        /// Where every seated player's private messages go (issue 29, item 5).
        hands: Option<HandsPlace>,
    },
    /// The game at a glance (the living dashboard's text).
    Dashboard,
    /// Agrees that the member who asked for a vacated seat takes it.
    Admit {
        power: String,
    },
    Adjust {
        fix: AdjustCmd,
        power: Option<String>,
    },
    Map,
    Vp,
    Log {
        last: Option<usize>,
    },
    Help {
        command: Option<String>,
    },
    /// A rule's text; with no id, the list of rule ids with their titles.
    Rule {
        id: Option<String>,
    },
    /// A card's CP, kind and text.
    Card {
        card: String,
    },
    // --- absences and spectators (issue 29)
    /// Names a deputy for the caller's power until a time, or ends the deputy (`until:end`).
    Deputy {
        /// The deputy (`<@id>`, an id or a name); `None` with `until:end`.
        user: Option<String>,
        /// `12h`, `3d`, `2w`, `2026-12-24` or `end`.
        until: String,
        /// The power, for a player holding several.
        power: Option<String>,
    },
    /// Asks for (or agrees to) the replacement of an inactive player; with `after:` alone the
    /// creator sets the inactivity that allows it.
    Replace {
        /// The inactive player's power.
        power: Option<String>,
        /// The new player.
        user: Option<String>,
        /// The table's inactivity time (`7d`).
        after: Option<String>,
    },
    /// Watches the game as a spectator.
    Watch,
    /// Stops watching.
    Unwatch,
    /// Switches the caller's "since your last turn" DMs on or off.
    Digest {
        /// On or off.
        on: bool,
    },
}

/// What an option's value should have been (worded in the game's language by the catalogue;
/// `Display` gives the English form).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// One of these fixed choices (English values; Russian games show their Russian words).
    OneOf(&'static [&'static str]),
    /// A whole number.
    WholeNumber,
    /// A whole number from 0 to 255.
    Count,
    /// A unit pick: counts like `3r 1m 2c` and leader names.
    Units,
    /// A whole number in this range (both ends included).
    Between(i64, i64),
    // --- campaign rhythm (issue 29)
    /// A reminder interval such as `12h` in this range (seconds), or `off`.
    Interval {
        /// Shortest.
        min_s: u32,
        /// Longest.
        max_s: u32,
    },
    /// Quiet hours such as `22-7` (UTC hours, start and end differ), or `off`.
    QuietHours,
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::OneOf(list) => write!(f, "one of {}", list.join(", ")),
            Expected::WholeNumber => f.write_str("a whole number"),
            Expected::Count => f.write_str("a number from 0 to 255"),
            Expected::Units => f.write_str(
                "counts like `3r 1m 2c` (regulars, mercenaries, cavalry) and leader names",
            ),
            Expected::Between(lo, hi) => write!(f, "a whole number from {lo} to {hi}"),
            Expected::Interval { min_s, max_s } => write!(
                f,
                "a time from {} h to {} d such as `12h`, `90m` or `2d`, or `off`",
                min_s / 3600,
                max_s / 86_400
            ),
            Expected::QuietHours => {
                f.write_str("two different UTC hours from 0 to 23 such as `22-7`, or `off`")
            }
        }
    }
}

/// Where a table's private messages (hands, secret choices, digests, reminders) go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HandsPlace {
    /// By DM; a player whose DMs are closed gets a private thread instead (the default).
    #[default]
    Dm,
    /// Every seated player's private thread under the game's channel.
    Threads,
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing was typed.
    #[error("empty command")]
    Empty,
    /// No such command.
    #[error("unknown command `{name}`{hint}")]
    UnknownCommand {
        /// What was typed.
        name: String,
        /// "; did you mean …?" or empty.
        hint: String,
    },
    /// An option the command does not have.
    #[error("`{command}` has no option `{option}`; its options: {allowed}")]
    UnknownOption {
        /// Command.
        command: String,
        /// Option typed.
        option: String,
        /// The command's options.
        allowed: String,
    },
    /// A required option is missing.
    #[error("`{command}` needs `{option}:`")]
    Missing {
        /// Command.
        command: String,
        /// Option.
        option: String,
    },
    /// A value that does not fit its option.
    #[error("`{option}:{value}` is not valid; expected {expected}")]
    BadValue {
        /// Option.
        option: String,
        /// Value.
        value: String,
        /// What is allowed.
        expected: Expected,
    },
    /// A free word that belongs to no option.
    #[error("`{word}` belongs to no option; write options as `name:value`")]
    Stray {
        /// The word.
        word: String,
    },
    /// An option that the chosen kind of `adjust` does not read (`adjust what:vp space:london`):
    /// refused rather than ignored.
    #[error("`{option}:` does not apply to `adjust what:{what}`; it reads: {reads:?}")]
    NotRead {
        /// The option given.
        option: String,
        /// The `what:` chosen.
        what: String,
        /// The options that kind reads.
        reads: &'static [&'static str],
    },
    /// The same option typed twice (`space:berwick space:norwich`): neither is taken.
    #[error("`{option}:` is given twice; give each option once")]
    Repeated {
        /// The option.
        option: String,
    },
    // --- safe input
    /// At least one of these options must be given.
    #[error("`{command}` needs at least one of {options:?}")]
    NeedOneOf {
        /// Command.
        command: String,
        /// The options, one of which is needed.
        options: Vec<&'static str>,
    },
    // --- ops: bounded input
    /// A line or a value longer than the table reads; it is not echoed back.
    #[error("{what} is too long ({len} characters; at most {max})")]
    TooLong {
        /// `command` for the whole line, else the option's name.
        what: String,
        /// Its length in characters.
        len: usize,
        /// The bound.
        max: usize,
    },
    // --- words: input read completely
    /// A unit pick that names the same unit type or leader twice (`1r alba 1r`): refused rather
    /// than summed, naming the repeated part.
    #[error("`{option}:` names `{part}` twice; name each unit type and leader once")]
    RepeatedPart {
        /// The option (`units`).
        option: String,
        /// The part typed again, as typed.
        part: String,
    },
}
