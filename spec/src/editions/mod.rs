//! The rule editions, compiled in as constants: `build.rs` reads every
//! profile in `spec/editions/` with [`Profile`], resolves `extends`, and
//! writes each [`Edition`] with its typed [`Ruleset`]. A new edition is a
//! new profile file and nothing else; a file there that is not a valid
//! profile fails the build. [`read_dir`] reads another suite's profiles
//! the same way at run time.

mod load;
mod profile;
mod ruleset;

pub use load::{parse_profile, read_dir, EditionsError};
pub use profile::{resolve, Profile, ProfileError, Resolved, Source, DEFAULT};
pub use ruleset::{
    Adjudication, BelowThreshold, BothForbiddenRanking, ChaseModel, ExchangeBasis,
    ExtraCyclesBeforeLoss, LimitReset, MaterialValues, MoveRuleViolation, MutualCheckResult,
    NaturalLimitRules, PerpetualCheckResult, RepetitionRules, Ruleset, SelfKill, StalemateResult,
    ViolationConsequence, ViolationThreshold,
};

/// A rules edition: who issued it, and its typed parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edition {
    /// The stable id, e.g. `cxa-2020` (the profile's file name).
    pub id: &'static str,
    /// The name in English.
    pub name: &'static str,
    /// The name in Chinese.
    pub name_zh: &'static str,
    /// The body that issued it.
    pub body: &'static str,
    /// The issuing body in Chinese.
    pub body_zh: &'static str,
    /// The year of the edition.
    pub year: u32,
    /// Whether this is the edition used when none is named.
    pub default: bool,
    /// The edition whose parameters it inherits.
    pub extends: Option<&'static str>,
    /// Its parameters, inherited ones included.
    pub rules: Ruleset,
    /// What is uncertain about it.
    pub notes: &'static str,
}

impl Edition {
    /// The 棋例 parameters.
    #[must_use]
    pub fn repetition(&self) -> &RepetitionRules {
        &self.rules.repetition
    }

    /// The natural-limit parameters.
    #[must_use]
    pub fn natural_limit(&self) -> &NaturalLimitRules {
        &self.rules.natural_limit
    }
}

include!(concat!(env!("OUT_DIR"), "/editions.rs"));

/// Every edition, the default first, then by year.
#[must_use]
pub fn all() -> &'static [Edition] {
    EDITIONS
}

/// The edition with this id.
#[must_use]
pub fn get(id: &str) -> Option<&'static Edition> {
    EDITIONS.iter().find(|e| e.id == id)
}

/// The ids of all editions, the default first.
pub fn ids() -> impl Iterator<Item = &'static str> {
    EDITIONS.iter().map(|e| e.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_is_compiled_and_the_default_comes_first() {
        let ids: Vec<&str> = ids().collect();
        assert_eq!(ids, ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]);
        assert_eq!(all()[0].id, DEFAULT);
        assert!(all()[0].default && all()[1..].iter().all(|e| !e.default));
    }

    #[test]
    fn wxf_inherits_the_asian_parameters() {
        let axf = get("axf-2017").expect("axf");
        let wxf = get("wxf-2018").expect("wxf");
        assert_eq!(wxf.extends, Some("axf-2017"));
        assert_eq!(wxf.rules, axf.rules);
        assert_eq!(wxf.natural_limit().check_cap, Some(10));
        assert!(get("cxa-2020").unwrap().repetition().check_chase_forbidden);
        assert!(!axf.repetition().check_chase_forbidden);
    }
}
