//! The words the renderers show for the spec's vocabularies, in every
//! language. The vocabularies themselves (`xq_spec`) carry no language;
//! the words are the language's [catalogue](crate::catalogue), and this
//! module is how other crates (the desk) ask for them.

use xq_core::Outcome;
use xq_oracle::ruling::{PointKind, RulingPoint};
use xq_spec::{MoveKind, Pattern, RulingReason};

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
