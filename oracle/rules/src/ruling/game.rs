//! A whole game ruled as an arbiter follows it: every point at which an
//! arbiter would be called — each repetition that reaches the edition's
//! count (and what followed: whether the side that had to vary did, or
//! played on past the cycles the edition allows), each natural-limit point,
//! an illegal move, the final mate or 困毙 — and the result the rules give
//! the game, compared with the one the record states.
//!
//! Where the edition has a player claim the ruling (every edition today:
//! CXA 1999 art. 24, AXF arbiter 6.G and 6.J), a repetition or a natural
//! limit nobody claimed is not a result: the point is *claimable*, and a
//! record that plays on past it shows that nobody claimed. Only when the
//! record ends with the claim standing does the game's result rest on it
//! (`claimable`), and a record stating another result then says the game
//! ended otherwise (`Comparison::Claimable`), not that the record is wrong.

use std::collections::HashMap;

use serde::Serialize;
use xq_core::{read_record, Color, Game, Move, Outcome, Position};

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::{rule_final_in, rule_in, RecordError, Ruling, RulingOptions, RulingReason};
use crate::edition::{Adjudication, Edition};
use crate::natural_limit;
use crate::repetition::{Session, StopReason};

/// What kind of point an arbiter is called to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointKind {
    /// A position reached the edition's count of repetitions (待判局面).
    Repetition,
    /// Neither side captured for the edition's rounds (自然限着).
    NaturalLimit,
    /// A move of the record breaks the rules.
    IllegalMove,
    /// The game ended on the board: 将死 or 困毙.
    End,
}

/// What happened after a repetition was ruled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "what", rename_all = "kebab-case")]
pub enum FollowUp {
    /// The cycle was left at `ply`, by `by`'s move.
    Varied {
        /// The first ply that left the cycle.
        ply: usize,
        /// Who made it.
        by: Color,
        /// Full cycles played after the ruling before it.
        cycles: usize,
    },
    /// The violator played on past the further cycles the edition allows
    /// and lost at `ply`. Only where the arbiter rules unasked
    /// (`adjudication: automatic`); under a claim, playing on means nobody
    /// claimed.
    Lost {
        /// The ply at which the loss took effect.
        ply: usize,
        /// Full cycles played after the ruling.
        cycles: usize,
    },
    /// The record ends while the repetition stands.
    RecordEnds {
        /// Full cycles played after the ruling.
        cycles: usize,
    },
}

/// One point at which an arbiter is called.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulingPoint {
    /// The ply after which the point arises (counted from 1).
    pub ply: usize,
    /// What the arbiter is called to.
    pub kind: PointKind,
    /// The ruling on the game as it stood at that ply.
    pub ruling: Ruling,
    /// For a repetition: what happened next.
    pub follow_up: Option<FollowUp>,
}

/// A game ruled from its first move to its last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRuling {
    /// The edition's id.
    pub edition: String,
    /// The plies of the record that were played (an illegal last move is
    /// counted).
    pub plies: usize,
    /// Every point, in order.
    pub points: Vec<RulingPoint>,
    /// The result the rules give the game (on the claim in `claimable`,
    /// when the record ends with one standing).
    pub result: Outcome,
    /// The ply at which the game was decided, when a point decided it
    /// before the record ended or at its last move.
    pub decided_at: Option<usize>,
    /// When `result` rests on a player's claim: the record ends with a
    /// claim standing (a repetition at the edition's count, or the natural
    /// limit reached) and nothing decided the game before.
    pub claimable: Option<Claimable>,
    /// The result the record states, if it states one.
    pub recorded: Option<Outcome>,
    /// Whether the record's result agrees with the rules' (`None` when the
    /// record states none).
    pub agrees: Option<bool>,
    /// The plies of the points whose ruling was not fully examined (some
    /// move's searches ran out: its own budget, the game's, or the time).
    pub incomplete_points: Vec<usize>,
    /// When a bound the points share (the game's node budget, the
    /// deadline, a cancellation) stopped the searches.
    pub stopped_by: Option<StopReason>,
}

/// A claim that stands when the record ends, and what it gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Claimable {
    /// The ply of the point at which the claim arose.
    pub ply: usize,
    /// The result the claim gets.
    pub result: Outcome,
}

/// How the record's stated result compares with the rules' (xq-spec's
/// vocabulary: a wire word of `xq rule`'s JSON).
pub use xq_spec::Comparison;

impl GameRuling {
    /// How the record's result compares with the rules'. A game the board
    /// leaves undecided was ended off it, which is no disagreement; nor is
    /// a result other than the one a standing claim would get.
    #[must_use]
    pub fn comparison(&self) -> Comparison {
        match self.recorded {
            None => Comparison::Unrecorded,
            Some(r) if r == self.result => Comparison::Agrees,
            Some(_) if self.claimable.is_some() => Comparison::Claimable,
            Some(Outcome::Draw)
                if self.result == Outcome::Ongoing
                    && self
                        .points
                        .iter()
                        .any(|p| p.kind == PointKind::NaturalLimit) =>
            {
                Comparison::NaturalLimit
            }
            Some(_) if self.result == Outcome::Ongoing => Comparison::OffTheBoard,
            Some(_) => Comparison::Differs,
        }
    }
}

/// Rules on a whole record. With `final_only`, only the final position is
/// ruled (one point, or none), as `xq rule` does for a move list.
///
/// The points share one session: a move classified at one point is not
/// classified again at the next, and the searches of all the points spend
/// one budget (`nodes_per_game`, and `options.time_limit` from now).
pub fn rule_game(
    start: Position,
    moves: &[&str],
    edition: &Edition,
    options: &RulingOptions,
    recorded: Option<Outcome>,
    final_only: bool,
) -> Result<GameRuling, RecordError> {
    rule_game_cancellable(start, moves, edition, options, recorded, final_only, None)
}

/// [`rule_game`] whose searches stop once `cancel` is set (by another
/// thread: the desk, when the client that asked has gone). What was cut
/// short is reported as for any budget.
pub fn rule_game_cancellable(
    start: Position,
    moves: &[&str],
    edition: &Edition,
    options: &RulingOptions,
    recorded: Option<Outcome>,
    final_only: bool,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<GameRuling, RecordError> {
    let session = super::session(options, cancel);
    // Read by xq-core; the record's illegal move is ruled (or refused) as
    // `rule_final` rules it, and the end of what can be followed.
    let (game, last) = read_record(start, moves)?;
    let illegal = match &last {
        Some(v) => Some((
            v.ply(),
            rule_final_in(&game, Some(v), edition, options, &session)?,
        )),
        None => None,
    };
    rule_played(
        game, illegal, edition, options, recorded, final_only, &session,
    )
}

/// [`rule_game_cancellable`] on typed moves, as a records reader has them
/// (each already checked), and the record's last move as written when it
/// may break a rule: the ruling is the same as on the moves' texts, without
/// writing each move out and reading it back. A move among `moves` that is
/// not legal after all is ruled as an illegal move, like its text would be.
#[allow(clippy::too_many_arguments)]
pub fn rule_game_typed(
    start: Position,
    moves: &[Move],
    illegal_final: Option<&str>,
    edition: &Edition,
    options: &RulingOptions,
    recorded: Option<Outcome>,
    final_only: bool,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<GameRuling, RecordError> {
    let session = super::session(options, cancel);
    let mut game = Game::new(start.clone());
    let texts = || -> Vec<String> {
        moves
            .iter()
            .map(Move::to_string)
            .chain(illegal_final.map(str::to_string))
            .collect()
    };
    let mut illegal = None;
    let broke = moves.iter().position(|&mv| game.play(mv).is_err());
    let broke = broke.or_else(|| {
        illegal_final
            .filter(|text| game.push_text(text).is_err())
            .map(|_| moves.len())
    });
    if broke.is_some() {
        // Ruled (or refused) on the texts, as a record's texts are read.
        let (played, last) = read_record(start, &texts())?;
        game = played;
        illegal = match &last {
            Some(v) => Some((
                v.ply(),
                rule_final_in(&game, Some(v), edition, options, &session)?,
            )),
            None => None,
        };
    }
    rule_played(
        game, illegal, edition, options, recorded, final_only, &session,
    )
}

/// The points of a game played as far as it could be, and the ruling on
/// its illegal move (the ply and the ruling) if one ended it.
fn rule_played(
    game: Game,
    illegal: Option<(usize, Ruling)>,
    edition: &Edition,
    options: &RulingOptions,
    recorded: Option<Outcome>,
    final_only: bool,
    session: &Session,
) -> Result<GameRuling, RecordError> {
    let mut points = if final_only {
        Vec::new()
    } else {
        scan(&game, edition, options, session)
    };
    let mut decided: Option<(usize, Outcome)> = points.iter().find_map(decision);
    let mut claimable = None;
    if let Some((ply, r)) = illegal {
        let result = r.result;
        points.push(RulingPoint {
            ply,
            kind: PointKind::IllegalMove,
            ruling: r,
            follow_up: None,
        });
        decided.get_or_insert((ply, result));
    } else if final_only || decided.is_none() {
        let r = rule_in(&game, edition, options, session);
        let kind = match r.reason {
            RulingReason::Checkmate | RulingReason::Stalemate => Some(PointKind::End),
            RulingReason::NaturalLimit => Some(PointKind::NaturalLimit),
            RulingReason::None => None,
            _ => Some(PointKind::Repetition),
        };
        let plies = game.moves().len();
        if let Some(kind) = kind {
            if final_only || kind == PointKind::End {
                if kind == PointKind::End {
                    decided = Some((plies, r.result));
                }
                points.push(RulingPoint {
                    ply: plies,
                    kind,
                    ruling: r.clone(),
                    follow_up: None,
                });
            }
        }
        if decided.is_none()
            && r.result != Outcome::Ongoing
            && r.cycle.as_ref().is_none_or(|c| c.adjudicable)
        {
            decided = Some((plies, r.result));
            // `final_only` is a ruling asked for: the claim is being made.
            if !final_only && needs_claim(&r, edition) {
                let ply = points
                    .iter()
                    .rev()
                    .find(|p| {
                        p.kind == PointKind::NaturalLimit
                            || matches!(p.follow_up, Some(FollowUp::RecordEnds { .. }))
                    })
                    .map_or(plies, |p| p.ply);
                claimable = Some(Claimable {
                    ply,
                    result: r.result,
                });
            }
        }
    }
    if decided.is_none() && !final_only {
        // The record ends inside a cycle it had not left, between two
        // occurrences: the claim made at the repetition point still stands.
        if let Some(p) = points.last().filter(|p| {
            matches!(p.follow_up, Some(FollowUp::RecordEnds { .. }))
                && p.ruling.result != Outcome::Ongoing
                && needs_claim(&p.ruling, edition)
        }) {
            decided = Some((p.ply, p.ruling.result));
            claimable = Some(Claimable {
                ply: p.ply,
                result: p.ruling.result,
            });
        }
    }
    let result = decided.map_or(Outcome::Ongoing, |d| d.1);
    let plies =
        game.moves().len() + usize::from(points.iter().any(|p| p.kind == PointKind::IllegalMove));
    Ok(GameRuling {
        edition: edition.id.to_string(),
        plies,
        result,
        decided_at: decided.map(|d| d.0),
        claimable,
        recorded,
        agrees: recorded.map(|r| r == result),
        incomplete_points: points
            .iter()
            .filter(|p| {
                p.ruling
                    .search
                    .as_ref()
                    .is_some_and(|s| !s.incomplete_plies.is_empty())
            })
            .map(|p| p.ply)
            .collect(),
        stopped_by: session.stopped().or_else(|| {
            points
                .iter()
                .find_map(|p| p.ruling.search.as_ref().and_then(|s| s.stopped_by))
        }),
        points,
    })
}

/// Whether the final position's ruling takes effect only on a player's
/// claim: a repetition under a claim procedure, or a natural limit that is
/// not drawn automatically. Ends on the board and illegal moves need none.
fn needs_claim(r: &Ruling, edition: &Edition) -> bool {
    match r.reason {
        RulingReason::NaturalLimit => !edition.natural_limit().automatic,
        RulingReason::Checkmate
        | RulingReason::Stalemate
        | RulingReason::IllegalMove
        | RulingReason::None => false,
        _ => edition.repetition().adjudication == Adjudication::Claim,
    }
}

/// The decision a point makes, if any: a loss that took effect.
fn decision(p: &RulingPoint) -> Option<(usize, Outcome)> {
    match p.follow_up {
        Some(FollowUp::Lost { ply, .. }) => Some((ply, p.ruling.result)),
        _ => None,
    }
}

/// A repetition being followed after its ruling.
struct Episode {
    point: usize,
    len: usize,
    ply: usize,
    /// The further cycles the edition allows before the violator loses;
    /// `None` when nobody loses by playing on (a draw), or the edition does
    /// not say.
    allowed: Option<usize>,
}

/// Walks the game, raising every repetition and natural-limit point.
fn scan(
    game: &Game,
    edition: &Edition,
    options: &RulingOptions,
    session: &Session,
) -> Vec<RulingPoint> {
    let rules = edition.repetition();
    let need = rules.occurrences as usize;
    let positions = game.positions();
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    seen.entry(positions[0].hash()).or_default().push(0);
    let mut prefix = Game::new(game.start().clone());
    let mut points: Vec<RulingPoint> = Vec::new();
    let mut episode: Option<Episode> = None;
    let mut limit_raised = false;
    // A claim needs both sides' moves to reach the rounds: no point before.
    let limit_plies = 2 * edition.natural_limit().rounds as usize;
    for (i, &mv) in game.moves().iter().enumerate() {
        let ply = i + 1;
        prefix.push(mv);
        let pos = &positions[ply];
        if positions[i].is_capture(mv) {
            limit_raised = false;
        }
        let occurrences = {
            let list = seen.entry(pos.hash()).or_default();
            list.push(ply);
            list.iter()
                .filter(|&&j| positions[j].same_board(pos))
                .count()
        };
        if let Some(ep) = &episode {
            let goes_on = ply >= ep.len && positions[ply - ep.len].same_board(pos);
            let cycles = (ply - ep.ply) / ep.len;
            let point = &mut points[ep.point];
            if !goes_on {
                point.follow_up = Some(FollowUp::Varied {
                    ply,
                    by: positions[i].turn(),
                    cycles,
                });
                episode = None;
            } else if ep.allowed.is_some_and(|a| cycles > a) && (ply - ep.ply) % ep.len == 0 {
                point.follow_up = Some(FollowUp::Lost { ply, cycles });
                // The game is over; what follows is not ruled.
                return points;
            } else {
                point.follow_up = Some(FollowUp::RecordEnds { cycles });
                continue;
            }
        }
        if occurrences == need && episode.is_none() {
            let r = rule_in(&prefix, edition, options, session);
            if let Some(cycle) = r.cycle.as_ref() {
                let len = cycle.last_ply + 1 - cycle.first_ply;
                let extra = &rules.extra_cycles_before_loss;
                let allowed = match r.reason {
                    RulingReason::PerpetualCheck => extra.perpetual_check,
                    RulingReason::MustVary => extra.other_violation,
                    _ => None,
                };
                // Under a claim nobody loses by playing on: the record
                // going on past the count shows that nobody claimed.
                let allowed = allowed.filter(|_| rules.adjudication == Adjudication::Automatic);
                let decided_now = allowed == Some(0);
                points.push(RulingPoint {
                    ply,
                    kind: PointKind::Repetition,
                    ruling: r,
                    follow_up: if decided_now {
                        Some(FollowUp::Lost { ply, cycles: 0 })
                    } else {
                        Some(FollowUp::RecordEnds { cycles: 0 })
                    },
                });
                if decided_now {
                    return points;
                }
                episode = Some(Episode {
                    point: points.len() - 1,
                    len,
                    ply,
                    allowed: allowed.map(|a| a as usize),
                });
                continue;
            }
        }
        if !limit_raised && pos.halfmoves() as usize + 1 >= limit_plies {
            let state = natural_limit::state(&prefix, edition.natural_limit());
            if state.reached() {
                limit_raised = true;
                let mut r = rule_in(&prefix, edition, options, session);
                if r.reason != RulingReason::NaturalLimit {
                    // A repetition or the end takes precedence in `rule`;
                    // the limit point is still an arbiter's point.
                    r = super::limit_ruling(edition, state);
                }
                points.push(RulingPoint {
                    ply,
                    kind: PointKind::NaturalLimit,
                    ruling: r,
                    follow_up: None,
                });
            }
        }
    }
    points
}
