//! What a side threatens: material it could win on its next move (the raw
//! material of 捉), and mate by checks (the raw material of 杀).

use crate::edition::RepetitionRules;
use crate::material::value;
use crate::position::Position;
use crate::types::{Move, Piece, Role, Square};

/// Bounds of the threat searches; see `spec/RULINGS.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// 杀: the longest mate by consecutive checks looked for, in the
    /// attacker's moves (1 = mate in one).
    pub kill_depth: u32,
    /// 捉 through checks: how many consecutive checks may precede the
    /// winning capture (0 turns the search off).
    pub check_win_depth: u32,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            kill_depth: 3,
            check_win_depth: 1,
        }
    }
}

/// One way the side to move could win material next move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The piece that would be won, and where it stands.
    pub target: Square,
    pub target_piece: Piece,
    /// The piece that makes the first capture (or the first check).
    pub attacker: Square,
    pub attacker_piece: Piece,
    /// Net material won after the complete exchange.
    pub gain: i32,
    /// Won through a check or consecutive checks rather than a capture.
    pub by_check: bool,
    /// No piece can take back on the target's point (无根, or 假根).
    pub unprotected: bool,
    /// The attacker wins it alone: the target is unprotected, or worth more
    /// than the attacker. Otherwise the win needs help (a joint chase, or a
    /// 少根 target with fewer protectors than attackers).
    pub single: bool,
}

/// Whether a piece counts as 子力 (material that can be chased).
pub fn is_material(piece: Piece, sq: Square, rules: &RepetitionRules) -> bool {
    match piece.role {
        Role::King => false,
        Role::Pawn => rules.unpromoted_pawn_chasable || !sq.on_side_of(piece.color),
        _ => true,
    }
}

/// Material the side to move could win with one capture, after the complete
/// exchange, without being mated at once for it.
fn capture_threats(pos: &Position, rules: &RepetitionRules) -> Vec<Threat> {
    let mut out = Vec::new();
    for m in pos.legal_captures() {
        let target_piece = pos.piece_at(m.to).expect("a capture");
        if !is_material(target_piece, m.to, rules) {
            continue;
        }
        let gain = pos.capture_gain(m);
        if gain <= 0 {
            continue;
        }
        let after = pos.play_unchecked(m);
        // 24.3: a gain the opponent answers with mate is no gain.
        if after.has_mate_in_one() {
            continue;
        }
        let attacker_piece = pos.piece_at(m.from).expect("a mover");
        let unprotected = !after.legal_captures().iter().any(|r| r.to == m.to);
        out.push(Threat {
            target: m.to,
            target_piece,
            attacker: m.from,
            attacker_piece,
            gain,
            by_check: false,
            unprotected,
            single: unprotected || value(target_piece) > value(attacker_piece),
        });
    }
    out
}

/// Material won through a check (抽将, 长要抽吃): after the check, whatever
/// the opponent answers, a winning capture (or a further check, up to the
/// depth) follows.
fn check_threats(pos: &Position, rules: &RepetitionRules, depth: u32) -> Vec<Threat> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for m in pos.legal_moves() {
        if pos.is_capture(m) || !pos.gives_check(m) {
            continue;
        }
        let after = pos.play_unchecked(m);
        let replies = after.legal_moves();
        if replies.is_empty() {
            continue; // that is mate, not a material threat
        }
        let mut won: Option<Vec<Threat>> = None;
        for r in replies {
            let next = after.play_unchecked(r);
            let mut t = capture_threats(&next, rules);
            if t.is_empty() && depth > 1 {
                t = check_threats(&next, rules, depth - 1);
            }
            if t.is_empty() {
                won = None;
                break;
            }
            // Keep the targets that are won whatever the reply.
            won = Some(match won {
                None => t,
                Some(prev) => prev
                    .into_iter()
                    .filter(|p| t.iter().any(|x| x.target == p.target))
                    .collect(),
            });
            if won.as_ref().is_some_and(|w| w.is_empty()) {
                break;
            }
        }
        for t in won.unwrap_or_default() {
            if out.iter().any(|o: &Threat| o.target == t.target) {
                continue;
            }
            out.push(Threat {
                attacker: m.from,
                attacker_piece: pos.piece_at(m.from).expect("a mover"),
                by_check: true,
                single: true,
                ..t
            });
        }
    }
    out
}

/// Every way the side to move could win material next move.
pub fn threats(pos: &Position, rules: &RepetitionRules, limits: &SearchLimits) -> Vec<Threat> {
    let mut t = capture_threats(pos, rules);
    if rules.threat_to_win_by_check_is_chase {
        for c in check_threats(pos, rules, limits.check_win_depth) {
            if !t.iter().any(|x| x.target == c.target) {
                t.push(c);
            }
        }
    }
    t
}

/// Whether the side to move can mate by consecutive checks within `depth`
/// of its own moves, whatever the defence.
pub fn mate_by_checks(pos: &Position, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    let mut moves: Vec<Move> = pos.legal_moves();
    moves.retain(|&m| pos.gives_check(m));
    moves.into_iter().any(|m| {
        let after = pos.play_unchecked(m);
        let replies = after.legal_moves();
        replies.is_empty()
            || (depth > 1
                && replies
                    .into_iter()
                    .all(|r| mate_by_checks(&after.play_unchecked(r), depth - 1)))
    })
}
