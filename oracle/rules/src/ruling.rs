//! `xq rule`: what an arbiter rules on a game, under an edition. In order:
//! the end of the game on the board (mate, 困毙); otherwise the repetition
//! cycle ending at the last move; otherwise no ruling. The JSON form is a
//! documented interface (`spec/RULINGS.md`).

use serde::Serialize;

use crate::clauses;
use crate::edition::Edition;
use crate::repetition::{
    self, chinese_name, CycleRuling, MoveKind, SearchLimits, SideCycle, Verdict,
};
use xq_core::notation::{format_move, Notation};
use xq_core::status::{EndReason, Outcome};
use xq_core::Color;
use xq_core::Game;

/// Why the ruling is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RulingReason {
    Checkmate,
    Stalemate,
    /// One side checked perpetually (长将) and loses.
    PerpetualCheck,
    /// Both sides checked perpetually: a draw.
    MutualPerpetualCheck,
    /// Both sides' patterns are allowed: a draw.
    BothAllowed,
    /// Both forbidden with equal weight: a draw.
    BothForbidden,
    /// One side's pattern is forbidden (or heavier): it must vary, and
    /// loses if the repetition stands.
    MustVary,
    /// The natural move limit is reached: a draw (on a claim, unless the
    /// edition makes it automatic).
    NaturalLimit,
    /// A move of the record is illegal, and the edition makes playing it a
    /// loss (自杀: self-check, facing kings; or another movement violation).
    IllegalMove,
    /// Nothing to rule on.
    None,
}

impl RulingReason {
    pub fn name(self) -> &'static str {
        match self {
            RulingReason::Checkmate => "checkmate",
            RulingReason::Stalemate => "stalemate",
            RulingReason::PerpetualCheck => "perpetual-check",
            RulingReason::MutualPerpetualCheck => "mutual-perpetual-check",
            RulingReason::BothAllowed => "both-allowed",
            RulingReason::BothForbidden => "both-forbidden",
            RulingReason::MustVary => "must-vary",
            RulingReason::NaturalLimit => "natural-limit",
            RulingReason::IllegalMove => "illegal-move",
            RulingReason::None => "none",
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct CycleInfo {
    pub first_ply: usize,
    pub last_ply: usize,
    pub occurrences: usize,
    /// Whether the edition's repetition count has been reached (待判局面).
    pub adjudicable: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct MoveInfo {
    pub ply: usize,
    /// ICCS.
    #[serde(rename = "move")]
    pub mv: String,
    /// Chinese notation.
    pub chinese: String,
    pub kind: MoveKind,
    /// Points (ICCS) of what the move attacks, offers to, blocks or watches.
    pub targets: Vec<String>,
    /// The pieces on those points, in Chinese (车, 马 …), for the text.
    #[serde(skip)]
    pub target_names: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SideInfo {
    pub pattern: repetition::Pattern,
    /// The traditional name: 长将, 一将一捉, 一捉一闲 …
    pub pattern_zh: String,
    pub forbidden: bool,
    pub moves: Vec<MoveInfo>,
}

/// A ruling, as `xq rule --format json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct Ruling {
    pub result: Outcome,
    pub reason: RulingReason,
    pub edition: String,
    pub cycle: Option<CycleInfo>,
    pub red: Option<SideInfo>,
    pub black: Option<SideInfo>,
    /// The count towards the natural move limit, when no other ruling applies.
    pub natural_limit: Option<crate::natural_limit::LimitState>,
    /// Clause ids the ruling rests on.
    pub clauses: Vec<String>,
    pub explanation: String,
}

/// Output language of explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Zh,
    En,
}

/// Rules on a record that may contain an illegal move: the first illegal
/// move decides, as the edition says (自杀 and other violations lose where
/// the edition makes them a loss); otherwise as [`rule`].
pub fn rule_record(
    start: xq_core::Position,
    moves: &[&str],
    edition: &Edition,
    limits: &SearchLimits,
    lang: Lang,
) -> Result<Ruling, xq_core::game::PlayError> {
    let mut game = Game::new(start);
    for text in moves {
        if let Err(e) = game.push_text(text) {
            let Some(xq_core::notation::ParseMoveError::Illegal { reason, .. }) = e.error.as_move()
            else {
                return Err(e); // not a move at all: nothing to rule on
            };
            // A record that moves nothing, or the opponent's piece, is broken.
            if !reason.is_player_violation() {
                return Err(e);
            }
            let self_kill = matches!(
                reason,
                xq_core::legality::IllegalMove::KingInCheck { .. }
                    | xq_core::legality::IllegalMove::KingsFacing
            );
            let params = &edition.parameters;
            let consequence = if self_kill {
                params["illegal_move"].as_str()
            } else {
                params["move_rule_violation"]["consequence"].as_str()
            };
            if consequence != Some("loss") {
                return Err(e);
            }
            let mover = game.current().turn();
            let clause = if self_kill {
                "illegal-move.self-kill"
            } else {
                "illegal-move.rule-violation"
            };
            let explanation = match lang {
                Lang::En => format!("{e}. Under {} this loses for {}.", edition.id, mover.name()),
                Lang::Zh => format!(
                    "第{}着 {} 违例：{}。{}判负。",
                    e.ply,
                    e.error.text(),
                    reason.zh(),
                    mover.name_zh()
                ),
            };
            return Ok(Ruling {
                result: Outcome::win_for(mover.other()),
                reason: RulingReason::IllegalMove,
                edition: edition.id.clone(),
                cycle: None,
                red: None,
                black: None,
                natural_limit: None,
                clauses: vec![clause.into()],
                explanation,
            });
        }
    }
    Ok(rule(&game, edition, limits, lang))
}

/// Rules on the game as it stands.
pub fn rule(game: &Game, edition: &Edition, limits: &SearchLimits, lang: Lang) -> Ruling {
    let pos = game.current();
    let status = pos.status();
    if let Some(end) = status.reason {
        let clause = match end {
            EndReason::Checkmate => "mate.checkmate",
            EndReason::Stalemate => "stalemate.no-move",
        };
        let loser = pos.turn();
        let explanation = match lang {
            Lang::En => format!(
                "{} has no legal move and {}: {} loses ({}).",
                cap(loser.name()),
                if end == EndReason::Checkmate {
                    "is in check (checkmate)"
                } else {
                    "is not in check (stalemate)"
                },
                loser.name(),
                end.as_str()
            ),
            Lang::Zh => format!(
                "{}无子可动，{}，{}负。",
                loser.name_zh(),
                end.zh(),
                loser.name_zh()
            ),
        };
        return Ruling {
            result: status.result,
            reason: if end == EndReason::Checkmate {
                RulingReason::Checkmate
            } else {
                RulingReason::Stalemate
            },
            edition: edition.id.clone(),
            cycle: None,
            red: None,
            black: None,
            natural_limit: None,
            clauses: vec![clause.into()],
            explanation,
        };
    }
    let rules = edition.repetition();
    if let Some(cycle) = repetition::find_cycle(game) {
        let r = repetition::rule_cycle(game, cycle, &rules, limits);
        return cycle_ruling(game, edition, &r, rules.occurrences as usize, lang);
    }
    let limit_rules = edition.natural_limit();
    let limit = crate::natural_limit::state(game, &limit_rules);
    if limit.reached() {
        return limit_ruling(edition, &limit_rules, limit, lang);
    }
    Ruling {
        result: Outcome::Ongoing,
        reason: RulingReason::None,
        edition: edition.id.clone(),
        cycle: None,
        red: None,
        black: None,
        natural_limit: Some(limit),
        clauses: vec![],
        explanation: match lang {
            Lang::En => "The game has not ended, the final position does not repeat and the natural limit is not reached: nothing to rule on.".into(),
            Lang::Zh => "对局未结束，最后局面未重复出现，也未达自然限着，无需裁决。".into(),
        },
    }
}

fn limit_ruling(
    edition: &Edition,
    rules: &crate::natural_limit::NaturalLimitRules,
    limit: crate::natural_limit::LimitState,
    lang: Lang,
) -> Ruling {
    let mut clauses = vec![
        "natural-limit.rounds".to_string(),
        "natural-limit.reset-by-capture".into(),
    ];
    if rules
        .check_cap
        .is_some_and(|cap| limit.red.checks > cap || limit.black.checks > cap)
    {
        clauses.push("natural-limit.check-cap".into());
    }
    if !rules.automatic {
        clauses.push("natural-limit.claim".into());
    }
    let who = |en: bool| {
        limit
            .claimable_by
            .iter()
            .map(|c| if en { c.name() } else { c.name_zh() })
            .collect::<Vec<_>>()
            .join(if en { " or " } else { "或" })
    };
    let (r, b) = (limit.red, limit.black);
    let explanation = match lang {
        Lang::En => format!(
            "No capture for {} plies: Red has made {} moves ({} checks, {} counted), Black {} ({} checks, {} counted). The natural limit of {} rounds is reached; {} may claim a draw{}.",
            limit.plies_without_capture, r.moves, r.checks, r.counted, b.moves, b.checks, b.counted, limit.rounds,
            who(true),
            if rules.automatic { " (drawn automatically)" } else { "" }
        ),
        Lang::Zh => format!(
            "已连续 {} 着未吃子：红方 {} 着（将军 {} 着，计 {} 着），黑方 {} 着（将军 {} 着，计 {} 着）。已达自然限着 {} 回合，{}可提和{}。",
            limit.plies_without_capture, r.moves, r.checks, r.counted, b.moves, b.checks, b.counted, limit.rounds,
            who(false),
            if rules.automatic { "（自动判和）" } else { "" }
        ),
    };
    Ruling {
        result: Outcome::Draw,
        reason: RulingReason::NaturalLimit,
        edition: edition.id.clone(),
        cycle: None,
        red: None,
        black: None,
        natural_limit: Some(limit),
        clauses,
        explanation,
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn side_info(game: &Game, side: &SideCycle) -> SideInfo {
    let positions = game.positions();
    let moves = game.moves();
    SideInfo {
        pattern: side.pattern,
        pattern_zh: chinese_name(&side.kinds()),
        forbidden: side.forbidden,
        moves: side
            .moves
            .iter()
            .map(|(ply, c)| MoveInfo {
                ply: *ply,
                mv: moves[ply - 1].to_string(),
                chinese: format_move(&positions[ply - 1], moves[ply - 1], Notation::Chinese),
                kind: c.kind,
                targets: c.targets.iter().map(|s| s.to_string()).collect(),
                target_names: c
                    .targets
                    .iter()
                    .map(|&sq| {
                        let piece = positions[*ply]
                            .piece_at(sq)
                            .map(|p| p.zh().to_string())
                            .unwrap_or_default();
                        format!("{piece}{sq}")
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn pattern_clause(p: repetition::Pattern) -> Option<&'static str> {
    use repetition::Pattern::*;
    Some(match p {
        PerpetualCheck => "repetition.perpetual-check",
        PerpetualKill => "repetition.perpetual-kill",
        PerpetualChase => "repetition.perpetual-chase",
        CheckKill => "repetition.check-kill",
        CheckChase => "repetition.check-chase",
        KillChase => "repetition.kill-chase",
        PerpetualAttack => "repetition.forbidden",
        AttackIdle | Idle => "repetition.allowed",
    })
}

fn kind_clause(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Check => "term.check",
        MoveKind::Kill => "term.kill",
        MoveKind::Chase => "term.chase",
        MoveKind::Exchange => "term.exchange",
        MoveKind::Offer => "term.offer",
        MoveKind::Block => "term.block",
        MoveKind::Follow => "term.follow",
        MoveKind::Idle => "term.idle",
    }
}

fn cycle_ruling(
    game: &Game,
    edition: &Edition,
    r: &CycleRuling,
    needed: usize,
    lang: Lang,
) -> Ruling {
    let (result, reason, verdict_clause) = match r.verdict {
        Verdict::BothAllowed => (
            Outcome::Draw,
            RulingReason::BothAllowed,
            "repetition.both-allowed",
        ),
        Verdict::BothForbidden => (
            Outcome::Draw,
            RulingReason::BothForbidden,
            "repetition.both-forbidden",
        ),
        Verdict::MutualPerpetualCheck => (
            Outcome::Draw,
            RulingReason::MutualPerpetualCheck,
            "repetition.mutual-check",
        ),
        Verdict::PerpetualCheck { red_loses } => (
            Outcome::win_for(if red_loses { Color::Black } else { Color::Red }),
            RulingReason::PerpetualCheck,
            "repetition.perpetual-check",
        ),
        Verdict::MustVary {
            red_must_vary,
            ranked,
        } => (
            Outcome::win_for(if red_must_vary {
                Color::Black
            } else {
                Color::Red
            }),
            RulingReason::MustVary,
            if ranked {
                "special.both-forbidden-ranking"
            } else {
                "repetition.forbidden-vs-allowed"
            },
        ),
    };
    let mut clauses: Vec<String> = vec![verdict_clause.into()];
    for side in [&r.red, &r.black] {
        if let Some(c) = pattern_clause(side.pattern) {
            clauses.push(c.into());
        }
        for k in side.kinds() {
            clauses.push(kind_clause(k).into());
        }
    }
    clauses.push("repetition.adjudication".into());
    let mut seen = std::collections::HashSet::new();
    clauses.retain(|c| seen.insert(c.clone()) && clauses::get(c).is_some());

    let cycle = CycleInfo {
        first_ply: r.cycle.first_ply,
        last_ply: r.cycle.last_ply,
        occurrences: r.cycle.occurrences,
        adjudicable: r.cycle.occurrences >= needed,
    };
    let red = side_info(game, &r.red);
    let black = side_info(game, &r.black);
    let explanation = explain(
        edition, &cycle, &red, &black, result, reason, &clauses, needed, lang,
    );
    Ruling {
        result,
        reason,
        edition: edition.id.clone(),
        cycle: Some(cycle),
        red: Some(red),
        black: Some(black),
        natural_limit: None,
        clauses,
        explanation,
    }
}

#[allow(clippy::too_many_arguments)]
fn explain(
    edition: &Edition,
    cycle: &CycleInfo,
    red: &SideInfo,
    black: &SideInfo,
    result: Outcome,
    reason: RulingReason,
    clauses: &[String],
    needed: usize,
    lang: Lang,
) -> String {
    let mut s = String::new();
    let cite = |id: &str| {
        let mut a = clauses::articles(id, &edition.id);
        if lang == Lang::Zh {
            for x in &mut a {
                *x = if let Some(n) = x.strip_prefix("ref-figure ") {
                    format!("参考图{n}")
                } else if let Some(n) = x.strip_prefix("figure ") {
                    format!("图{n}")
                } else if let Some(n) = x.strip_prefix("rule ") {
                    format!("第{n}条")
                } else {
                    x.clone()
                };
            }
        }
        if a.is_empty() {
            id.to_string()
        } else {
            format!("{id} ({})", a.join(", "))
        }
    };
    let en = lang == Lang::En;
    s.push_str(&if en {
        format!(
            "Repetition ruling under {} ({}).\nThe final position has occurred {} time(s); the cycle is plies {}–{}. {}\n",
            edition.name,
            edition.id,
            cycle.occurrences,
            cycle.first_ply,
            cycle.last_ply,
            if cycle.adjudicable {
                format!("The edition's count of {needed} is reached: the position is awaiting a ruling.")
            } else {
                format!("The edition's count of {needed} is not reached yet; this is the ruling if the repetition stands.")
            }
        )
    } else {
        format!(
            "棋例裁决（{}）\n最后局面已出现 {} 次，循环为第 {}–{} 着。{}\n",
            edition.name_zh,
            cycle.occurrences,
            cycle.first_ply,
            cycle.last_ply,
            if cycle.adjudicable {
                format!("已达 {needed} 次，为待判局面。")
            } else {
                format!("尚未达到 {needed} 次；以下为若继续循环时的裁决。")
            }
        )
    });
    for (color, side) in [(Color::Red, red), (Color::Black, black)] {
        s.push_str(&if en {
            format!("{}:\n", cap(color.name()))
        } else {
            format!("{}：\n", color.name_zh())
        });
        for m in &side.moves {
            s.push_str(&if en {
                let targets = if m.targets.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", m.targets.join(", "))
                };
                format!(
                    "  ply {:>3}  {} ({})  {}{}\n",
                    m.ply,
                    m.chinese,
                    m.mv,
                    m.kind_name(),
                    targets
                )
            } else {
                let targets = if m.targets.is_empty() {
                    String::new()
                } else {
                    format!("（{}）", m.target_names.join("、"))
                };
                format!(
                    "  第{}着 {}  {}{}\n",
                    m.ply,
                    m.chinese,
                    m.kind.zh(),
                    targets
                )
            });
        }
        s.push_str(&match (en, side.forbidden) {
            (true, f) => format!(
                "  pattern: {} ({}), {}\n",
                side.pattern.english(),
                side.pattern_zh,
                if f { "forbidden" } else { "allowed" }
            ),
            (false, f) => format!(
                "  {}：{}\n",
                side.pattern_zh,
                if f { "禁止着法" } else { "允许着法" }
            ),
        });
    }
    // The side the verdict goes against, when it goes against one.
    let loser = if result == Outcome::BlackWins {
        Color::Red
    } else {
        Color::Black
    };
    let (loser_en, loser_zh) = (cap(loser.name()), loser.name_zh());
    let verdict = match (reason, en) {
        (RulingReason::PerpetualCheck, true) => format!("{loser_en} checks perpetually and loses."),
        (RulingReason::PerpetualCheck, false) => format!("{loser_zh}长将，判负。"),
        (RulingReason::MutualPerpetualCheck, true) => {
            "Both sides check perpetually: a draw.".into()
        }
        (RulingReason::MutualPerpetualCheck, false) => "双方长将，判和。".into(),
        (RulingReason::BothAllowed, true) => "Both sides' moves are allowed: a draw.".into(),
        (RulingReason::BothAllowed, false) => "双方均为允许着法，不变作和。".into(),
        (RulingReason::BothForbidden, true) => {
            "Both sides' moves are forbidden and of equal weight: a draw.".into()
        }
        (RulingReason::BothForbidden, false) => "双方均为禁止着法且轻重相当，不变作和。".into(),
        (RulingReason::MustVary, true) => {
            format!(
                "{loser_en} must vary; if it does not, it loses ({}).",
                result.as_str()
            )
        }
        (RulingReason::MustVary, false) => format!("{loser_zh}须变着，不变作负。"),
        _ => String::new(),
    };
    s.push_str(&if en {
        format!(
            "Ruling: {verdict} Result if the repetition stands: {}.\nClauses: ",
            result.as_str()
        )
    } else {
        format!("裁决：{verdict}（{}）\n依据：", result.as_str())
    });
    s.push_str(
        &clauses
            .iter()
            .map(|c| cite(c))
            .collect::<Vec<_>>()
            .join("; "),
    );
    s
}

impl MoveInfo {
    fn kind_name(&self) -> String {
        format!("{} {}", self.kind.zh(), self.kind.name())
    }
}
