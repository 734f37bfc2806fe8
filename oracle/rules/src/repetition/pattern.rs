//! Each side's pattern over a cycle (长将, 长捉, 一将一捉, 一将一闲 …) and
//! whether the edition forbids it (24.13, 24.14).

use serde::{Deserialize, Serialize};

use super::terms::MoveKind;
use crate::clauses::Clause;
use crate::edition::RepetitionRules;

/// A side's pattern of moves over a repetition cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// The pattern of a side's move kinds over a cycle.
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

    /// The name used in JSON and case files.
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

    /// A short English description.
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

    /// The clause that names the pattern.
    pub fn clause(self) -> Clause {
        match self {
            Pattern::PerpetualCheck => Clause::PerpetualCheck,
            Pattern::PerpetualKill => Clause::PerpetualKill,
            Pattern::PerpetualChase => Clause::PerpetualChase,
            Pattern::CheckKill => Clause::CheckKill,
            Pattern::CheckChase => Clause::CheckChase,
            Pattern::KillChase => Clause::KillChase,
            Pattern::PerpetualAttack => Clause::Forbidden,
            Pattern::AttackIdle | Pattern::Idle => Clause::Allowed,
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
            Pattern::PerpetualAttack => rules.perpetual_attack_forbidden,
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
