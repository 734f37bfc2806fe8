//! The clause registry (`spec/clauses.yaml`): stable ids for every rule.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::location::LoadError;

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
struct RegistryFile {
    clauses: Vec<Clause>,
}

/// All clauses, in registry order.
#[derive(Clone, Debug)]
pub struct Registry {
    pub clauses: Vec<Clause>,
}

impl Registry {
    pub fn load(path: &Path) -> Result<Registry, LoadError> {
        let text = std::fs::read_to_string(path).map_err(|e| LoadError::io(path, e))?;
        let file: RegistryFile =
            serde_yaml::from_str(&text).map_err(|e| LoadError::yaml(path, &e))?;
        let mut seen = BTreeMap::new();
        for (i, c) in file.clauses.iter().enumerate() {
            if let Some(first) = seen.insert(c.id.as_str(), i) {
                return Err(LoadError::at(
                    path,
                    crate::location::find_line(&text, &format!("id: {}", c.id), 2),
                    format!(
                        "duplicate clause id {} (entries {} and {})",
                        c.id,
                        first + 1,
                        i + 1
                    ),
                ));
            }
            for edition in c.articles.keys() {
                if xq_oracle::edition::get(edition).is_none() {
                    return Err(LoadError::at(
                        path,
                        crate::location::find_line(&text, &format!("id: {}", c.id), 1),
                        format!(
                            "clause {} cites articles of unknown edition {edition}",
                            c.id
                        ),
                    ));
                }
            }
        }
        Ok(Registry {
            clauses: file.clauses,
        })
    }

    pub fn get(&self, id: &str) -> Option<&Clause> {
        self.clauses.iter().find(|c| c.id == id)
    }
}
