//! The built-in oracle's side of the suite protocol (`spec/PROTOCOL.md`):
//! its handshake and the spec's codes of its typed results. The wire types
//! themselves — messages, requests, replies and every answer type — are
//! `xq_spec::protocol`'s, re-exported here, so a third-party adapter needs
//! only `xq-spec`. The answers (a ruling's carries its explanation) are
//! made by `xq_render::protocol`.

use xq_core::notation::ParseMoveError;
use xq_core::SetupProblem;

pub use xq_spec::protocol::*;
use xq_spec::{IllegalMoveCode, ProblemCode, Rejection};

/// The stable code of a setup problem, used by `position` answers.
#[must_use]
pub fn problem_code(p: &SetupProblem) -> ProblemCode {
    use ProblemCode as P;
    match p {
        SetupProblem::MissingKing(_) => P::MissingKing,
        SetupProblem::ExtraKing(_) => P::ExtraKing,
        SetupProblem::KingOutsidePalace(..) => P::KingOutsidePalace,
        SetupProblem::Unreachable(..) => P::Unreachable,
        SetupProblem::TooMany(..) => P::TooMany,
        SetupProblem::KingsFacing => P::KingsFacing,
        SetupProblem::OpponentInCheck(_) => P::OpponentInCheck,
    }
}

/// The stable codes of what makes a FEN unusable (`position` answers):
/// `syntax` for a text that is no FEN, else each setup problem.
#[must_use]
pub fn fen_problems(e: &xq_core::FenError) -> Vec<ProblemCode> {
    match e {
        xq_core::FenError::Parse(_) => vec![ProblemCode::Syntax],
        xq_core::FenError::Position(p) => p.problems.iter().map(problem_code).collect(),
    }
}

/// The rejection of a move text, as `convert` answers give it.
#[must_use]
pub fn rejection(e: &ParseMoveError) -> Rejection {
    match e {
        ParseMoveError::Syntax { .. } => Rejection::Syntax,
        ParseMoveError::NoSuchPiece { .. } => Rejection::NoSuchPiece,
        ParseMoveError::Ambiguous { .. } => Rejection::Ambiguous,
        ParseMoveError::Illegal { .. } => Rejection::Illegal,
        // A cause the core may name in a later version: still a rejection.
        _ => Rejection::Unknown,
    }
}

/// The handshake the built-in oracle gives.
#[must_use]
pub fn oracle_started(editions: Vec<String>) -> Started {
    Started {
        kind: StartedType::Started,
        name: "xq-oracle".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        questions: QuestionKind::ALL.iter().map(|&q| Known::Known(q)).collect(),
        editions,
        protocol: Some(PROTOCOL_VERSION),
        limits: None,
        conventions: None,
    }
}

/// The spec's code of an illegal move (the two vocabularies are one list,
/// checked by a test).
#[must_use]
pub fn illegal_move_code(reason: &xq_core::IllegalMove) -> IllegalMoveCode {
    IllegalMoveCode::from_name(reason.code())
        .unwrap_or_else(|| panic!("{} is not an illegal-move code of xq-spec", reason.code()))
}

/// The core's notation for the spec's.
#[must_use]
pub fn notation(n: xq_spec::Notation) -> xq_core::notation::Notation {
    use xq_core::notation::Notation as N;
    match n {
        xq_spec::Notation::Iccs => N::Iccs,
        xq_spec::Notation::Wxf => N::Wxf,
        xq_spec::Notation::Chinese => N::Chinese,
    }
}

/// The spec's word for a core result.
#[must_use]
pub fn outcome(o: xq_core::Outcome) -> xq_spec::Outcome {
    match o {
        xq_core::Outcome::RedWins => xq_spec::Outcome::RedWins,
        xq_core::Outcome::BlackWins => xq_spec::Outcome::BlackWins,
        xq_core::Outcome::Draw => xq_spec::Outcome::Draw,
        xq_core::Outcome::Ongoing => xq_spec::Outcome::Ongoing,
    }
}

/// The spec's word for why a game ended on the board.
#[must_use]
pub fn end_reason(r: xq_core::EndReason) -> xq_spec::EndReason {
    match r {
        xq_core::EndReason::Checkmate => xq_spec::EndReason::Checkmate,
        xq_core::EndReason::Stalemate => xq_spec::EndReason::Stalemate,
    }
}

/// The spec's word for a side.
#[must_use]
pub fn color(c: xq_core::Color) -> xq_spec::Color {
    match c {
        xq_core::Color::Red => xq_spec::Color::Red,
        xq_core::Color::Black => xq_spec::Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xq-core keeps its own small enums (it depends on nothing); each is
    /// mapped to xq-spec's word by the exhaustive matches above. These tie
    /// the words too: every core value maps to the spec's value of the same
    /// name, and every spec value is reached, so neither list can grow or
    /// be renamed alone.
    #[test]
    fn the_core_twins_of_the_spec_vocabularies_are_one_list() {
        let colors: Vec<_> = xq_core::Color::ALL.iter().map(|&c| color(c)).collect();
        assert_eq!(colors, xq_spec::Color::ALL);
        for c in xq_core::Color::ALL {
            assert_eq!(c.name(), color(c).name());
        }
        let notations: Vec<xq_spec::Notation> = xq_spec::Notation::ALL.to_vec();
        let back: Vec<_> = notations.iter().map(|&n| notation(n)).collect();
        assert_eq!(back, xq_core::notation::Notation::ALL);
        for n in notations {
            assert_eq!(n.name(), notation(n).name());
        }
        let outcomes = [
            xq_core::Outcome::RedWins,
            xq_core::Outcome::BlackWins,
            xq_core::Outcome::Draw,
            xq_core::Outcome::Ongoing,
        ];
        let mapped: Vec<_> = outcomes.iter().map(|&o| outcome(o)).collect();
        assert_eq!(mapped, xq_spec::Outcome::ALL);
        for o in outcomes {
            assert_eq!(o.as_str(), outcome(o).name());
        }
        let ends = [xq_core::EndReason::Checkmate, xq_core::EndReason::Stalemate];
        let mapped: Vec<_> = ends.iter().map(|&r| end_reason(r)).collect();
        assert_eq!(mapped, xq_spec::EndReason::ALL);
        for r in ends {
            assert_eq!(r.as_str(), end_reason(r).name());
        }
    }

    #[test]
    fn every_illegal_move_code_of_the_core_is_the_spec_s() {
        assert_eq!(
            xq_core::IllegalMove::CODES.as_slice(),
            IllegalMoveCode::NAMES
        );
    }
}
