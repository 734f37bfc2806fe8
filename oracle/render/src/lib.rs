#![deny(missing_docs)]
// A library's pure results are worth nothing unused: a new public function
// that returns one says so (issue 19), and CI's -D warnings holds it.
#![warn(clippy::must_use_candidate)]
//! The xiangqi (象棋) oracle's rulings for people and programs: the
//! explanations in Chinese and English, the pictures (SVG and text boards),
//! and the JSON views — of the typed results `xq-oracle` returns.
//!
//! `xq-oracle` rules and says nothing: its [`Ruling`] and [`GameRuling`]
//! are data. Every word, picture and wire view of them is made here, so a
//! change of wording or a new language touches this crate alone:
//!
//! - [`explain`], [`headline`] and [`explain_game`]: the prose, in a
//!   [`Lang`];
//! - [`words`]: the labels of the spec's vocabularies (move kinds,
//!   patterns, ruling reasons);
//! - [`picture`]: the board as SVG or Unicode text, with a ruling's cycle
//!   drawn on it;
//! - [`answer`], [`ruling_json`] and [`game_json`]: the JSON form of
//!   `spec/RULINGS.md`, explanation included;
//! - [`protocol`]: the built-in oracle's answers to the suite protocol;
//! - [`report`]: the words of `xq rule`'s reports on record files and of
//!   its errors;
//! - [`rule_texts`]: a ruling on a record's move texts (read by xq-core,
//!   ruled by `xq-oracle` on the typed moves), for every caller that has
//!   texts;
//! - [`speak`]: the errors and warnings of xq-core and xq-records in
//!   Chinese (English is their `Display`).
//!
//! ```
//! use xq_core::{Game, Position};
//! use xq_oracle::edition;
//! use xq_oracle::ruling::{rule, RulingOptions};
//! use xq_render::{explain, Lang};
//!
//! let start = Position::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w")?;
//! let moves = "车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5";
//! let game = Game::from_texts(start, &moves.split(' ').collect::<Vec<_>>())?;
//! let ruling = rule(&game, edition::get("cxa-2020").unwrap(), &RulingOptions::default());
//! assert!(explain(&ruling, Lang::Zh).contains("红方长将，判负"));
//! assert!(explain(&ruling, Lang::En).contains("Red checks perpetually and loses"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod catalogue;
pub mod desk;
pub mod picture;
mod prose;
pub mod protocol;
pub mod report;
pub mod speak;
pub mod words;

use xq_oracle::clauses::Clause;
use xq_oracle::edition::Edition;
use xq_oracle::protocol::RulingAnswer;
use xq_oracle::ruling::{GameRuling, Ruling};

pub use speak::Speak;

/// The ruling on a record's move texts (ICCS, WXF or Chinese notation) from
/// `start`, its last move ruled on when it breaks a rule: the texts are
/// read by [`xq_core::read_record`] (an illegal move before the last, or a
/// text that is no move to rule on, is an error) and the typed game ruled
/// by [`xq_oracle::ruling::rule_final`]. The one reading of texts that the
/// CLI, the protocol, wasm and Python share.
///
/// ```
/// use xq_core::Position;
/// use xq_oracle::{edition, ruling::RulingOptions};
///
/// let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
/// let ed = edition::get("cxa-2020").unwrap();
/// let options = RulingOptions::default();
/// // e0d0 makes the kings face (自杀): a ruling; a move after it: an error.
/// let r = xq_render::rule_texts(start.clone(), &["e0d0"], ed, &options).unwrap();
/// assert_eq!(r.illegal_move.unwrap().text, "e0d0");
/// let e = xq_render::rule_texts(start, &["e0d0", "d9e9"], ed, &options).unwrap_err();
/// assert!(e.to_string().contains("the record goes on after it"));
/// ```
pub fn rule_texts<S: AsRef<str>>(
    start: xq_core::Position,
    texts: &[S],
    edition: &Edition,
    options: &xq_oracle::ruling::RulingOptions,
) -> Result<Ruling, xq_oracle::ruling::RecordError> {
    let (game, last) = xq_core::read_record(start, texts)?;
    xq_oracle::ruling::rule_final(&game, last.as_ref(), edition, options)
}

/// The language of an explanation, a picture's caption and its labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// 中文.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Every language, Chinese first.
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// Its name on the command line and in the bindings: `zh` or `en`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }
}

/// The explanation of a ruling, for arbiters and players.
#[must_use]
pub fn explain(ruling: &Ruling, lang: Lang) -> String {
    prose::explain(ruling, lang)
}

/// The verdict in a line or two, for a picture's caption.
#[must_use]
pub fn headline(ruling: &Ruling, lang: Lang) -> String {
    prose::headline(ruling, lang)
}

/// A whole game's ruling points and result, for arbiters.
#[must_use]
pub fn explain_game(game: &GameRuling, lang: Lang) -> String {
    prose::explain_game(game, lang)
}

/// The wire form of `spec/RULINGS.md`: the ruling and its explanation in
/// `lang`.
#[must_use]
pub fn answer(ruling: &Ruling, lang: Lang) -> RulingAnswer {
    RulingAnswer {
        explanation: Some(explain(ruling, lang)),
        ..ruling.wire()
    }
}

/// The JSON form of `spec/RULINGS.md`: the ruling and its explanation.
#[must_use]
pub fn ruling_json(ruling: &Ruling, lang: Lang) -> serde_json::Value {
    serde_json::to_value(answer(ruling, lang)).expect("a ruling serializes")
}

/// The JSON form of a game's ruling: its points, each with its ruling's
/// explanation in `lang`, and how the record's result compares.
#[must_use]
pub fn game_json(game: &GameRuling, lang: Lang) -> serde_json::Value {
    let mut v = serde_json::to_value(game).expect("a game ruling serializes");
    v["comparison"] = serde_json::json!(game.comparison().name());
    if let Some(points) = v.get_mut("points").and_then(|p| p.as_array_mut()) {
        for (p, point) in points.iter_mut().zip(&game.points) {
            p["ruling"] = ruling_json(&point.ruling, lang);
        }
    }
    v
}

/// How a clause's articles are cited in an edition, `id (24.3, figure 2)`,
/// every kind of reference in the language (`图2`, `棋例总纲第1条` …).
pub(crate) fn cite(clause: Clause, edition: &str, words: &dyn catalogue::Catalogue) -> String {
    let articles: Vec<String> = clause
        .articles(edition)
        .iter()
        .map(|a| words.article(a))
        .collect();
    if articles.is_empty() {
        clause.id().to_string()
    } else {
        format!("{} ({})", clause.id(), articles.join(", "))
    }
}

/// The edition a ruling was made under.
pub(crate) fn edition_of(r: &Ruling) -> &'static Edition {
    xq_oracle::edition::get(&r.edition).expect("a ruling names a known edition")
}

// The README's examples are tests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// What the edition makes of a decided cycle if the players go on
/// (spec/EDITIONS.md, "Counting the cycle"): the further cycles the side
/// ruled against may play before the result stands. `Some(0)`: the ruling
/// itself decides; `Some(n)`: it must vary, and `n` more cycles decide;
/// `None`: it must vary, and the edition does not say after how many.
pub(crate) fn cycles_before_result(r: &Ruling) -> Option<u32> {
    use xq_oracle::ruling::RulingReason;
    let rules = edition_of(r).repetition();
    match r.reason {
        RulingReason::PerpetualCheck => rules.extra_cycles_before_loss.perpetual_check,
        RulingReason::MustVary => rules.extra_cycles_before_loss.other_violation,
        _ => rules.extra_cycles_before_draw,
    }
}
