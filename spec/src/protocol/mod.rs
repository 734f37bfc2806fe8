//! The suite protocol (`spec/PROTOCOL.md`): what the harness and an
//! implementation say to each other over JSON lines.

crate::vocabulary! {
    /// The kinds of question, in the order `spec/PROTOCOL.md` lists them;
    /// each is a request's `ask` and a name in the handshake's `questions`.
    /// Not `#[non_exhaustive]`: a new question is a protocol change that
    /// every grader and answerer must handle, and a compile error says where.
    pub enum QuestionKind: "question" {
        /// `legal-moves`: every legal move.
        LegalMoves = "legal-moves",
        /// `is-legal`: whether one move is legal, and the rule it breaks.
        IsLegal = "is-legal",
        /// `status`: check, legal move count, result and reason.
        Status = "status",
        /// `perft`: the leaf count of the legal-move tree.
        Perft = "perft",
        /// `convert`: a move rewritten in another notation.
        Convert = "convert",
        /// `position`: whether a FEN is a legal position, and its problems.
        Position = "position",
        /// `ruling`: the arbiter's ruling on a game record
        /// (`spec/RULINGS.md`).
        Ruling = "ruling",
        /// `classify`: the 棋例 kind of one move and its targets.
        Classify = "classify",
    }
}

mod answers;
mod messages;
mod reader;
pub mod strict_json;

pub use answers::{
    Answer, AnswerError, ClassifyAnswer, ConvertAnswer, CycleAnswer, CycleMoveAnswer,
    IllegalMoveAnswer, IsLegalAnswer, LegalMovesAnswer, LimitCountAnswer, NaturalLimitAnswer,
    PerftAnswer, PositionAnswer, RulingAnswer, SearchAnswer, SideAnswer, StatusAnswer,
};
pub use messages::{
    Known, Limits, Message, Question, Reply, ReplyError, Request, Started, StartedType,
    PROTOCOL_VERSION,
};
pub use reader::{read_message, MessageReader};
