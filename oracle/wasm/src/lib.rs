//! The xiangqi (象棋) rules oracle as a WebAssembly module, for the npm
//! package `@xiangqi-conformance/xq` (in `npm/` beside this crate).
//!
//! A thin binding: every method converts its JSON argument into a call of
//! `xq-core`, `xq-oracle`, `xq-records` or the `xq` command's library, and
//! converts the answer back into the JSON the oracle already documents —
//! the suite protocol's answer types (`spec/PROTOCOL.md`), the ruling JSON
//! of `xq rule --json` (`spec/RULINGS.md`), the record reading of the
//! desk's `/api/record` (`spec/CLI.md`). It decides no rule itself.
//!
//! The module has no clock, threads or files: rulings run without a time
//! limit (their node budgets bound them), perft without a watchdog.
//!
//! The Rust side of the interface is [`call`]: a method name and its
//! argument bytes (JSON, or a record file's bytes) in, JSON out. On
//! `wasm32` it is exported as plain C functions exchanging UTF-8 through
//! linear memory (see [`ffi`]); `npm/xq.js` is the loader.

use serde::Deserialize;
use serde_json::{json, Value};

use xq_cli::desk::api::LangArg;
use xq_core::{Game, PlayError, PlayFault, Position, Validation};
use xq_render::protocol::{
    self, Message, MessageReader, Question, Reply, Request, PROTOCOL_VERSION,
};

pub mod ffi;

/// Why a call failed: a stable `code` for programs, the `message` in the
/// oracle's words (the `xq` command's, without its `xq: ` prefix), and
/// details where they exist. The JS loader throws it as an `XqError`.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    /// A stable short name (`bad-fen`, `horse-leg-blocked`, `unknown-edition` …).
    pub code: String,
    /// The English message.
    pub message: String,
    /// Further typed fields (`problems`, `ply`, `zh` …), an object.
    pub details: Value,
}

impl Error {
    fn new(code: impl Into<String>, message: impl Into<String>) -> Error {
        Error {
            code: code.into(),
            message: message.into(),
            details: json!({}),
        }
    }

    fn with(mut self, key: &str, value: Value) -> Error {
        self.details[key] = value;
        self
    }

    /// `{"code", "message", …details}`.
    pub fn to_json(&self) -> Value {
        let mut v = self.details.clone();
        v["code"] = json!(self.code);
        v["message"] = json!(self.message);
        v
    }
}

/// The method's answer to its argument bytes.
pub fn call(method: &str, input: &[u8]) -> Result<Value, Error> {
    match method {
        "version" => Ok(json!({
            "version": env!("CARGO_PKG_VERSION"),
            "protocol": PROTOCOL_VERSION,
        })),
        "editions" => Ok(editions()),
        "started" => Ok(to_value(protocol::oracle_started(xq_cli::edition_ids()))),
        "protocol" => Ok(protocol_line(text(input)?)),
        "validateFen" => {
            let a: FenArg = arg(input)?;
            ask(&a.fen, &[], a.relaxed, "", Question::Position)
        }
        "position" => {
            let a: At = arg(input)?;
            let game = game(&a)?;
            let pos = game.current();
            Ok(json!({"fen": pos.fen(), "turn": pos.turn().name()}))
        }
        "legalMoves" => {
            let a: At = arg(input)?;
            ask_at(&a, "", Question::LegalMoves)
        }
        "isLegal" => {
            let a: MoveArg = arg(input)?;
            // A text that names no move is an error; a move that breaks a
            // rule is the answer.
            let mut game = game(&a.at)?;
            if let Err(e) = game.push_text(&a.mv) {
                if !matches!(
                    e.error.as_move(),
                    Some(xq_core::ParseMoveError::Illegal { .. })
                ) {
                    return Err(play_error(&e));
                }
            }
            ask_at(&a.at, "", Question::IsLegal { mv: a.mv })
        }
        "play" => {
            let a: MoveArg = arg(input)?;
            let mut game = game(&a.at)?;
            let before = game.current().clone();
            game.push_text(&a.mv).map_err(|e| play_error(&e))?;
            let mv = *game.moves().last().expect("a move was played");
            Ok(json!({
                "move": mv.to_string(),
                "chinese": xq_core::format_move(&before, mv, xq_core::Notation::Chinese),
                "wxf": xq_core::format_move(&before, mv, xq_core::Notation::Wxf),
                "fen": game.current().fen(),
            }))
        }
        "convert" => {
            let a: ConvertArg = arg(input)?;
            ask_at(&a.at, "", Question::Convert { mv: a.mv, to: a.to })
        }
        "status" => {
            // 困毙's result is the edition's (xq_oracle::status).
            let a: StatusArg = arg(input)?;
            let edition = edition(a.edition.as_deref())?;
            ask_at(&a.at, edition, Question::Status)
        }
        "perft" => {
            let a: PerftArg = arg(input)?;
            if a.depth > xq_core::perft::MAX_DEPTH {
                let e = xq_core::perft::PerftError::TooDeep { depth: a.depth };
                return Err(Error::new("too-deep", e.to_string()));
            }
            ask_at(&a.at, "", Question::Perft { depth: a.depth })
        }
        "classify" => {
            let a: ClassifyArg = arg(input)?;
            let edition = edition(a.edition.as_deref())?;
            game(&a.at)?.push_text(&a.mv).map_err(|e| play_error(&e))?;
            ask_at(&a.at, edition, Question::Classify { mv: a.mv })
        }
        "rule" => {
            let a: RuleArg = arg(input)?;
            rule(&a)
        }
        "readRecord" => xq_cli::desk::api::record_for(input, xq_cli::desk::api::RecordAsk::Full)
            .map_err(desk_error),
        "ruleRecord" => rule_record(input),
        "words" => Ok(xq_cli::desk::words::words()),
        // The desk's API (spec/CLI.md), for the static desk: the same
        // handlers as `xq desk` serves, on the same request bodies.
        "desk/info" => Ok(xq_cli::desk::api::info(xq_cli::desk::MAX_UPLOAD)),
        "desk/words" => Ok(xq_cli::desk::words::words()),
        "desk/game" => {
            let never = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            xq_cli::desk::api::game(input, never).map_err(desk_error)
        }
        // `desk/record?game=N` and `desk/record?moves`: the query as the
        // desk's server takes it.
        m if m == "desk/record" || m.starts_with("desk/record?") => {
            let query = m.split_once('?').map(|(_, q)| q);
            xq_cli::desk::api::RecordAsk::from_query(query)
                .and_then(|ask| xq_cli::desk::api::record_for(input, ask))
                .map_err(desk_error)
        }
        "desk/position" => xq_cli::desk::api::position(input).map_err(desk_error),
        "desk/move" => xq_cli::desk::api::check_move(input).map_err(desk_error),
        "desk/pgn" => xq_cli::desk::api::pgn(input)
            .map(Value::String)
            .map_err(desk_error),
        _ => Err(Error::new(
            "unknown-method",
            format!("no method {}", xq_core::excerpt::Excerpt(method)),
        )),
    }
}

fn to_value(v: impl serde::Serialize) -> Value {
    serde_json::to_value(v).expect("the oracle's answers serialize")
}

fn text(input: &[u8]) -> Result<&str, Error> {
    std::str::from_utf8(input)
        .map_err(|e| Error::new("bad-argument", format!("the argument is not UTF-8: {e}")))
}

fn arg<'a, T: Deserialize<'a>>(input: &'a [u8]) -> Result<T, Error> {
    serde_json::from_slice(input).map_err(|e| Error::new("bad-argument", e.to_string()))
}

/// A position and the moves played from it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct At {
    /// A FEN or `startpos`; the start position when absent.
    fen: Option<String>,
    /// Move texts in any notation.
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    relaxed: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FenArg {
    fen: String,
    #[serde(default)]
    relaxed: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveArg {
    #[serde(flatten)]
    at: At,
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
struct ConvertArg {
    #[serde(flatten)]
    at: At,
    #[serde(rename = "move")]
    mv: String,
    to: xq_spec::Notation,
}

#[derive(Deserialize)]
struct PerftArg {
    #[serde(flatten)]
    at: At,
    depth: u32,
}

#[derive(Deserialize)]
struct ClassifyArg {
    #[serde(flatten)]
    at: At,
    #[serde(rename = "move")]
    mv: String,
    edition: Option<String>,
}

#[derive(Deserialize)]
struct StatusArg {
    #[serde(flatten)]
    at: At,
    edition: Option<String>,
}

#[derive(Deserialize)]
struct RuleArg {
    #[serde(flatten)]
    at: At,
    edition: Option<String>,
    #[serde(default)]
    lang: LangArg,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordArg {
    edition: Option<String>,
    #[serde(default)]
    lang: LangArg,
    /// Which game of the file, from 1.
    game: Option<usize>,
    #[serde(default, rename = "finalOnly")]
    final_only: bool,
    /// The file's name in the answer (`file`).
    file: Option<String>,
}

fn editions() -> Value {
    let list: Vec<Value> = xq_oracle::edition::all()
        .iter()
        .map(|e| json!({"id": e.id, "name": e.name, "name_zh": e.name_zh, "body": e.body, "year": e.year, "default": e.default, "extends": e.extends}))
        .collect();
    Value::Array(list)
}

fn edition(id: Option<&str>) -> Result<&'static str, Error> {
    let id = id.unwrap_or(xq_oracle::edition::DEFAULT);
    xq_oracle::edition::get(id).map(|e| e.id).ok_or_else(|| {
        Error::new(
            "unknown-edition",
            format!(
                "unknown edition {} (known: {})",
                xq_core::excerpt::Excerpt(id),
                xq_cli::edition_ids().join(", ")
            ),
        )
    })
}

fn validation(relaxed: bool) -> Validation {
    if relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    }
}

/// The start position, or why the FEN is refused (with its problems, as
/// `validateFen` lists them).
fn start(fen: Option<&str>, relaxed: bool) -> Result<Position, Error> {
    let fen = fen.map(str::trim).filter(|f| !f.is_empty());
    Position::from_fen_with(fen.unwrap_or("startpos"), validation(relaxed)).map_err(|e| {
        let problems: Vec<Value> = protocol::fen_problems(&e)
            .into_iter()
            .map(to_value)
            .collect();
        Error::new("bad-fen", e.to_string()).with("problems", Value::Array(problems))
    })
}

/// A move of a list that cannot be played: the code is the rule it breaks
/// (`horse-leg-blocked` …) or why the text is no move (`syntax`,
/// `no-such-piece`, `ambiguous`, `too-long`, `counter-limit`); the message
/// is the CLI's (`ply 3: b0d1 is not legal: …`).
fn play_error(e: &PlayError) -> Error {
    let code = match &e.error {
        PlayFault::Move(xq_core::ParseMoveError::Illegal { reason, .. }) => {
            reason.code().to_string()
        }
        PlayFault::Move(m) => to_value(protocol::rejection(m))
            .as_str()
            .expect("a rejection is a word")
            .to_string(),
        PlayFault::TooLong { .. } => "too-long".into(),
        PlayFault::CounterLimit { .. } => "counter-limit".into(),
    };
    Error::new(code, e.to_string())
        .with("ply", json!(e.ply))
        .with("zh", json!(xq_cli::desk::error::play_zh(e)))
}

fn game(at: &At) -> Result<Game, Error> {
    let start = start(at.fen.as_deref(), at.relaxed)?;
    Game::from_texts(start, &at.moves).map_err(|e| play_error(&e))
}

/// The protocol's answer to a question about `at`, after the position and
/// the moves are checked here (so that their errors are typed).
fn ask_at(at: &At, edition: &str, question: Question) -> Result<Value, Error> {
    let game = game(at)?;
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    ask(&game.start().fen(), &moves, at.relaxed, edition, question)
}

fn ask(
    fen: &str,
    moves: &[String],
    relaxed: bool,
    edition: &str,
    question: Question,
) -> Result<Value, Error> {
    let req = Request {
        seq: 0,
        id: String::new(),
        edition: edition.into(),
        fen: fen.into(),
        moves: moves.to_vec(),
        relaxed,
        question,
    };
    let reply = protocol::answer(&req);
    match (reply.result, reply.error) {
        (Some(v), _) => Ok(v),
        (None, e) => Err(Error::new(
            "unanswered",
            e.unwrap_or_else(|| "no answer".into()),
        )),
    }
}

/// `xq rule --json`: the ruling on the game at its last move. An illegal
/// last move is ruled on; an illegal move before it is an error.
fn rule(a: &RuleArg) -> Result<Value, Error> {
    let edition = xq_oracle::edition::get(edition(a.edition.as_deref())?).expect("known");
    let start = start(a.at.fen.as_deref(), a.at.relaxed)?;
    let texts: Vec<&str> = a.at.moves.iter().map(String::as_str).collect();
    let options = xq_oracle::ruling::RulingOptions::default();
    let ruling = xq_render::rule_texts(start, &texts, edition, &options).map_err(|e| match &e {
        xq_oracle::ruling::RecordError::Unplayable(p) => play_error(p),
        other => Error::new("not-ruled", other.to_string()),
    })?;
    Ok(xq_render::ruling_json(&ruling, a.lang.into()))
}

/// `xq rule FILE --format json` on a record's bytes: the arguments are a
/// JSON line, a newline, then the bytes.
fn rule_record(input: &[u8]) -> Result<Value, Error> {
    let nl = input
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| Error::new("bad-argument", "ruleRecord: options line missing"))?;
    let a: RecordArg = arg(&input[..nl])?;
    let bytes = &input[nl + 1..];
    let edition = xq_oracle::edition::get(edition(a.edition.as_deref())?).expect("known");
    let settings = xq_cli::records::Settings {
        edition,
        options: Default::default(),
        final_only: a.final_only,
    };
    let file = a.file.unwrap_or_else(|| "-".into());
    let wanted = a.game.unwrap_or(1);
    if wanted == 0 {
        return Err(Error::new("bad-argument", "game counts from 1"));
    }
    let mut seen = 0;
    for (i, item) in xq_records::read_bytes(bytes).enumerate() {
        seen = i + 1;
        if seen < wanted {
            continue;
        }
        let report = xq_cli::records::rule(&file, seen, item, &settings);
        return match &report.outcome {
            Ok(r) => Ok(xq_cli::records::full_json(r, &file, a.lang.into())),
            Err(b) => Err(Error::new(b.code, b.message.clone())
                .with("zh", json!(b.message_zh))
                .with("ply", json!(b.ply))
                .with("location", json!(b.location))),
        };
    }
    Err(Error::new(
        "no-such-game",
        format!("game {wanted}: the record holds {seen} game(s)"),
    ))
}

/// The desk's error, `{code, en, zh}` as its HTTP API gives it (and
/// `message`, the English, as every error of this module has).
fn desk_error(e: xq_cli::desk::error::DeskError) -> Error {
    use xq_cli::desk::error::Answer;
    Error::new(e.code(), e.en())
        .with("en", json!(e.en()))
        .with("zh", json!(e.zh()))
}

/// One line of the suite protocol answered as `xq serve` answers it, but
/// without a time budget (no clock here): the handshake for `start`, a
/// reply for `run` or a malformed line, `null` for `stop`.
fn protocol_line(line: &str) -> Value {
    let reply = match MessageReader::default().read(line) {
        Ok(Message::Stop) => return Value::Null,
        Ok(Message::Start { protocol }) if protocol == PROTOCOL_VERSION => {
            return to_value(protocol::oracle_started(xq_cli::edition_ids()))
        }
        Ok(Message::Start { protocol }) => Reply::error(
            None,
            format!(
                "protocol {protocol} is not spoken here; this module speaks protocol {PROTOCOL_VERSION}"
            ),
        ),
        Ok(Message::Run(req)) => protocol::answer(&req),
        Err((seq, e)) => Reply::error(seq, format!("malformed message: {e}")),
    };
    let mut reply = reply;
    if let Some(e) = &reply.error {
        reply.error = Some(xq_cli::message::one_line(e));
    }
    to_value(reply)
}
