//! Reading states of an older state format (games and position files written before a change).
//!
//! Format 1 (vqbot 0.5 to 0.6) kept four questions on the [`Stage`] (a foreign war's sending,
//! the Huguenot capital move, a natural 6 in a conversion, the Protestant's winter leaders) and
//! marked pending winter ports with a flag; format 2 keeps every question on the decision stack
//! ([`Step`]) and Winter as [`Stage::Winter`] with its frame. [`read_state`] reads either;
//! [`lift_format_1`] is the one place that maps the old shape onto the new one, for the store's
//! JSON and for position files alike.

use super::game::{Game, Stage, STATE_FORMAT};
use super::power::Power;
use super::ruleset::SpaceId;
use super::steps::{Step, WinterPhase};
use serde::Deserialize;

/// A question format 1 kept on the stage.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum Format1Question {
    /// The struck power sends units to a foreign war (R-FW-DEPLOY).
    SendToWar {
        /// The struck power.
        power: Power,
        /// The war's card.
        card: u16,
        /// Who played the event.
        played_by: Power,
    },
    /// The Protestant may move its Huguenot capital (R-PROT-CAPITAL).
    HuguenotCapital {
        /// Who played the event.
        played_by: Power,
    },
    /// A conversion attempt rolled a natural 6 (X-REL-SIX).
    ConversionSix {
        /// The roller.
        power: Power,
        /// The attempt's space.
        space: SpaceId,
        /// The attempt's modifier.
        modifier: i8,
        /// CP left after the attempt.
        cp: u8,
    },
    /// The Protestant's leaders at the start of Winter (R-PROT-LEADERS); format 1 also left
    /// this stage in place for the rest of that Winter.
    WinterLeaders,
}

/// Maps format 1's shape onto the current one: `question` (the stage format 1 had, if it was
/// a question) goes onto the stack, pending winter ports become the Winter frame's first phase,
/// and a game with a Winter frame is in [`Stage::Winter`]. `stage` is what the state had
/// otherwise; returns the stage to keep.
pub fn lift_format_1(
    stage: Stage,
    question: Option<Format1Question>,
    winter_ports_pending: bool,
    steps: &mut Vec<Step>,
) -> Stage {
    let has_winter = |steps: &[Step]| steps.iter().any(|s| matches!(s, Step::Winter { .. }));
    let mut stage = match question {
        None => stage,
        Some(Format1Question::SendToWar {
            power,
            card,
            played_by,
        }) => {
            steps.push(Step::SendToWar(super::foreign_war::SendToWar {
                power,
                card,
                played_by,
            }));
            Stage::Impulse {
                power: played_by,
                passes: 0,
            }
        }
        Some(Format1Question::HuguenotCapital { played_by }) => {
            steps.push(Step::HuguenotCapital(super::protestant::HuguenotCapital {
                played_by,
            }));
            Stage::Impulse {
                power: played_by,
                passes: 0,
            }
        }
        Some(Format1Question::ConversionSix {
            power,
            space,
            modifier,
            cp,
        }) => {
            steps.push(Step::ConversionSix(super::religion::ConversionSix {
                power,
                space,
                modifier,
            }));
            Stage::Cp { power, cp }
        }
        Some(Format1Question::WinterLeaders) => {
            // Still asked only if Winter had not begun its frame.
            if !has_winter(steps) {
                steps.push(Step::Winter {
                    phase: WinterPhase::Start,
                });
                steps.push(Step::WithdrawLeaders(super::protestant::WithdrawLeaders {
                    power: Power::Protestant,
                }));
            }
            Stage::Winter
        }
    };
    if winter_ports_pending && !has_winter(steps) {
        steps.insert(
            0,
            Step::Winter {
                phase: WinterPhase::Ports,
            },
        );
    }
    if has_winter(steps) {
        stage = Stage::Winter;
    }
    stage
}

/// Reads a stored state of any format this version knows; returns it in the current format
/// with the format it was written in.
pub fn read_state(json: &str) -> Result<(Game, u32), serde_json::Error> {
    let mut v: serde_json::Value = serde_json::from_str(json)?;
    let format = v
        .get("format")
        .and_then(serde_json::Value::as_u64)
        .map_or(1, |f| f as u32);
    if format >= STATE_FORMAT {
        return Ok((serde_json::from_value(v)?, format));
    }
    let question = v
        .get("stage")
        .and_then(|s| Format1Question::deserialize(s).ok());
    if question.is_some() {
        // Any stage of the current shape; `lift_format_1` sets the right one.
        v["stage"] = serde_json::json!({ "stage": "winter" });
    }
    let ports = v
        .get_mut("naval")
        .and_then(serde_json::Value::as_object_mut)
        .and_then(|n| n.remove("winter_pending"))
        .and_then(|p| p.as_bool())
        .unwrap_or(false);
    let mut g: Game = serde_json::from_value(v)?;
    g.stage = lift_format_1(g.stage.clone(), question, ports, &mut g.steps);
    g.format = STATE_FORMAT;
    Ok((g, format))
}

/// SHA-256 of a stored state's text, hex: for a state of an older format, the hash its log
/// recorded (the current format's [`Game::state_hash`] differs).
pub fn stored_hash(json: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(json.as_bytes()))
}
