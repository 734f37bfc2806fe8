//! The words the renderers show for the spec's vocabularies, in Chinese
//! and English. The vocabularies themselves (`xq_spec`) carry no language;
//! a renderer looks here.

use xq_spec::{MoveKind, Pattern, RulingReason};

use crate::Lang;

/// A vocabulary value's label for people.
pub trait Label: Copy {
    /// The label in Chinese.
    fn zh(self) -> &'static str;
    /// The label in English.
    fn en(self) -> &'static str;
    /// The label in a language.
    fn label(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh(),
            Lang::En => self.en(),
        }
    }
}

impl Label for MoveKind {
    /// The term of the clause that defines the kind: 将, 杀, 捉, 兑, 献, 拦,
    /// 跟, 闲.
    fn zh(self) -> &'static str {
        self.clause().entry().term
    }

    fn en(self) -> &'static str {
        self.name()
    }
}

impl Label for RulingReason {
    fn zh(self) -> &'static str {
        match self {
            RulingReason::Checkmate => "将死",
            RulingReason::Stalemate => "困毙",
            RulingReason::PerpetualCheck => "长将",
            RulingReason::MutualPerpetualCheck => "双方长将",
            RulingReason::BothAllowed => "双方不变作和",
            RulingReason::BothForbidden => "双方均犯禁例作和",
            RulingReason::MustVary => "一方须变着",
            RulingReason::NaturalLimit => "自然限着",
            RulingReason::IllegalMove => "违例着法",
            RulingReason::None => "无须裁决",
            _ => self.name(),
        }
    }

    fn en(self) -> &'static str {
        match self {
            RulingReason::Checkmate => "checkmate",
            RulingReason::Stalemate => "no legal move (stalemate)",
            RulingReason::PerpetualCheck => "perpetual check",
            RulingReason::MutualPerpetualCheck => "mutual perpetual check",
            RulingReason::BothAllowed => "both allowed: draw",
            RulingReason::BothForbidden => "both forbidden: draw",
            RulingReason::MustVary => "one side must vary",
            RulingReason::NaturalLimit => "natural move limit",
            RulingReason::IllegalMove => "illegal move",
            RulingReason::None => "nothing to rule",
            _ => self.name(),
        }
    }
}

impl Label for Pattern {
    /// The term of the clause that names the pattern: 长将, 长捉, 一将一捉 …
    fn zh(self) -> &'static str {
        self.clause().entry().term
    }

    fn en(self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "perpetual check",
            Pattern::PerpetualKill => "perpetual mate threat",
            Pattern::PerpetualChase => "perpetual chase",
            Pattern::CheckKill => "checks alternating with mate threats",
            Pattern::CheckChase => "checks alternating with chases",
            Pattern::KillChase => "mate threats alternating with chases",
            Pattern::PerpetualAttack => "perpetual attack",
            Pattern::AttackIdle => "attacks mixed with idle moves",
            Pattern::Idle => "idle moves",
        }
    }
}
