//! The ruling in Chinese (中文), as an arbiter hands it to the players.

use std::fmt::Write as _;

use xq_core::Color;

use xq_oracle::edition::StalemateResult;
use xq_oracle::repetition::StopReason;
use xq_oracle::ruling::{
    Comparison, FollowUp, GameRuling, MoveRuling, PointKind, Procedure, Ruling, RulingPoint,
    RulingReason, SideRuling,
};

use crate::speak::Speak;
use crate::words::Label;
use crate::{cite, cycles_before_result, edition_of, Lang};

/// The explanation of a ruling.
#[must_use]
pub(crate) fn explain(r: &Ruling) -> String {
    let edition = edition_of(r);
    match r.reason {
        RulingReason::IllegalMove => {
            let m = r
                .illegal_move
                .as_ref()
                .expect("an illegal-move ruling names the move");
            format!(
                "第{}着 {} 违例：{}。{}判负。",
                m.ply,
                m.text,
                m.reason.speak(Lang::Zh),
                m.by.name_zh()
            )
        }
        RulingReason::Checkmate => {
            let side = loser(r);
            format!("{}无子可动，将死，{}负。", side.name_zh(), side.name_zh())
        }
        RulingReason::Stalemate => {
            if edition.rules.stalemate == StalemateResult::Draw {
                "走子一方无子可动且未被将军（困毙），本规则判和。".into()
            } else {
                let side = loser(r);
                format!("{}无子可动，困毙，{}负。", side.name_zh(), side.name_zh())
            }
        }
        RulingReason::NaturalLimit => limit(r),
        RulingReason::None => "对局未结束，最后局面未重复出现，也未达自然限着，无需裁决。".into(),
        _ => cycle(r),
    }
}

/// The side a decisive result goes against.
/// 一, 两, 3 …: how many more cycles.
fn times(n: u32) -> String {
    match n {
        1 => "一".into(),
        2 => "两".into(),
        n => n.to_string(),
    }
}

fn loser(r: &Ruling) -> Color {
    if r.result == xq_core::Outcome::BlackWins {
        Color::Red
    } else {
        Color::Black
    }
}

fn limit(r: &Ruling) -> String {
    let edition = edition_of(r);
    let l = r
        .natural_limit
        .as_ref()
        .expect("a natural-limit ruling has the count");
    let who: Vec<&str> = l.claimable_by.iter().map(|c| c.name_zh()).collect();
    let (red, black) = (l.red, l.black);
    format!(
        "已连续 {} 着未吃子：红方 {} 着（将军 {} 着，计 {} 着），黑方 {} 着（将军 {} 着，计 {} 着）。已达自然限着 {} 回合，{}可提和{}。",
        l.plies_without_capture,
        red.moves,
        red.checks,
        red.counted,
        black.moves,
        black.checks,
        black.counted,
        l.rounds,
        who.join("或"),
        if edition.natural_limit().automatic {
            "（自动判和）"
        } else {
            ""
        }
    )
}

fn move_line(m: &MoveRuling) -> String {
    let targets = if m.targets.is_empty() {
        String::new()
    } else {
        let named: Vec<String> = m
            .targets
            .iter()
            .enumerate()
            .map(|(i, sq)| {
                let piece = m
                    .target_pieces
                    .get(i)
                    .map(|p| p.zh().to_string())
                    .unwrap_or_default();
                format!("{piece}{sq}")
            })
            .collect();
        format!("（{}）", named.join("、"))
    };
    let unfinished = if m.complete {
        ""
    } else {
        "（搜索未完成）"
    };
    format!(
        "  第{}着 {}  {}{targets}{unfinished}\n",
        m.ply,
        m.chinese,
        m.kind.zh()
    )
}

fn side(color: Color, s: &SideRuling) -> String {
    let mut out = format!("{}：\n", color.name_zh());
    if !s.earlier.is_empty() {
        out.push_str("  循环之前（计入）：\n");
        for m in &s.earlier {
            out.push_str(&move_line(m));
        }
        out.push_str("  循环之内：\n");
    }
    for m in &s.moves {
        out.push_str(&move_line(m));
    }
    let _ = writeln!(
        out,
        "  {}：{}",
        s.pattern_zh,
        if s.forbidden {
            "禁止着法"
        } else {
            "允许着法"
        }
    );
    out
}

fn cycle(r: &Ruling) -> String {
    let edition = edition_of(r);
    let c = r.cycle.as_ref().expect("a repetition ruling has its cycle");
    let needed = edition.repetition().occurrences;
    let mut s = format!(
        "棋例裁决（{}）\n最后局面已出现 {} 次，循环为第 {}–{} 着。{}\n",
        edition.name_zh,
        c.occurrences,
        c.first_ply,
        c.last_ply,
        if c.adjudicable {
            format!("已达 {needed} 次，为待判局面。")
        } else {
            format!("尚未达到 {needed} 次；以下为若继续循环时的裁决。")
        }
    );
    if let Some(from) = c.counted_from_ply {
        let _ = writeln!(
            s,
            "计入的重复始于此循环之前：双方着法按第 {from}–{} 着全部判定，不只看最后一个循环。",
            c.last_ply
        );
    }
    for (color, sr) in [(Color::Red, &r.red), (Color::Black, &r.black)] {
        if let Some(sr) = sr {
            s.push_str(&side(color, sr));
        }
    }
    let who = loser(r).name_zh();
    let more = cycles_before_result(r);
    let verdict = match (r.reason, more) {
        (RulingReason::PerpetualCheck, Some(0)) => format!("{who}长将，判负。"),
        (RulingReason::PerpetualCheck, Some(n)) => {
            format!("{who}长将，须变着；再循环{}次即判负。", times(n))
        }
        (RulingReason::PerpetualCheck, None) => format!("{who}长将，须变着，不变作负。"),
        (RulingReason::MustVary, Some(n)) if n > 0 => {
            format!("{who}须变着；再循环{}次即判负。", times(n))
        }
        (RulingReason::MustVary, _) => format!("{who}须变着，不变作负。"),
        (reason, more) => {
            let draw = match reason {
                RulingReason::MutualPerpetualCheck => "双方长将",
                RulingReason::BothAllowed => "双方均为允许着法",
                RulingReason::BothForbidden => "双方均为禁止着法且轻重相当",
                _ => "",
            };
            match more {
                _ if draw.is_empty() => String::new(),
                Some(n) if n > 0 => format!("{draw}，裁决后再循环{}次即判和。", times(n)),
                _ if reason == RulingReason::MutualPerpetualCheck => format!("{draw}，判和。"),
                _ => format!("{draw}，不变作和。"),
            }
        }
    };
    let _ = write!(s, "裁决：{verdict}（{}）\n依据：", r.result.as_str());
    let cited: Vec<String> = r
        .clauses
        .iter()
        .map(|&c| cite(c, edition.id, Lang::Zh))
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
                None => format!("每着搜索上限 {} 个局面已用尽", search.nodes_per_move),
                Some(StopReason::GameBudget) => "全局搜索上限已被此前的判决点用尽".to_string(),
                Some(StopReason::Deadline) => "时限已到".to_string(),
                Some(StopReason::Cancelled) => "请求已取消".to_string(),
            };
            let _ = write!(s, "\n未完全审查（{why}）：第 {} 着。", plies.join("、"));
        }
    }
    s
}

/// A whole game's ruling points and result.
#[must_use]
pub(crate) fn explain_game(g: &GameRuling) -> String {
    let edition = xq_oracle::edition::get(&g.edition).expect("a ruling names a known edition");
    let mut s = format!(
        "全局裁决（{}，共 {} 着）：结果 {}",
        edition.name_zh,
        g.plies,
        g.result.as_str()
    );
    if let Some(p) = g.decided_at {
        let _ = write!(s, "，于第 {p} 着定局");
    }
    if let Some(c) = g.claimable {
        let _ = write!(
            s,
            "（须经一方提请：第 {} 着起可提请，至棋谱结束仍然有效）",
            c.ply
        );
    }
    let recorded = g.recorded.map_or("", |r| r.as_str());
    match g.comparison() {
        Comparison::Agrees => {
            let _ = write!(s, "；与棋谱所记结果 {recorded} 相符");
        }
        Comparison::OffTheBoard => {
            let _ = write!(
                s,
                "；棋谱记为 {recorded}，盘面未定胜负，当为盘外定局（认负、议和、超时等）"
            );
        }
        Comparison::Differs => {
            let _ = write!(s, "；棋谱记为 {recorded}，与规则判定不符");
        }
        Comparison::Claimable => {
            let _ = write!(
                s,
                "；棋谱记为 {recorded}：此结果须经一方提请裁决方能成立，棋谱所记当为未经提请而以他法（议和、认负、超时等）定局"
            );
        }
        Comparison::Unrecorded => s.push_str("；棋谱未记结果"),
    }
    s.push_str("。\n");
    if !g.incomplete_points.is_empty() {
        let plies: Vec<String> = g.incomplete_points.iter().map(|p| p.to_string()).collect();
        let why = match g.stopped_by {
            Some(StopReason::GameBudget) => "（全局搜索上限已用尽）",
            Some(StopReason::Deadline) => "（时限已到）",
            Some(StopReason::Cancelled) => "（请求已取消）",
            None => "",
        };
        let _ = writeln!(s, "未完全审查的判决点{why}：第 {} 着。", plies.join("、"));
    }
    if g.points.is_empty() {
        s.push_str("全局无须裁判介入之处。\n");
    }
    for p in &g.points {
        let what = match p.kind {
            PointKind::Repetition => "循环局面",
            PointKind::NaturalLimit => "自然限着",
            PointKind::IllegalMove => "违例着法",
            PointKind::End => "终局",
        };
        let _ = writeln!(s, "\n第 {} 着：{what}。", p.ply);
        s.push_str(&explain(&p.ruling));
        s.push('\n');
        match p.follow_up {
            Some(FollowUp::Varied { ply, by, cycles }) => {
                let unclaimed = if claimed_only(p) {
                    "，其间无人提请裁决"
                } else {
                    ""
                };
                let _ = writeln!(
                    s,
                    "其后：{}于第 {ply} 着变着（此前又循环 {cycles} 次{unclaimed}）。",
                    by.name_zh()
                );
            }
            Some(FollowUp::Lost { ply, cycles }) => {
                let _ = writeln!(
                    s,
                    "其后：继续循环 {cycles} 次，超出本规则允许，于第 {ply} 着按裁决判定（{}）。",
                    p.ruling.result.as_str()
                );
            }
            Some(FollowUp::RecordEnds { cycles }) => {
                let _ = writeln!(s, "其后：棋谱于循环中结束（又循环 {cycles} 次）。");
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

/// The verdict in a line or two.
#[must_use]
pub(crate) fn headline(r: &Ruling) -> String {
    let (Some(red), Some(black)) = (&r.red, &r.black) else {
        return explain(r);
    };
    let allowed = |s: &SideRuling| if s.forbidden { "禁止" } else { "允许" };
    let who = loser(r).name_zh();
    let verdict = match r.reason {
        RulingReason::PerpetualCheck if cycles_before_result(r) == Some(0) => {
            format!("{who}长将，判负")
        }
        RulingReason::PerpetualCheck => format!("{who}长将，须变着，不变作负"),
        RulingReason::MutualPerpetualCheck => "双方长将，判和".into(),
        RulingReason::BothAllowed => "双方均为允许着法，不变作和".into(),
        RulingReason::BothForbidden => "双方均为禁止着法，不变作和".into(),
        RulingReason::MustVary => format!("{who}须变着，不变作负"),
        _ => String::new(),
    };
    format!(
        "{}：红方{}（{}），黑方{}（{}）\n裁决：{verdict}（{}）",
        edition_of(r).body_zh.to_string() + &edition_of(r).year.to_string(),
        red.pattern_zh,
        allowed(red),
        black.pattern_zh,
        allowed(black),
        r.result.as_str()
    )
}
