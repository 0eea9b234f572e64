//! The `vqbot` program: the Discord bot, the terminal table and the maintenance tools.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "vqbot",
    version,
    about = "A Discord table for Virgin Queen: Wars of Religion 1559-1598"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (the default).
    Serve {
        /// Configuration file (see config.example.toml).
        #[arg(long, default_value = "vqbot.toml")]
        config: PathBuf,
    },
    /// Load and validate a game-data folder; print counts, or every problem with file:line.
    CheckData {
        /// The data folder (default: map_data/virgin_queen).
        dir: Option<PathBuf>,
    },
    /// Hot-seat play in the terminal: type `as alice: vq join power:england`.
    Local {
        /// Game file (SQLite).
        #[arg(long, default_value = "vqbot-local.sqlite3")]
        db: PathBuf,
        /// Seed of new games (random if not given).
        #[arg(long)]
        seed: Option<u64>,
        /// Message language: en or ru.
        #[arg(long, default_value = "en")]
        locale: String,
    },
    /// Run a file of `[!] [@CHANNEL] as NAME: COMMAND` lines and print every message with its
    /// audience (`!`: the line expects a refusal; `@CHANNEL`: another channel, another game).
    Script {
        /// The script.
        file: PathBuf,
        /// Game file (SQLite); without it the script plays on a fresh in-memory table, so it
        /// can be run again and again.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Seed of new games (random if not given).
        #[arg(long)]
        seed: Option<u64>,
        /// Message language: en or ru.
        #[arg(long, default_value = "en")]
        locale: String,
        /// Print the observer view of the final state as JSON (docs/state-json.md).
        #[arg(long)]
        state_json: bool,
        /// Go on after a refused command (the exit code is still 1).
        #[arg(long)]
        keep_going: bool,
    },
    /// Re-apply a stored game's whole log, check every state hash, and name the first action
    /// that diverges.
    Replay {
        /// The database.
        #[arg(long)]
        db: PathBuf,
        /// The game id.
        #[arg(long)]
        game: i64,
    },
    /// Write one game (settings, seats, whole log) as a JSON file: to move it between servers or
    /// attach to a bug report. It contains the seed: keep exports of unfinished games private.
    Export {
        /// The database.
        #[arg(long)]
        db: PathBuf,
        /// The game id.
        #[arg(long)]
        game: i64,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Draw a stored game's map at any point of its log (or its VP chart) as a PNG file.
    Render {
        /// The database.
        #[arg(long)]
        db: PathBuf,
        /// The game id.
        #[arg(long)]
        game: i64,
        /// Draw the state after this action (default: the latest).
        #[arg(long)]
        at: Option<u64>,
        /// Draw the VP-over-time chart instead of the map.
        #[arg(long)]
        chart: bool,
        /// Draw the close-up of what the last action drawn (`--at`, or the latest) changed,
        /// as the table posts it, instead of the full map.
        #[arg(long, conflicts_with = "chart")]
        closeup: bool,
        /// Output PNG file.
        #[arg(long)]
        out: PathBuf,
    },
    /// List every game in a database: id, channel, status, scenario, actions, last change.
    Games {
        /// The database.
        #[arg(long)]
        db: PathBuf,
    },
    /// Write a consistent copy of the whole database; safe while the bot is running.
    Backup {
        /// The database.
        #[arg(long)]
        db: PathBuf,
        /// The copy to write (must not exist yet).
        #[arg(long)]
        out: PathBuf,
    },
    /// Position files (docs/position.md): write a stored game's state as one, or check one.
    Position {
        #[command(subcommand)]
        command: PositionCommand,
    },
    /// Bring a game in from VASSAL: the group's own module becomes a data overlay, its save a
    /// position file (README: "Bringing a campaign in progress").
    Vassal {
        #[command(subcommand)]
        command: VassalCommand,
    },
    /// Close a game before its end (stored as abandoned; its log stays), freeing its channel.
    /// Needs the writer lock: stop the bot first, or let a member with Manage Channels use
    /// `/vq table close` in the channel instead.
    Close {
        /// The database.
        #[arg(long)]
        db: PathBuf,
        /// The game id.
        #[arg(long)]
        game: i64,
    },
    /// Read a game exported with `export` into a database, as a new game, with its players'
    /// display names.
    Import {
        /// The database.
        #[arg(long)]
        db: PathBuf,
        /// The channel to attach the game to: `GUILD/CHANNEL` (Discord ids), `local` (the
        /// terminal table's channel) or a terminal channel label; default: the exported one.
        #[arg(long)]
        channel: Option<String>,
        /// The exported JSON file.
        file: PathBuf,
    },
}

/// `vqbot position …`.
#[derive(Subcommand)]
enum PositionCommand {
    /// Write the state of a stored game as a position file, and its private part next to it
    /// (`NAME.private.toml`: the Empire's hidden choice and the dice; keep it from the players).
    Export {
        /// The database.
        #[arg(long)]
        db: PathBuf,
        /// The game id.
        #[arg(long)]
        game: i64,
        /// The state after this action (default: the latest).
        #[arg(long)]
        at: Option<u64>,
        /// Output file (the public part).
        #[arg(long)]
        out: PathBuf,
    },
    /// Read a position file and print every problem with its line, or a summary.
    Check {
        /// The position file.
        file: PathBuf,
        /// Its private part, if any.
        #[arg(long)]
        private: Option<PathBuf>,
    },
}

/// `vqbot vassal …`.
#[derive(Subcommand)]
enum VassalCommand {
    /// Write an overlay of map_data/virgin_queen from the module (cards, leaders, setups as
    /// position files; rows it changes get the source `owner`) and its mapping file.
    Data {
        /// The module (.vmod).
        module: PathBuf,
        /// The folder to write (created if missing).
        #[arg(long)]
        out: PathBuf,
        /// The mapping to use (default: DIR/vassal-mapping.toml; written if missing).
        #[arg(long)]
        mapping: Option<PathBuf>,
    },
    /// Write a position file (and its private part) from a save made with the module.
    Position {
        /// The save (.vsav).
        save: PathBuf,
        /// The module the save was made with (.vmod).
        #[arg(long)]
        module: PathBuf,
        /// The mapping to use (default: vassal-mapping.toml beside --out; written if missing).
        #[arg(long)]
        mapping: Option<PathBuf>,
        /// The position file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

fn vassal(command: VassalCommand) -> ExitCode {
    let result = match command {
        VassalCommand::Data {
            module,
            out,
            mapping,
        } => vqbot::cli::vassal::data(&module, &out, mapping.as_deref()),
        VassalCommand::Position {
            save,
            module,
            mapping,
            out,
        } => vqbot::cli::vassal::position(&save, &module, mapping.as_deref(), &out),
    };
    match result {
        Ok(r) => {
            for l in &r.lines {
                println!("{l}");
            }
            if r.ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(3)
            }
        }
        Err(problems) => {
            for p in &problems {
                eprintln!("vqbot: {p}");
            }
            ExitCode::FAILURE
        }
    }
}

fn position(command: PositionCommand) -> ExitCode {
    match command {
        PositionCommand::Export { db, game, at, out } => {
            match vqbot::cli::position::export(&db, game, at, &out) {
                Ok(msg) => {
                    println!("{msg}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("vqbot: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        PositionCommand::Check { file, private } => {
            match vqbot::cli::position::check(&file, private.as_deref()) {
                Ok(msg) => {
                    println!("{msg}");
                    ExitCode::SUCCESS
                }
                Err(problems) => {
                    for p in &problems {
                        eprintln!("{p}");
                    }
                    eprintln!("{} problem(s)", problems.len());
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// A file-size limit (`ulimit -f`) must give an error, not kill the process: SIGXFSZ gets a
/// handler (tokio's, which does nothing but note it), so a write past the limit fails with
/// EFBIG, which SQLite and the file writers report as an error with its reason.
fn survive_file_size_limit() {
    #[cfg(target_os = "linux")]
    {
        const SIGXFSZ: i32 = 25;
        if let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
        {
            rt.block_on(async {
                // Once registered, the handler stays for the life of the process.
                let _ =
                    tokio::signal::unix::signal(tokio::signal::unix::SignalKind::from_raw(SIGXFSZ));
            });
        }
    }
}

fn main() -> ExitCode {
    survive_file_size_limit();
    let cli = Cli::parse();
    // With no subcommand, a newcomer at a terminal without a token gets the terminal table.
    let bare = cli.command.is_none();
    match cli.command.unwrap_or(Command::Serve {
        config: PathBuf::from("vqbot.toml"),
    }) {
        Command::CheckData { dir } => check_data(dir),
        Command::Replay { db, game } => replay(&db, game),
        Command::Export { db, game, out } => export(&db, game, &out),
        Command::Import { db, channel, file } => import(&db, channel.as_deref(), &file),
        Command::Close { db, game } => close(&db, game),
        Command::Games { db } => games(&db),
        Command::Position { command } => position(command),
        Command::Vassal { command } => vassal(command),
        Command::Backup { db, out } => backup(&db, &out),
        Command::Render {
            db,
            game,
            at,
            chart,
            closeup,
            out,
        } => match render(&db, game, at, chart, closeup, &out) {
            Ok(msg) => {
                println!("{msg}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("vqbot: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Serve { config } => serve(config, bare),
        Command::Local { db, seed, locale } => {
            exit(vqbot::cli::run_local(&cli_options(db, seed, &locale)))
        }
        Command::Script {
            file,
            db,
            seed,
            locale,
            state_json,
            keep_going,
        } => exit(vqbot::cli::run_script(
            &file,
            &cli_options(db.unwrap_or_default(), seed, &locale),
            state_json,
            keep_going,
        )),
    }
}

/// A game file name not used yet in the current folder: `vqbot-local-1.sqlite3`, `-2`, …
fn fresh_local_db() -> PathBuf {
    (1u32..)
        .map(|n| PathBuf::from(format!("vqbot-local-{n}.sqlite3")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| PathBuf::from("vqbot-local.sqlite3"))
}

fn cli_options(db: PathBuf, seed: Option<u64>, locale: &str) -> vqbot::cli::CliOptions {
    vqbot::cli::CliOptions {
        db,
        seed,
        locale: vqbot::table::Locale::parse(locale).unwrap_or_default(),
    }
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

fn check_data(dir: Option<PathBuf>) -> ExitCode {
    let dir = dir.unwrap_or_else(vqbot::data::default_dir);
    match vqbot::data::load_with_summary(&dir) {
        Ok((rs, s)) => {
            println!(
                "{}: data OK (fingerprint {})",
                dir.display(),
                rs.fingerprint
            );
            let types: Vec<String> = s.by_type.iter().map(|(k, v)| format!("{v} {k}")).collect();
            println!(
                "spaces: {} ({}; {} capitals)",
                rs.spaces.len(),
                types.join(", "),
                s.capitals
            );
            println!("connections: {} ({} passes)", s.connections, s.passes);
            println!("ports: {}, sea zones: {}", s.ports, s.sea_zones);
            println!(
                "world map: {} settlements, {} ocean zones",
                s.settlements, s.ocean_zones
            );
            println!(
                "powers: {}, scenarios: {}, leaders: {}, rulers: {}, cards: {}",
                rs.powers.len(),
                rs.scenarios.len(),
                rs.leaders.len(),
                rs.rulers.len(),
                s.cards
            );
            // --- treasures: how many, and how many of them are placeholders
            if !rs.treasures.is_empty() {
                let guessed = rs
                    .treasures
                    .iter()
                    .filter(|t| t.source == vqbot::engine::power::Source::Placeholder)
                    .count();
                println!(
                    "treasures: {} ({} with placeholder values)",
                    rs.treasures.len(),
                    guessed
                );
            }
            let src: Vec<String> = s
                .by_source
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            println!("rows by source: {}", src.join(", "));
            // A scenario whose start is one key from a victory (issue 27 item 9): warned, the
            // data still loads.
            for w in vqbot::data::start_warnings(&dir, &rs) {
                println!("{w}");
            }
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in &problems {
                eprintln!("{}", display_path(&dir, p));
            }
            eprintln!(
                "{}: {} problem{} found; nothing was loaded",
                dir.display(),
                problems.len(),
                if problems.len() == 1 { "" } else { "s" }
            );
            ExitCode::FAILURE
        }
    }
}

fn display_path(dir: &std::path::Path, p: &vqbot::data::Problem) -> String {
    let file = dir.join(&p.file);
    if p.line == 0 {
        format!("{}: {}", file.display(), p.message)
    } else {
        format!("{}:{}: {}", file.display(), p.line, p.message)
    }
}

/// Runs the bot. Without a token it explains what to do; when `local_fallback` is set (no
/// subcommand was given) and standard input is a terminal, it then opens `vqbot local` on a
/// fresh game file, otherwise (a service) it exits non-zero.
fn serve(config_path: PathBuf, local_fallback: bool) -> ExitCode {
    let config = match vqbot::config::Config::load(&config_path) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("vqbot: {e}");
            return ExitCode::from(2);
        }
    };
    // The database and its schema are created before anything else, so a first run leaves a
    // ready file behind even without a token.
    let options = vqbot::store::StoreOptions {
        durability: config.durability,
        ..vqbot::store::StoreOptions::default()
    };
    if let Err(e) = vqbot::store::Store::open_with(&config.database, options) {
        eprintln!(
            "vqbot: cannot use the database {}: {e}",
            config.database.display()
        );
        return ExitCode::from(2);
    }
    let token = match config.token() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("vqbot: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(token) = token else {
        eprintln!(
            "vqbot: no Discord token, so the bot cannot connect.\n\
             \n  To run the bot: create an application at https://discord.com/developers/applications,\n\
             \x20 add a bot, copy its token, and start with  DISCORD_TOKEN=<token> cargo run --release\n\
             \x20 (or put the token in a file and set token_file in vqbot.toml; see config.example.toml).\n\
             \n  To play without Discord: cargo run --release -- local\n\
             \n  The database {} is ready.",
            config.database.display()
        );
        if local_fallback && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            let db = fresh_local_db();
            eprintln!(
                "\nOpening the terminal table now, on the new game file {}.\n                 Type `as alice: vq new`, then `as alice: vq join power:england`, `as bob: vq join power:france`,\n                 `as alice: vq start`; `as alice: vq help` lists every command. Ctrl-D quits; come back later with\n                 \x20 cargo run --release -- local --db {}\n",
                db.display(),
                db.display()
            );
            return exit(vqbot::cli::run_local(&cli_options(
                db,
                None,
                &config.locale,
            )));
        }
        return ExitCode::from(2);
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn"));
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let shards = match config
        .shards
        .as_deref()
        .map(vqbot::discord::ShardRange::parse)
    {
        None => None,
        Some(Ok(r)) => Some(r),
        Some(Err(e)) => {
            eprintln!("vqbot: {e}");
            return ExitCode::from(2);
        }
    };
    let bot = vqbot::discord::BotConfig {
        token,
        shards,
        dev_guild: config.dev_guild,
        database: Some(config.database.clone()),
        durability: config.durability,
        locale: vqbot::table::Locale::parse(&config.locale).unwrap_or_default(),
        data_dir: config.data_dir.clone(),
        renderer: vqbot::table::default_renderer(),
        ..vqbot::discord::BotConfig::default()
    };
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("vqbot: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match rt.block_on(vqbot::discord::run(bot, shutdown_signal())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vqbot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Resolves on Ctrl-C or SIGTERM: in-flight commands finish, then the bot exits.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn replay(db: &std::path::Path, game: i64) -> ExitCode {
    use vqbot::store::GameId;
    let store = match open_existing(db) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("vqbot: {e}");
            return ExitCode::from(2);
        }
    };
    if let Ok(rec) = store.game(GameId(game)) {
        if rec.status == vqbot::store::GameStatus::Lobby {
            println!(
                "game {game} is still in the lobby: it has no actions yet, so there is nothing to replay"
            );
            return ExitCode::SUCCESS;
        }
    }
    match vqbot::store::verify::<vqbot::engine::Game>(&store, GameId(game)) {
        Ok(v) => {
            let matched = if v.older_format == 0 {
                "every hash matches".to_string()
            } else {
                format!(
                    "every hash matches except those of the first {} actions, which an older vqbot logged in its own state format and which were replayed without comparing them",
                    v.older_format
                )
            };
            println!(
                "game {game}: {} actions re-applied, {} snapshots compared, {matched}; final state {}",
                v.actions, v.snapshots, v.final_hash
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vqbot: {e}");
            if let Some(why) = replay_hint(&store, game, &e) {
                eprintln!("{why}");
            }
            ExitCode::FAILURE
        }
    }
}

/// Why a stored game may no longer replay: its actions were checked when they were played, so
/// a refusal or a different state on replay means the rules or the game data changed since.
fn replay_hint(
    store: &vqbot::store::Store,
    game: i64,
    e: &vqbot::store::ReplayError,
) -> Option<String> {
    use vqbot::store::ReplayError;
    if !matches!(
        e,
        ReplayError::Rejected { .. }
            | ReplayError::Diverged { .. }
            | ReplayError::Start { .. }
            | ReplayError::BadSnapshot { .. }
    ) {
        return None;
    }
    let rec = store.game(vqbot::store::GameId(game)).ok()?;
    let data = vqbot::data::load_default()
        .map(|rs| format!("game data fingerprint {}", rs.fingerprint))
        .unwrap_or_else(|p| format!("the game data does not load ({} problems)", p.len()));
    Some(format!(
        "Every action was checked against the rules when it was played, so this means the rules \
         or the game data changed since: game {game} was started by vqbot {} and this is vqbot \
         {} ({data}). The stored log is intact. To keep playing it, run the vqbot version and \
         data it was played with; to free its channel, close it (`vqbot close --db … --game \
         {game}`, or /vq table close in Discord).",
        rec.engine_version,
        env!("CARGO_PKG_VERSION"),
    ))
}

/// `vqbot close`: stores an open game as abandoned.
fn close(db: &std::path::Path, game: i64) -> ExitCode {
    use vqbot::store::{GameId, GameStatus, Store};
    if !db.exists() {
        eprintln!("vqbot: {}: no such database file", db.display());
        return ExitCode::FAILURE;
    }
    let result = Store::open(db)
        .and_then(|mut s| s.set_status(GameId(game), GameStatus::Abandoned))
        .map_err(|e| format!("{}: {e}", db.display()));
    match result {
        Ok(rec) => {
            println!(
                "game {game} closed (abandoned); channel {} is free for a new game",
                rec.channel
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vqbot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Opens an existing database for the read-only operator tools (`games`, `replay`, `backup`,
/// `export`, `render`): read-only, so they work beside a running bot, which holds the writer
/// lock. A file with an older schema is upgraded first, which needs the writer lock. A missing
/// file is an error rather than a new empty database.
fn open_existing(db: &std::path::Path) -> Result<vqbot::store::Store, String> {
    use vqbot::store::{Store, StoreError};
    if !db.exists() {
        return Err(format!("{}: no such database file", db.display()));
    }
    match Store::open_read_only(db) {
        Err(StoreError::NeedsUpgrade { .. }) => {
            drop(Store::open(db).map_err(|e| format!("{}: {e}", db.display()))?);
            Store::open_read_only(db)
        }
        r => r,
    }
    .map_err(|e| format!("{}: {e}", db.display()))
}

fn games(db: &std::path::Path) -> ExitCode {
    let listed = open_existing(db).and_then(|s| s.all_games().map_err(|e| e.to_string()));
    match listed {
        Ok(list) if list.is_empty() => {
            println!("{}: no games yet", db.display());
            ExitCode::SUCCESS
        }
        Ok(list) => {
            println!(
                "{:>5}  {:<41}  {:<9}  {:<10}  {:>7}  last change (UTC)",
                "id", "guild/channel", "status", "scenario", "actions"
            );
            for l in list {
                let g = &l.game;
                println!(
                    "{:>5}  {:<41}  {:<9}  {:<10}  {:>7}  {}",
                    g.id.0,
                    g.channel.to_string(),
                    g.status.to_string(),
                    g.scenario,
                    l.actions,
                    utc(g.updated_at)
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vqbot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Unix milliseconds as `YYYY-MM-DD HH:MM`, UTC.
fn utc(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).map_or_else(
        || format!("{ms} ms"),
        |t| t.format("%Y-%m-%d %H:%M").to_string(),
    )
}

fn backup(db: &std::path::Path, out: &std::path::Path) -> ExitCode {
    match open_existing(db).and_then(|s| s.backup_to(out).map_err(|e| e.to_string())) {
        Ok(()) => {
            println!("{} copied to {}", db.display(), out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vqbot: {e}");
            ExitCode::FAILURE
        }
    }
}

fn export(db: &std::path::Path, game: i64, out: &std::path::Path) -> ExitCode {
    use vqbot::store::GameId;
    let result = open_existing(db)
        .and_then(|s| s.export_game(GameId(game)).map_err(|e| e.to_string()))
        .and_then(|doc| {
            let json = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
            std::fs::write(out, json).map_err(|e| format!("{}: {e}", out.display()))?;
            Ok(doc)
        });
    match result {
        Ok(doc) => {
            println!("game {game} written to {}", out.display());
            if doc.reveals_future_dice() {
                eprintln!(
                    "vqbot: warning: game {game} is not finished ({}), and {} contains its seed: \
                     anyone who reads it can work out every future die roll and card draw. \
                     Keep the file with the operator and do not share it with the players.",
                    doc.game.status,
                    out.display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vqbot: {e}");
            ExitCode::FAILURE
        }
    }
}

fn import(db: &std::path::Path, channel: Option<&str>, file: &std::path::Path) -> ExitCode {
    use vqbot::store::{ChannelKey, Store};
    let channel = match channel.map(|c| (c, vqbot::cli::parse_channel(c))) {
        None => None,
        Some((_, Some(c))) => Some(ChannelKey::guild(c.guild, c.channel)),
        Some((c, None)) => {
            eprintln!("vqbot: `--channel {c}` is not a channel: give GUILD/CHANNEL (two numbers), `local` or a label");
            return ExitCode::from(2);
        }
    };
    let doc = std::fs::read(file)
        .map_err(|e| format!("{}: {e}", file.display()))
        .and_then(|b| {
            String::from_utf8(b)
                .map_err(|_| format!("{} is not a game export: not UTF-8 text", file.display()))
        })
        .and_then(|t| {
            serde_json::from_str(&t)
                .map_err(|e| format!("{} is not a game export: {e}", file.display()))
        });
    // Its metadata is checked, and it is replayed in memory first: a game that does not replay
    // (a tampered or damaged file, other rules) is refused before it can occupy a channel.
    let result = doc.and_then(|doc: vqbot::store::GameExport| {
        vqbot::cli::import::check(&doc).map_err(|problems| {
            format!(
                "{} was not imported:\n  {}",
                file.display(),
                problems.join("\n  ")
            )
        })?;
        let mut check = Store::open_in_memory().map_err(|e| e.to_string())?;
        let rec = check.import_game(&doc, None).map_err(|e| e.to_string())?;
        vqbot::store::verify::<vqbot::engine::Game>(&check, rec.id).map_err(|e| {
            format!(
                "{} does not replay, so nothing was imported: {e}",
                file.display()
            )
        })?;
        Store::open(db)
            .and_then(|mut s| s.import_game(&doc, channel))
            .map_err(|e| match e {
                vqbot::store::StoreError::ChannelBusy { .. } => format!(
                    "{e}; attach the import to another channel with --channel GUILD/CHANNEL \
                     (or a terminal channel label such as --channel 2)"
                ),
                e => e.to_string(),
            })
    });
    match result {
        Ok(rec) => {
            println!("imported into channel {} as game {}", rec.channel, rec.id.0);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vqbot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Replays game `id` up to action `at` and draws its map (or the VP chart of those actions).
fn render(
    db: &std::path::Path,
    id: i64,
    at: Option<u64>,
    chart: bool,
    closeup: bool,
    out: &std::path::Path,
) -> Result<String, String> {
    use vqbot::engine::Game;
    use vqbot::store::{GameId, Replayable};
    let store = open_existing(db)?;
    let record = store.game(GameId(id)).map_err(|e| e.to_string())?;
    let rs = vqbot::data::load(&vqbot::data::default_dir()).map_err(|p| {
        format!(
            "the game data does not load ({} problems; run check-data)",
            p.len()
        )
    })?;
    let locale = vqbot::locale::Locale::parse(&record.locale).unwrap_or_default();
    let mut game = <Game as Replayable>::start(&record)?;
    // VP by turn (issue 16, item 9): the chart's axis is turns, not action numbers.
    let mut points = vec![(game.turn, game.vp_totals(&rs))];
    let mut last = 0;
    // The board before the last action drawn: what the close-up compares with.
    let mut previous = game.board.clone();
    for a in store
        .actions_after(GameId(id), 0)
        .map_err(|e| e.to_string())?
    {
        let r = a.record;
        if at.is_some_and(|at| r.seq > at) {
            break;
        }
        previous = game.board.clone();
        game.apply_json(r.power.as_deref(), &r.action_json)
            .map_err(|e| format!("action {} does not replay: {e}", r.seq))?;
        last = r.seq;
        points.push((game.turn, game.vp_totals(&rs)));
    }
    let png = if closeup {
        // The first close-up: the region with the most changes.
        vqbot::table::render_public_update(&rs, &game, Some(&previous), locale)?
            .closeups
            .into_iter()
            .next()
            .ok_or_else(|| {
                format!("action {last} changed nothing on the map: there is no close-up to draw")
            })?
    } else if chart {
        let series = vqbot::render::vp_by_turn(&points);
        vqbot::render::render_vp_chart(&rs, &series, locale).map_err(|e| e.to_string())?
    } else {
        vqbot::table::render_public_map(&rs, &game, locale)?
    };
    std::fs::write(out, &png).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(format!(
        "game {id} after action {last}: {} written ({} bytes)",
        out.display(),
        png.len()
    ))
}
