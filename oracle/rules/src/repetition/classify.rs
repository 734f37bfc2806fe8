//! The kind of each move of a repetition cycle: 将, 杀, 捉, or one of the
//! kinds of 闲 (兑, 献, 拦, 跟, 闲). A move with several roles takes the
//! heaviest (CXA 2020 26.4): 将 over 杀 over 捉 over the kinds of 闲.

use serde::{Deserialize, Serialize};

use crate::edition::{ExchangeBasis, ProtectedTargetChase, RepetitionRules};
use crate::material::{value, Exchange};
use xq_core::geometry;
use xq_core::Position;
use xq_core::{Move, Role, Square};

use super::threats::{
    held_by_horse, is_material, mate_by_checks, mating_checks, threats, SearchLimits, Threat,
};

/// The kind of a move in the 棋例 sense.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// 将: the move checks.
    Check,
    /// 杀: the move threatens mate by a check or consecutive checks.
    Kill,
    /// 捉: the move newly threatens to win material.
    Chase,
    /// 兑: offers an exchange the opponent can accept without loss.
    Exchange,
    /// 献: offers a piece the opponent can take without loss.
    Offer,
    /// 拦: blocks an enemy piece, with no attacking effect.
    Block,
    /// 跟: keeps watch on a protected enemy piece, with no attacking effect.
    Follow,
    /// 闲: none of the above.
    Idle,
}

impl MoveKind {
    /// 将, 杀 and 捉 attack; everything else is a kind of 闲.
    pub fn is_attack(self) -> bool {
        matches!(self, MoveKind::Check | MoveKind::Kill | MoveKind::Chase)
    }

    pub fn zh(self) -> &'static str {
        match self {
            MoveKind::Check => "将",
            MoveKind::Kill => "杀",
            MoveKind::Chase => "捉",
            MoveKind::Exchange => "兑",
            MoveKind::Offer => "献",
            MoveKind::Block => "拦",
            MoveKind::Follow => "跟",
            MoveKind::Idle => "闲",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Check => "check",
            MoveKind::Kill => "kill",
            MoveKind::Chase => "chase",
            MoveKind::Exchange => "exchange",
            MoveKind::Offer => "offer",
            MoveKind::Block => "block",
            MoveKind::Follow => "follow",
            MoveKind::Idle => "idle",
        }
    }
}

/// A classified move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classified {
    pub kind: MoveKind,
    /// What the move attacks: the king for 将/杀, the chased pieces for 捉,
    /// the piece offered to or watched for the kinds of 闲.
    pub targets: Vec<Square>,
    /// For 捉: the new threats.
    pub chases: Vec<Threat>,
    /// An idle move that would be a chase if a pawn's own attacks counted
    /// (they do when both sides attack on every move, CXA 1999 27.2).
    pub pawn_chase: bool,
    /// Why, in a few words (English), for the explanation.
    pub why: String,
}

/// Classifies `positions[i]` → `positions[i + 1]` by `moves[i]`.
pub fn classify(
    positions: &[Position],
    moves: &[Move],
    i: usize,
    rules: &RepetitionRules,
    limits: &SearchLimits,
) -> Classified {
    let before = &positions[i];
    let after = &positions[i + 1];
    let m = moves[i];
    let us = before.turn();
    let them = us.other();
    let mover = before.piece_at(m.from).expect("a legal move has a piece");

    if after.in_check() {
        return Classified {
            kind: MoveKind::Check,
            targets: vec![after.king(them)],
            chases: vec![],
            pawn_chase: false,
            why: "it checks".into(),
        };
    }
    let Some(threatening) = after.passed() else {
        unreachable!("the opponent is not in check, so a pass is legal")
    };

    // What the mover threatened before this move. When the move answers a
    // check, threats that existed before that check count as existing too
    // (26.1.4).
    let answering_check = before.in_check();
    let earlier = if answering_check && i > 0 {
        positions[i - 1].passed()
    } else {
        None
    };
    let king_answer_idle =
        answering_check && mover.role == Role::King && rules.king_check_answer_threats_idle;

    // 杀
    // A mate threat made by offering an exchange the opponent can accept —
    // losing nothing, even counting its answers to checks, and not mated by
    // checks afterwards — is an exchange offered (兑), not a kill (图29: the
    // rooks face each other on a file; in its variant accepting is mated).
    let mut kill_after = mating_checks(&threatening, limits.kill_depth);
    let exchange_offered = || {
        threatening.legal_captures().into_iter().any(|c| {
            c.from == m.to && offers_exchange(after, m.to, c.to, rules, limits, Accounting::Strict)
        })
    };
    if !kill_after.is_empty() && exchange_offered() {
        kill_after.clear();
    }
    if !kill_after.is_empty() && !king_answer_idle {
        let kill_before = if answering_check {
            let mut k: Vec<Move> = earlier
                .as_ref()
                .map(|p| mating_checks(p, limits.kill_depth))
                .unwrap_or_default();
            // 自毙 (24.18, 图13): a mate threat that follows whatever the
            // answer is the check's doing (it opened a line), not the
            // answer's.
            k.extend(mates_after_every_answer(before, limits));
            k
        } else {
            mating_checks(before, limits.kill_depth)
        };
        // The mate threat is new if there was none, or if another piece
        // now mates in a way it could not before (图19: the cannon's answer
        // to a check opens a horse mate). The moved piece carrying its own
        // threat along does not make it new.
        let new_mate = kill_before.is_empty()
            || kill_after
                .iter()
                .any(|k| k.from != m.to && !kill_before.contains(k));
        if new_mate {
            return Classified {
                kind: MoveKind::Kill,
                targets: vec![after.king(them)],
                chases: vec![],
                pawn_chase: false,
                why: "it threatens mate by checks".into(),
            };
        }
    }

    // 捉
    if !king_answer_idle {
        let mut existing: Vec<Square> = Vec::new();
        if !answering_check {
            existing.extend(threats(before, rules, limits).iter().map(|t| t.target));
        }
        if let Some(p) = &earlier {
            existing.extend(threats(p, rules, limits).iter().map(|t| t.target));
        }
        let own_attacks_idle = rules.king_pawn_alone_chase_allowed;
        let mover_is_king_or_pawn = matches!(mover.role, Role::King | Role::Pawn);
        let escaping = escapes_a_chase(before, m);
        let now = threats(&threatening, rules, limits);
        let candidates: Vec<Threat> = now
            .iter()
            .filter(|t| {
                !existing.contains(&t.target)
                    || (escaping && renews_joint_threat(&threatening, &now, t, m.to, rules, limits))
            })
            // A piece that can take its attacker back as an equal trade is
            // being offered an exchange (兑), not chased.
            // The same holds when the win comes through a capturing check
            // whose victim could take the checker in a trade (图13: two
            // cannons facing over a rook are an exchange, whatever the
            // capture would uncover).
            .filter(|t| {
                let offered = if t.by_check {
                    t.first_victim
                } else {
                    Some(t.target)
                };
                offered.is_none_or(|v| {
                    !offers_exchange(after, t.attacker, v, rules, limits, Accounting::Figures)
                })
            })
            // Under the Asian rules a protected piece is chased only when it
            // is a rook attacked by a horse or a cannon (rules 15, 17, 35), or
            // a rook that an enemy horse holds immobile (rule 19).
            .filter(|t| {
                rules.protected_target_chase == ProtectedTargetChase::NetGain
                    || t.unprotected
                    || (t.target_piece.role == Role::Rook
                        && (matches!(t.attacker_piece.role, Role::Horse | Role::Cannon)
                            || held_by_horse(after, t.target)))
            })
            // Where king and pawn moves that help another piece are allowed too.
            .filter(|_| !mover_is_king_or_pawn || rules.king_pawn_joint_chase_is_chase)
            .cloned()
            .collect();
        // The king's and the pawns' own attacks are 闲 (26.1), except a
        // pawn capture that would give check (26.8).
        let own = |t: &Threat| {
            own_attacks_idle
                && match t.attacker_piece.role {
                    Role::King => true,
                    Role::Pawn => {
                        !(rules.pawn_capture_with_check_is_chase
                            && !t.by_check
                            && threatening.gives_check(Move::new(t.attacker, t.target)))
                    }
                    _ => false,
                }
        };
        let pawn_chase = candidates
            .iter()
            .any(|t| own(t) && t.attacker_piece.role == Role::Pawn);
        let new: Vec<Threat> = candidates.into_iter().filter(|t| !own(t)).collect();
        // 26.2: a side holding a drawing point with a single attacking piece
        // does not chase by its incidental attacks on advisors and elephants.
        let new: Vec<Threat> = if rules.drawing_point_attacks_idle.unwrap_or(false)
            && attacking_pieces(after, us) <= 1
        {
            new.into_iter()
                .filter(|t| !matches!(t.target_piece.role, Role::Advisor | Role::Elephant))
                .collect()
        } else {
            new
        };
        if !new.is_empty() {
            let mut targets: Vec<Square> = new.iter().map(|t| t.target).collect();
            targets.sort();
            targets.dedup();
            let why = if new.iter().all(|t| t.by_check) {
                "it threatens to win material by check".into()
            } else {
                "it newly threatens to win material".into()
            };
            return Classified {
                kind: MoveKind::Chase,
                targets,
                chases: new,
                pawn_chase: false,
                why,
            };
        }
        if pawn_chase {
            return Classified {
                pawn_chase,
                ..idle_kind(before, after, m, rules, limits)
            };
        }
    }

    idle_kind(before, after, m, rules, limits)
}

/// The mating checks the side in check would have after every one of its
/// answers to the check.
fn mates_after_every_answer(pos: &Position, limits: &SearchLimits) -> Vec<Move> {
    let mut common: Option<Vec<Move>> = None;
    for answer in pos.legal_moves() {
        let mates = pos
            .play_unchecked(answer)
            .passed()
            .map(|p| mating_checks(&p, limits.kill_depth))
            .unwrap_or_default();
        let kept = match common {
            None => mates,
            Some(c) => c.into_iter().filter(|k| mates.contains(k)).collect(),
        };
        if kept.is_empty() {
            return kept;
        }
        common = Some(kept);
    }
    common.unwrap_or_default()
}

/// Whether the piece moved by `m` stood where the opponent could have won
/// it: the move is (also) an escape.
fn escapes_a_chase(before: &Position, m: Move) -> bool {
    before.passed().is_some_and(|p| {
        p.legal_captures()
            .into_iter()
            .any(|c| c.to == m.from && p.capture_gain(c) > 0)
    })
}

/// Whether a joint threat `t` that existed before the move is renewed by it
/// (从捉到捉 does not apply): the moved piece, now on `moved_to`, escaped a
/// chase and the joint threat cannot do without it. The figures rule such
/// a move a chase (图10, 11, 25, 27, 28: the helper of a joint chase steps
/// out of an attack and keeps the chase going). A single piece keeping its
/// own chase up stays idle (图5). `now` holds every threat after the move.
fn renews_joint_threat(
    threatening: &Position,
    now: &[Threat],
    t: &Threat,
    moved_to: Square,
    rules: &RepetitionRules,
    limits: &SearchLimits,
) -> bool {
    if t.single || t.by_check {
        return false;
    }
    if now
        .iter()
        .any(|x| x.target == t.target && x.attacker == moved_to)
    {
        return false; // the moved piece chases by itself: 从捉到捉
    }
    let mut setup = threatening.to_setup();
    setup.board[moved_to.index()] = None;
    match Position::from_setup(&setup, xq_core::Validation::Relaxed) {
        Ok(without) => !threats(&without, rules, limits)
            .iter()
            .any(|x| x.target == t.target),
        // Without it the opponent's king would stand in check: the moved
        // piece screens one of our cannons, the joint chase's helper.
        Err(_) => true,
    }
}

/// The pieces of a side that can attack across the river: rooks, horses,
/// cannons and crossed pawns.
fn attacking_pieces(pos: &Position, color: xq_core::Color) -> usize {
    Square::iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .filter(|(sq, p)| {
            p.color == color
                && match p.role {
                    Role::Rook | Role::Horse | Role::Cannon => true,
                    Role::Pawn => !sq.on_side_of(color),
                    _ => false,
                }
        })
        .count()
}

/// Whether the chased piece, its side to move, can take the attacker in a
/// trade the edition calls an exchange (兑): the same kind under CXA 2020,
/// equal value under CXA 1999, any mutual capture under the Asian rules —
/// and the trade does not lose it material.
/// How an offered trade's safety is counted for the side offered it.
#[derive(Clone, Copy)]
enum Accounting {
    /// As the figures count a trade: it ends when the piece is taken back
    /// (图30).
    Figures,
    /// A check met along the way must be answered, and what that costs
    /// counts (图17).
    Strict,
}

fn offers_exchange(
    after: &Position,
    attacker: Square,
    target: Square,
    rules: &RepetitionRules,
    limits: &SearchLimits,
    accounting: Accounting,
) -> bool {
    let (Some(a), Some(t)) = (after.piece_at(attacker), after.piece_at(target)) else {
        return false;
    };
    let fits = match rules.exchange_offer_basis {
        // The Asian rules' mutual offers are between pieces of one kind (rule 24).
        ExchangeBasis::SameType | ExchangeBasis::MutualCapture => t.role == a.role,
        ExchangeBasis::EqualValue => value(t) == value(a),
    };
    fits && after.legal_captures().into_iter().any(|c| {
        c.from == target
            && c.to == attacker
            && match accounting {
                Accounting::Figures => after.capture_gain(c),
                Accounting::Strict => after.capture_gain_through_checks(c),
            } >= 0
            && !mate_by_checks(&after.play_unchecked(c), limits.kill_depth)
    })
}

/// The kind of 闲 a move is: 兑, 献, 拦, 跟 or plain 闲.
fn idle_kind(
    before: &Position,
    after: &Position,
    m: Move,
    rules: &RepetitionRules,
    limits: &SearchLimits,
) -> Classified {
    let us = before.turn();
    let moved = after.piece_at(m.to).expect("the moved piece");
    let idle = |kind, targets: Vec<Square>, why: &str| Classified {
        kind,
        targets,
        chases: vec![],
        pawn_chase: false,
        why: why.into(),
    };

    // Enemy captures of the moved piece, and what they would win.
    let takers: Vec<(Move, i32)> = after
        .legal_captures()
        .into_iter()
        .filter(|c| c.to == m.to)
        .map(|c| (c, after.capture_gain(c)))
        .collect();
    let fits = |taker: Square| {
        let e = after.piece_at(taker).expect("a taker");
        match rules.exchange_offer_basis {
            ExchangeBasis::SameType => e.role == moved.role,
            ExchangeBasis::EqualValue => value(e) == value(moved),
            ExchangeBasis::MutualCapture => true,
        }
    };
    // 兑 and 献: an enemy piece of the fitting kind can take the moved piece
    // without loss and without being mated at once. If the moved piece can
    // take that piece too, it is a trade offered (兑); else a piece offered (献).
    let passed = after.passed();
    for &(c, gain) in &takers {
        if !fits(c.from) || gain < 0 || mate_by_checks(&after.play_unchecked(c), limits.kill_depth)
        {
            continue;
        }
        let mutual = passed.as_ref().is_some_and(|p| {
            p.legal_captures()
                .iter()
                .any(|x| x.from == m.to && x.to == c.from)
        });
        if mutual {
            return idle(MoveKind::Exchange, vec![c.from], "it offers an exchange");
        }
        if after.piece_at(c.from).is_some_and(|e| e.role == moved.role) {
            return idle(MoveKind::Offer, vec![c.from], "it offers a piece");
        }
    }
    // 拦: some enemy move that existed before is now cut by the moved piece.
    if let (Some(b), Some(a)) = (before.passed(), Some(after)) {
        let cut: Vec<Move> = b
            .legal_moves()
            .into_iter()
            .filter(|x| x.from != m.to && x.to != m.to && x.to != m.from)
            .filter(|x| !a.legal_moves().contains(x))
            .filter(|x| {
                b.piece_at(x.from)
                    .is_some_and(|p| geometry::path(p.role, x.from, x.to).contains(&m.to))
            })
            .collect();
        if let Some(x) = cut.first() {
            return idle(MoveKind::Block, vec![x.from], "it blocks an enemy piece");
        }
    }
    // 跟: the moved piece watches a protected enemy piece it cannot win.
    if let Some(p) = after.passed() {
        let watched: Vec<Square> = p
            .legal_captures()
            .into_iter()
            .filter(|c| c.from == m.to)
            .filter(|c| {
                let t = p.piece_at(c.to).expect("a capture");
                t.color != us && is_material(t, c.to, rules) && p.capture_gain(*c) <= 0
            })
            .map(|c| c.to)
            .collect();
        if !watched.is_empty() {
            return idle(
                MoveKind::Follow,
                watched,
                "it keeps watch on a protected piece",
            );
        }
    }
    idle(MoveKind::Idle, vec![], "no attack, offer, block or watch")
}
