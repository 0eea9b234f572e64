//! Reading a position: TOML → checked values → [`Game`], or every problem with its line.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use toml::Spanned;

use super::{Problem, Source, PHASES, POSITION_FORMAT};
use crate::engine::action::Units;
use crate::engine::board::{Board, SpaceState};
use crate::engine::event::EndReason;
use crate::engine::foreign_war::ForeignWar;
use crate::engine::game::{EmpireState, Offer, Stage, STATE_FORMAT};
use crate::engine::power::{
    Faction, Minor, Owner, Power, PowerSet, Relation, Religion, ReligiousZone, SpaceType,
};
use crate::engine::protestant::ProtestantState;
use crate::engine::ruleset::{CardKind, EmpireChoice, Leader, LeaderKind, WorldKind};
use crate::engine::steps::Step;
use crate::engine::upgrade::{lift_format_1, Format1Question};
use crate::engine::{Game, Ruleset, SpaceId};

type S<T> = Spanned<T>;

// ------------------------------------------------------------------ raw TOML shapes

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPublic {
    format: S<u32>,
    scenario: S<String>,
    powers: S<Vec<S<String>>>,
    #[serde(default)]
    actions: u32,
    turn: RawTurn,
    #[serde(default)]
    relations: RawRelations,
    #[serde(default)]
    minors: BTreeMap<String, S<String>>,
    #[serde(default)]
    standing: BTreeMap<String, S<Vec<S<String>>>>,
    #[serde(default)]
    engine: RawEngine,
    #[serde(default)]
    capitals: BTreeMap<String, S<Vec<S<String>>>>,
    #[serde(default)]
    protestant: RawProtestant,
    #[serde(default)]
    empire: RawEmpire,
    #[serde(default)]
    vp: BTreeMap<String, S<i32>>,
    #[serde(default)]
    rulers: BTreeMap<String, S<String>>,
    #[serde(default)]
    cards: RawCards,
    #[serde(default)]
    hands: BTreeMap<String, S<Vec<S<u16>>>>,
    // --- treasures
    treasures: Option<RawTreasures>,
    /// `[influence]`: diplomatic influence as vqbot wrote it (X-INF-*, X-INACTIVE).
    #[serde(default)]
    influence: Option<RawInfluence>,
    #[serde(default)]
    leaders: RawLeaders,
    #[serde(default)]
    world: RawWorld,
    #[serde(default)]
    foreign_war: Vec<RawWar>,
    #[serde(default)]
    space: Vec<RawSpace>,
    #[serde(default)]
    sea: Vec<RawSea>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTurn {
    number: S<u8>,
    phase: S<String>,
    step: Option<S<String>>,
    power: Option<S<String>>,
    passes: Option<S<u8>>,
    cp_left: Option<S<u8>>,
    space: Option<S<String>>,
    modifier: Option<S<i8>>,
    card: Option<S<u16>>,
    played_by: Option<S<String>>,
    done: Option<S<Vec<S<String>>>>,
    offers: Option<S<Vec<RawOffer>>>,
    winners: Option<S<Vec<S<String>>>>,
    reason: Option<S<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOffer {
    from: S<String>,
    to: S<String>,
    status: S<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRelations {
    #[serde(default)]
    war: Vec<S<Vec<S<String>>>>,
    #[serde(default)]
    alliance: Vec<S<Vec<S<String>>>>,
    #[serde(default)]
    peace_made: Vec<RawPeace>,
    #[serde(default)]
    minor_war: Vec<S<Vec<S<String>>>>,
    #[serde(default)]
    minor_peace: Vec<RawMinorPeace>,
}

/// `[influence]`: the influence state as JSON written by vqbot.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawInfluence {
    state: Option<S<String>>,
}

/// A battle in progress and the impulse's marks, as JSON written by vqbot.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawEngine {
    steps: Option<S<String>>,
    marks: Option<S<String>>,
    naval: Option<S<String>>,
    #[serde(default)]
    flags: Option<S<String>>,
    #[serde(default)]
    court: Option<S<String>>,
}

/// `[treasures]`: numbers of `treasures.csv`; a treasure not listed is in the pool.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawTreasures {
    #[serde(default)]
    row: Vec<S<u16>>,
    #[serde(default)]
    spent: Vec<S<u16>>,
    draws: Option<S<u64>>,
    #[serde(default)]
    held: BTreeMap<String, S<Vec<S<u16>>>>,
}

/// Peace made between two majors on a turn (C-DIP-WAR-LIMITS).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPeace {
    a: S<String>,
    b: S<String>,
    turn: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMinorPeace {
    power: S<String>,
    minor: S<String>,
    turn: u8,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawProtestant {
    huguenot_capital: Option<S<String>>,
    dutch_capital: Option<S<String>>,
    huguenot_capital_lost: Option<u8>,
    dutch_capital_lost: Option<u8>,
    #[serde(default)]
    revolts: Vec<S<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawEmpire {
    secret: Option<S<String>>,
    commitment: Option<S<String>>,
    choice: Option<S<String>>,
    salt: Option<String>,
    #[serde(default)]
    master: bool,
    #[serde(default)]
    rudolf_dead: bool,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawCards {
    #[serde(default)]
    deck: Vec<S<u16>>,
    #[serde(default)]
    discard: Vec<S<u16>>,
    #[serde(default)]
    removed: Vec<S<u16>>,
    /// Every card that has entered by this turn and is listed nowhere goes into the deck,
    /// shuffled, under the listed `deck` cards.
    #[serde(default)]
    rest_to_deck: bool,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawLeaders {
    off_map: Option<Vec<S<String>>>,
    #[serde(default)]
    captured: Vec<RawCaptured>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCaptured {
    leader: S<String>,
    by: S<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawWorld {
    #[serde(default)]
    fortresses: Vec<S<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWar {
    card: S<u16>,
    power: Option<S<String>>,
    required: Option<u8>,
    army: Option<u8>,
    #[serde(default)]
    regulars: u8,
    #[serde(default)]
    mercenaries: u8,
    #[serde(default)]
    cavalry: u8,
    #[serde(default)]
    leaders: Vec<S<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    id: S<String>,
    control: Option<S<String>>,
    religion: Option<S<String>>,
    #[serde(default)]
    unrest: bool,
    fortress_built: Option<S<bool>>,
    besieged_by: Option<S<String>>,
    #[serde(default)]
    units: Vec<RawUnits>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnits {
    owner: S<String>,
    #[serde(default)]
    regulars: u8,
    #[serde(default)]
    mercenaries: u8,
    #[serde(default)]
    cavalry: u8,
    squadrons: Option<S<u8>>,
    #[serde(default)]
    corsairs: u8,
    #[serde(default)]
    leaders: Vec<S<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSea {
    id: S<String>,
    #[serde(default)]
    units: Vec<RawUnits>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrivate {
    format: S<u32>,
    empire: Option<RawPrivateEmpire>,
    random: Option<RawRandom>,
    // --- what no player may see of the cards and treasures (issue 28, item 4)
    cards: Option<RawPrivateCards>,
    #[serde(default)]
    hands: BTreeMap<String, S<Vec<S<u16>>>>,
    treasures: Option<RawPrivateTreasures>,
}

/// The private `[cards]`: the deck in draw order.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrivateCards {
    deck: S<Vec<S<u16>>>,
}

/// The private `[treasures]`: the face-down row and the treasures held.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrivateTreasures {
    #[serde(default)]
    row: Vec<S<u16>>,
    #[serde(default)]
    held: BTreeMap<String, S<Vec<S<u16>>>>,
}

/// Spans of values taken from the private file are moved past this offset, so that a problem
/// with one is reported with the private file's name and line.
const PRIVATE_SPAN: usize = 1 << 40;

fn shifted<T>(v: S<T>) -> S<T> {
    let span = v.span();
    S::new(
        span.start + PRIVATE_SPAN..span.end + PRIVATE_SPAN,
        v.into_inner(),
    )
}

fn shifted_list(v: Vec<S<u16>>) -> Vec<S<u16>> {
    v.into_iter().map(shifted).collect()
}

fn shifted_map(m: BTreeMap<String, S<Vec<S<u16>>>>) -> BTreeMap<String, S<Vec<S<u16>>>> {
    m.into_iter()
        .map(|(k, v)| {
            let v = shifted(v);
            let span = v.span();
            (k, S::new(span, shifted_list(v.into_inner())))
        })
        .collect()
}

/// Moves the private file's deck, hands and treasures into the public shapes, where the rest
/// of the reading checks them; a part given in both files is a problem.
fn merge_private(raw: &mut RawPublic, private: &mut RawPrivate, r: &mut Report<'_>) {
    if let Some(c) = private.cards.take() {
        let c = shifted(c.deck);
        if !raw.cards.deck.is_empty() {
            r.bad(
                c.span(),
                "the deck is in both files; keep it in the private one",
            );
        }
        raw.cards.deck = shifted_list(c.into_inner());
    }
    for (k, v) in shifted_map(std::mem::take(&mut private.hands)) {
        if raw.hands.contains_key(&k) {
            r.bad(
                v.span(),
                format!("{k}'s hand is in both files; keep it in the private one"),
            );
        }
        raw.hands.insert(k, v);
    }
    if let Some(t) = private.treasures.take() {
        let public = raw.treasures.get_or_insert_with(RawTreasures::default);
        let row = shifted_list(t.row);
        if let (Some(n), false) = (row.first(), public.row.is_empty()) {
            r.bad(
                n.span(),
                "the treasure row is in both files; keep it in the private one",
            );
        }
        if !row.is_empty() {
            public.row = row;
        }
        for (k, v) in shifted_map(t.held) {
            if public.held.contains_key(&k) {
                r.bad(
                    v.span(),
                    format!("{k}'s treasures are in both files; keep them in the private one"),
                );
            }
            public.held.insert(k, v);
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrivateEmpire {
    choice: S<String>,
    salt: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRandom {
    state: S<String>,
}

// ------------------------------------------------------------------ problems

/// Collects problems of one file, with lines.
struct Report<'a> {
    doc: Source<'a>,
    out: &'a mut Vec<Problem>,
    /// Where each line of `doc` starts after the first: a line number is a binary search, so
    /// a file with many problems is read in linear time.
    lines: &'a [usize],
    /// The private file and its lines, for spans past [`PRIVATE_SPAN`].
    private: Option<(Source<'a>, &'a [usize])>,
}

/// The byte offsets just after every newline of a text.
fn line_starts(text: &str) -> Vec<usize> {
    text.bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'\n')
        .map(|(i, _)| i + 1)
        .collect()
}

/// The 1-based line of a byte offset, from [`line_starts`].
fn line_at(lines: &[usize], offset: usize) -> u64 {
    lines.partition_point(|&start| start <= offset) as u64 + 1
}

impl Report<'_> {
    fn bad(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (file, line) = self.place(&span);
        self.out.push(Problem {
            file: file.to_string(),
            line,
            message: message.into(),
        });
    }
    fn line(&self, span: &Range<usize>) -> u64 {
        self.place(span).1
    }
    /// The file and line of a span (of the public file, or shifted from the private one).
    fn place(&self, span: &Range<usize>) -> (&str, u64) {
        match self.private {
            Some((doc, lines)) if span.start >= PRIVATE_SPAN => {
                (doc.name, line_at(lines, span.start - PRIVATE_SPAN))
            }
            _ => (self.doc.name, line_at(self.lines, span.start)),
        }
    }
}

fn parse_doc<T: for<'de> Deserialize<'de>>(doc: Source<'_>, out: &mut Vec<Problem>) -> Option<T> {
    match toml::from_str::<T>(doc.text) {
        Ok(v) => Some(v),
        Err(e) => {
            let line = e
                .span()
                .map_or(0, |s| line_at(&line_starts(doc.text), s.start));
            out.push(Problem {
                file: doc.name.to_string(),
                line,
                message: format!("{} (see docs/position.md)", e.message().trim_end()),
            });
            None
        }
    }
}

/// The ids allowed for a kind of value, for messages.
fn allowed<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

// ------------------------------------------------------------------ resolving ids

struct Ids<'r> {
    rs: &'r Ruleset,
}

impl<'r> Ids<'r> {
    fn power(&self, r: &mut Report<'_>, v: &S<String>) -> Option<Power> {
        match v.get_ref().parse::<Power>() {
            Ok(p) => Some(p),
            Err(e) => {
                r.bad(v.span(), e.to_string());
                None
            }
        }
    }
    fn power_in_play(&self, r: &mut Report<'_>, v: &S<String>, powers: PowerSet) -> Option<Power> {
        let p = self.power(r, v)?;
        if !powers.contains(p) {
            r.bad(
                v.span(),
                format!(
                    "`{p}` is not in play; the powers in play are {}",
                    allowed(&powers.iter().collect::<Vec<_>>())
                ),
            );
            return None;
        }
        Some(p)
    }
    fn space(&self, r: &mut Report<'_>, v: &S<String>) -> Option<SpaceId> {
        if let Some(s) = self.rs.space_id(v.get_ref()) {
            return Some(s);
        }
        match Game::resolve_space(self.rs, v.get_ref()) {
            Ok(s) => Some(s),
            Err(crate::engine::RuleError::Unknown { near, .. }) => {
                let hint = if near.is_empty() {
                    String::new()
                } else {
                    format!("; did you mean {}?", near.join(", "))
                };
                r.bad(
                    v.span(),
                    format!(
                        "unknown space `{}` (spaces are the ids in map_data/virgin_queen/spaces.csv){hint}",
                        v.get_ref()
                    ),
                );
                None
            }
            Err(e) => {
                r.bad(v.span(), e.to_string());
                None
            }
        }
    }
    fn leader(&self, r: &mut Report<'_>, v: &S<String>) -> Option<&'r Leader> {
        let found = self
            .rs
            .leaders
            .iter()
            .find(|l| l.id.eq_ignore_ascii_case(v.get_ref().trim()));
        if found.is_none() {
            r.bad(
                v.span(),
                format!(
                    "unknown leader `{}`; leaders are the ids in map_data/virgin_queen/leaders.csv",
                    v.get_ref()
                ),
            );
        }
        found
    }
    fn card(&self, r: &mut Report<'_>, v: &S<u16>) -> Option<u16> {
        let n = *v.get_ref();
        if self.rs.card(n).is_none() {
            let (lo, hi) = (
                self.rs.cards.iter().map(|c| c.number).min().unwrap_or(0),
                self.rs.cards.iter().map(|c| c.number).max().unwrap_or(0),
            );
            r.bad(
                v.span(),
                format!("unknown card {n}; cards are numbered {lo} to {hi} in map_data/virgin_queen/cards.csv"),
            );
            return None;
        }
        Some(n)
    }
    /// A unit owner: a major, `huguenot`/`dutch` (Protestant units by faction), a minor or
    /// `independent`.
    fn unit_owner(&self, r: &mut Report<'_>, v: &S<String>) -> Option<(Owner, Option<Faction>)> {
        if let Ok(f) = v.get_ref().parse::<Faction>() {
            return Some((Owner::Major(Power::Protestant), Some(f)));
        }
        match v.get_ref().parse::<Owner>() {
            Ok(o) => Some((o, None)),
            Err(e) => {
                r.bad(
                    v.span(),
                    format!("{e}, huguenot, dutch (Protestant units by faction)"),
                );
                None
            }
        }
    }
}

/// `[treasures]` into the engine's state (empty when absent: the next Card Draw phase lays the
/// row).
fn read_treasures(
    r: &mut Report<'_>,
    rs: &Ruleset,
    raw: Option<&RawTreasures>,
) -> crate::engine::treasure::TreasureState {
    let mut t = crate::engine::treasure::TreasureState::default();
    let Some(raw) = raw else {
        return t;
    };
    let mut seen: Vec<u16> = Vec::new();
    let mut take = |r: &mut Report<'_>, v: &[S<u16>], out: &mut Vec<u16>| {
        for n in v {
            let x = *n.get_ref();
            if rs.treasure(x).is_none() {
                r.bad(
                    n.span(),
                    format!(
                        "no treasure {x}: treasures.csv has 1 to {}",
                        rs.treasures.len()
                    ),
                );
            } else if seen.contains(&x) {
                r.bad(n.span(), format!("treasure {x} is listed twice"));
            } else {
                seen.push(x);
                out.push(x);
            }
        }
    };
    take(r, &raw.row, &mut t.row);
    let size = usize::try_from(
        rs.turn
            .number(crate::engine::turn_data::ids::PORTUGUESE_ROW),
    )
    .unwrap_or(0);
    if let Some(n) = raw.row.get(size) {
        r.bad(
            n.span(),
            format!("the Portuguese row has {size} boxes (`portuguese_row` in rules.csv)"),
        );
    }
    take(r, &raw.spent, &mut t.spent);
    for (k, v) in &raw.held {
        if let Some(p) = power_key(r, k, v.span(), "treasures.held") {
            let mut h = Vec::new();
            take(r, v.get_ref(), &mut h);
            h.sort_unstable();
            t.held[p as usize] = h;
        }
    }
    t.words = raw.draws.as_ref().map_or(0, |d| *d.get_ref());
    t.pool = rs
        .treasures
        .iter()
        .map(|x| x.number)
        .filter(|n| !seen.contains(n))
        .collect();
    t
}

fn power_key(r: &mut Report<'_>, key: &str, span: Range<usize>, table: &str) -> Option<Power> {
    match key.parse::<Power>() {
        Ok(p) => Some(p),
        Err(e) => {
            r.bad(span, format!("[{table}] `{key}`: {e}"));
            None
        }
    }
}

fn choice_of(r: &mut Report<'_>, v: &S<String>) -> Option<EmpireChoice> {
    match v.get_ref().trim().to_lowercase().as_str() {
        "protestant" => Some(EmpireChoice::Protestant),
        "catholic" => Some(EmpireChoice::Catholic),
        "balanced" => Some(EmpireChoice::Balanced),
        other => {
            r.bad(
                v.span(),
                format!(
                    "`{other}` is not an Empire choice; allowed: protestant, catholic, balanced"
                ),
            );
            None
        }
    }
}

/// Where a card or leader was first seen, for "both here and there" messages.
#[derive(Default)]
struct Places(HashMap<String, (String, u64)>);

impl Places {
    /// Records `key` at `place`; a second place is a problem.
    fn put(
        &mut self,
        r: &mut Report<'_>,
        span: Range<usize>,
        key: String,
        what: &str,
        place: String,
    ) {
        let line = r.line(&span);
        if let Some((first, at)) = self.0.get(&key) {
            r.bad(
                span,
                format!("{what} {key} is {place} and also {first} (line {at}); it can be in one place only"),
            );
        } else {
            self.0.insert(key, (place, line));
        }
    }
}

// ------------------------------------------------------------------ import

/// Reads a position (public file, optional private file) into a game. `seed` seeds the random
/// generator when the private file gives none, and the Empire's salt when none is given.
///
/// Every field of [`Game`] is set here by name (no `..`): a new field does not compile until it
/// is read (and written in `write.rs`).
pub fn import(
    rs: &Ruleset,
    public: Source<'_>,
    private: Option<Source<'_>>,
    seed: u64,
) -> Result<Game, Vec<Problem>> {
    for doc in std::iter::once(public).chain(private) {
        if doc.text.len() > MAX_POSITION_BYTES {
            return Err(vec![Problem {
                file: doc.name.to_string(),
                line: 0,
                message: format!(
                    "the file is {} bytes; a position file has at most {MAX_POSITION_BYTES} \
                     bytes (1 MiB), so it was not read",
                    doc.text.len()
                ),
            }]);
        }
    }
    import_bounded(rs, public, private, seed).map_err(|mut problems| {
        if problems.len() > MAX_PROBLEMS {
            let more = problems.len() - MAX_PROBLEMS;
            problems.truncate(MAX_PROBLEMS);
            problems.push(Problem {
                file: public.name.to_string(),
                line: 0,
                message: format!("… and {more} more problems; fix these first"),
            });
        }
        problems
    })
}

/// The largest position file read (either part): Discord's attachment size.
pub const MAX_POSITION_BYTES: usize = 1 << 20;

/// At most this many problems are reported; the rest are counted.
pub const MAX_PROBLEMS: usize = 100;

/// Refuses lists longer than anything a game can hold, before any entry is looked at: one
/// `[[space]]` per space, one `[[sea]]` per sea zone, a card list no longer than the cards, and
/// so on. Returns whether all lists are within bounds.
fn within_bounds(rs: &Ruleset, raw: &RawPublic, r: &mut Report<'_>) -> bool {
    let cards = rs.cards.len();
    let leaders = rs.leaders.len();
    let owners = 16;
    let mut ok = true;
    let mut check = |r: &mut Report<'_>, what: &str, len: usize, max: usize, span: Range<usize>| {
        if len > max {
            ok = false;
            r.bad(
                span,
                format!("{what} has {len} entries; a position has at most {max} there"),
            );
        }
    };
    let first = |v: Option<Range<usize>>| v.unwrap_or(0..0);
    check(
        r,
        "[[space]]",
        raw.space.len(),
        rs.spaces.len(),
        first(raw.space.first().map(|s| s.id.span())),
    );
    check(
        r,
        "[[sea]]",
        raw.sea.len(),
        rs.sea_zones.len(),
        first(raw.sea.first().map(|s| s.id.span())),
    );
    for sp in &raw.space {
        check(r, "a space's units", sp.units.len(), owners, sp.id.span());
        for u in &sp.units {
            check(
                r,
                "a force's leaders",
                u.leaders.len(),
                leaders,
                u.owner.span(),
            );
        }
    }
    for sea in &raw.sea {
        check(
            r,
            "a sea zone's units",
            sea.units.len(),
            owners,
            sea.id.span(),
        );
        for u in &sea.units {
            check(
                r,
                "a force's leaders",
                u.leaders.len(),
                leaders,
                u.owner.span(),
            );
        }
    }
    check(
        r,
        "powers",
        raw.powers.get_ref().len(),
        6,
        raw.powers.span(),
    );
    for (what, v) in [
        ("[cards] deck", &raw.cards.deck),
        ("[cards] discard", &raw.cards.discard),
        ("[cards] removed", &raw.cards.removed),
    ] {
        check(r, what, v.len(), cards, first(v.first().map(|c| c.span())));
    }
    for (name, h) in &raw.hands {
        check(
            r,
            &format!("[hands] {name}"),
            h.get_ref().len(),
            cards,
            h.span(),
        );
    }
    if let Some(t) = &raw.treasures {
        let n = rs.treasures.len();
        check(
            r,
            "[treasures] row",
            t.row.len(),
            n,
            first(t.row.first().map(|c| c.span())),
        );
        check(
            r,
            "[treasures] spent",
            t.spent.len(),
            n,
            first(t.spent.first().map(|c| c.span())),
        );
        for (name, h) in &t.held {
            check(
                r,
                &format!("[treasures.held] {name}"),
                h.get_ref().len(),
                n,
                h.span(),
            );
        }
    }
    check(r, "[[foreign_war]]", raw.foreign_war.len(), cards, 0..0);
    for w in &raw.foreign_war {
        check(
            r,
            "a foreign war's leaders",
            w.leaders.len(),
            leaders,
            w.card.span(),
        );
    }
    let rel = &raw.relations;
    for (what, len) in [
        ("[relations] war", rel.war.len()),
        ("[relations] alliance", rel.alliance.len()),
        ("[relations] peace_made", rel.peace_made.len()),
        ("[relations] minor_war", rel.minor_war.len()),
        ("[relations] minor_peace", rel.minor_peace.len()),
    ] {
        check(r, what, len, 64, 0..0);
    }
    if let Some(off) = &raw.leaders.off_map {
        check(
            r,
            "[leaders] off_map",
            off.len(),
            leaders,
            first(off.first().map(|l| l.span())),
        );
    }
    check(
        r,
        "[leaders] captured",
        raw.leaders.captured.len(),
        leaders,
        0..0,
    );
    check(
        r,
        "[world] fortresses",
        raw.world.fortresses.len(),
        rs.spaces.len(),
        0..0,
    );
    check(
        r,
        "[protestant] revolts",
        raw.protestant.revolts.len(),
        rs.spaces.len(),
        0..0,
    );
    for (what, len) in [
        ("[minors]", raw.minors.len()),
        ("[standing]", raw.standing.len()),
        ("[capitals]", raw.capitals.len()),
        ("[vp]", raw.vp.len()),
        ("[rulers]", raw.rulers.len()),
        ("[hands]", raw.hands.len()),
    ] {
        check(r, what, len, 16, 0..0);
    }
    for (name, v) in raw.standing.iter().chain(&raw.capitals) {
        check(r, name, v.get_ref().len(), 64, v.span());
    }
    ok
}

fn import_bounded(
    rs: &Ruleset,
    public: Source<'_>,
    private: Option<Source<'_>>,
    seed: u64,
) -> Result<Game, Vec<Problem>> {
    let mut problems = Vec::new();
    let public_lines = line_starts(public.text);
    let private_lines = private.map(|p| line_starts(p.text)).unwrap_or_default();
    let raw: Option<RawPublic> = parse_doc(public, &mut problems);
    let mut raw_private: Option<RawPrivate> = match private {
        Some(doc) => parse_doc(doc, &mut problems),
        None => None,
    };
    let Some(mut raw) = raw else {
        return Err(problems);
    };
    if private.is_some() && raw_private.is_none() {
        return Err(problems);
    }
    let ids = Ids { rs };
    let private_doc = private.map(|d| (d, private_lines.as_slice()));
    let mut r = Report {
        doc: public,
        out: &mut problems,
        lines: &public_lines,
        private: private_doc,
    };
    if let Some(p) = raw_private.as_mut() {
        merge_private(&mut raw, p, &mut r);
    }
    if !within_bounds(rs, &raw, &mut r) {
        return Err(problems);
    }

    // --- header
    if *raw.format.get_ref() > POSITION_FORMAT || *raw.format.get_ref() == 0 {
        r.bad(
            raw.format.span(),
            format!(
                "format {} is not known to this vqbot; it reads format {POSITION_FORMAT}",
                raw.format.get_ref()
            ),
        );
    }
    let scenario = rs
        .scenarios
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(raw.scenario.get_ref()));
    if scenario.is_none() {
        r.bad(
            raw.scenario.span(),
            format!(
                "unknown scenario `{}`; known: {}",
                raw.scenario.get_ref(),
                allowed(&rs.scenarios.iter().map(|s| &s.id).collect::<Vec<_>>())
            ),
        );
    }
    let mut powers = PowerSet::EMPTY;
    for p in raw.powers.get_ref() {
        if let Some(p) = ids.power(&mut r, p) {
            powers.insert(p);
        }
    }
    if powers.len() < 2 {
        r.bad(
            raw.powers.span(),
            "a game needs at least two powers in play (R-GAME-PLAYERS)",
        );
    }

    // --- board
    let mut board = Board {
        spaces: vec![SpaceState::default(); rs.spaces.len()],
        relations: [[Relation::Peace; 6]; 6],
        minor_allies: [None; 5],
        capitals: Default::default(),
        protestant_capitals: [None, None],
        seas: Default::default(),
        minor_wars: Vec::new(),
    };
    for p in Power::ALL {
        board.capitals[*p as usize] = rs.capitals(*p);
    }
    let mut leaders = Places::default();
    let mut seen_spaces: HashMap<SpaceId, u64> = HashMap::new();
    for sp in &raw.space {
        read_space(&ids, &mut r, &mut board, &mut leaders, &mut seen_spaces, sp);
    }
    for sea in &raw.sea {
        read_sea(&ids, &mut r, &mut board, &mut leaders, sea);
    }
    for (status, pairs) in [
        (Relation::War, &raw.relations.war),
        (Relation::Alliance, &raw.relations.alliance),
    ] {
        for pair in pairs {
            let ps: Vec<Option<Power>> = pair
                .get_ref()
                .iter()
                .map(|p| ids.power(&mut r, p))
                .collect();
            match ps.as_slice() {
                [Some(a), Some(b)] if a != b => {
                    if board.relation(*a, *b) != Relation::Peace {
                        r.bad(
                            pair.span(),
                            format!("{a} and {b} are listed twice in [relations]"),
                        );
                    }
                    board.set_relation(*a, *b, status)
                }
                [Some(a), Some(_)] => r.bad(
                    pair.span(),
                    format!("a power has no relation with itself ({a})"),
                ),
                [_, _] => {}
                _ => r.bad(
                    pair.span(),
                    format!("a {status} entry is a pair of powers, e.g. [\"spain\", \"france\"]"),
                ),
            }
        }
    }
    let mut peace_made = Vec::new();
    for pm in &raw.relations.peace_made {
        if let (Some(a), Some(b)) = (ids.power(&mut r, &pm.a), ids.power(&mut r, &pm.b)) {
            peace_made.push((a, b, pm.turn));
        }
    }
    // C-DIP-WAR-LIMITS: peace a major made with a minor, and its turn.
    let mut minor_peace = Vec::new();
    for pm in &raw.relations.minor_peace {
        let p = ids.power(&mut r, &pm.power);
        match pm.minor.get_ref().parse::<Minor>() {
            Ok(m) => {
                if let Some(p) = p {
                    minor_peace.push((p, m, pm.turn));
                }
            }
            Err(e) => r.bad(pm.minor.span(), format!("[relations] minor_peace: {e}")),
        }
    }
    // C-DIP-WAR-LIMITS: wars of majors on minors with no ally.
    for pair in &raw.relations.minor_war {
        match pair.get_ref().as_slice() {
            [a, m] => {
                let p = ids.power(&mut r, a);
                match m.get_ref().parse::<Minor>() {
                    Ok(m) => {
                        if let Some(p) = p {
                            if board.minor_wars.contains(&(p, m)) {
                                r.bad(pair.span(), format!("{p} → {m} is listed twice"));
                            } else {
                                board.minor_wars.push((p, m));
                            }
                        }
                    }
                    Err(e) => r.bad(m.span(), format!("[relations] minor_war: {e}")),
                }
            }
            _ => r.bad(
                pair.span(),
                "a minor_war entry is a major and a minor, e.g. [\"england\", \"scotland\"]",
            ),
        }
    }
    for (k, v) in &raw.minors {
        let m = match k.parse::<Minor>() {
            Ok(m) => m,
            Err(e) => {
                r.bad(v.span(), format!("[minors] `{k}`: {e}"));
                continue;
            }
        };
        if v.get_ref() == "none" {
            continue;
        }
        if let Some(p) = ids.power(&mut r, v) {
            board.set_minor_ally(m, Some(p));
        }
    }
    let mut standing = Vec::new();
    for (k, v) in &raw.standing {
        let Some(p) = power_key(&mut r, k, v.span(), "standing") else {
            continue;
        };
        for x in v.get_ref() {
            match crate::engine::steps::Standing::parse(x.get_ref()) {
                Some(s) => standing.push((p, s)),
                None => {
                    let all: Vec<&str> = crate::engine::steps::Standing::ALL
                        .iter()
                        .map(|s| s.as_str())
                        .collect();
                    r.bad(
                        x.span(),
                        format!(
                            "`{}` is not a standing answer; allowed: {}",
                            x.get_ref(),
                            all.join(", ")
                        ),
                    );
                }
            }
        }
    }
    standing.sort();
    standing.dedup();
    let steps: Vec<crate::engine::steps::Step> = match &raw.engine.steps {
        Some(j) => serde_json::from_str(j.get_ref()).unwrap_or_else(|e| {
            r.bad(
                j.span(),
                format!("[engine] steps is not a battle vqbot can read ({e}); copy it from an exported position or remove it"),
            );
            Vec::new()
        }),
        None => Vec::new(),
    };
    let marks: crate::engine::steps::ImpulseMarks = match &raw.engine.marks {
        Some(j) => serde_json::from_str(j.get_ref()).unwrap_or_else(|e| {
            r.bad(
                j.span(),
                format!("[engine] marks are not marks vqbot can read ({e}); copy them from an exported position or remove them"),
            );
            Default::default()
        }),
        None => Default::default(),
    };
    // --- naval warfare: piracy VP, piracy markers, Barbary Pirates (C-PIRACY, C-RAISE); format 1
    // also marked pending winter ports here
    let winter_ports_pending = raw.engine.naval.as_ref().is_some_and(|j| {
        serde_json::from_str::<serde_json::Value>(j.get_ref())
            .ok()
            .and_then(|v| v.get("winter_pending").and_then(serde_json::Value::as_bool))
            .unwrap_or(false)
    });
    let naval: crate::engine::piracy::NavalState = match &raw.engine.naval {
        Some(j) => serde_json::from_str(j.get_ref()).unwrap_or_else(|e| {
            r.bad(
                j.span(),
                format!("[engine] naval is not naval state vqbot can read ({e}); copy it from an exported position or remove it"),
            );
            Default::default()
        }),
        None => Default::default(),
    };
    // --- card effects: flags set by written effects
    let flags: Vec<crate::engine::cards::run::Flag> = match &raw.engine.flags {
        Some(j) => serde_json::from_str(j.get_ref()).unwrap_or_else(|e| {
            r.bad(
                j.span(),
                format!("[engine] flags are not flags vqbot can read ({e}); copy them from an exported position or remove them"),
            );
            Vec::new()
        }),
        None => Vec::new(),
    };
    // --- diplomatic influence (X-INF-*, X-INACTIVE)
    let influence: crate::engine::influence::InfluenceState =
        match raw.influence.as_ref().and_then(|i| i.state.as_ref()) {
            Some(j) => serde_json::from_str(j.get_ref()).unwrap_or_else(|e| {
                r.bad(
                    j.span(),
                    format!("[influence] state is not influence vqbot can read ({e}); copy it from an exported position or remove it"),
                );
                Default::default()
            }),
            None => Default::default(),
        };
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    let court: crate::engine::marriage::CourtState = match &raw.engine.court {
        Some(j) => serde_json::from_str(j.get_ref()).unwrap_or_else(|e| {
            r.bad(
                j.span(),
                format!("[engine] court is not marriage and espionage state vqbot can read ({e}); copy it from an exported position or remove it"),
            );
            Default::default()
        }),
        None => Default::default(),
    };
    // --- treasures: every number known and listed once; the pool is the rest
    let treasures = read_treasures(&mut r, rs, raw.treasures.as_ref());
    for (k, v) in &raw.capitals {
        let Some(p) = power_key(&mut r, k, v.span(), "capitals") else {
            continue;
        };
        let caps: Vec<Option<SpaceId>> = v.get_ref().iter().map(|s| ids.space(&mut r, s)).collect();
        board.capitals[p as usize] = caps.into_iter().flatten().collect();
    }
    let mut protestant = ProtestantState::default();
    for (i, (cap, lost)) in [
        (
            &raw.protestant.huguenot_capital,
            raw.protestant.huguenot_capital_lost,
        ),
        (
            &raw.protestant.dutch_capital,
            raw.protestant.dutch_capital_lost,
        ),
    ]
    .into_iter()
    .enumerate()
    {
        if let Some(c) = cap {
            if let Some(s) = ids.space(&mut r, c) {
                // R-PROT-CAPITAL, X-PROT-CAPITAL-SPACE: in its faction's territory; fortified
                // only when the data's `capital_fortified` says so.
                let zone = [ReligiousZone::France, ReligiousZone::Netherlands][i];
                if rs.space(s).zone != zone {
                    r.bad(
                        c.span(),
                        format!("{} is not in {zone}; a Protestant capital is in its faction's territory (R-PROT-CAPITAL)", rs.space(s).id),
                    );
                } else if rs.religion.capital_fortified && !rs.space(s).kind.is_fortified() {
                    r.bad(
                        c.span(),
                        format!("{} is not fortified; this data requires a fortified Protestant capital (`capital_fortified`, X-PROT-CAPITAL-SPACE)", rs.space(s).id),
                    );
                }
                board.protestant_capitals[i] = Some(s);
            }
        }
        protestant.capital_lost[i] = lost;
    }
    for z in &raw.protestant.revolts {
        match z.get_ref().parse::<ReligiousZone>() {
            Ok(ReligiousZone::None) | Err(_) => r.bad(
                z.span(),
                format!(
                    "`{}` is not a revolt zone; allowed: france, netherlands",
                    z.get_ref()
                ),
            ),
            Ok(zone) => protestant.revolts.push(zone),
        }
    }

    // --- cards
    let mut cards = Places::default();
    let mut pile = |r: &mut Report<'_>, v: &[S<u16>], place: &str| -> Vec<u16> {
        let mut out = Vec::new();
        for c in v {
            if let Some(n) = ids.card(r, c) {
                cards.put(r, c.span(), n.to_string(), "card", place.to_string());
                out.push(n);
            }
        }
        out
    };
    let deck = pile(&mut r, &raw.cards.deck, "in the deck");
    let discard = pile(&mut r, &raw.cards.discard, "in the discard pile");
    let removed = pile(&mut r, &raw.cards.removed, "removed from the game");
    let mut hands: [Vec<u16>; 6] = Default::default();
    for (k, v) in &raw.hands {
        let Some(p) = power_key(&mut r, k, v.span(), "hands") else {
            continue;
        };
        if !powers.contains(p) && !v.get_ref().is_empty() {
            r.bad(
                v.span(),
                format!("{p} is not in play, so it holds no cards"),
            );
        }
        hands[p as usize] = pile(&mut r, v.get_ref(), &format!("in {p}'s hand"));
    }

    // --- foreign wars
    let mut wars = Vec::new();
    for w in &raw.foreign_war {
        let Some(n) = ids.card(&mut r, &w.card) else {
            continue;
        };
        let Some(spec) = rs.card(n).and_then(|c| c.war) else {
            r.bad(w.card.span(), format!("card {n} is not a foreign-war card"));
            continue;
        };
        cards.put(
            &mut r,
            w.card.span(),
            n.to_string(),
            "card",
            "a foreign war in play".into(),
        );
        let power = match &w.power {
            Some(p) => ids.power_in_play(&mut r, p, powers).unwrap_or(spec.power),
            None => spec.power,
        };
        let mut ls = Vec::new();
        for l in &w.leaders {
            if let Some(ld) = ids.leader(&mut r, l) {
                leaders.put(
                    &mut r,
                    l.span(),
                    ld.id.clone(),
                    "leader",
                    format!("on foreign war card {n}"),
                );
                ls.push(ld.id.clone());
            }
        }
        wars.push(ForeignWar {
            card: n,
            power,
            required: w.required.unwrap_or(spec.units),
            army: w.army.unwrap_or(spec.army),
            units: Units {
                regulars: w.regulars,
                mercenaries: w.mercenaries,
                cavalry: w.cavalry,
                leaders: ls.into_iter().map(Into::into).collect::<Vec<_>>(),
            },
        });
    }

    // --- leaders
    let mut captured = Vec::new();
    for c in &raw.leaders.captured {
        let by = ids.power(&mut r, &c.by);
        if let Some(ld) = ids.leader(&mut r, &c.leader) {
            leaders.put(
                &mut r,
                c.leader.span(),
                ld.id.clone(),
                "leader",
                "captured".into(),
            );
            if let Some(by) = by {
                captured.push((ld.id.clone(), by));
            }
        }
    }
    let off_map = match &raw.leaders.off_map {
        Some(list) => {
            let mut v = Vec::new();
            for l in list {
                if let Some(ld) = ids.leader(&mut r, l) {
                    leaders.put(
                        &mut r,
                        l.span(),
                        ld.id.clone(),
                        "leader",
                        "off the map".into(),
                    );
                    v.push(ld.id.clone());
                }
            }
            v
        }
        // Unlisted: every leader that is nowhere else waits off the map.
        None => rs
            .leaders
            .iter()
            .filter(|l| !leaders.0.contains_key(&l.id))
            .map(|l| l.id.clone())
            .collect(),
    };
    let mut world_fortresses = Vec::new();
    for f in &raw.world.fortresses {
        let ok = rs
            .world
            .iter()
            .any(|w| w.kind == WorldKind::Settlement && w.id == *f.get_ref());
        if ok {
            world_fortresses.push(f.get_ref().clone());
        } else {
            let known: Vec<&str> = rs
                .world
                .iter()
                .filter(|w| w.kind == WorldKind::Settlement)
                .map(|w| w.id.as_str())
                .collect();
            r.bad(
                f.span(),
                format!(
                    "`{}` is not a settlement; settlements: {}",
                    f.get_ref(),
                    known.join(", ")
                ),
            );
        }
    }

    // --- VP, rulers
    let mut bonus_vp = [0i32; 6];
    for (k, v) in &raw.vp {
        if let Some(p) = power_key(&mut r, k, v.span(), "vp") {
            bonus_vp[p as usize] = *v.get_ref();
        }
    }
    let mut ruler_override: [Option<String>; 6] = Default::default();
    for (k, v) in &raw.rulers {
        let Some(p) = power_key(&mut r, k, v.span(), "rulers") else {
            continue;
        };
        match rs
            .rulers
            .iter()
            .find(|x| x.id.eq_ignore_ascii_case(v.get_ref()))
        {
            Some(x) if x.power == p => ruler_override[p as usize] = Some(x.id.clone()),
            Some(x) => r.bad(
                v.span(),
                format!("ruler {} rules {}, not {p}", x.id, x.power),
            ),
            None => {
                let theirs: Vec<&str> = rs
                    .rulers
                    .iter()
                    .filter(|x| x.power == p)
                    .map(|x| x.id.as_str())
                    .collect();
                r.bad(
                    v.span(),
                    format!(
                        "unknown ruler `{}`; {p}'s rulers: {}",
                        v.get_ref(),
                        theirs.join(", ")
                    ),
                );
            }
        }
    }

    // --- turn and stage
    let turn = *raw.turn.number.get_ref();
    if let Some(sc) = scenario {
        if turn == 0 || turn > sc.last_turn {
            r.bad(
                raw.turn.number.span(),
                format!(
                    "turn {turn} is outside the scenario's turns 1 to {}",
                    sc.last_turn
                ),
            );
        }
    }
    let stage = read_stage(
        &ids,
        &mut r,
        &raw.turn,
        powers,
        &wars,
        raw.engine.steps.is_some(),
    );

    // --- the Empire (public part, then private)
    let e = &raw.empire;
    let status = e.secret.as_ref().map_or("none", |s| s.get_ref().as_str());
    let mut empire = EmpireState {
        secret: None,
        commitment: None,
        revealed: status == "revealed",
        master: e.master,
        rudolf_dead: e.rudolf_dead,
    };
    let secret_span = e.secret.as_ref().map_or(0..0, |s| s.span());
    if !["none", "chosen", "revealed"].contains(&status) {
        r.bad(
            secret_span.clone(),
            format!("`{status}` is not a secret state; allowed: none, chosen, revealed"),
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut private_choice = None;
    if let (Some(doc), Some(p)) = (private, &raw_private) {
        let mut pr = Report {
            doc,
            out: r.out,
            lines: &private_lines,
            private: None,
        };
        if *p.format.get_ref() > POSITION_FORMAT || *p.format.get_ref() == 0 {
            pr.bad(
                p.format.span(),
                format!(
                    "format {} is not known to this vqbot; it reads format {POSITION_FORMAT}",
                    p.format.get_ref()
                ),
            );
        }
        if let Some(pe) = &p.empire {
            if status != "chosen" {
                pr.bad(
                    pe.choice.span(),
                    format!("the public file says the Empire's secret is `{status}`; a private choice is only for `chosen`"),
                );
            }
            private_choice = choice_of(&mut pr, &pe.choice).map(|c| (c, pe.salt.clone()));
        }
        if let Some(rand) = &p.random {
            match serde_json::from_str::<ChaCha8Rng>(rand.state.get_ref()) {
                Ok(g) => rng = g,
                Err(err) => pr.bad(
                    rand.state.span(),
                    format!("the random state does not read ({err}); leave [random] out to start fresh dice"),
                ),
            }
        }
        r = Report {
            doc: public,
            out: pr.out,
            lines: &public_lines,
            private: private_doc,
        };
    }
    match status {
        "chosen" => match private_choice {
            Some((choice, salt)) => {
                let given_salt = salt.is_some();
                let salt = salt.unwrap_or_else(|| derived_salt(seed));
                let c = crate::engine::diplomacy::commitment(choice, &salt);
                if let Some(pc) = &e.commitment {
                    if !given_salt {
                        r.bad(pc.span(), "a commitment is given but the private file has no salt: give the salt there too, or leave the commitment out");
                    } else if *pc.get_ref() != c {
                        r.bad(pc.span(), "the commitment does not match the private file's choice and salt (sha256 of `choice|salt`)");
                    }
                }
                empire.secret = Some((choice, salt));
                empire.commitment = Some(c);
            }
            None => r.bad(
                secret_span,
                "the Empire has chosen, so its choice must be in the private file ([empire] choice = ...); give that file too",
            ),
        },
        "revealed" => {
            let choice = e.choice.as_ref().and_then(|c| choice_of(&mut r, c));
            match choice {
                Some(choice) => {
                    let salt = e.salt.clone().unwrap_or_default();
                    let c = crate::engine::diplomacy::commitment(choice, &salt);
                    if let Some(pc) = &e.commitment {
                        if *pc.get_ref() != c {
                            r.bad(pc.span(), "the commitment does not match the revealed choice and salt");
                        }
                    }
                    empire.secret = Some((choice, salt));
                    empire.commitment = Some(e.commitment.as_ref().map_or(c, |x| x.get_ref().clone()));
                }
                None if e.choice.is_none() => r.bad(
                    secret_span,
                    "a revealed secret needs its choice in the public file ([empire] choice = ...)",
                ),
                None => {}
            }
        }
        _ => {
            if let Some(c) = &e.choice {
                r.bad(c.span(), "the Empire's choice goes in the private file while it is secret (and only `revealed` shows it here)");
            }
        }
    }

    let has_winter = steps.iter().any(|s| matches!(s, Step::Winter { .. }));
    if matches!(stage, Some((Stage::Winter, None))) && !has_winter && !winter_ports_pending {
        let span = raw
            .turn
            .step
            .as_ref()
            .map_or(raw.turn.phase.span(), |s| s.span());
        r.bad(
            span,
            "step winter is Winter under way: `[engine] steps` must hold its frame (export the position again), or use step withdraw_leaders for Winter about to begin",
        );
    }
    if !problems_is_empty(&r) {
        problems.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        return Err(problems);
    }
    let Some((stage, question)) = stage else {
        return Err(problems);
    };
    // Format 1's stage questions and pending winter ports go onto the decision stack.
    let mut steps = steps;
    let stage = lift_format_1(stage, question, winter_ports_pending, &mut steps);
    let deck = if raw.cards.rest_to_deck {
        let mut rest: Vec<u16> = rs
            .cards
            .iter()
            .filter(|c| {
                c.enters_turn <= turn
                    && c.kind != CardKind::Home
                    && !cards.0.contains_key(&c.number.to_string())
            })
            .map(|c| c.number)
            .collect();
        rest.shuffle(&mut rng);
        rest.extend(deck);
        rest
    } else {
        deck
    };
    let game = Game {
        format: STATE_FORMAT,
        ruleset: rs.fingerprint.clone(),
        scenario: scenario.map(|s| s.id.clone()).unwrap_or_default(),
        powers,
        turn,
        stage,
        board,
        hands,
        deck,
        discard,
        removed,
        bonus_vp,
        ruler_override,
        empire,
        captured,
        off_map,
        world_fortresses,
        protestant,
        wars,
        peace_made,
        minor_peace,
        steps,
        marks,
        standing,
        naval,
        treasures,
        flags,
        influence,
        court,
        seq: raw.actions,
        rng,
    };
    Ok(game)
}

fn problems_is_empty(r: &Report<'_>) -> bool {
    r.out.is_empty()
}

/// A salt for a choice given without one: fixed by the game's seed, unknown to the players.
fn derived_salt(seed: u64) -> String {
    let mut g = ChaCha8Rng::seed_from_u64(seed ^ 0x5a17_5a17_5a17_5a17);
    format!("{:016x}", g.random::<u64>())
}

fn read_space(
    ids: &Ids<'_>,
    r: &mut Report<'_>,
    board: &mut Board,
    leaders: &mut Places,
    seen: &mut HashMap<SpaceId, u64>,
    raw: &RawSpace,
) {
    let rs = ids.rs;
    let Some(s) = ids.space(r, &raw.id) else {
        // The ids below are still checked, so that one run reports every problem.
        for u in &raw.units {
            ids.unit_owner(r, &u.owner);
            for l in &u.leaders {
                ids.leader(r, l);
            }
        }
        return;
    };
    let sp = rs.space(s);
    if let Some(first) = seen.get(&s) {
        r.bad(
            raw.id.span(),
            format!(
                "{} has a second [[space]] entry (the first is at line {first}); merge them",
                sp.id
            ),
        );
        return;
    }
    seen.insert(s, r.line(&raw.id.span()));
    let owner = match &raw.control {
        Some(c) => match c.get_ref().parse::<Owner>() {
            Ok(o) => o,
            Err(e) => {
                r.bad(c.span(), e.to_string());
                sp.home.owner()
            }
        },
        None => sp.home.owner(),
    };
    board.set_control(rs, s, owner);
    if let Some(rel) = &raw.religion {
        match rel.get_ref().parse::<Religion>() {
            Ok(x) => {
                if sp.zone == ReligiousZone::None && x != sp.religion {
                    r.bad(
                        rel.span(),
                        format!("{} lies outside the four religious zones: its religion stays {} (R-REL-OUTSIDE)", sp.id, sp.religion),
                    );
                } else if let Err(e) = board.set_religion(rs, s, x) {
                    r.bad(rel.span(), format!("{e:?}"));
                }
            }
            Err(e) => r.bad(rel.span(), e.to_string()),
        }
    }
    board.spaces[s.idx()].unrest = raw.unrest;
    if let Some(f) = &raw.fortress_built {
        if *f.get_ref() && sp.kind != SpaceType::Unfortified {
            r.bad(
                f.span(),
                format!("{} is printed as a {}; only unfortified spaces get a built fortress (R-SPACE-FORTRESS)", sp.id, sp.kind),
            );
        }
        board.spaces[s.idx()].fortress_built = *f.get_ref();
    }
    if let Some(b) = &raw.besieged_by {
        if let Some(p) = ids.power(r, b) {
            board.spaces[s.idx()].besieged_by = Some(p);
        }
    }
    let mut owners: Vec<(Owner, Option<Faction>)> = Vec::new();
    for u in &raw.units {
        let Some((o, f)) = ids.unit_owner(r, &u.owner) else {
            continue;
        };
        if owners.contains(&(o, f)) {
            r.bad(
                u.owner.span(),
                format!(
                    "{} has two unit entries for `{}`; merge them",
                    sp.id,
                    u.owner.get_ref()
                ),
            );
            continue;
        }
        owners.push((o, f));
        units_within_bound(r, u, &sp.id);
        let sq = u.squadrons.as_ref().map_or(0, |v| *v.get_ref());
        if sq > 0 && !sp.is_port() {
            r.bad(
                u.squadrons.as_ref().map_or(0..0, |v| v.span()),
                format!("{} is not a port, so it cannot hold squadrons; ports are the spaces with sea zones in spaces.csv `ports`", sp.id),
            );
        }
        let mut ls = Vec::new();
        for l in &u.leaders {
            let Some(ld) = ids.leader(r, l) else { continue };
            let theirs = (Owner::Major(ld.power), ld.faction);
            if theirs != (o, f) && !(ld.faction.is_some() && f.is_none() && theirs.0 == o) {
                let whose = match ld.faction {
                    Some(x) => x.to_string(),
                    None => ld.power.to_string(),
                };
                r.bad(
                    l.span(),
                    format!(
                        "leader {} belongs to {whose}, so it stands with {whose} units, not `{}`",
                        ld.id,
                        u.owner.get_ref()
                    ),
                );
            }
            if ld.kind == LeaderKind::Naval && !sp.is_port() {
                r.bad(
                    l.span(),
                    format!("{} is a naval leader and {} is not a port", ld.id, sp.id),
                );
            }
            leaders.put(
                r,
                l.span(),
                ld.id.clone(),
                "leader",
                format!("in {}", sp.id),
            );
            ls.push(ld.id.clone());
        }
        // An entry with nothing in it is kept as it is: the engine may hold such a force.
        let force = board.force_mut(s, o, f);
        force.regulars = u.regulars;
        force.mercenaries = u.mercenaries;
        force.cavalry = u.cavalry;
        force.squadrons = sq;
        force.corsairs = u.corsairs;
        force.leaders = ls;
    }
}

/// Every unit count of a force is at most [`MAX_UNITS`](crate::engine::board::MAX_UNITS), the
/// bound every other way of adding units keeps.
fn units_within_bound(r: &mut Report<'_>, u: &RawUnits, place: &str) {
    let max = crate::engine::board::MAX_UNITS;
    let sq = u.squadrons.as_ref().map_or(0, |v| *v.get_ref());
    for (kind, n) in [
        ("regulars", u.regulars),
        ("mercenaries", u.mercenaries),
        ("cavalry", u.cavalry),
        ("squadrons", sq),
        ("corsairs", u.corsairs),
    ] {
        if n > max {
            r.bad(
                u.owner.span(),
                format!(
                    "{place}: {n} {kind} of `{}`; a force holds at most {max} of a kind",
                    u.owner.get_ref()
                ),
            );
        }
    }
}

/// One `[[sea]]`: ships and naval leaders in a sea zone; land units and army leaders are refused.
fn read_sea(
    ids: &Ids<'_>,
    r: &mut Report<'_>,
    board: &mut Board,
    leaders: &mut Places,
    sea: &RawSea,
) {
    let zone = sea.id.get_ref();
    if !ids.rs.sea_zones.iter().any(|z| z.id == *zone) {
        let all: Vec<&str> = ids.rs.sea_zones.iter().map(|z| z.id.as_str()).collect();
        r.bad(
            sea.id.span(),
            format!("`{zone}` is not a sea zone; allowed: {}", all.join(", ")),
        );
        return;
    }
    let place = crate::engine::naval::Place::Sea(zone.clone());
    for u in &sea.units {
        let Some((o, f)) = ids.unit_owner(r, &u.owner) else {
            continue;
        };
        if u.regulars > 0 || u.mercenaries > 0 || u.cavalry > 0 {
            r.bad(
                u.owner.span(),
                format!(
                    "{zone} is a sea zone: only squadrons, corsairs and naval leaders can be there"
                ),
            );
            continue;
        }
        units_within_bound(r, u, zone);
        let mut ls = Vec::new();
        for l in &u.leaders {
            let Some(ld) = ids.leader(r, l) else { continue };
            if ld.kind != LeaderKind::Naval {
                r.bad(
                    l.span(),
                    format!(
                        "{} is an army leader; only naval leaders can be at sea",
                        ld.id
                    ),
                );
                continue;
            }
            leaders.put(r, l.span(), ld.id.clone(), "leader", format!("in {zone}"));
            ls.push(ld.id.clone());
        }
        let force = board.force_at_mut(&place, o, f);
        force.squadrons = u.squadrons.as_ref().map_or(0, |v| *v.get_ref());
        force.corsairs = u.corsairs;
        force.leaders = ls;
    }
}

/// The stage a `[turn]` table describes; keys that mean nothing for the step are problems.
fn read_stage(
    ids: &Ids<'_>,
    r: &mut Report<'_>,
    t: &RawTurn,
    powers: PowerSet,
    wars: &[ForeignWar],
    in_battle: bool,
) -> Option<(Stage, Option<Format1Question>)> {
    let phase = t.phase.get_ref().trim().to_lowercase();
    if !PHASES.contains(&phase.as_str()) {
        r.bad(
            t.phase.span(),
            format!(
                "`{}` is not a phase; allowed: {}",
                t.phase.get_ref(),
                PHASES.join(", ")
            ),
        );
        return None;
    }
    let steps = super::steps(&phase);
    let step = match &t.step {
        Some(s) => {
            let v = s.get_ref().trim().to_lowercase();
            if !steps.contains(&v.as_str()) {
                r.bad(
                    s.span(),
                    format!(
                        "`{}` is not a step of the {phase} phase; allowed: {}",
                        s.get_ref(),
                        steps.join(", ")
                    ),
                );
                return None;
            }
            v
        }
        None if phase == "action" && t.cp_left.is_some() => "spend_cp".into(),
        None => steps[0].to_string(),
    };
    // Which keys each step reads.
    let keys: &[&str] = match step.as_str() {
        "negotiate" => &["done", "offers"],
        "secret_choice" | "withdraw_leaders" | "winter" => &[],
        "deployment" => &["power"],
        "impulse" => &["power", "passes"],
        "spend_cp" => &["power", "cp_left"],
        "send_to_war" => &["power", "card", "played_by"],
        "huguenot_capital" => &["played_by"],
        "conversion_six" => &["power", "space", "modifier", "cp_left"],
        _ => &["winners", "reason"],
    };
    let given: [(&str, Option<Range<usize>>); 11] = [
        ("power", t.power.as_ref().map(|v| v.span())),
        ("space", t.space.as_ref().map(|v| v.span())),
        ("modifier", t.modifier.as_ref().map(|v| v.span())),
        ("passes", t.passes.as_ref().map(|v| v.span())),
        ("cp_left", t.cp_left.as_ref().map(|v| v.span())),
        ("card", t.card.as_ref().map(|v| v.span())),
        ("played_by", t.played_by.as_ref().map(|v| v.span())),
        ("done", t.done.as_ref().map(|v| v.span())),
        ("offers", t.offers.as_ref().map(|v| v.span())),
        ("winners", t.winners.as_ref().map(|v| v.span())),
        ("reason", t.reason.as_ref().map(|v| v.span())),
    ];
    let mut ok = true;
    for (k, span) in given {
        if let Some(span) = span {
            if !keys.contains(&k) {
                r.bad(
                    span,
                    format!("`{k}` means nothing at step {step} of the {phase} phase; that step reads: {}", if keys.is_empty() { "nothing more".to_string() } else { keys.join(", ") }),
                );
                ok = false;
            }
        }
    }
    let phase_span = t.phase.span();
    let need_power = |r: &mut Report<'_>, v: &Option<S<String>>, key: &str| -> Option<Power> {
        match v {
            Some(p) => ids.power_in_play(r, p, powers),
            None => {
                r.bad(
                    phase_span.clone(),
                    format!("step {step} needs `{key}` (a power in play)"),
                );
                None
            }
        }
    };
    // The questions format 1 wrote as steps of a phase (they are on the decision stack now).
    let mut question = None;
    let stage = match step.as_str() {
        "negotiate" => {
            let mut done = PowerSet::EMPTY;
            for p in t
                .done
                .as_ref()
                .map(|d| d.get_ref().as_slice())
                .unwrap_or_default()
            {
                if let Some(p) = ids.power_in_play(r, p, powers) {
                    done.insert(p);
                }
            }
            let mut offers = Vec::new();
            for o in t
                .offers
                .as_ref()
                .map(|d| d.get_ref().as_slice())
                .unwrap_or_default()
            {
                let from = ids.power_in_play(r, &o.from, powers);
                let to = ids.power_in_play(r, &o.to, powers);
                let status = match o.status.get_ref().parse::<Relation>() {
                    Ok(Relation::War) | Err(_) => {
                        r.bad(
                            o.status.span(),
                            format!(
                                "`{}` is not an offer; allowed: peace, alliance",
                                o.status.get_ref()
                            ),
                        );
                        None
                    }
                    Ok(s) => Some(s),
                };
                if let (Some(from), Some(to), Some(status)) = (from, to, status) {
                    offers.push(Offer { from, to, status });
                }
            }
            Some(Stage::Diplomacy { done, offers })
        }
        "secret_choice" => Some(Stage::SecretChoice),
        "deployment" => need_power(r, &t.power, "power").map(|power| Stage::Deployment { power }),
        "impulse" => {
            let passes = t.passes.as_ref().map_or(0, |p| *p.get_ref());
            if let Some(p) = &t.passes {
                if passes as usize >= powers.len().max(1) {
                    r.bad(
                        p.span(),
                        format!(
                            "passes must be below the number of powers in play ({})",
                            powers.len()
                        ),
                    );
                }
            }
            need_power(r, &t.power, "power").map(|power| Stage::Impulse { power, passes })
        }
        "spend_cp" => {
            let power = need_power(r, &t.power, "power");
            let cp = match &t.cp_left {
                // A battle in progress may have spent the impulse's last CP on the move.
                Some(c) if *c.get_ref() > 0 || in_battle => Some(*c.get_ref()),
                Some(c) => {
                    r.bad(
                        c.span(),
                        "cp_left must be at least 1 (with no CP left the impulse is over)",
                    );
                    None
                }
                None => {
                    r.bad(phase_span.clone(), "step spend_cp needs `cp_left`");
                    None
                }
            };
            match (power, cp) {
                (Some(power), Some(cp)) => Some(Stage::Cp { power, cp }),
                _ => None,
            }
        }
        "send_to_war" => {
            let power = need_power(r, &t.power, "power");
            let played_by = need_power(r, &t.played_by, "played_by");
            let card = match &t.card {
                Some(c) if wars.iter().any(|w| w.card == *c.get_ref()) => Some(*c.get_ref()),
                Some(c) => {
                    r.bad(c.span(), format!("card {} has no [[foreign_war]] entry; the struck power sends units to a war in play", c.get_ref()));
                    None
                }
                None => {
                    r.bad(phase_span.clone(), "step send_to_war needs `card`");
                    None
                }
            };
            match (power, played_by, card) {
                (Some(power), Some(played_by), Some(card)) => {
                    question = Some(Format1Question::SendToWar {
                        power,
                        card,
                        played_by,
                    });
                    Some(Stage::Winter)
                }
                _ => None,
            }
        }
        "huguenot_capital" => need_power(r, &t.played_by, "played_by").map(|played_by| {
            question = Some(Format1Question::HuguenotCapital { played_by });
            Stage::Winter
        }),
        "conversion_six" => {
            let power = need_power(r, &t.power, "power");
            let space = match &t.space {
                Some(v) => ids.space(r, v),
                None => {
                    r.bad(phase_span.clone(), "step conversion_six needs `space`");
                    None
                }
            };
            let modifier = t.modifier.as_ref().map_or(0, |m| *m.get_ref());
            let cp = t.cp_left.as_ref().map_or(0, |c| *c.get_ref());
            match (power, space) {
                (Some(power), Some(space)) => {
                    question = Some(Format1Question::ConversionSix {
                        power,
                        space,
                        modifier,
                        cp,
                    });
                    Some(Stage::Winter)
                }
                _ => None,
            }
        }
        "withdraw_leaders" => {
            question = Some(Format1Question::WinterLeaders);
            Some(Stage::Winter)
        }
        "winter" => Some(Stage::Winter),
        _ => {
            let mut winners = Vec::new();
            for p in t
                .winners
                .as_ref()
                .map(|d| d.get_ref().as_slice())
                .unwrap_or_default()
            {
                if let Some(p) = ids.power_in_play(r, p, powers) {
                    winners.push(p);
                }
            }
            let reason = match &t.reason {
                Some(x) => match EndReason::from_stored_text(x.get_ref()) {
                    Some(e) => Some(e),
                    None => {
                        r.bad(x.span(), "the reason is not one vqbot writes; copy it from an exported position, e.g. \"end of the last turn: highest VP (25)\"");
                        None
                    }
                },
                None => Some(EndReason::LastTurn { vp: 0 }),
            };
            reason.map(|reason| Stage::Over { winners, reason })
        }
    };
    if ok {
        stage.map(|s| (s, question))
    } else {
        None
    }
}
