//! Game records as `xq rule` and `xq convert` take them: the files named
//! on the command line (directories walked, multi-game files streamed),
//! each game read by `xq_records` and ruled from its first move to its last
//! by `xq_oracle::ruling::rule_game`, and what an arbiter reads of it: the
//! ruling in words, the points in brief as JSON, the variations listed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use xq_core::{format_move, Game, Move, Notation, Outcome};
use xq_oracle::edition::Edition;
use xq_oracle::repetition::MoveKind;
use xq_oracle::ruling::{rule_game_typed, FollowUp, GameRuling, PointKind, RulingOptions};
use xq_records::{ReadOptions, Record, RecordError, Tags};
use xq_render::picture::{self, PictureOptions};
use xq_render::report as said;
use xq_render::Lang;
use xq_render::Speak;

use crate::failure::Failure;

/// How deep a directory is walked: far deeper than any collection, and a
/// bound against links that loop.
pub const MAX_DEPTH: usize = 32;

/// The extensions of the files taken from a directory (a file named on
/// the command line is read whatever its name).
pub const EXTENSIONS: [&str; 10] = [
    "pgn", "xqf", "cbr", "cbl", "wxf", "ubb", "dhtml", "htm", "html", "txt",
];

/// At most this many variations are listed for a game, each with at most
/// [`VARIATION_MOVES`] moves: a record's tree can be large.
const MAX_LISTED_VARIATIONS: usize = 40;
const VARIATION_MOVES: usize = 12;

/// Where games come from: a file, or standard input (`-`); or a place of
/// a directory walk that could not be read, reported as one bad entry in
/// its place so that the walk goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file on disk.
    File(PathBuf),
    /// Standard input.
    Stdin,
    /// A subdirectory that cannot be listed, or a link that leads nowhere:
    /// the path and why.
    Unreadable(PathBuf, String),
}

impl Source {
    /// The name used in messages and JSON.
    pub fn name(&self) -> String {
        match self {
            Source::File(p) | Source::Unreadable(p, _) => p.display().to_string(),
            Source::Stdin => "<stdin>".into(),
        }
    }
}

/// The files the arguments name, in order: a file as given, a directory's
/// record files (by extension) sorted by name, recursively. A path that
/// does not exist, or a directory without records, is an input error, said
/// in `lang` (the reasons of the files met inside a directory that cannot
/// be read are the reader's, in English).
pub fn collect(paths: &[PathBuf], lang: Lang) -> Result<Vec<Source>, Failure> {
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Source::Stdin);
            continue;
        }
        let shown = p.display().to_string();
        let meta = std::fs::metadata(p)
            .map_err(|e| Failure::Input(said::cannot_read(&shown, &e, lang)))?;
        if meta.is_dir() {
            let before = out.len();
            walk(p, 0, &mut out, lang)?;
            if out.len() == before {
                let extensions = format!(".{}", EXTENSIONS.join(", ."));
                return Err(Failure::Input(said::no_record_files(
                    &shown,
                    &extensions,
                    lang,
                )));
            }
        } else {
            out.push(Source::File(p.clone()));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<Source>, lang: Lang) -> Result<(), Failure> {
    // What is met inside is said in English: it becomes the reader's error
    // of that file, whose Chinese is the reader's own.
    let en = Lang::En;
    if depth > MAX_DEPTH {
        out.push(Source::Unreadable(
            dir.to_path_buf(),
            said::too_deep(MAX_DEPTH, en),
        ));
        return Ok(());
    }
    let read = match std::fs::read_dir(dir) {
        Ok(r) => r,
        Err(e) if depth > 0 => {
            // One subdirectory that cannot be listed: said, and the walk
            // goes on.
            out.push(Source::Unreadable(
                dir.to_path_buf(),
                format!("cannot list the directory: {e}"),
            ));
            return Ok(());
        }
        Err(e) => {
            return Err(Failure::Input(said::cannot_list(
                &dir.display().to_string(),
                &e,
                lang,
            )))
        }
    };
    let mut entries: Vec<PathBuf> = Vec::new();
    for e in read {
        match e {
            Ok(e) => entries.push(e.path()),
            Err(e) => out.push(Source::Unreadable(
                dir.to_path_buf(),
                said::cannot_list_entry(&e, en),
            )),
        }
    }
    entries.sort();
    for path in entries {
        // Links to directories are not followed (they may loop); links to
        // files are read.
        let link = match std::fs::symlink_metadata(&path) {
            Ok(l) => l,
            Err(e) => {
                out.push(Source::Unreadable(path, format!("cannot read it: {e}")));
                continue;
            }
        };
        if link.is_dir() {
            walk(&path, depth + 1, out, lang)?;
        } else if is_record_name(&path) {
            match std::fs::metadata(&path) {
                Ok(m) if m.is_file() => out.push(Source::File(path)),
                Ok(_) => {}
                Err(e) => out.push(Source::Unreadable(path, said::dangling_link(&e, en))),
            }
        }
    }
    Ok(())
}

fn is_record_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// A source's games, one `Result` each, streamed. A file that cannot be
/// opened gives one error.
pub fn games(
    source: &Source,
    options: ReadOptions,
) -> Box<dyn Iterator<Item = Result<Record, RecordError>> + Send> {
    match source {
        Source::File(p) => match xq_records::open(p, options) {
            Ok(reader) => Box::new(reader),
            Err(e) => Box::new(std::iter::once(Err(RecordError::io(&e)))),
        },
        Source::Stdin => Box::new(xq_records::Reader::new(
            std::io::BufReader::new(std::io::stdin()),
            options,
        )),
        Source::Unreadable(_, why) => Box::new(std::iter::once(Err(RecordError::io(
            &std::io::Error::other(why.clone()),
        )))),
    }
}

/// What a ruling needs besides the game.
#[derive(Clone, Copy)]
pub struct Settings {
    /// The rules edition.
    pub edition: &'static Edition,
    /// The search bounds and the event level.
    pub options: RulingOptions,
    /// Rule the final position only.
    pub final_only: bool,
}

/// A record and its ruling.
#[derive(Clone, Debug)]
pub struct Ruled {
    /// The record as read (as far as it could be read, when cut).
    pub record: Record,
    /// Its main line, ruled.
    pub ruling: GameRuling,
    /// Why the record was cut short, when only its first plies could be
    /// read (they are what is ruled).
    pub cut: Option<BadRecord>,
}

/// One game of the input: ruled, or why it could not be.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The file it came from (as named in messages).
    pub file: String,
    /// Its place in the file, counting from 1 (0 for an error about the
    /// file as a whole, before any game).
    pub game: usize,
    /// The ruling, or the error.
    pub outcome: Result<Ruled, BadRecord>,
}

/// A record that could not be read or ruled.
#[derive(Clone, Debug)]
pub struct BadRecord {
    /// A stable short name of the problem (`illegal-move`, `truncated` …).
    pub code: &'static str,
    /// The reader's message: format, game, place in the file, ply, reason.
    pub message: String,
    /// The same in Chinese, for the text output in `--lang zh`.
    pub message_zh: String,
    /// The ply of a bad move, counting from 1.
    pub ply: Option<usize>,
    /// Whether that ply is in a variation.
    pub in_variation: bool,
    /// Where in the file (`LINE:COLUMN` or `byte N (0xN)`), if known.
    pub location: Option<String>,
}

impl BadRecord {
    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.message_zh,
            Lang::En => &self.message,
        }
    }

    fn from_read(e: &RecordError) -> BadRecord {
        let location = (e.at != xq_records::Location::Nowhere).then(|| e.at.to_string());
        BadRecord {
            code: e.code(),
            message: e.to_string(),
            message_zh: e.speak(Lang::Zh),
            ply: e.ply,
            in_variation: e.in_variation,
            location,
        }
    }
}

impl GameReport {
    /// The one-line message for a bad record or a cut one, in `lang`: the
    /// file, then the reader's format, game, place, ply and reason.
    pub fn error_line(&self, lang: Lang) -> Option<String> {
        let (b, cut) = match &self.outcome {
            Err(b) if b.code == "heading" => return None,
            Err(b) => (b, false),
            Ok(Ruled { cut: Some(b), .. }) => (b, true),
            Ok(_) => return None,
        };
        let file = &self.file;
        Some(said::bad_record_line(file, b.message(lang), cut, lang))
    }

    /// Whether the entry is a library's section heading (not a game).
    pub fn is_heading(&self) -> bool {
        matches!(&self.outcome, Err(b) if b.code == "heading")
    }
}

/// Reads one game's result from the reader and rules it.
pub fn rule(
    file: &str,
    index: usize,
    item: Result<Record, RecordError>,
    settings: &Settings,
) -> GameReport {
    let outcome = match item {
        Err(mut e) => match e.partial.take() {
            // Cut short: its first plies are ruled, and it says why.
            Some(partial) if !partial.main.moves.is_empty() => {
                let cut = BadRecord::from_read(&e);
                rule_one(&partial, settings).map(|ruling| Ruled {
                    record: *partial,
                    ruling,
                    cut: Some(cut),
                })
            }
            _ => Err(BadRecord::from_read(&e)),
        },
        Ok(record) => rule_one(&record, settings).map(|ruling| Ruled {
            record,
            ruling,
            cut: None,
        }),
    };
    let game = match &outcome {
        Ok(r) => r.record.source.game,
        Err(_) => index,
    };
    GameReport {
        file: file.to_string(),
        game,
        outcome,
    }
}

fn rule_one(record: &Record, settings: &Settings) -> Result<GameRuling, BadRecord> {
    // The reader has checked every move: the ruling takes them typed.
    let moves: Vec<xq_core::Move> = record.main_moves().collect();
    let last = record.illegal_final_text();
    let recorded = match record.tags.result {
        Outcome::Ongoing => None,
        r => Some(r),
    };
    rule_game_typed(
        record.start.clone(),
        &moves,
        last.as_deref(),
        settings.edition,
        &settings.options,
        recorded,
        settings.final_only,
        None,
    )
    .map_err(|e| BadRecord {
        code: "unruled",
        message: said::unruled(
            &record.source.format.name().to_uppercase(),
            record.source.game,
            &e.to_string(),
            Lang::En,
        ),
        message_zh: said::unruled(
            &record.source.format.name().to_uppercase(),
            record.source.game,
            &e.speak(Lang::Zh),
            Lang::Zh,
        ),
        ply: None,
        in_variation: false,
        location: None,
    })
}

// ---- words ---------------------------------------------------------------

/// The heading of a game: file, number, players, event, date.
pub fn heading(report: &GameReport, lang: Lang) -> String {
    let mut s = said::record_heading(&report.file, report.game, lang);
    if let Ok(r) = &report.outcome {
        let t = &r.record.tags;
        let sep = said::heading_sep(lang);
        if t.red.is_some() || t.black.is_some() {
            let players = said::players(
                t.red.as_deref().unwrap_or("?"),
                t.black.as_deref().unwrap_or("?"),
                lang,
            );
            let _ = write!(s, "{sep}{players}");
        }
        for v in [&t.event, &t.date].into_iter().flatten() {
            let _ = write!(s, "{sep}{v}");
        }
    }
    s.push_str(" ==");
    crate::message::one_line(&s)
}

/// A game in words: the heading, the game ruling, and the variations.
pub fn explain(report: &GameReport, lang: Lang) -> String {
    let mut s = heading(report, lang);
    s.push('\n');
    match &report.outcome {
        Err(b) if b.code == "heading" => {
            let _ = writeln!(s, "{}", b.message(lang));
        }
        Err(b) => {
            let _ = writeln!(s, "{}", said::record_unreadable(b.message(lang), lang));
        }
        Ok(r) => {
            if let Some(b) = &r.cut {
                let plies = r.record.main.moves.len();
                let _ = writeln!(s, "{}", said::record_cut(b.message(lang), plies, lang));
            }
            s.push_str(xq_render::explain_game(&r.ruling, lang).trim_end());
            s.push('\n');
            s.push_str(&variations(&r.record, lang));
            s.push_str(&warnings_text(&r.record, lang));
        }
    }
    s
}

/// The record's warnings, one a line.
pub fn warnings_text(record: &Record, lang: Lang) -> String {
    if record.warnings.is_empty() {
        return String::new();
    }
    let mut s = said::warnings_heading(record.warnings.len(), lang);
    for w in &record.warnings {
        let _ = writeln!(s, "  {}", crate::message::one_line(&w.speak(lang)));
    }
    s
}

/// The record's warnings as JSON: code, message, ply, place.
pub fn warnings_json(record: &Record) -> Value {
    record
        .warnings
        .iter()
        .map(|w| {
            json!({
                "code": w.code(),
                "message": w.kind.to_string(),
                "message_zh": w.kind.speak(Lang::Zh),
                "ply": w.ply,
                "in_variation": w.in_variation,
                "location": (w.at != xq_records::Location::Nowhere).then(|| w.at.to_string()),
            })
        })
        .collect()
}

fn bad_json(b: &BadRecord) -> Value {
    json!({
        "code": b.code,
        "message": b.message,
        "ply": b.ply,
        "in_variation": b.in_variation,
        "location": b.location,
    })
}

/// Why a ruled record was cut, as JSON (`null` when it was read whole).
fn cut_json(r: &Ruled) -> Value {
    match &r.cut {
        Some(b) => bad_json(b),
        None => Value::Null,
    }
}

/// The record's variations, listed and not ruled: where each leaves the
/// main line and its first moves.
pub fn variations(record: &Record, lang: Lang) -> String {
    let all = record.variations();
    if all.is_empty() {
        return String::new();
    }
    let main: Vec<Move> = record.main_moves().collect();
    let mut s = said::variations_heading(all.len(), lang);
    let notation = match lang {
        Lang::Zh => Notation::Chinese,
        Lang::En => Notation::Wxf,
    };
    for (n, path) in all.iter().enumerate().take(MAX_LISTED_VARIATIONS) {
        let from = path.iter().zip(&main).take_while(|(a, b)| a == b).count();
        let mut pos = record.start.clone();
        for &m in &path[..from] {
            pos = pos.play_unchecked(m);
        }
        let mut texts = Vec::new();
        for &m in path[from..].iter().take(VARIATION_MOVES) {
            texts.push(format_move(&pos, m, notation));
            pos = pos.play_unchecked(m);
        }
        let more = path.len() - from > VARIATION_MOVES;
        let tail = if more { " …" } else { "" };
        s.push_str(&said::variation_line(
            n + 1,
            from + 1,
            &texts.join(" "),
            tail,
            lang,
        ));
    }
    if all.len() > MAX_LISTED_VARIATIONS {
        s.push_str(&said::more_variations(
            all.len() - MAX_LISTED_VARIATIONS,
            lang,
        ));
    }
    s
}

// ---- JSON ------------------------------------------------------------------

fn kind_name(k: PointKind) -> &'static str {
    match k {
        PointKind::Repetition => "repetition",
        PointKind::NaturalLimit => "natural-limit",
        PointKind::IllegalMove => "illegal-move",
        PointKind::End => "end",
    }
}

/// Every kind of point, in the order summaries list them.
pub const POINT_KINDS: [PointKind; 4] = [
    PointKind::Repetition,
    PointKind::NaturalLimit,
    PointKind::IllegalMove,
    PointKind::End,
];

/// The stable name of a kind of point (as in JSON).
pub fn point_kind_name(k: PointKind) -> &'static str {
    kind_name(k)
}

/// The named tags that are set, and the others, as a JSON object.
pub fn tags_json(t: &Tags) -> Value {
    let mut m = serde_json::Map::new();
    let named: [(&str, &Option<String>); 18] = [
        ("title", &t.title),
        ("event", &t.event),
        ("site", &t.site),
        ("date", &t.date),
        ("round", &t.round),
        ("red", &t.red),
        ("black", &t.black),
        ("red_team", &t.red_team),
        ("black_team", &t.black_team),
        ("red_elo", &t.red_elo),
        ("black_elo", &t.black_elo),
        ("ecco", &t.ecco),
        ("opening", &t.opening),
        ("variation", &t.variation),
        ("time_control", &t.time_control),
        ("annotator", &t.annotator),
        ("author", &t.author),
        ("record_type", &t.record_type.map(|r| r.name().to_string())),
    ];
    for (k, v) in named {
        if let Some(v) = v {
            m.insert(k.into(), Value::String(v.clone()));
        }
    }
    m.insert("result".into(), Value::String(t.result.as_str().into()));
    if !t.other.is_empty() {
        let other: serde_json::Map<String, Value> = t
            .other
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect();
        m.insert("other".into(), Value::Object(other));
    }
    Value::Object(m)
}

/// A point in brief: ply, kind, reason, result, the cycle's plies and the
/// sides' patterns, who must vary, and what followed.
fn point_json(p: &xq_oracle::ruling::RulingPoint) -> Value {
    let r = &p.ruling;
    let pattern = |s: &Option<xq_oracle::ruling::SideRuling>| {
        s.as_ref().map(
            |s| json!({"pattern": s.pattern, "pattern_zh": s.pattern_zh, "forbidden": s.forbidden}),
        )
    };
    json!({
        "ply": p.ply,
        "kind": kind_name(p.kind),
        "reason": r.reason.name(),
        "result": r.result.as_str(),
        "cycle": r.cycle.as_ref().map(|c| json!([c.first_ply, c.last_ply])),
        "adjudicable": r.cycle.as_ref().map(|c| c.adjudicable),
        "red": pattern(&r.red),
        "black": pattern(&r.black),
        "must_vary": r.must_vary,
        "clauses": r.clauses,
        "follow_up": p.follow_up.map(|f| serde_json::to_value(f).expect("serializes")),
    })
}

/// A game's JSON line (`--format jsonl`): always the same keys, `null`
/// where a bad record leaves them unknown.
pub fn brief_json(report: &GameReport) -> Value {
    match &report.outcome {
        Ok(r) => {
            let g = &r.ruling;
            json!({
                "type": "game",
                "file": report.file,
                "game": report.game,
                "format": r.record.source.format.name(),
                "tags": tags_json(&r.record.tags),
                "plies": g.plies,
                "result": g.result.as_str(),
                "recorded": g.recorded.map(|o| o.as_str()),
                "agrees": g.agrees,
                "comparison": g.comparison().name(),
                "decided_at": g.decided_at,
                "claimable": g.claimable.map(|c| json!({"ply": c.ply, "result": c.result.as_str()})),
                "incomplete_points": g.incomplete_points,
                "stopped_by": g.stopped_by.map(|s| s.name()),
                "points": g.points.iter().map(point_json).collect::<Vec<_>>(),
                "variations": r.record.variation_count(),
                "warnings": warnings_json(&r.record),
                "cut": cut_json(r),
                "error": null,
            })
        }
        Err(b) => json!({
            "type": "game",
            "file": report.file,
            "game": report.game,
            "format": null,
            "tags": null,
            "plies": null,
            "result": null,
            "recorded": null,
            "agrees": null,
            "comparison": null,
            "decided_at": null,
            "claimable": null,
            "incomplete_points": null,
            "stopped_by": null,
            "points": null,
            "variations": null,
            "warnings": null,
            "cut": null,
            "error": bad_json(b),
        }),
    }
}

/// A game's full JSON (`--format json`): the game ruling with every
/// point's full ruling and explanation, under the file, game, format and
/// tags, and the variations' count.
pub fn full_json(r: &Ruled, file: &str, lang: Lang) -> Value {
    let mut v = xq_render::game_json(&r.ruling, lang);
    v["file"] = Value::String(file.into());
    v["game"] = json!(r.record.source.game);
    v["format"] = json!(r.record.source.format.name());
    v["tags"] = tags_json(&r.record.tags);
    v["variations"] = json!(r.record.variation_count());
    v["comparison"] = json!(r.ruling.comparison().name());
    v["warnings"] = warnings_json(&r.record);
    v["cut"] = cut_json(r);
    v
}

// ---- pictures --------------------------------------------------------------

/// Which point a picture shows: `--point N` (from 1), else the one that
/// decided the game, else the last. `None` when the game has no point.
pub fn pick_point(g: &GameRuling, requested: Option<usize>) -> Result<Option<usize>, Failure> {
    if let Some(n) = requested {
        if n == 0 || n > g.points.len() {
            return Err(Failure::Input(format!(
                "--point {n}: the game has {} point(s) to show{}",
                g.points.len(),
                if g.points.is_empty() {
                    ""
                } else {
                    " (numbered from 1)"
                }
            )));
        }
        return Ok(Some(n - 1));
    }
    let deciding = g.points.iter().position(|p| {
        matches!(p.follow_up, Some(FollowUp::Lost { .. }))
            || matches!(p.kind, PointKind::End | PointKind::IllegalMove)
    });
    Ok(deciding.or(g.points.len().checked_sub(1)))
}

/// The game as played up to a point (its ruling refers to that game).
fn game_to(record: &Record, plies: usize) -> Game {
    let mut game = Game::new(record.start.clone());
    for m in record.main_moves().take(plies) {
        game.push(m);
    }
    game
}

/// The ruling a picture shows, and the game it is about: the chosen point,
/// or (for a game without points) the final position as it stands.
fn shown(
    r: &Ruled,
    point: Option<usize>,
    settings: &Settings,
) -> (xq_oracle::ruling::Ruling, Game) {
    match point {
        Some(i) => {
            let p = &r.ruling.points[i];
            (p.ruling.clone(), game_to(&r.record, p.ply))
        }
        None => {
            let game = r.record.to_game();
            let ruling = xq_oracle::ruling::rule(&game, settings.edition, &settings.options);
            (ruling, game)
        }
    }
}

/// The SVG picture of a point.
pub fn svg(r: &Ruled, point: Option<usize>, settings: &Settings, opts: &PictureOptions) -> String {
    let (ruling, game) = shown(r, point, settings);
    picture::ruling_svg(&ruling, &game, opts)
}

/// The Unicode board of a point (where its cycle starts, the chased pieces
/// marked), then the point's ruling in words.
pub fn board(
    r: &Ruled,
    point: Option<usize>,
    settings: &Settings,
    opts: &PictureOptions,
) -> String {
    let (ruling, game) = shown(r, point, settings);
    let mut s = match point {
        Some(i) => {
            let p = &r.ruling.points[i];
            said::point_number(i + 1, p.ply, opts.lang)
        }
        None => String::new(),
    };
    s.push_str(&board_text(&ruling, &game, opts));
    s
}

/// A ruling's text board and its explanation: the board where its cycle
/// starts (else the final one), the pieces its chases target marked.
pub fn board_text(
    ruling: &xq_oracle::ruling::Ruling,
    game: &Game,
    opts: &PictureOptions,
) -> String {
    let at = ruling
        .cycle
        .as_ref()
        .map_or(game.moves().len(), |c| c.first_ply - 1)
        .min(game.moves().len());
    let marks: Vec<_> = [&ruling.red, &ruling.black]
        .into_iter()
        .flatten()
        .flat_map(|s| s.moves.iter())
        .filter(|m| m.kind == MoveKind::Chase)
        .flat_map(|m| m.targets.iter().copied())
        .filter(|&sq| game.positions()[at].piece_at(sq).is_some())
        .collect();
    let board = picture::text_board(&game.positions()[at], &marks, opts);
    format!(
        "{board}\n{}\n",
        xq_render::explain(ruling, opts.lang).trim_end()
    )
}
