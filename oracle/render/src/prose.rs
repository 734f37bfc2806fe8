//! The explanations, written once: what a ruling's explanation says and in
//! which order. Every word comes from the language's
//! [`Catalogue`](crate::catalogue::Catalogue).

use xq_core::{Color, Outcome};
use xq_oracle::edition::StalemateResult;
use xq_oracle::ruling::{GameRuling, Procedure, Ruling, RulingPoint, RulingReason};

use crate::catalogue::{self, Catalogue, CycleFacts, IllegalFacts, Verdict};
use crate::speak::Speak;
use crate::{cycles_before_result, edition_of, Lang};

/// The side a decisive result goes against.
fn loser(r: &Ruling) -> Color {
    if r.result == Outcome::BlackWins {
        Color::Red
    } else {
        Color::Black
    }
}

/// What a repetition ruling decides.
fn verdict(r: &Ruling) -> Verdict {
    let more = cycles_before_result(r);
    let further = more.filter(|&n| n > 0);
    match r.reason {
        RulingReason::PerpetualCheck if more == Some(0) => Verdict::CheckLoses,
        RulingReason::PerpetualCheck => Verdict::CheckMustVary { more: further },
        RulingReason::MustVary => Verdict::MustVary { more: further },
        reason @ (RulingReason::MutualPerpetualCheck
        | RulingReason::BothAllowed
        | RulingReason::BothForbidden) => Verdict::Draw {
            reason,
            more: further,
        },
        _ => Verdict::Unstated,
    }
}

/// The explanation of a ruling.
pub(crate) fn explain(r: &Ruling, lang: Lang) -> String {
    let words = catalogue::of(lang);
    let edition = edition_of(r);
    match r.reason {
        RulingReason::IllegalMove => {
            let m = r
                .illegal_move
                .as_ref()
                .expect("an illegal-move ruling names the move");
            let iccs = m.mv.to_string();
            words.illegal_move(&IllegalFacts {
                ply: m.ply,
                text: &m.text,
                iccs: (m.text != iccs).then_some(iccs),
                reason: m.reason.speak(lang),
                by: m.by,
                edition,
            })
        }
        RulingReason::Checkmate => words.checkmate(loser(r)),
        RulingReason::Stalemate if edition.rules.stalemate == StalemateResult::Draw => {
            words.stalemate_draw()
        }
        RulingReason::Stalemate => words.stalemate_loss(loser(r)),
        RulingReason::NaturalLimit => {
            let l = r
                .natural_limit
                .as_ref()
                .expect("a natural-limit ruling has the count");
            words.natural_limit(l, edition.natural_limit().automatic)
        }
        RulingReason::None => words.nothing_to_rule(),
        _ => cycle(r, words),
    }
}

fn cycle(r: &Ruling, words: &dyn Catalogue) -> String {
    let edition = edition_of(r);
    let c = r.cycle.as_ref().expect("a repetition ruling has its cycle");
    let mut s = words.cycle_header(&CycleFacts {
        edition,
        occurrences: c.occurrences,
        first_ply: c.first_ply,
        last_ply: c.last_ply,
        adjudicable: c.adjudicable,
        needed: edition.repetition().occurrences,
    });
    if let Some(from) = c.counted_from_ply {
        s.push_str(&words.counted_from(from, c.last_ply));
    }
    for (color, side) in [(Color::Red, &r.red), (Color::Black, &r.black)] {
        let Some(side) = side else { continue };
        s.push_str(&words.side_heading(color));
        if !side.earlier.is_empty() {
            s.push_str(&words.before_cycle());
            for m in &side.earlier {
                s.push_str(&words.move_line(m));
            }
            s.push_str(&words.in_cycle());
        }
        for m in &side.moves {
            s.push_str(&words.move_line(m));
        }
        s.push_str(&words.pattern_line(side));
    }
    let result = r.result.as_str();
    let said = words.verdict(verdict(r), loser(r), result);
    s.push_str(&words.ruling_line(&said, result));
    let cited: Vec<String> = r
        .clauses
        .iter()
        .map(|&c| crate::cite(c, edition.id, words))
        .collect();
    s.push_str(&cited.join("; "));
    if let Some(search) = &r.search {
        if !search.incomplete_plies.is_empty() {
            let why = words.search_stopped(search.stopped_by, search.nodes_per_move);
            s.push_str(&words.not_examined(&why, &search.incomplete_plies));
        }
    }
    s
}

/// The verdict in a line or two.
pub(crate) fn headline(r: &Ruling, lang: Lang) -> String {
    let (Some(red), Some(black)) = (&r.red, &r.black) else {
        return explain(r, lang);
    };
    let words = catalogue::of(lang);
    let said = words.headline_verdict(verdict(r), loser(r));
    words.headline(edition_of(r), red, black, &said, r.result.as_str())
}

/// What happened after a point's repetition ruling, in words.
pub(crate) fn follow_up(p: &RulingPoint, lang: Lang) -> Option<String> {
    let f = p.follow_up.as_ref()?;
    Some(catalogue::of(lang).follow_up(f, claimed_only(p), p.ruling.result.as_str()))
}

/// A whole game's ruling points and result.
pub(crate) fn explain_game(g: &GameRuling, lang: Lang) -> String {
    let words = catalogue::of(lang);
    let edition = xq_oracle::edition::get(&g.edition).expect("a ruling names a known edition");
    let mut s = words.game_heading(edition, g.plies, g.result.as_str());
    if let Some(p) = g.decided_at {
        s.push_str(&words.decided_at(p));
    }
    if let Some(c) = g.claimable {
        s.push_str(&words.on_claim(c.ply));
    }
    let recorded = g.recorded.map_or("", |r| r.as_str());
    s.push_str(&words.comparison(g.comparison(), recorded));
    s.push_str(&words.heading_end());
    if !g.incomplete_points.is_empty() {
        s.push_str(&words.points_not_examined(g.stopped_by, &g.incomplete_points));
    }
    if g.points.is_empty() {
        s.push_str(&words.no_points());
    }
    for p in &g.points {
        s.push_str(&words.point_heading(p.ply, p.kind));
        s.push_str(&explain(&p.ruling, lang));
        s.push('\n');
        if let Some(then) = follow_up(p, lang) {
            s.push_str(&then);
            s.push('\n');
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
