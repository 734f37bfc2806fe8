//! The desk's JSON API: what the page asks the oracle. Every handler takes
//! the request body and gives a JSON value or a [`DeskError`]; none reads
//! or writes a file. The shapes are documented in `spec/CLI.md`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use xq_core::game::split_moves;
use xq_core::{format_move, Game, Move, Notation, Outcome, Position, Validation};
use xq_oracle::edition::Edition;
use xq_records::{write_pgn, Line, MoveNode, PgnOptions, Record, Tags};
use xq_render::Lang;
use xq_render::Speak;

use super::error::{DeskError, JsonFault, MoveFault, RecordFault};
use super::view::{game_view, MAX_PLIES};

/// The most games listed from one file; a library holding more says so.
pub const MAX_GAMES: usize = 500;

/// Parses a JSON body into a request type that refuses unknown keys.
pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, DeskError> {
    if body.is_empty() {
        return Err(DeskError::BadJson(JsonFault::Empty));
    }
    serde_json::from_slice(body).map_err(|e| DeskError::from_json(&e))
}

/// A move list: an array of move texts, or one text of moves separated by
/// spaces or commas (move numbers skipped).
#[derive(Deserialize, Default)]
#[serde(untagged)]
pub enum Moves {
    #[default]
    None,
    List(Vec<String>),
    Text(String),
}

impl Moves {
    fn texts(&self) -> Vec<&str> {
        match self {
            Moves::None => Vec::new(),
            Moves::List(l) => l
                .iter()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .collect(),
            Moves::Text(t) => split_moves(t),
        }
    }
}

#[derive(Deserialize, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum LangArg {
    #[default]
    Zh,
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

fn start(fen: Option<&str>, relaxed: bool) -> Result<Position, DeskError> {
    let fen = fen
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .unwrap_or("startpos");
    let validation = if relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    };
    Position::from_fen_with(fen, validation).map_err(DeskError::BadFen)
}

fn edition(id: Option<&str>) -> Result<&'static Edition, DeskError> {
    let id = id.unwrap_or(xq_oracle::edition::DEFAULT);
    xq_oracle::edition::get(id)
        .ok_or_else(|| DeskError::UnknownEdition(xq_core::excerpt::Excerpt(id).to_string()))
}

fn outcome(s: Option<&str>) -> Result<Option<Outcome>, DeskError> {
    Ok(match s {
        None | Some("") | Some("*") => None,
        Some("1-0") => Some(Outcome::RedWins),
        Some("0-1") => Some(Outcome::BlackWins),
        Some("1/2-1/2") => Some(Outcome::Draw),
        Some(other) => {
            let other = xq_core::excerpt::Excerpt(other).to_string();
            return Err(DeskError::BadJson(JsonFault::Recorded(other)));
        }
    })
}

/// `GET /api/info`: the editions and the desk's limits.
pub fn info(max_upload: usize) -> Value {
    let editions: Vec<Value> = xq_oracle::edition::all()
        .iter()
        .map(|e| {
            json!({"id": e.id, "name": e.name, "name_zh": e.name_zh, "year": e.year, "default": e.default})
        })
        .collect();
    json!({
        "version": env!("CARGO_PKG_VERSION"),
        "editions": editions,
        "limits": {
            "max_upload": max_upload,
            "max_plies": MAX_PLIES,
            "max_games": MAX_GAMES,
            "too_large": {
                "zh": xq_render::desk::file_too_large(max_upload, Lang::Zh),
                "en": xq_render::desk::file_too_large(max_upload, Lang::En),
            },
        },
    })
}

/// `POST /api/game`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Moves,
    pub edition: Option<String>,
    #[serde(default)]
    pub lang: LangArg,
    #[serde(default)]
    pub relaxed: bool,
    /// The result the record states.
    pub recorded: Option<String>,
    /// Whether each point carries its picture (`svg`, default yes). The
    /// page draws its own and asks without: on a 400-ply game with 41
    /// points the pictures were more than half of the answer's 440 kB,
    /// drawn, sent, decoded and parsed for nothing.
    #[serde(default = "yes")]
    pub pictures: bool,
}

fn yes() -> bool {
    true
}

/// `cancel` is set when the client has gone: the searches then stop.
pub fn game(body: &[u8], cancel: Arc<AtomicBool>) -> Result<Value, DeskError> {
    let req: GameRequest = parse(body)?;
    let start = start(req.fen.as_deref(), req.relaxed)?;
    let edition = edition(req.edition.as_deref())?;
    let recorded = outcome(req.recorded.as_deref())?;
    let texts = req.moves.texts();
    let view = game_view(
        start,
        &texts,
        edition,
        req.lang.into(),
        recorded,
        req.pictures,
        cancel,
    )?;
    Ok(serde_json::to_value(view).expect("a game view serializes"))
}

/// `POST /api/position`: a FEN checked, with what the board needs.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    pub fen: String,
    #[serde(default)]
    pub relaxed: bool,
    /// Whose result for 困毙 applies (default: the default edition).
    #[serde(default)]
    pub edition: Option<String>,
}

pub fn position(body: &[u8]) -> Result<Value, DeskError> {
    let req: PositionRequest = parse(body)?;
    let pos = start(Some(&req.fen), req.relaxed)?;
    let status = xq_oracle::status::status(&pos, edition(req.edition.as_deref())?);
    let legal: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    Ok(json!({
        "fen": pos.fen(),
        "turn": pos.turn().name(),
        "in_check": status.in_check,
        "result": status.result,
        "reason": status.reason.map(|r| r.as_str()),
        "legal": legal,
    }))
}

/// `POST /api/move`: may this move be played here? A refusal is an
/// answer (`ok: false` with the rule it breaks), not an error.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    pub fen: String,
    #[serde(rename = "move")]
    pub mv: String,
    #[serde(default)]
    pub relaxed: bool,
}

fn iccs_move(text: &str) -> Result<Move, DeskError> {
    let t = text.trim();
    t.parse().map_err(|_| {
        let t = xq_core::excerpt::Excerpt(t).to_string();
        DeskError::BadJson(JsonFault::NotIccs(t))
    })
}

pub fn check_move(body: &[u8]) -> Result<Value, DeskError> {
    let req: MoveRequest = parse(body)?;
    let pos = start(Some(&req.fen), req.relaxed)?;
    let mv = iccs_move(&req.mv)?;
    Ok(match pos.check_move(mv) {
        Ok(()) => {
            let after = pos
                .play(mv)
                .map_err(|e| DeskError::BadMove(MoveFault::Illegal(e)))?;
            json!({
                "ok": true,
                "iccs": mv.to_string(),
                "chinese": format_move(&pos, mv, Notation::Chinese),
                "wxf": format_move(&pos, mv, Notation::Wxf),
                "fen": after.fen(),
            })
        }
        Err(reason) => json!({
            "ok": false,
            "iccs": mv.to_string(),
            "code": reason.code(),
            "en": reason.to_string(),
            "zh": reason.speak(Lang::Zh),
        }),
    })
}

/// The tags the page sends back for a PGN download.
#[derive(Deserialize, Serialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TagsArg {
    pub title: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    pub round: Option<String>,
    pub red: Option<String>,
    pub black: Option<String>,
    pub result: Option<String>,
}

/// `POST /api/pgn`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PgnRequest {
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Moves,
    #[serde(default)]
    pub relaxed: bool,
    #[serde(default)]
    pub tags: TagsArg,
}

/// A tag value on one bounded line.
fn tag(v: &Option<String>) -> Option<String> {
    v.as_ref()
        .map(|s| {
            s.chars()
                .filter(|c| !c.is_control())
                .take(200)
                .collect::<String>()
        })
        .filter(|s| !s.trim().is_empty())
}

pub fn pgn(body: &[u8]) -> Result<String, DeskError> {
    let req: PgnRequest = parse(body)?;
    let start = start(req.fen.as_deref(), req.relaxed)?;
    let texts = req.moves.texts();
    if texts.len() > MAX_PLIES {
        return Err(DeskError::TooMuch {
            moves: texts.len(),
            limit: MAX_PLIES,
        });
    }
    let game = Game::from_texts(start.clone(), &texts).map_err(|e| super::error::play_error(&e))?;
    let mut record = Record::new(start);
    record.main.moves = game.moves().iter().map(|&m| MoveNode::new(m)).collect();
    let t = &req.tags;
    record.tags = Tags {
        title: tag(&t.title),
        event: tag(&t.event),
        site: tag(&t.site),
        date: tag(&t.date),
        round: tag(&t.round),
        red: tag(&t.red),
        black: tag(&t.black),
        result: outcome(t.result.as_deref())?.unwrap_or(Outcome::Ongoing),
        ..Tags::default()
    };
    Ok(write_pgn(&record, &PgnOptions::default()))
}

/// What `POST /api/record` is asked for (its query, `spec/CLI.md`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordAsk {
    /// No query: the library's listing — each game's header row (players,
    /// event, date, result, plies …), and the first game in full (`first`),
    /// which the page opens at once. A game's moves are not sent with the
    /// listing: the page asks for a game when it is opened.
    List,
    /// `?game=N`: the game numbered `N` (its `game` in the listing) in full:
    /// its start, its moves in ICCS and its tree (`line`).
    Game(usize),
    /// `?moves`: every game's start and main line in ICCS, no more (what
    /// ruling each game needs, for "only games with ruling points").
    Moves,
    /// Every game in full in one answer (the npm package's `readRecord`).
    Full,
}

impl RecordAsk {
    /// The ask a request's query names; `None` is the listing.
    pub fn from_query(query: Option<&str>) -> Result<RecordAsk, DeskError> {
        let Some(q) = query.filter(|q| !q.is_empty()) else {
            return Ok(RecordAsk::List);
        };
        if q == "moves" {
            return Ok(RecordAsk::Moves);
        }
        match q.strip_prefix("game=").map(str::parse::<usize>) {
            Some(Ok(n)) if n >= 1 => Ok(RecordAsk::Game(n)),
            _ => {
                let q = xq_core::excerpt::Excerpt(q).to_string();
                Err(DeskError::BadRecord(RecordFault::Query(q)))
            }
        }
    }
}

/// `POST /api/record`: the bytes of a record file (any format the reader
/// knows) or pasted text; the games it holds, listed.
pub fn record(body: &[u8]) -> Result<Value, DeskError> {
    record_for(body, RecordAsk::List)
}

/// `POST /api/record` with its query: the listing, one game, every game's
/// moves, or every game in full ([`RecordAsk`]). The file is read again
/// for each ask (the desk keeps nothing between requests): reading is
/// cheap beside writing each move's notations, which only a game asked for
/// in full pays.
pub fn record_for(body: &[u8], ask: RecordAsk) -> Result<Value, DeskError> {
    let reader = xq_records::read_bytes(body);
    let format = reader.format();
    let mut games = Vec::new();
    let mut first = None;
    let mut errors = Vec::new();
    let mut first_error = None;
    let mut listed = 0;
    let mut more = false;
    for (i, item) in reader.enumerate() {
        if listed + errors.len() == MAX_GAMES {
            more = true;
            break;
        }
        let (r, n, cut) = match &item {
            Ok(r) => (r, i + 1, None),
            // A record cut short by a bad move: what came before it is
            // shown and ruled, and the page says where and why it breaks.
            Err(e) if e.partial().is_some() => {
                let partial = e.partial().expect("a partial record");
                let cut = json!({
                    "ply": e.ply.unwrap_or(partial.main.moves.len() + 1),
                    "code": e.code(),
                    "en": crate::message::one_line(&e.to_string()),
                    "zh": crate::message::one_line(&e.speak(Lang::Zh)),
                });
                (partial, e.game.unwrap_or(i + 1), Some(cut))
            }
            Err(e) => {
                if first_error.is_none() {
                    first_error = Some(e.clone());
                }
                errors.push(json!({"game": e.game.unwrap_or(i + 1), "code": e.code(), "en": crate::message::one_line(&e.to_string()), "zh": crate::message::one_line(&e.speak(Lang::Zh))}));
                continue;
            }
        };
        listed += 1;
        match ask {
            RecordAsk::Game(want) if want == n => {
                return Ok(json!({"format": format.name(), "game": game_json(r, n, cut)}));
            }
            RecordAsk::Game(_) => {}
            RecordAsk::List => {
                if first.is_none() {
                    first = Some(game_json(r, n, cut.clone()));
                }
                games.push(head_json(r, n, cut));
            }
            RecordAsk::Moves => {
                games.push(json!({"game": n, "fen": r.start.fen(), "moves": moves_json(r)}));
            }
            RecordAsk::Full => games.push(game_json(r, n, cut)),
        }
    }
    if let RecordAsk::Game(want) = ask {
        if listed > 0 {
            return Err(DeskError::BadRecord(RecordFault::NoGame {
                want,
                listed,
                more,
            }));
        }
    }
    if listed == 0 {
        return Err(DeskError::BadRecord(match first_error {
            Some(e) => RecordFault::Unreadable(Box::new(e)),
            None => RecordFault::Empty,
        }));
    }
    let mut v = json!({"format": format.name(), "games": games, "errors": errors, "more": more});
    if let Some(first) = first {
        v["first"] = first;
    }
    Ok(v)
}

/// The most moves of one game's tree (main line and variations) sent to
/// the page: what the desk can rule on and show, with room for variations;
/// a record holding more is sent cut, and says so.
pub const MAX_TREE_MOVES: usize = 4 * MAX_PLIES;

/// A line of a record (the main line or a variation) as the page walks
/// it, from the position `at` before its first move: each move in ICCS,
/// Chinese and WXF notation, with its comment, NAGs and the variations
/// that branch off before it, recursively (the reader bounds the depth).
/// `budget` is what is left of [`MAX_TREE_MOVES`]; no line goes past
/// [`MAX_PLIES`].
fn line_json(line: &Line, at: &Position, budget: &mut usize) -> Value {
    let mut pos = at.clone();
    let mut moves = Vec::with_capacity(line.moves.len().min(*budget).min(MAX_PLIES));
    for n in line.moves.iter().take(MAX_PLIES) {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        let mut m = json!({
            "iccs": n.mv.to_string(),
            "chinese": format_move(&pos, n.mv, Notation::Chinese),
            "wxf": format_move(&pos, n.mv, Notation::Wxf),
        });
        if let Some(c) = &n.comment {
            m["comment"] = json!(c);
        }
        if !n.nags.is_empty() {
            m["nags"] = json!(n.nags);
        }
        if !n.variations.is_empty() {
            m["variations"] = Value::Array(
                n.variations
                    .iter()
                    .map(|v| line_json(v, &pos, budget))
                    .collect(),
            );
        }
        moves.push(m);
        // The reader checked every move of the record.
        match pos.play(n.mv) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
    }
    let mut v = json!({"moves": moves});
    if let Some(c) = &line.comment {
        v["comment"] = json!(c);
    }
    v
}

/// A game's main line in ICCS, as `/api/game` takes it. A record ending
/// with an illegal move: the move goes with the others, and `/api/game`
/// rules on it as it does for typed moves.
fn moves_json(r: &Record) -> Vec<String> {
    let plies = r.main.moves.len();
    let mut moves: Vec<String> = r
        .main_moves()
        .take(MAX_PLIES)
        .map(|m| m.to_string())
        .collect();
    if plies < MAX_PLIES {
        moves.extend(r.illegal_final.as_ref().map(|l| l.mv.to_string()));
    }
    moves
}

fn tags_json(t: &Tags) -> Value {
    json!({
        "title": t.title, "event": t.event, "site": t.site, "date": t.date,
        "round": t.round, "red": t.red, "black": t.black,
        "result": t.result.as_str(),
    })
}

/// A game's row in the library's listing: its number, header, plies (the
/// main line's, with an illegal last move), variations, and where a bad
/// move cut it.
fn head_json(r: &Record, n: usize, cut: Option<Value>) -> Value {
    let plies = r.main.moves.len() + usize::from(r.illegal_final.is_some());
    let mut v = json!({
        "game": n,
        "plies": plies,
        "variations": r.variation_count(),
        "tags": tags_json(&r.tags),
    });
    if let Some(cut) = cut {
        v["cut"] = cut;
    }
    v
}

/// A game in full: its header row with its start, its moves in ICCS, its
/// tree (`line`), encoding and the reader's warnings.
fn game_json(r: &Record, n: usize, cut: Option<Value>) -> Value {
    let plies = r.main.moves.len();
    let moves = moves_json(r);
    let mut budget = MAX_TREE_MOVES;
    let line = line_json(&r.main, &r.start, &mut budget);
    let mut v = head_json(r, n, cut);
    v["fen"] = json!(r.start.fen());
    v["moves"] = json!(moves);
    v["line"] = line;
    v["encoding"] = json!(r.source.encoding.to_string());
    v["warnings"] = crate::records::warnings_json(r);
    if plies > MAX_PLIES || budget == 0 {
        v["truncated"] = json!({
            "plies": plies,
            "en": xq_render::desk::truncated(plies, MAX_PLIES, MAX_TREE_MOVES, Lang::En),
            "zh": xq_render::desk::truncated(plies, MAX_PLIES, MAX_TREE_MOVES, Lang::Zh),
        });
    }
    v
}
