//! Each side's pattern over a cycle (长将, 长捉, 一将一捉, 一将一闲 …) and
//! whether the edition forbids it (24.13, 24.14).

use super::terms::MoveKind;
use crate::edition::RepetitionRules;

pub use xq_spec::Pattern;

/// Whether the edition forbids this pattern (禁止着法).
#[must_use]
pub fn forbidden(pattern: Pattern, rules: &RepetitionRules) -> bool {
    match pattern {
        Pattern::PerpetualCheck | Pattern::PerpetualChase => true,
        Pattern::PerpetualKill => rules.perpetual_kill_forbidden,
        Pattern::CheckKill => rules.check_kill_forbidden,
        Pattern::CheckChase => rules.check_chase_forbidden,
        Pattern::KillChase => rules.kill_chase_forbidden,
        Pattern::PerpetualAttack => rules.perpetual_attack_forbidden,
        Pattern::AttackIdle | Pattern::Idle => false,
    }
}

/// The traditional Chinese name of a side's moves: 长将, 一将一捉, 二捉一闲 …
#[must_use]
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
            return format!("长{}", first.clause().entry().term);
        }
    }
    let mut s = String::new();
    for k in ORDER {
        let n = kinds.iter().filter(|&&x| x == k).count();
        if n > 0 {
            s.push_str(NUMERALS.get(n).copied().unwrap_or("数"));
            s.push_str(k.clause().entry().term);
        }
    }
    s
}
