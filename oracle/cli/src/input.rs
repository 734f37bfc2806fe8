//! Where a command's moves come from (`--moves TEXT`, `--moves -`,
//! `--moves-file PATH`), read with a bound, and where in that text a
//! refused move stands.

use std::io::Read;
use std::path::{Path, PathBuf};

use xq_core::game::{split_moves, PlayError};

use xq_render::{Lang, Speak};

use crate::failure::Failure;

/// The most bytes of moves read from a file or standard input: 4 MiB,
/// several hundred thousand plies.
pub const MAX_MOVES_BYTES: u64 = 4 << 20;

/// Where a move list was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The text of `--moves`.
    Argument,
    /// Standard input (`--moves -`).
    Stdin,
    /// A file (`--moves-file PATH`).
    File(PathBuf),
}

/// A move list and its origin.
#[derive(Clone, Debug)]
pub struct MoveList {
    pub text: String,
    pub origin: Origin,
}

impl MoveList {
    /// Reads the moves of the options: `--moves -` reads standard input,
    /// `--moves-file` a file, `--moves TEXT` is the moves themselves.
    pub fn from_options(moves: Option<&str>, file: Option<&Path>) -> Result<MoveList, Failure> {
        match (moves, file) {
            (Some(_), Some(_)) => Err(Failure::Usage(
                "--moves and --moves-file cannot be given together".into(),
            )),
            (_, Some(path)) => {
                let f = std::fs::File::open(path).map_err(|e| {
                    Failure::Input(format!("cannot read moves file {}: {e}", path.display()))
                })?;
                MoveList::read(f, Origin::File(path.to_path_buf()))
            }
            (Some("-"), None) => MoveList::read(std::io::stdin().lock(), Origin::Stdin),
            (Some(text), None) => Ok(MoveList {
                text: text.to_string(),
                origin: Origin::Argument,
            }),
            (None, None) => Ok(MoveList {
                text: String::new(),
                origin: Origin::Argument,
            }),
        }
    }

    /// Reads at most [`MAX_MOVES_BYTES`] bytes of UTF-8 moves.
    pub fn read(input: impl Read, origin: Origin) -> Result<MoveList, Failure> {
        let name = origin_name(&origin);
        let mut bytes = Vec::new();
        input
            .take(MAX_MOVES_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Input(format!("cannot read {name}: {e}")))?;
        if bytes.len() as u64 > MAX_MOVES_BYTES {
            return Err(Failure::Input(format!(
                "{name} holds more than {MAX_MOVES_BYTES} bytes of moves, the limit"
            )));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let (line, column) = line_column(&String::from_utf8_lossy(e.as_bytes()), at);
            Failure::Input(format!(
                "{name}:{line}:{column}: not valid UTF-8 (byte offset {at})"
            ))
        })?;
        Ok(MoveList { text, origin })
    }

    /// The move texts, as [`split_moves`] finds them.
    pub fn texts(&self) -> Vec<&str> {
        split_moves(&self.text)
    }

    /// A refused move, located: `ply 3: …` for `--moves`, and
    /// `FILE:LINE:COLUMN: ply 3: …` for a file or standard input.
    pub fn locate(&self, e: &PlayError) -> Failure {
        self.locate_in(e, Lang::En)
    }

    /// [`MoveList::locate`], the reason said in `lang`.
    pub fn locate_in(&self, e: &PlayError, lang: Lang) -> Failure {
        let texts = self.texts();
        let said = e.speak(lang);
        let Some(token) = e.ply.checked_sub(1).and_then(|i| texts.get(i)) else {
            return Failure::Input(said);
        };
        if self.origin == Origin::Argument {
            return Failure::Input(said);
        }
        // The token is a slice of the text: its offset is where it starts.
        let offset = token.as_ptr() as usize - self.text.as_ptr() as usize;
        let (line, column) = line_column(&self.text, offset);
        Failure::Input(format!(
            "{}:{line}:{column}: {said}",
            origin_name(&self.origin)
        ))
    }
}

fn origin_name(origin: &Origin) -> String {
    match origin {
        Origin::Argument => "--moves".into(),
        Origin::Stdin => "<stdin>".into(),
        Origin::File(p) => p.display().to_string(),
    }
}

/// The 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters_from_one() {
        let t = "h2e2 h9g7\n炮二平五 x";
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 5), (1, 6));
        assert_eq!(line_column(t, t.find('x').unwrap()), (2, 6));
    }

    #[test]
    fn reading_stops_past_the_limit() {
        let big = vec![b' '; MAX_MOVES_BYTES as usize + 1];
        let e = MoveList::read(&big[..], Origin::Stdin).unwrap_err();
        assert_eq!(
            e,
            Failure::Input("<stdin> holds more than 4194304 bytes of moves, the limit".into())
        );
        let e = MoveList::read(&b"h2e2\n\xff"[..], Origin::Stdin).unwrap_err();
        assert_eq!(
            e,
            Failure::Input("<stdin>:2:1: not valid UTF-8 (byte offset 5)".into())
        );
    }
}
