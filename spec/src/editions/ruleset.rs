//! The typed parameters of an edition (`parameters:` in a profile). Every
//! field is read by exactly one part of the oracle, named on the field;
//! `spec/EDITIONS.md` gives each one's meaning and the articles behind each
//! edition's value. Unknown keys are an error, so a misspelt parameter can
//! never silently take a default.
//!
//! This file is also compiled into `build.rs`, which reads the profiles
//! with these types and writes them out as constants: a new parameter is a
//! new field here (in `parameters!`) and a value in every profile.

crate::parameters! {
    /// Everything an edition decides.
    pub struct Ruleset {
        /// 困毙: a side with no legal move that is not in check (the ruling
        /// on the final position).
        pub stalemate: StalemateResult,
        /// 自杀: completing a move that leaves one's king capturable or the
        /// kings facing (the ruling on a record's illegal move).
        pub illegal_move: SelfKill,
        /// Any other move against the movement rules (the ruling on a
        /// record's illegal move).
        pub move_rule_violation: MoveRuleViolation,
        /// The 棋例.
        pub repetition: RepetitionRules,
        /// 自然限着.
        pub natural_limit: NaturalLimitRules,
    }
}

crate::vocabulary! {
    /// The result for a side that cannot move and is not in check.
    pub enum StalemateResult: "stalemate result" {
        /// The side that cannot move loses, as when mated.
        Loss = "loss",
        /// A draw (no edition we know; kept so that a profile can say so).
        Draw = "draw",
    }
}

crate::vocabulary! {
    /// What completing a self-check or facing-kings move costs.
    pub enum SelfKill: "self-kill consequence" {
        /// The mover loses.
        Loss = "loss",
        /// The move is taken back and play goes on: nothing to rule.
        Forbidden = "forbidden",
    }
}

crate::parameters! {
    /// Moves against the movement rules other than 自杀.
    #[derive(Copy)]
    pub struct MoveRuleViolation {
        /// What a violation costs once the threshold is reached.
        pub consequence: ViolationConsequence,
        /// How many such violations in one game lose, by level of event;
        /// `null` where the edition gives no count.
        pub threshold: Option<ViolationThreshold>,
        /// What happens below the threshold; `null` where the edition does
        /// not say.
        pub below_threshold: Option<BelowThreshold>,
    }
}

crate::vocabulary! {
    /// What a movement violation costs.
    pub enum ViolationConsequence: "violation consequence" {
        /// A loss, once the edition's threshold is reached.
        Loss = "loss",
        /// The rule text we hold says nothing: the oracle reports the
        /// violation and rules nothing.
        Unknown = "unknown",
    }
}

crate::parameters! {
    /// The number of movement violations in one game that loses.
    #[derive(Copy)]
    pub struct ViolationThreshold {
        /// At national events.
        pub national: u32,
        /// At provincial (and lower) and junior events.
        pub provincial_and_junior: u32,
    }
}

crate::vocabulary! {
    /// What happens to a movement violation below the threshold.
    pub enum BelowThreshold: "below-threshold rule" {
        /// The game resumes from before the wrong move.
        Replay = "replay",
    }
}

crate::parameters! {
    /// The 棋例 parameters. Which code reads each is said on the field.
    pub struct RepetitionRules {
        /// Occurrences of a position that make a 待判局面 (cycle detection).
        pub occurrences: u32,
        /// Whether a player must ask for the ruling (the ruling's procedure).
        pub adjudication: Adjudication,
        /// The verdict on a one-sided 长将 (verdict).
        pub perpetual_check: PerpetualCheckResult,
        /// The verdict when both sides check on every move (verdict).
        pub mutual_check: MutualCheckResult,
        /// 长杀 is forbidden (patterns).
        pub perpetual_kill_forbidden: bool,
        /// 一将一杀 is forbidden (patterns).
        pub check_kill_forbidden: bool,
        /// 一将一捉 is forbidden (patterns).
        pub check_chase_forbidden: bool,
        /// 一杀一捉 is forbidden (patterns).
        pub kill_chase_forbidden: bool,
        /// 长打 mixing checks, kills and chases is forbidden (patterns). 长将
        /// and 长捉 are forbidden in every edition and have no switch.
        pub perpetual_attack_forbidden: bool,
        /// Threatening to win material by a check or checks (长要抽吃) is 捉
        /// (the chase term's threats).
        pub threat_to_win_by_check_is_chase: bool,
        /// Chasing two or more pieces in turn — by one piece or by several —
        /// is a forbidden 长捉 (cycle rules).
        pub several_targets_forbidden: bool,
        /// Several pieces taking turns to chase one piece is a forbidden 长捉
        /// (cycle rules).
        pub multi_chase_one_forbidden: bool,
        /// How a threat is judged: by the material the complete exchange
        /// wins, or by whether the target is protected (the threats and the
        /// chase term).
        pub chase_model: ChaseModel,
        /// The king's and pawns' own attacks are 闲 (the chase term).
        pub king_pawn_alone_chase_allowed: bool,
        /// A king or pawn move that lets another piece attack, or a king or
        /// pawn attacking together with another piece, is 捉 (the chase
        /// term).
        pub king_pawn_joint_chase_is_chase: bool,
        /// A pawn's threat is a chase after all when its capture would give
        /// check (CXA 2020 26.8; the chase term).
        pub pawn_capture_with_check_is_chase: bool,
        /// When both sides attack on every move of the cycle, a pawn's own
        /// threats count as chases (CXA 1999 27.2; cycle rules).
        pub pawn_chase_in_mutual_attack_is_chase: bool,
        /// A pawn that has not crossed the river can be chased (material).
        pub unpromoted_pawn_chasable: bool,
        /// 子力价值: what each piece counts for when material is weighed
        /// (material).
        pub material: MaterialValues,
        /// What a trade offer (兑) needs (the exchange term).
        pub exchange_offer_basis: ExchangeBasis,
        /// A side holding a drawing point does not chase by its incidental
        /// attacks on advisors and elephants (26.2; the chase term).
        pub drawing_point_attacks_idle: bool,
        /// A threat that stood before the move is a chase again when the
        /// moved piece stepped out of an attack and renews it — brings a
        /// new attacker, helps a joint threat, or holds the target in place
        /// (CXA 2020 figures 10, 11, 25, 参考图23, 45; the chase term).
        /// `false`: 从捉到捉 is always 闲 (CXA 1999 29.2).
        pub escape_renews_threat: bool,
        /// Threats created by the king's own move out of check are 闲 (the
        /// kill and chase terms).
        pub king_check_answer_threats_idle: bool,
        /// How a cycle in which both sides are forbidden is decided
        /// (verdict).
        pub both_forbidden_ranking: BothForbiddenRanking,
        /// Further cycles a violator may play after the ruling before losing
        /// (what follows a ruling in a whole game).
        pub extra_cycles_before_loss: ExtraCyclesBeforeLoss,
        /// The same for a repetition that ends in a draw; `null` where the
        /// edition does not say.
        pub extra_cycles_before_draw: Option<u32>,
    }
}

crate::parameters! {
    /// 子力价值: the value of each piece in exchange accounting. The king is
    /// not material (a threat on it is check or mate).
    #[derive(Copy)]
    pub struct MaterialValues {
        /// 车.
        pub rook: i32,
        /// 马.
        pub horse: i32,
        /// 炮.
        pub cannon: i32,
        /// 士.
        pub advisor: i32,
        /// 相 (象).
        pub elephant: i32,
        /// 兵 (卒) in a trade.
        pub pawn: i32,
        /// What a pawn costs its side when given up to win material through
        /// a check (a crossed pawn's value floats, CXA 1999 25.3, 2020 图24).
        pub pawn_given_up: i32,
    }
}

crate::vocabulary! {
    /// Who starts an adjudication.
    pub enum Adjudication: "adjudication procedure" {
        /// A player asks for it (the arbiter may also step in).
        Claim = "claim",
        /// The arbiter rules as soon as the count is reached.
        Automatic = "automatic",
    }
}

crate::vocabulary! {
    /// The verdict on a one-sided perpetual check.
    pub enum PerpetualCheckResult: "perpetual-check result" {
        /// The checker loses.
        Loss = "loss",
        /// The checker must vary, like any other forbidden pattern.
        MustVary = "must-vary",
    }
}

crate::vocabulary! {
    /// The verdict when both sides check perpetually.
    pub enum MutualCheckResult: "mutual-check result" {
        /// A draw.
        Draw = "draw",
    }
}

crate::parameters! {
    /// Further cycles allowed after a ruling, by kind of violation; `null`
    /// where the edition does not say.
    #[derive(Copy)]
    pub struct ExtraCyclesBeforeLoss {
        /// After a ruling of perpetual check.
        pub perpetual_check: Option<u32>,
        /// After a ruling on any other forbidden pattern.
        pub other_violation: Option<u32>,
    }
}

crate::vocabulary! {
    /// How a both-forbidden repetition is decided.
    pub enum BothForbiddenRanking: "both-forbidden ranking" {
        /// CXA 2020 26.9: a side whose every move is a heavy attack must
        /// vary against a side whose cycle has a lighter forbidden move.
        Cxa26_9 = "cxa-26.9",
        /// Only one-sided perpetual check loses; otherwise a draw.
        CheckBeatsChase = "check-beats-chase",
        /// The Asian levels: perpetual check, then the perpetual chase of a
        /// rook held immobile by a horse (rule 19: forbidden "whether or not
        /// the horse is protected", so it outweighs the held rook's
        /// counter-threat), then other forbidden chases; the higher level
        /// must vary, equal levels draw.
        AsianLevels = "asian-levels",
    }
}

crate::vocabulary! {
    /// Which pieces can be offered to each other in a trade (兑). In every
    /// edition the two pieces must be able to take each other.
    pub enum ExchangeBasis: "exchange basis" {
        /// Pieces of the same kind (CXA 2020 24.4; Asian rule 24).
        SameType = "same-type",
        /// Pieces of equal value (CXA 1999 28.5).
        EqualValue = "equal-value",
    }
}

crate::vocabulary! {
    /// The two ways the editions judge a threat.
    pub enum ChaseModel: "chase model" {
        /// The Chinese rules: a threat is a capture whose complete exchange
        /// (captures, recaptures, pins) wins material, or a win through
        /// checks; a piece with fewer protectors than attackers (少根子) is
        /// chased when the exchange nets material (CXA 2020 24.3, 24.15,
        /// 26.5; CXA 1999 29).
        CompleteExchange = "complete-exchange",
        /// The Asian and World rules: a threat is a capture after which the
        /// target cannot be taken back (无根, or 假根), with the rules' named
        /// exceptions — a rook attacked by a horse or cannon, a rook held by
        /// a horse — and a same-type piece that can take back is offered,
        /// not chased (Asian terms 13-15, rules 15-19, 24, 35).
        Protection = "protection",
    }
}

crate::parameters! {
    /// The natural move limit (自然限着).
    #[derive(Copy)]
    pub struct NaturalLimitRules {
        /// Rounds (one move by each side) without a capture.
        pub rounds: u32,
        /// Whether an event may set a lower number of rounds.
        pub reducible: bool,
        /// What restarts the count.
        pub reset: LimitReset,
        /// The most checks of the claimant that count; `null`: all count.
        pub check_cap: Option<u32>,
        /// Drawn automatically rather than on a claim.
        pub automatic: bool,
    }
}

crate::vocabulary! {
    /// What restarts the natural-limit count.
    pub enum LimitReset: "limit reset" {
        /// Any capture, by either side.
        Capture = "capture",
    }
}
