//! The threats of the Chinese rules (CXA 2020 24.3, 26.5; CXA 1999 28.3,
//! 29.1): material the side to move could win next move — a capture that
//! comes out ahead after the complete exchange and is not answered by mate,
//! or (where the edition counts it) material won through a check or a
//! series of checks (抽将, 长要抽吃).

use xq_core::{Move, Position, Role, Square};

use crate::repetition::material::{is_material, Accounting};
use crate::repetition::search::{board_order, seen_by, Search};
use crate::repetition::threats::Threat;

/// Every way the side to move could win material next move: captures that
/// come out ahead, and (where the edition counts them) wins through checks.
pub fn threats(s: &Search, pos: &Position) -> Vec<Threat> {
    let mut t = capture_threats(s, pos, s.limits.kill_depth);
    if s.rules.threat_to_win_by_check_is_chase {
        for c in check_threats(s, pos, s.limits.check_win_depth) {
            if !t.iter().any(|x| x.target == c.target) {
                t.push(c);
            }
        }
    }
    t
}

/// The net gain of the capture `m` when it wins material in the sense of
/// 捉, else `None`: the victim is material, and the complete exchange — in
/// which the chaser's king and pawns capture nothing where their own
/// attacks are idle — comes out ahead, or level when the target is won on
/// its own point and the loss is elsewhere (26.5; 参考图27: the cannon takes
/// an unprotected rook, and the rook it was screening is lost in return).
/// A crossed pawn won for an advisor or an elephant lost elsewhere is no
/// such level exchange: the float counts a pawn like an advisor (2020 1.2;
/// 1999 25.3), so the trade wins nothing (a pawn won for a minor piece,
/// level only through the float, still is: 图22, 参考图46).
fn winning_gain(s: &Search, pos: &Position, m: Move) -> Option<i32> {
    let target = pos.piece_at(m.to)?;
    if !is_material(target, m.to, s.rules) {
        return None;
    }
    let king_pawn = !s.rules.king_pawn_alone_chase_allowed;
    let gain = if king_pawn {
        s.gain(pos, m, Accounting::Figures)
    } else {
        s.gain_without_king_pawn(pos, m, Accounting::Figures)
    };
    let level = gain == 0 && s.local_gain(pos, m) > 0 && !s.pawn_traded_even(pos, m, king_pawn);
    (gain > 0 || level).then_some(gain)
}

/// Material the side to move could win with one capture, after the
/// complete exchange, without the opponent then mating by checks within
/// `mate_depth` moves.
fn capture_threats(s: &Search, pos: &Position, mate_depth: u32) -> Vec<Threat> {
    let mut out = Vec::new();
    for m in board_order(pos, s.captures(pos)) {
        let Some(gain) = winning_gain(s, pos, m) else {
            continue;
        };
        let target_piece = pos.piece_at(m.to).expect("a capture");
        let after = pos.play_unchecked(m);
        // 24.3: a gain the opponent answers with mate is no gain — mate by
        // checks, the same reach as 杀 (图8: the king steps back so that
        // taking the pawn no longer runs into a mate by two checks).
        if s.mate_by_checks(&after, mate_depth) {
            continue;
        }
        // 24.3's complete exchange: a capture that hands the opponent a
        // line of checks winning back at least as much wins nothing
        // (参考图34: the elephant's capture of the cannon opens the back
        // rank to the black rook's skewer by two checks).
        if loses_to_counter_checks(s, pos, m.from, &after, gain) {
            continue;
        }
        let attacker_piece = pos.piece_at(m.from).expect("a mover");
        let unprotected = !s.captures(&after).iter().any(|r| r.to == m.to);
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
            single: no_root_at_all || s.value(target_piece) > s.value(attacker_piece),
            held_rook: false,
        });
    }
    out
}

/// Whether the capture from `capturer` that led to `after` lets the
/// opponent win back, through a check or consecutive checks, at least its
/// gain `gain` more than the opponent could already win so in `pos` (24.3's
/// complete exchange: a capture that hands the opponent a winning line of
/// checks wins nothing). What the opponent's checks won already is a threat
/// of its own that the capture neither makes nor answers (各吃各子), so only
/// the difference counts — unless what they won already is the capturer
/// itself: a piece that checks would win where it stands, and still win
/// where it captures, is taken back in the capture's own exchange, not
/// beside it (图16: before 将6退1 the rook's capture of the pawn is lost to
/// the discovered check that already threatened the rook). A level capture
/// (gain 0, 26.5) has its loss elsewhere counted already.
fn loses_to_counter_checks(
    s: &Search,
    pos: &Position,
    capturer: Square,
    after: &Position,
    gain: i32,
) -> bool {
    if !s.rules.threat_to_win_by_check_is_chase || gain <= 0 {
        return false;
    }
    let depth = s.limits.check_win_depth;
    let standing = pos
        .passed()
        .and_then(|p| win_by_checks(s, &p, depth, 0))
        .filter(|b| !b.named.contains(&capturer))
        .map_or(0, |b| b.gain);
    win_by_checks(s, after, depth, standing + gain - 1).is_some_and(|b| b.gain >= standing + gain)
}

/// What a line of checks surely wins: the net gain, the pieces taken at the
/// end of the weakest defence's line, and the pieces that give its checks,
/// by where they stand before the line.
struct CheckWin {
    gain: i32,
    named: Vec<Square>,
    checkers: Vec<Square>,
}

/// What a line ends on, read off the board: the pieces named, by kind and
/// by where they stand ([`seen_by`]). Between two lines that
/// win as much, the one whose outcome sorts first is kept, so that two
/// defences or two checks that are each other's mirror image, and tie in
/// [`board_order`], still name the same piece on a mirrored or
/// colour-flipped board.
fn outcome(pos: &Position, named: &[Square]) -> Vec<(u8, (i8, i8))> {
    let mut key: Vec<(u8, (i8, i8))> = named
        .iter()
        .map(|&sq| {
            let role = pos.piece_at(sq).map_or(u8::MAX, |p| p.role as u8);
            (role, seen_by(pos.turn(), sq))
        })
        .collect();
    key.sort_unstable();
    key
}

/// The best of [`capture_threats`] by gain, and the capture: the same
/// answer (the last of the equally best, in move order), but the mate
/// search runs only on the candidates tried best first, and the protection
/// details are not worked out. Lines of checks ask this at every reply,
/// which is what makes it worth its own function. The king's and the pawns'
/// captures are left out: a line of checks that a king or pawn ends by
/// taking is that piece's own capture, idle as its capture threats are
/// (26.1; 参考图13: the cannon's check forces the elephant onto c9, where
/// only the pawn takes it).
fn best_capture(s: &Search, pos: &Position, mate_depth: u32) -> Option<(i32, Move)> {
    let mut candidates: Vec<(i32, usize, Move)> = Vec::new();
    for (i, m) in board_order(pos, s.captures(pos)).into_iter().enumerate() {
        if pos
            .piece_at(m.from)
            .is_some_and(|p| matches!(p.role, Role::King | Role::Pawn))
        {
            continue;
        }
        if let Some(gain) = winning_gain(s, pos, m) {
            candidates.push((gain, i, m));
        }
    }
    // Best gain first; among equals the later move, as `max_by_key` over
    // `capture_threats` would choose.
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    candidates
        .into_iter()
        .find(|&(_, _, m)| !s.mate_by_checks(&pos.play_unchecked(m), mate_depth))
        .map(|(gain, _, m)| (gain, m))
}

/// What the check `m` surely wins against every defence, followed by one
/// winning capture or by further checks (up to `depth` checks in all), and
/// the pieces taken at the end of the weakest defence's line. Mate is not
/// material and is left to the mate search.
///
/// A check that only one piece can answer — every legal answer moves it,
/// the king cannot step away and nothing else can block or take the
/// checker — forces that piece where it is lost: what is taken on the
/// point it moved to is named on its own point, the piece the move chases
/// (24.3: material won by a check; 图24: the rook must interpose and the
/// pawn's check then wins it; 参考图42: only the cannon can block on f7).
/// Where the defence may choose which piece to give (图3: the advisor or
/// the elephant may block on the back rank) no one piece is forced, and a
/// point empty before the check names nothing.
///
/// The caller needs only a result above `floor`: once one defence holds the
/// check to `floor` or less the search stops and returns that bound (a cut,
/// as in alpha-beta; a result above `floor` is exact).
fn check_line(s: &Search, pos: &Position, m: Move, depth: u32, floor: i32) -> Option<CheckWin> {
    let after = pos.play_unchecked(m);
    let replies = board_order(&after, s.moves(&after));
    if replies.is_empty() {
        return None;
    }
    let mut worst: Option<CheckWin> = None;
    let forced = replies.iter().all(|r| r.from == replies[0].from)
        && after
            .piece_at(replies[0].from)
            .is_some_and(|p| p.role != Role::King);
    for r in replies {
        // The checking piece, if the answer takes it, was sacrificed: a
        // pawn given up floats to a minor piece's worth (图24).
        let lost = after.piece_at(r.to).map_or(0, |p| {
            if r.to == m.to {
                s.worth(p, pos.turn())
            } else {
                s.loss_on(p, r.to)
            }
        });
        let next = after.play_unchecked(r);
        // Within a line of checks only an immediate mate voids a gain: a
        // deeper mate search at every reply would cost too much.
        // 24.3's complete exchange: a checking piece that the opponent can
        // take once the capture is made is given back (参考图33: the
        // advisor's discovered check wins the advisor that blocks, and the
        // horse the cannon no longer pins takes the checking advisor).
        let mut line = best_capture(s, &next, 1)
            .map(|(gain, c)| {
                let mut gain = gain;
                if c.from != m.to {
                    let end = next.play_unchecked(c);
                    let back = s
                        .captures(&end)
                        .into_iter()
                        .filter(|b| b.to == m.to)
                        .map(|b| s.local_gain(&end, b))
                        .max()
                        .unwrap_or(0);
                    gain -= back.max(0);
                }
                CheckWin {
                    gain,
                    named: vec![c.to],
                    checkers: Vec::new(),
                }
            })
            .unwrap_or(CheckWin {
                gain: 0,
                named: vec![],
                checkers: Vec::new(),
            });
        if let Some(deeper) = win_by_checks(s, &next, depth - 1, line.gain) {
            if deeper.gain > line.gain {
                line = deeper;
            }
        }
        let score = line.gain - lost;
        // The checks of the line, by where their pieces stand before this
        // check: the piece that gives it stood on its origin.
        let mut checkers: Vec<Square> = line
            .checkers
            .iter()
            .map(|&sq| if sq == m.to { m.from } else { sq })
            .collect();
        if !checkers.contains(&m.from) {
            checkers.push(m.from);
        }
        let mut named = line.named;
        if forced {
            for t in &mut named {
                if *t == r.to {
                    *t = r.from;
                }
            }
        }
        if worst.as_ref().is_none_or(|w| {
            score < w.gain || (score == w.gain && outcome(pos, &named) < outcome(pos, &w.named))
        }) {
            worst = Some(CheckWin {
                gain: score,
                named,
                checkers,
            });
        }
        if score <= -s.rules.material.rook || score <= floor {
            // Nothing this check takes can make up for it, or the caller
            // has something at least as good already.
            break;
        }
    }
    worst
}

/// The best of [`check_line`] over all checks of the side to move,
/// counting what a capturing check takes; exact when above `floor` (what
/// the caller has already), else at most `floor`.
fn win_by_checks(s: &Search, pos: &Position, depth: u32, floor: i32) -> Option<CheckWin> {
    if depth == 0 {
        return None;
    }
    let mut best: Option<CheckWin> = None;
    for m in board_order(pos, s.moves(pos)) {
        if !pos.gives_check(m) {
            continue;
        }
        let taken = pos.piece_at(m.to);
        let taken_value = taken.map_or(0, |t| s.value(t));
        // Only a score above every bound already held is of use.
        let need = floor.max(best.as_ref().map_or(0, |b| b.gain));
        let Some(mut line) = check_line(s, pos, m, depth, need - taken_value) else {
            continue;
        };
        line.gain += taken_value;
        if taken.is_some_and(|t| is_material(t, m.to, s.rules)) {
            line.named.insert(0, m.to);
        }
        if line.gain > 0
            && best.as_ref().is_none_or(|b| {
                line.gain > b.gain
                    || (line.gain == b.gain && outcome(pos, &line.named) < outcome(pos, &b.named))
            })
        {
            best = Some(line);
        }
    }
    best
}

/// Material won through checks (抽将, 长要抽吃): threats whose first move is
/// a check and which win material whatever the defence. A capturing check's
/// own victim is left to the capture threats; what it wins after the answer
/// (图26: the cannon takes with check, then a second cannon takes the rook
/// it uncovered) is won through the check.
fn check_threats(s: &Search, pos: &Position, depth: u32) -> Vec<Threat> {
    let mut out: Vec<Threat> = Vec::new();
    if depth == 0 {
        return out;
    }
    for m in board_order(pos, s.moves(pos)) {
        if !pos.gives_check(m) {
            continue;
        }
        let Some(CheckWin {
            gain,
            named: targets,
            checkers,
        }) = check_line(s, pos, m, depth, 0)
        else {
            continue;
        };
        // A discovered check (抽将 by unmasking) is given by the piece the
        // move unmasks, so whatever it wins is the work of two pieces: a
        // joint chase (参考图14: the cannon steps off the rook's line with
        // check, and the rook's check lets the cannon win the chariot
        // behind). A check the moving piece gives alone wins alone.
        let mover = pos.turn();
        let checked_king = pos.king(mover.other());
        let own_check = pos
            .play_unchecked(m)
            .attackers(checked_king, mover)
            .iter()
            .all(|&sq| sq == m.to);
        // After the answer: a capturing check that is merely taken back
        // wins nothing beyond its victim.
        if gain <= 0 || targets.is_empty() {
            continue;
        }
        // A win that needs the checks of two pieces is the work of both, a
        // joint chase too (24.17, 26.9.2; 参考图42: the rook's check forces
        // the advisor's block, over which the cannon checks and then takes).
        // One piece's check that lets another take without checking stays
        // that piece's chase (图26: the cannon takes with check and uncovers
        // the other cannon's capture of the rook, 抽车, a single chase).
        let alone = own_check && checkers.len() <= 1;
        for target in targets {
            let Some(target_piece) = pos.piece_at(target).filter(|p| p.color != pos.turn()) else {
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
                single: alone,
                held_rook: false,
            });
        }
    }
    out
}
