//! The words the renderers show for the spec's vocabularies, in every
//! language. The vocabularies themselves (`xq_spec`) carry no language;
//! the words are the language's word catalogue, and this
//! module is how other crates (the desk) ask for them.

use xq_core::{Color, Counter, Outcome};
use xq_oracle::natural_limit::LimitState;
use xq_oracle::ruling::{CycleInfo, PointKind, RulingPoint, SearchReport};
use xq_records::RecordType;
use xq_spec::{Comparison, MoveKind, Pattern, RulingReason};

use crate::catalogue;
use crate::Lang;

/// A vocabulary value's label for people.
pub trait Label: Copy {
    /// The label in a language.
    fn label(self, lang: Lang) -> &'static str;
    /// The label in Chinese.
    fn zh(self) -> &'static str {
        self.label(Lang::Zh)
    }
    /// The label in English.
    fn en(self) -> &'static str {
        self.label(Lang::En)
    }
}

impl Label for MoveKind {
    /// In Chinese, the term of the clause that defines the kind: 将, 杀,
    /// 捉, 兑, 献, 拦, 跟, 闲; in English, its wire name.
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).move_kind(self)
    }
}

impl Label for RulingReason {
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).reason(self)
    }
}

impl Label for Pattern {
    /// In Chinese, the term of the clause that names the pattern: 长将,
    /// 长捉, 一将一捉 …
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).pattern(self)
    }
}

impl Label for PointKind {
    /// What an arbiter is called to: a repetition, the natural limit, an
    /// illegal move, the end of the game.
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).point_kind(self)
    }
}

impl Label for Color {
    /// A side: 红方, Red.
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).side(self)
    }
}

impl Label for Counter {
    /// A FEN move counter: 未吃子半回合数, halfmove clock.
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).counter(self)
    }
}

impl Label for RecordType {
    /// What part of a game a record holds (棋谱类型): 残局, endgame.
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).record_type(self)
    }
}

impl Label for Outcome {
    /// A result in words: Red wins, a draw, no result yet.
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).result(self)
    }
}

/// What happened after a point's repetition ruling (the player varied, the
/// ruling took effect, the record ended), as [`explain_game`](crate::explain_game)
/// says it; `None` when the point has no follow-up.
#[must_use]
pub fn follow_up(point: &RulingPoint, lang: Lang) -> Option<String> {
    crate::prose::follow_up(point, lang)
}

/// How a record's stated result stands beside the rules' (xq-spec's
/// [`Comparison`], the word of `xq rule`'s `comparison` and of the desk's
/// `agreement`), in a short phrase for the desk.
impl Label for Comparison {
    fn label(self, lang: Lang) -> &'static str {
        catalogue::of(lang).agreement(self)
    }
}

/// A cycle in one line: its plies, how often the position was seen,
/// whether the edition's count is reached, and who starts the ruling.
#[must_use]
pub fn cycle_fact(cycle: &CycleInfo, lang: Lang) -> String {
    catalogue::of(lang).cycle_fact(cycle)
}

/// A ruling's search bounds in one line, with the plies they did not
/// finish.
#[must_use]
pub fn search_fact(search: &SearchReport, lang: Lang) -> String {
    catalogue::of(lang).search_fact(search)
}

/// The natural limit's count in one line, with who may claim the draw.
#[must_use]
pub fn natural_limit_fact(limit: &LimitState, lang: Lang) -> String {
    catalogue::of(lang).natural_limit_fact(limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_counters_and_record_types_are_named_by_the_catalogues() {
        assert_eq!((Color::Red.zh(), Color::Black.zh()), ("红方", "黑方"));
        assert_eq!((Color::Red.en(), Color::Black.en()), ("Red", "Black"));
        assert_eq!(Counter::Halfmoves.zh(), "未吃子半回合数");
        assert_eq!(Counter::Fullmoves.zh(), "回合数");
        assert_eq!(Counter::Fullmoves.en(), "move number");
        let zh: Vec<&str> = [
            RecordType::FullGame,
            RecordType::Opening,
            RecordType::MiddleGame,
            RecordType::Endgame,
        ]
        .into_iter()
        .map(Label::zh)
        .collect();
        assert_eq!(zh, ["全局", "开局", "中局", "残局"]);
        assert_eq!(RecordType::Endgame.en(), "endgame");
    }
}
