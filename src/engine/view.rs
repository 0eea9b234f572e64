//! What one viewer may know: the public state, the viewer's own hand and secrets, never another
//! power's hand or secret, never the random generator.

use super::board::Board;
use super::event::PhaseName;
use super::game::{Awaiting, Game, Offer, Stage};
use super::power::Power;
use super::ruleset::{EmpireChoice, Ruleset};
use super::victory::VpBreakdown;
use serde::{Deserialize, Serialize};

/// Who is looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// A player, through one of their powers.
    Power(Power),
    /// Anyone else.
    Observer,
}

/// The state of the Empire's secret as a viewer may see it (R-HRE-SECRET).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum SecretView {
    /// Not chosen yet.
    Waiting,
    /// Chosen; only the commitment is shown.
    Chosen {
        /// sha256(choice|salt).
        commitment: String,
    },
    /// The Empire's own view of its choice before the reveal.
    Mine {
        /// The choice.
        choice: EmpireChoice,
        /// Its salt.
        salt: String,
        /// The commitment.
        commitment: String,
    },
    /// Revealed to all.
    Revealed {
        /// The choice.
        choice: EmpireChoice,
        /// Its salt.
        salt: String,
        /// The commitment.
        commitment: String,
    },
}

/// A viewer's view of the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Turn.
    pub turn: u8,
    /// Phase (none once over).
    pub phase: Option<PhaseName>,
    /// Who must act.
    pub awaiting: Awaiting,
    /// CP left in the current impulse.
    pub cp_left: Option<u8>,
    /// Powers in play.
    pub powers: Vec<Power>,
    /// The map (all public).
    pub board: Board,
    /// The viewer's own hand, if a player.
    pub hand: Option<Vec<u16>>,
    /// Cards in each hand, by power.
    pub hand_sizes: [usize; 6],
    /// Cards in the deck.
    pub deck_size: usize,
    /// The discard pile (public).
    pub discard: Vec<u16>,
    /// Cards out of the game.
    pub removed: Vec<u16>,
    /// VP by power.
    pub vp: Vec<(Power, VpBreakdown)>,
    /// Open diplomatic offers.
    pub offers: Vec<Offer>,
    /// The Empire's secret choice, as this viewer may see it.
    pub empire_secret: SecretView,
    /// Master of Central Europe held.
    pub master_of_central_europe: bool,
    /// Captured leaders and captors.
    pub captured: Vec<(String, Power)>,
    /// Settlement fortresses.
    pub world_fortresses: Vec<String>,
    /// Winners, once over.
    pub winners: Option<Vec<Power>>,
    /// Foreign wars under way: card, power, units on the card, foreign army (R-FW-*).
    #[serde(default)]
    pub foreign_wars: Vec<super::foreign_war::ForeignWar>,
    /// Protestant capitals on the turn track: the turn each was lost, Huguenot then Dutch.
    #[serde(default)]
    pub protestant_capitals_lost: [Option<u8>; 2],
    // --- land warfare
    /// Pending battle steps (all public), the top one last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<super::steps::Step>,
    /// Standing answers set by the powers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub standing: Vec<(Power, super::steps::Standing)>,
    // --- treasures (secret like hands: others see counts only)
    /// The viewer's own treasures (numbers), if a player.
    #[serde(default)]
    pub treasures: Option<Vec<u16>>,
    /// Treasures held, by power.
    #[serde(default)]
    pub treasure_counts: [usize; 6],
    /// Face-down treasures in the Portuguese row.
    #[serde(default)]
    pub portuguese_row: usize,
    /// Face-down treasures left in the pool.
    #[serde(default)]
    pub treasure_pool: usize,
    /// Spent treasures (public).
    #[serde(default)]
    pub spent_treasures: Vec<u16>,
}

impl Game {
    /// The game as `viewer` may see it.
    pub fn view(&self, rs: &Ruleset, viewer: Viewer) -> View {
        let seat = match viewer {
            Viewer::Power(p) => Some(p),
            Viewer::Observer => None,
        };
        let empire_secret = match (&self.empire.secret, &self.empire.commitment) {
            (Some((choice, salt)), Some(c)) if self.empire.revealed => SecretView::Revealed {
                choice: *choice,
                salt: salt.clone(),
                commitment: c.clone(),
            },
            (Some((choice, salt)), Some(c)) if seat == Some(Power::Empire) => SecretView::Mine {
                choice: *choice,
                salt: salt.clone(),
                commitment: c.clone(),
            },
            (_, Some(c)) => SecretView::Chosen {
                commitment: c.clone(),
            },
            _ => SecretView::Waiting,
        };
        let offers = match &self.stage {
            Stage::Diplomacy { offers, .. } => offers.clone(),
            _ => Vec::new(),
        };
        View {
            turn: self.turn,
            phase: self.phase(),
            awaiting: self.awaiting(),
            cp_left: match self.stage {
                Stage::Cp { cp, .. } => Some(cp),
                _ => None,
            },
            powers: self.powers.iter().collect(),
            board: self.board.clone(),
            hand: seat.map(|p| self.hands[p as usize].clone()),
            hand_sizes: std::array::from_fn(|i| self.hands[i].len()),
            deck_size: self.deck.len(),
            discard: self.discard.clone(),
            removed: self.removed.clone(),
            vp: self.powers.iter().map(|p| (p, self.vp(rs, p))).collect(),
            offers,
            empire_secret,
            master_of_central_europe: self.empire.master,
            captured: self.captured.clone(),
            world_fortresses: self.world_fortresses.clone(),
            winners: match &self.stage {
                Stage::Over { winners, .. } => Some(winners.clone()),
                _ => None,
            },
            foreign_wars: self.wars.clone(),
            protestant_capitals_lost: self.protestant.capital_lost,
            steps: self.steps.clone(),
            standing: self.standing.clone(),
            treasures: seat.map(|p| self.treasures.held[p as usize].clone()),
            treasure_counts: std::array::from_fn(|i| self.treasures.held[i].len()),
            portuguese_row: self.treasures.row.len(),
            treasure_pool: self.treasures.pool.len(),
            spent_treasures: self.treasures.spent.clone(),
        }
    }
}
