//! Each side's pattern over a cycle (长将, 长捉, 一将一捉, 一将一闲 …),
//! whether the edition forbids it, and the verdict when both are known.

use serde::{Deserialize, Serialize};

use crate::edition::{BothForbiddenRanking, RepetitionRules};

use super::classify::{Classified, MoveKind};

/// A side's pattern of moves over a repetition cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pattern {
    /// 长将: every move checks.
    PerpetualCheck,
    /// 长杀: every move threatens mate.
    PerpetualKill,
    /// 长捉: every move chases (one piece or several).
    PerpetualChase,
    /// 一将一杀 (and other check/kill mixes).
    CheckKill,
    /// 一将一捉 (and other check/chase mixes).
    CheckChase,
    /// 一杀一捉 (and other kill/chase mixes).
    KillChase,
    /// 长打: every move attacks, with checks, kills and chases mixed.
    PerpetualAttack,
    /// Attacks mixed with at least one 闲 (一将一闲, 一捉一闲, 数将一闲 …).
    AttackIdle,
    /// 长兑, 长献, 长拦, 长跟, 长闲, or any mix of kinds of 闲.
    Idle,
}

impl Pattern {
    pub fn of(kinds: &[MoveKind]) -> Pattern {
        let has = |k: MoveKind| kinds.contains(&k);
        if kinds.iter().any(|k| !k.is_attack()) {
            return if kinds.iter().any(|k| k.is_attack()) {
                Pattern::AttackIdle
            } else {
                Pattern::Idle
            };
        }
        match (
            has(MoveKind::Check),
            has(MoveKind::Kill),
            has(MoveKind::Chase),
        ) {
            (true, false, false) => Pattern::PerpetualCheck,
            (false, true, false) => Pattern::PerpetualKill,
            (false, false, true) => Pattern::PerpetualChase,
            (true, true, false) => Pattern::CheckKill,
            (true, false, true) => Pattern::CheckChase,
            (false, true, true) => Pattern::KillChase,
            _ => Pattern::PerpetualAttack,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "perpetual-check",
            Pattern::PerpetualKill => "perpetual-kill",
            Pattern::PerpetualChase => "perpetual-chase",
            Pattern::CheckKill => "check-kill",
            Pattern::CheckChase => "check-chase",
            Pattern::KillChase => "kill-chase",
            Pattern::PerpetualAttack => "perpetual-attack",
            Pattern::AttackIdle => "attack-idle",
            Pattern::Idle => "idle",
        }
    }

    pub fn english(self) -> &'static str {
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

    /// Whether the edition forbids this pattern (禁止着法).
    pub fn forbidden(self, rules: &RepetitionRules) -> bool {
        match self {
            Pattern::PerpetualCheck | Pattern::PerpetualChase => true,
            Pattern::PerpetualKill => rules.perpetual_kill_forbidden,
            Pattern::CheckKill => rules.check_kill_forbidden,
            Pattern::CheckChase => rules.check_chase_forbidden,
            Pattern::KillChase => rules.kill_chase_forbidden,
            Pattern::PerpetualAttack => {
                rules.check_kill_forbidden
                    && rules.check_chase_forbidden
                    && rules.kill_chase_forbidden
            }
            Pattern::AttackIdle | Pattern::Idle => false,
        }
    }
}

/// The traditional Chinese name of a side's moves: 长将, 一将一捉, 二捉一闲 …
pub fn chinese_name(kinds: &[MoveKind]) -> String {
    const ORDER: [MoveKind; 8] = [
        MoveKind::Check,
        MoveKind::Kill,
        MoveKind::Chase,
        MoveKind::Exchange,
        MoveKind::Offer,
        MoveKind::Block,
        MoveKind::Follow,
        MoveKind::Idle,
    ];
    const NUMERALS: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    if let Some(first) = kinds.first() {
        if kinds.iter().all(|k| k == first) {
            return format!("长{}", first.zh());
        }
    }
    let mut s = String::new();
    for k in ORDER {
        let n = kinds.iter().filter(|&&x| x == k).count();
        if n > 0 {
            s.push_str(NUMERALS.get(n).copied().unwrap_or("数"));
            s.push_str(k.zh());
        }
    }
    s
}

/// The weight of a forbidden move under CXA 2020 26.9: checks, kills, and
/// single-piece chases of a rook or of an unprotected piece are heavy;
/// joint chases and chases of under-protected pieces are light.
fn is_heavy(c: &Classified) -> bool {
    match c.kind {
        MoveKind::Check | MoveKind::Kill => true,
        MoveKind::Chase => c
            .chases
            .iter()
            .any(|t| t.single && (t.unprotected || t.target_piece.role == xq_core::Role::Rook)),
        _ => false,
    }
}

/// The outcome of a cycle in which both sides' patterns are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Both sides' patterns are allowed: a draw.
    BothAllowed,
    /// Both forbidden, of equal weight: a draw.
    BothForbidden,
    /// Both sides check perpetually: a draw.
    MutualPerpetualCheck,
    /// One side checks perpetually: it loses.
    PerpetualCheck { red_loses: bool },
    /// One side's pattern is forbidden and the other's allowed (or lighter):
    /// the forbidden side must vary, and loses if it does not.
    MustVary { red_must_vary: bool, ranked: bool },
}

/// The verdict on a cycle from both sides' patterns (whether each is
/// forbidden already accounts for the edition) and, for 26.9, their moves.
pub fn verdict(
    (red_pattern, red_forbidden, red): (Pattern, bool, &[Classified]),
    (black_pattern, black_forbidden, black): (Pattern, bool, &[Classified]),
    rules: &RepetitionRules,
) -> Verdict {
    match (
        red_pattern == Pattern::PerpetualCheck,
        black_pattern == Pattern::PerpetualCheck,
    ) {
        (true, true) => return Verdict::MutualPerpetualCheck,
        (true, false) => return Verdict::PerpetualCheck { red_loses: true },
        (false, true) => return Verdict::PerpetualCheck { red_loses: false },
        _ => {}
    }
    match (red_forbidden, black_forbidden) {
        (false, false) => Verdict::BothAllowed,
        (true, false) => Verdict::MustVary {
            red_must_vary: true,
            ranked: false,
        },
        (false, true) => Verdict::MustVary {
            red_must_vary: false,
            ranked: false,
        },
        (true, true) => match rules.both_forbidden_ranking {
            BothForbiddenRanking::CheckBeatsChase => Verdict::BothForbidden,
            BothForbiddenRanking::Cxa26_9 => {
                let red_heavy = red.iter().all(is_heavy);
                let black_heavy = black.iter().all(is_heavy);
                match (red_heavy, black_heavy) {
                    (true, false) => Verdict::MustVary {
                        red_must_vary: true,
                        ranked: true,
                    },
                    (false, true) => Verdict::MustVary {
                        red_must_vary: false,
                        ranked: true,
                    },
                    _ => Verdict::BothForbidden,
                }
            }
        },
    }
}
