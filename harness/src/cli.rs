//! The runner's command line: its own options, then libtest's.
//!
//! Options the runner knows are taken out of the arguments; name filters
//! (any number, as with `cargo test`) are applied by the runner; the rest
//! goes to libtest-mimic, so `--list`, `--skip`, `--exact`, `--format` and
//! `--test-threads` behave as they do under `cargo test`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::case::Suite;
use crate::expectations::Expectations;
use crate::implementation::{builtin, Factory, JsonLinesFactory, Pool};
use crate::report;
use crate::runner::{self, CaseResult, Run, Settings, Status};
use crate::uci::UciFactory;

pub const USAGE: &str = "\
xq-suite: run the xiangqi spec suite against an implementation

USAGE: xq-suite [RUNNER OPTIONS] [LIBTEST OPTIONS] [FILTER …]

Which implementation (default: the built-in oracle, in-process):
  --oracle                 the built-in oracle, in-process
  --serve                  the oracle through `xq serve` (proves the protocol)
  --adapter 'CMD ARGS'     a program speaking spec/PROTOCOL.md (split on spaces)
  --uci 'CMD ARGS'         a UCI xiangqi engine, e.g. /usr/games/fairy-stockfish

Runner options:
  --suite DIR              the suite root holding spec/ and cases/ (default: this repository)
  --edition ID             only this edition (repeatable)
  --timeout SECS           base time per request (default 5; perft cases get more in
                           proportion to their node count; the handshake's time_scale,
                           at most 10, multiplies it; never more than 30 minutes)
  --expectations FILE      known failures of this implementation (YAML); the built-in
                           oracle uses harness/expectations/xq-oracle.yaml by default
  --strict                 tentative cases' failures fail the run too
  --allow-empty            a run in which nothing was tested is not an error
  --allow-placeholders     accept placeholder (TODO) reasons in the expectations file
  --json FILE              write a JSON report
  --junit FILE             write a JUnit XML report
  --write-expectations FILE
                           write this run's failures as an expectations file
  --report DIR             run every implementation this repository has (or only the
                           one --adapter, --uci, --oracle or --serve names, with
                           --expectations) on the trials the filters select, and write
                           the conformance matrix (DIR/implementations.md and .html);
                           fails when one that ran has failures; see README
  --coverage               print the per-clause coverage table and exit
  --diff-editions A B      list every case whose verdict differs between two editions
                           (the built-in oracle's answers) and exit
  --help-suite             this text

Trials are named `<case id>` for questions asked once (legal-moves, is-legal,
status, perft, convert, position) and `<case id>::<edition>` for rulings and
classifications. A FILTER selects trials whose name contains it; several
filters select the trials any of them selects.

Libtest options (as for cargo test): --list, --exact, --skip PATTERN,
  --format pretty|terse|json, --test-threads N, --quiet
";

/// The runner's own options.
pub struct Options {
    pub suite: PathBuf,
    pub factory: Box<dyn Factory>,
    pub editions: Option<Vec<String>>,
    pub expectations: Option<PathBuf>,
    pub json: Option<PathBuf>,
    pub junit: Option<PathBuf>,
    pub write_expectations: Option<PathBuf>,
    pub report: Option<PathBuf>,
    pub coverage: bool,
    pub help: bool,
    pub strict: bool,
    pub allow_empty: bool,
    pub allow_placeholders: bool,
    pub timeout: Duration,
    /// Compare two editions instead of running the suite.
    pub diff_editions: Option<(String, String)>,
    /// The implementation is the built-in oracle (in-process or `xq serve`).
    pub builtin: bool,
    /// An implementation was named (`--oracle`, `--serve`, `--adapter`,
    /// `--uci`): `--report` reports that one alone.
    pub explicit: bool,
    /// Name filters (any matches).
    pub filters: Vec<String>,
    /// What is left for libtest.
    pub libtest: Vec<String>,
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// The `xq` binary built alongside this one.
pub fn sibling_xq() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    let mut dir = exe.parent().map(PathBuf::from).unwrap_or_default();
    // Test binaries live in target/<profile>/deps.
    if dir.ends_with("deps") {
        dir.pop();
    }
    dir.join(format!("xq{}", std::env::consts::EXE_SUFFIX))
}

/// Libtest options that take a value (as a separate argument).
const LIBTEST_VALUED: [&str; 6] = [
    "--skip",
    "--format",
    "--test-threads",
    "--logfile",
    "--color",
    "-Z",
];

/// The longest `--timeout` accepted: a day.
const MAX_TIMEOUT_SECS: f64 = 86_400.0;

impl Options {
    /// Splits the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options {
            suite: Suite::default_root(),
            factory: builtin(),
            editions: None,
            expectations: None,
            json: None,
            junit: None,
            write_expectations: None,
            report: None,
            coverage: false,
            help: false,
            strict: false,
            allow_empty: false,
            allow_placeholders: false,
            timeout: Duration::from_secs(5),
            diff_editions: None,
            builtin: true,
            explicit: false,
            filters: Vec::new(),
            libtest: Vec::new(),
        };
        let mut which: Option<(String, Vec<String>)> = None;
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
            match a.as_str() {
                "--oracle" => which = Some(("oracle".into(), vec![])),
                "--serve" => which = Some(("serve".into(), vec![])),
                "--adapter" => which = Some(("adapter".into(), words(&value("--adapter")?))),
                "--uci" => which = Some(("uci".into(), words(&value("--uci")?))),
                "--suite" => o.suite = PathBuf::from(value("--suite")?),
                "--edition" => o
                    .editions
                    .get_or_insert_with(Vec::new)
                    .push(value("--edition")?),
                "--timeout" => {
                    let v = value("--timeout")?;
                    let secs: f64 = v
                        .parse()
                        .map_err(|_| format!("--timeout takes seconds, not {v:?}"))?;
                    if !(secs > 0.0 && secs <= MAX_TIMEOUT_SECS) {
                        return Err(format!(
                            "--timeout must be above 0 and at most {MAX_TIMEOUT_SECS} seconds, not {v}"
                        ));
                    }
                    o.timeout = Duration::from_secs_f64(secs);
                }
                "--expectations" => o.expectations = Some(value("--expectations")?.into()),
                "--json" => o.json = Some(value("--json")?.into()),
                "--junit" => o.junit = Some(value("--junit")?.into()),
                "--report" => o.report = Some(value("--report")?.into()),
                "--write-expectations" => {
                    o.write_expectations = Some(value("--write-expectations")?.into())
                }
                "--strict" => o.strict = true,
                "--allow-empty" => o.allow_empty = true,
                "--allow-placeholders" => o.allow_placeholders = true,
                "--coverage" => o.coverage = true,
                "--diff-editions" => {
                    let a = value("--diff-editions")?;
                    let b = it.next().ok_or("--diff-editions needs two edition ids")?;
                    o.diff_editions = Some((a, b));
                }
                "--help-suite" => o.help = true,
                "--test-threads" => {
                    let v = value("--test-threads")?;
                    match v.parse::<usize>() {
                        Ok(n) if n > 0 => o.libtest.extend([a.clone(), v]),
                        _ => {
                            return Err(format!(
                                "--test-threads takes a number of threads above 0, not {v:?}"
                            ))
                        }
                    }
                }
                s if s.starts_with("--test-threads=") => {
                    let v = &s["--test-threads=".len()..];
                    if !v.parse::<usize>().is_ok_and(|n| n > 0) {
                        return Err(format!(
                            "--test-threads takes a number of threads above 0, not {v:?}"
                        ));
                    }
                    o.libtest.push(a);
                }
                s if LIBTEST_VALUED.contains(&s) => {
                    let v = value(s)?;
                    o.libtest.extend([a.clone(), v]);
                }
                s if s.starts_with('-') => o.libtest.push(a),
                _ => o.filters.push(a),
            }
        }
        // The suite's own editions; a suite that does not load is reported
        // when it is loaded.
        let known =
            crate::registry::load_editions(&o.suite.join("spec/editions")).unwrap_or_default();
        for e in o.editions.iter().flatten() {
            if !known.is_empty() && !known.contains(e) {
                return Err(format!(
                    "unknown edition {e:?} (known: {})",
                    known.join(", ")
                ));
            }
        }
        o.explicit = which.is_some();
        o.builtin = matches!(
            which.as_ref().map(|w| w.0.as_str()),
            None | Some("oracle") | Some("serve")
        );
        let timeout = o.timeout;
        o.factory = match which {
            None => builtin(),
            Some((kind, cmd)) => match kind.as_str() {
                "oracle" => builtin(),
                "serve" => Box::new(JsonLinesFactory {
                    command: vec![sibling_xq().display().to_string(), "serve".into()],
                    timeout,
                }),
                "adapter" if !cmd.is_empty() => Box::new(JsonLinesFactory {
                    command: cmd,
                    timeout,
                }),
                "uci" if !cmd.is_empty() => Box::new(UciFactory {
                    command: cmd,
                    timeout,
                    editions: known,
                }),
                _ => return Err(format!("--{kind} needs a command")),
            },
        };
        Ok(o)
    }
}

/// Writes a report file; the error names the file.
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes every report the options ask for; returns the failures.
fn write_reports(
    options: &Options,
    implementation: &report::Implementation,
    results: &[CaseResult],
    previous: Option<&Expectations>,
) -> Vec<String> {
    let mut errors = Vec::new();
    if let Some(p) = &options.json {
        if let Err(e) = write_file(
            p,
            &report::json(implementation, results, options.strict, options.allow_empty),
        ) {
            errors.push(e);
        }
    }
    if let Some(p) = &options.junit {
        if let Err(e) = write_file(
            p,
            &report::junit(&implementation.describe, results, options.strict),
        ) {
            errors.push(e);
        }
    }
    if let Some(p) = &options.write_expectations {
        let e = crate::expectations::from_results(&implementation.name, results, previous);
        let text = serde_yaml::to_string(&e).unwrap_or_default();
        let text = format!(
            "# Written by xq-suite --write-expectations: replace every placeholder\n# reason (it quotes the failure) with why the case fails (a rules difference\n# or a bug); reasons already written are kept. A run refuses placeholders\n# unless --allow-placeholders is given.\n{text}"
        );
        if let Err(e) = write_file(p, &text) {
            errors.push(e);
        }
    }
    errors
}

/// Name filtering as `cargo test` does it, with any number of filters.
pub(crate) fn selected(name: &str, filters: &[String], exact: bool) -> bool {
    filters.is_empty()
        || filters.iter().any(|f| {
            if exact {
                name == f
            } else {
                name.contains(f.as_str())
            }
        })
}

/// What libtest's summary cannot say, on stderr after it: libtest counts
/// known failures, skips and forgiven tentative failures alike as
/// "ignored", so the counts by status follow, then each tentative failure
/// on a line of its own.
pub fn outcome_lines(results: &[CaseResult], strict: bool) -> String {
    let mut settled = report::Summary::default();
    let mut tentative = report::Summary::default();
    for r in results {
        if r.tentative.is_some() {
            tentative.add(r.status);
        } else {
            settled.add(r.status);
        }
    }
    let count = |s: &report::Summary| {
        format!(
            "{} passed, {} failed, {} errors, {} known failures, {} stale, {} skipped",
            s.pass, s.fail, s.error, s.xfail, s.xpass, s.skip
        )
    };
    let mut out = format!("xq-suite: {}\n", count(&settled));
    let failing: Vec<&CaseResult> = results
        .iter()
        .filter(|r| r.tentative.is_some() && r.status.is_failure())
        .collect();
    if tentative != report::Summary::default() {
        out.push_str(&format!(
            "xq-suite: tentative cases: {}\n",
            count(&tentative)
        ));
    }
    if !failing.is_empty() {
        out.push_str(&format!(
            "xq-suite: {} tentative failure(s){}:\n",
            failing.len(),
            if strict {
                ""
            } else {
                " (not counted; --strict counts them)"
            }
        ));
        for r in failing {
            out.push_str(&format!(
                "  {}: {}\n",
                r.name,
                crate::text::truncate(r.message.as_deref().unwrap_or(""))
            ));
        }
    }
    out
}

/// Runs the suite as the options say; returns the process exit code.
pub fn main_with(mut options: Options) -> ExitCode {
    if options.help {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let suite = match Suite::load(&options.suite) {
        Ok(s) => s,
        Err(errors) => {
            for e in &errors {
                eprintln!("{e}");
            }
            eprintln!(
                "xq-suite: the suite does not load ({} error(s))",
                errors.len()
            );
            return ExitCode::from(2);
        }
    };
    if options.coverage {
        print!("{}", report::coverage_table(&suite));
        return ExitCode::SUCCESS;
    }
    if let Some(dir) = &options.report {
        let dir = dir.clone();
        return crate::conformance::main(&suite, &dir, &mut options);
    }
    if let Some((a, b)) = &options.diff_editions {
        for e in [a, b] {
            if !suite.registry.has_edition(e) {
                eprintln!(
                    "xq-suite: unknown edition {e:?} (known: {})",
                    suite.registry.editions.join(", ")
                );
                return ExitCode::from(2);
            }
        }
        #[cfg(not(feature = "oracle"))]
        {
            eprintln!("xq-suite: --diff-editions compares the built-in oracle's answers, and this build has no oracle (cargo feature `oracle`)");
            return ExitCode::from(2);
        }
        #[cfg(feature = "oracle")]
        let stdout = std::io::stdout();
        #[cfg(feature = "oracle")]
        return match crate::diff::diff_editions(
            &suite,
            a,
            b,
            &xq_render::protocol::answer,
            &mut stdout.lock(),
        ) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xq-suite: {e}");
                ExitCode::from(2)
            }
        };
    }
    // The built-in oracle carries its own known failures.
    let default_expectations = options.suite.join("harness/expectations/xq-oracle.yaml");
    let expectations_file = options.expectations.clone().or_else(|| {
        (options.builtin && default_expectations.exists()).then_some(default_expectations)
    });
    let expectations = match &expectations_file {
        None => Expectations::default(),
        Some(path) => match crate::expectations::load(path, &suite, options.allow_placeholders) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
    };
    let mut libtest_args = vec!["xq-suite".to_string()];
    libtest_args.extend(options.libtest.iter().cloned());
    let args = libtest_mimic::Arguments::from_iter(libtest_args);
    let planned: Vec<_> = runner::plan(&suite, options.editions.as_deref())
        .into_iter()
        .filter(|p| selected(&p.name(), &options.filters, args.exact))
        .collect();
    if args.list {
        // Listing names the trials; it needs no implementation, so none is
        // started (no handshake to wait for).
        let trials = planned
            .iter()
            .map(|p| {
                libtest_mimic::Trial::test(p.name(), || Ok(()))
                    .with_kind(p.case.family().to_string())
            })
            .collect();
        let _ = libtest_mimic::run(&args, trials);
        return ExitCode::SUCCESS;
    }
    let describe = options.factory.describe();
    let factory = std::mem::replace(&mut options.factory, builtin());
    let pool = match Pool::new(factory) {
        Ok(p) => p,
        Err(e) => {
            // Every case errored, with the reason, in every report asked for.
            eprintln!("xq-suite: cannot start the implementation ({describe}): {e}");
            let results: Vec<CaseResult> = planned
                .iter()
                .map(|p| {
                    let mut r = Run::blank(p);
                    r.status = Status::Error;
                    r.message = Some(format!("cannot start the implementation: {e}"));
                    r
                })
                .collect();
            let imp = report::Implementation {
                name: describe.clone(),
                version: String::new(),
                describe: describe.clone(),
                conventions: None,
                limits: None,
            };
            for e in write_reports(&options, &imp, &results, None) {
                eprintln!("xq-suite: {e}");
            }
            return ExitCode::from(2);
        }
    };
    let imp = report::Implementation::of(&pool);
    let settings = Settings {
        timeout: options.timeout,
        strict: options.strict,
    };
    let previous = expectations_file.is_some().then(|| expectations.clone());
    let run = Run::new(pool, expectations, settings);
    let trials = runner::trials(planned, &run, options.editions.as_deref());
    if !args.quiet && args.format != Some(libtest_mimic::FormatSetting::Json) {
        eprintln!(
            "xq-suite: {} trial(s) of {} case(s) against {}",
            trials.len(),
            suite.cases.len(),
            imp.describe
        );
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let results = run.results();
    let mut code = conclusion.exit_code();
    // A tentative failure alone does not fail the run (libtest saw it as ignored).
    for e in write_reports(&options, &imp, &results, previous.as_ref()) {
        eprintln!("xq-suite: {e}");
        code = ExitCode::from(2);
    }
    if !results.iter().any(|r| r.status.ran()) && !options.allow_empty {
        let why = results
            .iter()
            .filter_map(|r| r.message.as_deref())
            .next()
            .unwrap_or("no trial matched the filters");
        eprintln!(
            "xq-suite: nothing was tested: {} trial(s), all skipped or filtered out (for example: {why}); pass --allow-empty if that is intended",
            results.len()
        );
        code = ExitCode::from(2);
    }
    if !args.quiet && args.format != Some(libtest_mimic::FormatSetting::Json) {
        eprint!("{}", outcome_lines(&results, options.strict));
    }
    drop(run);
    code
}
