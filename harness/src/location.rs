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

    /// A YAML error, placed where the parser says; errors the parser gives
    /// no place for (several documents, aliases) are placed from `text`.
    pub fn yaml(file: &Path, e: &serde_yaml::Error, text: &str) -> LoadError {
        // The library appends " at line L column C"; the prefix says it already.
        let mut message = e.to_string();
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        let at = match e.location() {
            // serde places a duplicate key at its mapping's start.
            Some(l) => duplicate_key(&message, text, (l.line(), l.column()))
                .unwrap_or((l.line(), l.column())),
            None => second_document(text)
                .or_else(|| first_alias(text))
                .unwrap_or((1, 1)),
        };
        LoadError::at(file, at, message)
    }
}

/// Where the second of a duplicate key is, for serde's "duplicate field
/// `KEY`" placed at the start of the mapping (`map`, 1-based) holding it:
/// the mapping's keys are the block-style lines indented as its first.
fn duplicate_key(message: &str, text: &str, map: (usize, usize)) -> Option<(usize, usize)> {
    let key = message
        .split_once("duplicate field `")
        .or_else(|| message.split_once("duplicate entry with key \""))?
        .1;
    let key = &key[..key.find(['`', '"'])?];
    let indent = map.1.checked_sub(1)?;
    let mut seen = 0;
    for (i, line) in text.lines().enumerate().skip(map.0.checked_sub(1)?) {
        let body = line.get(indent..).unwrap_or("");
        let here = line.len() - line.trim_start().len();
        let first = i + 1 == map.0;
        if !first && !line.trim().is_empty() && here < indent {
            break; // the mapping ended
        }
        if !first && here != indent {
            continue;
        }
        if body
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
        {
            seen += 1;
            if seen == 2 {
                return Some((i + 1, map.1));
            }
        }
    }
    None
}

/// Refuses a file holding more than one YAML document, at the second one.
pub fn refuse_multi_document(file: &Path, text: &str) -> Result<(), LoadError> {
    match second_document(text) {
        Some(at) => Err(LoadError::at(
            file,
            at,
            "a second YAML document (`---`): a file holds one document",
        )),
        None => Ok(()),
    }
}

/// Refuses YAML anchors and aliases, at the first one: the suite's files
/// have no use for them, and an alias can expand a small file without bound.
pub fn refuse_aliases(file: &Path, text: &str) -> Result<(), LoadError> {
    match first_alias(text) {
        Some(at) => Err(LoadError::at(
            file,
            at,
            "YAML anchors and aliases (`&name`, `*name`) are not allowed: write the value out",
        )),
        None => Ok(()),
    }
}

/// Where a second document starts: a `---` line after content or after
/// another `---`.
fn second_document(text: &str) -> Option<(usize, usize)> {
    let mut documents = 0;
    let mut content = false;
    for (i, line) in text.lines().enumerate() {
        let is_marker = line == "---" || line.starts_with("--- ") || line.starts_with("---\t");
        if is_marker {
            if content || documents > 0 {
                return Some((i + 1, 1));
            }
            documents += 1;
        } else if !is_blank(line) && !line.starts_with('%') {
            if line == "..." {
                continue;
            }
            content = true;
            if documents == 0 {
                documents = 1;
            }
        }
    }
    None
}

/// The first `&anchor` or `*alias` token outside quotes, comments and
/// block scalars.
fn first_alias(text: &str) -> Option<(usize, usize)> {
    let mut block_indent: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(b) = block_indent {
            if is_blank(line) || indent(line) > b {
                continue;
            }
            block_indent = None;
        }
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        let mut prev_sig = None::<char>;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(_, c)) in chars.iter().enumerate() {
            match quote {
                Some(q) => {
                    if c == q {
                        quote = None;
                    }
                }
                None => {
                    if c == '#' && (prev == ' ' || k == 0) {
                        break;
                    }
                    if (c == '"' || c == '\'')
                        && matches!(prev_sig, None | Some(':' | '-' | '[' | '{' | ','))
                        && (prev == ' ' || k == 0 || matches!(prev, '[' | '{' | ','))
                    {
                        quote = Some(c);
                    } else if (c == '&' || c == '*')
                        && matches!(prev_sig, None | Some(':' | '-' | '[' | '{' | ','))
                        && (prev == ' ' || k == 0 || matches!(prev, '[' | '{' | ','))
                        && chars
                            .get(k + 1)
                            .is_some_and(|&(_, n)| n.is_alphanumeric() || n == '_' || n == '-')
                    {
                        return Some((i + 1, k + 1));
                    }
                    if !c.is_whitespace() {
                        prev_sig = Some(c);
                    }
                }
            }
            prev = c;
        }
        let t = line.trim_end();
        let t = t.split(" #").next().unwrap_or(t).trim_end();
        if t.ends_with(['|', '>'])
            || t.ends_with("|-")
            || t.ends_with(">-")
            || t.ends_with("|+")
            || t.ends_with(">+")
        {
            block_indent = Some(indent(line));
        }
    }
    None
}

impl LoadError {
    /// An error at the start of a file (for errors about the whole file).
    pub fn file(file: &Path, message: impl Into<String>) -> LoadError {
        LoadError::at(file, (1, 1), message)
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

/// Finds keys of a case inside a case file's text. Cases are found by
/// their place in the `cases:` list (so two cases with one id are told
/// apart), in block or flow style; when the list cannot be read from the
/// text, by their id.
pub struct Locator<'a> {
    lines: Vec<&'a str>,
    /// The line range (0-based, end exclusive) of each item of `cases:`.
    items: Vec<(usize, usize)>,
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn is_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#')
}

/// The column (0-based byte) of `key:` used as a mapping key in the line:
/// at its start (after `- `), or after `{` or `,` in flow style.
fn key_column(line: &str, key: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = line[from..].find(key).map(|i| i + from) {
        let before = line[..i].trim_end();
        let after = &line[i + key.len()..];
        let starts_key = before.is_empty()
            || before.ends_with('-') && before.trim_start() == "-"
            || before.ends_with('{')
            || before.ends_with(',');
        if starts_key && after.starts_with(':') {
            return Some(i);
        }
        from = i + key.len();
    }
    None
}

/// The value after `key:` on a line, without quotes, trailing comment or
/// flow punctuation.
fn value_after<'l>(line: &'l str, col: usize, key: &str) -> &'l str {
    let rest = &line[col + key.len() + 1..];
    let rest = rest.split(" #").next().unwrap_or(rest);
    let rest = rest.split([',', '}']).next().unwrap_or(rest);
    rest.trim().trim_matches(|c| c == '"' || c == '\'')
}

impl<'a> Locator<'a> {
    pub fn new(text: &'a str) -> Locator<'a> {
        let lines: Vec<&str> = text.lines().collect();
        let items = list_items(&lines);
        Locator { lines, items }
    }

    /// The line range of case number `n` (0-based) with this id.
    fn range(&self, n: usize, id: &str) -> Option<(usize, usize)> {
        match self.items.get(n) {
            Some(&r) if self.mentions_id(r, id) => Some(r),
            _ => self.block(id),
        }
    }

    fn mentions_id(&self, (start, end): (usize, usize), id: &str) -> bool {
        (start..end).any(|i| {
            key_column(self.lines[i], "id")
                .is_some_and(|c| value_after(self.lines[i], c, "id") == id)
        })
    }

    /// The line range of the first case with this id, found by its id.
    fn block(&self, id: &str) -> Option<(usize, usize)> {
        let id_line = self
            .lines
            .iter()
            .position(|l| key_column(l, "id").is_some_and(|c| value_after(l, c, "id") == id))?;
        // The item starts at the nearest `- ` line at or above the id line.
        let start = (0..=id_line)
            .rev()
            .find(|&i| self.lines[i].trim_start().starts_with('-'))
            .unwrap_or(id_line);
        let item_indent = indent(self.lines[start]);
        let end = ((start + 1)..self.lines.len())
            .find(|&i| !is_blank(self.lines[i]) && indent(self.lines[i]) <= item_indent)
            .unwrap_or(self.lines.len());
        Some((start, end))
    }

    /// Where case number `n` (0-based), with this id, begins.
    pub fn case(&self, n: usize, id: &str) -> (usize, usize) {
        match self.range(n, id) {
            Some((start, _)) => {
                let l = self.lines[start];
                let t = l.trim_start();
                let after_dash = t.strip_prefix('-').unwrap_or(t);
                let skip = t.len() - after_dash.trim_start().len();
                let skip = if after_dash.trim_start().starts_with('{') {
                    skip + 1
                        + (after_dash.trim_start()[1..].len()
                            - after_dash.trim_start()[1..].trim_start().len())
                } else {
                    skip
                };
                (start + 1, indent(l) + skip + 1)
            }
            None => (1, 1),
        }
    }

    /// Where `key:` stands inside the case, or the case start.
    pub fn key(&self, n: usize, id: &str, key: &str) -> (usize, usize) {
        let Some((start, end)) = self.range(n, id) else {
            return (1, 1);
        };
        for i in start..end {
            if let Some(col) = key_column(self.lines[i], key) {
                let l = self.lines[i];
                return (i + 1, l[..col].chars().count() + 1);
            }
        }
        self.case(n, id)
    }

    /// Where `token` first appears after `key:` inside the case.
    pub fn token(&self, n: usize, id: &str, key: &str, token: &str) -> (usize, usize) {
        let Some((start, end)) = self.range(n, id) else {
            return (1, 1);
        };
        let Some((key_line, key_col)) =
            (start..end).find_map(|i| key_column(self.lines[i], key).map(|c| (i, c)))
        else {
            return self.case(n, id);
        };
        for i in key_line..end {
            let l = self.lines[i];
            // Skip the key itself so a token equal to the key name is not matched there.
            let from = if i == key_line {
                key_col + key.len() + 1
            } else {
                0
            };
            if let Some(col) = l[from..].find(token) {
                return (i + 1, l[..from + col].chars().count() + 1);
            }
        }
        self.key(n, id, key)
    }
}

/// The items of the top-level `cases:` block sequence.
fn list_items(lines: &[&str]) -> Vec<(usize, usize)> {
    let Some(head) = lines
        .iter()
        .position(|l| indent(l) == 0 && key_column(l, "cases").is_some())
    else {
        return Vec::new();
    };
    let rest = lines[head]["cases:".len()..]
        .split(" #")
        .next()
        .unwrap_or("")
        .trim();
    if !rest.is_empty() {
        return Vec::new(); // a flow sequence: found by id instead
    }
    let Some(first) = (head + 1..lines.len()).find(|&i| !is_blank(lines[i])) else {
        return Vec::new();
    };
    if !lines[first].trim_start().starts_with('-') {
        return Vec::new();
    }
    let item_indent = indent(lines[first]);
    let mut items = Vec::new();
    let mut start = first;
    let mut i = first + 1;
    while i < lines.len() {
        let l = lines[i];
        if !is_blank(l) {
            let d = indent(l);
            if d < item_indent || (d == item_indent && !l.trim_start().starts_with('-')) {
                break;
            }
            if d == item_indent {
                items.push((start, i));
                start = i;
            }
        }
        i += 1;
    }
    // The last item ends at its last non-blank line.
    let mut end = i;
    while end > start + 1 && is_blank(lines[end - 1]) {
        end -= 1;
    }
    items.push((start, end));
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "cases:\n  - id: a.one\n    fen: startpos\n    moves: \"h2e2 h9g7\"\n\n  - id: a.two\n    moves:\n      - h2e2\n      - b0c2\n";

    #[test]
    fn finds_keys_inside_the_right_case() {
        let loc = Locator::new(TEXT);
        assert_eq!(loc.case(1, "a.two"), (6, 5));
        assert_eq!(loc.key(0, "a.one", "fen"), (3, 5));
        assert_eq!(loc.key(1, "a.two", "moves"), (7, 5));
        assert_eq!(loc.token(1, "a.two", "moves", "b0c2"), (9, 9));
        assert_eq!(loc.token(0, "a.one", "moves", "h9g7"), (4, 18));
        // A key the case does not have falls back to the case start.
        assert_eq!(loc.key(1, "a.two", "fen"), (6, 5));
        assert_eq!(loc.case(5, "missing"), (1, 1));
    }

    #[test]
    fn same_ids_comments_and_flow_style() {
        let text = "cases:\n  - id: a.one   # first\n    fen: x\n  - id: a.one\n    fen: y\n  - {id: a.three, fen: z}\n";
        let loc = Locator::new(text);
        assert_eq!(loc.key(0, "a.one", "fen"), (3, 5));
        assert_eq!(loc.key(1, "a.one", "fen"), (5, 5));
        assert_eq!(loc.case(2, "a.three"), (6, 6));
        assert_eq!(loc.key(2, "a.three", "fen"), (6, 19));
    }

    #[test]
    fn aliases_and_documents_are_found() {
        assert_eq!(first_alias("a: &x [1]\nb: *x\n"), Some((1, 4)));
        assert_eq!(
            first_alias("a: \"&x\"\nb: 'x*y' # *z\nc: >-\n  *not an alias\n"),
            None
        );
        assert_eq!(second_document("a: 1\n---\nb: 2\n"), Some((2, 1)));
        assert_eq!(second_document("---\na: 1\n"), None);
        assert_eq!(second_document("---\na: 1\n---\nb: 1\n"), Some((3, 1)));
    }
}
