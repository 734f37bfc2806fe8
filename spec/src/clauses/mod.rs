//! The clause registry (`spec/clauses.yaml`), compiled in as constants by
//! `build.rs`: every entry with its typed article references per edition
//! ([`REGISTRY`], [`get`]), the file form a suite's registry is read with
//! ([`RegistryFile`]), and [`Clause`], the ids a ruling can cite. A test
//! checks every [`Clause`] against the registry, so a ruling can never
//! cite a clause that does not exist.

mod record;

pub use record::{split_reference, Article, ArticleKind, ClauseRecord, ClauseStatus, RegistryFile};

/// One clause of the registry: a stable id, a statement, and per edition
/// the articles it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClauseEntry {
    /// The stable id, e.g. `term.chase`.
    pub id: &'static str,
    /// The family it belongs to (the first part of the id).
    pub family: &'static str,
    /// The rule term in Chinese, e.g. 捉.
    pub term: &'static str,
    /// A short English title.
    pub title: &'static str,
    /// What the clause says, in the project's words.
    pub statement: &'static str,
    /// Per edition id, the articles it rests on, in edition-id order.
    pub articles: &'static [(&'static str, &'static [Article])],
    /// Whether the suite tests it now.
    pub status: ClauseStatus,
    /// Doubts and remarks.
    pub note: Option<&'static str>,
}

impl ClauseEntry {
    /// The articles of an edition this clause rests on (none when the
    /// registry gives none for it).
    #[must_use]
    pub fn articles(&self, edition: &str) -> &'static [Article] {
        self.articles
            .iter()
            .find(|(e, _)| *e == edition)
            .map_or(&[], |(_, a)| a)
    }
}

include!(concat!(env!("OUT_DIR"), "/clauses.rs"));

/// The registry entry with this id.
#[must_use]
pub fn get(id: &str) -> Option<&'static ClauseEntry> {
    REGISTRY.iter().find(|c| c.id == id)
}

crate::vocabulary! {
    /// A clause a ruling can rest on: each is an entry of
    /// `spec/clauses.yaml`, written as its id.
    #[non_exhaustive]
    pub enum Clause: "clause id the oracle cites" {
    /// 将死.
    Checkmate = "mate.checkmate",
    /// 困毙.
    Stalemate = "stalemate.no-move",
    /// 自杀: self-check or facing kings completed.
    SelfKill = "illegal-move.self-kill",
    /// Another movement violation.
    RuleViolation = "illegal-move.rule-violation",
    /// The 60 (50) rounds.
    LimitRounds = "natural-limit.rounds",
    /// A capture restarts the count.
    LimitResetByCapture = "natural-limit.reset-by-capture",
    /// The claimant's checks beyond the cap do not count.
    LimitCheckCap = "natural-limit.check-cap",
    /// The draw is claimed.
    LimitClaim = "natural-limit.claim",
    /// 待判局面: the count of repetitions.
    Adjudication = "repetition.adjudication",
    /// 禁止着法.
    Forbidden = "repetition.forbidden",
    /// 允许着法.
    Allowed = "repetition.allowed",
    /// 长将.
    PerpetualCheck = "repetition.perpetual-check",
    /// Both sides check perpetually.
    MutualCheck = "repetition.mutual-check",
    /// 长杀.
    PerpetualKill = "repetition.perpetual-kill",
    /// 一将一杀.
    CheckKill = "repetition.check-kill",
    /// 一将一捉.
    CheckChase = "repetition.check-chase",
    /// 一杀一捉.
    KillChase = "repetition.kill-chase",
    /// 长捉.
    PerpetualChase = "repetition.perpetual-chase",
    /// 长要抽吃: winning material through checks.
    ThreatToWinByCheck = "repetition.threat-to-win-by-check",
    /// 长兑, 长献, 长拦, 长跟, 长闲.
    PerpetualIdle = "repetition.perpetual-idle",
    /// Both allowed: a draw.
    BothAllowed = "repetition.both-allowed",
    /// Both forbidden: a draw unless ranked.
    BothForbidden = "repetition.both-forbidden",
    /// One forbidden, one allowed.
    ForbiddenVsAllowed = "repetition.forbidden-vs-allowed",
    /// Perpetual check against perpetual chase.
    CheckBeatsChase = "repetition.check-beats-chase",
    /// One piece chasing two in turn.
    OneChasesTwo = "repetition.one-chases-two",
    /// Several pieces chasing one in turn.
    MultiChaseOne = "repetition.multi-chase-one",
    /// Chasing a protected piece.
    ProtectedChase = "repetition.protected-chase",
    /// A horse or cannon chasing a rook.
    HorseCannonVsRook = "repetition.horse-cannon-vs-rook",
    /// A rook held immobile by a horse.
    HorsePinnedRook = "repetition.horse-pinned-rook",
    /// Pieces of one kind attacking each other.
    SameTypeChase = "repetition.same-type-chase",
    /// 将.
    TermCheck = "term.check",
    /// 杀.
    TermKill = "term.kill",
    /// 捉.
    TermChase = "term.chase",
    /// 兑.
    TermExchange = "term.exchange",
    /// 献.
    TermOffer = "term.offer",
    /// 拦.
    TermBlock = "term.block",
    /// 跟.
    TermFollow = "term.follow",
    /// 闲.
    TermIdle = "term.idle",
    /// 假根.
    FalseRoot = "term.false-root",
    /// 联合捉.
    JointChase = "term.joint-chase",
    /// 自毙.
    SelfDestruct = "term.self-destruct",
    /// The king's own attacks are idle.
    KingAttack = "special.king-attack",
    /// A pawn's own attacks are idle.
    PawnAttack = "special.pawn-attack",
    /// A king or pawn attacking with another piece.
    KingPawnJoint = "special.king-pawn-joint",
    /// Pawn threats when both sides attack.
    PawnMutualAttack = "special.pawn-mutual-attack",
    /// A pawn threat whose capture gives check.
    PawnCaptureCheck = "special.pawn-capture-check",
    /// 从捉到捉: a threat that already existed.
    PreExistingThreat = "special.pre-existing-threat",
    /// Threats made by the king answering a check.
    CheckAnswerByKing = "special.check-answer-by-king",
    /// Threats made by another piece answering a check.
    CheckAnswerByOther = "special.check-answer-by-other",
    /// A move with several roles takes the heaviest.
    HeaviestRole = "special.heaviest-role",
    /// The complete exchange decides.
    CompleteExchange = "special.complete-exchange",
    /// Holding a drawing point.
    DrawingPoint = "special.drawing-point",
    /// 不能离线: a piece held in place, here by an escaping piece that
    /// renews a chase of it.
    CannotLeaveLine = "special.cannot-leave-line",
    /// 26.9: heavy against light when both are forbidden.
    BothForbiddenRanking = "special.both-forbidden-ranking"
    }
}

impl Clause {
    /// The registry id.
    #[must_use]
    pub const fn id(self) -> &'static str {
        self.name()
    }

    /// The registry entry.
    ///
    /// # Panics
    /// Never for a clause of [`Clause::ALL`]: a test checks them all.
    #[must_use]
    pub fn entry(self) -> &'static ClauseEntry {
        get(self.id()).unwrap_or_else(|| panic!("{} is not in spec/clauses.yaml", self.id()))
    }

    /// The articles of an edition this clause rests on, e.g. `24.11`.
    #[must_use]
    pub fn articles(self, edition: &str) -> &'static [Article] {
        self.entry().articles(edition)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clause_the_oracle_cites_is_in_the_registry_and_in_force() {
        for c in Clause::ALL {
            let entry = get(c.id()).unwrap_or_else(|| panic!("{c} is missing"));
            assert_ne!(entry.status, ClauseStatus::Withdrawn, "{c} is withdrawn");
        }
    }

    #[test]
    fn ids_are_distinct() {
        let mut ids: Vec<&str> = Clause::ALL.iter().map(|c| c.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), Clause::ALL.len());
    }

    #[test]
    fn articles_render_in_both_languages() {
        // 图16 of CXA 2020 and the Asian outline and diagram of one clause.
        let a = |kind, number| Article { kind, number };
        assert_eq!(a(ArticleKind::Figure, "16").zh(), "图16");
        assert_eq!(a(ArticleKind::Outline, "1").zh(), "棋例总纲第1条");
        assert_eq!(a(ArticleKind::Outline, "1").en(), "outline 1");
        assert_eq!(a(ArticleKind::Article, "24.3").en(), "24.3");
        assert_eq!(
            split_reference("general rule 3"),
            Some((ArticleKind::GeneralRule, "3"))
        );
        assert_eq!(
            split_reference("24.11"),
            Some((ArticleKind::Article, "24.11"))
        );
        assert_eq!(split_reference("chapter 4"), None);
        assert_eq!(split_reference("figure"), None);
    }

    #[test]
    fn the_registry_is_compiled_with_typed_articles() {
        let chase = get("term.chase").expect("term.chase");
        assert_eq!(chase.term, "捉");
        assert!(chase.articles("cxa-2020").contains(&Article {
            kind: ArticleKind::Article,
            number: "24.3"
        }));
        assert!(REGISTRY.len() > Clause::ALL.len());
    }
}
