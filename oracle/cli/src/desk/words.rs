//! `GET /api/words`: the oracle's names for what the page labels — move
//! kinds, patterns, ruling reasons, point kinds, results, editions, the
//! refusal codes of a move — in Chinese and English, so that the page
//! says what `xq rule` says and keeps no tables of its own. Everything is
//! read from the oracle's own tables; the one function here is the place
//! to point at the shared vocabulary once it has a crate of its own.

use serde_json::{json, Map, Value};
use xq_core::Outcome;
use xq_oracle::repetition::{MoveKind, Pattern};
use xq_oracle::ruling::{PointKind, RulingReason};
use xq_render::words::Label;
use xq_render::Lang;

/// Every pattern, in the order of the registry.
const PATTERNS: [Pattern; 9] = [
    Pattern::PerpetualCheck,
    Pattern::PerpetualKill,
    Pattern::PerpetualChase,
    Pattern::CheckKill,
    Pattern::CheckChase,
    Pattern::KillChase,
    Pattern::PerpetualAttack,
    Pattern::AttackIdle,
    Pattern::Idle,
];

const POINT_KINDS: [PointKind; 4] = [
    PointKind::Repetition,
    PointKind::NaturalLimit,
    PointKind::IllegalMove,
    PointKind::End,
];

fn pair(zh: &str, en: &str) -> Value {
    json!({"zh": zh, "en": en})
}

/// The whole vocabulary: `{"kinds": {code: {zh, en, title}}, …}`.
pub fn words() -> Value {
    let mut kinds = Map::new();
    for k in MoveKind::ALL {
        let entry = k.clause().entry();
        kinds.insert(
            k.name().into(),
            json!({"zh": k.zh(), "en": k.name(), "title": entry.title, "term": entry.term}),
        );
    }
    let mut patterns = Map::new();
    for p in PATTERNS {
        let entry = p.clause().entry();
        patterns.insert(
            p.name().into(),
            json!({"zh": entry.term, "en": p.en(), "clause": p.clause().id()}),
        );
    }
    let mut reasons = Map::new();
    for r in RulingReason::ALL {
        reasons.insert(r.name().into(), pair(r.label(Lang::Zh), r.label(Lang::En)));
    }
    let mut points = Map::new();
    for k in POINT_KINDS {
        let code = serde_json::to_value(k).expect("a point kind serializes");
        points.insert(
            code.as_str().unwrap_or_default().into(),
            pair(k.zh(), k.en()),
        );
    }
    let mut results = Map::new();
    for o in [
        Outcome::RedWins,
        Outcome::BlackWins,
        Outcome::Draw,
        Outcome::Ongoing,
    ] {
        results.insert(o.as_str().into(), pair(o.zh(), o.en()));
    }
    let editions: Vec<Value> = xq_oracle::edition::all()
        .iter()
        .map(|e| {
            json!({"id": e.id, "zh": e.name_zh, "en": e.name, "body_zh": e.body_zh,
                   "body": e.body, "year": e.year, "default": e.default})
        })
        .collect();
    let pieces: Map<String, Value> = xq_core::Role::ALL
        .iter()
        .map(|&role| {
            let red = xq_core::Piece::new(xq_core::Color::Red, role);
            let black = xq_core::Piece::new(xq_core::Color::Black, role);
            (
                red.fen_char().to_string(),
                json!({
                    "en": role.to_string(),
                    "zh_red": red.zh().to_string(),
                    "zh_black": black.zh().to_string(),
                    "traditional_red": red.traditional().to_string(),
                    "traditional_black": black.traditional().to_string(),
                    "drawn_red": red.drawn().to_string(),
                    "drawn_black": black.drawn().to_string(),
                }),
            )
        })
        .collect();
    // Keyed by Red's FEN letter: the names of the kind, in English and as
    // each side's character, simplified (as the notation writes it),
    // traditional, and as the board draws it (xq-core's one glyph table).
    let sides = json!({
        "red": pair(xq_core::Color::Red.zh(), xq_core::Color::Red.en()),
        "black": pair(xq_core::Color::Black.zh(), xq_core::Color::Black.en()),
    });
    json!({
        "kinds": kinds,
        "patterns": patterns,
        "reasons": reasons,
        "points": points,
        "results": results,
        "editions": editions,
        "sides": sides,
        "pieces": pieces,
        "illegal": xq_core::IllegalMove::CODES,
    })
}
