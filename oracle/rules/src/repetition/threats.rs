//! What a side threatens: material it could win on its next move — the raw
//! material of 捉. Which of these threats make a move a chase is the chase
//! term's business (`terms/chase.rs`).

use xq_core::{geometry, Move, Piece, Position, Role, Square};

use super::material::{is_material, value, worth, Accounting};
use super::search::Search;
use crate::edition::{ChaseModel, RepetitionRules};

/// One way the side to move could win material next move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The piece that would be won, and where it stands.
    pub target: Square,
    /// The piece that would be won.
    pub target_piece: Piece,
    /// The piece that makes the first capture (or the first check).
    pub attacker: Square,
    /// The piece that makes the first capture or check.
    pub attacker_piece: Piece,
    /// Net material won after the complete exchange.
    pub gain: i32,
    /// Won through a check or consecutive checks rather than a capture.
    pub by_check: bool,
    /// The piece the first move takes, when it is a capturing check that
    /// wins `target` after the answer.
    pub first_victim: Option<Square>,
    /// No piece can take back on the target's point (无根, or 假根).
    pub unprotected: bool,
    /// The attacker wins it alone: nothing of the opponent's could even
    /// try to take back (not merely none that legally can), or the target
    /// is worth more than the attacker. Otherwise the win needs help: a
    /// joint chase (a second capturer, a piece pinning the protector or
    /// guarding the point), or a 少根 target.
    pub single: bool,
    /// The target is a rook held immobile by an enemy horse (Asian rule
    /// 19), which may never be chased perpetually.
    pub held_rook: bool,
}

/// Whether the rook on `sq` (its side to move) is held immobile by an enemy
/// horse (Asian rule 19): it stands on the leg of a horse's jump onto its
/// own king, so it cannot move except to take that horse.
pub fn held_by_horse(pos: &Position, sq: Square) -> bool {
    let Some(rook) = pos.piece_at(sq) else {
        return false;
    };
    let king = pos.king(rook.color);
    let horse = Some(Piece::new(rook.color.other(), Role::Horse));
    let pinned = Square::iter()
        .any(|h| pos.piece_at(h) == horse && geometry::horse_leg(h, king) == Some(sq));
    pinned
        && pos
            .legal_moves()
            .iter()
            .filter(|m| m.from == sq)
            .all(|m| pos.piece_at(m.to).is_some_and(|p| p.role == Role::Horse))
}

impl Search<'_> {
    /// Every way the side to move could win material next move: captures
    /// that come out ahead, and (where the edition counts them) wins through
    /// checks.
    pub fn threats(&self, pos: &Position, rules: &RepetitionRules) -> Vec<Threat> {
        if rules.chase_model == ChaseModel::Protection {
            return self.protection_threats(pos, rules);
        }
        let mut t = self.capture_threats(pos, rules, self.limits.kill_depth);
        if rules.threat_to_win_by_check_is_chase {
            for c in self.check_threats(pos, rules, self.limits.check_win_depth) {
                if !t.iter().any(|x| x.target == c.target) {
                    t.push(c);
                }
            }
        }
        t
    }

    /// The net gain of the capture `m` when it wins material in the sense
    /// of 捉, else `None`: the victim is material, and the complete exchange
    /// — in which the chaser's king and pawns capture nothing where their
    /// own attacks are idle — comes out ahead, or level when the target is
    /// won on its own point and the loss is elsewhere (26.5; 参考图27: the
    /// cannon takes an unprotected rook, and the rook it was screening is
    /// lost in return).
    fn winning_gain(&self, pos: &Position, m: Move, rules: &RepetitionRules) -> Option<i32> {
        let target = pos.piece_at(m.to)?;
        if !is_material(target, m.to, rules) {
            return None;
        }
        let gain = if rules.king_pawn_alone_chase_allowed {
            self.gain_without_king_pawn(pos, m, Accounting::Figures)
        } else {
            self.gain(pos, m, Accounting::Figures)
        };
        (gain > 0 || (gain == 0 && self.local_gain(pos, m) > 0)).then_some(gain)
    }

    /// Material the side to move could win with one capture, after the
    /// complete exchange, without the opponent then mating by checks within
    /// `mate_depth` moves.
    fn capture_threats(
        &self,
        pos: &Position,
        rules: &RepetitionRules,
        mate_depth: u32,
    ) -> Vec<Threat> {
        let mut out = Vec::new();
        for m in self.captures(pos) {
            let Some(gain) = self.winning_gain(pos, m, rules) else {
                continue;
            };
            let target_piece = pos.piece_at(m.to).expect("a capture");
            let after = pos.play_unchecked(m);
            // 24.3: a gain the opponent answers with mate is no gain — mate
            // by checks, the same reach as 杀 (图8: the king steps back so
            // that taking the pawn no longer runs into a mate by two checks).
            if self.mate_by_checks(&after, mate_depth) {
                continue;
            }
            let attacker_piece = pos.piece_at(m.from).expect("a mover");
            let unprotected = !self.captures(&after).iter().any(|r| r.to == m.to);
            // A root that is false (假根) only because another of our pieces
            // pins the protector or guards the point needs that piece's help:
            // the chase is joint (图11, 图28), unless the attacker alone is
            // worth less than its prey.
            let no_root_at_all = after.attackers(m.to, after.turn()).is_empty();
            out.push(Threat {
                target: m.to,
                target_piece,
                attacker: m.from,
                attacker_piece,
                gain,
                by_check: false,
                first_victim: None,
                unprotected,
                single: no_root_at_all || value(target_piece) > value(attacker_piece),
                held_rook: false,
            });
        }
        out
    }

    /// The best of [`Search::capture_threats`] by gain, and its target:
    /// the same answer (the last of the equally best, in move order), but
    /// the mate search runs only on the candidates tried best first, and
    /// the protection details are not worked out. Lines of checks ask this
    /// at every reply, which is what makes it worth its own function.
    fn best_capture(
        &self,
        pos: &Position,
        rules: &RepetitionRules,
        mate_depth: u32,
    ) -> Option<(i32, Square)> {
        let mut candidates: Vec<(i32, usize, Move)> = Vec::new();
        for (i, m) in self.captures(pos).into_iter().enumerate() {
            if let Some(gain) = self.winning_gain(pos, m, rules) {
                candidates.push((gain, i, m));
            }
        }
        // Best gain first; among equals the later move, as `max_by_key`
        // over `capture_threats` would choose.
        candidates.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
        candidates
            .into_iter()
            .find(|&(_, _, m)| !self.mate_by_checks(&pos.play_unchecked(m), mate_depth))
            .map(|(gain, _, m)| (gain, m.to))
    }

    /// The Asian rules' threats: captures after which the target cannot be
    /// taken back — no legal recapture on its point (无根, 假根; terms 13–15:
    /// protection is judged after the capture) — and captures of a rook by a
    /// horse or cannon (rules 15, 26) or of a rook held by a horse (rule
    /// 19), protected or not. Unlike the Chinese rules' 24.3, the Asian
    /// definition of a chase (term 3: a move threatening to take a piece
    /// next move) does not ask what the capture would cost: an attack that a
    /// mate deters is still an attack (diagram 103: a rook screening its
    /// cannon's attack does not chase by stepping out of an offer).
    fn protection_threats(&self, pos: &Position, rules: &RepetitionRules) -> Vec<Threat> {
        let mut out = Vec::new();
        for m in self.captures(pos) {
            let target_piece = pos.piece_at(m.to).expect("a capture");
            if !is_material(target_piece, m.to, rules) {
                continue;
            }
            let attacker_piece = pos.piece_at(m.from).expect("a mover");
            let after = pos.play_unchecked(m);
            let unprotected = !self.captures(&after).iter().any(|r| r.to == m.to);
            let rook = target_piece.role == Role::Rook;
            let held_rook = rook && pos.passed().is_some_and(|p| held_by_horse(&p, m.to));
            let named = rook && matches!(attacker_piece.role, Role::Horse | Role::Cannon);
            if !(unprotected || named || held_rook) {
                continue;
            }
            out.push(Threat {
                target: m.to,
                target_piece,
                attacker: m.from,
                attacker_piece,
                gain: value(target_piece),
                by_check: false,
                first_victim: None,
                unprotected,
                single: true,
                held_rook,
            });
        }
        out
    }

    /// What the check `m` surely wins against every defence, followed by
    /// one winning capture or by further checks (up to `depth` checks in
    /// all), and the pieces taken at the end of the weakest defence's line.
    /// Mate is not material and is left to the mate search.
    ///
    /// The caller needs only a result above `floor`: once one defence holds
    /// the check to `floor` or less the search stops and returns that
    /// bound (a cut, as in alpha-beta; a result above `floor` is exact).
    fn check_line(
        &self,
        pos: &Position,
        m: Move,
        rules: &RepetitionRules,
        depth: u32,
        floor: i32,
    ) -> Option<(i32, Vec<Square>)> {
        let after = pos.play_unchecked(m);
        let replies = self.moves(&after);
        if replies.is_empty() {
            return None;
        }
        let mut worst: Option<(i32, Vec<Square>)> = None;
        for r in replies {
            // The checking piece, if the answer takes it, was sacrificed:
            // a pawn given up floats to a minor piece's worth (图24).
            let lost = after.piece_at(r.to).map_or(0, |p| {
                if r.to == m.to {
                    worth(p, pos.turn())
                } else {
                    value(p)
                }
            });
            let next = after.play_unchecked(r);
            // Within a line of checks only an immediate mate voids a gain: a
            // deeper mate search at every reply would cost too much.
            let mut line = self
                .best_capture(&next, rules, 1)
                .map(|(gain, target)| (gain, vec![target]))
                .unwrap_or((0, vec![]));
            if let Some(deeper) = self.win_by_checks(&next, rules, depth - 1, line.0) {
                if deeper.0 > line.0 {
                    line = deeper;
                }
            }
            let score = line.0 - lost;
            if worst.as_ref().is_none_or(|w| score < w.0) {
                worst = Some((score, line.1));
            }
            if score <= -4 || score <= floor {
                // Nothing this check takes can make up for it, or the
                // caller has something at least as good already.
                break;
            }
        }
        worst
    }

    /// The best of [`Search::check_line`] over all checks of the side to
    /// move, counting what a capturing check takes; exact when above
    /// `floor` (what the caller has already), else at most `floor`.
    fn win_by_checks(
        &self,
        pos: &Position,
        rules: &RepetitionRules,
        depth: u32,
        floor: i32,
    ) -> Option<(i32, Vec<Square>)> {
        if depth == 0 {
            return None;
        }
        let mut best: Option<(i32, Vec<Square>)> = None;
        for m in self.moves(pos) {
            if !pos.gives_check(m) {
                continue;
            }
            let taken = pos.piece_at(m.to);
            // Only a score above every bound already held is of use.
            let need = floor.max(best.as_ref().map_or(0, |b| b.0));
            let Some((score, mut targets)) =
                self.check_line(pos, m, rules, depth, need - taken.map_or(0, value))
            else {
                continue;
            };
            let score = score + taken.map_or(0, value);
            if taken.is_some_and(|t| is_material(t, m.to, rules)) {
                targets.insert(0, m.to);
            }
            if score > 0 && best.as_ref().is_none_or(|b| score > b.0) {
                best = Some((score, targets));
            }
        }
        best
    }

    /// Material won through checks (抽将, 长要抽吃): threats whose first move
    /// is a check and which win material whatever the defence. A capturing
    /// check's own victim is left to the capture threats; what it wins after
    /// the answer (图26: the cannon takes with check, then a second cannon
    /// takes the rook it uncovered) is won through the check.
    fn check_threats(&self, pos: &Position, rules: &RepetitionRules, depth: u32) -> Vec<Threat> {
        let mut out: Vec<Threat> = Vec::new();
        if depth == 0 {
            return out;
        }
        for m in self.moves(pos) {
            if !pos.gives_check(m) {
                continue;
            }
            let Some((gain, targets)) = self.check_line(pos, m, rules, depth, 0) else {
                continue;
            };
            // After the answer: a capturing check that is merely taken back
            // wins nothing beyond its victim.
            if gain <= 0 || targets.is_empty() {
                continue;
            }
            for target in targets {
                let Some(target_piece) = pos.piece_at(target).filter(|p| p.color != pos.turn())
                else {
                    continue;
                };
                if out.iter().any(|o| o.target == target) {
                    continue;
                }
                out.push(Threat {
                    target,
                    target_piece,
                    attacker: m.from,
                    attacker_piece: pos.piece_at(m.from).expect("a mover"),
                    gain,
                    by_check: true,
                    first_victim: pos.piece_at(m.to).map(|_| m.to),
                    // Won outright, whatever the defence: as good as unprotected.
                    unprotected: true,
                    single: true,
                    held_rook: false,
                });
            }
        }
        out
    }
}
