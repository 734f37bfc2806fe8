//! `xq rule GAME…`: record files, directories and multi-game files ruled
//! game by game — in bulk, on every core, for the text, JSON-lines and
//! summary outputs; one chosen game for the full JSON, the SVG picture and
//! the text board.

use std::io::Write;
use std::path::PathBuf;

use xq_records::ReadOptions;
use xq_render::picture::PictureOptions;
use xq_render::Lang;

use crate::bulk::{self, Plan, ProgressMode, Summary};
use crate::failure::Failure;
use crate::records::{self, GameReport, Settings, Source};

/// What `xq rule` prints (for a move list, all but `jsonl` and `summary`);
/// the variants' docs are the `--format` help.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RecordOutput {
    /// The ruling in words, for the players.
    Text,
    /// The ruling as JSON (spec/RULINGS.md).
    Json,
    /// A picture: the board where the cycle starts, its moves as numbered
    /// arrows, the chased pieces ringed, the verdict as caption.
    Svg,
    /// The same board as Unicode text, then the ruling in words.
    Board,
    /// Records only: one JSON line per game, then a summary line.
    Jsonl,
    /// Records only: the summary of all the games.
    Summary,
}

impl RecordOutput {
    /// Whether the output is about one game.
    fn single(self) -> bool {
        matches!(
            self,
            RecordOutput::Json | RecordOutput::Svg | RecordOutput::Board
        )
    }

    /// The name given to `--format`.
    fn name(self) -> String {
        clap::ValueEnum::to_possible_value(&self)
            .expect("no format is skipped")
            .get_name()
            .to_string()
    }
}

/// A request of `xq rule GAME…`.
pub struct Request {
    /// The files, directories and `-` named.
    pub paths: Vec<PathBuf>,
    /// Format and encoding overrides.
    pub read: ReadOptions,
    /// How to rule.
    pub settings: Settings,
    /// What to print.
    pub output: RecordOutput,
    /// The language of words and pictures.
    pub lang: Lang,
    /// The language of the lines on standard error.
    pub errors: Lang,
    /// How pictures are drawn.
    pub picture: PictureOptions,
    /// `--point N`: which point a picture shows (from 1).
    pub point: Option<usize>,
    /// `--game N`: only the Nth game of the input (from 1, across files).
    pub game: Option<usize>,
    /// Worker threads.
    pub jobs: usize,
    /// The progress bar.
    pub progress: ProgressMode,
}

fn output(e: std::io::Error) -> Failure {
    Failure::Environment(format!("cannot write the output: {e}"))
}

/// Runs the request.
pub fn run(req: Request, out: &mut impl Write) -> Result<(), Failure> {
    if req.point.is_some() && !matches!(req.output, RecordOutput::Svg | RecordOutput::Board) {
        return Err(Failure::Usage(
            "--point chooses the point of a picture: it needs --format svg or board".into(),
        ));
    }
    let sources = records::collect(&req.paths, req.errors)?;
    if req.output.single() || req.game.is_some() {
        let report = one_game(&req, &sources)?;
        return single(&req, &report, out);
    }
    let text = req.output == RecordOutput::Text;
    let jsonl = req.output == RecordOutput::Jsonl;
    let lang = req.lang;
    let mut first_error: Option<String> = None;
    let mut printed = 0usize;
    let plan = Plan {
        sources,
        read: req.read,
        settings: req.settings,
        jobs: req.jobs,
        progress: req.progress,
        report_errors: !jsonl,
        lang: req.errors,
    };
    let summary = bulk::run(plan, |report| {
        if first_error.is_none() {
            first_error = report.error_line(req.errors);
        }
        if jsonl {
            let line =
                serde_json::to_string(&records::brief_json(report)).expect("a report serializes");
            writeln!(out, "{line}").map_err(output)?;
        } else if text && (report.outcome.is_ok() || report.is_heading()) {
            if printed > 0 {
                writeln!(out).map_err(output)?;
            }
            write!(out, "{}", records::explain(report, lang)).map_err(output)?;
            printed += 1;
        }
        Ok(())
    })?;
    finish(&req, &summary, first_error, out)
}

/// The summary, and the run's status: a failure when records were bad.
fn finish(
    req: &Request,
    summary: &Summary,
    first_error: Option<String>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    match req.output {
        RecordOutput::Jsonl => {
            let line = serde_json::to_string(&summary.to_json()).expect("serializes");
            writeln!(out, "{line}").map_err(output)?;
        }
        RecordOutput::Summary => write!(out, "{}", summary.explain(req.lang)).map_err(output)?,
        _ if summary.games > 1 => {
            writeln!(out).map_err(output)?;
            write!(out, "{}", summary.explain(req.lang)).map_err(output)?;
        }
        _ => {}
    }
    out.flush().map_err(output)?;
    match (summary.bad, first_error) {
        (0, _) => Ok(()),
        (_, Some(line)) if summary.games == 1 && req.output != RecordOutput::Jsonl => {
            Err(Failure::Input(line))
        }
        (bad, _) => {
            let games = summary.games;
            let jsonl = req.output == RecordOutput::Jsonl;
            Err(Failure::Input(xq_render::report::bad_games(
                bad, games, jsonl, req.errors,
            )))
        }
    }
}

/// The one game a single-game output or `--game N` is about.
fn one_game(req: &Request, sources: &[Source]) -> Result<GameReport, Failure> {
    let want = req.game.unwrap_or(1);
    if want == 0 {
        return Err(Failure::Usage("--game counts from 1".into()));
    }
    let mut seen = 0;
    let mut found: Option<GameReport> = None;
    for source in sources {
        for (i, item) in records::games(source, req.read).enumerate() {
            seen += 1;
            if found.is_some() {
                // A second game without --game: which one is meant?
                return Err(Failure::Usage(format!(
                    "--format {} shows one game, and the input holds more: choose one with --game N (or use --format jsonl for all)",
                    req.output.name()
                )));
            }
            if seen == want {
                found = Some(records::rule(&source.name(), i + 1, item, &req.settings));
                if req.game.is_some() {
                    return Ok(found.expect("just set"));
                }
            }
        }
    }
    found.ok_or_else(|| Failure::Input(format!("--game {want}: the input holds {seen} game(s)")))
}

/// Prints one game in the requested output.
fn single(req: &Request, report: &GameReport, out: &mut impl Write) -> Result<(), Failure> {
    let ruled = match &report.outcome {
        Ok(r) => r,
        Err(_) => {
            if req.output == RecordOutput::Jsonl {
                let line = serde_json::to_string(&records::brief_json(report)).expect("serializes");
                writeln!(out, "{line}").map_err(output)?;
                out.flush().map_err(output)?;
            }
            return Err(Failure::Input(
                report.error_line(req.errors).expect("a bad record"),
            ));
        }
    };
    match req.output {
        RecordOutput::Json => {
            let v = records::full_json(ruled, &report.file, req.lang);
            let s = serde_json::to_string_pretty(&v).expect("serializes");
            writeln!(out, "{s}").map_err(output)?;
        }
        RecordOutput::Svg | RecordOutput::Board => {
            let point = records::pick_point(&ruled.ruling, req.point)?;
            let s = if req.output == RecordOutput::Svg {
                records::svg(ruled, point, &req.settings, &req.picture)
            } else {
                records::board(ruled, point, &req.settings, &req.picture)
            };
            write!(out, "{s}").map_err(output)?;
        }
        RecordOutput::Jsonl => {
            let line = serde_json::to_string(&records::brief_json(report)).expect("serializes");
            writeln!(out, "{line}").map_err(output)?;
            let mut summary = Summary {
                files: 1,
                ..Summary::default()
            };
            summary.add(report);
            let line = serde_json::to_string(&summary.to_json()).expect("serializes");
            writeln!(out, "{line}").map_err(output)?;
        }
        RecordOutput::Text => {
            write!(out, "{}", records::explain(report, req.lang)).map_err(output)?
        }
        RecordOutput::Summary => {
            let mut summary = Summary {
                files: 1,
                ..Summary::default()
            };
            summary.add(report);
            write!(out, "{}", summary.explain(req.lang)).map_err(output)?;
        }
    }
    Ok(())
}
