//! The runner's command line: its own options, then libtest's.
//!
//! Options the runner knows are taken out of the arguments; everything else
//! goes to libtest-mimic, so `--list`, filters, `--skip`, `--exact`,
//! `--format` and `--test-threads` behave as they do under `cargo test`.

use std::path::PathBuf;
use std::time::Duration;

use crate::case::Suite;
use crate::implementation::{Factory, JsonLinesFactory, OracleFactory, Pool};
use crate::report;
use crate::runner::{self, Expectations, Run};
use crate::uci::UciFactory;

pub const USAGE: &str = "\
xq-suite: run the xiangqi spec suite against an implementation

USAGE: xq-suite [RUNNER OPTIONS] [LIBTEST OPTIONS] [FILTER]

Which implementation (default: the built-in oracle, in-process):
  --oracle                 the built-in oracle, in-process
  --serve                  the oracle through `xq serve` (proves the protocol)
  --adapter 'CMD ARGS'     a program speaking spec/PROTOCOL.md (split on spaces)
  --uci 'CMD ARGS'         a UCI xiangqi engine, e.g. /usr/games/fairy-stockfish

Runner options:
  --suite DIR              the suite root holding spec/ and cases/ (default: this repository)
  --edition ID             only this edition (repeatable)
  --timeout SECS           per-request timeout (default 5)
  --expectations FILE      known failures of this implementation (YAML); the built-in
                           oracle uses harness/expectations/xq-oracle.yaml by default
  --json FILE              write a JSON report
  --junit FILE             write a JUnit XML report
  --write-expectations FILE
                           write this run's failures as an expectations file
  --coverage               print the per-clause coverage table and exit
  --diff-editions A B      list every case whose verdict differs between two editions
                           (the built-in oracle's answers) and exit
  --help-suite             this text

Libtest options (as for cargo test): --list, --exact, --skip PATTERN,
  --format pretty|terse|json, --test-threads N, --quiet, FILTER …
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
    pub coverage: bool,
    pub help: bool,
    /// Compare two editions instead of running the suite.
    pub diff_editions: Option<(String, String)>,
    /// The implementation is the built-in oracle (in-process or `xq serve`).
    pub builtin: bool,
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

impl Options {
    /// Splits the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options {
            suite: Suite::default_root(),
            factory: Box::new(OracleFactory),
            editions: None,
            expectations: None,
            json: None,
            junit: None,
            write_expectations: None,
            coverage: false,
            help: false,
            diff_editions: None,
            builtin: true,
            libtest: Vec::new(),
        };
        let mut timeout = Duration::from_secs(5);
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
                    if !(secs > 0.0 && secs.is_finite()) {
                        return Err("--timeout must be positive".into());
                    }
                    timeout = Duration::from_secs_f64(secs);
                }
                "--expectations" => o.expectations = Some(value("--expectations")?.into()),
                "--json" => o.json = Some(value("--json")?.into()),
                "--junit" => o.junit = Some(value("--junit")?.into()),
                "--write-expectations" => {
                    o.write_expectations = Some(value("--write-expectations")?.into())
                }
                "--coverage" => o.coverage = true,
                "--diff-editions" => {
                    let a = value("--diff-editions")?;
                    let b = it.next().ok_or("--diff-editions needs two edition ids")?;
                    o.diff_editions = Some((a, b));
                }
                "--help-suite" => o.help = true,
                _ => o.libtest.push(a),
            }
        }
        o.builtin = matches!(
            which.as_ref().map(|w| w.0.as_str()),
            None | Some("oracle") | Some("serve")
        );
        o.factory = match which {
            None => Box::new(OracleFactory),
            Some((kind, cmd)) => match kind.as_str() {
                "oracle" => Box::new(OracleFactory),
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
                }),
                _ => return Err(format!("--{kind} needs a command")),
            },
        };
        Ok(o)
    }
}

/// Runs the suite as the options say; returns the process exit code.
pub fn main_with(options: Options) -> std::process::ExitCode {
    use std::process::ExitCode;
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
    if let Some((a, b)) = &options.diff_editions {
        for e in [a, b] {
            if xq_oracle::edition::get(e).is_none() {
                eprintln!("xq-suite: unknown edition {e}");
                return ExitCode::from(2);
            }
        }
        let stdout = std::io::stdout();
        return match crate::diff::diff_editions(&suite, a, b, &mut stdout.lock()) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xq-suite: {e}");
                ExitCode::from(2)
            }
        };
    }
    let pool = match Pool::new(options.factory) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("xq-suite: cannot start the implementation: {e}");
            return ExitCode::from(2);
        }
    };
    // The built-in oracle carries its own known failures.
    let default_expectations = options.suite.join("harness/expectations/xq-oracle.yaml");
    let expectations_file = options.expectations.clone().or_else(|| {
        (options.builtin && default_expectations.exists()).then_some(default_expectations)
    });
    let expectations = match &expectations_file {
        None => Expectations::default(),
        Some(path) => match Expectations::load(path, &suite) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
    };
    let implementation = pool.describe();
    let run = Run::new(pool, expectations);
    let trials = runner::trials(&suite, &run, options.editions.as_deref());
    let mut libtest_args = vec!["xq-suite".to_string()];
    libtest_args.extend(options.libtest);
    let args = libtest_mimic::Arguments::from_iter(libtest_args);
    if !args.list && !args.quiet && args.format != Some(libtest_mimic::FormatSetting::Json) {
        eprintln!(
            "xq-suite: {} case(s) against {implementation}",
            suite.cases.len()
        );
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let results = run.results();
    let write = |path: &PathBuf, text: String| {
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("xq-suite: cannot write {}: {e}", path.display());
        }
    };
    if let Some(p) = &options.json {
        write(p, report::json(&implementation, &results));
    }
    if let Some(p) = &options.junit {
        write(p, report::junit(&implementation, &results));
    }
    if let Some(p) = &options.write_expectations {
        let e = Expectations::from_results(&implementation, &results);
        write(p, serde_yaml::to_string(&e).unwrap_or_default());
    }
    drop(run);
    conclusion.exit_code()
}
