//! Many games ruled at once, on every core: one thread reads the files in
//! order (a multi-game file is streamed game by game), worker threads rule
//! the games, and the calling thread hands the reports on in input order,
//! keeps the summary and draws the progress bar.
//!
//! Memory stays flat in the number of games: the reader may run at most
//! [`WINDOW`] games ahead of the last report handed on, so however slow
//! one game is to rule, no more than that many are held.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use xq_core::Outcome;
use xq_oracle::ruling::{Comparison, FollowUp, Procedure, RulingReason};
use xq_records::{ReadOptions, Record, RecordError, WarningKind};
use xq_render::report::{self as said, RecordedCounts, SummaryList};
use xq_render::words::Label;
use xq_render::Lang;

use crate::failure::Failure;

use crate::records::{self, BadRecord, GameReport, Settings, Source, POINT_KINDS};

/// How many games the reader may be ahead of the output.
pub const WINDOW: usize = 512;

/// At most this many disagreements are listed in a text summary (all are
/// counted).
const LISTED: usize = 20;

/// Whether to draw the progress bar on standard error (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressMode {
    /// When standard error is a terminal.
    Auto,
    /// Always (for tests and logs).
    Always,
    /// Never.
    Never,
}

impl ProgressMode {
    fn enabled(self) -> bool {
        match self {
            ProgressMode::Auto => std::io::stderr().is_terminal(),
            ProgressMode::Always => true,
            ProgressMode::Never => false,
        }
    }
}

/// A bulk run.
pub struct Plan {
    /// The files, in order.
    pub sources: Vec<Source>,
    /// Format and encoding overrides.
    pub read: ReadOptions,
    /// How to rule.
    pub settings: Settings,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// The progress bar.
    pub progress: ProgressMode,
    /// Whether bad records are also written to standard error as they
    /// come (one line each), except when the run holds a single game: its
    /// error is then left to the caller.
    pub report_errors: bool,
    /// The language of those lines.
    pub lang: Lang,
}

/// What a run found, counted.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games read, good and bad.
    pub games: usize,
    /// Games ruled.
    pub ruled: usize,
    /// Records that could not be read or ruled.
    pub bad: usize,
    /// Points by kind, in the order of [`POINT_KINDS`].
    pub points: [usize; 4],
    /// Points by the reason of their ruling.
    pub reasons: BTreeMap<&'static str, usize>,
    /// Games by the result the rules give.
    pub results: BTreeMap<&'static str, usize>,
    /// Games whose recorded result the rules give.
    pub agree: usize,
    /// Games whose record ends with a claim standing and states another
    /// result than the claim gets: nobody claimed (no disagreement).
    pub claimable: usize,
    /// Repetition points under a claim procedure that the game played
    /// past: claimable, not claimed, so no result.
    pub unclaimed: usize,
    /// Games the rules decide otherwise than their record states.
    pub disagree: usize,
    /// Games whose record states a result the board does not decide
    /// (resignation, agreement, time).
    pub off_the_board: usize,
    /// Games whose record states no result.
    pub unrecorded: usize,
    /// The first [`LISTED`] disagreements: file, game, recorded, ruled,
    /// decided at.
    pub disagreements: Vec<(String, usize, Outcome, Outcome, Option<usize>)>,
    /// Records cut short (also counted as bad): their first plies are
    /// ruled.
    pub cut: usize,
    /// Library entries that are section headings, not games.
    pub headings: usize,
    /// Reading warnings by kind, in the order of [`WarningKind::CODES`].
    pub warnings: [usize; WarningKind::CODES.len()],
}

impl Summary {
    /// Counts one game.
    pub fn add(&mut self, r: &GameReport) {
        if matches!(&r.outcome, Err(b) if b.code == "heading") {
            self.headings += 1;
            return;
        }
        self.games += 1;
        match &r.outcome {
            Err(_) => self.bad += 1,
            Ok(ruled) => {
                self.ruled += 1;
                if ruled.cut.is_some() {
                    self.cut += 1;
                    self.bad += 1;
                }
                for w in &ruled.record.warnings {
                    self.warnings[w.kind.index()] += 1;
                }
                let g = &ruled.ruling;
                for p in &g.points {
                    let k = POINT_KINDS
                        .iter()
                        .position(|&k| k == p.kind)
                        .expect("a kind");
                    self.points[k] += 1;
                    *self.reasons.entry(p.ruling.reason.name()).or_default() += 1;
                    let claim = p
                        .ruling
                        .cycle
                        .as_ref()
                        .is_some_and(|c| c.procedure == Procedure::Claim);
                    if claim && matches!(p.follow_up, Some(FollowUp::Varied { .. })) {
                        self.unclaimed += 1;
                    }
                }
                *self.results.entry(g.result.as_str()).or_default() += 1;
                match (g.comparison(), g.recorded) {
                    (Comparison::Unrecorded, _) | (_, None) => self.unrecorded += 1,
                    (Comparison::Agrees, _) => self.agree += 1,
                    (Comparison::Claimable, _) => self.claimable += 1,
                    // A draw the natural limit allowed was agreed or claimed
                    // off the board too.
                    (Comparison::OffTheBoard | Comparison::NaturalLimit, _) => {
                        self.off_the_board += 1
                    }
                    (Comparison::Differs, Some(rec)) => {
                        self.disagree += 1;
                        if self.disagreements.len() < LISTED {
                            self.disagreements.push((
                                r.file.clone(),
                                r.game,
                                rec,
                                g.result,
                                g.decided_at,
                            ));
                        }
                    }
                }
            }
        }
    }

    /// The JSON line that ends `--format jsonl`.
    pub fn to_json(&self) -> serde_json::Value {
        let points: serde_json::Map<String, serde_json::Value> = POINT_KINDS
            .iter()
            .zip(self.points)
            .map(|(&k, n)| (records::point_kind_name(k).to_string(), n.into()))
            .collect();
        serde_json::json!({
            "type": "summary",
            "files": self.files,
            "games": self.games,
            "ruled": self.ruled,
            "bad": self.bad,
            "points": points,
            "reasons": self.reasons,
            "results": self.results,
            "agree": self.agree,
            "claimable": self.claimable,
            "unclaimed": self.unclaimed,
            "disagree": self.disagree,
            "off_the_board": self.off_the_board,
            "unrecorded": self.unrecorded,
            "cut": self.cut,
            "headings": self.headings,
            "warnings": self.warnings_map(),
        })
    }

    /// The warnings' counts by code, only those seen.
    fn warnings_map(&self) -> serde_json::Map<String, serde_json::Value> {
        WarningKind::CODES
            .iter()
            .zip(self.warnings)
            .filter(|(_, n)| *n > 0)
            .map(|(&k, n)| (k.to_string(), n.into()))
            .collect()
    }

    /// The summary in words.
    pub fn explain(&self, lang: Lang) -> String {
        let mut s = String::new();
        let mut line = |t: String| {
            s.push_str(&t);
            s.push('\n');
        };
        line(said::summary_counts(
            self.files, self.games, self.ruled, self.bad, lang,
        ));
        line(said::summary_points(self.points, lang));
        if !self.reasons.is_empty() {
            let list: Vec<String> = self
                .reasons
                .iter()
                .map(|(k, n)| {
                    let label = RulingReason::ALL
                        .iter()
                        .find(|r| r.name() == *k)
                        .map_or(*k, |r| r.label(lang));
                    format!("{label} {n}")
                })
                .collect();
            line(said::summary_list(SummaryList::Reasons, &list, lang));
        }
        if !self.results.is_empty() {
            let list: Vec<String> = self
                .results
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            line(said::summary_list(SummaryList::Results, &list, lang));
        }
        line(said::summary_recorded(
            &RecordedCounts {
                agree: self.agree,
                claimable: self.claimable,
                disagree: self.disagree,
                off_the_board: self.off_the_board,
                unrecorded: self.unrecorded,
                unclaimed: self.unclaimed,
            },
            lang,
        ));
        if self.cut > 0 || self.headings > 0 || self.warnings.iter().any(|&n| n > 0) {
            let list: Vec<String> = WarningKind::CODES
                .iter()
                .zip(self.warnings)
                .filter(|(_, n)| *n > 0)
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            line(said::summary_reading(self.cut, self.headings, &list, lang));
        }
        for (file, game, rec, ruled, at) in &self.disagreements {
            line(said::disagreement(
                file,
                *game,
                rec.as_str(),
                ruled.as_str(),
                *at,
                lang,
            ));
        }
        if self.disagree > self.disagreements.len() {
            line(said::more_games(
                self.disagree - self.disagreements.len(),
                lang,
            ));
        }
        s
    }
}

/// The reader's hold on the window: how many reports have been handed on.
struct Window {
    state: Mutex<(usize, bool)>,
    moved: Condvar,
}

impl Window {
    /// Waits until game `seq` may be read; `false` if the run is stopping.
    fn admit(&self, seq: usize) -> bool {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !st.1 && seq >= st.0 + WINDOW {
            st = self.moved.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        !st.1
    }

    fn advance(&self, emitted: usize) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.0 = emitted;
        self.moved.notify_all();
    }

    fn stop(&self) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.1 = true;
        self.moved.notify_all();
    }
}

struct Job {
    seq: usize,
    file: Arc<str>,
    file_index: usize,
    index: usize,
    item: Result<Record, RecordError>,
}

/// Rules every game of the plan, handing each report to `sink` in input
/// order, and returns the summary. A bad record never stops the run; an
/// error of `sink` (the output cannot be written) does.
pub fn run(
    plan: Plan,
    mut sink: impl FnMut(&GameReport) -> Result<(), Failure>,
) -> Result<Summary, Failure> {
    let jobs = plan.jobs.max(1);
    let window = Arc::new(Window {
        state: Mutex::new((0, false)),
        moved: Condvar::new(),
    });
    let (job_tx, job_rx) = sync_channel::<Job>(jobs * 4);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = channel::<(usize, usize, GameReport)>();
    let files = plan.sources.len();

    let reader = {
        let window = Arc::clone(&window);
        let sources = plan.sources;
        let read = plan.read;
        std::thread::spawn(move || {
            let mut seq = 0;
            for (file_index, source) in sources.iter().enumerate() {
                let name: Arc<str> = source.name().into();
                for (i, item) in records::games(source, read).enumerate() {
                    if !window.admit(seq) {
                        return;
                    }
                    let job = Job {
                        seq,
                        file: Arc::clone(&name),
                        file_index,
                        index: i + 1,
                        item,
                    };
                    if job_tx.send(job).is_err() {
                        return;
                    }
                    seq += 1;
                }
            }
        })
    };
    let workers: Vec<_> = (0..jobs)
        .map(|_| {
            let rx = Arc::clone(&job_rx);
            let tx = done_tx.clone();
            let settings = plan.settings;
            std::thread::spawn(move || loop {
                let job = {
                    let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
                    rx.recv()
                };
                let Ok(job) = job else { return };
                let (seq, file_index) = (job.seq, job.file_index);
                let report = rule_guarded(job, &settings);
                if tx.send((seq, file_index, report)).is_err() {
                    return;
                }
            })
        })
        .collect();
    drop(done_tx);

    let mut bar = Bar::new(plan.progress.enabled(), files);
    let mut summary = Summary {
        files,
        ..Summary::default()
    };
    let result = collect(
        &done_rx,
        &window,
        &mut bar,
        &mut summary,
        plan.report_errors,
        plan.lang,
        &mut sink,
    );
    if result.is_err() {
        window.stop();
    }
    drop(done_rx);
    bar.finish(&summary);
    let _ = reader.join();
    for w in workers {
        let _ = w.join();
    }
    result.map(|()| summary)
}

/// Hands the reports on in order.
fn collect(
    done: &Receiver<(usize, usize, GameReport)>,
    window: &Window,
    bar: &mut Bar,
    summary: &mut Summary,
    report_errors: bool,
    lang: Lang,
    sink: &mut impl FnMut(&GameReport) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut pending: BTreeMap<usize, (usize, GameReport)> = BTreeMap::new();
    let mut next = 0;
    // The first game's error is held until a second game is read: a run of
    // one game reports its error as the command's own failure (one line).
    let mut held: Option<String> = None;
    for (seq, file_index, report) in done.iter() {
        pending.insert(seq, (file_index, report));
        while let Some((file_index, report)) = pending.remove(&next) {
            summary.add(&report);
            if report_errors {
                if let Some(line) = held.take() {
                    bar.note(&line);
                }
                if let Some(line) = report.error_line(lang) {
                    let line = format!("xq: {}", crate::message::one_line(&line));
                    if next == 0 {
                        held = Some(line);
                    } else {
                        bar.note(&line);
                    }
                }
            }
            sink(&report)?;
            next += 1;
            window.advance(next);
            bar.tick(file_index, summary);
        }
    }
    Ok(())
}

/// Rules a job; a panic in the rules (a bug) becomes a bad record, so
/// that one game cannot stop the run.
fn rule_guarded(job: Job, settings: &Settings) -> GameReport {
    let Job {
        file, index, item, ..
    } = job;
    let name = Arc::clone(&file);
    match catch_unwind(AssertUnwindSafe(move || {
        records::rule(&name, index, item, settings)
    })) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            GameReport {
                file: file.to_string(),
                game: index,
                outcome: Err(BadRecord {
                    code: "internal-error",
                    message: format!(
                        "game {}: the oracle failed on this game (a bug; please report it): {what}",
                        index
                    ),
                    message_zh: format!(
                        "第 {index} 局：裁判程序在此局出错（程序缺陷，请报告）：{what}"
                    ),
                    ply: None,
                    in_variation: false,
                    location: None,
                }),
            }
        }
    }
}

/// The progress bar on standard error: games, bad records, files, rate.
struct Bar {
    on: bool,
    files: usize,
    start: Instant,
    last: Option<Instant>,
    drawn: bool,
}

impl Bar {
    const EVERY: Duration = Duration::from_millis(100);

    fn new(on: bool, files: usize) -> Bar {
        Bar {
            on,
            files,
            start: Instant::now(),
            last: None,
            drawn: false,
        }
    }

    fn line(&self, file_index: usize, s: &Summary) -> String {
        let secs = self.start.elapsed().as_secs_f64().max(1e-3);
        let width = 24;
        let done = (file_index * width)
            .checked_div(self.files)
            .unwrap_or(width);
        format!(
            "[{}{}] file {}/{} · {} games · {} bad · {:.0} games/s",
            "#".repeat(done),
            "-".repeat(width - done),
            (file_index + 1).min(self.files),
            self.files,
            s.games,
            s.bad,
            s.games as f64 / secs
        )
    }

    fn tick(&mut self, file_index: usize, s: &Summary) {
        if !self.on || self.last.is_some_and(|t| t.elapsed() < Bar::EVERY) {
            return;
        }
        self.last = Some(Instant::now());
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{}", self.line(file_index, s));
        let _ = err.flush();
        self.drawn = true;
    }

    /// A line above the bar.
    fn note(&mut self, text: &str) {
        let mut err = std::io::stderr().lock();
        if self.drawn {
            let _ = write!(err, "\r\x1b[2K");
            self.drawn = false;
            self.last = None;
        }
        let _ = writeln!(err, "{text}");
    }

    fn finish(&mut self, s: &Summary) {
        if !self.on {
            return;
        }
        let secs = self.start.elapsed().as_secs_f64();
        let mut err = std::io::stderr().lock();
        let _ = writeln!(
            err,
            "\r\x1b[2K{} · done in {secs:.1} s",
            self.line(self.files.saturating_sub(1), s)
        );
    }
}
