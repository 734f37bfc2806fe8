//! The words of the rules of movement that cross the wire: sides, results,
//! why a game ended, notations, why a move or a setup is refused, and why a
//! move text names no move. Their Chinese and English labels belong to the
//! renderers, not here.

crate::vocabulary! {
    /// A side.
    pub enum Color: "side" {
        /// `red` (红).
        Red = "red",
        /// `black` (黑).
        Black = "black",
    }
}

crate::vocabulary! {
    /// A game result in the usual PGN-like form.
    pub enum Outcome: "result" {
        /// `1-0`: Red won.
        RedWins = "1-0",
        /// `0-1`: Black won.
        BlackWins = "0-1",
        /// `1/2-1/2`: a draw, as a ruling or a game record gives it (the
        /// board alone never does).
        Draw = "1/2-1/2",
        /// `*`: no result; the game goes on.
        Ongoing = "*",
    }
}

crate::vocabulary! {
    /// Why the game ended on the board.
    pub enum EndReason: "end reason" {
        /// `checkmate` (将死): in check with no legal move.
        Checkmate = "checkmate",
        /// `stalemate` (困毙): not in check, yet no legal move.
        Stalemate = "stalemate",
    }
}

crate::vocabulary! {
    /// A move notation (`spec/NOTATION.md`); `zh` and `cn` are read as
    /// `chinese`, and case is ignored.
    pub enum Notation: "notation", any_case {
        /// `iccs`: from and to in ICCS coordinates, `h2e2`.
        Iccs = "iccs",
        /// `wxf`: the World Xiangqi Federation's notation, `C2=5`.
        Wxf = "wxf",
        /// `chinese`: the Chinese notation, `炮二平五`.
        Chinese = "chinese" | "zh" | "cn",
    }
}

crate::vocabulary! {
    /// The rule a move breaks (`is-legal` answers, rulings on an illegal
    /// move); `spec/PROTOCOL.md` lists them.
    #[non_exhaustive]
    pub enum IllegalMoveCode: "illegal-move code" {
        /// The move does not go anywhere.
        NullMove = "null-move",
        /// Nothing stands on the from-square.
        NoPiece = "no-piece",
        /// The piece on the from-square belongs to the side not to move.
        NotYourPiece = "not-your-piece",
        /// The target holds a piece of the mover's own side.
        OwnPieceOnTarget = "own-piece-on-target",
        /// The piece never moves this way (wrong shape or distance).
        NotAMove = "not-a-move",
        /// The king or an advisor would leave its palace.
        OutsidePalace = "outside-palace",
        /// An elephant may not cross the river.
        ElephantCrossesRiver = "elephant-crosses-river",
        /// 塞象眼: the elephant's eye is occupied.
        ElephantEyeBlocked = "elephant-eye-blocked",
        /// 蹩马腿: the horse's leg is occupied.
        HorseLegBlocked = "horse-leg-blocked",
        /// A rook's or cannon's (non-capturing) path is blocked.
        PathBlocked = "path-blocked",
        /// 炮打隔子: a cannon captures over exactly one screen.
        CannonScreen = "cannon-screen",
        /// A pawn never moves backwards.
        PawnBackward = "pawn-backward",
        /// A pawn moves sideways only after crossing the river.
        PawnSidewaysBeforeRiver = "pawn-sideways-before-river",
        /// The mover's king would be attacked after the move (送将, or a
        /// check not answered).
        KingInCheck = "king-in-check",
        /// The kings would face each other on an open file.
        KingsFacing = "kings-facing",
    }
}

crate::vocabulary! {
    /// What is wrong with a FEN (`position` answers).
    #[non_exhaustive]
    pub enum ProblemCode: "position problem code" {
        /// The text cannot be read as a FEN.
        Syntax = "syntax",
        /// A side has no king.
        MissingKing = "missing-king",
        /// A side has more than one king.
        ExtraKing = "extra-king",
        /// A king stands outside its palace.
        KingOutsidePalace = "king-outside-palace",
        /// A piece stands on a point its kind can never reach.
        Unreachable = "unreachable",
        /// A side has more pieces of a kind than the game starts with.
        TooMany = "too-many",
        /// The kings face each other on an open file.
        KingsFacing = "kings-facing",
        /// The side not to move is in check.
        OpponentInCheck = "opponent-in-check",
    }
}

crate::vocabulary! {
    /// Why a move text names no legal move (`convert` answers).
    #[non_exhaustive]
    pub enum Rejection: "rejection" {
        /// `syntax`: the text is not a move in ICCS, WXF or Chinese notation.
        Syntax = "syntax",
        /// `no-such-piece`: the text is well formed, but the mover has no
        /// piece it could name (no horse on that file …).
        NoSuchPiece = "no-such-piece",
        /// `ambiguous`: several of the mover's pieces fit the text.
        Ambiguous = "ambiguous",
        /// `illegal`: the text names one definite move, and the move breaks
        /// a rule.
        Illegal = "illegal",
        /// `unknown`: in answers only, never in a case file: the
        /// implementation refuses the text but cannot tell why. It counts
        /// as a rejection whose cause is left out (`spec/PROTOCOL.md`).
        Unknown = "unknown",
    }
}

impl Color {
    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl Outcome {
    /// The result in which `color` won.
    #[must_use]
    pub const fn win_for(color: Color) -> Outcome {
        match color {
            Color::Red => Outcome::RedWins,
            Color::Black => Outcome::BlackWins,
        }
    }
}
