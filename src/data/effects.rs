//! The effect language: `<key>.effect` files in the data folder (next to `cards.csv`), one per card event a group writes, read
//! into the engine's [`Effect`] (a flat program with jumps). Every mistake is a [`Problem`] with
//! file:line saying what is wrong and what is allowed. The format is taught in `docs/events.md`.
//!
//! A file is a header (`text_source: …`) and then one primitive per line; an indented block
//! follows `if`, `else`, `choose`/`option` and `repeat`.

use super::table::Problems;
use crate::engine::action::UnitKind;
use crate::engine::cards::effect::{
    BattleSide, Cond, Effect, Filter, FlagSpan, LeaderFate, Op, Who,
};
use crate::engine::cards::registry;
use crate::engine::power::{Home, Power, ReligiousZone, Source};
use crate::engine::ruleset::{Ruleset, SpaceId};
use std::collections::BTreeSet;
use std::path::Path;

/// The file extension of an effect file.
pub const EXT: &str = "effect";
/// The most times a `repeat` block runs (a loop needs an end).
pub const MAX_REPEAT: u32 = 20;
/// The most primitives one effect may unroll to.
pub const MAX_OPS: usize = 2_000;

/// Every primitive word, for "allowed" lists.
pub const PRIMITIVES: &[&str] = &[
    "vp",
    "draw",
    "discard",
    "take_card",
    "look_at_hand",
    "flag",
    "clear_flag",
    "resolve_status",
    "unrest",
    "calm",
    "control",
    "add",
    "remove",
    "convert",
    "war",
    "peace",
    "cp",
    "dice",
    "hits",
    "cancel",
    "adjust",
    // --- card effects
    "return_card",
    "remove_card",
    "play_cp",
    "religion",
    "fortress",
    "raze",
    "treasure",
    "forbid_war",
    "spy",
    "place_leader",
    "remove_leader",
    "kill_leader",
    "capture_leader",
    "ruler",
    "move",
    "rating",
    "if",
    "else",
    "choose",
    "option",
    "repeat",
];

const FILTER_WORDS: &str = "home, controlled, enemy, fortified, unfortified, port, not_besieged, has_units, unrest, no_unrest, zone:<zone>, next_to:<space>, space:<space>";

/// Reads the effects the cards' `event` keys name and attaches them to the cards; checks that
/// every key is an automated event or a file, and that every file is used.
pub(crate) fn attach(dir: &Path, rs: &mut Ruleset, p: &mut Problems) {
    let folder = dir;
    let mut used = BTreeSet::new();
    for i in 0..rs.cards.len() {
        let Some(key) = rs.cards[i].event.clone() else {
            continue;
        };
        if registry::automated(&key).is_some() {
            continue;
        }
        let file = format!("{key}.{EXT}");
        let path = folder.join(format!("{key}.{EXT}"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            p.add(
                "cards.csv",
                0,
                format!(
                    "card {}: event `{key}` is neither an automated event ({}) nor a file {file}",
                    rs.cards[i].number,
                    registry::automated_keys().join(", ")
                ),
            );
            continue;
        };
        used.insert(format!("{key}.{EXT}"));
        if let Some(e) = parse(&file, &key, &text, rs, p) {
            rs.cards[i].effect = Some(e);
        }
    }
    if let Ok(rd) = std::fs::read_dir(folder) {
        let mut names: Vec<String> = rd
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(&format!(".{EXT}")))
            .collect();
        names.sort();
        for n in names {
            if !used.contains(&n) {
                let key = n.trim_end_matches(&format!(".{EXT}"));
                p.add(
                    &n,
                    0,
                    format!(
                        "no card uses this effect: set `event` to `{key}` on its card in cards.csv"
                    ),
                );
            }
        }
    }
}

/// One line of a file, split into words (a "quoted text" is one word).
#[derive(Debug, Clone)]
struct Line {
    no: u64,
    indent: usize,
    words: Vec<String>,
    children: Vec<Line>,
}

/// Marks a word that was quoted (never an option or a keyword).
const QUOTED: char = '\u{1}';

/// A quoted word's text.
fn text(w: &str) -> Option<&str> {
    w.strip_prefix(QUOTED)
}

fn split(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    for ch in s.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                was_quoted = true;
            }
            c if c.is_whitespace() && !quoted => {
                if was_quoted {
                    out.push(format!("{QUOTED}{}", std::mem::take(&mut cur)));
                } else if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                was_quoted = false;
            }
            c => cur.push(c),
        }
    }
    if quoted {
        return Err("a quoted text is not closed with `\"`".into());
    }
    if was_quoted {
        out.push(format!("{QUOTED}{cur}"));
    } else if !cur.is_empty() {
        out.push(cur);
    }
    Ok(out)
}

/// A leader's names for effects, normalized: id, English and Russian names, and the short names
/// printed on the map's counters (leader_names.csv), as the `place leader:` command reads them.
fn leader_keys(l: &crate::engine::ruleset::Leader) -> Vec<String> {
    [&l.id, &l.name_en, &l.name_ru, &l.short_en, &l.short_ru]
        .into_iter()
        .filter(|n| !n.is_empty())
        .map(|n| norm_name(n))
        .collect()
}

fn norm_name(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The leader an effect names (X-CARD-EFFECT): by id or any of its names (case, `_` and spaces
/// ignored), or by the last word of its English name where only one leader has it (`alba`).
fn leader_named<'r>(rs: &'r Ruleset, name: &str) -> Option<&'r crate::engine::ruleset::Leader> {
    let t = norm_name(name);
    if let Some(l) = rs.leaders.iter().find(|l| leader_keys(l).contains(&t)) {
        return Some(l);
    }
    let last: Vec<_> = rs
        .leaders
        .iter()
        .filter(|l| norm_name(&l.name_en).rsplit(' ').next() == Some(t.as_str()))
        .collect();
    match last[..] {
        [l] => Some(l),
        _ => None,
    }
}

/// The three leader names closest to `name` (edit distance over every name a leader answers
/// to), each with its id: what check-data offers for an unknown leader.
fn closest_leaders(rs: &Ruleset, name: &str) -> String {
    let t = norm_name(name);
    let mut scored: Vec<(usize, String)> = rs
        .leaders
        .iter()
        .map(|l| {
            let d = leader_keys(l)
                .iter()
                .map(|k| crate::engine::names::edit_distance(&t, k))
                .min()
                .unwrap_or(usize::MAX);
            let shown = if l.short_en.is_empty() {
                &l.name_en
            } else {
                &l.short_en
            };
            (d, format!("`{}` ({})", l.id, shown))
        })
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(3)
        .map(|(_, s)| s)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses one effect file (`file` is its name in messages).
pub fn parse(file: &str, key: &str, text: &str, rs: &Ruleset, p: &mut Problems) -> Option<Effect> {
    let before = p.0.len();
    let mut text_source = None;
    let mut flat = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let no = i as u64 + 1;
        let body = raw.split('#').next().unwrap_or("");
        if body.trim().is_empty() {
            continue;
        }
        if body.starts_with('\t') || body.trim_start_matches(' ').starts_with('\t') {
            p.add(file, no, "indent with spaces, not tabs");
            continue;
        }
        let indent = body.len() - body.trim_start().len();
        let t = body.trim();
        if flat.is_empty() && indent == 0 {
            if let Some(v) = t.strip_prefix("text_source:") {
                match v.trim().parse::<Source>() {
                    Ok(s) => text_source = Some(s),
                    Err(e) => p.add(file, no, e.to_string()),
                }
                continue;
            }
        }
        match split(t) {
            Ok(words) => flat.push(Line {
                no,
                indent,
                words,
                children: Vec::new(),
            }),
            Err(e) => p.add(file, no, e),
        }
    }
    if text_source.is_none() {
        p.add(
            file,
            1,
            "the file needs a first line `text_source: seed|his|reconstruction|placeholder` (where the effect's wording comes from)",
        );
    }
    if flat.is_empty() {
        p.add(
            file,
            0,
            "the effect has no primitive; write at least one line, e.g. `vp 1`",
        );
    }
    let tree = nest(file, flat, p);
    let mut c = Compiler {
        file,
        rs,
        p,
        ops: Vec::new(),
    };
    c.block(&tree);
    let ops = c.ops;
    if p.0.len() > before {
        return None;
    }
    Some(Effect {
        key: key.to_string(),
        text_source: text_source?,
        ops,
    })
}

/// Builds the block tree from indentation.
fn nest(file: &str, flat: Vec<Line>, p: &mut Problems) -> Vec<Line> {
    fn take(
        lines: &[Line],
        i: &mut usize,
        indent: usize,
        file: &str,
        p: &mut Problems,
    ) -> Vec<Line> {
        let mut out: Vec<Line> = Vec::new();
        while *i < lines.len() {
            let l = &lines[*i];
            if l.indent < indent {
                break;
            }
            if l.indent > indent {
                match out.last_mut() {
                    Some(parent) => {
                        let deeper = l.indent;
                        let kids = take(lines, i, deeper, file, p);
                        parent.children.extend(kids);
                    }
                    None => {
                        p.add(
                            file,
                            l.no,
                            "this line is indented but no line above opens a block",
                        );
                        *i += 1;
                    }
                }
                continue;
            }
            out.push(l.clone());
            *i += 1;
        }
        out
    }
    let base = flat.first().map_or(0, |l| l.indent);
    let mut i = 0;
    take(&flat, &mut i, base, file, p)
}

struct Compiler<'a> {
    file: &'a str,
    rs: &'a Ruleset,
    p: &'a mut Problems,
    ops: Vec<Op>,
}

/// The options (`key:value` words) and plain words of a line.
struct Args<'l> {
    plain: Vec<&'l str>,
    opts: Vec<(&'l str, &'l str)>,
    filter: Vec<&'l str>,
    has_where: bool,
}

/// Option keys (`for:`, `of:` …), which may also come after `where`.
const OPTION_KEYS: &[&str] = &[
    "for", "of", "from", "on", "with", "modifier", "until", "side", // --- card effects
    "by", "admin", "cards",
];

fn is_option(w: &str) -> bool {
    w.split_once(':')
        .is_some_and(|(k, _)| OPTION_KEYS.contains(&k))
}

fn args(words: &[String]) -> Args<'_> {
    let mut a = Args {
        plain: Vec::new(),
        opts: Vec::new(),
        filter: Vec::new(),
        has_where: false,
    };
    for w in words.iter().skip(1) {
        if let Some(t) = text(w) {
            a.plain.push(t);
        } else if a.has_where && !is_option(w) {
            a.filter.push(w);
        } else if w == "where" {
            a.has_where = true;
        } else if let Some((k, v)) = w.split_once(':') {
            a.opts.push((k, v));
        } else {
            a.plain.push(w);
        }
    }
    a
}

impl Compiler<'_> {
    fn err(&mut self, line: u64, msg: impl Into<String>) {
        self.p.add(self.file, line, msg);
    }

    fn emit(&mut self, line: u64, op: Op) {
        if self.ops.len() >= MAX_OPS {
            if self.ops.len() == MAX_OPS {
                self.err(
                    line,
                    format!(
                        "the effect unrolls to more than {MAX_OPS} primitives; use smaller repeats"
                    ),
                );
                self.ops.push(Op::Manual {
                    what: String::new(),
                    ru: String::new(),
                });
            }
            return;
        }
        self.ops.push(op);
    }

    fn here(&self) -> u16 {
        self.ops.len().min(u16::MAX as usize) as u16
    }

    fn block(&mut self, lines: &[Line]) {
        let mut i = 0;
        while i < lines.len() {
            let l = &lines[i];
            let verb = l.words.first().map(String::as_str).unwrap_or("");
            match verb {
                "if" => {
                    let cond = self.cond(l.no, &l.words[1..]);
                    if l.children.is_empty() {
                        self.err(l.no, "`if` needs an indented block below it");
                    }
                    let at = self.ops.len();
                    self.emit(l.no, Op::Jump { to: 0 });
                    self.block(&l.children);
                    let has_else = lines
                        .get(i + 1)
                        .is_some_and(|n| n.words.first().is_some_and(|w| w == "else"));
                    let mut jump_at = None;
                    if has_else {
                        jump_at = Some(self.ops.len());
                        self.emit(l.no, Op::Jump { to: 0 });
                    }
                    let to = self.here();
                    if let (Some(c), Some(slot)) = (cond, self.ops.get_mut(at)) {
                        *slot = Op::Unless { cond: c, to };
                    }
                    if has_else {
                        i += 1;
                        let e = &lines[i];
                        if e.words.len() > 1 {
                            self.err(e.no, "`else` takes nothing after it; put the primitives in an indented block");
                        }
                        self.block(&e.children);
                        let end = self.here();
                        if let Some(Op::Jump { to }) = jump_at.and_then(|j| self.ops.get_mut(j)) {
                            *to = end;
                        }
                    }
                }
                "else" => self.err(
                    l.no,
                    "`else` must follow an `if` block at the same indentation",
                ),
                "option" => self.err(l.no, "`option` belongs in the indented block of a `choose`"),
                "choose" => self.choose(l),
                "repeat" => {
                    let a = args(&l.words);
                    let n = match a.plain.first().map(|w| w.parse::<u32>()) {
                        Some(Ok(n)) if (1..=MAX_REPEAT).contains(&n) => n,
                        _ => {
                            self.err(l.no, format!("`repeat` needs a count from 1 to {MAX_REPEAT} (a loop without end is not allowed), e.g. `repeat 3`"));
                            1
                        }
                    };
                    if l.children.is_empty() {
                        self.err(l.no, "`repeat` needs an indented block below it");
                    }
                    for _ in 0..n {
                        self.block(&l.children);
                    }
                }
                _ => {
                    if !l.children.is_empty() {
                        self.err(l.no, format!("`{verb}` does not open a block; only if, else, choose, option and repeat do"));
                    }
                    self.primitive(l);
                }
            }
            i += 1;
        }
    }

    fn choose(&mut self, l: &Line) {
        let a = args(&l.words);
        let who = self.opt_who(l.no, &a, "for").unwrap_or(Who::Me);
        self.only_opts(l.no, "choose", &a, &["for"]);
        let options: Vec<&Line> = l.children.iter().collect();
        if options.len() < 2 {
            self.err(
                l.no,
                "`choose` needs at least two `option \"…\"` lines in its block",
            );
        }
        let at = self.ops.len();
        self.emit(
            l.no,
            Op::Choose {
                who,
                options: Vec::new(),
            },
        );
        let mut targets = Vec::new();
        let mut jumps = Vec::new();
        for o in options {
            if o.words.first().map(String::as_str) != Some("option") || o.words.len() != 2 {
                self.err(o.no, "in a `choose` block each line is `option \"what the player sees\"` with its own indented block");
                continue;
            }
            let label = text(&o.words[1]).unwrap_or(&o.words[1]).to_string();
            targets.push((label, self.here()));
            self.block(&o.children);
            jumps.push(self.ops.len());
            self.emit(o.no, Op::Jump { to: 0 });
        }
        let end = self.here();
        for j in jumps {
            if let Some(Op::Jump { to }) = self.ops.get_mut(j) {
                *to = end;
            }
        }
        if let Some(Op::Choose { options, .. }) = self.ops.get_mut(at) {
            *options = targets;
        }
    }

    fn who(&mut self, line: u64, w: &str) -> Option<Who> {
        match w {
            "me" => Some(Who::Me),
            "opponent" => Some(Who::Opponent),
            _ => match w.parse::<Power>() {
                Ok(p) => Some(Who::Power(p)),
                Err(_) => {
                    self.err(
                        line,
                        format!(
                            "`{w}` is not a power here; allowed: me, opponent, {}",
                            Power::ALL
                                .iter()
                                .map(|p| p.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                    None
                }
            },
        }
    }

    fn opt<'l>(a: &Args<'l>, key: &str) -> Option<&'l str> {
        a.opts.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn opt_who(&mut self, line: u64, a: &Args, key: &str) -> Option<Who> {
        let v = Self::opt(a, key)?;
        self.who(line, v)
    }

    // --- card effects
    /// Refuses words after the first `n` plain ones.
    fn no_plain(&mut self, line: u64, verb: &str, a: &Args, n: usize) {
        if let Some(w) = a.plain.get(n) {
            self.err(
                line,
                format!("`{verb}` takes no word `{w}` here; see docs/events.md for its form"),
            );
        }
    }

    fn only_opts(&mut self, line: u64, verb: &str, a: &Args, allowed: &[&str]) {
        for (k, _) in &a.opts {
            if !allowed.contains(k) {
                let list = if allowed.is_empty() {
                    "none".to_string()
                } else {
                    allowed
                        .iter()
                        .map(|x| format!("{x}:"))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                self.err(
                    line,
                    format!("`{verb}` takes no option `{k}:`; it takes: {list}"),
                );
            }
        }
    }

    fn number<T: std::str::FromStr>(
        &mut self,
        line: u64,
        verb: &str,
        w: Option<&&str>,
        what: &str,
    ) -> Option<T> {
        match w.map(|w| w.trim_start_matches('+').parse::<T>()) {
            Some(Ok(n)) => Some(n),
            Some(Err(_)) => {
                self.err(
                    line,
                    format!("`{verb}` needs {what}, got `{}`", w.copied().unwrap_or("")),
                );
                None
            }
            None => {
                self.err(line, format!("`{verb}` needs {what}, e.g. `{verb} 1`"));
                None
            }
        }
    }

    fn space(&mut self, line: u64, id: &str) -> Option<SpaceId> {
        match self.rs.space_id(id) {
            Some(s) => Some(s),
            None => {
                self.err(
                    line,
                    format!("`{id}` is not a space id in spaces.csv (e.g. PARIS)"),
                );
                None
            }
        }
    }

    fn filter(&mut self, line: u64, a: &Args, who: Who) -> Filter {
        let mut f = Filter::default();
        for w in &a.filter {
            match *w {
                "home" => f.home = true,
                "controlled" => f.controlled = true,
                "enemy" => f.enemy = true,
                "fortified" => f.fortified = true,
                "unfortified" => f.unfortified = true,
                "port" => f.port = true,
                "not_besieged" => f.not_besieged = true,
                "has_units" => f.has_units = true,
                "unrest" => f.unrest = Some(true),
                "no_unrest" => f.unrest = Some(false),
                _ => match w.split_once(':') {
                    Some(("zone", z)) => match z.parse::<ReligiousZone>() {
                        Ok(z) => f.zone = Some(z),
                        Err(e) => self.err(line, e.to_string()),
                    },
                    Some(("next_to", s)) => f.next_to = self.space(line, s),
                    Some(("space", s)) => f.space = self.space(line, s),
                    _ => self.err(
                        line,
                        format!("`{w}` is not a space filter; allowed: {FILTER_WORDS}"),
                    ),
                },
            }
        }
        // A filter that can match nothing: checked on the map's fixed facts.
        let home_of = match who {
            Who::Power(p) => Some(p),
            _ => None,
        };
        let fits = self.rs.space_ids().any(|s| {
            let sp = self.rs.space(s);
            f.zone.is_none_or(|z| sp.zone == z)
                && f.space.is_none_or(|x| x == s)
                && f.next_to
                    .is_none_or(|n| self.rs.neighbours[s.idx()].iter().any(|(x, _)| *x == n))
                && (!f.port || sp.is_port())
                && (!f.home
                    || match (home_of, sp.home) {
                        (None, _) => true,
                        (Some(p), Home::Major(h)) => p == h,
                        (Some(Power::Protestant), Home::Faction(_)) => true,
                        _ => false,
                    })
        }) && !(f.controlled && f.enemy)
            && !(f.fortified && f.unfortified);
        if !fits {
            self.err(
                line,
                format!(
                    "the filter `{}` matches no space on the map",
                    a.filter.join(" ")
                ),
            );
        }
        f
    }

    fn cond(&mut self, line: u64, words: &[String]) -> Option<Cond> {
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["not", rest @ ..] => {
                let rest: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
                self.cond(line, &rest).map(|c| Cond::Not(Box::new(c)))
            }
            ["controls", who, space] => {
                let who = self.who(line, who)?;
                Some(Cond::Controls(who, self.space(line, space)?))
            }
            ["at_war", a, b] => Some(Cond::AtWar(self.who(line, a)?, self.who(line, b)?)),
            ["flag", name] => Some(Cond::Flag(name.to_string())),
            ["turn", n] => self
                .number(line, "if turn", Some(n), "a turn number")
                .map(Cond::TurnAtLeast),
            ["cards", who, n] => {
                let who = self.who(line, who)?;
                self.number(line, "if cards", Some(n), "a number of cards")
                    .map(|n| Cond::CardsAtLeast(who, n))
            }
            ["in_battle"] => Some(Cond::InBattle),
            _ => {
                self.err(line, "an `if` condition is one of: controls <power> <space>, at_war <power> <power>, flag <name>, turn <n> (at least), cards <power> <n> (at least), in_battle; `not` before any");
                None
            }
        }
    }

    fn primitive(&mut self, l: &Line) {
        let verb = l.words[0].as_str();
        let a = args(&l.words);
        let no = l.no;
        let me = |c: &mut Self, key: &str| c.opt_who(no, &a, key).unwrap_or(Who::Me);
        let space_verbs = [
            "unrest",
            "calm",
            "control",
            "add",
            "remove",
            "convert",
            // --- card effects
            "religion",
            "fortress",
            "raze",
            "place_leader",
        ];
        if a.has_where && !space_verbs.contains(&verb) {
            self.err(
                no,
                format!(
                    "`{verb}` acts on no space: `where` belongs to {}",
                    space_verbs.join(", ")
                ),
            );
        }
        match verb {
            "vp" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                // --- card effects: `vp N lasting`
                let lasting = match a.plain.get(1).copied() {
                    None => false,
                    Some("lasting") => true,
                    Some(x) => {
                        self.err(no, format!("`vp N` may be followed by `lasting` only (a bonus that stays, listed by card), got `{x}`"));
                        false
                    }
                };
                if let Some(n) = self.number::<i32>(no, verb, a.plain.first(), "a whole number of VP (may be negative)") {
                    self.emit(no, if lasting { Op::LastingVp { who, n } } else { Op::Vp { who, n } });
                }
            }
            "draw" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                if let Some(n) = self.number::<u8>(no, verb, a.plain.first(), "a number of cards") {
                    self.emit(no, Op::Draw { who, n });
                }
            }
            "discard" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                // --- card effects: `discard N chosen` (the owner picks)
                let chosen = match a.plain.get(1).copied() {
                    Some("random") => Some(false),
                    Some("chosen") => Some(true),
                    x => {
                        self.err(no, format!("write `discard N random` or `discard N chosen` (the hand's owner picks), got `{}`", x.unwrap_or("")));
                        None
                    }
                };
                if let (Some(n), Some(chosen)) = (self.number::<u8>(no, verb, a.plain.first(), "a number of cards"), chosen) {
                    self.emit(no, if chosen { Op::DiscardChosen { who, n } } else { Op::Discard { who, n } });
                }
            }
            "take_card" => {
                self.only_opts(no, verb, &a, &["for", "from"]);
                let who = me(self, "for");
                match self.opt_who(no, &a, "from") {
                    Some(from) => self.emit(no, Op::TakeCard { who, from }),
                    None => self.err(no, "`take_card` needs `from:<power>` (whose hand a random card is taken from)"),
                }
            }
            "look_at_hand" => {
                self.only_opts(no, verb, &a, &["for", "of"]);
                let who = me(self, "for");
                match self.opt_who(no, &a, "of") {
                    Some(of) => self.emit(no, Op::LookAtHand { who, of }),
                    None => self.err(no, "`look_at_hand` needs `of:<power>` (whose hand is seen)"),
                }
            }
            // --- diplomatic influence (X-INF-ROLL)
            "resolve_status" => {
                self.only_opts(no, verb, &a, &[]);
                match a.plain.first().map(|t| t.parse::<crate::engine::influence::Courted>()) {
                    Some(Ok(target)) => self.emit(no, Op::ResolveStatus { target }),
                    Some(Err(e)) => self.err(no, format!("`resolve_status`: {e}")),
                    None => self.err(no, "`resolve_status` names a minor or major power, e.g. `resolve_status papacy`"),
                }
            }
            "flag" | "clear_flag" => {
                self.only_opts(no, verb, &a, if verb == "flag" { &["until"] } else { &[] });
                let Some(name) = a.plain.first() else {
                    self.err(no, format!("`{verb}` needs a flag name, e.g. `{verb} barbary_raids`"));
                    return;
                };
                let span = if verb == "clear_flag" {
                    None
                } else {
                    match Self::opt(&a, "until").unwrap_or("turn") {
                        "impulse" => Some(FlagSpan::Impulse),
                        "turn" => Some(FlagSpan::Turn),
                        "game" => Some(FlagSpan::Game),
                        x => {
                            self.err(no, format!("`until:{x}`: a flag lasts until:impulse, until:turn or until:game"));
                            None
                        }
                    }
                };
                self.emit(no, Op::Flag { name: name.to_string(), span });
            }
            "unrest" | "calm" | "control" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                let filter = self.filter(no, &a, who);
                self.emit(
                    no,
                    match verb {
                        "control" => Op::Control { who, filter },
                        v => Op::Unrest { who, on: v == "unrest", filter },
                    },
                );
            }
            "add" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                let n = self.number::<u8>(no, verb, a.plain.first(), "a number of units, e.g. `add 2 regular`");
                let kind = match a.plain.get(1).copied() {
                    Some("regular" | "regulars") => Some(UnitKind::Regular),
                    Some("mercenary" | "mercenaries") => Some(UnitKind::Mercenary),
                    Some("cavalry") => Some(UnitKind::Cavalry),
                    x => {
                        self.err(no, format!("`add N <kind>`: the kind is regular, mercenary or cavalry, got `{}`", x.unwrap_or("")));
                        None
                    }
                };
                let filter = self.filter(no, &a, who);
                if let (Some(n), Some(kind)) = (n, kind) {
                    self.emit(no, Op::Units { who, kind, n, filter });
                }
            }
            "remove" => {
                self.only_opts(no, verb, &a, &["for", "of"]);
                let who = me(self, "for");
                let of = me(self, "of");
                let filter = self.filter(no, &a, of);
                if let Some(n) = self.number::<u8>(no, verb, a.plain.first(), "a number of land units") {
                    self.emit(no, Op::Remove { who, of, n, filter });
                }
            }
            "convert" => {
                self.only_opts(no, verb, &a, &["for", "modifier"]);
                let who = me(self, "for");
                let modifier = match Self::opt(&a, "modifier") {
                    Some(m) => self.number::<i8>(no, "convert modifier:", Some(&m), "a whole number, e.g. `modifier:+1`").unwrap_or(0),
                    None => 0,
                };
                let filter = self.filter(no, &a, who);
                if let Some(n) = self.number::<u8>(no, verb, a.plain.first(), "a number of conversion attempts") {
                    for _ in 0..n {
                        self.emit(no, Op::Convert { who, modifier, filter: filter.clone() });
                    }
                }
            }
            "war" | "peace" => {
                let key = if verb == "war" { "on" } else { "with" };
                self.only_opts(no, verb, &a, &["for", key]);
                let who = me(self, "for");
                match self.opt_who(no, &a, key) {
                    Some(other) if verb == "war" => self.emit(no, Op::War { who, on: other }),
                    Some(other) => self.emit(no, Op::Peace { who, with: other }),
                    None => self.err(no, format!("`{verb}` needs `{key}:<power>`")),
                }
            }
            "cp" => {
                self.only_opts(no, verb, &a, &[]);
                if let Some(n) = self.number::<u8>(no, verb, a.plain.first(), "a number of CP") {
                    self.emit(no, Op::Cp { n });
                }
            }
            "dice" | "hits" | "rating" => {
                self.only_opts(no, verb, &a, &["side"]);
                let side = match Self::opt(&a, "side").unwrap_or("mine") {
                    "mine" => BattleSide::Mine,
                    "theirs" => BattleSide::Theirs,
                    x => {
                        self.err(no, format!("`side:{x}`: the side is side:mine or side:theirs"));
                        BattleSide::Mine
                    }
                };
                if let Some(n) = self.number::<i8>(no, verb, a.plain.first(), "a whole number (may be negative)") {
                    self.emit(no, match verb {
                        "dice" => Op::Dice { side, n },
                        // --- card effects
                        "rating" => Op::Rating { side, n },
                        _ => Op::Hits { side, n },
                    });
                }
            }
            "cancel" => match a.plain.first().copied() {
                Some("interception") => self.emit(no, Op::CancelInterception),
                Some("event") => self.emit(no, Op::CancelEvent),
                // --- card effects
                Some("avoidance") => self.emit(no, Op::CancelAvoidance),
                x => self.err(no, format!("`cancel` takes `interception`, `avoidance` or `event`, got `{}`", x.unwrap_or(""))),
            },
            // --- card effects (issue 25, second part)
            "return_card" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                self.no_plain(no, verb, &a, 0);
                self.emit(no, Op::ReturnCard { who });
            }
            "remove_card" => {
                self.only_opts(no, verb, &a, &["for", "from"]);
                let who = me(self, "for");
                match (a.plain.first().copied(), Self::opt(&a, "from")) {
                    (Some("this"), None) => self.emit(no, Op::RemoveCard { who, this: true }),
                    (None, Some("discard")) => self.emit(no, Op::RemoveCard { who, this: false }),
                    _ => self.err(no, "write `remove_card this` (the played card leaves the game) or `remove_card from:discard` (the player picks a card of the discard pile)"),
                }
            }
            "play_cp" => {
                self.only_opts(no, verb, &a, &[]);
                self.no_plain(no, verb, &a, 0);
                self.emit(no, Op::PlayCp);
            }
            "religion" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                let religion = match a.plain.first().map(|r| r.parse::<crate::engine::power::Religion>()) {
                    Some(Ok(r)) => Some(r),
                    x => {
                        self.err(no, format!("`religion` names the religion set: catholic or protestant, got `{}`", if x.is_some() { a.plain[0] } else { "" }));
                        None
                    }
                };
                let filter = self.filter(no, &a, who);
                if let Some(religion) = religion {
                    self.emit(no, Op::Religion { who, religion, filter });
                }
            }
            "fortress" | "raze" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                self.no_plain(no, verb, &a, 0);
                let filter = self.filter(no, &a, who);
                self.emit(no, Op::Fortress { who, build: verb == "fortress", filter });
            }
            "treasure" => {
                self.only_opts(no, verb, &a, &["for"]);
                let who = me(self, "for");
                if let Some(n) = self.number::<u8>(no, verb, a.plain.first(), "a number of treasures") {
                    if n == 0 {
                        self.err(no, "`treasure` needs at least 1 treasure");
                    } else {
                        self.emit(no, Op::Treasure { who, n });
                    }
                }
            }
            "forbid_war" => {
                self.only_opts(no, verb, &a, &["for", "on", "until"]);
                let who = me(self, "for");
                self.no_plain(no, verb, &a, 0);
                let span = match Self::opt(&a, "until").unwrap_or("turn") {
                    "impulse" => Some(FlagSpan::Impulse),
                    "turn" => Some(FlagSpan::Turn),
                    "game" => Some(FlagSpan::Game),
                    x => {
                        self.err(no, format!("`until:{x}`: a forbidden war lasts until:impulse, until:turn or until:game"));
                        None
                    }
                };
                match (self.opt_who(no, &a, "on"), span) {
                    (Some(on), Some(span)) if on != who => self.emit(no, Op::ForbidWar { who, on, span }),
                    (Some(_), Some(_)) => self.err(no, "`forbid_war` names two different powers (`for:` and `on:`)"),
                    (None, _) => self.err(no, "`forbid_war` needs `on:<power>` (the war between the two is forbidden)"),
                    _ => {}
                }
            }
            "place_leader" | "remove_leader" | "kill_leader" | "capture_leader" => {
                let allowed: &[&str] = match verb {
                    "place_leader" => &["for"],
                    "capture_leader" => &["by"],
                    _ => &[],
                };
                self.only_opts(no, verb, &a, allowed);
                self.no_plain(no, verb, &a, 1);
                let Some(id) = a.plain.first() else {
                    self.err(no, format!("`{verb}` names a leader by its id or map name, e.g. `{verb} ALBA` or `{verb} \"Duke of Alba\"`"));
                    return;
                };
                let name = text(id).unwrap_or(id);
                let Some(l) = leader_named(self.rs, name) else {
                    self.err(no, format!("`{name}` is not a leader of leaders.csv or leader_names.csv; closest: {}", closest_leaders(self.rs, name)));
                    return;
                };
                let leader = l.id.clone();
                let naval = l.kind == crate::engine::ruleset::LeaderKind::Naval;
                match verb {
                    "place_leader" => {
                        if naval {
                            self.err(no, format!("`place_leader` places army leaders on land; `{leader}` is a naval leader"));
                        }
                        let who = me(self, "for");
                        let filter = self.filter(no, &a, who);
                        self.emit(no, Op::PlaceLeader { who, leader, filter });
                    }
                    "remove_leader" => self.emit(no, Op::Leader { leader, fate: LeaderFate::OffMap }),
                    "kill_leader" => self.emit(no, Op::Leader { leader, fate: LeaderFate::Killed }),
                    _ => match self.opt_who(no, &a, "by") {
                        Some(by) => self.emit(no, Op::Leader { leader, fate: LeaderFate::Captured(by) }),
                        None => self.err(no, "`capture_leader` needs `by:<power>` (who holds the leader)"),
                    },
                }
            }
            "move" => {
                self.only_opts(no, verb, &a, &[]);
                let (mut ni, mut na) = (false, false);
                for w in &a.plain {
                    match *w {
                        "no_interception" => ni = true,
                        "no_avoidance" => na = true,
                        x => self.err(no, format!("`move` may be followed by no_interception and/or no_avoidance, got `{x}`")),
                    }
                }
                self.emit(no, Op::Move { no_interception: ni, no_avoidance: na });
            }
            "ruler" => {
                self.only_opts(no, verb, &a, &["for", "admin", "cards", "until"]);
                let who = me(self, "for");
                self.no_plain(no, verb, &a, 0);
                let rating = |c: &mut Self, key: &str| match Self::opt(&a, key) {
                    Some(v) => c.number::<i8>(no, &format!("ruler {key}:"), Some(&v), "a whole number, e.g. `admin:+1`").unwrap_or(0),
                    None => 0,
                };
                let (admin, cards) = (rating(self, "admin"), rating(self, "cards"));
                if admin == 0 && cards == 0 {
                    self.err(no, "`ruler` changes something: `admin:+1` (administrative rating) and/or `cards:-1` (card bonus)");
                }
                let span = match Self::opt(&a, "until").unwrap_or("turn") {
                    "impulse" => Some(FlagSpan::Impulse),
                    "turn" => Some(FlagSpan::Turn),
                    "game" => Some(FlagSpan::Game),
                    x => {
                        self.err(no, format!("`until:{x}`: a ruler's change lasts until:impulse, until:turn or until:game"));
                        None
                    }
                };
                if let Some(span) = span {
                    self.emit(no, Op::Ruler { who, admin, cards, span });
                }
            }
            "spy" => {
                self.only_opts(no, verb, &a, &["for", "on"]);
                let who = me(self, "for");
                let effect = match a.plain.first().and_then(|e| crate::engine::espionage::SpyEffect::from_id(e)) {
                    Some(e) => Some(e),
                    None => {
                        self.err(no, format!("`spy` takes look, discard or assassinate, got `{}`", a.plain.first().copied().unwrap_or("")));
                        None
                    }
                };
                match (self.opt_who(no, &a, "on"), effect) {
                    (Some(on), Some(effect)) => self.emit(no, Op::Spy { who, on, effect }),
                    (None, _) => self.err(no, "`spy` needs `on:<power>` (the target)"),
                    _ => {}
                }
            }
            "adjust" => match a.plain.first() {
                Some(t) if !t.is_empty() => {
                    let ru = a.plain.get(1).unwrap_or(t).to_string();
                    self.emit(no, Op::Manual { what: t.to_string(), ru })
                }
                _ => self.err(no, "`adjust` needs a quoted text saying what the players apply, in English and then in Russian, e.g. `adjust \"Spain loses a leader\" \"Испания теряет лидера\"`"),
            },
            "" => {}
            v => self.err(no, format!("unknown primitive `{v}`; allowed: {}", PRIMITIVES.join(", "))),
        }
    }
}
