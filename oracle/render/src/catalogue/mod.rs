//! The words of the rulings, one catalogue per language.
//!
//! [`prose`](crate::prose) decides what an explanation says and in which
//! order; a [`Catalogue`] decides only how a language says each part. Its
//! methods are sentence templates: they take the facts as arguments, since
//! languages put them in different places (and Chinese has no plural and
//! its own punctuation). A new language is a new catalogue and a
//! [`Lang`] variant pointing at it, not new prose.

use xq_core::{Color, Counter, Outcome};
use xq_oracle::clauses::Article;
use xq_oracle::edition::Edition;
use xq_oracle::natural_limit::LimitState;
use xq_oracle::repetition::{MoveKind, Pattern, StopReason};
use xq_oracle::ruling::{
    Comparison, CycleInfo, FollowUp, MoveRuling, PointKind, RulingReason, SearchReport, SideRuling,
};
use xq_records::RecordType;

use crate::desk::{DeskFault, HttpFault};
pub(crate) use crate::report::{RecordedCounts, SummaryList};
use crate::Lang;

mod en;
mod zh;

/// The catalogue of a language.
pub(crate) fn of(lang: Lang) -> &'static dyn Catalogue {
    match lang {
        Lang::Zh => &zh::Zh,
        Lang::En => &en::En,
    }
}

/// What a repetition ruling decides, as the verdict sentence says it.
/// `more` counts the further cycles before the result stands, and is
/// `Some(n)` only for `n > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// 长将 and the ruling itself decides: `loser` loses.
    CheckLoses,
    /// 长将, and `loser` must vary.
    CheckMustVary { more: Option<u32> },
    /// `loser` must vary (a forbidden pattern other than 长将).
    MustVary { more: Option<u32> },
    /// A draw, for `reason` (mutual 长将, both allowed, both forbidden).
    Draw {
        reason: RulingReason,
        more: Option<u32>,
    },
    /// A reason with no verdict sentence.
    Unstated,
}

/// The facts of an illegal move, for [`Catalogue::illegal_move`].
pub(crate) struct IllegalFacts<'a> {
    pub ply: usize,
    /// The move as the record gives it.
    pub text: &'a str,
    /// The move in ICCS, when the record wrote it otherwise.
    pub iccs: Option<String>,
    /// The rule it breaks, in the language.
    pub reason: String,
    pub by: Color,
    pub edition: &'static Edition,
}

/// The facts of a cycle's first lines, for [`Catalogue::cycle_header`].
pub(crate) struct CycleFacts {
    pub edition: &'static Edition,
    pub occurrences: usize,
    pub first_ply: usize,
    pub last_ply: usize,
    /// Whether the edition's count is reached.
    pub adjudicable: bool,
    /// The edition's count of occurrences.
    pub needed: u32,
}

/// One method per phrase. Every method returns its phrase without a
/// trailing line break unless its doc says otherwise.
pub(crate) trait Catalogue: Sync {
    // Vocabulary.
    /// A result in words: "Red wins", 红胜.
    fn result(&self, o: Outcome) -> &'static str;
    /// A side: "Red", 红方.
    fn side(&self, c: Color) -> &'static str;
    /// A move counter of a FEN: "halfmove clock", 未吃子半回合数.
    fn counter(&self, c: Counter) -> &'static str;
    /// What part of a game a record holds: "endgame", 残局.
    fn record_type(&self, t: RecordType) -> &'static str;
    /// A point an arbiter is called to: "repetition", 循环局面.
    fn point_kind(&self, k: PointKind) -> &'static str;
    /// A move kind: "chase", 捉.
    fn move_kind(&self, k: MoveKind) -> &'static str;
    /// A pattern: "perpetual chase", 长捉.
    fn pattern(&self, p: Pattern) -> &'static str;
    /// A ruling reason: "perpetual check", 长将.
    fn reason(&self, r: RulingReason) -> &'static str;
    /// An article of a rulebook: "figure 8", 图8.
    fn article(&self, a: &Article) -> String;

    // One ruling.
    fn illegal_move(&self, m: &IllegalFacts) -> String;
    fn checkmate(&self, loser: Color) -> String;
    fn stalemate_loss(&self, loser: Color) -> String;
    fn stalemate_draw(&self) -> String;
    fn natural_limit(&self, l: &LimitState, automatic: bool) -> String;
    fn nothing_to_rule(&self) -> String;
    /// The cycle's first lines, with their line breaks.
    fn cycle_header(&self, c: &CycleFacts) -> String;
    /// The counted span began at `from` before the cycle; with its line
    /// break.
    fn counted_from(&self, from: usize, last: usize) -> String;
    /// A side's block's first line, with its line break.
    fn side_heading(&self, c: Color) -> String;
    /// With its line break.
    fn before_cycle(&self) -> String;
    /// With its line break.
    fn in_cycle(&self) -> String;
    /// One move of the cycle, with its line break.
    fn move_line(&self, m: &MoveRuling) -> String;
    /// A side's pattern and whether it is forbidden, with its line break.
    fn pattern_line(&self, s: &SideRuling) -> String;
    /// The verdict sentence; `result` is the wire form (`1-0`).
    fn verdict(&self, v: Verdict, loser: Color, result: &str) -> String;
    /// The verdict and result, then the start of the clauses line.
    fn ruling_line(&self, verdict: &str, result: &str) -> String;
    /// Why a search stopped short: `stopped_by`, or the per-move budget
    /// of `nodes` positions.
    fn search_stopped(&self, stopped_by: Option<StopReason>, nodes: u64) -> String;
    /// The plies a ruling did not fully examine, with the line break
    /// before it.
    fn not_examined(&self, why: &str, plies: &[usize]) -> String;
    /// The verdict in short, for a headline.
    fn headline_verdict(&self, v: Verdict, loser: Color) -> String;
    /// A repetition ruling in a line or two.
    fn headline(
        &self,
        edition: &'static Edition,
        red: &SideRuling,
        black: &SideRuling,
        verdict: &str,
        result: &str,
    ) -> String;

    // A game.
    fn game_heading(&self, edition: &'static Edition, plies: usize, result: &str) -> String;
    fn decided_at(&self, ply: usize) -> String;
    fn on_claim(&self, ply: usize) -> String;
    fn comparison(&self, c: Comparison, recorded: &str) -> String;
    /// The end of the game's first sentence, with its line break.
    fn heading_end(&self) -> String;
    /// With its line break.
    fn points_not_examined(&self, stopped_by: Option<StopReason>, plies: &[usize]) -> String;
    /// With its line break.
    fn no_points(&self) -> String;
    /// A point's heading, with the blank line before it and its line break.
    fn point_heading(&self, ply: usize, kind: PointKind) -> String;
    /// What happened after a repetition ruling; `claim`: the ruling waits
    /// for a player's claim; `result` is the wire form.
    fn follow_up(&self, f: &FollowUp, claim: bool, result: &str) -> String;

    // The desk's facts, one line each.
    /// A cycle: its plies, how often the position was seen, whether the
    /// count is reached, who starts the ruling.
    fn cycle_fact(&self, c: &CycleInfo) -> String;
    /// The bounds of a ruling's searches and what they did not finish.
    fn search_fact(&self, s: &SearchReport) -> String;
    /// The natural limit's count and who may claim it.
    fn natural_limit_fact(&self, l: &LimitState) -> String;
    /// How a record's result stands beside the rules', in a short phrase.
    fn agreement(&self, c: Comparison) -> &'static str;
}

/// The words of `xq rule`'s reports on record files and of its errors,
/// one method per phrase, as [`Catalogue`] for the rulings.
pub(crate) trait Report: Sync {
    /// An I/O error's reason (the system's own words where the language
    /// has none for the kind).
    fn io_error(&self, e: &std::io::Error) -> String;
    /// A file or directory that cannot be read.
    fn cannot_read(&self, path: &str, e: &std::io::Error) -> String;
    /// A directory whose entries cannot be listed.
    fn cannot_list(&self, path: &str, e: &std::io::Error) -> String;
    /// An entry of a directory that cannot be listed.
    fn cannot_list_entry(&self, e: &std::io::Error) -> String;
    /// A link to nothing readable.
    fn dangling_link(&self, e: &std::io::Error) -> String;
    /// A directory with no record file among its `extensions`.
    fn no_record_files(&self, path: &str, extensions: &str) -> String;
    /// Directories nested deeper than `depth`.
    fn too_deep(&self, depth: usize) -> String;
    /// A game's heading, without the closing `==`.
    fn record_heading(&self, file: &str, game: usize) -> String;
    /// The separator between the heading's parts.
    fn heading_sep(&self) -> &'static str;
    /// The players, `red` against `black`.
    fn players(&self, red: &str, black: &str) -> String;
    /// A record that yields no game, with why.
    fn record_unreadable(&self, why: &str) -> String;
    /// A record cut at a bad move: why, and the plies ruled before it.
    fn record_cut(&self, why: &str, plies: usize) -> String;
    /// A bad record's one line on standard error; `cut`: the plies before
    /// the fault are ruled.
    fn bad_record_line(&self, file: &str, why: &str, cut: bool) -> String;
    /// A record that was read but could not be ruled.
    fn unruled(&self, format: &str, game: usize, why: &str) -> String;
    /// The heading of a record's reading warnings, with its line breaks.
    fn warnings_heading(&self, n: usize) -> String;
    /// The heading of a record's variations, with its line breaks.
    fn variations_heading(&self, n: usize) -> String;
    /// One variation: its number, the ply it leaves the main line at, its
    /// first moves (`tail`: ` …` when there are more).
    fn variation_line(&self, n: usize, from: usize, moves: &str, tail: &str) -> String;
    /// The variations not listed.
    fn more_variations(&self, n: usize) -> String;
    /// A ruling point's number and ply, with its line break.
    fn point_number(&self, i: usize, ply: usize) -> String;
    /// The summary's first line: files, games, ruled, bad.
    fn summary_counts(&self, files: usize, games: usize, ruled: usize, bad: usize) -> String;
    /// The summary's points by kind: repetition, natural limit, illegal
    /// move, end.
    fn summary_points(&self, points: [usize; 4]) -> String;
    /// A summary line listing `items` (`label n`) under `what`.
    fn summary_list(&self, what: SummaryList, items: &[String]) -> String;
    /// How the recorded results stand.
    fn summary_recorded(&self, c: &RecordedCounts) -> String;
    /// The reading: records cut, heading entries, warnings (`code n`).
    fn summary_reading(&self, cut: usize, headings: usize, warnings: &[String]) -> String;
    /// One game whose record disagrees with the rules.
    fn disagreement(
        &self,
        file: &str,
        game: usize,
        recorded: &str,
        ruled: &str,
        at: Option<usize>,
    ) -> String;
    /// The `n` games more not listed.
    fn more_games(&self, n: usize) -> String;
    /// How many of the games could not be read or ruled; `jsonl`: the
    /// reasons are in the JSON lines' `error` fields, not above.
    fn bad_games(&self, bad: usize, games: usize, jsonl: bool) -> String;
}

/// The report words of a language.
pub(crate) fn report(lang: Lang) -> &'static dyn Report {
    match lang {
        Lang::Zh => &zh::Zh,
        Lang::En => &en::En,
    }
}

/// The words of the arbiter's desk: its errors, and the notes it sends
/// with an answer. One method per kind of fault; each writes the whole
/// message, detail included.
pub(crate) trait Desk: Sync {
    /// Why the HTTP request itself is refused.
    fn http_fault(&self, e: &HttpFault) -> String;
    /// Why the desk cannot serve a request, as the page shows it.
    fn desk_fault(&self, e: &DeskFault) -> String;
    /// A chosen file larger than the desk takes (`limit` bytes).
    fn file_too_large(&self, limit: usize) -> String;
    /// A game sent cut (`crate::desk::truncated`).
    fn truncated(&self, plies: usize, max_plies: usize, max_tree: usize) -> String;
}

/// The desk words of a language.
pub(crate) fn desk(lang: Lang) -> &'static dyn Desk {
    match lang {
        Lang::Zh => &zh::Zh,
        Lang::En => &en::En,
    }
}

/// `1234567` as `1,234,567`: both languages group a count of positions
/// by thousands.
pub(crate) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            s.push(',');
        }
        s.push(d);
    }
    s
}

#[cfg(test)]
mod tests {
    use xq_core::Color;
    use xq_oracle::ruling::FollowUp;

    use super::of;
    use crate::Lang;

    /// What follows a ruling, in each language; `claim`: the ruling waits
    /// for a player's claim.
    fn said(f: FollowUp, claim: bool) -> [String; 2] {
        [Lang::Zh, Lang::En].map(|l| of(l).follow_up(&f, claim, "0-1"))
    }

    #[test]
    fn a_ruling_that_takes_effect_at_once_counts_no_further_cycle() {
        // Perpetual check under an edition that gives no further cycle and
        // whose arbiter rules unasked: the loss is the ruling itself.
        let [zh, en] = said(FollowUp::Lost { ply: 8, cycles: 0 }, false);
        assert_eq!(zh, "本规则不许再循环：裁决于第 8 着即时生效（0-1）。");
        assert_eq!(
            en,
            "The edition allows no further cycle: the ruling took effect at once, at ply 8 (0-1)."
        );
        // A loss after further cycles counts them.
        let [zh, en] = said(FollowUp::Lost { ply: 16, cycles: 2 }, false);
        assert!(zh.contains("继续循环 2 次"), "{zh}");
        assert!(en.contains("went on for 2 more cycles,"), "{en}");
    }

    #[test]
    fn a_record_ending_at_a_claimable_ruling_says_it_may_still_be_claimed() {
        let [zh, en] = said(FollowUp::RecordEnds { cycles: 0 }, true);
        assert_eq!(zh, "其后：棋谱于裁决处结束，循环局面仍在，裁决仍可提请。");
        assert_eq!(
            en,
            "Then: the record ends at the ruling, the repetition standing; the ruling may still be claimed."
        );
        let [zh, en] = said(FollowUp::RecordEnds { cycles: 1 }, true);
        assert_eq!(zh, "其后：棋谱于循环中结束（又循环 1 次），裁决仍可提请。");
        assert_eq!(
            en,
            "Then: the record ends with the repetition standing (1 more cycle); the ruling may still be claimed."
        );
        // Where the arbiter rules unasked there is nothing to claim.
        let [zh, en] = said(FollowUp::RecordEnds { cycles: 0 }, false);
        assert!(!zh.contains("提请") && !zh.contains('0'), "{zh}");
        assert!(!en.contains("claim") && !en.contains('0'), "{en}");
    }

    #[test]
    fn a_side_that_varies_at_once_played_no_further_cycle() {
        let f = FollowUp::Varied {
            ply: 9,
            by: Color::Red,
            cycles: 0,
        };
        let [zh, en] = said(f, true);
        assert_eq!(
            zh,
            "其后：红方于第 9 着变着（未再循环，其间无人提请裁决）。"
        );
        assert_eq!(
            en,
            "Then: Red left the cycle at ply 9, before another full cycle, nobody having claimed."
        );
        let f = FollowUp::Varied {
            ply: 13,
            by: Color::Black,
            cycles: 1,
        };
        let [zh, en] = said(f, false);
        assert_eq!(zh, "其后：黑方于第 13 着变着（此前又循环 1 次）。");
        assert_eq!(
            en,
            "Then: Black left the cycle at ply 13, after 1 more cycle."
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1000), "1,000");
        assert_eq!(super::grouped(4_000_000), "4,000,000");
    }
}
