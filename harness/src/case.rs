//! Cases: the YAML files under `cases/`, read with xq-spec's case types
//! ([`xq_spec::cases`]) and checked against `spec/CASES.md`: known clause
//! and edition ids, legal FENs and histories, the parameters each question
//! takes, expectations that can be true.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use xq_core::game::split_moves;
use xq_core::{Position, Validation};
use xq_spec::cases::{
    edition_independent, has_history, holds_record, sends_move_iccs, takes, CaseFile, MoveList,
};
use xq_spec::protocol::{Question, QuestionKind, Request};
use xq_spec::Notation;

use crate::expect::Expect;
use crate::history::{is_iccs, parse_iccs, play, Unplayable};
use crate::location::{LoadError, Locator};
use crate::registry::Registry;

/// A case as written, its expectations not yet read for its question (so
/// that each case's errors are its own, located at its keys).
type RawCase = xq_spec::cases::Case<serde_yaml::Value>;

/// A case, validated: every move is legal, every id known, every
/// expectation possible.
#[derive(Clone, Debug)]
pub struct Case {
    pub id: String,
    /// The file, relative to the suite root, and the case's first line.
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub clauses: Vec<String>,
    pub description: String,
    /// The editions it applies to, in registry order.
    pub editions: Vec<String>,
    /// The start FEN (`startpos` written out).
    pub fen: String,
    /// The history, in ICCS.
    pub moves: Vec<String>,
    pub relaxed: bool,
    pub question: Question,
    /// The expected answer under each edition it applies to.
    pub expect: BTreeMap<String, Expect>,
    pub note: Option<String>,
    /// Set when the case rests on a reading of the rules the project cannot
    /// verify: the clause and the doubt. Reported apart from the rest
    /// (like the Web Platform Tests' `.tentative.`).
    pub tentative: Option<String>,
}

impl Case {
    pub fn family(&self) -> &str {
        self.id.split('.').next().unwrap_or("")
    }

    /// The protocol request for this case under an edition.
    pub fn request(&self, seq: u64, edition: &str) -> Request {
        Request {
            seq,
            id: self.id.clone(),
            edition: edition.to_string(),
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            relaxed: self.relaxed,
            question: self.question.clone(),
        }
    }
}

/// The whole suite: every case of every file under `cases/`.
#[derive(Clone, Debug)]
pub struct Suite {
    pub root: PathBuf,
    pub registry: Registry,
    pub cases: Vec<Case>,
}

impl Suite {
    /// The suite in this repository.
    pub fn default_root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// Loads `spec/editions/`, `spec/clauses.yaml` and every
    /// `cases/**/*.yaml` below `root`. All load errors of the cases are
    /// returned, not just the first.
    pub fn load(root: &Path) -> Result<Suite, Vec<LoadError>> {
        let registry = Registry::load_spec(&root.join("spec")).map_err(|e| vec![e])?;
        let mut files = Vec::new();
        collect_yaml(&root.join("cases"), &mut Vec::new(), &mut files).map_err(|e| {
            let rel = e
                .file
                .strip_prefix(root)
                .map(Path::to_path_buf)
                .unwrap_or(e.file.clone());
            vec![LoadError { file: rel, ..e }]
        })?;
        files.sort();
        let mut cases = Vec::new();
        let mut errors = Vec::new();
        let mut seen: HashMap<String, (PathBuf, usize)> = HashMap::new();
        for path in files {
            let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            match load_file(&path, &rel, &registry) {
                Ok(file_cases) => {
                    for case in file_cases {
                        if let Some((f, l)) = seen.get(&case.id) {
                            errors.push(LoadError::at(
                                &rel,
                                (case.line, case.column),
                                format!(
                                    "duplicate case id {} (first defined at {}:{l})",
                                    case.id,
                                    f.display()
                                ),
                            ));
                            continue;
                        }
                        seen.insert(case.id.clone(), (rel.clone(), case.line));
                        cases.push(case);
                    }
                }
                Err(mut e) => errors.append(&mut e),
            }
        }
        if errors.is_empty() {
            Ok(Suite {
                root: root.to_path_buf(),
                registry,
                cases,
            })
        } else {
            Err(errors)
        }
    }
}

/// Every YAML file under `dir`, following symbolic links but refusing a
/// directory that is reached twice (a link loop or a second way in).
fn collect_yaml(
    dir: &Path,
    visited: &mut Vec<PathBuf>,
    out: &mut Vec<PathBuf>,
) -> Result<(), LoadError> {
    let real = std::fs::canonicalize(dir).map_err(|e| LoadError::io(dir, e))?;
    if let Some(first) = visited.iter().find(|v| **v == real) {
        return Err(LoadError::file(
            dir,
            format!(
                "this directory is {} again (a symbolic link loop or a second link to it): the suite would be read twice",
                first.display()
            ),
        ));
    }
    visited.push(real);
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| LoadError::io(dir, e))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(|e| LoadError::io(dir, e))?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_yaml(&path, visited, out)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

/// Loads one case file; `rel` is the name used in messages.
pub fn load_file(
    path: &Path,
    rel: &Path,
    registry: &Registry,
) -> Result<Vec<Case>, Vec<LoadError>> {
    let text = std::fs::read_to_string(path).map_err(|e| vec![LoadError::io(rel, e)])?;
    load_text(&text, rel, registry)
}

/// Loads the text of one case file; `rel` is its name under the suite
/// root (`cases/<family>/<topic>.yaml`), used for the family and messages.
pub fn load_text(text: &str, rel: &Path, registry: &Registry) -> Result<Vec<Case>, Vec<LoadError>> {
    let text = text.to_string();
    crate::location::refuse_multi_document(rel, &text).map_err(|e| vec![e])?;
    crate::location::refuse_aliases(rel, &text).map_err(|e| vec![e])?;
    let file: CaseFile<serde_yaml::Value> =
        serde_yaml::from_str(&text).map_err(|e| vec![LoadError::yaml(rel, &e, &text)])?;
    let loc = Locator::new(&text);
    // The family is the directory under cases/: every id starts with it.
    let family = rel
        .strip_prefix("cases")
        .unwrap_or(rel)
        .components()
        .next()
        .filter(|_| rel.parent().is_some_and(|p| p != Path::new("cases")))
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for (n, raw) in file.cases.into_iter().enumerate() {
        match check_case(raw, n, family.as_deref(), rel, &loc, registry) {
            Ok(c) => cases.push(c),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
}

/// Where a case's errors point: the file, the case and its id, so that
/// each check below names the key (or the token in it) it refuses.
struct At<'a> {
    rel: &'a Path,
    loc: &'a Locator<'a>,
    n: usize,
    id: &'a str,
}

impl At<'_> {
    /// An error at a key of the case.
    fn key(&self, key: &str, msg: String) -> LoadError {
        let id = self.id;
        LoadError::at(
            self.rel,
            self.loc.key(self.n, id, key),
            format!("case {id}: {msg}"),
        )
    }

    /// An error at a token in a key's value (a clause id, a move …).
    fn token(&self, key: &str, token: &str, msg: String) -> LoadError {
        let id = self.id;
        LoadError::at(
            self.rel,
            self.loc.token(self.n, id, key, token),
            format!("case {id}: {msg}"),
        )
    }
}

/// Checks one case, in the order of its keys' checks, so that the first
/// error a case has is the one reported.
fn check_case(
    raw: RawCase,
    n: usize,
    family: Option<&str>,
    rel: &Path,
    loc: &Locator,
    registry: &Registry,
) -> Result<Case, LoadError> {
    let id = raw.id.clone();
    let at = At {
        rel,
        loc,
        n,
        id: &id,
    };
    check_id(&id, family, &at)?;
    check_clauses(&raw.clauses, registry, &at)?;
    if raw.description.trim().is_empty() {
        return Err(at.key("description", "the description is empty".into()));
    }
    let tentative = tentative_doubt(raw.tentative, raw.doubt.as_deref(), &at)?;
    let editions = case_editions(raw.editions.as_deref(), registry, &at)?;
    let kind = raw.ask;
    check_parameters(kind, &raw, &at)?;

    let fen = start_fen(raw.fen.as_deref());
    let validation = if raw.relaxed {
        Validation::Relaxed
    } else {
        Validation::Strict
    };
    let (history, history_key) = sent_history(&raw, &at)?;
    let (moves, position) = play_history(
        kind,
        &fen,
        validation,
        raw.record,
        &history,
        history_key,
        &at,
    )?;
    let (move_iccs, move_key) = sent_move(kind, &raw, &at)?;
    let fen = sent_fen(kind, fen, validation);
    let question = case_question(kind, &raw, move_iccs, move_key, position.as_ref(), &at)?;
    let expect = case_expectations(
        kind,
        raw.expect,
        raw.expect_by_edition,
        &editions,
        position.as_ref(),
        &at,
    )?;

    Ok(Case {
        line: loc.case(n, &id).0,
        column: loc.case(n, &id).1,
        file: rel.to_path_buf(),
        clauses: raw.clauses,
        description: raw.description,
        editions,
        fen,
        moves,
        relaxed: raw.relaxed,
        question,
        expect,
        note: raw.note,
        tentative,
        id,
    })
}

/// The id's spelling and family prefix: ids are stable names that runs,
/// expectations and reports refer to, grouped by the directory they are in.
fn check_id(id: &str, family: Option<&str>, at: &At) -> Result<(), LoadError> {
    if !valid_id(id) {
        return Err(at.key(
            "id",
            "ids use lowercase letters, digits, '.' and '-'".into(),
        ));
    }
    if let Some(f) = family {
        if id.split('.').next() != Some(f) || !id.contains('.') {
            return Err(at.key(
                "id",
                format!("the id must start with its family {f:?} (the directory under cases/), as in {f}.topic.name"),
            ));
        }
    }
    Ok(())
}

/// The start FEN as written, `startpos` (or none) spelt out: implementations
/// are sent a real FEN, never the shorthand.
fn start_fen(fen: Option<&str>) -> String {
    match fen {
        None | Some("startpos") => xq_core::START_FEN.to_string(),
        Some(f) => f.to_string(),
    }
}

/// The FEN sent: always all six fields, as the oracle writes them, except
/// the FEN under test of a `position` case, which is sent as written.
fn sent_fen(kind: QuestionKind, fen: String, validation: Validation) -> String {
    if kind == QuestionKind::Position {
        fen
    } else {
        Position::from_fen_with(&fen, validation)
            .map(|p| p.fen())
            .unwrap_or(fen)
    }
}

/// The clauses: a case exists to test at least one clause of the registry.
fn check_clauses(clauses: &[String], registry: &Registry, at: &At) -> Result<(), LoadError> {
    if clauses.is_empty() {
        return Err(at.key("clauses", "a case tests at least one clause".into()));
    }
    for c in clauses {
        if registry.get(c).is_none() {
            return Err(at.token("clauses", c, format!("unknown clause id {c}")));
        }
    }
    Ok(())
}

/// The tentative marking: a doubtful reading must say what is doubted, and
/// a doubt only belongs to a case marked tentative (reported apart).
fn tentative_doubt(
    tentative: bool,
    doubt: Option<&str>,
    at: &At,
) -> Result<Option<String>, LoadError> {
    match (tentative, doubt.map(str::trim)) {
        (true, Some(d)) if !d.is_empty() => Ok(Some(d.to_string())),
        (true, _) => Err(at.key(
            "tentative",
            "a tentative case needs a doubt: the clause and what is unverified".into(),
        )),
        (false, Some(_)) => Err(at.key(
            "doubt",
            "a doubt belongs to a tentative case (tentative: true)".into(),
        )),
        (false, None) => Ok(None),
    }
}

/// The editions a case applies to, in registry order (all when it names
/// none): a verdict is only right under an edition the registry knows.
fn case_editions(
    list: Option<&[String]>,
    registry: &Registry,
    at: &At,
) -> Result<Vec<String>, LoadError> {
    let all = &registry.editions;
    let Some(list) = list else {
        return Ok(all.clone());
    };
    if list.is_empty() {
        return Err(at.key(
            "editions",
            "an empty editions list applies to nothing".into(),
        ));
    }
    for e in list {
        if !all.contains(e) {
            return Err(at.token(
                "editions",
                e,
                format!("unknown edition {e} (known: {})", all.join(", ")),
            ));
        }
    }
    Ok(all.iter().filter(|e| list.contains(e)).cloned().collect())
}

/// The question's parameters: exactly those the question takes, so that
/// none is silently ignored and none is missing from the request.
fn check_parameters(kind: QuestionKind, raw: &RawCase, at: &At) -> Result<(), LoadError> {
    for (name, given) in [
        ("move", raw.mv.is_some()),
        ("depth", raw.depth.is_some()),
        ("to", raw.to.is_some()),
    ] {
        if given && !takes(kind, name) {
            return Err(at.key(
                name,
                format!("a {} question takes no {name:?}", kind.name()),
            ));
        }
        if !given && takes(kind, name) {
            return Err(at.key("ask", format!("a {} question needs {name:?}", kind.name())));
        }
    }
    Ok(())
}

/// A history as its list of move texts.
fn split(list: &MoveList) -> Vec<String> {
    match list {
        MoveList::Text(t) => split_moves(t).into_iter().map(String::from).collect(),
        MoveList::List(l) => l.clone(),
    }
}

/// The history sent, and the key it was read from: the ICCS given beside
/// a history in another notation, or the history itself, which must then
/// be ICCS (implementations are sent ICCS only).
fn sent_history(raw: &RawCase, at: &At) -> Result<(Vec<String>, &'static str), LoadError> {
    let written: Vec<String> = raw.moves.as_ref().map(split).unwrap_or_default();
    let Some(list) = &raw.moves_iccs else {
        return Ok((written, "moves"));
    };
    let iccs = split(list);
    if raw.moves.is_none() {
        return Err(at.key(
            "moves_iccs",
            "moves_iccs is the ICCS of moves, which the case does not have".into(),
        ));
    }
    if written.iter().all(|m| is_iccs(m)) {
        return Err(at.key(
            "moves_iccs",
            "moves is written in ICCS: moves_iccs is for a history in another notation".into(),
        ));
    }
    if iccs.len() != written.len() {
        return Err(at.key(
            "moves_iccs",
            format!(
                "moves_iccs has {} move(s) and moves {}: one ICCS move for each",
                iccs.len(),
                written.len()
            ),
        ));
    }
    Ok((iccs, "moves_iccs"))
}

/// Plays the history from the FEN: every move must be legal (but the last
/// of a ruling case's game record, which may be the violation ruled on),
/// so that a case asks about a position that can be reached. Returns the
/// moves and the position reached (none for a `position` question, which
/// judges the FEN itself and has no history).
fn play_history(
    kind: QuestionKind,
    fen: &str,
    validation: Validation,
    record: bool,
    history: &[String],
    history_key: &str,
    at: &At,
) -> Result<(Vec<String>, Option<Position>), LoadError> {
    if !has_history(kind) {
        if !history.is_empty() {
            return Err(at.key(
                "moves",
                "a position question judges the FEN itself and takes no moves".into(),
            ));
        }
        return Ok((Vec::new(), None));
    }
    let start =
        Position::from_fen_with(fen, validation).map_err(|e| at.key("fen", e.to_string()))?;
    if record && !holds_record(kind) {
        return Err(at.key("record", "only a ruling case can hold a game record".into()));
    }
    let mut moves = Vec::new();
    let mut pos = start;
    for (i, text) in history.iter().enumerate() {
        match play(&pos, text) {
            Ok(next) => pos = next,
            // A record may end with the violation the ruling is about.
            Err(Unplayable::Illegal(reason))
                if record && i + 1 == history.len() && reason.is_player_violation() => {}
            Err(why) => {
                return Err(at.token(
                    history_key,
                    text,
                    format!("{history_key}: ply {}: {}", i + 1, why.describe(text)),
                ))
            }
        }
        moves.push(text.clone());
    }
    Ok((moves, Some(pos)))
}

/// The move a move question sends, and the key it was read from: the ICCS
/// given beside it, or the move itself, which must then be ICCS. A convert
/// question sends its text as written, so it has no `move_iccs`.
fn sent_move(
    kind: QuestionKind,
    raw: &RawCase,
    at: &At,
) -> Result<(String, &'static str), LoadError> {
    if raw.move_iccs.is_some() && !sends_move_iccs(kind) {
        return Err(at.key(
            "move_iccs",
            format!(
                "a {} question sends its move as written: no move_iccs",
                kind.name()
            ),
        ));
    }
    if raw.move_iccs.is_some() && raw.mv.as_deref().is_some_and(is_iccs) {
        return Err(at.key(
            "move_iccs",
            "move is written in ICCS: move_iccs is for a move in another notation".into(),
        ));
    }
    Ok(match &raw.move_iccs {
        Some(m) => (m.clone(), "move_iccs"),
        None => (raw.mv.clone().unwrap_or_default(), "move"),
    })
}

/// The question asked, with its parameters checked for what the question
/// needs: an is-legal move must be ICCS, a classified move legal, and a
/// convert target one of the protocol's notation names.
fn case_question(
    kind: QuestionKind,
    raw: &RawCase,
    move_iccs: String,
    move_key: &str,
    position: Option<&Position>,
    at: &At,
) -> Result<Question, LoadError> {
    Ok(match kind {
        QuestionKind::LegalMoves => Question::LegalMoves,
        QuestionKind::Status => Question::Status,
        QuestionKind::Position => Question::Position,
        QuestionKind::Ruling => Question::Ruling,
        QuestionKind::Perft => Question::Perft {
            depth: raw.depth.unwrap_or_default(),
        },
        QuestionKind::IsLegal => {
            parse_iccs(&move_iccs).ok_or_else(|| {
                at.token(
                    move_key,
                    &move_iccs,
                    format!("{move_key}: {}", Unplayable::NotIccs.describe(&move_iccs)),
                )
            })?;
            Question::IsLegal { mv: move_iccs }
        }
        QuestionKind::Classify => {
            let pos = position.expect("set for move questions");
            play(pos, &move_iccs).map_err(|why| {
                at.token(
                    move_key,
                    &move_iccs,
                    format!(
                        "{move_key}: {}: a classified move must be legal",
                        why.describe(&move_iccs)
                    ),
                )
            })?;
            Question::Classify { mv: move_iccs }
        }
        QuestionKind::Convert => {
            // The wire names only: a case file is written once, in full,
            // so the readers' aliases (`zh`) are refused.
            let to = Notation::ALL
                .iter()
                .copied()
                .find(|n| raw.to.as_deref() == Some(n.name()))
                .ok_or_else(|| {
                    at.key(
                        "to",
                        format!(
                            "to must be {}, not {:?}",
                            crate::text::or_list(Notation::NAMES),
                            raw.to.as_deref()
                        ),
                    )
                })?;
            Question::Convert {
                mv: raw.mv.clone().unwrap_or_default(),
                to,
            }
        }
    })
}

/// The expected answer under each edition the case applies to: `expect`,
/// then the `expect_by_edition` overrides, which only a question whose
/// answer can change with the edition may have, and only for editions the
/// case applies to.
fn case_expectations(
    kind: QuestionKind,
    expect: serde_yaml::Value,
    by_edition: BTreeMap<String, serde_yaml::Value>,
    editions: &[String],
    position: Option<&Position>,
    at: &At,
) -> Result<BTreeMap<String, Expect>, LoadError> {
    let base = check_expect(kind, "expect", "expect", expect, position, at)?;
    let mut all = BTreeMap::new();
    for e in editions {
        all.insert(e.clone(), base.clone());
    }
    if !by_edition.is_empty() && edition_independent(kind) {
        return Err(at.key(
            "expect_by_edition",
            format!(
                "a {} question has one answer in every edition (the rules of movement do not change): no expect_by_edition",
                kind.name()
            ),
        ));
    }
    for (e, v) in by_edition {
        if !editions.contains(&e) {
            return Err(at.token(
                "expect_by_edition",
                &e,
                format!("expect_by_edition names {e}, which the case does not apply to"),
            ));
        }
        let label = format!("expect_by_edition.{e}");
        let checked = check_expect(kind, "expect_by_edition", &label, v, position, at)?;
        all.insert(e, checked);
    }
    Ok(all)
}

/// One expectation, read for its question; the moves a legal-moves
/// expectation names must be possible (see [`movable`]) or, when excluded,
/// at least ICCS, so that a typo cannot pass as a right answer. `key` is
/// the case's key the expectation is under, `label` what messages call it
/// (`expect_by_edition.axf-2017`); a refused word is pointed at.
fn check_expect(
    kind: QuestionKind,
    key: &str,
    label: &str,
    v: serde_yaml::Value,
    position: Option<&Position>,
    at: &At,
) -> Result<Expect, LoadError> {
    let e = crate::expect::read(kind, v).map_err(|f| {
        let message = format!("{label}: {f}");
        match &f.word {
            Some(word) => at.token(key, word, message),
            None => at.key(key, message),
        }
    })?;
    if let (Expect::LegalMoves(l), Some(pos)) = (&e, position) {
        for m in l.exact.iter().flatten().chain(&l.includes) {
            movable(pos, m).map_err(|why| at.token(key, m, format!("{key}: {m} {why}")))?;
        }
        for m in &l.excludes {
            if !is_iccs(m) {
                return Err(at.token(
                    key,
                    m,
                    format!("{key}: {m} is not an ICCS move such as h2e2"),
                ));
            }
        }
    }
    Ok(e)
}

/// A move claimed legal must at least be an ICCS move of one of the
/// mover's pieces; whether it is legal is the implementation's business.
fn movable(pos: &Position, m: &str) -> Result<(), String> {
    let Some(from) = crate::history::parse_iccs(m).map(|mv| mv.from) else {
        return Err("is not an ICCS move such as h2e2".into());
    };
    match pos.piece_at(from) {
        Some(p) if p.color == pos.turn() => Ok(()),
        Some(_) => Err(format!(
            "moves a piece of the side not to move (from {from})"
        )),
        None => Err(format!("moves from the empty point {from}")),
    }
}
