//! Load errors that point at `file:line:column`.
//!
//! YAML syntax and schema errors carry the parser's own location. Errors
//! found afterwards (an unknown clause, an illegal move in a history) are
//! located by finding the case's `id:` line and the key inside that case's
//! block — case files are written in block style, which the format requires.

use std::fmt;
use std::path::{Path, PathBuf};

/// Something wrong in a spec or case file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl LoadError {
    pub fn at(
        file: &Path,
        (line, column): (usize, usize),
        message: impl Into<String>,
    ) -> LoadError {
        LoadError {
            file: file.to_path_buf(),
            line,
            column,
            message: message.into(),
        }
    }

    pub fn io(file: &Path, e: std::io::Error) -> LoadError {
        LoadError::at(file, (0, 0), format!("cannot read: {e}"))
    }

    pub fn yaml(file: &Path, e: &serde_yaml::Error) -> LoadError {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        // The library appends " at line L column C"; the prefix says it already.
        let mut message = e.to_string();
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        LoadError::at(file, (line, column), message)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line,
            self.column,
            self.message
        )
    }
}

impl std::error::Error for LoadError {}

/// The 1-based line and column of the `occurrence`-th (1-based) match of
/// `needle`, or (0, 0) when absent.
pub fn find_line(text: &str, needle: &str, occurrence: usize) -> (usize, usize) {
    let mut seen = 0;
    for (i, line) in text.lines().enumerate() {
        if let Some(col) = line.find(needle) {
            seen += 1;
            if seen == occurrence {
                return (i + 1, line[..col].chars().count() + 1);
            }
        }
    }
    (0, 0)
}

/// Finds keys of a case inside a case file's text.
pub struct Locator<'a> {
    lines: Vec<&'a str>,
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn is_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#')
}

/// `key:` at the start of a (possibly `- `-prefixed) line.
fn starts_with_key(line: &str, key: &str) -> bool {
    let t = line.trim_start();
    let t = t.strip_prefix("- ").unwrap_or(t).trim_start();
    t.strip_prefix(key)
        .is_some_and(|rest| rest.starts_with(':'))
}

impl<'a> Locator<'a> {
    pub fn new(text: &'a str) -> Locator<'a> {
        Locator {
            lines: text.lines().collect(),
        }
    }

    /// The line range (0-based, end exclusive) of the case with this id.
    fn block(&self, id: &str) -> Option<(usize, usize)> {
        let id_line = self.lines.iter().position(|l| {
            starts_with_key(l, "id") && {
                let v = l.split_once(':').map(|x| x.1).unwrap_or("").trim();
                v.trim_matches(|c| c == '"' || c == '\'') == id
            }
        })?;
        // The item starts at the nearest `- ` line at or above the id line.
        let start = (0..=id_line)
            .rev()
            .find(|&i| self.lines[i].trim_start().starts_with("- "))
            .unwrap_or(id_line);
        let item_indent = indent(self.lines[start]);
        let end = ((start + 1)..self.lines.len())
            .find(|&i| !is_blank(self.lines[i]) && indent(self.lines[i]) <= item_indent)
            .unwrap_or(self.lines.len());
        Some((start, end))
    }

    /// Where the case with this id begins.
    pub fn case(&self, id: &str) -> (usize, usize) {
        match self.block(id) {
            Some((start, _)) => {
                let l = self.lines[start];
                (start + 1, indent(l) + 3)
            }
            None => (0, 0),
        }
    }

    /// Where `key:` stands inside the case, or the case start.
    pub fn key(&self, id: &str, key: &str) -> (usize, usize) {
        let Some((start, end)) = self.block(id) else {
            return (0, 0);
        };
        for i in start..end {
            if starts_with_key(self.lines[i], key) {
                let l = self.lines[i];
                let col = l.find(key).unwrap_or(0);
                return (i + 1, l[..col].chars().count() + 1);
            }
        }
        self.case(id)
    }

    /// Where `token` first appears at or after `key:` inside the case.
    pub fn token(&self, id: &str, key: &str, token: &str) -> (usize, usize) {
        let (key_line, _) = self.key(id, key);
        let Some((_, end)) = self.block(id) else {
            return (0, 0);
        };
        if key_line == 0 {
            return (0, 0);
        }
        for i in (key_line - 1)..end {
            let l = self.lines[i];
            // Skip the key itself so a token equal to the key name is not matched there.
            let from = if i == key_line - 1 {
                l.find(':').map_or(0, |c| c + 1)
            } else {
                0
            };
            if let Some(col) = l[from..].find(token) {
                return (i + 1, l[..from + col].chars().count() + 1);
            }
        }
        self.key(id, key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "cases:\n  - id: a.one\n    fen: startpos\n    moves: \"h2e2 h9g7\"\n\n  - id: a.two\n    moves:\n      - h2e2\n      - b0c2\n";

    #[test]
    fn finds_keys_inside_the_right_case() {
        let loc = Locator::new(TEXT);
        assert_eq!(loc.case("a.two"), (6, 5));
        assert_eq!(loc.key("a.one", "fen"), (3, 5));
        assert_eq!(loc.key("a.two", "moves"), (7, 5));
        assert_eq!(loc.token("a.two", "moves", "b0c2"), (9, 9));
        assert_eq!(loc.token("a.one", "moves", "h9g7"), (4, 18));
        // A key the case does not have falls back to the case start.
        assert_eq!(loc.key("a.two", "fen"), (6, 5));
        assert_eq!(loc.case("missing"), (0, 0));
    }
}
