//! A profile file (`spec/editions/ID.yaml`) as written, and how profiles
//! resolve into editions: one that `extends` another inherits every
//! parameter it does not set itself. `build.rs` compiles the crate's own
//! profiles with this; the harness reads a suite's profiles with it.

use std::fmt;

use serde::Deserialize;
use serde_json::Value;

use super::ruleset::Ruleset;

/// One profile file, as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The stable id, which must be the file name (`cxa-2020`).
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
    /// Its own parameters (a mapping; the inherited ones are merged in by
    /// [`resolve`]).
    pub parameters: Value,
    /// Where the values come from; documentation for people.
    pub sources: Vec<Source>,
    /// What is uncertain about it.
    pub notes: String,
}

/// One source of a profile.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// A short tag (`CXA20-PDF`).
    pub tag: String,
    /// What it gave.
    pub gave: String,
    /// How far it is verified (`[V]`, `[S]`, `[U]`).
    pub status: String,
}

/// A profile with its parameters resolved.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The profile as written.
    pub profile: Profile,
    /// Its parameters, inherited ones included.
    pub rules: Ruleset,
}

/// A profile that cannot be used: which file and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    /// The profile's file stem.
    pub file: String,
    /// The top-level key the problem is under (`id`, `extends`,
    /// `parameters`, `default`), so that a reader of the file can place it.
    pub key: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "spec/editions/{}.yaml: {}", self.file, self.message)
    }
}

impl std::error::Error for ProfileError {}

/// The edition id used when none is named.
pub const DEFAULT: &str = "cxa-2020";

/// Overlays `top` on `base`, key by key for nested mappings.
fn merge(base: &Value, top: &Value) -> Value {
    match (base, top) {
        (Value::Object(b), Value::Object(t)) => {
            let mut out = b.clone();
            for (k, v) in t {
                let merged = match b.get(k) {
                    Some(bv) => merge(bv, v),
                    None => v.clone(),
                };
                out.insert(k.clone(), merged);
            }
            Value::Object(out)
        }
        _ => top.clone(),
    }
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

/// Resolves profiles given as (file stem, profile as read): every problem
/// is an error naming the file. The editions come back with the default
/// first, then by year and id.
pub fn resolve(profiles: Vec<(String, Profile)>) -> Result<Vec<Resolved>, ProfileError> {
    let err = |file: &str, key: &'static str, message: String| ProfileError {
        file: file.to_string(),
        key,
        message,
    };
    for (file, p) in &profiles {
        if p.id != *file {
            return Err(err(
                file,
                "id",
                format!("the id {:?} must be the file name", p.id),
            ));
        }
    }
    let profiles: Vec<Profile> = profiles.into_iter().map(|(_, p)| p).collect();
    let mut editions = Vec::new();
    for p in &profiles {
        let mut chain = vec![p];
        while let Some(parent) = chain.last().and_then(|q| q.extends.as_ref()) {
            let q = profiles.iter().find(|q| &q.id == parent).ok_or_else(|| {
                err(
                    &p.id,
                    "extends",
                    format!("extends unknown edition {parent}"),
                )
            })?;
            if chain.iter().any(|c| c.id == q.id) {
                return Err(err(&p.id, "extends", "has an extends cycle".into()));
            }
            chain.push(q);
        }
        let ruleset = |chain: &[&Profile]| -> Result<Ruleset, ProfileError> {
            let parameters = chain
                .iter()
                .rev()
                .fold(Value::Object(Default::default()), |acc, q| {
                    merge(&acc, &q.parameters)
                });
            serde_json::from_value(parameters)
                .map_err(|e| err(&p.id, "parameters", format!("parameters: {e}")))
        };
        let rules = ruleset(&chain)?;
        if chain.len() > 1 {
            limit_may_be_lowered(&ruleset(&chain[1..])?, &rules).map_err(|m| {
                err(
                    &p.id,
                    "parameters",
                    format!("parameters: natural_limit: {m}"),
                )
            })?;
        }
        editions.push(Resolved {
            profile: p.clone(),
            rules,
        });
    }
    let defaults: Vec<&str> = editions
        .iter()
        .filter(|e| e.profile.default)
        .map(|e| e.profile.id.as_str())
        .collect();
    if defaults.len() != 1 {
        // Placed at the second default, or (none) at the first profile.
        let at = defaults
            .get(1)
            .copied()
            .or(editions.first().map(|e| e.profile.id.as_str()))
            .unwrap_or(DEFAULT);
        let defaults = defaults.len();
        return Err(err(
            at,
            "default",
            format!("exactly one profile must be the default, not {defaults}"),
        ));
    }
    editions.sort_by(|a, b| {
        let key = |e: &Resolved| (!e.profile.default, e.profile.year, e.profile.id.clone());
        key(a).cmp(&key(b))
    });
    Ok(editions)
}
