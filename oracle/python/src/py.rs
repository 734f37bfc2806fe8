//! The `xiangqi_oracle._native` extension module. Conversions only: every
//! answer is the Rust crates' own; the typed Python values (enums,
//! dataclasses) are made by the package's `_types` module from the words
//! and JSON given here.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBytes, PyDict, PyString};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;
use xq_core::excerpt::Excerpt;
use xq_core::notation::{format_move, parse_move, Notation, ParseMoveError};
use xq_core::perft::{perft_cancellable, PerftError};
use xq_core::{FenError as CoreFenError, Game, Move, PlayError, PlayFault, Position, Validation};
use xq_oracle::edition::{self, Edition};
use xq_oracle::protocol::{self as wire, MessageReader};
use xq_oracle::ruling::{self, RecordError as RulingRecordError, RulingOptions};
use xq_render::Lang;

create_exception!(
    xiangqi_oracle,
    XqError,
    PyValueError,
    "Every error of the oracle: `code` is a stable word, `str(e)` the message `xq` writes."
);
create_exception!(
    xiangqi_oracle,
    FenError,
    XqError,
    "A FEN that does not read, or not as a legal position (`problems`: the codes)."
);
create_exception!(
    xiangqi_oracle,
    NotationError,
    XqError,
    "A move text that names no move: `syntax`, `no-such-piece` or `ambiguous`."
);
create_exception!(
    xiangqi_oracle,
    IllegalMoveError,
    XqError,
    "A move that breaks a rule: `code` is the rule (`horse-leg-blocked` …)."
);
create_exception!(
    xiangqi_oracle,
    RecordError,
    XqError,
    "A game record that cannot be read or ruled on."
);
create_exception!(
    xiangqi_oracle,
    EditionError,
    XqError,
    "An edition id the oracle does not know."
);

/// An error of class `T` with its code (and further attributes).
fn error<T: pyo3::PyTypeInfo>(
    py: Python<'_>,
    code: &str,
    message: String,
    attrs: &[(&str, PyObject)],
) -> PyErr {
    let e = PyErr::new::<T, _>(message);
    let value = e.value(py);
    let _ = value.setattr("code", code);
    for (k, v) in attrs {
        let _ = value.setattr(*k, v);
    }
    e
}

fn fen_error(py: Python<'_>, e: &CoreFenError) -> PyErr {
    let problems: Vec<&'static str> = match e {
        CoreFenError::Parse(_) => vec!["syntax"],
        CoreFenError::Position(p) => p
            .problems
            .iter()
            .map(|p| xq_spec::Vocabulary::name(wire::problem_code(p)))
            .collect(),
    };
    let code = problems.first().copied().unwrap_or("syntax");
    let list: PyResult<PyObject> = problems
        .iter()
        .map(|c| word(py, "ProblemCode", c))
        .collect::<PyResult<Vec<_>>>()
        .and_then(|l| Ok(l.into_pyobject(py)?.into_any().unbind()));
    match list {
        Ok(list) => error::<FenError>(py, code, e.to_string(), &[("problems", list)]),
        Err(e) => e,
    }
}

/// A move text's error: its notation's rejection, or the rule it breaks.
fn move_error(py: Python<'_>, e: &ParseMoveError, message: String) -> PyErr {
    match e {
        ParseMoveError::Illegal { reason, mv, .. } => {
            let mv: PyObject = match PyMove(*mv).into_pyobject(py) {
                Ok(m) => m.into_any().unbind(),
                Err(e) => return e,
            };
            error::<IllegalMoveError>(py, reason.code(), message, &[("move", mv)])
        }
        other => error::<NotationError>(
            py,
            xq_spec::Vocabulary::name(wire::rejection(other)),
            message,
            &[],
        ),
    }
}

/// A move of a list that cannot be played: with `with_ply`, the message
/// names the ply as `xq` does (`ply 2: …`).
fn play_error(py: Python<'_>, e: &PlayError, with_ply: bool) -> PyErr {
    let message = if with_ply {
        e.to_string()
    } else {
        e.error.to_string()
    };
    let err = match &e.error {
        PlayFault::Move(m) => move_error(py, m, message),
        PlayFault::TooLong { .. } => error::<NotationError>(py, "syntax", message, &[]),
        PlayFault::CounterLimit { .. } => error::<XqError>(py, "counter-limit", message, &[]),
    };
    if with_ply {
        let _ = err.value(py).setattr("ply", e.ply);
    }
    err
}

fn validation(relaxed: bool) -> Validation {
    if relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    }
}

fn read_fen(py: Python<'_>, fen: Option<&str>, relaxed: bool) -> PyResult<Position> {
    match fen {
        None | Some("startpos") => Ok(Position::start()),
        Some(f) => Position::from_fen_with(f, validation(relaxed)).map_err(|e| fen_error(py, &e)),
    }
}

fn get_edition(py: Python<'_>, id: &str) -> PyResult<&'static Edition> {
    edition::get(id).ok_or_else(|| {
        let known: Vec<&str> = edition::ids().collect();
        error::<EditionError>(
            py,
            "unknown-edition",
            format!(
                "unknown edition {} (known: {})",
                Excerpt(id),
                known.join(", ")
            ),
            &[],
        )
    })
}

fn lang(py: Python<'_>, lang: &str) -> PyResult<Lang> {
    match lang {
        "zh" => Ok(Lang::Zh),
        "en" => Ok(Lang::En),
        other => Err(error::<XqError>(
            py,
            "unknown-language",
            format!("unknown language {} (expected zh or en)", Excerpt(other)),
            &[],
        )),
    }
}

fn notation(py: Python<'_>, name: &str) -> PyResult<Notation> {
    match xq_spec::Vocabulary::from_name(name) {
        Some(n) => Ok(wire::notation(n)),
        None => {
            let allowed = <xq_spec::Notation as xq_spec::Vocabulary>::NAMES.join(", ");
            Err(error::<XqError>(
                py,
                "unknown-notation",
                format!("unknown notation {} (expected {allowed})", Excerpt(name)),
                &[],
            ))
        }
    }
}

/// Moves as a list of texts, or one text of moves separated by spaces or
/// commas (as `xq --moves` reads them).
fn move_texts(moves: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = moves.downcast::<PyString>() {
        let s = s.to_cow()?;
        return Ok(xq_core::game::split_moves(&s)
            .into_iter()
            .map(String::from)
            .collect());
    }
    let mut out = Vec::new();
    for item in moves.try_iter()? {
        let item = item?;
        out.push(match item.extract::<PyRef<'_, PyMove>>() {
            Ok(m) => m.0.to_string(),
            Err(_) => item.str()?.to_cow()?.into_owned(),
        });
    }
    Ok(out)
}

fn game(py: Python<'_>, start: Position, moves: &[String]) -> PyResult<Game> {
    Game::from_texts(start, moves).map_err(|e| play_error(py, &e, true))
}

/// A class of the package's typed module (`_types`).
fn typed<'py>(py: Python<'py>, class: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("xiangqi_oracle._types")?.getattr(class)
}

/// An enum member of the package (`_vocab`) by its wire word.
fn word<'py>(py: Python<'py>, class: &str, w: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("xiangqi_oracle._vocab")?
        .getattr(class)?
        .call1((w,))
}

/// A move: from a point to a point, in ICCS (`h2e2`). It is not checked
/// against any position; `Position.play` checks it.
#[pyclass(module = "xiangqi_oracle", name = "Move", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(Move);

#[pymethods]
impl PyMove {
    #[new]
    fn new(py: Python<'_>, iccs: &str) -> PyResult<Self> {
        match iccs.trim().parse::<Move>() {
            Ok(mv) => Ok(PyMove(mv)),
            Err(_) => Err(error::<NotationError>(
                py,
                "syntax",
                format!(
                    "{} is not a move in ICCS: two points, files a-i and ranks 0-9 (h2e2)",
                    Excerpt(iccs)
                ),
                &[],
            )),
        }
    }

    /// The point it leaves, in ICCS (`h2`).
    #[getter(from_square)]
    fn origin(&self) -> String {
        self.0.from.to_string()
    }

    /// The point it goes to.
    #[getter(to_square)]
    fn destination(&self) -> String {
        self.0.to.to_string()
    }

    /// The move in ICCS.
    #[getter]
    fn iccs(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }
}

/// A legal position: only reachable through validation of a FEN.
#[pyclass(module = "xiangqi_oracle", name = "Position", frozen)]
#[derive(Clone)]
pub struct PyPosition(Position);

impl PyPosition {
    fn read(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text = match mv.extract::<PyRef<'_, PyMove>>() {
            Ok(m) => m.0.to_string(),
            Err(_) => mv.extract::<String>()?,
        };
        parse_move(&self.0, &text).map_err(|e| move_error(py, &e, e.to_string()))
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (fen = None, *, relaxed = false))]
    fn new(py: Python<'_>, fen: Option<&str>, relaxed: bool) -> PyResult<Self> {
        read_fen(py, fen, relaxed).map(PyPosition)
    }

    /// The problem codes of a FEN (`syntax`, `kings-facing` …); empty when
    /// it is a legal position.
    #[staticmethod]
    #[pyo3(signature = (fen, *, relaxed = false))]
    fn problems<'py>(
        py: Python<'py>,
        fen: &str,
        relaxed: bool,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let codes: Vec<&str> = match Position::from_fen_with(fen, validation(relaxed)) {
            Ok(_) => Vec::new(),
            Err(CoreFenError::Parse(_)) => vec!["syntax"],
            Err(CoreFenError::Position(e)) => e
                .problems
                .iter()
                .map(|p| xq_spec::Vocabulary::name(wire::problem_code(p)))
                .collect(),
        };
        codes.iter().map(|c| word(py, "ProblemCode", c)).collect()
    }

    /// The FEN (all six fields).
    #[getter]
    fn fen(&self) -> String {
        self.0.fen()
    }

    /// The side to move.
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        word(
            py,
            "Color",
            xq_spec::Vocabulary::name(wire::color(self.0.turn())),
        )
    }

    /// Whether the side to move is in check (将).
    #[getter]
    fn in_check(&self) -> bool {
        self.0.in_check()
    }

    /// Plies since the last capture (the FEN's fifth field).
    #[getter]
    fn halfmoves(&self) -> u32 {
        self.0.halfmoves()
    }

    /// The move number (the FEN's sixth field).
    #[getter]
    fn fullmoves(&self) -> u32 {
        self.0.fullmoves()
    }

    /// Check, the number of legal moves, and mate or 困毙 (stalemate).
    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let s = self.0.status();
        let kw = PyDict::new(py);
        kw.set_item("in_check", s.in_check)?;
        kw.set_item("legal_moves", s.legal_moves)?;
        kw.set_item(
            "result",
            word(
                py,
                "Outcome",
                xq_spec::Vocabulary::name(wire::outcome(s.result)),
            )?,
        )?;
        let reason = match s.reason {
            Some(r) => Some(word(
                py,
                "EndReason",
                xq_spec::Vocabulary::name(wire::end_reason(r)),
            )?),
            None => None,
        };
        kw.set_item("reason", reason)?;
        typed(py, "Status")?.call((), Some(&kw))
    }

    /// The piece on a point, as its FEN letter (`R` a Red rook), or None.
    fn piece_at(&self, py: Python<'_>, square: &str) -> PyResult<Option<String>> {
        let sq = xq_core::Square::from_iccs(square).ok_or_else(|| {
            error::<NotationError>(
                py,
                "syntax",
                format!("{} is not a point in ICCS (a0 … i9)", Excerpt(square)),
                &[],
            )
        })?;
        Ok(self.0.piece_at(sq).map(|p| p.fen_char().to_string()))
    }

    /// Every legal move.
    fn legal_moves(&self) -> Vec<PyMove> {
        self.0.legal_moves().iter().map(|&m| PyMove(m)).collect()
    }

    /// Reads a move in any notation (ICCS, WXF or Chinese), in this
    /// position: the move, or NotationError / IllegalMoveError.
    fn parse_move(&self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        self.read(py, text).map(PyMove)
    }

    /// Writes a legal move in a notation (`iccs`, `wxf`, `chinese`).
    #[pyo3(signature = (mv, notation = "chinese"))]
    fn format_move(
        &self,
        py: Python<'_>,
        mv: &Bound<'_, PyAny>,
        notation: &str,
    ) -> PyResult<String> {
        let n = self::notation(py, notation)?;
        let m = self.read(py, mv)?;
        Ok(format_move(&self.0, m, n))
    }

    /// Whether a move (any notation) is legal here; a text that names no
    /// move raises NotationError.
    fn is_legal(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.read(py, mv) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<IllegalMoveError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The position after a move (a Move, or a text in any notation);
    /// IllegalMoveError with the rule it breaks otherwise.
    fn play(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let text = match mv.extract::<PyRef<'_, PyMove>>() {
            Ok(m) => m.0.to_string(),
            Err(_) => mv.extract::<String>()?,
        };
        let mut g = Game::new(self.0.clone());
        g.push_text(&text).map_err(|e| play_error(py, &e, false))?;
        Ok(PyPosition(g.current().clone()))
    }

    /// The number of leaves of the legal-move tree at `depth`.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        // Ctrl-C reaches Python only between calls: the count runs on a
        // thread of its own, and this one looks for a signal while it waits,
        // stopping the count when one comes.
        let pos = self.0.clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let (tx, rx) = mpsc::channel();
        let worker = std::thread::spawn(move || {
            let _ = tx.send(perft_cancellable(&pos, depth, &flag));
        });
        let mut rx = rx;
        let result = loop {
            // The receiver goes with the wait and comes back (it is Send,
            // not Sync).
            let (got, back) = py.allow_threads(move || {
                let got = rx.recv_timeout(Duration::from_millis(50));
                (got, rx)
            });
            rx = back;
            match got {
                Ok(result) => break result,
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        let _ = worker.join();
                        return Err(interrupt);
                    }
                }
                // The count panicked: let the panic reach Python as one.
                Err(RecvTimeoutError::Disconnected) => match worker.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => unreachable!("the worker sends before it ends"),
                },
            }
        };
        result.map_err(|e| match e {
            PerftError::TooDeep { .. } => error::<XqError>(py, "too-deep", e.to_string(), &[]),
            PerftError::Cancelled => error::<XqError>(py, "cancelled", e.to_string(), &[]),
            // A cause a later xq-core adds (the type is non-exhaustive).
            _ => error::<XqError>(py, "perft", e.to_string(), &[]),
        })
    }

    fn __richcmp__(&self, other: PyRef<'_, PyPosition>, op: CompareOp, py: Python<'_>) -> PyObject {
        match op {
            CompareOp::Eq => (self.0.fen() == other.0.fen())
                .into_pyobject(py)
                .map(|b| b.to_owned().into_any().unbind())
                .unwrap_or_else(|_| py.NotImplemented()),
            CompareOp::Ne => (self.0.fen() != other.0.fen())
                .into_pyobject(py)
                .map(|b| b.to_owned().into_any().unbind())
                .unwrap_or_else(|_| py.NotImplemented()),
            _ => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.fen().hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.0.fen()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.0.fen())
    }
}

/// The ruling JSON (`spec/RULINGS.md`) on a game: the start position and
/// the moves, the last of which may break the rules.
#[pyfunction]
#[pyo3(signature = (fen, moves, edition, lang, relaxed))]
fn rule_json(
    py: Python<'_>,
    fen: Option<&str>,
    moves: &Bound<'_, PyAny>,
    edition: &str,
    lang: &str,
    relaxed: bool,
) -> PyResult<String> {
    let start = read_fen(py, fen, relaxed)?;
    let texts = move_texts(moves)?;
    let ed = get_edition(py, edition)?;
    let lang = self::lang(py, lang)?;
    let r = py
        .allow_threads(|| xq_render::rule_texts(start, &texts, ed, &RulingOptions::default()))
        .map_err(|e| ruling_error(py, &e))?;
    Ok(xq_render::ruling_json(&r, lang).to_string())
}

fn ruling_error(py: Python<'_>, e: &RulingRecordError) -> PyErr {
    match e {
        RulingRecordError::Unplayable(p) => play_error(py, p, true),
        RulingRecordError::MovesAfterIllegal { illegal, .. }
        | RulingRecordError::NotRuled(illegal) => {
            let err = play_error(py, illegal, true);
            // The whole reason, as `xq rule` gives it.
            PyErr::from_value(match err.value(py).get_type().call1((e.to_string(),)) {
                Ok(v) => {
                    for attr in ["code", "move", "ply"] {
                        if let Ok(a) = err.value(py).getattr(attr) {
                            let _ = v.setattr(attr, a);
                        }
                    }
                    v
                }
                Err(e) => return e,
            })
        }
        // A cause a later xq-oracle adds (the type is non-exhaustive).
        _ => error::<XqError>(py, "not-ruled", e.to_string(), &[]),
    }
}

/// The 棋例 kind of `mv` after `moves`, and its targets, as JSON.
#[pyfunction]
#[pyo3(signature = (fen, moves, mv, edition, relaxed))]
fn classify_json(
    py: Python<'_>,
    fen: Option<&str>,
    moves: &Bound<'_, PyAny>,
    mv: &Bound<'_, PyAny>,
    edition: &str,
    relaxed: bool,
) -> PyResult<String> {
    let start = read_fen(py, fen, relaxed)?;
    let mut texts = move_texts(moves)?;
    let ed = get_edition(py, edition)?;
    texts.push(match mv.extract::<PyRef<'_, PyMove>>() {
        Ok(m) => m.0.to_string(),
        Err(_) => mv.extract::<String>()?,
    });
    let g = game(py, start, &texts)?;
    let c = py.allow_threads(|| {
        xq_oracle::repetition::classify_last(&g, ed.repetition(), &Default::default())
    });
    let answer = wire::ClassifyAnswer {
        kind: Some(c.kind),
        targets: Some(c.targets.iter().map(|s| s.to_string()).collect()),
    };
    Ok(serde_json::to_string(&answer).expect("an answer serializes"))
}

/// Every game of a record file (any format `xq` reads), as JSON.
#[pyfunction]
fn read_records_json(py: Python<'_>, data: &Bound<'_, PyBytes>) -> String {
    let bytes = data.as_bytes().to_vec();
    py.allow_threads(move || serde_json::Value::Array(crate::read_records(&bytes)).to_string())
}

/// Every game of a record file ruled from its first move to its last, as
/// `xq rule FILE --format json` rules it: per game `{"ruling": …}` (the
/// game ruling with every point) or `{"error": …}`, with the record.
#[pyfunction]
#[pyo3(signature = (data, edition, lang))]
fn rule_records_json(
    py: Python<'_>,
    data: &Bound<'_, PyBytes>,
    edition: &str,
    lang: &str,
) -> PyResult<String> {
    let ed = get_edition(py, edition)?;
    let lang = self::lang(py, lang)?;
    let bytes = data.as_bytes().to_vec();
    Ok(py.allow_threads(move || {
        let games: Vec<serde_json::Value> = xq_records::read_bytes(&bytes)
            .map(|item| match item {
                Err(e) => serde_json::json!({"error": crate::record_error_json(&e)}),
                Ok(r) => {
                    let moves: Vec<xq_core::Move> = r.main_moves().collect();
                    let last = r.illegal_final_text();
                    let recorded = match r.tags.result {
                        xq_core::Outcome::Ongoing => None,
                        o => Some(o),
                    };
                    match ruling::rule_game_typed(
                        r.start.clone(),
                        &moves,
                        last.as_deref(),
                        ed,
                        &RulingOptions::default(),
                        recorded,
                        false,
                        None,
                    ) {
                        Ok(g) => serde_json::json!({
                            "record": crate::record_json(&r),
                            "ruling": xq_render::game_json(&g, lang),
                            "explanation": xq_render::explain_game(&g, lang),
                        }),
                        Err(e) => serde_json::json!({
                            "record": crate::record_json(&r),
                            "error": {"code": "unruled", "message": format!(
                                "{}, game {}: {e}",
                                r.source.format.name().to_uppercase(),
                                r.source.game
                            )},
                        }),
                    }
                }
            })
            .collect();
        serde_json::Value::Array(games).to_string()
    }))
}

/// The suite protocol, one line at a time: `answer(line)` gives the reply
/// line (the handshake for `start`), or None for `stop` and blank lines.
#[pyclass(module = "xiangqi_oracle", name = "ProtocolSession")]
#[derive(Default)]
pub struct PySession(MessageReader);

#[pymethods]
impl PySession {
    #[new]
    fn new() -> Self {
        PySession::default()
    }

    fn answer(&mut self, py: Python<'_>, line: &str) -> Option<String> {
        let reader = &mut self.0;
        py.allow_threads(|| crate::protocol_line(reader, line))
    }
}

/// The handshake's JSON.
#[pyfunction]
fn started_json() -> String {
    serde_json::to_string(&crate::started()).expect("a handshake serializes")
}

/// The vocabularies: (class, [(member, word)]).
#[pyfunction]
fn vocabularies() -> Vec<crate::VocabularyTable> {
    crate::vocabularies()
}

/// The edition ids, in the order `xq editions` lists them.
#[pyfunction]
fn editions() -> Vec<&'static str> {
    edition::ids().collect()
}

/// The field names of every answer type, from the Rust types.
#[pyfunction]
fn wire_fields_json() -> String {
    crate::wire_fields().to_string()
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", crate::VERSION)?;
    m.add("PROTOCOL_VERSION", wire::PROTOCOL_VERSION)?;
    m.add("START_FEN", xq_core::START_FEN)?;
    m.add("XqError", py.get_type::<XqError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("EditionError", py.get_type::<EditionError>())?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PySession>()?;
    m.add_function(wrap_pyfunction!(rule_json, m)?)?;
    m.add_function(wrap_pyfunction!(classify_json, m)?)?;
    m.add_function(wrap_pyfunction!(read_records_json, m)?)?;
    m.add_function(wrap_pyfunction!(rule_records_json, m)?)?;
    m.add_function(wrap_pyfunction!(started_json, m)?)?;
    m.add_function(wrap_pyfunction!(vocabularies, m)?)?;
    m.add_function(wrap_pyfunction!(editions, m)?)?;
    m.add_function(wrap_pyfunction!(wire_fields_json, m)?)?;
    Ok(())
}
