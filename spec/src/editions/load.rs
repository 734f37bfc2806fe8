//! Reading an `editions/` directory of profiles: the crate's own at build
//! time (`build.rs` compiles this file too), a suite's at run time (the
//! harness, for `--suite DIR`, whose editions need not be the ones compiled
//! in). Every file there must be a valid profile: anything else is an error
//! placed at `file:line:column`, never skipped.

use std::fmt;
use std::path::{Path, PathBuf};

use super::profile::{resolve, Profile, ProfileError, Resolved};

/// A problem in an editions directory, placed in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditionsError {
    /// The file (or the directory itself, when it cannot be listed).
    pub path: PathBuf,
    /// 1-based; 0 when the problem is the file as a whole.
    pub line: usize,
    /// 1-based; 0 when the problem is the file as a whole.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for EditionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path.display(),
            self.line,
            self.column,
            self.message
        )
    }
}

impl std::error::Error for EditionsError {}

/// Reads one profile's text; a YAML or schema error comes back with the
/// parser's line and column.
pub fn parse_profile(text: &str) -> Result<Profile, (usize, usize, String)> {
    serde_yaml::from_str(text).map_err(|e| {
        let (line, column) = e
            .location()
            .map(|l| (l.line(), l.column()))
            .unwrap_or((1, 1));
        let mut message = e.to_string();
        // The library appends the place, which the error carries already.
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        (line, column, message)
    })
}

/// The line of a top-level `key:` in a profile's text (1 when absent: the
/// problem is then the profile as a whole).
fn key_line(text: &str, key: &str) -> usize {
    let prefix = format!("{key}:");
    text.lines()
        .position(|l| l.starts_with(&prefix))
        .map_or(1, |i| i + 1)
}

/// Reads and resolves every profile in `dir` (`ID.yaml`, one per edition),
/// the default first, then by year and id.
pub fn read_dir(dir: &Path) -> Result<Vec<Resolved>, EditionsError> {
    let whole = |path: &Path, message: String| EditionsError {
        path: path.to_path_buf(),
        line: 0,
        column: 0,
        message,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .and_then(|d| d.map(|e| e.map(|e| e.path())).collect())
        .map_err(|e| whole(dir, format!("cannot read the editions directory: {e}")))?;
    files.sort();
    let mut texts = Vec::new();
    let mut profiles = Vec::new();
    for f in files {
        let stem = f
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|_| f.extension().is_some_and(|x| x == "yaml") && f.is_file());
        let Some(stem) = stem else {
            return Err(whole(
                &f,
                "only edition profiles (ID.yaml) belong in the editions directory".into(),
            ));
        };
        let text =
            std::fs::read_to_string(&f).map_err(|e| whole(&f, format!("cannot read: {e}")))?;
        let profile = parse_profile(&text).map_err(|(line, column, message)| EditionsError {
            path: f.clone(),
            line,
            column,
            message: format!("not an edition profile: {message}"),
        })?;
        profiles.push((stem.to_string(), profile));
        texts.push((stem.to_string(), f.clone(), text));
    }
    if profiles.is_empty() {
        return Err(whole(dir, "the editions directory holds no profile".into()));
    }
    resolve(profiles).map_err(|e: ProfileError| {
        match texts.iter().find(|(stem, ..)| *stem == e.file) {
            Some((_, path, text)) => EditionsError {
                path: path.clone(),
                line: key_line(text, e.key),
                column: 1,
                message: e.message,
            },
            None => whole(dir, e.to_string()),
        }
    })
}
