//! A suite's own spec: its clause registry (`spec/clauses.yaml`, stable ids
//! for every rule) and its editions (`spec/editions/`, read with xq-spec's
//! profile reader), so that `--suite DIR` is graded by DIR's editions and
//! not by the ones compiled into any implementation.

use std::collections::BTreeMap;
use std::path::Path;

use crate::location::LoadError;

use xq_spec::clauses::RegistryFile;
pub use xq_spec::clauses::{ClauseRecord as Clause, ClauseStatus};

/// All clauses, in registry order, and the editions they may cite.
#[derive(Clone, Debug)]
pub struct Registry {
    pub clauses: Vec<Clause>,
    /// The suite's edition ids: the default first, then by year.
    pub editions: Vec<String>,
}

/// Reads the edition ids of a suite's `spec/editions/`: every file there
/// must be a valid profile.
pub fn load_editions(dir: &Path) -> Result<Vec<String>, LoadError> {
    let editions = xq_spec::editions::read_dir(dir)
        .map_err(|e| LoadError::at(&e.path, (e.line, e.column), e.message))?;
    Ok(editions.into_iter().map(|e| e.profile.id).collect())
}

impl Registry {
    /// Loads the spec of the suite whose `spec/` directory is `spec`: its
    /// editions, then its clause registry.
    pub fn load_spec(spec: &Path) -> Result<Registry, LoadError> {
        let editions = load_editions(&spec.join("editions"))?;
        Registry::load(&spec.join("clauses.yaml"), editions)
    }

    /// Loads a clause registry whose articles may cite `editions`.
    pub fn load(path: &Path, editions: Vec<String>) -> Result<Registry, LoadError> {
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
                if !editions.contains(edition) {
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
            editions,
        })
    }

    /// Whether `id` is one of the suite's editions.
    pub fn has_edition(&self, id: &str) -> bool {
        self.editions.iter().any(|e| e == id)
    }

    pub fn get(&self, id: &str) -> Option<&Clause> {
        self.clauses.iter().find(|c| c.id == id)
    }
}
