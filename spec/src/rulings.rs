//! The words of the 棋例 and of rulings (`spec/RULINGS.md`): the kind of a
//! move in a cycle, a side's pattern over it, why a ruling is what it is,
//! and who starts an adjudication. The rules crate decides them; the
//! Chinese names live with its renderer.

crate::vocabulary! {
    /// The 棋例 kind of a move in a repetition cycle (24.1-24.8), heaviest
    /// first.
    pub enum MoveKind: "move kind" {
        /// 将: the move checks.
        Check = "check",
        /// 杀: the move threatens mate by a check or consecutive checks.
        Kill = "kill",
        /// 捉: the move newly threatens to win material.
        Chase = "chase",
        /// 兑: offers a trade the opponent can accept without loss.
        Exchange = "exchange",
        /// 献: offers a piece the opponent can take without loss.
        Offer = "offer",
        /// 拦: blocks an enemy piece, with no attacking effect.
        Block = "block",
        /// 跟: keeps watch on a protected enemy piece, with no attacking
        /// effect.
        Follow = "follow",
        /// 闲: none of the above.
        Idle = "idle",
    }
}

impl MoveKind {
    /// 将, 杀 and 捉 attack; everything else is a kind of 闲 (24.8).
    #[must_use]
    pub const fn is_attack(self) -> bool {
        matches!(self, MoveKind::Check | MoveKind::Kill | MoveKind::Chase)
    }
}

crate::vocabulary! {
    /// A side's pattern of moves over a repetition cycle.
    pub enum Pattern: "pattern" {
        /// 长将: every move checks.
        PerpetualCheck = "perpetual-check",
        /// 长杀: every move threatens mate.
        PerpetualKill = "perpetual-kill",
        /// 长捉: every move chases (one piece or several).
        PerpetualChase = "perpetual-chase",
        /// 一将一杀 (and other check/kill mixes).
        CheckKill = "check-kill",
        /// 一将一捉 (and other check/chase mixes).
        CheckChase = "check-chase",
        /// 一杀一捉 (and other kill/chase mixes).
        KillChase = "kill-chase",
        /// 长打: every move attacks, with checks, kills and chases mixed.
        PerpetualAttack = "perpetual-attack",
        /// Attacks mixed with at least one 闲 (一将一闲, 一捉一闲, 数将一闲 …).
        AttackIdle = "attack-idle",
        /// 长兑, 长献, 长拦, 长跟, 长闲, or any mix of kinds of 闲.
        Idle = "idle",
    }
}

impl Pattern {
    /// The pattern of a side's move kinds over a cycle.
    #[must_use]
    pub fn of(kinds: &[MoveKind]) -> Pattern {
        let has = |k: MoveKind| kinds.contains(&k);
        if kinds.iter().any(|k| !k.is_attack()) {
            return if kinds.iter().any(|k| k.is_attack()) {
                Pattern::AttackIdle
            } else {
                Pattern::Idle
            };
        }
        match (
            has(MoveKind::Check),
            has(MoveKind::Kill),
            has(MoveKind::Chase),
        ) {
            (true, false, false) => Pattern::PerpetualCheck,
            (false, true, false) => Pattern::PerpetualKill,
            (false, false, true) => Pattern::PerpetualChase,
            (true, true, false) => Pattern::CheckKill,
            (true, false, true) => Pattern::CheckChase,
            (false, true, true) => Pattern::KillChase,
            _ => Pattern::PerpetualAttack,
        }
    }
}

crate::vocabulary! {
    /// Why a ruling is what it is.
    #[non_exhaustive]
    pub enum RulingReason: "ruling reason" {
        /// The side to move is mated (将死).
        Checkmate = "checkmate",
        /// The side to move has no legal move and is not in check (困毙).
        Stalemate = "stalemate",
        /// One side checked perpetually (长将) and loses.
        PerpetualCheck = "perpetual-check",
        /// Both sides checked perpetually: a draw.
        MutualPerpetualCheck = "mutual-perpetual-check",
        /// Both sides' patterns are allowed: a draw.
        BothAllowed = "both-allowed",
        /// Both forbidden with equal weight: a draw.
        BothForbidden = "both-forbidden",
        /// One side's pattern is forbidden (or heavier): it must vary, and
        /// loses if the repetition stands.
        MustVary = "must-vary",
        /// The natural move limit is reached: a draw (on a claim, unless the
        /// edition makes it automatic).
        NaturalLimit = "natural-limit",
        /// A move of the record is illegal, and the edition makes playing it
        /// a loss (自杀: self-check, facing kings; or another movement
        /// violation).
        IllegalMove = "illegal-move",
        /// Nothing to rule on.
        None = "none",
    }
}

/// Why a ruling's searches were stopped before their own budgets ran out
/// (`search.stopped_by`): a bound that the rulings of a game, or one
/// request, share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchStop {
    /// `game-budget`: the game's node budget (`nodes_per_game`) was spent.
    GameBudget,
    /// `deadline`: the time allowed for the request ran out.
    Deadline,
    /// `cancelled`: the caller gave up waiting (a desk client that left).
    Cancelled,
}

impl SearchStop {
    /// The name used in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SearchStop::GameBudget => "game-budget",
            SearchStop::Deadline => "deadline",
            SearchStop::Cancelled => "cancelled",
        }
    }
}

crate::vocabulary! {
    /// How a record's stated result compares with the rules' (`xq rule`'s
    /// `comparison`, `spec/CLI.md`).
    pub enum Comparison: "comparison" {
        /// The rules give the result the record states.
        Agrees = "agrees",
        /// The rules decide the game otherwise than the record states: the
        /// record (or the arbiter who signed it) is wrong.
        Differs = "differs",
        /// The rules give their result only on a claim, and the record
        /// states another: nobody claimed, and the game ended otherwise
        /// (agreement, resignation, time).
        Claimable = "claimable",
        /// The record states a result the board does not decide: the game
        /// was ended off the board (resignation, agreement, time, a claim).
        OffTheBoard = "off-the-board",
        /// The record states a draw, the board decides nothing, and the
        /// natural move limit was reached in the game: the draw the limit
        /// allows, claimed or agreed when play had gone on past it.
        NaturalLimit = "natural-limit",
        /// The record states no result.
        Unrecorded = "unrecorded",
    }
}

/// Who starts an adjudication: the edition's parameter, as a ruling reports it.
pub use crate::editions::Adjudication as Procedure;

impl MoveKind {
    /// The clause defining the kind's term.
    #[must_use]
    pub const fn clause(self) -> crate::Clause {
        use crate::Clause;
        match self {
            MoveKind::Check => Clause::TermCheck,
            MoveKind::Kill => Clause::TermKill,
            MoveKind::Chase => Clause::TermChase,
            MoveKind::Exchange => Clause::TermExchange,
            MoveKind::Offer => Clause::TermOffer,
            MoveKind::Block => Clause::TermBlock,
            MoveKind::Follow => Clause::TermFollow,
            MoveKind::Idle => Clause::TermIdle,
        }
    }
}

impl Pattern {
    /// The clause that names the pattern.
    #[must_use]
    pub const fn clause(self) -> crate::Clause {
        use crate::Clause;
        match self {
            Pattern::PerpetualCheck => Clause::PerpetualCheck,
            Pattern::PerpetualKill => Clause::PerpetualKill,
            Pattern::PerpetualChase => Clause::PerpetualChase,
            Pattern::CheckKill => Clause::CheckKill,
            Pattern::CheckChase => Clause::CheckChase,
            Pattern::KillChase => Clause::KillChase,
            Pattern::PerpetualAttack => Clause::Forbidden,
            Pattern::AttackIdle | Pattern::Idle => Clause::Allowed,
        }
    }
}
