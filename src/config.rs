//! The bot's configuration: `vqbot.toml` (all keys optional) plus the `DISCORD_TOKEN` variable.
//! See `config.example.toml`.

use serde::Deserialize;
use std::path::{Path, PathBuf};

use crate::store::Durability;

/// Settings read from the configuration file.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// A file holding the bot token (used when `DISCORD_TOKEN` is not set).
    #[serde(default)]
    pub token_file: Option<PathBuf>,
    /// The SQLite database.
    #[serde(default = "default_database")]
    pub database: PathBuf,
    /// Default locale of new games: `en` or `ru`.
    #[serde(default = "default_locale")]
    pub locale: String,
    /// A guild for instant command registration while developing.
    #[serde(default)]
    pub dev_guild: Option<u64>,
    /// The game-data folder.
    #[serde(default)]
    pub data_dir: Option<PathBuf>,
    /// How commits reach the disk: `group` (default), `full` or `normal`; see [`Durability`].
    #[serde(default)]
    pub durability: Durability,
    /// The gateway shards this process runs, as `FIRST-LAST/TOTAL` (e.g. `0-1/4`); unset: all
    /// of them, as many as Discord recommends. Each process needs its own database.
    #[serde(default)]
    pub shards: Option<String>,
}

fn default_database() -> PathBuf {
    PathBuf::from("vqbot.sqlite3")
}

fn default_locale() -> String {
    "en".to_string()
}

impl Default for Config {
    fn default() -> Self {
        Config {
            token_file: None,
            database: default_database(),
            locale: default_locale(),
            dev_guild: None,
            data_dir: None,
            durability: Durability::default(),
            shards: None,
        }
    }
}

/// Why the configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file exists but cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has unknown keys.
    #[error("{path} is not a valid configuration: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A bad value.
    #[error("{0}")]
    Invalid(String),
}

impl Config {
    /// Reads `path`; a missing file gives the defaults.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Config::default()),
            Err(source) => {
                return Err(ConfigError::Read {
                    path: path.to_path_buf(),
                    source,
                })
            }
        };
        Config::parse(&text).map_err(|message| ConfigError::Parse {
            path: path.to_path_buf(),
            message,
        })
    }

    /// Parses TOML text.
    pub fn parse(text: &str) -> Result<Config, String> {
        let c: Config = toml::from_str(text).map_err(|e| e.to_string())?;
        if !matches!(c.locale.as_str(), "en" | "ru") {
            return Err(format!(
                "locale `{}` is not supported; use \"en\" or \"ru\"",
                c.locale
            ));
        }
        Ok(c)
    }

    /// The token: `DISCORD_TOKEN` if set and not empty, else the `token_file`'s trimmed contents.
    /// `Ok(None)` when neither is given.
    pub fn token(&self) -> Result<Option<String>, ConfigError> {
        if let Ok(t) = std::env::var("DISCORD_TOKEN") {
            let t = t.trim().to_string();
            if !t.is_empty() {
                return Ok(Some(t));
            }
        }
        let Some(path) = &self.token_file else {
            return Ok(None);
        };
        let t = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.clone(),
            source,
        })?;
        let t = t.trim().to_string();
        if t.is_empty() {
            return Err(ConfigError::Invalid(format!(
                "the token file {} is empty",
                path.display()
            )));
        }
        Ok(Some(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_config_parses_and_defaults_apply() {
        let example = include_str!("../config.example.toml");
        let c = Config::parse(example).expect("the shipped example is valid");
        assert_eq!(c.database, PathBuf::from("vqbot.sqlite3"));
        assert_eq!(c, Config::default());
        let e = Config::parse("locale = \"fr\"").expect_err("unsupported locale");
        assert!(e.contains("fr") && e.contains("\"ru\""), "{e}");
        let e = Config::parse("databse = \"x\"").expect_err("typo");
        assert!(e.contains("databse"), "{e}");
        assert_eq!(c.durability, Durability::Group);
        let full = Config::parse("durability = \"full\"").expect("full");
        assert_eq!(full.durability, Durability::Full);
        let e = Config::parse("durability = \"fast\"").expect_err("unknown mode");
        assert!(e.contains("fast") && e.contains("group"), "{e}");
    }
}
