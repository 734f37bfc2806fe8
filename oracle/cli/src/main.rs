//! `xq`: the oracle on the command line. Its output is a stable interface,
//! documented in `spec/CLI.md`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Parser, Subcommand, ValueEnum};
use xq_core::excerpt::Excerpt;
use xq_core::perft::{divide, perft, MAX_DEPTH};
use xq_core::{format_move, Game, Notation, Position, Validation};
use xq_oracle::repetition::SearchLimits;
use xq_oracle::ruling::RecordError;
use xq_render::picture::{self, PictureOptions};
use xq_render::{Lang, Speak};

use xq_cli::bulk::ProgressMode;
use xq_cli::convert;
use xq_cli::edition_ids;
use xq_cli::failure::Failure;
use xq_cli::input::MoveList;
use xq_cli::message::one_line;
use xq_cli::rule_records::{self, RecordOutput};
use xq_cli::serve::{self, Limits};

/// The deepest `--kill-depth` accepted (the searches' own documented maximum).
const MAX_KILL_DEPTH: u32 = SearchLimits::MAX_KILL_DEPTH;
/// The most `--check-win-depth` accepted.
const MAX_CHECK_WIN_DEPTH: u32 = SearchLimits::MAX_CHECK_WIN_DEPTH;

#[derive(Parser)]
#[command(name = "xq", version, about = "Xiangqi (象棋) rules oracle")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The position arguments shared by every command.
#[derive(clap::Args)]
struct PositionArgs {
    /// The start position as a FEN, or `startpos`.
    #[arg(long, default_value = "startpos", allow_hyphen_values = true)]
    fen: String,
    /// Moves to play first, in ICCS, WXF or Chinese notation, separated by
    /// spaces or commas; `-` reads them from standard input.
    #[arg(long, allow_hyphen_values = true)]
    moves: Option<String>,
    /// Read the moves from a file (at most 4 MiB) instead of --moves.
    #[arg(long, value_name = "PATH", conflicts_with = "moves")]
    moves_file: Option<PathBuf>,
    /// Accept composed positions: waive the piece-count and placement checks
    /// (never the kings-facing or side-not-to-move-in-check checks).
    #[arg(long)]
    relaxed: bool,
}

impl PositionArgs {
    fn validation(&self) -> Validation {
        if self.relaxed {
            Validation::Relaxed
        } else {
            Validation::Strict
        }
    }

    fn start(&self) -> Result<Position, Failure> {
        self.start_in(Lang::En)
    }

    /// The start position, a bad FEN said in `lang`.
    fn start_in(&self, lang: Lang) -> Result<Position, Failure> {
        Position::from_fen_with(&self.fen, self.validation())
            .map_err(|e| Failure::Input(e.speak(lang)))
    }

    fn move_list(&self) -> Result<MoveList, Failure> {
        MoveList::from_options(self.moves.as_deref(), self.moves_file.as_deref())
    }

    fn game(&self) -> Result<Game, Failure> {
        let start = self.start()?;
        let list = self.move_list()?;
        Game::from_texts(start, &list.texts()).map_err(|e| list.locate(&e))
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// How the records named on the command line are read.
#[derive(clap::Args)]
struct ReadArgs {
    /// The records' format, instead of telling it from the bytes: pgn,
    /// wxf, xqf, dhtmlxq, cbr or cbl.
    #[arg(long, value_name = "FORMAT", visible_alias = "format-of",
          value_parser = |s: &str| s.parse::<xq_records::Format>())]
    input_format: Option<xq_records::Format>,
    /// The text encoding of PGN, WXF text and web pages, instead of
    /// telling it from the bytes: utf-8, gb18030 (gbk), big5.
    #[arg(long, value_parser = |s: &str| s.parse::<xq_records::TextEncoding>())]
    encoding: Option<xq_records::TextEncoding>,
    /// Read move texts strictly: a move that leaves out its 前/后 marker is
    /// an error even when only one piece can legally make it (to lint
    /// records). By default such a move is read by legality, with a
    /// warning.
    #[arg(long)]
    strict: bool,
}

impl ReadArgs {
    fn options(&self) -> xq_records::ReadOptions {
        xq_records::ReadOptions {
            format: self.input_format,
            encoding: self.encoding,
            reading: if self.strict {
                xq_records::Reading::Strict
            } else {
                xq_records::Reading::ByLegality
            },
        }
    }
}

/// A parser for a vocabulary of another crate (which cannot derive
/// `ValueEnum` for it): exactly the names `name` gives its values, listed in
/// the help and in the error for any other word.
fn one_of<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    name: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(all.iter().map(|&v| name(v))).map(move |s| {
        all.iter()
            .copied()
            .find(|&v| name(v) == s)
            .expect("the parser accepts only these names")
    })
}

/// A number no larger than `max`, with an error that names the maximum.
fn at_most(max: u32, what: &'static str) -> impl Fn(&str) -> Result<u32, String> + Clone {
    move |s: &str| {
        let n: u32 = s
            .parse()
            .map_err(|e| format!("expected a whole number from 0 to {max}: {e}"))?;
        if n > max {
            Err(format!("{n} is beyond the maximum {what}, {max}"))
        } else {
            Ok(n)
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree.
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        /// The depth in plies, from 0 to 32.
        #[arg(long, allow_hyphen_values = true,
              value_parser = at_most(MAX_DEPTH, "perft depth"))]
        depth: u32,
        /// Print `MOVE: COUNT` for every legal move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves in ICCS, one per line.
    Legal {
        #[command(flatten)]
        pos: PositionArgs,
    },
    /// Report check, the number of legal moves, and the result.
    Status {
        #[command(flatten)]
        pos: PositionArgs,
        /// The rules edition whose result for 困毙 applies (see `xq editions`).
        #[arg(long, default_value = xq_oracle::edition::DEFAULT)]
        edition: String,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Convert the moves into another notation, one per line; or records
    /// (any format) into PGN or XQF.
    Convert(ConvertArgs),
    /// Print the canonical FEN of the position after the moves.
    Fen {
        #[command(flatten)]
        pos: PositionArgs,
    },
    /// Speak the suite protocol (JSON lines on stdin/stdout, spec/PROTOCOL.md).
    Serve {
        /// The time one request may take, in milliseconds; a perft still
        /// running then is stopped and answered with an error.
        #[arg(long, default_value_t = serve::BUDGET.as_millis() as u64,
              value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        budget_ms: u64,
        /// The longest request line read, in bytes.
        #[arg(long, default_value_t = serve::MAX_LINE as u64,
              value_parser = clap::value_parser!(u64).range(64..=(1 << 30)))]
        max_line: u64,
    },
    /// Rule on the game: mate or 困毙, else the repetition cycle ending at
    /// the last move (棋例), else nothing.
    Rule(RuleArgs),
    /// Run the whole suite under two editions and list every case whose
    /// verdict differs (the suite's cases, asked in-process).
    DiffEditions { a: String, b: String },
    /// List the rules editions.
    Editions {
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// The arbiter's desk (裁判台) in a browser: a local web server with one
    /// page to open a record, step to a ruling point and read the ruling.
    Desk {
        #[command(flatten)]
        args: xq_cli::desk::DeskArgs,
    },
}

/// The arguments of `xq convert`.
#[derive(clap::Args)]
struct ConvertArgs {
    /// Record files or directories (`-`: standard input) to convert
    /// instead of --moves.
    #[arg(value_name = "GAME", conflicts_with_all = ["moves", "moves_file", "fen", "relaxed"])]
    games: Vec<PathBuf>,
    #[command(flatten)]
    pos: PositionArgs,
    #[command(flatten)]
    read: ReadArgs,
    #[arg(long, value_enum)]
    to: convert::Target,
    /// The move notation of PGN output.
    #[arg(long, default_value = "chinese",
          value_parser = one_of(&Notation::ALL, Notation::name))]
    notation: Notation,
    /// The XQF version written (10 plain, 11-18 encrypted).
    #[arg(long, default_value_t = 18, allow_hyphen_values = true,
          value_parser = at_most(18, "XQF version"))]
    xqf_version: u32,
    /// Leave the comments out of PGN.
    #[arg(long)]
    no_comments: bool,
    /// Leave the variations out of PGN.
    #[arg(long)]
    no_variations: bool,
    /// Write XQF even where it cannot hold everything the record says
    /// (each thing left out is listed on standard error); without it,
    /// such a record is refused.
    #[arg(long)]
    lossy: bool,
    /// Write to this file instead of standard output (written whole or
    /// not at all: a failing run leaves an existing file as it was; an
    /// input is never overwritten).
    #[arg(long, short, value_name = "PATH")]
    output: Option<PathBuf>,
}

/// The arguments of `xq rule`.
#[derive(clap::Args)]
struct RuleArgs {
    /// Record files (PGN, WXF text, XQF, DhtmlXQ, CBR, CBL), directories
    /// (walked for them) or `-` (standard input), ruled game by game
    /// instead of --moves.
    #[arg(value_name = "GAME", conflicts_with_all = ["moves", "moves_file", "fen", "relaxed"])]
    games: Vec<PathBuf>,
    #[command(flatten)]
    pos: PositionArgs,
    #[command(flatten)]
    read: ReadArgs,
    /// Records: rule the final position only, not every point.
    #[arg(long)]
    final_only: bool,
    /// Records: only the Nth game of the input (from 1, across files).
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// Records, --format svg or board: the point to show (from 1, in
    /// the order of the text ruling); default the one that decided the
    /// game, else the last.
    #[arg(long, value_name = "N")]
    point: Option<usize>,
    /// Records: the threads that rule (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Records: the progress bar on standard error.
    #[arg(long, value_enum, default_value = "auto")]
    progress: ProgressMode,
    /// The rules edition (see `xq editions`).
    #[arg(long, default_value = xq_oracle::edition::DEFAULT)]
    edition: String,
    #[arg(long, value_enum, default_value = "text")]
    format: RecordOutput,
    /// The language of the text, the pictures and, when given, of the
    /// errors on standard error (English otherwise) [default: zh].
    #[arg(long, value_parser = one_of(&Lang::ALL, Lang::name))]
    lang: Option<Lang>,
    /// Label the pictures' files and ranks in ICCS (a-i, 0-9) instead of
    /// the players' file numbers.
    #[arg(long)]
    iccs_labels: bool,
    /// 杀: the longest mate by consecutive checks looked for (attacker
    /// moves, at most 6).
    #[arg(long, default_value_t = SearchLimits::default().kill_depth, allow_hyphen_values = true,
          value_parser = at_most(MAX_KILL_DEPTH, "kill depth"))]
    kill_depth: u32,
    /// 捉: how many checks may precede a winning capture (0: none; at
    /// most 3).
    #[arg(long, default_value_t = SearchLimits::default().check_win_depth, allow_hyphen_values = true,
          value_parser = at_most(MAX_CHECK_WIN_DEPTH, "check-win depth"))]
    check_win_depth: u32,
    /// The positions one move's classification may expand (at most
    /// 50,000,000); a move whose searches run out is marked as not
    /// fully examined.
    #[arg(long, default_value_t = SearchLimits::default().nodes_per_move)]
    nodes_per_move: u64,
    /// The positions the whole cycle's classification may expand,
    /// shared among its moves (at most 500,000,000).
    #[arg(long, default_value_t = SearchLimits::default().nodes_per_cycle)]
    nodes_per_cycle: u64,
    /// Records: the positions all the rulings of one game may expand
    /// together, shared by its points (at most 5,000,000,000); the
    /// points it cuts short are listed.
    #[arg(long, default_value_t = SearchLimits::default().nodes_per_game)]
    nodes_per_game: u64,
    /// Stop the searches after this many milliseconds (per game for
    /// records); what they could not finish is listed. Default: no
    /// time limit (the node budgets bound the work).
    #[arg(long)]
    time_limit_ms: Option<u64>,
}

/// An I/O error on standard output.
fn output(e: std::io::Error) -> Failure {
    Failure::Environment(format!("cannot write the output: {e}"))
}

fn json(v: &impl serde::Serialize, pretty: bool) -> String {
    let s = if pretty {
        serde_json::to_string_pretty(v)
    } else {
        serde_json::to_string(v)
    };
    s.expect("the oracle's answers always serialize")
}

fn edition(id: &str) -> Result<&'static xq_oracle::edition::Edition, Failure> {
    xq_oracle::edition::get(id).ok_or_else(|| {
        Failure::Input(format!(
            "unknown edition {} (known: {})",
            Excerpt(id),
            edition_ids().join(", ")
        ))
    })
}

fn run(cli: Cli, out: &mut impl Write) -> Result<(), Failure> {
    match cli.command {
        Command::Perft { pos, depth, divide } => perft_command(&pos, depth, divide, out),
        Command::Legal { pos } => legal(&pos, out),
        Command::Status {
            pos,
            edition,
            format,
        } => status(&pos, &edition, format, out),
        Command::Convert(args) => convert_command(args, out),
        Command::Fen { pos } => fen(&pos, out),
        Command::Serve {
            budget_ms,
            max_line,
        } => serve_command(budget_ms, max_line, out),
        Command::Rule(args) => rule(args, out),
        Command::DiffEditions { a, b } => diff_editions(&a, &b, out),
        Command::Desk { args } => {
            xq_cli::desk::run(&args).map_err(|e| Failure::Environment(format!("desk: {e}")))
        }
        Command::Editions { format } => editions(format, out),
    }
}

/// `xq perft`: the leaf count, or with `--divide` the count below each move
/// and then the total.
fn perft_command(
    pos: &PositionArgs,
    depth: u32,
    div: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let game = pos.game()?;
    let bad = |e: xq_core::perft::PerftError| Failure::Input(e.to_string());
    if div {
        let mut total = 0;
        for (m, n) in divide(game.current(), depth).map_err(bad)? {
            writeln!(out, "{m}: {n}").map_err(output)?;
            total += n;
        }
        writeln!(out, "{}", if depth == 0 { 1 } else { total }).map_err(output)?;
    } else {
        let n = perft(game.current(), depth).map_err(bad)?;
        writeln!(out, "{n}").map_err(output)?;
    }
    Ok(())
}

/// `xq legal`: the legal moves in ICCS, one per line.
fn legal(pos: &PositionArgs, out: &mut impl Write) -> Result<(), Failure> {
    for m in pos.game()?.current().legal_moves() {
        writeln!(out, "{m}").map_err(output)?;
    }
    Ok(())
}

/// `xq status`: check, the number of legal moves and the result.
fn status(
    pos: &PositionArgs,
    edition_id: &str,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let edition = edition(edition_id)?;
    let status = xq_oracle::status::status(pos.game()?.current(), edition);
    match format {
        Format::Json => writeln!(out, "{}", json(&status, false)).map_err(output)?,
        Format::Text => {
            writeln!(out, "in_check: {}", status.in_check).map_err(output)?;
            writeln!(out, "legal_moves: {}", status.legal_moves).map_err(output)?;
            writeln!(out, "result: {}", status.result.as_str()).map_err(output)?;
            let reason = status.reason.map_or("none", |r| r.as_str());
            writeln!(out, "reason: {reason}").map_err(output)?;
        }
    }
    Ok(())
}

/// `xq convert`: record files through [`convert::run`]; a move list as one
/// move a line on standard output, or as a record like a game read.
fn convert_command(args: ConvertArgs, out: &mut impl Write) -> Result<(), Failure> {
    let ConvertArgs {
        games,
        pos,
        read,
        to,
        notation,
        xqf_version,
        no_comments,
        no_variations,
        lossy,
        output: path,
    } = args;
    let request = convert::Request {
        paths: games,
        read: read.options(),
        to,
        notation,
        comments: !no_comments,
        variations: !no_variations,
        xqf_version: xqf_version as u8,
        lossy,
        output: path,
    };
    if !request.paths.is_empty() {
        return convert::run(request, out);
    }
    let game = pos.game()?;
    match to {
        convert::Target::Moves(n) if request.output.is_none() => {
            for (p, &m) in game.positions().iter().zip(game.moves()) {
                writeln!(out, "{}", format_move(p, m, n)).map_err(output)?;
            }
        }
        _ => convert::run_game(&request, &game, out)?,
    }
    Ok(())
}

/// `xq fen`: the canonical FEN after the moves.
fn fen(pos: &PositionArgs, out: &mut impl Write) -> Result<(), Failure> {
    writeln!(out, "{}", pos.game()?.current().fen()).map_err(output)
}

/// `xq serve`: the suite protocol on standard input and output.
fn serve_command(budget_ms: u64, max_line: u64, out: &mut impl Write) -> Result<(), Failure> {
    let limits = Limits {
        max_line: max_line as usize,
        budget: Duration::from_millis(budget_ms),
    };
    serve::serve(std::io::stdin().lock(), out, limits)
        .map_err(|e| Failure::Environment(format!("serve stopped: {e}")))
}

/// `xq rule`: record files through [`rule_records::run`]; a move list
/// ruled at its final position, in words, JSON or a picture.
fn rule(args: RuleArgs, out: &mut impl Write) -> Result<(), Failure> {
    let RuleArgs {
        games,
        pos,
        read,
        final_only,
        game,
        point,
        jobs,
        progress,
        edition: id,
        format,
        lang,
        kill_depth,
        check_win_depth,
        nodes_per_move,
        nodes_per_cycle,
        nodes_per_game,
        time_limit_ms,
        iccs_labels,
    } = args;
    let edition = edition(&id)?;
    let limits = SearchLimits {
        kill_depth,
        check_win_depth,
        nodes_per_move,
        nodes_per_cycle,
        nodes_per_game,
    };
    limits.validate().map_err(Failure::Usage)?;
    // Standard error stays English unless a language is asked for:
    // scripts read it.
    let errors = lang.unwrap_or(Lang::En);
    let lang = lang.unwrap_or(Lang::Zh);
    let options = xq_oracle::ruling::RulingOptions {
        limits,
        time_limit: time_limit_ms.map(std::time::Duration::from_millis),
        ..Default::default()
    };
    let picture = PictureOptions {
        lang,
        iccs: iccs_labels,
        flipped: false,
    };
    if !games.is_empty() {
        let request = rule_records::Request {
            paths: games,
            read: read.options(),
            settings: xq_cli::records::Settings {
                edition,
                options,
                final_only,
            },
            output: format,
            lang,
            errors,
            picture,
            point,
            game,
            jobs: jobs.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                |n| n as usize,
            ),
            progress,
        };
        return rule_records::run(request, out);
    }
    for (set, name) in [
        (final_only, "--final-only"),
        (game.is_some(), "--game"),
        (point.is_some(), "--point"),
        (jobs.is_some(), "--jobs"),
        (read.input_format.is_some(), "--input-format"),
        (read.encoding.is_some(), "--encoding"),
    ] {
        if set {
            return Err(Failure::Usage(format!(
                "{name} is for record files (xq rule GAME…); a move list is ruled at its final position"
            )));
        }
    }
    if matches!(format, RecordOutput::Jsonl | RecordOutput::Summary) {
        return Err(Failure::Usage(
            "--format jsonl and summary are for record files (xq rule GAME…)".into(),
        ));
    }
    let start = pos.start_in(errors)?;
    let list = pos.move_list()?;
    let texts = list.texts();
    let fail = |e: RecordError| match &e {
        RecordError::Unplayable(p) => list.locate_in(p, errors),
        other => Failure::Input(other.to_string()),
    };
    // The moves that could be played (all but an illegal last one),
    // read by xq-core, and the illegal last one ruled on.
    let (played, last) = xq_core::read_record(start, &texts).map_err(|e| fail(e.into()))?;
    let ruling =
        xq_oracle::ruling::rule_final(&played, last.as_ref(), edition, &options).map_err(fail)?;
    match format {
        RecordOutput::Json => writeln!(
            out,
            "{}",
            json(&xq_render::ruling_json(&ruling, lang), true)
        )
        .map_err(output)?,
        RecordOutput::Text => {
            writeln!(out, "{}", xq_render::explain(&ruling, lang)).map_err(output)?
        }
        RecordOutput::Svg => {
            write!(out, "{}", picture::ruling_svg(&ruling, &played, &picture)).map_err(output)?
        }
        RecordOutput::Board => {
            let board = xq_cli::records::board_text(&ruling, &played, &picture);
            write!(out, "{board}").map_err(output)?
        }
        RecordOutput::Jsonl | RecordOutput::Summary => unreachable!("refused above"),
    }
    Ok(())
}

/// `xq editions`: the rules editions, as text lines or JSON.
fn editions(format: Format, out: &mut impl Write) -> Result<(), Failure> {
    let all = xq_oracle::edition::all();
    match format {
        Format::Json => {
            let list: Vec<_> = all
                .iter()
                .map(|e| serde_json::json!({"id": e.id, "name": e.name, "name_zh": e.name_zh, "body": e.body, "year": e.year, "default": e.default, "extends": e.extends}))
                .collect();
            writeln!(out, "{}", json(&list, true)).map_err(output)?
        }
        Format::Text => {
            for e in all {
                let default = if e.default { " (default)" } else { "" };
                writeln!(out, "{}\t{}\t{}{default}", e.id, e.year, e.name).map_err(output)?;
            }
        }
    }
    Ok(())
}

/// Loads the suite (the cases are the harness's to read: the oracle does
/// not) and asks the oracle each case under both editions, in-process.
fn diff_editions(a: &str, b: &str, out: &mut impl Write) -> Result<(), Failure> {
    edition(a)?;
    edition(b)?;
    let root = xq_harness::Suite::default_root();
    let suite = xq_harness::Suite::load(&root).map_err(|errors| {
        Failure::Environment(format!(
            "the suite in {} does not load ({} error(s)); the first: {}",
            root.display(),
            errors.len(),
            errors.first().map(ToString::to_string).unwrap_or_default()
        ))
    })?;
    xq_harness::diff::diff_editions(&suite, a, b, &xq_render::protocol::answer, out)
        .map_err(output)?;
    Ok(())
}

/// A clap error as one line. Help and version requests are not errors:
/// `None` (clap prints them on standard output).
fn usage_failure(e: &clap::Error) -> Option<Failure> {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => return None,
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            return Some(Failure::Usage(
                "a command is needed: perft, legal, status, convert, fen, rule, diff-editions, editions or serve (see xq --help)"
                    .into(),
            ))
        }
        _ => {}
    }
    // clap's text: paragraphs: "error: WHAT" (maybe with indented lines),
    // perhaps "tip: …", then a usage block and a pointer to --help.
    let text = e.to_string();
    let paragraphs: Vec<Vec<&str>> = text
        .split("\n\n")
        .map(|p| p.lines().map(str::trim).filter(|l| !l.is_empty()).collect())
        .collect();
    let what = paragraphs
        .first()
        .map(|p| p.join(" "))
        .unwrap_or_else(|| "bad command line".into());
    let what = what.trim_start_matches("error: ");
    let tips: Vec<&str> = paragraphs
        .iter()
        .flatten()
        .filter_map(|l| l.strip_prefix("tip: "))
        .collect();
    let mut message = what.to_string();
    if !tips.is_empty() {
        message.push_str(&format!(" ({})", tips.join("; ")));
    }
    message.push_str("; see xq --help");
    Some(Failure::Usage(message))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => match usage_failure(&e) {
            None => {
                // --help and --version: clap's text on standard output.
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            Some(f) => return fail(&f),
        },
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => fail(&f),
    }
}

fn fail(f: &Failure) -> ExitCode {
    eprintln!("xq: {}", one_line(f.message()));
    ExitCode::from(f.code())
}
