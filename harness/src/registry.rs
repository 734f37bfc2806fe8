//! The clause registry (`spec/clauses.yaml`): stable ids for every rule.

use std::collections::BTreeMap;
use std::path::Path;

use crate::location::LoadError;

use xq_spec::clauses::RegistryFile;
pub use xq_spec::clauses::{ClauseRecord as Clause, ClauseStatus};

/// All clauses, in registry order.
#[derive(Clone, Debug)]
pub struct Registry {
    pub clauses: Vec<Clause>,
}

impl Registry {
    pub fn load(path: &Path) -> Result<Registry, LoadError> {
        let text = std::fs::read_to_string(path).map_err(|e| LoadError::io(path, e))?;
        let file: RegistryFile =
            serde_yaml::from_str(&text).map_err(|e| LoadError::yaml(path, &e, &text))?;
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
            if let Some(bad) = c
                .articles
                .values()
                .flatten()
                .find(|a| xq_spec::clauses::split_reference(a).is_none())
            {
                return Err(LoadError::at(
                    path,
                    crate::location::find_line(&text, bad, 1),
                    format!(
                        "clause {}: {bad:?} is not an article reference (a number, or one of {} and a number)",
                        c.id,
                        xq_spec::clauses::ArticleKind::NAMES.join(", ")
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
