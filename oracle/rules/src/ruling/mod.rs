//! What an arbiter rules on a game, under an edition, as a typed value
//! ([`Ruling`]). In order:
//!
//! 0. an illegal move ending the record (where the edition makes it a loss);
//! 1. the end of the game on the board (将死, 困毙);
//! 2. the repetition cycle ending at the last move (棋例);
//! 3. the natural move limit (自然限着);
//! 4. otherwise nothing.
//!
//! The JSON form is a documented interface (`spec/RULINGS.md`): without
//! words, [`Ruling::wire`]; the explanations in Chinese and English, the
//! pictures and the JSON with an explanation are made from the value by
//! the `xq-render` crate.

pub mod game;

pub use game::{
    rule_game, rule_game_cancellable, rule_game_typed, Claimable, Comparison, FollowUp, GameRuling,
    PointKind, RulingPoint,
};

use serde::{Deserialize, Serialize};
use xq_core::legality::IllegalMove;
use xq_core::notation::{format_move, Notation};
use xq_core::status::EndReason;
use xq_core::{
    Color, Game, IllegalFinal, Move, Outcome, Piece, PlayError, ReadRecordError, Square,
};

use crate::clauses::Clause;
use crate::edition::{Adjudication, Edition, SelfKill, ViolationConsequence};
use crate::natural_limit::{self, LimitState};
use crate::protocol::{
    CycleAnswer, CycleMoveAnswer, IllegalMoveAnswer, LimitCountAnswer, NaturalLimitAnswer,
    RulingAnswer, SearchAnswer, SideAnswer,
};
use crate::repetition::{
    self, chinese_name, Classified, CycleRuling, MoveKind, Pattern, SearchLimits, Session,
    StopReason, Verdict,
};

pub use xq_spec::RulingReason;

/// The level of the event, where the edition's rules depend on it (how
/// many movement violations lose).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventLevel {
    /// National events.
    #[default]
    National,
    /// Provincial and lower events, and junior events.
    ProvincialAndJunior,
}

/// What shapes a ruling besides the edition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulingOptions {
    /// The bounds of the 棋例 searches.
    pub limits: SearchLimits,
    /// The level of the event.
    pub event: EventLevel,
    /// The time the searches of one ruling (or, for `rule_game`, of the
    /// whole game) may take; `None`: only the node budgets bound them.
    pub time_limit: Option<std::time::Duration>,
}

/// The repetition cycle of a ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleInfo {
    /// The ply of the cycle's first move, counted from 1 from the start.
    pub first_ply: usize,
    /// The ply of its last move.
    pub last_ply: usize,
    /// How often the final position has occurred.
    pub occurrences: usize,
    /// Whether the edition's count has been reached (待判局面).
    pub adjudicable: bool,
    /// Who starts the adjudication under the edition.
    pub procedure: Procedure,
    /// The first ply of the counted span when the moves before the cycle
    /// are not the cycle played again; the patterns cover the whole span.
    pub counted_from_ply: Option<usize>,
}

pub use xq_spec::Procedure;

/// One move of a cycle, as ruled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRuling {
    /// The ply, counted from 1 from the start position.
    pub ply: usize,
    /// The move in ICCS.
    pub mv: Move,
    /// The move in Chinese notation.
    pub chinese: String,
    /// Its 棋例 kind.
    pub kind: MoveKind,
    /// Points of what the move attacks, offers to, blocks or watches.
    pub targets: Vec<Square>,
    /// The pieces on those points.
    pub target_pieces: Vec<Piece>,
    /// The special rules that decided the kind.
    pub grounds: Vec<Clause>,
    /// `false` when a search ran out of budget before the move was fully
    /// examined.
    pub complete: bool,
}

/// One side's part of a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideRuling {
    /// The side's pattern.
    pub pattern: Pattern,
    /// The traditional name: 长将, 一将一捉, 一捉一闲 …
    pub pattern_zh: String,
    /// Whether the edition forbids it.
    pub forbidden: bool,
    /// The side's moves in the cycle.
    pub moves: Vec<MoveRuling>,
    /// Its moves of the counted span before the cycle, when they are not
    /// the cycle played again (else empty).
    pub earlier: Vec<MoveRuling>,
}

/// A record's illegal move that the ruling is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveRuling {
    /// The ply, counted from 1.
    pub ply: usize,
    /// The move as the record gives it.
    pub text: String,
    /// The move in ICCS.
    pub mv: Move,
    /// The rule it breaks (written as its code: `king-in-check`,
    /// `horse-leg-blocked` …).
    pub reason: IllegalMove,
    /// The side that made it.
    pub by: Color,
}

/// The bounds the 棋例 searches ran with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The longest mate by checks looked for (杀).
    pub kill_depth: u32,
    /// The most checks before a winning capture (捉).
    pub check_win_depth: u32,
    /// The budget of one move's classification.
    pub nodes_per_move: u64,
    /// The budget of the whole cycle.
    pub nodes_per_cycle: u64,
    /// Plies whose classification ran out of budget: their kinds are what
    /// the searches found before they stopped.
    pub incomplete_plies: Vec<usize>,
    /// When a bound shared beyond this ruling stopped the searches (the
    /// game's node budget, the deadline, a cancellation).
    pub stopped_by: Option<StopReason>,
}

/// A ruling. Its JSON form (`spec/RULINGS.md`) is the spec's
/// [`RulingAnswer`] ([`Ruling::wire`], with an explanation added by
/// `xq-render`), the one type that the oracle writes and the harness reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// What is ruled if the position stands (or the repetition goes on).
    pub result: Outcome,
    /// Why.
    pub reason: RulingReason,
    /// The edition's id.
    pub edition: String,
    /// The repetition cycle ruled on.
    pub cycle: Option<CycleInfo>,
    /// Red's part of the cycle.
    pub red: Option<SideRuling>,
    /// Black's part of the cycle.
    pub black: Option<SideRuling>,
    /// The side that must vary (and loses if it does not).
    pub must_vary: Option<Color>,
    /// The count towards the natural move limit, when no earlier step ruled.
    pub natural_limit: Option<LimitState>,
    /// The illegal move ruled on.
    pub illegal_move: Option<IllegalMoveRuling>,
    /// The clauses the ruling rests on, most specific first.
    pub clauses: Vec<Clause>,
    /// The search bounds, for a repetition ruling.
    pub search: Option<SearchReport>,
}

impl Ruling {
    fn new(result: Outcome, reason: RulingReason, edition: &Edition) -> Ruling {
        Ruling {
            result,
            reason,
            edition: edition.id.to_string(),
            cycle: None,
            red: None,
            black: None,
            must_vary: None,
            natural_limit: None,
            illegal_move: None,
            clauses: Vec::new(),
            search: None,
        }
    }

    /// The wire form of `spec/RULINGS.md` without the explanation (which
    /// `xq-render` adds in a language).
    #[must_use]
    pub fn wire(&self) -> RulingAnswer {
        use crate::protocol::{color, illegal_move_code, outcome};
        let moves = |ms: &[MoveRuling]| -> Vec<CycleMoveAnswer> {
            ms.iter()
                .map(|m| CycleMoveAnswer {
                    ply: Some(m.ply as u64),
                    mv: Some(m.mv.to_string()),
                    chinese: Some(m.chinese.clone()),
                    kind: Some(m.kind),
                    targets: Some(m.targets.iter().map(|t| t.to_string()).collect()),
                    target_pieces: Some(
                        m.target_pieces
                            .iter()
                            .map(|p| p.fen_char().to_string())
                            .collect(),
                    ),
                    grounds: m.grounds.clone(),
                    complete: Some(m.complete),
                })
                .collect()
        };
        let side = |s: &SideRuling| SideAnswer {
            pattern: Some(s.pattern),
            pattern_zh: Some(s.pattern_zh.clone()),
            forbidden: Some(s.forbidden),
            moves: Some(moves(&s.moves)),
            earlier: (!s.earlier.is_empty()).then(|| moves(&s.earlier)),
        };
        let count = |c: &natural_limit::SideCount| LimitCountAnswer {
            moves: Some(c.moves),
            checks: Some(c.checks),
            counted: Some(c.counted),
        };
        RulingAnswer {
            result: Some(outcome(self.result)),
            reason: Some(self.reason),
            edition: Some(self.edition.clone()),
            cycle: self.cycle.as_ref().map(|c| CycleAnswer {
                first_ply: Some(c.first_ply as u64),
                last_ply: Some(c.last_ply as u64),
                occurrences: Some(c.occurrences as u64),
                adjudicable: Some(c.adjudicable),
                procedure: Some(c.procedure),
                counted_from_ply: c.counted_from_ply.map(|p| p as u64),
            }),
            red: self.red.as_ref().map(side),
            black: self.black.as_ref().map(side),
            must_vary: self.must_vary.map(color),
            natural_limit: self.natural_limit.as_ref().map(|l| NaturalLimitAnswer {
                rounds: Some(l.rounds),
                plies_without_capture: Some(l.plies_without_capture),
                red: Some(count(&l.red)),
                black: Some(count(&l.black)),
                claimable_by: Some(l.claimable_by.iter().copied().map(color).collect()),
            }),
            illegal_move: self.illegal_move.as_ref().map(|m| IllegalMoveAnswer {
                ply: Some(m.ply as u64),
                text: Some(m.text.clone()),
                mv: Some(m.mv.to_string()),
                reason: Some(illegal_move_code(&m.reason)),
                by: Some(color(m.by)),
            }),
            clauses: Some(self.clauses.clone()),
            search: self.search.as_ref().map(|s| SearchAnswer {
                kill_depth: Some(s.kill_depth),
                check_win_depth: Some(s.check_win_depth),
                nodes_per_move: Some(s.nodes_per_move),
                nodes_per_cycle: Some(s.nodes_per_cycle),
                incomplete_plies: Some(s.incomplete_plies.iter().map(|&p| p as u64).collect()),
                stopped_by: s.stopped_by,
            }),
            explanation: None,
        }
    }
}

/// A ruling is written as its wire form, without the explanation (a game
/// ruling's points are written so).
impl Serialize for Ruling {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.wire().serialize(s)
    }
}

/// Why a record cannot be ruled on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordError {
    /// A move is not a move at all, names no piece or several, or moves
    /// nothing or the opponent's piece: the record is broken, not a
    /// violation to rule on.
    Unplayable(PlayError),
    /// The record goes on after an illegal move; a ruling on a violation
    /// needs it to be the record's last move.
    MovesAfterIllegal {
        /// The illegal move.
        illegal: PlayError,
        /// The ply of the move after it.
        next_ply: usize,
        /// That move as the record gives it.
        next: String,
    },
    /// The edition says nothing we hold about this violation.
    NotRuled(PlayError),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Unplayable(e) => e.fmt(f),
            RecordError::MovesAfterIllegal {
                illegal,
                next_ply,
                next,
            } => write!(
                f,
                "{illegal}; the record goes on after it (ply {next_ply}: {}), but a ruling on an illegal move needs it to be the last",
                quote(next)
            ),
            RecordError::NotRuled(e) => write!(
                f,
                "{e}; the edition's rules we hold do not say what this violation costs"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

/// The record's texts could not be read as a game (xq-core's reading).
impl From<ReadRecordError> for RecordError {
    fn from(e: ReadRecordError) -> RecordError {
        match e {
            ReadRecordError::Unplayable(e) => RecordError::Unplayable(e),
            ReadRecordError::MovesAfterIllegal {
                illegal,
                next_ply,
                next,
            } => RecordError::MovesAfterIllegal {
                illegal,
                next_ply,
                next,
            },
        }
    }
}

/// A bounded quotation of outside text, as the notation readers quote a
/// move text.
fn quote(text: &str) -> String {
    use xq_core::excerpt;
    excerpt::quote(
        text,
        excerpt::Limit::MOVE_TEXT,
        excerpt::escaped,
        excerpt::characters,
    )
}

/// Rules on a game that may end with an illegal move (`illegal_final`,
/// made after the game's moves, as xq-core found it: [`Game::illegal_final`]
/// for a typed move, [`xq_core::read_record`] for a record's texts): that
/// move decides, as the edition says (自杀 and other violations lose where
/// the edition makes them a loss; [`RecordError::NotRuled`] where it says
/// nothing we hold); otherwise as [`rule`].
///
/// ```
/// use xq_core::{read_record, Outcome, Position};
/// use xq_oracle::{edition, ruling::{rule_final, RulingOptions, RulingReason}};
///
/// // e0d0 puts the kings face to face (自杀): the mover loses.
/// let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
/// let (game, last) = read_record(start, &["e0d0"]).unwrap();
/// let ed = edition::get("cxa-2020").unwrap();
/// let r = rule_final(&game, last.as_ref(), ed, &RulingOptions::default()).unwrap();
/// assert_eq!((r.reason, r.result), (RulingReason::IllegalMove, Outcome::BlackWins));
/// ```
pub fn rule_final(
    game: &Game,
    illegal_final: Option<&IllegalFinal>,
    edition: &Edition,
    options: &RulingOptions,
) -> Result<Ruling, RecordError> {
    rule_final_in(
        game,
        illegal_final,
        edition,
        options,
        &session(options, None),
    )
}

/// The session of one ruling, or of all the rulings of one game: the
/// game's node budget, and the deadline `options.time_limit` sets from now.
#[must_use]
pub fn session(
    options: &RulingOptions,
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> Session {
    let deadline = options
        .time_limit
        .and_then(|t| std::time::Instant::now().checked_add(t));
    Session::new(options.limits.nodes_per_game, deadline, cancel)
}

/// [`rule_final`] within a session (its budget, deadline and what it has
/// already classified).
pub fn rule_final_in(
    game: &Game,
    illegal_final: Option<&IllegalFinal>,
    edition: &Edition,
    options: &RulingOptions,
    session: &Session,
) -> Result<Ruling, RecordError> {
    let Some(illegal) = illegal_final else {
        return Ok(rule_in(game, edition, options, session));
    };
    let reason = illegal.reason();
    let self_kill = matches!(
        reason,
        IllegalMove::KingInCheck { .. } | IllegalMove::KingsFacing
    );
    let rules = &edition.rules;
    let loses = if self_kill {
        rules.illegal_move == SelfKill::Loss
    } else {
        let v = &rules.move_rule_violation;
        // A record ends at its first violation: it loses when the
        // edition's threshold for the event's level is one.
        let threshold = v.threshold.map_or(1, |t| match options.event {
            EventLevel::National => t.national,
            EventLevel::ProvincialAndJunior => t.provincial_and_junior,
        });
        v.consequence == ViolationConsequence::Loss && threshold <= 1
    };
    if !loses {
        return Err(RecordError::NotRuled(illegal.error().clone()));
    }
    let mover = game.current().turn();
    let mut r = Ruling::new(
        Outcome::win_for(mover.other()),
        RulingReason::IllegalMove,
        edition,
    );
    r.illegal_move = Some(IllegalMoveRuling {
        ply: illegal.ply(),
        text: illegal.text().to_string(),
        mv: illegal.mv(),
        reason: reason.clone(),
        by: mover,
    });
    r.clauses = vec![if self_kill {
        Clause::SelfKill
    } else {
        Clause::RuleViolation
    }];
    Ok(r)
}

/// Rules on the game as it stands.
#[must_use]
pub fn rule(game: &Game, edition: &Edition, options: &RulingOptions) -> Ruling {
    rule_in(game, edition, options, &session(options, None))
}

/// [`rule`] within a session: a move it has classified before is not
/// classified again, and the searches spend the session's budget.
pub fn rule_in(
    game: &Game,
    edition: &Edition,
    options: &RulingOptions,
    session: &Session,
) -> Ruling {
    let pos = game.current();
    let status = crate::status::status(pos, edition);
    if let Some(end) = status.reason {
        let (reason, clause) = match end {
            EndReason::Checkmate => (RulingReason::Checkmate, Clause::Checkmate),
            EndReason::Stalemate => (RulingReason::Stalemate, Clause::Stalemate),
        };
        let mut r = Ruling::new(status.result, reason, edition);
        r.clauses = vec![clause];
        return r;
    }
    let rules = edition.repetition();
    if let Some(cycle) = repetition::find_cycle(game, rules.occurrences as usize) {
        // Whether what the game has left is less than the cycle's own
        // share: a move cut short then ran out of the game's budget.
        let len = cycle.len() as u64;
        let limits = &options.limits;
        let game_share_smaller =
            session.nodes_left() / len < limits.nodes_per_move.min(limits.nodes_per_cycle / len);
        let r = repetition::rule_cycle_in(game, cycle, rules, limits, session);
        let mut ruling = cycle_ruling(game, edition, &r, limits);
        if let Some(search) = ruling.search.as_mut() {
            if !search.incomplete_plies.is_empty() {
                search.stopped_by = session
                    .stopped()
                    .or(game_share_smaller.then_some(StopReason::GameBudget));
            }
        }
        return ruling;
    }
    let limit = natural_limit::state(game, edition.natural_limit());
    if limit.reached() {
        return limit_ruling(edition, limit);
    }
    let mut r = Ruling::new(Outcome::Ongoing, RulingReason::None, edition);
    r.natural_limit = Some(limit);
    r
}

/// The natural-limit ruling on a count that has reached the limit.
pub(crate) fn limit_ruling(edition: &Edition, limit: LimitState) -> Ruling {
    let rules = edition.natural_limit();
    let mut r = Ruling::new(Outcome::Draw, RulingReason::NaturalLimit, edition);
    r.clauses = vec![Clause::LimitRounds, Clause::LimitResetByCapture];
    if rules
        .check_cap
        .is_some_and(|cap| limit.red.checks > cap || limit.black.checks > cap)
    {
        r.clauses.push(Clause::LimitCheckCap);
    }
    if !rules.automatic {
        r.clauses.push(Clause::LimitClaim);
    }
    r.natural_limit = Some(limit);
    r
}

fn move_ruling(game: &Game, ply: usize, c: &Classified) -> MoveRuling {
    let before = &game.positions()[ply - 1];
    let after = &game.positions()[ply];
    let mv = game.moves()[ply - 1];
    MoveRuling {
        ply,
        mv,
        chinese: format_move(before, mv, Notation::Chinese),
        kind: c.kind,
        targets: c.targets.clone(),
        target_pieces: c
            .targets
            .iter()
            .filter_map(|&s| after.piece_at(s))
            .collect(),
        grounds: c.grounds.clone(),
        complete: c.complete,
    }
}

fn side_ruling(game: &Game, side: &repetition::SideCycle) -> SideRuling {
    let moves = |ms: &[(usize, Classified)]| {
        ms.iter()
            .map(|(ply, c)| move_ruling(game, *ply, c))
            .collect()
    };
    SideRuling {
        pattern: side.pattern,
        pattern_zh: chinese_name(&side.span_kinds()),
        forbidden: side.forbidden,
        moves: moves(&side.moves),
        earlier: moves(&side.earlier),
    }
}

fn cycle_ruling(game: &Game, edition: &Edition, r: &CycleRuling, limits: &SearchLimits) -> Ruling {
    let (result, reason) = match r.verdict {
        Verdict::BothAllowed => (Outcome::Draw, RulingReason::BothAllowed),
        Verdict::BothForbidden => (Outcome::Draw, RulingReason::BothForbidden),
        Verdict::MutualPerpetualCheck => (Outcome::Draw, RulingReason::MutualPerpetualCheck),
        Verdict::PerpetualCheck { loser } => (
            Outcome::win_for(loser.other()),
            RulingReason::PerpetualCheck,
        ),
        Verdict::MustVary { side, .. } => (Outcome::win_for(side.other()), RulingReason::MustVary),
    };
    let mut ruling = Ruling::new(result, reason, edition);
    // The verdict first, then each side's pattern, the kinds of its moves
    // and the special rules that decided them, then the count.
    let mut clauses = vec![r.verdict.clause()];
    for side in [&r.red, &r.black] {
        clauses.push(side.pattern.clause());
        clauses.extend(side.grounds.iter().copied());
        for (_, c) in side.span() {
            clauses.push(c.kind.clause());
            clauses.extend(c.grounds.iter().copied());
        }
    }
    clauses.push(Clause::Adjudication);
    let mut seen = std::collections::HashSet::new();
    clauses.retain(|c| seen.insert(*c));
    ruling.clauses = clauses;
    let rules = edition.repetition();
    ruling.cycle = Some(CycleInfo {
        first_ply: r.cycle.first_ply,
        last_ply: r.cycle.last_ply,
        occurrences: r.cycle.occurrences,
        adjudicable: r.cycle.occurrences >= rules.occurrences as usize,
        procedure: match rules.adjudication {
            Adjudication::Claim => Procedure::Claim,
            Adjudication::Automatic => Procedure::Automatic,
        },
        counted_from_ply: (!r.red.earlier.is_empty() || !r.black.earlier.is_empty())
            .then_some(r.cycle.counted_from_ply),
    });
    ruling.red = Some(side_ruling(game, &r.red));
    ruling.black = Some(side_ruling(game, &r.black));
    ruling.must_vary = match r.verdict {
        Verdict::MustVary { side, .. } => Some(side),
        _ => None,
    };
    ruling.search = Some(SearchReport {
        kill_depth: limits.kill_depth,
        check_win_depth: limits.check_win_depth,
        nodes_per_move: limits.nodes_per_move,
        nodes_per_cycle: limits.nodes_per_cycle,
        incomplete_plies: r.incomplete_plies(),
        stopped_by: None,
    });
    ruling
}
