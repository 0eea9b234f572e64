//! Terminal front ends over the table: `vqbot local` (hot-seat play) and `vqbot script` (run a
//! file of lines). A line names its speaker: `as alice: vq join power:england`. It may start with
//! `@CHANNEL` to play in another channel (`@2 as alice: vq new`: two games side by side), and a
//! script line may start with `!` to say that it expects a refusal (`! as bob: vq start`).

pub mod import;
pub mod position;
pub mod vassal;

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::table::{
    Audience, Caller, Channel, GameStore, Locale, MemStore, Outbox, Table, TableOptions, UserId,
};

/// The channel every terminal game is played in.
pub const LOCAL_CHANNEL: Channel = Channel {
    guild: 0,
    channel: 1,
};

/// A stable user id for a local player name (case-insensitive), never 0.
pub fn local_user(name: &str) -> UserId {
    // FNV-1a, kept below 2^63 so it fits SQLite's INTEGER.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.trim().to_lowercase().bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h >> 1).max(1)
}

/// A terminal channel by its label: `local` or `1` is [`LOCAL_CHANNEL`], another number `N` is
/// channel `N`, other words name their own channel; `GUILD/CHANNEL` (two numbers) is a Discord
/// channel. `None` for an empty label or a bad `GUILD/CHANNEL`.
pub fn parse_channel(label: &str) -> Option<Channel> {
    let l = label.trim().trim_start_matches('@').to_lowercase();
    if l.is_empty() || l.contains(char::is_whitespace) {
        return None;
    }
    if l == "local" {
        return Some(LOCAL_CHANNEL);
    }
    if let Some((g, c)) = l.split_once('/') {
        return Some(Channel {
            guild: g.parse().ok()?,
            channel: c.parse().ok()?,
        });
    }
    Some(Channel {
        guild: 0,
        channel: l.parse().unwrap_or_else(|_| local_user(&l)),
    })
}

/// One script or terminal line, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The speaker.
    pub name: String,
    /// The command.
    pub command: String,
    /// The channel named with `@CHANNEL`, if any.
    pub channel: Option<Channel>,
    /// Whether the line starts with `!`: the command must be refused.
    pub expect_refused: bool,
}

/// Reads a line: `[!] [@CHANNEL] as NAME: COMMAND`. Blank lines and `#` comments give `None`.
pub fn parse_line(line: &str) -> Option<Result<Line, String>> {
    let mut l = line.trim();
    if l.is_empty() || l.starts_with('#') {
        return None;
    }
    let expect_refused = l.starts_with('!');
    if expect_refused {
        l = l[1..].trim_start();
    }
    let mut channel = None;
    if let Some(rest) = l.strip_prefix('@') {
        let (label, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match parse_channel(label) {
            Some(c) => channel = Some(c),
            None => {
                return Some(Err(format!(
                    "`{}`: `@{}` names no channel",
                    clip(l),
                    clip(label)
                )))
            }
        }
        l = tail.trim_start();
    }
    Some(split_line(l)?.map(|(name, command)| Line {
        name,
        command,
        channel,
        expect_refused,
    }))
}

/// The start of a long text, for messages that quote it.
fn clip(s: &str) -> String {
    let mut c: String = s.chars().take(80).collect();
    if c.len() < s.len() {
        c.push('…');
    }
    c
}

/// A line split into its speaker and command: `as alice: vq pass` → (`alice`, `vq pass`).
/// Blank lines and `#` comments give `None`.
pub fn split_line(line: &str) -> Option<Result<(String, String), String>> {
    let l = line.trim();
    if l.is_empty() || l.starts_with('#') {
        return None;
    }
    let rest = l.strip_prefix("as ").or_else(|| l.strip_prefix("AS "));
    Some(match rest.and_then(|r| r.split_once(':')) {
        Some((name, _))
            if name.trim().chars().count() > crate::table::limits::MAX_NAME_CHARS
                || name.chars().any(char::is_control) =>
        {
            Err(format!(
                "a speaker's name has at most {} characters and no control characters (as on Discord); `as {}…:` is longer",
                crate::table::limits::MAX_NAME_CHARS,
                name.chars().take(20).collect::<String>()
            ))
        }
        Some((name, cmd)) if !name.trim().is_empty() && !name.contains(' ') => {
            Ok((name.trim().to_string(), cmd.trim().to_string()))
        }
        _ => Err(format!(
            "`{}`: start the line with the speaker, e.g. `as alice: vq status`",
            clip(l)
        )),
    })
}

/// The terminal reads the files a command names (`setup file:…`) itself: the table never
/// touches the disk. A file that cannot be read stays without text, and the table says so.
fn read_files(cmd: crate::table::Command) -> crate::table::Command {
    use crate::table::command::FileArg;
    let read = |f: FileArg| FileArg {
        text: std::fs::read_to_string(&f.name).ok(),
        name: f.name,
    };
    match cmd {
        crate::table::Command::Setup { file, private } => crate::table::Command::Setup {
            file: read(file),
            private: private.map(read),
        },
        other => other,
    }
}

/// Terminal session state: the table and the names of local players.
pub struct Session {
    /// The table.
    pub table: Table,
    names: HashMap<UserId, String>,
    dir: PathBuf,
    write_images: bool,
}

impl Session {
    /// A session over a store. Images are written into `dir` when `write_images` is set.
    pub fn new(
        store: Box<dyn GameStore>,
        opts: TableOptions,
        dir: PathBuf,
        write_images: bool,
    ) -> Session {
        let rs = match crate::data::load_default() {
            Ok(rs) => rs,
            Err(problems) => {
                for p in &problems {
                    eprintln!("data: {}:{}: {}", p.file, p.line, p.message);
                }
                std::process::exit(2);
            }
        };
        Session {
            table: Table::new(Arc::new(rs), store, opts),
            names: HashMap::new(),
            dir,
            write_images,
        }
    }

    /// Runs one command as `name` in the terminal channel and returns the outbox.
    pub fn run(&mut self, name: &str, command: &str) -> Outbox {
        self.run_in(LOCAL_CHANNEL, name, command)
    }

    /// Runs one command as `name` in `channel` and returns the outbox.
    pub fn run_in(&mut self, channel: Channel, name: &str, command: &str) -> Outbox {
        let user = local_user(name);
        self.names.insert(user, name.to_string());
        let caller = Caller::new(user, name);
        let parsed = crate::table::parse(command)
            .map(read_files)
            .map(|c| self.name_users(c));
        let out = self.table.handle_command(channel, &caller, parsed);
        // --- campaign (issue 29, item 7): the terminal shows the end at once: it is posted.
        if let Some(game) = out.ended {
            self.table.end_posted(game);
        }
        out
    }

    /// `user:bob` in the terminal names the local player bob (issue 29: `deputy`, `replace`):
    /// the name becomes that player's id, as a Discord user option gives a mention.
    fn name_users(&mut self, cmd: crate::table::Command) -> crate::table::Command {
        use crate::table::Command;
        let mut to_id = |n: String| {
            if crate::table::absence::parse_user(&n).is_some() {
                return n;
            }
            let u = local_user(&n);
            self.names.insert(u, n.trim().to_string());
            self.table.remember(u, n.trim());
            format!("<@{u}>")
        };
        match cmd {
            Command::Deputy { user, until, power } => Command::Deputy {
                user: user.map(&mut to_id),
                until,
                power,
            },
            Command::Replace { power, user, after } => Command::Replace {
                power,
                user: user.map(&mut to_id),
                after,
            },
            other => other,
        }
    }

    /// The answers of `channel`'s current question as terminal hints, one line each
    /// (`[answer] Do not intercept: vq forgo power:france`), with the engine sequence they are
    /// for. The same answers a Discord prompt gets as buttons, built from the question's legal
    /// answers; none when nothing fits.
    pub fn answer_lines(&self, channel: Channel) -> (Option<u32>, Vec<String>) {
        let Some(p) = self.table.prompts(channel) else {
            return (None, Vec::new());
        };
        let lines = p
            .public
            .iter()
            .map(|c| {
                format!(
                    "[answer] {}: vq {}",
                    c.label,
                    crate::table::command::defs::line_text(&c.invocation)
                )
            })
            .collect();
        (p.seq, lines)
    }

    fn who(&self, u: UserId) -> String {
        self.names.get(&u).cloned().unwrap_or_else(|| u.to_string())
    }

    /// The outbox as tagged lines: `[channel] …`, `[dm:alice] …`, `[reply:alice] …`,
    /// `[image:map.png 1234 bytes]`. Writes images to the session folder when enabled.
    pub fn format(&self, out: &Outbox) -> Vec<String> {
        let mut lines = Vec::new();
        for m in &out.messages {
            let tag = match m.to {
                Audience::Channel => "channel".to_string(),
                Audience::Dm(u) => format!("dm:{}", self.who(u)),
                Audience::Reply(u) => format!("reply:{}", self.who(u)),
            };
            if !m.text.is_empty() {
                for (i, l) in m.text.lines().enumerate() {
                    if i == 0 {
                        lines.push(format!("[{tag}] {l}"));
                    } else {
                        lines.push(format!("[{tag}]   {l}"));
                    }
                }
            }
            for img in &m.images {
                lines.push(format!("[image:{} {} bytes]", img.name, img.png.len()));
                if self.write_images {
                    let path = self.dir.join(&img.name);
                    if let Err(e) = std::fs::write(&path, &img.png) {
                        lines.push(format!("[error] could not write {}: {e}", path.display()));
                    }
                }
            }
        }
        lines
    }
}

/// Options shared by `local` and `script`.
#[derive(Debug, Clone)]
pub struct CliOptions {
    /// Database file; for `script`, an empty path means a fresh in-memory store.
    pub db: PathBuf,
    /// Seed of new games.
    pub seed: Option<u64>,
    /// Default locale.
    pub locale: Locale,
}

/// Opens the store for a terminal session.
pub fn open_store(db: &Path) -> Result<Box<dyn GameStore>, String> {
    crate::table::sqlite::open(db)
}

fn session(o: &CliOptions, write_images: bool) -> Result<Session, String> {
    let store = if o.db.as_os_str().is_empty() {
        memory_store()
    } else {
        open_store(&o.db)?
    };
    let dir =
        o.db.parent()
            .map(Path::to_path_buf)
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or_else(|| PathBuf::from("."));
    Ok(Session::new(
        store,
        TableOptions {
            seed: o.seed,
            renderer: crate::table::default_renderer(),
            default_locale: o.locale,
            hot_seat: true,
        },
        dir,
        write_images,
    ))
}

/// `vqbot local`: reads lines from standard input and plays them; private messages are shown
/// only under their recipient's name.
pub fn run_local(o: &CliOptions) -> i32 {
    let mut s = match session(o, true) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("vqbot local: {e}");
            return 2;
        }
    };
    println!(
        "vqbot local — game file {}. Type lines like `as alice: vq new`, `as alice: vq help`; Ctrl-D quits.",
        o.db.display()
    );
    if let Ok(Some(g)) = s.table.summary(LOCAL_CHANNEL) {
        if g.status != crate::table::Status::Finished {
            println!(
                "This file already has game #{} open in the terminal channel: go on with `as NAME: vq status`, \
                 or start another game side by side after a line `@2`.",
                g.id
            );
        }
    }
    let stdin = std::io::stdin();
    let mut last: Option<String> = None;
    let mut channel = LOCAL_CHANNEL;
    // The state each channel's answers were last shown for: they are shown again when it moves.
    let mut shown: HashMap<Channel, Option<u32>> = HashMap::new();
    loop {
        print!("> ");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        match stdin.lock().read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // `@CHANNEL` alone switches the channel the next lines play in.
        let bare = line.trim();
        if let Some(label) = bare.strip_prefix('@').filter(|l| !l.contains(' ')) {
            match parse_channel(label) {
                Some(c) => {
                    channel = c;
                    println!("(now in channel @{label})");
                }
                None => println!("`@{label}` names no channel"),
            }
            continue;
        }
        let parsed = match parse_line(&line) {
            None => continue,
            Some(Ok(p)) => {
                if let Some(c) = p.channel {
                    channel = c;
                }
                (p.name, p.command)
            }
            // A bare command continues as the previous speaker.
            Some(Err(e)) => match &last {
                Some(name) => (name.clone(), line.trim().to_string()),
                None => {
                    println!("{e}");
                    continue;
                }
            },
        };
        last = Some(parsed.0.clone());
        let out = s.run_in(channel, &parsed.0, &parsed.1);
        for l in s.format(&out) {
            println!("{l}");
        }
        let (seq, answers) = s.answer_lines(channel);
        if shown.insert(channel, seq) != Some(seq) {
            for l in answers {
                println!("{l}");
            }
        }
    }
    0
}

/// `vqbot script FILE`: runs every line, prints every message with its audience; exits non-zero
/// at the first unexpected outcome (a refused command, or an accepted `!` line that expected a
/// refusal) unless `keep_going`, and then still exits 1. With `state_json`, prints the observer
/// view of the final state of the terminal channel (or the last channel a line named) as JSON
/// (see `docs/state-json.md`).
pub fn run_script(file: &Path, o: &CliOptions, state_json: bool, keep_going: bool) -> i32 {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("vqbot script: {}: {e}", file.display());
            return 2;
        }
    };
    let mut s = match session(o, false) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("vqbot script: {e}");
            return 2;
        }
    };
    let mut code = 0;
    let mut last_channel = LOCAL_CHANNEL;
    for (n, line) in text.lines().enumerate() {
        let p = match parse_line(line) {
            None => continue,
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                eprintln!("{}:{}: {e}", file.display(), n + 1);
                return 2;
            }
        };
        let channel = p.channel.unwrap_or(LOCAL_CHANNEL);
        last_channel = channel;
        let (name, cmd) = (&p.name, &p.command);
        let prefix = match (p.expect_refused, p.channel) {
            (true, Some(c)) => format!("! @{} ", c.channel),
            (false, Some(c)) => format!("@{} ", c.channel),
            (true, None) => "! ".to_string(),
            (false, None) => String::new(),
        };
        println!("> {prefix}as {name}: {cmd}");
        let out = s.run_in(channel, name, cmd);
        for l in s.format(&out) {
            println!("{l}");
        }
        let unexpected = match (out.refused, p.expect_refused) {
            (true, false) => Some("refused"),
            (false, true) => Some("accepted, but the line expects a refusal"),
            _ => None,
        };
        if let Some(what) = unexpected {
            eprintln!("{}:{}: {what}: {cmd}", file.display(), n + 1);
            code = 1;
            if !keep_going {
                return code;
            }
        }
    }
    if state_json {
        let v = s
            .table
            .state_json(last_channel)
            .unwrap_or(serde_json::Value::Null);
        match serde_json::to_string_pretty(&v) {
            Ok(j) => println!("{j}"),
            Err(e) => {
                eprintln!("vqbot script: {e}");
                return 2;
            }
        }
    }
    code
}

/// A throw-away in-memory store (for tests).
pub fn memory_store() -> Box<dyn GameStore> {
    Box::new(MemStore::new())
}
