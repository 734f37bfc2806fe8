//! Rules editions. The profiles are data in `spec/editions/`, compiled into
//! the oracle; an edition that `extends` another inherits every parameter it
//! does not set itself.

use std::sync::OnceLock;

use serde::Deserialize;
use serde_yaml::Value;

/// The edition used when none is named.
pub const DEFAULT: &str = "cxa-2020";

/// The profile files, in the order editions are listed.
const SOURCES: [(&str, &str); 4] = [
    (
        "cxa-2020",
        include_str!("../../../spec/editions/cxa-2020.yaml"),
    ),
    (
        "cxa-1999",
        include_str!("../../../spec/editions/cxa-1999.yaml"),
    ),
    (
        "axf-2017",
        include_str!("../../../spec/editions/axf-2017.yaml"),
    ),
    (
        "wxf-2018",
        include_str!("../../../spec/editions/wxf-2018.yaml"),
    ),
];

/// An edition profile with its parameters resolved through `extends`.
#[derive(Clone, Debug)]
pub struct Edition {
    pub id: String,
    pub name: String,
    pub name_zh: String,
    pub body: String,
    pub body_zh: String,
    pub year: u32,
    pub default: bool,
    pub extends: Option<String>,
    /// The effective parameters (inherited ones merged in).
    pub parameters: Value,
    pub notes: String,
}

#[derive(Deserialize)]
struct Profile {
    id: String,
    name: String,
    name_zh: String,
    body: String,
    body_zh: String,
    year: u32,
    default: bool,
    extends: Option<String>,
    #[serde(default)]
    parameters: Value,
    #[serde(default)]
    notes: String,
}

/// Overlays `top` on `base`, key by key for nested mappings.
fn merge(base: &Value, top: &Value) -> Value {
    match (base, top) {
        (Value::Mapping(b), Value::Mapping(t)) => {
            let mut out = b.clone();
            for (k, v) in t {
                let merged = match b.get(k) {
                    Some(bv) => merge(bv, v),
                    None => v.clone(),
                };
                out.insert(k.clone(), merged);
            }
            Value::Mapping(out)
        }
        _ => top.clone(),
    }
}

fn load() -> Vec<Edition> {
    let profiles: Vec<Profile> = SOURCES
        .iter()
        .map(|(file, text)| {
            let p: Profile = serde_yaml::from_str(text)
                .unwrap_or_else(|e| panic!("spec/editions/{file}.yaml is invalid: {e}"));
            assert_eq!(
                &p.id, file,
                "an edition profile's id must match its file name"
            );
            p
        })
        .collect();
    let resolve = |p: &Profile| -> Value {
        let mut chain = vec![p];
        while let Some(parent) = chain.last().and_then(|q| q.extends.as_ref()) {
            let q = profiles
                .iter()
                .find(|q| &q.id == parent)
                .unwrap_or_else(|| panic!("edition {} extends unknown edition {parent}", p.id));
            assert!(
                chain.len() < SOURCES.len(),
                "edition {} has an extends cycle",
                p.id
            );
            chain.push(q);
        }
        chain
            .iter()
            .rev()
            .fold(Value::Mapping(Default::default()), |acc, q| {
                merge(&acc, &q.parameters)
            })
    };
    profiles
        .iter()
        .map(|p| Edition {
            id: p.id.clone(),
            name: p.name.clone(),
            name_zh: p.name_zh.clone(),
            body: p.body.clone(),
            body_zh: p.body_zh.clone(),
            year: p.year,
            default: p.default,
            extends: p.extends.clone(),
            parameters: resolve(p),
            notes: p.notes.clone(),
        })
        .collect()
}

/// Every edition, the default first.
pub fn all() -> &'static [Edition] {
    static EDITIONS: OnceLock<Vec<Edition>> = OnceLock::new();
    EDITIONS.get_or_init(load)
}

/// The edition with this id.
pub fn get(id: &str) -> Option<&'static Edition> {
    all().iter().find(|e| e.id == id)
}

/// The ids of all editions, the default first.
pub fn ids() -> impl Iterator<Item = &'static str> {
    all().iter().map(|e| e.id.as_str())
}

/// How a both-forbidden repetition is decided.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum BothForbiddenRanking {
    /// CXA 2020 26.9: a side whose every move is a heavy attack must vary
    /// against a side whose cycle has a lighter forbidden move.
    #[serde(rename = "cxa-26.9")]
    Cxa26_9,
    /// Only one-sided perpetual check loses; otherwise a draw.
    CheckBeatsChase,
}

/// Which offers count as 兑 (exchange offers).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ExchangeBasis {
    /// Only with a piece of the same kind (CXA 2020 24.4).
    SameType,
    /// With a piece of equal value (CXA 1999 28.5).
    EqualValue,
    /// Each side can take the other (Asian rules).
    MutualCapture,
}

/// Which protected targets can be chased.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ProtectedTargetChase {
    /// A chase whenever the complete exchange wins material (CXA).
    NetGain,
    /// Only a horse or cannon attacking a protected rook (Asian rules).
    RookByHorseOrCannonOnly,
}

/// The 棋例 parameters of an edition (`parameters.repetition`), each
/// documented in `spec/EDITIONS.md`. A parameter the profile leaves open
/// (`null`) takes the value the issue of the rule text suggests, noted per
/// field.
#[derive(Clone, Debug, Deserialize)]
pub struct RepetitionRules {
    /// Occurrences of the position that make a 待判局面.
    pub occurrences: u32,
    pub perpetual_kill_forbidden: bool,
    pub check_kill_forbidden: bool,
    pub check_chase_forbidden: bool,
    pub kill_chase_forbidden: bool,
    pub threat_to_win_by_check_is_chase: bool,
    pub one_chases_two_forbidden: bool,
    pub multi_chase_one_forbidden: bool,
    pub protected_target_chase: ProtectedTargetChase,
    pub under_protected_counts_as_unprotected: bool,
    /// The king's and pawns' own attacks are 闲 (idle).
    pub king_pawn_alone_chase_allowed: bool,
    /// A king or pawn move that lets another piece attack, or a king or
    /// pawn attacking together with another piece, is 捉.
    pub king_pawn_joint_chase_is_chase: bool,
    /// A pawn's threat is a chase after all when its capture would give
    /// check (CXA 2020 26.8).
    #[serde(default)]
    pub pawn_capture_with_check_is_chase: bool,
    /// Open (`null`) for CXA 2020: taken as the 1999 rule, which the rule
    /// text for 2020 is believed to keep.
    #[serde(default)]
    pub pawn_chase_in_mutual_attack_is_chase: Option<bool>,
    pub unpromoted_pawn_chasable: bool,
    pub exchange_offer_basis: ExchangeBasis,
    /// 26.2: incidental attacks on advisors and elephants by a side holding
    /// a drawing point are 闲. Taken to apply when that side has a single
    /// attacking piece (the condition is not in our 2020 text). `null`: no
    /// such rule.
    #[serde(default)]
    pub drawing_point_attacks_idle: Option<bool>,
    /// Threats created by the king's answer to a check are 闲.
    pub king_check_answer_threats_idle: bool,
    pub both_forbidden_ranking: BothForbiddenRanking,
}

impl Edition {
    /// The typed 棋例 parameters.
    pub fn repetition(&self) -> RepetitionRules {
        serde_yaml::from_value(self.parameters["repetition"].clone())
            .unwrap_or_else(|e| panic!("edition {}: bad repetition parameters: {e}", self.id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_one_default_and_it_is_listed_first() {
        let defaults: Vec<_> = all()
            .iter()
            .filter(|e| e.default)
            .map(|e| e.id.as_str())
            .collect();
        assert_eq!(defaults, [DEFAULT]);
        assert_eq!(all()[0].id, DEFAULT);
    }

    #[test]
    fn every_edition_has_typed_repetition_parameters() {
        for e in all() {
            assert_eq!(e.repetition().occurrences, 3, "{}", e.id);
        }
        assert!(get("cxa-2020").unwrap().repetition().check_chase_forbidden);
        assert!(!get("axf-2017").unwrap().repetition().check_chase_forbidden);
    }

    #[test]
    fn wxf_inherits_the_asian_parameters() {
        let axf = get("axf-2017").expect("axf");
        let wxf = get("wxf-2018").expect("wxf");
        assert_eq!(wxf.extends.as_deref(), Some("axf-2017"));
        assert_eq!(wxf.parameters["repetition"], axf.parameters["repetition"]);
        assert_eq!(
            wxf.parameters["natural_limit"]["check_cap"],
            Value::from(10)
        );
    }
}
