//! What the page shows of a game: every ply with its notations and the
//! position after it, and every ruling point of `rule_game` with what the
//! arbiter reads — verdict, patterns, each cycle move's kind and targets,
//! the clauses with their articles, the search bounds, and the picture.
//! Its JSON is the desk's documented interface (`spec/CLI.md`).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Serialize;
use xq_core::{format_move, Color, Game, Notation, Outcome, Piece, Position, Square};
use xq_oracle::clauses::{Article, Clause};
use xq_oracle::edition::Edition;
use xq_oracle::ruling::{
    rule_game_cancellable, Claimable, Comparison, FollowUp, GameRuling, PointKind, RecordError,
    Ruling, RulingOptions, RulingPoint,
};
use xq_render::picture::{ruling_svg, PictureOptions};
use xq_render::words::{self, Label};
use xq_render::Lang;
use xq_render::Speak;

use super::error::DeskError;

/// The most plies the desk rules on in one request: far beyond any real
/// game, and a bound on what one request can cost.
pub const MAX_PLIES: usize = 2000;

/// One ply of the game.
#[derive(Serialize)]
pub struct PlyView {
    /// From 1.
    pub ply: usize,
    pub iccs: String,
    pub chinese: String,
    pub wxf: String,
    /// `red` or `black`: who made it.
    pub side: &'static str,
    /// The position after it.
    pub fen: String,
    /// Whether it checks.
    pub check: bool,
    /// Whether it captures.
    pub capture: bool,
}

/// A clause a ruling rests on, with its articles in the edition.
#[derive(Serialize)]
pub struct ClauseView {
    pub id: &'static str,
    /// The rule term in Chinese.
    pub term: &'static str,
    /// The English title.
    pub title: &'static str,
    /// The articles as the registry gives them (`24.13`, `figure 8`).
    pub articles: Vec<String>,
    /// The articles as the language writes them (`图8`, `第12条`).
    pub cited: Vec<String>,
}

/// One move of a ruled cycle, numbered as its arrow in the picture.
#[derive(Serialize)]
pub struct CycleMoveView {
    /// The arrow's number, from 1.
    pub number: usize,
    pub ply: usize,
    pub side: &'static str,
    pub iccs: String,
    pub chinese: String,
    /// The kind's JSON name (`chase`) and Chinese name (`捉`).
    pub kind: &'static str,
    pub kind_zh: &'static str,
    /// The points attacked, offered to, blocked or watched.
    pub targets: Vec<Square>,
    /// The pieces there, as Chinese characters.
    pub target_names: Vec<String>,
    /// `false` when the searches ran out before the move was fully examined.
    pub complete: bool,
}

/// One point an arbiter is called to.
#[derive(Serialize)]
pub struct PointView {
    pub ply: usize,
    /// `repetition`, `natural-limit`, `illegal-move` or `end`.
    pub kind: PointKind,
    /// The kind in the language.
    pub kind_label: &'static str,
    /// What happened after a repetition ruling.
    pub follow_up: Option<FollowUp>,
    /// The same in words, as the game's summary says it.
    pub follow_up_text: Option<String>,
    /// The ruling's cycle in one line of the language (its plies, how
    /// often the position was seen, whether the count is reached, who
    /// starts the ruling), for a repetition.
    pub cycle_text: Option<String>,
    /// The ruling's search bounds in one line, when it searched.
    pub search_text: Option<String>,
    /// The natural limit's count in one line, when the ruling has it.
    pub natural_limit_text: Option<String>,
    /// The verdict in a line or two.
    pub headline: String,
    /// The full explanation.
    pub explanation: String,
    /// The ruling as `spec/RULINGS.md` gives it.
    pub ruling: serde_json::Value,
    /// The cycle's moves in order, for a repetition.
    pub cycle_moves: Vec<CycleMoveView>,
    pub clauses: Vec<ClauseView>,
    /// The picture (`ruling_svg`): the board at the cycle's start with its
    /// moves as numbered arrows and the chased pieces ringed; absent when
    /// the request said `pictures: false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
}

/// A game as the page shows it.
#[derive(Serialize)]
pub struct GameView {
    /// The start position.
    pub start: String,
    pub edition: String,
    pub lang: &'static str,
    pub plies: Vec<PlyView>,
    /// The record's illegal last move, when it has one (not in `plies`).
    pub illegal: Option<IllegalView>,
    pub points: Vec<PointView>,
    /// The result the rules give the game.
    pub result: Outcome,
    pub decided_at: Option<usize>,
    /// When `result` rests on a claim standing at the record's end.
    pub claimable: Option<Claimable>,
    pub recorded: Option<Outcome>,
    pub agrees: Option<bool>,
    /// How the recorded result stands beside the ruling, for the page:
    /// `agrees`, `claimable` (the rules' result needs a claim the record
    /// does not show, so its own result stands), `disagrees`, `off-board`
    /// (the rules decide nothing on the
    /// board, so a result by resignation, agreement or time stands),
    /// `natural-limit` (a draw recorded where the natural limit was
    /// reached: a draw on claim); absent when no result is recorded.
    pub agreement: Option<&'static str>,
    /// The same in words, in the language.
    pub agreement_text: Option<&'static str>,
    /// The whole game's ruling in words.
    pub summary: String,
    /// How long the ruling took on the server, in milliseconds.
    pub millis: f64,
}

/// An illegal move that ends the record.
#[derive(Serialize)]
pub struct IllegalView {
    pub ply: usize,
    pub text: String,
    pub iccs: String,
    pub code: &'static str,
    pub en: String,
    pub zh: String,
}

pub fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh",
        Lang::En => "en",
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// The character the page and the pictures draw a piece with.
pub fn piece_name(p: Piece) -> String {
    p.zh().to_string()
}

/// An article as the language writes it (as `xq rule` cites them).
fn cite(article: &Article, lang: Lang) -> String {
    match lang {
        Lang::En => article.en(),
        Lang::Zh => article.zh(),
    }
}

fn clause_view(c: Clause, edition: &str, lang: Lang) -> ClauseView {
    let entry = c.entry();
    let articles = c.articles(edition);
    ClauseView {
        id: c.id(),
        term: entry.term,
        title: entry.title,
        cited: articles.iter().map(|a| cite(a, lang)).collect(),
        articles: articles.iter().map(Article::en).collect(),
    }
}

fn cycle_moves(r: &Ruling) -> Vec<CycleMoveView> {
    let mut moves = Vec::new();
    for (side, color) in [(&r.red, Color::Red), (&r.black, Color::Black)] {
        if let Some(side) = side {
            moves.extend(side.moves.iter().map(|m| (m, color)));
        }
    }
    moves.sort_by_key(|(m, _)| m.ply);
    moves
        .into_iter()
        .enumerate()
        .map(|(i, (m, color))| CycleMoveView {
            number: i + 1,
            ply: m.ply,
            side: side_name(color),
            iccs: m.mv.to_string(),
            chinese: m.chinese.clone(),
            kind: m.kind.name(),
            kind_zh: m.kind.zh(),
            targets: m.targets.clone(),
            target_names: m.target_pieces.iter().map(|&p| piece_name(p)).collect(),
            complete: m.complete,
        })
        .collect()
}

fn point_view(
    p: &RulingPoint,
    game: &Game,
    edition: &Edition,
    lang: Lang,
    pictures: bool,
) -> PointView {
    let r = &p.ruling;
    // The picture is drawn on the game as it stood at the point.
    let svg = pictures.then(|| {
        let upto = p.ply.min(game.moves().len());
        let mut at = Game::new(game.start().clone());
        for &m in &game.moves()[..upto] {
            at.push(m);
        }
        let picture = PictureOptions {
            lang,
            iccs: false,
            flipped: false,
        };
        ruling_svg(r, &at, &picture)
    });
    PointView {
        ply: p.ply,
        kind: p.kind,
        kind_label: p.kind.label(lang),
        follow_up: p.follow_up,
        follow_up_text: xq_render::words::follow_up(p, lang),
        cycle_text: r.cycle.as_ref().map(|c| words::cycle_fact(c, lang)),
        search_text: r.search.as_ref().map(|s| words::search_fact(s, lang)),
        natural_limit_text: r
            .natural_limit
            .as_ref()
            .map(|l| words::natural_limit_fact(l, lang)),
        headline: xq_render::headline(r, lang),
        explanation: xq_render::explain(r, lang),
        ruling: xq_render::ruling_json(r, lang),
        cycle_moves: cycle_moves(r),
        clauses: r
            .clauses
            .iter()
            .map(|&c| clause_view(c, edition.id, lang))
            .collect(),
        svg,
    }
}

/// Rules on a game and builds what the page shows (`pictures`: each
/// point with its picture).
pub fn game_view(
    start: Position,
    texts: &[&str],
    edition: &Edition,
    lang: Lang,
    recorded: Option<Outcome>,
    pictures: bool,
    cancel: Arc<AtomicBool>,
) -> Result<GameView, DeskError> {
    if texts.len() > MAX_PLIES {
        return Err(DeskError::TooMuch {
            moves: texts.len(),
            limit: MAX_PLIES,
        });
    }
    // The WebAssembly build has no clock (Instant::now would panic there):
    // its page times the call itself.
    #[cfg(not(target_arch = "wasm32"))]
    let began = Some(std::time::Instant::now());
    #[cfg(target_arch = "wasm32")]
    let began: Option<std::time::Instant> = None;
    let options = RulingOptions::default();
    let ruling: GameRuling = rule_game_cancellable(
        start.clone(),
        texts,
        edition,
        &options,
        recorded,
        false,
        Some(cancel),
    )
    .map_err(|e| match e {
        RecordError::Unplayable(p) => super::error::play_error(&p),
        _ => DeskError::BadMoves {
            en: e.to_string(),
            zh: e.speak(Lang::Zh),
        },
    })?;
    // The moves that could be played: all but an illegal last one.
    let mut game = Game::new(start.clone());
    for t in texts {
        if game.push_text(t).is_err() {
            break;
        }
    }
    let plies = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let before = &game.positions()[i];
            let after = &game.positions()[i + 1];
            PlyView {
                ply: i + 1,
                iccs: m.to_string(),
                chinese: format_move(before, m, Notation::Chinese),
                wxf: format_move(before, m, Notation::Wxf),
                side: side_name(before.turn()),
                fen: after.fen(),
                check: after.in_check(),
                capture: before.is_capture(m),
            }
        })
        .collect();
    let illegal = ruling.points.iter().find_map(|p| {
        let im = p.ruling.illegal_move.as_ref()?;
        Some(IllegalView {
            ply: im.ply,
            text: im.text.clone(),
            iccs: im.mv.to_string(),
            code: im.reason.code(),
            en: im.reason.to_string(),
            zh: im.reason.speak(Lang::Zh),
        })
    });
    let points: Vec<PointView> = ruling
        .points
        .iter()
        .map(|p| point_view(p, &game, edition, lang, pictures))
        .collect();
    // The desk's word is `xq rule`'s: one comparison, made by the oracle.
    let agreement = ruling.recorded.map(|_| ruling.comparison());
    Ok(GameView {
        start: start.fen(),
        edition: edition.id.to_string(),
        lang: lang_name(lang),
        plies,
        illegal,
        points,
        result: ruling.result,
        decided_at: ruling.decided_at,
        claimable: ruling.claimable,
        recorded: ruling.recorded,
        agrees: ruling.agrees,
        agreement: agreement.map(Comparison::name),
        agreement_text: agreement.map(|a| a.label(lang)),
        summary: xq_render::explain_game(&ruling, lang),
        millis: began.map_or(0.0, |b| b.elapsed().as_secs_f64() * 1000.0),
    })
}
