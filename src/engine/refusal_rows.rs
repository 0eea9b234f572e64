//! The table form of a refusal enum: one row per variant carries its fields, its short id, the
//! rule it enforces and a sample, and [`refusal_rows!`] makes from the rows the enum and its
//! `id`, `rule`, `samples`, `ids` and terse text. So a new refusal is one row, and the
//! catalogue's completeness tests list the variants through `ids`/`samples`, not by reading
//! source text.

use super::power::{Faction, Minor, Owner, Power, Relation, Religion, ReligiousZone};
use super::ruleset::{CardKind, Ruleset, SpaceId};

/// One field of a refusal in the terse text for logs: spaces by data id when a ruleset is at
/// hand, everything else by its debug form.
pub trait TerseArg {
    /// The field's text.
    fn terse(&self, rs: Option<&Ruleset>) -> String;
}

impl TerseArg for SpaceId {
    fn terse(&self, rs: Option<&Ruleset>) -> String {
        match rs.and_then(|r| r.spaces.get(self.idx())) {
            Some(sp) => sp.id.clone(),
            None => format!("#{}", self.0),
        }
    }
}

impl TerseArg for super::refusal::Place {
    fn terse(&self, rs: Option<&Ruleset>) -> String {
        match self {
            super::refusal::Place::Space(s) => s.terse(rs),
            super::refusal::Place::World(w) => {
                match rs.and_then(|r| r.world.get(usize::from(*w))) {
                    Some(el) => el.id.clone(),
                    None => format!("world #{w}"),
                }
            }
        }
    }
}

impl TerseArg for super::refusal::LandCount {
    fn terse(&self, _: Option<&Ruleset>) -> String {
        format!("{}r/{}m/{}c", self.regulars, self.mercenaries, self.cavalry)
    }
}

impl TerseArg for String {
    fn terse(&self, _: Option<&Ruleset>) -> String {
        self.clone()
    }
}

impl TerseArg for &'static str {
    fn terse(&self, _: Option<&Ruleset>) -> String {
        (*self).to_string()
    }
}

impl<T: TerseArg> TerseArg for Option<T> {
    fn terse(&self, rs: Option<&Ruleset>) -> String {
        self.as_ref()
            .map_or_else(|| "-".to_string(), |x| x.terse(rs))
    }
}

impl<T: TerseArg> TerseArg for Vec<T> {
    fn terse(&self, rs: Option<&Ruleset>) -> String {
        let parts: Vec<String> = self.iter().map(|x| x.terse(rs)).collect();
        format!("[{}]", parts.join(", "))
    }
}

impl<A: TerseArg, B: TerseArg> TerseArg for (A, B) {
    fn terse(&self, rs: Option<&Ruleset>) -> String {
        format!("{} + {}", self.0.terse(rs), self.1.terse(rs))
    }
}

/// Fields written by their debug form.
macro_rules! terse_by_debug {
    ($($t:ty),* $(,)?) => {
        $(impl TerseArg for $t {
            fn terse(&self, _: Option<&Ruleset>) -> String {
                format!("{self:?}")
            }
        })*
    };
}

terse_by_debug!(
    bool,
    i8,
    u8,
    u16,
    u32,
    Power,
    Minor,
    Relation,
    Faction,
    Owner,
    Religion,
    ReligiousZone,
    CardKind,
    super::action::ActionKind,
    super::refusal::CpUse,
    super::refusal::FortifiedFor,
    super::religion::ReligionAction,
    super::espionage::SpyEffect,
    super::event::PhaseName,
    super::game::Decision,
    super::marriage::RoyalStatus,
    super::piracy::PiracyReward,
    super::influence::Courted,
);

/// Makes a refusal enum from rows. A row is the variant (its doc comments, name and fields),
/// then `=> "id"`, optionally `rule "RULE-ID"` (or `rule_by f`, where `f(fields…)` gives the rule
/// when it depends on a field), then one or more `sample { field: value, … }`
/// (values may use the sample arguments of the calling module), optionally `terse f` where
/// `f(rs, fields…)` writes the terse detail (by default the fields' [`TerseArg`] texts, joined).
/// After the enum, `wrap Variant(Inner);` adds a variant wrapping another enum made the same way.
macro_rules! refusal_rows {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident {
            $(
                $(#[$vmeta:meta])*
                $Variant:ident $({ $($field:ident : $fty:ty),* $(,)? })?
                    => $id:literal
                    $(rule $rule:literal)?
                    $(rule_by $rule_by:ident)?
                    $(sample $({ $($sf:ident : $sv:expr),* $(,)? })?)+
                    $(terse $terse:path)? ;
            )*
        }
        $(wrap $DVariant:ident($Inner:ty);)?
    ) => {
        $(#[$meta])*
        $vis enum $Enum {
            $(
                $(#[$vmeta])*
                $Variant $({ $($field : $fty),* })?,
            )*
            $(
                /// A refusal of its own module, wrapped.
                $DVariant($Inner),
            )?
        }

        impl $Enum {
            /// A short id naming the variant (`not_adjacent`), for logs and completeness checks.
            pub fn id(&self) -> &'static str {
                match self {
                    $($Enum::$Variant { .. } => $id,)*
                    $($Enum::$DVariant(r) => r.id(),)?
                }
            }

            /// The rule ID the refusal enforces, if it enforces a named rule.
            #[allow(unused_variables)]
            pub fn rule(&self) -> Option<&'static str> {
                match self {
                    $($Enum::$Variant $({ $($field),* })? => {
                        refusal_rows!(@rule [$($rule)?] [$($rule_by)?] [$($($field),*)?])
                    })*
                    $($Enum::$DVariant(r) => r.rule(),)?
                }
            }

            /// The ids of every variant, wrapped ones included, in table order.
            pub fn ids() -> Vec<&'static str> {
                #[allow(unused_mut)]
                let mut v = vec![$($id),*];
                $(v.extend(<$Inner>::ids());)?
                v
            }

            /// At least one refusal of every variant, for tests of the catalogue.
            #[doc(hidden)]
            pub fn samples() -> Vec<$Enum> {
                #[allow(unused_mut)]
                let mut v = vec![$($($Enum::$Variant $({ $($sf: $sv),* })?,)+)*];
                $(v.extend(<$Inner>::samples().into_iter().map($Enum::$DVariant));)?
                v
            }

            /// The terse detail of the refusal's fields, for logs.
            #[allow(unused_variables)]
            pub(crate) fn terse_detail(&self, rs: Option<&Ruleset>) -> String {
                match self {
                    $($Enum::$Variant $({ $($field),* })? => {
                        refusal_rows!(@terse rs, [$($terse)?], [$($($field),*)?])
                    })*
                    $($Enum::$DVariant(r) => r.terse_detail(rs),)?
                }
            }
        }
    };
    (@rule [] [] [$($field:ident),*]) => { None };
    (@rule [$r:literal] [] [$($field:ident),*]) => { Some($r) };
    (@rule [] [$f:ident] [$($field:ident),*]) => { $f($($field),*) };
    (@terse $rs:ident, [], [$($field:ident),*]) => {{
        let parts: Vec<String> = vec![$($crate::engine::refusal_rows::TerseArg::terse($field, $rs)),*];
        parts.join(", ")
    }};
    (@terse $rs:ident, [$terse:path], [$($field:ident),*]) => {
        $terse($rs, $($field),*)
    };
}

pub(crate) use refusal_rows;
