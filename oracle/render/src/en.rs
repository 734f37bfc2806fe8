//! The ruling in English, for arbiters and players.

use std::fmt::Write as _;

use xq_core::Color;

use xq_oracle::edition::StalemateResult;
use xq_oracle::repetition::{Pattern, StopReason};
use xq_oracle::ruling::{
    Comparison, FollowUp, GameRuling, MoveRuling, PointKind, Procedure, Ruling, RulingPoint,
    RulingReason, SideRuling,
};

use crate::words::Label;
use crate::{cite, cycles_before_result, edition_of, Lang};

/// "once", "twice", "3 times".
fn times(n: u32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn pattern(p: Pattern) -> &'static str {
    p.en()
}

/// The explanation of a ruling.
#[must_use]
pub(crate) fn explain(r: &Ruling) -> String {
    let edition = edition_of(r);
    let loser = |result: xq_core::Outcome| match result {
        xq_core::Outcome::BlackWins => Color::Red,
        _ => Color::Black,
    };
    match r.reason {
        RulingReason::IllegalMove => {
            let m = r.illegal_move.as_ref().expect("an illegal-move ruling names the move");
            let named = if m.text == m.mv.to_string() {
                m.text.clone()
            } else {
                format!("{} ({})", m.text, m.mv)
            };
            format!(
                "ply {}: {named} is not legal: {}. Under {} this loses for {}.",
                m.ply,
                m.reason,
                edition.id,
                m.by.name()
            )
        }
        RulingReason::Checkmate | RulingReason::Stalemate => {
            let side = if r.result == xq_core::Outcome::RedWins {
                Color::Black
            } else {
                Color::Red
            };
            if r.reason == RulingReason::Checkmate {
                format!(
                    "{} has no legal move and is in check (checkmate): {} loses (checkmate).",
                    cap(side.name()),
                    side.name()
                )
            } else if edition.rules.stalemate == StalemateResult::Draw {
                "The side to move has no legal move and is not in check (stalemate): a draw under this edition.".into()
            } else {
                format!(
                    "{} has no legal move and is not in check (stalemate): {} loses (stalemate).",
                    cap(side.name()),
                    side.name()
                )
            }
        }
        RulingReason::NaturalLimit => limit(r),
        RulingReason::None => "The game has not ended, the final position does not repeat and the natural limit is not reached: nothing to rule on.".into(),
        _ => cycle(r, loser(r.result)),
    }
}

fn limit(r: &Ruling) -> String {
    let edition = edition_of(r);
    let l = r
        .natural_limit
        .as_ref()
        .expect("a natural-limit ruling has the count");
    let who: Vec<&str> = l.claimable_by.iter().map(|c| c.name()).collect();
    let (red, black) = (l.red, l.black);
    format!(
        "No capture for {} plies: Red has made {} moves ({} checks, {} counted), Black {} ({} checks, {} counted). The natural limit of {} rounds is reached; {} may claim a draw{}.",
        l.plies_without_capture,
        red.moves,
        red.checks,
        red.counted,
        black.moves,
        black.checks,
        black.counted,
        l.rounds,
        who.join(" or "),
        if edition.natural_limit().automatic {
            " (drawn automatically)"
        } else {
            ""
        }
    )
}

fn move_line(m: &MoveRuling) -> String {
    let targets = if m.targets.is_empty() {
        String::new()
    } else {
        let t: Vec<String> = m.targets.iter().map(|t| t.to_string()).collect();
        format!(" [{}]", t.join(", "))
    };
    let unfinished = if m.complete {
        ""
    } else {
        " (search cut short)"
    };
    format!(
        "  ply {:>3}  {} ({})  {} {}{targets}{unfinished}\n",
        m.ply,
        m.chinese,
        m.mv,
        m.kind.zh(),
        m.kind.name()
    )
}

fn side(color: Color, s: &SideRuling) -> String {
    let mut out = format!("{}:\n", cap(color.name()));
    if !s.earlier.is_empty() {
        out.push_str("  before the cycle, counted:\n");
        for m in &s.earlier {
            out.push_str(&move_line(m));
        }
        out.push_str("  in the cycle:\n");
    }
    for m in &s.moves {
        out.push_str(&move_line(m));
    }
    let _ = writeln!(
        out,
        "  pattern: {} ({}), {}",
        pattern(s.pattern),
        s.pattern_zh,
        if s.forbidden { "forbidden" } else { "allowed" }
    );
    out
}

fn cycle(r: &Ruling, loser: Color) -> String {
    let edition = edition_of(r);
    let c = r.cycle.as_ref().expect("a repetition ruling has its cycle");
    let needed = edition.repetition().occurrences;
    let mut s = format!(
        "Repetition ruling under {} ({}).\nThe final position has occurred {} time(s); the cycle is plies {}–{}. {}\n",
        edition.name,
        edition.id,
        c.occurrences,
        c.first_ply,
        c.last_ply,
        if c.adjudicable {
            format!("The edition's count of {needed} is reached: the position is awaiting a ruling.")
        } else {
            format!("The edition's count of {needed} is not reached yet; this is the ruling if the repetition stands.")
        }
    );
    if let Some(from) = c.counted_from_ply {
        let _ = writeln!(
            s,
            "The counted occurrences began before the cycle: each side's pattern covers every move of plies {from}–{}, not the cycle alone.",
            c.last_ply
        );
    }
    for (color, sr) in [(Color::Red, &r.red), (Color::Black, &r.black)] {
        if let Some(sr) = sr {
            s.push_str(&side(color, sr));
        }
    }
    let who = cap(loser.name());
    let more = cycles_before_result(r);
    let verdict = match (r.reason, more) {
        (RulingReason::PerpetualCheck, Some(0)) => format!("{who} checks perpetually and loses."),
        (RulingReason::PerpetualCheck, Some(n)) => format!(
            "{who} checks perpetually and must vary; if the cycle is played {} more, {who} loses ({}).",
            times(n),
            r.result.as_str()
        ),
        (RulingReason::PerpetualCheck, None) => format!(
            "{who} checks perpetually and must vary; if it does not, it loses ({}).",
            r.result.as_str()
        ),
        (RulingReason::MustVary, Some(n)) if n > 0 => format!(
            "{who} must vary; if the cycle is played {} more, it loses ({}).",
            times(n),
            r.result.as_str()
        ),
        (RulingReason::MustVary, _) => format!(
            "{who} must vary; if it does not, it loses ({}).",
            r.result.as_str()
        ),
        (reason, more) => {
            let draw = match reason {
                RulingReason::MutualPerpetualCheck => "Both sides check perpetually: a draw",
                RulingReason::BothAllowed => "Both sides' moves are allowed: a draw",
                RulingReason::BothForbidden => {
                    "Both sides' moves are forbidden and of equal weight: a draw"
                }
                _ => "",
            };
            match more {
                Some(n) if n > 0 && !draw.is_empty() => format!(
                    "{draw} if the cycle is played {} more after the ruling.",
                    times(n)
                ),
                _ if draw.is_empty() => String::new(),
                _ => format!("{draw}."),
            }
        }
    };
    let _ = write!(
        s,
        "Ruling: {verdict} Result if the repetition stands: {}.\nClauses: ",
        r.result.as_str()
    );
    let cited: Vec<String> = r
        .clauses
        .iter()
        .map(|&c| cite(c, edition.id, Lang::En))
        .collect();
    s.push_str(&cited.join("; "));
    if let Some(search) = &r.search {
        if !search.incomplete_plies.is_empty() {
            let plies: Vec<String> = search
                .incomplete_plies
                .iter()
                .map(|p| p.to_string())
                .collect();
            let why = match search.stopped_by {
                None => format!(
                    "search budget of {} positions per move reached",
                    search.nodes_per_move
                ),
                Some(StopReason::GameBudget) => {
                    "the game's search budget was spent by earlier points".to_string()
                }
                Some(StopReason::Deadline) => "the time allowed ran out".to_string(),
                Some(StopReason::Cancelled) => "the request was cancelled".to_string(),
            };
            let _ = write!(
                s,
                "\nNot fully examined ({why}): plies {}.",
                plies.join(", ")
            );
        }
    }
    s
}

/// A whole game's ruling points and result.
#[must_use]
pub(crate) fn explain_game(g: &GameRuling) -> String {
    let mut s = format!(
        "Game ruling under {} ({} plies): result {}",
        edition_of_id(&g.edition).name,
        g.plies,
        g.result.as_str()
    );
    if let Some(p) = g.decided_at {
        let _ = write!(s, ", decided at ply {p}");
    }
    if let Some(c) = g.claimable {
        let _ = write!(
            s,
            " on a player's claim (the one arising at ply {}, still open when the record ends)",
            c.ply
        );
    }
    let recorded = g.recorded.map_or("", |r| r.as_str());
    match g.comparison() {
        Comparison::Agrees => {
            let _ = write!(s, "; the record's result {recorded} agrees");
        }
        Comparison::OffTheBoard => {
            let _ = write!(
                s,
                "; the record says {recorded}, which the board does not decide: \
                 the game was ended off the board (resignation, agreement, time)"
            );
        }
        Comparison::Differs => {
            let _ = write!(
                s,
                "; the record says {recorded}, which the rules do not give"
            );
        }
        Comparison::Claimable => {
            let _ = write!(
                s,
                "; the record says {recorded}: the rules give their result only on a player's claim, so the game ended otherwise (agreement, resignation, time) without one"
            );
        }
        Comparison::Unrecorded => s.push_str("; the record states no result"),
    }
    s.push_str(".\n");
    if !g.incomplete_points.is_empty() {
        let plies: Vec<String> = g.incomplete_points.iter().map(|p| p.to_string()).collect();
        let why = match g.stopped_by {
            Some(StopReason::GameBudget) => "; the game's search budget ran out",
            Some(StopReason::Deadline) => "; the time allowed ran out",
            Some(StopReason::Cancelled) => "; the request was cancelled",
            None => "",
        };
        let _ = writeln!(
            s,
            "Points not fully examined{why}: plies {}.",
            plies.join(", ")
        );
    }
    if g.points.is_empty() {
        s.push_str("No point at which an arbiter would be called.\n");
    }
    for p in &g.points {
        let what = match p.kind {
            PointKind::Repetition => "repetition",
            PointKind::NaturalLimit => "natural move limit",
            PointKind::IllegalMove => "illegal move",
            PointKind::End => "end of the game",
        };
        let _ = writeln!(s, "\nPly {}: {what}.", p.ply);
        s.push_str(&explain(&p.ruling));
        s.push('\n');
        match p.follow_up {
            Some(FollowUp::Varied { ply, by, cycles }) => {
                let unclaimed = if claimed_only(p) {
                    ", nobody having claimed"
                } else {
                    ""
                };
                let _ = writeln!(
                    s,
                    "Then: {} left the cycle at ply {ply}, after {cycles} more cycle(s){unclaimed}.",
                    cap(by.name())
                );
            }
            Some(FollowUp::Lost { ply, cycles }) => {
                let _ = writeln!(
                    s,
                    "Then: the repetition went on for {cycles} more cycle(s), beyond what the edition allows: the ruling took effect at ply {ply} ({}).",
                    p.ruling.result.as_str()
                );
            }
            Some(FollowUp::RecordEnds { cycles }) => {
                let _ = writeln!(
                    s,
                    "Then: the record ends with the repetition standing ({cycles} more cycle(s))."
                );
            }
            None => {}
        }
    }
    s
}

/// Whether the point's ruling waits for a player's claim.
fn claimed_only(p: &RulingPoint) -> bool {
    p.ruling
        .cycle
        .as_ref()
        .is_some_and(|c| c.procedure == Procedure::Claim)
}

fn edition_of_id(id: &str) -> &'static xq_oracle::edition::Edition {
    xq_oracle::edition::get(id).expect("a ruling names a known edition")
}

/// The verdict in a line or two.
#[must_use]
pub(crate) fn headline(r: &Ruling) -> String {
    let (Some(red), Some(black)) = (&r.red, &r.black) else {
        return explain(r);
    };
    let allowed = |s: &SideRuling| if s.forbidden { "forbidden" } else { "allowed" };
    let loser = if r.result == xq_core::Outcome::BlackWins {
        Color::Red
    } else {
        Color::Black
    };
    let who = cap(loser.name());
    let verdict = match r.reason {
        RulingReason::PerpetualCheck if cycles_before_result(r) == Some(0) => {
            format!("{who} checks perpetually and loses")
        }
        RulingReason::PerpetualCheck => format!("{who} checks perpetually: must vary or lose"),
        RulingReason::MutualPerpetualCheck => "both check perpetually: a draw".into(),
        RulingReason::BothAllowed => "both allowed: a draw".into(),
        RulingReason::BothForbidden => "both forbidden, of equal weight: a draw".into(),
        RulingReason::MustVary => format!("{who} must vary or lose"),
        _ => String::new(),
    };
    format!(
        "{}: Red {} ({}), Black {} ({})\nRuling: {verdict} ({})",
        r.edition,
        pattern(red.pattern),
        allowed(red),
        pattern(black.pattern),
        allowed(black),
        r.result.as_str()
    )
}
