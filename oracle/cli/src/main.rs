//! `xq`: the oracle on the command line. Its output is a stable interface,
//! documented in `spec/CLI.md`.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use xq_core::game::split_moves;
use xq_core::perft::{divide, perft};
use xq_core::{format_move, Game, Notation, Position, Validation};
use xq_oracle::protocol::{self, Message, Reply};
use xq_oracle::repetition::SearchLimits;
use xq_oracle::ruling::Lang;

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
    #[arg(long, default_value = "startpos")]
    fen: String,
    /// Moves to play first, in ICCS, WXF or Chinese notation, separated by
    /// spaces or commas.
    #[arg(long, default_value = "")]
    moves: String,
    /// Accept composed positions: waive the piece-count and placement checks
    /// (never the kings-facing or side-not-to-move-in-check checks).
    #[arg(long)]
    relaxed: bool,
}

impl PositionArgs {
    fn game(&self) -> Result<Game, String> {
        let validation = if self.relaxed {
            Validation::Relaxed
        } else {
            Validation::Strict
        };
        let start = Position::from_fen_with(&self.fen, validation).map_err(|e| e.to_string())?;
        Game::from_texts(start, &split_moves(&self.moves)).map_err(|e| e.to_string())
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum NotationArg {
    Iccs,
    Wxf,
    Chinese,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Iccs => Notation::Iccs,
            NotationArg::Wxf => Notation::Wxf,
            NotationArg::Chinese => Notation::Chinese,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree.
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        #[arg(long)]
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
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Convert the moves of --moves into another notation, one per line.
    Convert {
        #[command(flatten)]
        pos: PositionArgs,
        #[arg(long, value_enum)]
        to: NotationArg,
    },
    /// Print the canonical FEN of the position after the moves.
    Fen {
        #[command(flatten)]
        pos: PositionArgs,
    },
    /// Speak the suite protocol (JSON lines on stdin/stdout, spec/PROTOCOL.md).
    Serve,
    /// Rule on the game: mate or 困毙, else the repetition cycle ending at
    /// the last move (棋例), else nothing.
    Rule {
        #[command(flatten)]
        pos: PositionArgs,
        /// The rules edition (see `xq editions`).
        #[arg(long, default_value = xq_oracle::edition::DEFAULT)]
        edition: String,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
        /// 杀: the longest mate by consecutive checks looked for (attacker moves).
        #[arg(long, default_value_t = SearchLimits::default().kill_depth)]
        kill_depth: u32,
        /// 捉: how many checks may precede a winning capture (0: none).
        #[arg(long, default_value_t = SearchLimits::default().check_win_depth)]
        check_win_depth: u32,
        /// The positions one move's classification may expand.
        #[arg(long, default_value_t = SearchLimits::default().nodes_per_move)]
        nodes_per_move: u64,
        /// The positions the whole cycle's classification may expand.
        #[arg(long, default_value_t = SearchLimits::default().nodes_per_cycle)]
        nodes_per_cycle: u64,
    },
    /// Run the whole suite under two editions and list every case whose
    /// verdict differs (delegates to the suite runner, `xq-suite`).
    DiffEditions { a: String, b: String },
    /// List the rules editions.
    Editions {
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    Zh,
    En,
}

fn run(cli: Cli, out: &mut impl Write) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    match cli.command {
        Command::Perft {
            pos,
            depth,
            divide: div,
        } => {
            let game = pos.game()?;
            if div {
                let mut total = 0;
                for (m, n) in divide(game.current(), depth) {
                    writeln!(out, "{m}: {n}").map_err(io)?;
                    total += n;
                }
                writeln!(out, "{}", if depth == 0 { 1 } else { total }).map_err(io)?;
            } else {
                writeln!(out, "{}", perft(game.current(), depth)).map_err(io)?;
            }
        }
        Command::Legal { pos } => {
            for m in pos.game()?.current().legal_moves() {
                writeln!(out, "{m}").map_err(io)?;
            }
        }
        Command::Status { pos, format } => {
            let status = pos.game()?.current().status();
            match format {
                Format::Json => writeln!(
                    out,
                    "{}",
                    serde_json::to_string(&status).map_err(|e| e.to_string())?
                )
                .map_err(io)?,
                Format::Text => {
                    writeln!(out, "in_check: {}", status.in_check).map_err(io)?;
                    writeln!(out, "legal_moves: {}", status.legal_moves).map_err(io)?;
                    writeln!(out, "result: {}", status.result.as_str()).map_err(io)?;
                    writeln!(
                        out,
                        "reason: {}",
                        status.reason.map_or("none", |r| r.as_str())
                    )
                    .map_err(io)?;
                }
            }
        }
        Command::Convert { pos, to } => {
            let game = pos.game()?;
            for (p, &m) in game.positions().iter().zip(game.moves()) {
                writeln!(out, "{}", format_move(p, m, to.into())).map_err(io)?;
            }
        }
        Command::Fen { pos } => {
            writeln!(out, "{}", pos.game()?.current().fen()).map_err(io)?;
        }
        Command::Serve => serve(std::io::stdin().lock(), out).map_err(io)?,
        Command::Rule {
            pos,
            edition,
            format,
            lang,
            kill_depth,
            check_win_depth,
            nodes_per_move,
            nodes_per_cycle,
        } => {
            let edition = xq_oracle::edition::get(&edition).ok_or_else(|| {
                format!(
                    "unknown edition {edition:?} (known: {})",
                    edition_ids().join(", ")
                )
            })?;
            let validation = if pos.relaxed {
                Validation::Relaxed
            } else {
                Validation::Strict
            };
            let start = Position::from_fen_with(&pos.fen, validation).map_err(|e| e.to_string())?;
            let limits = SearchLimits {
                kill_depth,
                check_win_depth,
                nodes_per_move,
                nodes_per_cycle,
            };
            limits.validate()?;
            let lang = match lang {
                LangArg::Zh => Lang::Zh,
                LangArg::En => Lang::En,
            };
            let options = xq_oracle::ruling::RulingOptions {
                limits,
                ..Default::default()
            };
            let ruling =
                xq_oracle::ruling::rule_record(start, &split_moves(&pos.moves), edition, &options)
                    .map_err(|e| e.to_string())?;
            match format {
                Format::Json => writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&ruling.to_json(lang))
                        .map_err(|e| e.to_string())?
                )
                .map_err(io)?,
                Format::Text => writeln!(out, "{}", ruling.explain(lang)).map_err(io)?,
            }
        }
        Command::DiffEditions { a, b } => {
            // The oracle does not read the suite; its runner does.
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let runner = exe.with_file_name(format!("xq-suite{}", std::env::consts::EXE_SUFFIX));
            if !runner.exists() {
                return Err(format!(
                    "diff-editions needs the suite runner {} (cargo build --release -p xq-harness)",
                    runner.display()
                ));
            }
            out.flush().map_err(io)?;
            let status = std::process::Command::new(runner)
                .args(["--diff-editions", &a, &b])
                .status()
                .map_err(|e| e.to_string())?;
            if !status.success() {
                return Err(format!("the suite runner failed ({status})"));
            }
        }
        Command::Editions { format } => {
            let all = xq_oracle::edition::all();
            match format {
                Format::Json => {
                    let list: Vec<_> = all
                        .iter()
                        .map(|e| serde_json::json!({"id": e.id, "name": e.name, "name_zh": e.name_zh, "body": e.body, "year": e.year, "default": e.default, "extends": e.extends}))
                        .collect();
                    writeln!(
                        out,
                        "{}",
                        serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?
                    )
                    .map_err(io)?
                }
                Format::Text => {
                    for e in all {
                        writeln!(
                            out,
                            "{}\t{}\t{}{}",
                            e.id,
                            e.year,
                            e.name,
                            if e.default { " (default)" } else { "" }
                        )
                        .map_err(io)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Answers protocol messages until `stop` or the end of input. A line that
/// cannot be understood gets an `error` reply; the loop goes on.
fn serve(input: impl std::io::BufRead, out: &mut impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Message>(&line) {
            Ok(Message::Start { .. }) => {
                serde_json::to_string(&protocol::oracle_started(edition_ids()))
            }
            Ok(Message::Run(req)) => serde_json::to_string(&protocol::answer(&req)),
            Ok(Message::Stop) => break,
            Err(e) => {
                // Salvage the sequence number so the harness can match the error.
                let seq = serde_json::from_str::<serde_json::Value>(&line)
                    .ok()
                    .and_then(|v| v.get("seq").and_then(|s| s.as_u64()));
                serde_json::to_string(&Reply::error(seq, format!("malformed message: {e}")))
            }
        }
        .expect("replies always serialize");
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(())
}

fn edition_ids() -> Vec<String> {
    xq_oracle::edition::ids().map(String::from).collect()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(|e| e.to_string()));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xq: {e}");
            ExitCode::FAILURE
        }
    }
}
