//! The words of `xq rule`'s reports on record files and of its errors on
//! standard error, in every language: the command line places them, the
//! language's word catalogue writes them.

use std::io;

use crate::catalogue;
use crate::Lang;

/// An I/O error's reason.
#[must_use]
pub fn io_error(e: &io::Error, lang: Lang) -> String {
    catalogue::report(lang).io_error(e)
}

/// `PATH: cannot read it: WHY`.
#[must_use]
pub fn cannot_read(path: &str, e: &io::Error, lang: Lang) -> String {
    catalogue::report(lang).cannot_read(path, e)
}

/// `PATH: cannot list it: WHY`, for a directory.
#[must_use]
pub fn cannot_list(path: &str, e: &io::Error, lang: Lang) -> String {
    catalogue::report(lang).cannot_list(path, e)
}

/// An entry of a directory that cannot be listed.
#[must_use]
pub fn cannot_list_entry(e: &io::Error, lang: Lang) -> String {
    catalogue::report(lang).cannot_list_entry(e)
}

/// A link that leads to nothing readable.
#[must_use]
pub fn dangling_link(e: &io::Error, lang: Lang) -> String {
    catalogue::report(lang).dangling_link(e)
}

/// A directory holding no record file among `extensions` (`.pgn, .xqf`).
#[must_use]
pub fn no_record_files(path: &str, extensions: &str, lang: Lang) -> String {
    catalogue::report(lang).no_record_files(path, extensions)
}

/// Directories nested deeper than `depth` levels.
#[must_use]
pub fn too_deep(depth: usize, lang: Lang) -> String {
    catalogue::report(lang).too_deep(depth)
}

/// A game's heading without its closing `==`: `== FILE, game N`.
#[must_use]
pub fn record_heading(file: &str, game: usize, lang: Lang) -> String {
    catalogue::report(lang).record_heading(file, game)
}

/// The separator between a heading's parts.
#[must_use]
pub fn heading_sep(lang: Lang) -> &'static str {
    catalogue::report(lang).heading_sep()
}

/// The players, Red's against Black's.
#[must_use]
pub fn players(red: &str, black: &str, lang: Lang) -> String {
    catalogue::report(lang).players(red, black)
}

/// A record that yields no game, with why.
#[must_use]
pub fn record_unreadable(why: &str, lang: Lang) -> String {
    catalogue::report(lang).record_unreadable(why)
}

/// A record cut at a bad move: why, and the plies ruled before it.
#[must_use]
pub fn record_cut(why: &str, plies: usize, lang: Lang) -> String {
    catalogue::report(lang).record_cut(why, plies)
}

/// A bad record's line on standard error; `cut`: the plies before the
/// fault are ruled.
#[must_use]
pub fn bad_record_line(file: &str, why: &str, cut: bool, lang: Lang) -> String {
    catalogue::report(lang).bad_record_line(file, why, cut)
}

/// A record read but not ruled: its format, game and why.
#[must_use]
pub fn unruled(format: &str, game: usize, why: &str, lang: Lang) -> String {
    catalogue::report(lang).unruled(format, game, why)
}

/// The heading of `n` reading warnings, with its line breaks.
#[must_use]
pub fn warnings_heading(n: usize, lang: Lang) -> String {
    catalogue::report(lang).warnings_heading(n)
}

/// The heading of `n` variations, with its line breaks.
#[must_use]
pub fn variations_heading(n: usize, lang: Lang) -> String {
    catalogue::report(lang).variations_heading(n)
}

/// Variation `n`, leaving the main line at ply `from` with `moves`
/// (`tail`: ` …` when there are more), with its line break.
#[must_use]
pub fn variation_line(n: usize, from: usize, moves: &str, tail: &str, lang: Lang) -> String {
    catalogue::report(lang).variation_line(n, from, moves, tail)
}

/// The `n` variations not listed, with the line break.
#[must_use]
pub fn more_variations(n: usize, lang: Lang) -> String {
    catalogue::report(lang).more_variations(n)
}

/// Ruling point `i` at `ply`, with its line break.
#[must_use]
pub fn point_number(i: usize, ply: usize, lang: Lang) -> String {
    catalogue::report(lang).point_number(i, ply)
}

/// `bad` of `games` games could not be read or ruled; `jsonl`: their
/// reasons are in the JSON lines.
#[must_use]
pub fn bad_games(bad: usize, games: usize, jsonl: bool, lang: Lang) -> String {
    catalogue::report(lang).bad_games(bad, games, jsonl)
}

/// What a summary line lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SummaryList {
    /// The points by the reason of their ruling.
    Reasons,
    /// The games by the result the rules give.
    Results,
}

/// How the recorded results of a run stand, for [`summary_recorded`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordedCounts {
    /// The record's result is the rules'.
    pub agree: usize,
    /// The rules' result needs a claim nobody made.
    pub claimable: usize,
    /// The rules give another result.
    pub disagree: usize,
    /// Decided off the board (resignation, agreement, time).
    pub off_the_board: usize,
    /// No result recorded.
    pub unrecorded: usize,
    /// Claimable repetitions the game played past.
    pub unclaimed: usize,
}

/// A summary's first line: files, games, ruled, bad.
#[must_use]
pub fn summary_counts(files: usize, games: usize, ruled: usize, bad: usize, lang: Lang) -> String {
    catalogue::report(lang).summary_counts(files, games, ruled, bad)
}

/// A summary's points by kind (repetition, natural limit, illegal move,
/// end).
#[must_use]
pub fn summary_points(points: [usize; 4], lang: Lang) -> String {
    catalogue::report(lang).summary_points(points)
}

/// A summary line listing `items` under `what`.
#[must_use]
pub fn summary_list(what: SummaryList, items: &[String], lang: Lang) -> String {
    catalogue::report(lang).summary_list(what, items)
}

/// How a run's recorded results stand.
#[must_use]
pub fn summary_recorded(counts: &RecordedCounts, lang: Lang) -> String {
    catalogue::report(lang).summary_recorded(counts)
}

/// A run's reading: records cut, heading entries, warnings (`code n`).
#[must_use]
pub fn summary_reading(cut: usize, headings: usize, warnings: &[String], lang: Lang) -> String {
    catalogue::report(lang).summary_reading(cut, headings, warnings)
}

/// A game whose record disagrees with the rules.
#[must_use]
pub fn disagreement(
    file: &str,
    game: usize,
    recorded: &str,
    ruled: &str,
    at: Option<usize>,
    lang: Lang,
) -> String {
    catalogue::report(lang).disagreement(file, game, recorded, ruled, at)
}

/// The `n` games more not listed.
#[must_use]
pub fn more_games(n: usize, lang: Lang) -> String {
    catalogue::report(lang).more_games(n)
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;

    #[test]
    fn a_file_that_cannot_be_read_is_said_wholly_in_chinese() {
        let e = io::Error::from(io::ErrorKind::NotFound);
        assert_eq!(
            cannot_read("a.pgn", &e, Lang::Zh),
            "a.pgn：无法读取：没有这个文件或目录"
        );
        assert!(cannot_read("a.pgn", &e, Lang::En).starts_with("a.pgn: cannot read it: "));
        let e = io::Error::from(io::ErrorKind::PermissionDenied);
        assert_eq!(
            cannot_list("d", &e, Lang::Zh),
            "d：无法列出目录：不允许读取"
        );
    }
}
