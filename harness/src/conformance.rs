//! The conformance report (`xq-suite --report DIR`): implementations run
//! against the suite, as a matrix of implementation × clause family, in
//! Markdown (`DIR/implementations.md`) and as a self-contained HTML page
//! (`DIR/implementations.html`).
//!
//! A cell counts cases (a ruling case asked under four editions is one
//! case, failed if it fails under any): passed / failed / skipped, `+k`
//! known failures (listed in the implementation's expectations file) and
//! `+t` tentative cases that failed (not counted). A failing cell links to
//! its failing trials, each with its request (question, FEN, moves,
//! edition, the case's file and line) and the answer; a known-failure cell
//! links to its cases with the reasons the expectations file gives.
//!
//! The implementations: with `--adapter`, `--uci`, `--oracle` or
//! `--serve`, that one alone (with `--expectations` when given);
//! otherwise every one this repository reaches — the built-in oracle
//! in-process and through `xq serve`; Fairy-Stockfish and Sjaak II over UCI
//! where installed, and Pikafish where `pikafish` is on the PATH; and every
//! `harness/adapters/NAME_adapter.py`, with the expectations file
//! `harness/expectations/NAME.yaml` (or `NAME` with `-` for `_`) when there
//! is one. One that cannot start is listed with the reason. Name filters
//! and `--edition` select the trials, as for a run. The report fails (exit
//! code 1) when an implementation that ran has a failure, an error or a
//! stale known failure.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use xq_core::markup::escape;

use crate::case::Suite;
use crate::cli::{sibling_xq, Options};
use crate::expectations::Expectations;
use crate::implementation::{Factory, JsonLinesFactory, Pool};
use crate::runner::{plan, CaseResult, Planned, Run, Settings, Status};
use crate::uci::UciFactory;

/// One implementation to run.
pub struct Entry {
    /// A short, stable name (used for anchors); empty: made from the
    /// handshake's name.
    pub key: String,
    pub factory: Box<dyn Factory>,
    pub expectations: Option<PathBuf>,
}

/// What one implementation did.
pub struct Outcome {
    pub key: String,
    pub describe: String,
    pub startup_error: Option<String>,
    pub results: Vec<CaseResult>,
    pub seconds: f64,
    pub conventions: Option<serde_json::Map<String, serde_json::Value>>,
    /// The expectations file's reason for each known failure, by trial name.
    pub known: BTreeMap<String, String>,
}

impl Outcome {
    /// Whether this implementation fails the report: it ran, and a trial
    /// fails the run (a failure, an error, a stale known failure).
    pub fn failed(&self, strict: bool) -> bool {
        self.results.iter().any(|r| r.fails_run(strict))
    }
}

/// The first program of that name on the PATH.
fn on_path(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// A short name for anchors: lowercase letters, digits and `-`.
fn slug(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() {
        "implementation".into()
    } else {
        s
    }
}

/// The implementations this repository can reach on this machine.
/// `editions` are the suite's, which a UCI engine declares.
pub fn entries(root: &Path, timeout: Duration, editions: &[String]) -> Vec<Entry> {
    let mut out = Vec::new();
    #[cfg(feature = "oracle")]
    out.push(Entry {
        key: "xq-oracle".into(),
        factory: Box::new(crate::implementation::OracleFactory),
        expectations: Some(root.join("harness/expectations/xq-oracle.yaml")),
    });
    out.push(Entry {
        key: "xq-serve".into(),
        factory: Box::new(JsonLinesFactory {
            command: vec![sibling_xq().display().to_string(), "serve".into()],
            timeout,
        }),
        expectations: Some(root.join("harness/expectations/xq-oracle.yaml")),
    });
    // UCI engines: Debian's where installed; Pikafish (not packaged) where
    // it is on the PATH, silently left out where not.
    let engines = [
        (
            "fairy-stockfish",
            Some(PathBuf::from("/usr/games/fairy-stockfish")),
        ),
        ("sjaakii", Some(PathBuf::from("/usr/games/sjaakii"))),
        ("pikafish", on_path("pikafish")),
    ];
    for (key, engine) in engines {
        let Some(engine) = engine.filter(|e| e.exists()) else {
            continue;
        };
        let exp = root
            .join("harness/expectations")
            .join(format!("{key}.yaml"));
        out.push(Entry {
            key: key.into(),
            factory: Box::new(UciFactory {
                command: vec![engine.display().to_string()],
                timeout,
                editions: editions.to_vec(),
            }),
            expectations: exp.exists().then_some(exp),
        });
    }
    let mut adapters: Vec<PathBuf> = std::fs::read_dir(root.join("harness/adapters"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    adapters.sort();
    for path in adapters {
        let Some(stem) = path
            .file_name()
            .and_then(|n| n.to_str())
            .filter(|n| !n.starts_with("test_"))
            .and_then(|n| n.strip_suffix("_adapter.py"))
        else {
            continue;
        };
        let exp_dir = root.join("harness/expectations");
        let expectations = [stem.to_string(), stem.replace('_', "-")]
            .into_iter()
            .map(|n| exp_dir.join(format!("{n}.yaml")))
            .find(|p| p.exists());
        out.push(Entry {
            key: stem.replace('_', "-"),
            factory: Box::new(JsonLinesFactory {
                command: vec!["python3".into(), path.display().to_string()],
                timeout,
            }),
            expectations,
        });
    }
    out
}

/// Runs every planned trial against one implementation, on `threads` threads.
pub fn run_entry(entry: Entry, suite: &Suite, planned: &[Planned], options: &Options) -> Outcome {
    let t = Instant::now();
    let describe = entry.factory.describe();
    let key = if entry.key.is_empty() {
        slug(&describe)
    } else {
        entry.key.clone()
    };
    let failed = |why: String| Outcome {
        key: key.clone(),
        describe: describe.clone(),
        startup_error: Some(why),
        results: Vec::new(),
        seconds: t.elapsed().as_secs_f64(),
        conventions: None,
        known: BTreeMap::new(),
    };
    let expectations = match &entry.expectations {
        None => Expectations::default(),
        Some(p) => match crate::expectations::load(p, suite, false) {
            Ok(e) => e,
            Err(e) => return failed(format!("its expectations file does not load: {e}")),
        },
    };
    let pool = match Pool::new(entry.factory) {
        Ok(p) => p,
        Err(e) => return failed(format!("cannot start: {e}")),
    };
    let describe = pool.describe();
    let key = if entry.key.is_empty() {
        slug(&pool.started.name)
    } else {
        entry.key
    };
    let conventions = pool.started.conventions.clone();
    let settings = Settings {
        timeout: options.timeout,
        strict: options.strict,
    };
    let run = Run::new(pool, expectations, settings);
    let queue = Arc::new(Mutex::new(planned.to_vec()));
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let run = Arc::clone(&run);
            let queue = Arc::clone(&queue);
            let editions = options.editions.clone();
            std::thread::spawn(move || loop {
                let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop();
                let Some(p) = next else { break };
                let r = run.run_one(&p, editions.as_deref());
                run.results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(r);
            })
        })
        .collect();
    for th in threads {
        let _ = th.join();
    }
    let results = run.results();
    let known = results
        .iter()
        .filter(|r| r.status == Status::Xfail)
        .filter_map(|r| {
            let edition = r
                .edition
                .as_deref()
                .or(r.editions.first().map(String::as_str));
            let reason = run.expectations.reason(&r.id, edition.unwrap_or(""))?;
            Some((r.name.clone(), reason.to_string()))
        })
        .collect();
    Outcome {
        key,
        describe,
        startup_error: None,
        results,
        seconds: t.elapsed().as_secs_f64(),
        conventions,
        known,
    }
}

/// Counts of one cell, in cases.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    pass: usize,
    /// Fail, error or stale (and tentative ones under --strict).
    fail: usize,
    /// Known failures (listed in the expectations file).
    known: usize,
    skip: usize,
    /// Tentative cases that failed (not counted as failures).
    tentative: usize,
}

/// Counts the cases of `results` (trials of one case are taken together:
/// a case fails if any of its trials fails the run, else is a known
/// failure if any is, else a tentative failure, else passes if any trial
/// passed, else is skipped).
fn cell_of(results: &[&CaseResult], strict: bool) -> Cell {
    let mut by_case: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for r in results {
        by_case.entry(r.id.as_str()).or_default().push(r);
    }
    let mut c = Cell::default();
    for trials in by_case.values() {
        let any = |f: &dyn Fn(&CaseResult) -> bool| trials.iter().any(|r| f(r));
        if any(&|r| r.fails_run(strict)) {
            c.fail += 1;
        } else if any(&|r| r.status == Status::Xfail) {
            c.known += 1;
        } else if any(&|r| r.status.is_failure()) {
            c.tentative += 1;
        } else if any(&|r| r.status == Status::Pass) {
            c.pass += 1;
        } else {
            c.skip += 1;
        }
    }
    c
}

fn families(suite: &Suite) -> Vec<String> {
    let set: BTreeSet<String> = suite.cases.iter().map(|c| c.family().to_string()).collect();
    set.into_iter().collect()
}

fn by_family(o: &Outcome) -> BTreeMap<&str, Vec<&CaseResult>> {
    let mut m: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for r in &o.results {
        m.entry(r.family.as_str()).or_default().push(r);
    }
    m
}

/// One failing trial as the report lists it.
struct Failing {
    name: String,
    location: String,
    message: String,
    /// The request: question, edition, FEN and moves.
    request: String,
    /// The answer, bounded.
    answer: String,
}

fn failing(rs: &[&CaseResult], strict: bool) -> Vec<Failing> {
    use crate::text::truncate;
    rs.iter()
        .filter(|r| r.fails_run(strict))
        .map(|r| {
            let question = serde_json::to_string(&r.question).unwrap_or_default();
            let edition = r
                .edition
                .clone()
                .unwrap_or_else(|| format!("any of {}", r.editions.join(", ")));
            let moves = if r.moves.is_empty() {
                "none".to_string()
            } else {
                r.moves.join(" ")
            };
            Failing {
                name: r.name.clone(),
                location: r.location.clone(),
                message: truncate(r.message.as_deref().unwrap_or("")),
                request: format!(
                    "{question} under {edition}; FEN {}; moves {}",
                    r.fen,
                    truncate(&moves)
                ),
                answer: match &r.actual {
                    Some(a) => truncate(&a.to_string()),
                    None => "none".into(),
                },
            }
        })
        .collect()
}

/// The known failures of some results, with their reasons.
fn known_of<'a>(rs: &[&'a CaseResult], o: &'a Outcome) -> Vec<(&'a str, String)> {
    rs.iter()
        .filter(|r| r.status == Status::Xfail)
        .map(|r| {
            let why = o.known.get(&r.name).map(String::as_str).unwrap_or("");
            (
                r.name.as_str(),
                crate::text::truncate_to(why, xq_core::excerpt::Limit::REASON),
            )
        })
        .collect()
}

/// What a cell counts, for both legends.
const LEGEND: &str = "A cell counts cases (a ruling or classification case asked under several editions is one case: failed if it fails under any edition): passed / failed / skipped; +k known failures (listed, with reasons, in the implementation's expectations file), +t tentative cases that failed (not counted). A failing cell links to its failing trials with their requests and answers, a +k to the reasons.";

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// The matrix as Markdown.
pub fn markdown(suite: &Suite, outcomes: &[Outcome], strict: bool) -> String {
    let fams = families(suite);
    let mut s = String::from("# Implementations\n\n");
    s.push_str("The suite against every implementation this repository reaches, as written by\n`xq-suite --report docs/` (see README). ");
    s.push_str(LEGEND);
    s.push_str("\n\n| implementation | time (s) | ");
    for f in &fams {
        let _ = write!(s, "{f} | ");
    }
    s.push_str("\n|---|---:|");
    for _ in &fams {
        s.push_str("---|");
    }
    s.push('\n');
    for o in outcomes {
        let _ = write!(s, "| **{}** | {:.1} | ", o.key, o.seconds);
        if let Some(e) = &o.startup_error {
            let _ = writeln!(s, "not run: {} |", md_escape(&crate::text::truncate(e)));
            continue;
        }
        let fam = by_family(o);
        for f in &fams {
            let c = cell_of(
                fam.get(f.as_str()).map(Vec::as_slice).unwrap_or(&[]),
                strict,
            );
            let fail = if c.fail > 0 {
                format!("[{} ✗](#{}-{})", c.fail, o.key, f)
            } else {
                "0".into()
            };
            let _ = write!(s, "{} / {fail} / {}", c.pass, c.skip);
            if c.known > 0 {
                let _ = write!(s, " [+{}k](#{}-{}-known)", c.known, o.key, f);
            }
            if c.tentative > 0 {
                let _ = write!(s, " +{}t", c.tentative);
            }
            s.push_str(" | ");
        }
        s.push('\n');
    }
    s.push_str("\n## The implementations\n\n");
    for o in outcomes {
        let _ = writeln!(s, "- **{}**: {}", o.key, md_escape(&o.describe));
        if let Some(c) = &o.conventions {
            for (k, v) in c {
                let v = v
                    .as_str()
                    .map(String::from)
                    .unwrap_or_else(|| v.to_string());
                let _ = writeln!(s, "  - {k}: {}", md_escape(&v));
            }
        }
    }
    s.push_str("\n## Failing cases\n");
    let mut any = false;
    for o in outcomes {
        for (f, rs) in by_family(o) {
            let fails = failing(&rs, strict);
            if fails.is_empty() {
                continue;
            }
            any = true;
            let _ = writeln!(s, "\n### <a id=\"{}-{f}\"></a>{} · {f}\n", o.key, o.key);
            for x in fails {
                let _ = writeln!(
                    s,
                    "- `{}` ({}): {}\n  - request: {}\n  - answer: `{}`",
                    x.name,
                    x.location,
                    md_escape(&x.message),
                    md_escape(&x.request),
                    md_escape(&x.answer).replace('`', "'")
                );
            }
        }
    }
    if !any {
        s.push_str("\nNone.\n");
    }
    s.push_str("\n## Known failures\n");
    let mut any = false;
    for o in outcomes {
        for (f, rs) in by_family(o) {
            let known = known_of(&rs, o);
            if known.is_empty() {
                continue;
            }
            any = true;
            let _ = writeln!(
                s,
                "\n### <a id=\"{}-{f}-known\"></a>{} · {f} (known)\n",
                o.key, o.key
            );
            for (name, why) in known {
                let _ = writeln!(s, "- `{name}`: {}", md_escape(&why));
            }
        }
    }
    if !any {
        s.push_str("\nNone.\n");
    }
    s
}

/// The matrix as one self-contained HTML page (no external assets).
pub fn html(suite: &Suite, outcomes: &[Outcome], strict: bool) -> String {
    let fams = families(suite);
    let mut s = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Xiangqi suite: implementations</title>\n<style>\nbody{font-family:system-ui,sans-serif;margin:2em;color:#222}\ntable{border-collapse:collapse;font-size:14px}\nth,td{border:1px solid #ccc;padding:4px 8px;text-align:center}\nth{background:#f2f2f2}\ntd.name{text-align:left;font-weight:bold}\ntd.ok{background:#e6f4e6}\ntd.known{background:#fdf1d6}\ntd.bad{background:#fbe3e3}\ntd.none{background:#f7f7f7;color:#999}\ntd.dead{background:#fbe3e3;text-align:left}\ncode{font-size:13px}\nli{margin:2px 0}\n</style>\n</head>\n<body>\n<h1>Implementations</h1>\n<p>The suite against every implementation this repository reaches (<code>xq-suite --report docs/</code>). ",
    );
    s.push_str(&escape(LEGEND));
    s.push_str(" Green: every case passed or was skipped; amber: known failures only; red: failures.</p>\n<table>\n<tr><th>implementation</th><th>time (s)</th>");
    for f in &fams {
        let _ = write!(s, "<th>{}</th>", escape(f));
    }
    s.push_str("</tr>\n");
    for o in outcomes {
        let _ = write!(
            s,
            "<tr><td class=\"name\" title=\"{}\">{}</td><td>{:.1}</td>",
            escape(&o.describe),
            escape(&o.key),
            o.seconds
        );
        if let Some(e) = &o.startup_error {
            let _ = writeln!(
                s,
                "<td class=\"dead\" colspan=\"{}\">not run: {}</td></tr>",
                fams.len(),
                escape(&crate::text::truncate(e))
            );
            continue;
        }
        let fam = by_family(o);
        for f in &fams {
            let c = cell_of(
                fam.get(f.as_str()).map(Vec::as_slice).unwrap_or(&[]),
                strict,
            );
            let class = if c.fail > 0 {
                "bad"
            } else if c.known > 0 {
                "known"
            } else if c.pass == 0 {
                "none"
            } else {
                "ok"
            };
            let anchor = format!("{}-{}", escape(&o.key), escape(f));
            let fail = if c.fail > 0 {
                format!("<a href=\"#{anchor}\">{} ✗</a>", c.fail)
            } else {
                "0".into()
            };
            let mut extra = String::new();
            if c.known > 0 {
                let _ = write!(extra, " <a href=\"#{anchor}-known\">+{}k</a>", c.known);
            }
            if c.tentative > 0 {
                let _ = write!(extra, " +{}t", c.tentative);
            }
            let _ = write!(
                s,
                "<td class=\"{class}\">{} / {fail} / {}{extra}</td>",
                c.pass, c.skip
            );
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n<h2>The implementations</h2>\n<ul>\n");
    for o in outcomes {
        let _ = write!(s, "<li><b>{}</b>: {}", escape(&o.key), escape(&o.describe));
        if let Some(c) = &o.conventions {
            s.push_str("<ul>");
            for (k, v) in c {
                let v = v
                    .as_str()
                    .map(String::from)
                    .unwrap_or_else(|| v.to_string());
                let _ = write!(s, "<li>{}: {}</li>", escape(k), escape(&v));
            }
            s.push_str("</ul>");
        }
        s.push_str("</li>\n");
    }
    s.push_str("</ul>\n<h2>Failing cases</h2>\n");
    let mut any = false;
    for o in outcomes {
        for (f, rs) in by_family(o) {
            let fails = failing(&rs, strict);
            if fails.is_empty() {
                continue;
            }
            any = true;
            let _ = writeln!(
                s,
                "<h3 id=\"{}-{}\">{} · {}</h3>\n<ul>",
                escape(&o.key),
                escape(f),
                escape(&o.key),
                escape(f)
            );
            for x in fails {
                let _ = writeln!(
                    s,
                    "<li><code>{}</code> ({}): {}<br>request: <code>{}</code><br>answer: <code>{}</code></li>",
                    escape(&x.name),
                    escape(&x.location),
                    escape(&x.message),
                    escape(&x.request),
                    escape(&x.answer)
                );
            }
            s.push_str("</ul>\n");
        }
    }
    if !any {
        s.push_str("<p>None.</p>\n");
    }
    s.push_str("<h2>Known failures</h2>\n");
    let mut any = false;
    for o in outcomes {
        for (f, rs) in by_family(o) {
            let known = known_of(&rs, o);
            if known.is_empty() {
                continue;
            }
            any = true;
            let _ = writeln!(
                s,
                "<h3 id=\"{}-{}-known\">{} · {} (known)</h3>\n<ul>",
                escape(&o.key),
                escape(f),
                escape(&o.key),
                escape(f)
            );
            for (name, why) in known {
                let _ = writeln!(
                    s,
                    "<li><code>{}</code>: {}</li>",
                    escape(name),
                    escape(&why)
                );
            }
            s.push_str("</ul>\n");
        }
    }
    if !any {
        s.push_str("<p>None.</p>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}

/// A description without this machine's paths to the repository, so that
/// the committed report does not depend on where it was written.
fn portable(describe: &str, root: &Path) -> String {
    let mut s = describe.to_string();
    for r in [Some(root.to_path_buf()), std::fs::canonicalize(root).ok()]
        .into_iter()
        .flatten()
    {
        let prefix = format!("{}/", r.display());
        s = s.replace(&prefix, "");
    }
    s
}

/// Runs the implementations (the one the options name, or every one this
/// repository reaches) and writes the matrix into `dir`; fails when one
/// that ran has failures.
pub fn main(suite: &Suite, dir: &Path, options: &mut Options) -> ExitCode {
    let exact = options.libtest.iter().any(|a| a == "--exact");
    let planned: Vec<Planned> = plan(suite, options.editions.as_deref())
        .into_iter()
        .filter(|p| crate::cli::selected(&p.name(), &options.filters, exact))
        .collect();
    let entries = if options.explicit {
        // The options' factory moves into the one entry; what is left in
        // its place is never started.
        let idle = Box::new(JsonLinesFactory {
            command: Vec::new(),
            timeout: options.timeout,
        });
        let factory = std::mem::replace(&mut options.factory, idle);
        let default = options.suite.join("harness/expectations/xq-oracle.yaml");
        let expectations = options
            .expectations
            .clone()
            .or_else(|| (options.builtin && default.exists()).then_some(default));
        vec![Entry {
            key: String::new(),
            factory,
            expectations,
        }]
    } else {
        entries(&options.suite, options.timeout, &suite.registry.editions)
    };
    let mut outcomes = Vec::new();
    for entry in entries {
        eprintln!(
            "xq-suite --report: {} …",
            if entry.key.is_empty() {
                entry.factory.describe()
            } else {
                entry.key.clone()
            }
        );
        let mut o = run_entry(entry, suite, &planned, options);
        o.describe = portable(&o.describe, &options.suite);
        match &o.startup_error {
            Some(e) => eprintln!("  not run: {e}"),
            None => {
                let c = cell_of(&o.results.iter().collect::<Vec<_>>(), options.strict);
                eprintln!(
                    "  {:.1} s: {} pass, {} fail, {} known, {} skip (cases)",
                    o.seconds, c.pass, c.fail, c.known, c.skip
                );
            }
        }
        outcomes.push(o);
    }
    let write = |name: &str, text: String| -> Result<(), String> {
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(dir.join(name), text))
            .map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))
    };
    let mut code = ExitCode::SUCCESS;
    for (name, text) in [
        (
            "implementations.md",
            markdown(suite, &outcomes, options.strict),
        ),
        (
            "implementations.html",
            html(suite, &outcomes, options.strict),
        ),
    ] {
        if let Err(e) = write(name, text) {
            eprintln!("xq-suite: {e}");
            code = ExitCode::from(2);
        }
    }
    // The implementation the command line names is the one the report is
    // for: if it cannot start, the report tests nothing and must not pass
    // (as an ordinary run exits 2 then). Among every implementation the
    // repository reaches, one that is not installed here is only "not run".
    if options.explicit {
        if let Some(e) = outcomes.iter().find_map(|o| o.startup_error.as_ref()) {
            eprintln!("xq-suite --report: the implementation did not start: {e}");
            return ExitCode::from(2);
        }
    }
    let failed: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.failed(options.strict))
        .map(|o| o.key.as_str())
        .collect();
    if !failed.is_empty() {
        eprintln!(
            "xq-suite --report: failures in {} (see the report's failing cases)",
            failed.join(", ")
        );
        if code == ExitCode::SUCCESS {
            code = ExitCode::FAILURE;
        }
    }
    code
}
