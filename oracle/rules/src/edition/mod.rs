//! Rule editions. Each profile in `spec/editions/` is compiled into the
//! crate (see `build.rs`) and read once into a typed [`Ruleset`]; an
//! edition that `extends` another inherits every parameter it does not set
//! itself. A new edition is a new profile file and nothing else.

mod ruleset;

use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;
use serde_yaml::Value;

pub use ruleset::{
    Adjudication, BelowThreshold, BothForbiddenRanking, ChaseModel, ExchangeBasis,
    ExtraCyclesBeforeLoss, LimitReset, MaterialValues, MoveRuleViolation, MutualCheckResult,
    NaturalLimitRules, PerpetualCheckResult, RepetitionRules, Ruleset, SelfKill, StalemateResult,
    ViolationConsequence, ViolationThreshold,
};

include!(concat!(env!("OUT_DIR"), "/editions.rs"));

/// The edition used when none is named.
pub const DEFAULT: &str = "cxa-2020";

/// A rules edition: who issued it, and its typed parameters.
#[derive(Clone, Debug)]
pub struct Edition {
    /// The stable id, e.g. `cxa-2020` (the profile's file name).
    pub id: String,
    /// The name in English.
    pub name: String,
    /// The name in Chinese.
    pub name_zh: String,
    /// The body that issued it.
    pub body: String,
    /// The issuing body in Chinese.
    pub body_zh: String,
    /// The year of the edition.
    pub year: u32,
    /// Whether this is the edition used when none is named.
    pub default: bool,
    /// The edition whose parameters it inherits.
    pub extends: Option<String>,
    /// Its parameters, inherited ones included.
    pub rules: Ruleset,
    /// What is uncertain about it.
    pub notes: String,
}

impl Edition {
    /// The 棋例 parameters.
    pub fn repetition(&self) -> &RepetitionRules {
        &self.rules.repetition
    }

    /// The natural-limit parameters.
    pub fn natural_limit(&self) -> &NaturalLimitRules {
        &self.rules.natural_limit
    }
}

/// A profile that cannot be read: which file and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    /// The profile's file stem.
    pub file: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "spec/editions/{}.yaml: {}", self.file, self.message)
    }
}

impl std::error::Error for ProfileError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Profile {
    id: String,
    name: String,
    name_zh: String,
    body: String,
    body_zh: String,
    year: u32,
    default: bool,
    extends: Option<String>,
    parameters: Value,
    #[allow(dead_code)] // documentation for people; checked for shape only
    sources: Vec<Source>,
    notes: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Source {
    tag: String,
    gave: String,
    status: String,
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

/// Reads profiles given as (file stem, text): every problem is an error
/// naming the file. The editions come back with the default first, then
/// by year.
pub fn load_profiles(sources: &[(&str, &str)]) -> Result<Vec<Edition>, ProfileError> {
    let err = |file: &str, message: String| ProfileError {
        file: file.to_string(),
        message,
    };
    let mut profiles = Vec::new();
    for (file, text) in sources {
        let p: Profile = serde_yaml::from_str(text).map_err(|e| err(file, e.to_string()))?;
        if p.id != *file {
            return Err(err(
                file,
                format!("the id {:?} must be the file name", p.id),
            ));
        }
        profiles.push(p);
    }
    let mut editions = Vec::new();
    for p in &profiles {
        let mut chain = vec![p];
        while let Some(parent) = chain.last().and_then(|q| q.extends.as_ref()) {
            let q = profiles
                .iter()
                .find(|q| &q.id == parent)
                .ok_or_else(|| err(&p.id, format!("extends unknown edition {parent}")))?;
            if chain.iter().any(|c| c.id == q.id) {
                return Err(err(&p.id, "has an extends cycle".into()));
            }
            chain.push(q);
        }
        let ruleset = |chain: &[&Profile]| -> Result<Ruleset, ProfileError> {
            let parameters = chain
                .iter()
                .rev()
                .fold(Value::Mapping(Default::default()), |acc, q| {
                    merge(&acc, &q.parameters)
                });
            serde_yaml::from_value(parameters).map_err(|e| err(&p.id, format!("parameters: {e}")))
        };
        let rules = ruleset(&chain)?;
        if chain.len() > 1 {
            limit_may_be_lowered(&ruleset(&chain[1..])?, &rules)
                .map_err(|m| err(&p.id, format!("parameters: natural_limit: {m}")))?;
        }
        editions.push(Edition {
            id: p.id.clone(),
            name: p.name.clone(),
            name_zh: p.name_zh.clone(),
            body: p.body.clone(),
            body_zh: p.body_zh.clone(),
            year: p.year,
            default: p.default,
            extends: p.extends.clone(),
            rules,
            notes: p.notes.clone(),
        });
    }
    let defaults = editions.iter().filter(|e| e.default).count();
    if defaults != 1 {
        return Err(err(
            DEFAULT,
            format!("exactly one profile must be the default, not {defaults}"),
        ));
    }
    editions.sort_by(|a, b| (!a.default, a.year, &a.id).cmp(&(!b.default, b.year, &b.id)));
    Ok(editions)
}

/// A profile that extends an edition (an event's own rules, say) may lower
/// the natural limit's rounds only where that edition allows it
/// (`reducible`: 1999 and 2020 4.2.4, "可根据比赛等级酌减"), and never raise
/// them.
fn limit_may_be_lowered(base: &Ruleset, derived: &Ruleset) -> Result<(), String> {
    let (b, d) = (&base.natural_limit, &derived.natural_limit);
    if d.rounds > b.rounds {
        Err(format!(
            "rounds {} is more than the {} of the edition it extends",
            d.rounds, b.rounds
        ))
    } else if d.rounds < b.rounds && !b.reducible {
        Err(format!(
            "rounds {} is less than the {} of the edition it extends, which may not be reduced",
            d.rounds, b.rounds
        ))
    } else {
        Ok(())
    }
}

/// Every edition, the default first, then by year.
///
/// # Panics
/// Panics if a compiled-in profile is invalid; the crate's tests load every
/// profile, so a release never does.
pub fn all() -> &'static [Edition] {
    static EDITIONS: OnceLock<Vec<Edition>> = OnceLock::new();
    EDITIONS.get_or_init(|| load_profiles(SOURCES).unwrap_or_else(|e| panic!("{e}")))
}

/// The edition with this id.
pub fn get(id: &str) -> Option<&'static Edition> {
    all().iter().find(|e| e.id == id)
}

/// The ids of all editions, the default first.
pub fn ids() -> impl Iterator<Item = &'static str> {
    all().iter().map(|e| e.id.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_loads_and_the_default_comes_first() {
        let all = load_profiles(SOURCES).expect("every profile in spec/editions is valid");
        assert_eq!(all.len(), SOURCES.len());
        assert_eq!(all[0].id, DEFAULT);
        assert!(all[0].default && all[1..].iter().all(|e| !e.default));
        let ids: Vec<&str> = all.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]);
    }

    #[test]
    fn wxf_inherits_the_asian_parameters() {
        let axf = get("axf-2017").expect("axf");
        let wxf = get("wxf-2018").expect("wxf");
        assert_eq!(wxf.extends.as_deref(), Some("axf-2017"));
        assert_eq!(wxf.rules, axf.rules);
        assert_eq!(wxf.natural_limit().check_cap, Some(10));
        assert!(get("cxa-2020").unwrap().repetition().check_chase_forbidden);
        assert!(!axf.repetition().check_chase_forbidden);
    }

    fn with_parameter(key: &str, line: &str) -> String {
        let (_, text) = SOURCES.iter().find(|(f, _)| *f == DEFAULT).unwrap();
        text.replace(&format!("    {key}:"), &format!("    {line}\n    {key}:"))
    }

    #[test]
    fn a_misspelt_parameter_is_an_error_naming_it() {
        let text = with_parameter("occurrences", "ocurrences: 3");
        let e = load_profiles(&[(DEFAULT, &text)]).unwrap_err();
        assert_eq!(e.file, DEFAULT);
        assert!(e.message.contains("ocurrences"), "{e}");
    }

    #[test]
    fn a_missing_parameter_is_an_error() {
        let (_, text) = SOURCES.iter().find(|(f, _)| *f == DEFAULT).unwrap();
        let text: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("mutual_check:"))
            .collect::<Vec<_>>()
            .join("\n");
        let e = load_profiles(&[(DEFAULT, &text)]).unwrap_err();
        assert!(e.message.contains("mutual_check"), "{e}");
    }

    /// A profile for an event that extends `base` and sets its rounds.
    fn event_profile(base: &str, rounds: u32) -> String {
        format!(
            "id: event\nname: e\nname_zh: e\nbody: e\nbody_zh: e\nyear: 2024\n\
             default: false\nextends: {base}\nparameters:\n  natural_limit:\n    \
             rounds: {rounds}\nsources: []\nnotes: ''\n"
        )
    }

    #[test]
    fn an_event_may_lower_the_limit_only_where_the_edition_allows() {
        let source = |id: &str| SOURCES.iter().find(|(f, _)| *f == id).unwrap().1;
        let load = |base: &str, rounds: u32| {
            let event = event_profile(base, rounds);
            load_profiles(&[
                (DEFAULT, source(DEFAULT)),
                (base, source(base)),
                ("event", &event),
            ])
            .map(|all| {
                all.iter()
                    .find(|e| e.id == "event")
                    .unwrap()
                    .natural_limit()
                    .rounds
            })
        };
        // CXA 1999 4.2.4: 60 rounds, which an event may lower.
        assert_eq!(load("cxa-1999", 40), Ok(40));
        let raised = load("cxa-1999", 70).unwrap_err();
        assert!(raised.message.contains("more than the 60"), "{raised}");
        // The Asian rules' 50 rounds admit no reduction.
        let lowered = load("axf-2017", 40).unwrap_err();
        assert!(lowered.message.contains("may not be reduced"), "{lowered}");
        assert_eq!(load("axf-2017", 50), Ok(50));
    }

    #[test]
    fn extends_must_name_a_known_edition_and_not_loop() {
        let (_, text) = SOURCES.iter().find(|(f, _)| *f == "wxf-2018").unwrap();
        let e = load_profiles(&[("wxf-2018", text)]).unwrap_err();
        assert!(
            e.message.contains("extends unknown edition axf-2017"),
            "{e}"
        );
        let looped = text.replace("extends: axf-2017", "extends: wxf-2018");
        let e = load_profiles(&[("wxf-2018", &looped)]).unwrap_err();
        assert!(e.message.contains("cycle"), "{e}");
    }
}
