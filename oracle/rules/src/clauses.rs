//! The clause registry (`spec/clauses.yaml`), compiled in so that rulings
//! can cite the clauses and articles they rest on.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// Whether the suite tests a clause now.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ClauseStatus {
    /// Tested now: needs at least three cases, one of them a "no".
    Active,
    /// Defined; its cases come with later work.
    Pending,
    /// No longer in force. Ids are never deleted or reused.
    Withdrawn,
}

/// One rule clause: a stable id, a statement, and per edition the
/// articles it rests on.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    pub id: String,
    pub family: String,
    pub term: String,
    pub title: String,
    pub statement: String,
    #[serde(default)]
    pub articles: BTreeMap<String, Vec<String>>,
    pub status: ClauseStatus,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistryFile {
    pub clauses: Vec<Clause>,
}

/// The registry as compiled into the oracle.
pub fn builtin() -> &'static [Clause] {
    static CLAUSES: OnceLock<Vec<Clause>> = OnceLock::new();
    CLAUSES.get_or_init(|| {
        let file: RegistryFile = serde_yaml::from_str(include_str!("../../../spec/clauses.yaml"))
            .unwrap_or_else(|e| panic!("spec/clauses.yaml is invalid: {e}"));
        file.clauses
    })
}

/// The clause with this id.
pub fn get(id: &str) -> Option<&'static Clause> {
    builtin().iter().find(|c| c.id == id)
}

/// The articles of an edition a clause rests on, e.g. `24.11, 24.13`.
pub fn articles(id: &str, edition: &str) -> Vec<String> {
    get(id)
        .and_then(|c| c.articles.get(edition))
        .cloned()
        .unwrap_or_default()
}
