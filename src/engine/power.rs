//! The powers of the game and the small vocabulary types around them.
//!
//! Every enum here parses from and prints to the lower-case ids used in `map_data/`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An id string that names none of an enum's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{value}` is not a valid {what}; allowed: {allowed}")]
pub struct UnknownValue {
    /// What kind of value was expected ("power", "space type" …).
    pub what: &'static str,
    /// The text that was given.
    pub value: String,
    /// The allowed values, comma-separated.
    pub allowed: String,
}

/// Implements `as_str`, `ALL`, `FromStr`, `Display` and string serde for a fieldless enum.
macro_rules! id_enum {
    ($(#[$m:meta])* $name:ident, $what:literal, { $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum $name { $($(#[$vm])* $var),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            /// The lower-case id used in data files and commands.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $s),+ }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.as_str()) }
        }
        impl FromStr for $name {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, UnknownValue> {
                let t = s.trim();
                $name::ALL.iter().copied().find(|v| v.as_str().eq_ignore_ascii_case(t)).ok_or_else(|| UnknownValue {
                    what: $what,
                    value: t.to_string(),
                    allowed: $name::ALL.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(", "),
                })
            }
        }
    };
}

id_enum!(
    /// A major power. Declaration order is the impulse order.
    Power, "major power", {
        Ottoman = "ottoman", Spain = "spain", England = "england", France = "france",
        /// The Holy Roman Empire.
        Empire = "empire",
        /// One power with two factions, Huguenot and Dutch (R-PROT-FACTIONS).
        Protestant = "protestant",
    }
);

id_enum!(
    /// A minor power of Virgin Queen (R-SPACE-HOME).
    Minor, "minor power", {
        Ireland = "ireland", Papacy = "papacy", Portugal = "portugal", Scotland = "scotland", Venice = "venice",
    }
);

id_enum!(
    /// The two Protestant factions (R-PROT-FACTIONS).
    Faction, "Protestant faction", { Huguenot = "huguenot", Dutch = "dutch" }
);

id_enum!(
    /// Printed shape of a Europe space (R-MAP-SPACES). Capitals are keys with a flag.
    SpaceType, "space type", { Key = "key", Fortress = "fortress", Unfortified = "unfortified" }
);

id_enum!(
    /// Catholic or Protestant (R-REL-STATE).
    Religion, "religion", { Catholic = "catholic", Protestant = "protestant" }
);

id_enum!(
    /// The four zones of religious struggle, or none (R-REL-ZONES).
    ReligiousZone, "religious zone", {
        Netherlands = "netherlands", France = "france", England = "england", Scotland = "scotland", None = "none",
    }
);

id_enum!(
    /// Land connection kind.
    LinkKind, "connection kind", { Normal = "normal", Pass = "pass" }
);

id_enum!(
    /// Where a data row comes from (see `docs/data-format.md`).
    Source, "source", {
        Seed = "seed", His = "his", Reconstruction = "reconstruction", Placeholder = "placeholder",
        /// From the group's own copy of the game (written by `vqbot vassal data` from its module).
        Owner = "owner",
    }
);

// --- treasures (Virgin Queen 6.3)
id_enum!(
    /// A pool treasures are drawn from (`treasures.csv`); only the Portuguese one is known.
    TreasurePool, "treasure pool", { Portuguese = "portuguese" }
);

id_enum!(
    /// Diplomatic status between two major powers.
    Relation, "diplomatic status", { Peace = "peace", War = "war", Alliance = "alliance" }
);

impl SpaceType {
    /// Keys and fortresses are fortified (R-SPACE-FORTIFIED).
    pub fn is_fortified(self) -> bool {
        matches!(self, SpaceType::Key | SpaceType::Fortress)
    }
}

impl Religion {
    /// The other religion.
    pub fn other(self) -> Religion {
        match self {
            Religion::Catholic => Religion::Protestant,
            Religion::Protestant => Religion::Catholic,
        }
    }
}

/// Whoever can control a space or own a unit: a major, a minor, or nobody (independent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    /// A major power.
    Major(Power),
    /// A minor power.
    Minor(Minor),
    /// Independent (grey): no major or minor power.
    Independent,
}

/// The home of a space (R-SPACE-HOME): a major, a Protestant faction, a minor, or independent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Home {
    /// Home space of a major power other than the Protestant.
    Major(Power),
    /// Huguenot or Dutch home space: the Protestant's.
    Faction(Faction),
    /// Home space of a minor power.
    Minor(Minor),
    /// Independent space.
    Independent,
}

impl Home {
    /// The power whose home space this is, as a controller.
    pub fn owner(self) -> Owner {
        match self {
            Home::Major(p) => Owner::Major(p),
            Home::Faction(_) => Owner::Major(Power::Protestant),
            Home::Minor(m) => Owner::Minor(m),
            Home::Independent => Owner::Independent,
        }
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Owner::Major(p) => p.fmt(f),
            Owner::Minor(m) => m.fmt(f),
            Owner::Independent => f.write_str("independent"),
        }
    }
}

impl FromStr for Owner {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, UnknownValue> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("independent") {
            return Ok(Owner::Independent);
        }
        if let Ok(p) = t.parse() {
            return Ok(Owner::Major(p));
        }
        if let Ok(m) = t.parse() {
            return Ok(Owner::Minor(m));
        }
        Err(UnknownValue {
            what: "power",
            value: t.to_string(),
            allowed: owner_ids().join(", "),
        })
    }
}

fn owner_ids() -> Vec<&'static str> {
    let mut v: Vec<&str> = Power::ALL.iter().map(|p| p.as_str()).collect();
    v.extend(Minor::ALL.iter().map(|m| m.as_str()));
    v.push("independent");
    v
}

impl fmt::Display for Home {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Home::Major(p) => p.fmt(f),
            Home::Faction(x) => x.fmt(f),
            Home::Minor(m) => m.fmt(f),
            Home::Independent => f.write_str("independent"),
        }
    }
}

impl FromStr for Home {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, UnknownValue> {
        let t = s.trim();
        if let Ok(x) = t.parse::<Faction>() {
            return Ok(Home::Faction(x));
        }
        match t.parse::<Owner>() {
            Ok(Owner::Major(Power::Protestant)) | Err(_) => {
                let mut allowed: Vec<&str> = Power::ALL
                    .iter()
                    .filter(|p| **p != Power::Protestant)
                    .map(|p| p.as_str())
                    .collect();
                allowed.extend(["huguenot", "dutch"]);
                allowed.extend(Minor::ALL.iter().map(|m| m.as_str()));
                allowed.push("independent");
                Err(UnknownValue {
                    what: "home power",
                    value: t.to_string(),
                    allowed: allowed.join(", "),
                })
            }
            Ok(Owner::Major(p)) => Ok(Home::Major(p)),
            Ok(Owner::Minor(m)) => Ok(Home::Minor(m)),
            Ok(Owner::Independent) => Ok(Home::Independent),
        }
    }
}

/// Serde through the display/parse form, so JSON and data files use the same ids.
macro_rules! serde_via_str {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
serde_via_str!(Owner);
serde_via_str!(Home);

/// A set of major powers, as a bit set (cheap to copy and compare).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PowerSet(u8);

impl PowerSet {
    /// The empty set.
    pub const EMPTY: PowerSet = PowerSet(0);
    /// All six majors.
    pub fn all() -> PowerSet {
        Power::ALL.iter().copied().collect()
    }
    /// Adds a power.
    pub fn insert(&mut self, p: Power) {
        self.0 |= 1 << (p as u8);
    }
    /// Removes a power.
    pub fn remove(&mut self, p: Power) {
        self.0 &= !(1 << (p as u8));
    }
    /// Whether the set holds `p`.
    pub fn contains(self, p: Power) -> bool {
        self.0 & (1 << (p as u8)) != 0
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Number of powers in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The powers in impulse order.
    pub fn iter(self) -> impl Iterator<Item = Power> {
        Power::ALL
            .iter()
            .copied()
            .filter(move |p| self.contains(*p))
    }
}

impl FromIterator<Power> for PowerSet {
    fn from_iter<I: IntoIterator<Item = Power>>(it: I) -> Self {
        let mut s = PowerSet::EMPTY;
        for p in it {
            s.insert(p);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_reject_unknown_values() {
        for p in Power::ALL {
            assert_eq!(p.as_str().parse::<Power>(), Ok(*p));
        }
        assert_eq!(
            "Huguenot".parse::<Home>(),
            Ok(Home::Faction(Faction::Huguenot))
        );
        assert_eq!("venice".parse::<Owner>(), Ok(Owner::Minor(Minor::Venice)));
        let e = "hapsburg".parse::<Power>().unwrap_err();
        assert!(e.to_string().contains("hapsburg") && e.to_string().contains("ottoman"));
        assert!(
            "protestant".parse::<Home>().is_err(),
            "Protestant homes are per faction"
        );
    }

    #[test]
    fn power_set_keeps_impulse_order() {
        let s: PowerSet = [Power::Protestant, Power::Ottoman, Power::France]
            .into_iter()
            .collect();
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Power::Ottoman, Power::France, Power::Protestant]
        );
        assert_eq!(s.len(), 3);
    }
}
