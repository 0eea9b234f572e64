//! Reading a command: the tokenizer, names in both languages, choices, and the parse into [`Command`].

#[allow(unused_imports)]
use super::*;

/// The longest typed line the table reads ([`parse`]); longer ones are refused unread.
pub const MAX_LINE_CHARS: usize = 2000;
/// The longest single value (a name, a number, a unit pick, a rule id) the table reads: names
/// are looked up with suggestions, whose cost grows with the length.
pub const MAX_VALUE_CHARS: usize = 100;

/// Refuses an invocation whose command name or some value is longer than [`MAX_VALUE_CHARS`].
pub(super) fn check_lengths(inv: &Invocation) -> Result<(), ParseError> {
    let long = |what: &str, text: &str| {
        let len = text.chars().count();
        (len > MAX_VALUE_CHARS).then(|| ParseError::TooLong {
            what: what.chars().take(MAX_VALUE_CHARS).collect(),
            len,
            max: MAX_VALUE_CHARS,
        })
    };
    if let Some(e) = long("command", &inv.name) {
        return Err(e);
    }
    for (k, v) in &inv.options {
        if let Some(e) = long(k, k).or_else(|| long(k, v)) {
            return Err(e);
        }
    }
    Ok(())
}

/// Reads a typed line: an optional `vq` (or `/vq`), the command, then `option:value` pairs.
/// Values may hold spaces (they run to the next `option:`) or be quoted. Words before the first
/// option fill the command's first option (`rule R-GAME-PLAYERS`, `join england`).
pub fn tokenize(line: &str) -> Result<Invocation, ParseError> {
    let mut words = split_words(line).into_iter().peekable();
    if words
        .peek()
        .is_some_and(|w| w.eq_ignore_ascii_case("vq") || w.eq_ignore_ascii_case("/vq"))
    {
        words.next();
    }
    let Some(name) = words.next() else {
        return Err(ParseError::Empty);
    };
    let name = name.to_lowercase();
    let Some(spec) = spec_any(&name) else {
        return Err(unknown_command(name));
    };
    let mut inv = Invocation {
        name: spec.name.to_string(),
        options: Vec::new(),
    };
    let mut current: Option<(String, Vec<String>)> = None;
    let mut leading: Vec<String> = Vec::new();
    for w in words {
        if let Some((k, v)) = w.split_once(':') {
            let key = fold(k);
            // `as:<power>` (`как:`) is accepted for the power selector where `as` is not an option.
            let found = match spec.option_any(&key) {
                None if key == "as" || key == "как" => spec.option("power"),
                found => found,
            };
            if let Some(o) = found {
                if let Some((k, vals)) = current.take() {
                    inv.options.push((k, vals.join(" ")));
                }
                let twice = inv.options.iter().any(|(k, _)| k == o.name);
                if twice {
                    return Err(ParseError::Repeated {
                        option: o.name.to_string(),
                    });
                }
                let v = unquote(v);
                current = Some((
                    o.name.to_string(),
                    if v.is_empty() { vec![] } else { vec![v] },
                ));
                continue;
            }
            if k.chars().all(|c| c.is_alphabetic() || c == '-' || c == '_') && !k.is_empty() {
                return Err(unknown_option(spec, key));
            }
        }
        match &mut current {
            Some((_, vals)) => vals.push(unquote(&w)),
            None => leading.push(unquote(&w)),
        }
    }
    if let Some((k, vals)) = current.take() {
        inv.options.push((k, vals.join(" ")));
    }
    if !leading.is_empty() {
        let first = spec.options.iter().find(|o| inv.get(o.name).is_none());
        match first {
            Some(o) => inv
                .options
                .insert(0, (o.name.to_string(), leading.join(" "))),
            None => {
                return Err(ParseError::Stray {
                    word: leading.join(" "),
                })
            }
        }
    }
    Ok(inv)
}

/// Splits on whitespace, keeping double-quoted parts (which may contain spaces) together.
pub(super) fn split_words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '"' | '“' | '”' | '«' | '»' => {
                quoted = !quoted;
                cur.push('"');
            }
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

pub(super) fn unquote(s: &str) -> String {
    s.replace('"', "").trim().to_string()
}

/// "; did you mean a, b?" for the closest of `candidates`, or empty.
pub fn suggest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    let w = word.to_lowercase();
    let mut scored: Vec<(usize, &str)> = candidates
        .map(|c| (crate::data::edit_distance(&w, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= 2.max(w.len() / 3) || c.starts_with(w.as_str()))
        .collect();
    scored.sort();
    if scored.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = scored.iter().take(3).map(|(_, c)| *c).collect();
    format!("; did you mean {}?", names.join(", "))
}

pub(super) fn unknown_command(name: String) -> ParseError {
    ParseError::UnknownCommand {
        hint: suggest(&name, COMMANDS.iter().flat_map(|c| [c.name, c.ru])),
        name,
    }
}

pub(super) fn unknown_option(spec: &CmdSpec, option: String) -> ParseError {
    ParseError::UnknownOption {
        command: spec.name.into(),
        option,
        allowed: spec
            .options
            .iter()
            .map(|o| o.name)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Typable Russian words for the fixed choice values (`event` → `событие`). A typed value may be
/// either word, or a unique start of at least three letters of a Russian one.
pub(super) const CHOICE_RU: &[(&str, &str)] = &[
    ("cp", "од"),
    ("event", "событие"),
    ("en", "английский"),
    ("ru", "русский"),
    ("regular", "регуляры"),
    ("mercenary", "наёмники"),
    ("cavalry", "кавалерия"),
    ("squadron", "эскадра"),
    ("corsair", "корсар"),
    ("barbary", "берберы"),
    ("fortress", "крепость"),
    ("protestant", "протестантский"),
    ("catholic", "католический"),
    ("balanced", "равновесие"),
    ("never_intercept", "без_перехвата"),
    ("never_avoid", "без_уклонения"),
    ("always_withdraw", "всегда_укрываться"),
    ("never_withdraw", "не_укрываться"),
    ("decline_cards", "без_карт"),
    ("mercenaries_first", "сначала_наёмники"),
    ("sally", "вылазка"),
    ("no_sally", "без_вылазок"),
    ("auto_retreat", "отступать_сам"),
    ("winter_default", "зимовка_по_умолчанию"),
    ("units", "войска"),
    ("control", "контроль"),
    ("religion", "религия"),
    ("unrest", "беспорядки"),
    ("vp", "по"),
    ("card", "карта"),
    ("relation", "отношения"),
    ("minor", "малая"),
    ("leader", "лидер"),
    ("kill-ruler", "смерть-правителя"),
    ("hand", "рука"),
    ("discard", "сброс"),
    ("deck", "колода"),
    ("removed", "удалена"),
    ("peace", "мир"),
    ("war", "война"),
    ("alliance", "союз"),
    ("yes", "да"),
    ("no", "нет"),
    ("huguenot", "гугеноты"),
    ("dutch", "голландцы"),
    ("ireland", "ирландия"),
    ("papacy", "папство"),
    ("portugal", "португалия"),
    ("scotland", "шотландия"),
    ("venice", "венеция"),
    // --- position files (issue 17)
    ("phase", "этап"),
    ("diplomacy", "дипломатия"),
    ("spring_deployment", "развёртывание"),
    ("action", "действия"),
    ("winter", "зима"),
    // --- marriages and espionage
    ("look", "взгляд"),
    ("assassinate", "покушение"),
    ("engage", "помолвка"),
    ("married", "брак"),
    ("assassinated", "убит"),
    // --- treasures
    ("treasure", "сокровище"),
    // --- diplomatic influence (X-INF-*, X-INACTIVE)
    ("influence", "влияние"),
    ("inactive", "неактивная"),
    ("resolve", "определить"),
];

/// The typable Russian word for a choice value, if it has one.
pub fn choice_word_ru(value: &str) -> Option<&'static str> {
    CHOICE_RU.iter().find(|(v, _)| *v == value).map(|(_, r)| *r)
}

/// A typed choice value as the English value of `list` it means; `None` if it means none.
pub(super) fn choice_value(list: &'static [&'static str], typed: &str) -> Option<&'static str> {
    let t = fold(typed);
    if let Some(v) = list.iter().find(|v| **v == t) {
        return Some(v);
    }
    let ru = |v: &&str| choice_word_ru(v).map(fold);
    if let Some(v) = list.iter().find(|v| ru(v).as_deref() == Some(t.as_str())) {
        return Some(v);
    }
    let starts: Vec<&&str> = list
        .iter()
        .filter(|v| t.chars().count() >= 3 && ru(v).is_some_and(|r| r.starts_with(&t)))
        .collect();
    match starts[..] {
        [v] => Some(v),
        _ => None,
    }
}

/// An invocation with English names throughout: the command and option names may be given in
/// either language, and fixed choices as their English or Russian words.
pub fn canonical(inv: &Invocation) -> Result<Invocation, ParseError> {
    let Some(spec) = spec_any(&inv.name) else {
        return Err(unknown_command(inv.name.clone()));
    };
    let mut out = Invocation {
        name: spec.name.to_string(),
        options: Vec::with_capacity(inv.options.len()),
    };
    for (k, v) in &inv.options {
        let Some(o) = spec.option_any(k) else {
            return Err(unknown_option(spec, k.clone()));
        };
        let v = match o.kind {
            OptKind::Choice(list) => {
                choice_value(list, v).map_or_else(|| v.clone(), str::to_string)
            }
            _ => v.clone(),
        };
        out.options.push((o.name.to_string(), v));
    }
    Ok(out)
}

/// The value shown in public command lines in place of something private (a secret choice,
/// a card moved to or from a hand).
pub const HIDDEN: &str = "(hidden)";

/// A typed line (English names, as the log stores actions) with the command, option and choice
/// names of `loc`: `move from:paris to:rouen` → `двинуть откуда:paris куда:rouen`. Lines that
/// do not parse come back unchanged.
pub fn localize_line(line: &str, loc: Locale) -> String {
    let (Locale::Ru, Ok(inv)) = (loc, tokenize(line)) else {
        return line.to_string();
    };
    let Some(spec) = spec(&inv.name) else {
        return line.to_string();
    };
    let mut out = spec.name_in(loc).to_string();
    for (k, v) in &inv.options {
        let Some(o) = spec.option(k) else {
            return line.to_string();
        };
        let v = match o.kind {
            _ if v == HIDDEN => "(скрыто)",
            OptKind::Choice(_) => choice_word_ru(v).unwrap_or(v),
            _ => v.as_str(),
        };
        out.push_str(&format!(" {}:{v}", o.name_in(loc)));
    }
    out
}

/// Parses a whole line into a command.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let len = line.chars().count();
    if len > MAX_LINE_CHARS {
        return Err(ParseError::TooLong {
            what: "command".into(),
            len,
            max: MAX_LINE_CHARS,
        });
    }
    Command::from_invocation(&tokenize(line)?)
}

impl Command {
    /// Types an invocation (from a typed line or from slash-command options).
    /// Names may be English or Russian (see [`canonical`]).
    pub fn from_invocation(inv: &Invocation) -> Result<Command, ParseError> {
        check_lengths(inv)?;
        let inv = &canonical(inv)?;
        let Some(spec) = spec(&inv.name) else {
            return Err(unknown_command(inv.name.clone()));
        };
        let a = Args { spec, inv };
        for o in spec.options.iter().filter(|o| o.required) {
            a.req(o.name)?;
        }
        for (k, v) in &inv.options {
            if let Some(o) = spec.option(k) {
                check_kind(o, v)?;
            }
        }
        // Every command is typed by its definition.
        match super::defs::def(spec.name) {
            Some(d) => (d.parse)(&a),
            None => Err(ParseError::UnknownCommand {
                name: spec.name.into(),
                hint: String::new(),
            }),
        }
    }
}

/// An invocation being typed: its command's spec and its options (English names).
pub struct Args<'a> {
    spec: &'static CmdSpec,
    pub(super) inv: &'a Invocation,
}

impl Args<'_> {
    pub(super) fn opt(&self, name: &str) -> Option<String> {
        self.inv
            .get(name)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    }
    pub(super) fn req(&self, name: &str) -> Result<String, ParseError> {
        self.opt(name).ok_or_else(|| ParseError::Missing {
            command: self.spec.name.into(),
            option: name.into(),
        })
    }
    pub(super) fn int(&self, name: &str) -> Result<Option<i64>, ParseError> {
        self.opt(name)
            .map(|v| {
                v.parse::<i64>().map_err(|_| ParseError::BadValue {
                    option: name.into(),
                    value: v.clone(),
                    expected: Expected::WholeNumber,
                })
            })
            .transpose()
    }
}

pub(super) fn check_kind(o: &OptSpec, v: &str) -> Result<(), ParseError> {
    let v = v.trim();
    match o.kind {
        OptKind::Choice(list) if !v.is_empty() => {
            if list.iter().any(|c| c.eq_ignore_ascii_case(v)) {
                Ok(())
            } else {
                Err(ParseError::BadValue {
                    option: o.name.into(),
                    value: v.into(),
                    expected: Expected::OneOf(list),
                })
            }
        }
        OptKind::Integer | OptKind::Treasure if !v.is_empty() => v
            .parse::<i64>()
            .map(|_| ())
            .map_err(|_| ParseError::BadValue {
                option: o.name.into(),
                value: v.into(),
                expected: Expected::WholeNumber,
            }),
        _ => Ok(()),
    }
}

/// A unit count of `adjust` (0 to 255), or `None` when the option is not given.
pub(super) fn count(a: &Args<'_>, name: &str) -> Result<Option<u8>, ParseError> {
    a.int(name)?
        .map(|n| {
            u8::try_from(n).map_err(|_| ParseError::BadValue {
                option: name.into(),
                value: n.to_string(),
                expected: Expected::Count,
            })
        })
        .transpose()
}

/// Unit-type words a count may carry (`3r`, `2 regulars`, `1 кав`): a typed word names a type
/// when it is the start of one of that type's words. Every word of a pick is read: a count whose
/// type is not one of these refuses the whole pick.
pub(super) const UNIT_WORDS: [(&[&str], usize); 3] = [
    (
        &[
            "regulars",
            "regular",
            "регуляры",
            "регуляров",
            "регуляр",
            "регулярные",
            "регулярных",
            "регулярный",
            "регулярная",
        ],
        0,
    ),
    (
        &[
            "mercenaries",
            "mercenary",
            "наёмники",
            "наёмников",
            "наемники",
            "наемников",
            "наёмник",
            "наемник",
            "наёмные",
            "наемные",
            "наёмных",
            "наемных",
        ],
        1,
    ),
    (
        &[
            "cavalry",
            "кавалерия",
            "кавалерии",
            "кавалеристы",
            "кавалеристов",
        ],
        2,
    ),
];

/// The unit type (0 regulars, 1 mercenaries, 2 cavalry) a typed word names, if exactly one.
pub(super) fn unit_type(word: &str) -> Option<usize> {
    let w = word.trim_end_matches('.');
    if w.is_empty() {
        return None;
    }
    let hits: Vec<usize> = UNIT_WORDS
        .iter()
        .filter(|(words, _)| words.iter().any(|x| x.starts_with(w)))
        .map(|(_, i)| *i)
        .collect();
    match hits[..] {
        [i] => Some(i),
        _ => None,
    }
}

/// Reads a unit pick: counts such as `3r`, `2 regulars`, `1c`, `1m`, `2r2m` (several counts in
/// one word), and leader names (words that do not start with a digit), separated by spaces,
/// commas or `+`. The whole text is read or the pick is refused, naming the part not understood.
pub fn parse_units(text: &str) -> Result<UnitPick, ParseError> {
    let mut pick = UnitPick::default();
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let bad = |w: &str| ParseError::BadValue {
        option: "units".into(),
        value: w.into(),
        expected: Expected::Units,
    };
    let repeated = |w: &str| ParseError::RepeatedPart {
        option: "units".into(),
        part: w.into(),
    };
    // Unit types already counted (regulars, mercenaries, cavalry).
    let mut seen = [false; 3];
    let mut i = 0;
    while i < words.len() {
        let w = words[i].to_lowercase();
        if !w.starts_with(|c: char| c.is_ascii_digit()) {
            if pick.leaders.iter().any(|l| l.to_lowercase() == w) {
                return Err(repeated(&words[i]));
            }
            pick.leaders.push(words[i].clone());
            i += 1;
            continue;
        }
        // A word of `<count><type>` pairs; a bare count takes its type from the next word.
        let mut rest = w.as_str();
        while !rest.is_empty() {
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if digits.is_empty() {
                return Err(bad(&words[i]));
            }
            let n: u8 = digits.parse().map_err(|_| bad(&words[i]))?;
            rest = &rest[digits.len()..];
            let kind: String = rest.chars().take_while(|c| !c.is_ascii_digit()).collect();
            rest = &rest[kind.len()..];
            let kind = if kind.is_empty() {
                if !rest.is_empty() {
                    return Err(bad(&words[i]));
                }
                i += 1;
                words
                    .get(i)
                    .map(|k| k.to_lowercase())
                    .ok_or_else(|| bad(&w))?
            } else {
                kind
            };
            let Some(t) = unit_type(&kind) else {
                return Err(bad(&words[i]));
            };
            if std::mem::replace(&mut seen[t], true) {
                return Err(repeated(&format!("{digits}{kind}")));
            }
            let slot = match t {
                0 => &mut pick.regulars,
                1 => &mut pick.mercenaries,
                _ => &mut pick.cavalry,
            };
            *slot = slot.checked_add(n).ok_or_else(|| bad(&words[i]))?;
        }
        i += 1;
    }
    Ok(pick)
}

/// Splits a list of names given as one option (commas, semicolons or spaces).
pub(super) fn word_list(text: Option<String>) -> Vec<String> {
    text.map(|t| {
        t.split([',', ';', ' '])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default()
}
