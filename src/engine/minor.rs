//! Minor powers (R-SPACE-HOME, R-CONTROL-SET): Ireland, Papacy, Portugal, Scotland and Venice.
//!
//! A minor is inactive or allied with one major. Its activation is a diplomatic status, set at the
//! table with the `MinorAlly` adjustment (Virgin Queen resolves it with diplomatic influence,
//! whose tables are not known). An allied minor's home spaces count among its major's controlled
//! spaces (`Board::controls`), its units are friendly to that major, and it winters under
//! R-PROT-WINTER like the major's other allies.

use super::game::Game;
use super::power::{Minor, Owner, Power};
use super::ruleset::{Ruleset, SpaceId};

impl Game {
    /// The minors allied with `p`.
    pub fn minor_allies_of(&self, p: Power) -> Vec<Minor> {
        Minor::ALL
            .iter()
            .copied()
            .filter(|m| self.board.minor_ally(*m) == Some(p))
            .collect()
    }

    /// Home spaces of minors allied with `p` that the minor still controls: they count as `p`'s
    /// (R-CONTROL-SET).
    pub fn allied_minor_spaces(&self, rs: &Ruleset, p: Power) -> Vec<SpaceId> {
        self.minor_allies_of(p)
            .into_iter()
            .flat_map(|m| {
                rs.minor_homes(m)
                    .filter(move |s| self.board.controller(rs, *s) == Owner::Minor(m))
            })
            .collect()
    }
}
