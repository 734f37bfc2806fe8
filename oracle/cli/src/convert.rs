//! `xq convert GAME…`: records in any format the reader knows written as
//! PGN (in the chosen move notation), as XQF, or as bare move lists.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use xq_core::{format_move, Notation};
use xq_records::{
    write_pgn, write_xqf, KeyBytes, MoveNode, PgnOptions, ReadOptions, Record, XqfOptions,
};

use crate::failure::Failure;
use crate::records::{self, Source};

/// What the records become.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Each game's main line, one move a line in this notation; games are
    /// separated by an empty line.
    Moves(Notation),
    /// PGN, every game one after the other.
    Pgn,
    /// XQF (one game).
    Xqf,
}

/// A request of `xq convert GAME…`.
pub struct Request {
    /// The files, directories and `-` named.
    pub paths: Vec<PathBuf>,
    /// Format and encoding overrides.
    pub read: ReadOptions,
    /// What to write.
    pub to: Target,
    /// The move notation of PGN output.
    pub notation: Notation,
    /// Keep comments (PGN).
    pub comments: bool,
    /// Keep variations (PGN).
    pub variations: bool,
    /// The XQF version, 10–18.
    pub xqf_version: u8,
    /// Where to write (standard output if `None`).
    pub output: Option<PathBuf>,
}

fn write_err(e: std::io::Error) -> Failure {
    Failure::Environment(format!("cannot write the output: {e}"))
}

/// Runs the request: bad records are reported on standard error (one line
/// each) and skipped; the run fails at the end if there were any.
pub fn run(req: Request, stdout: &mut impl Write) -> Result<(), Failure> {
    if !(10..=18).contains(&req.xqf_version) {
        return Err(Failure::Usage(format!(
            "--xqf-version {} is not an XQF version (10 to 18)",
            req.xqf_version
        )));
    }
    let sources = records::collect(&req.paths)?;
    if req.to == Target::Xqf {
        return xqf(&req, &sources, stdout);
    }
    let mut file;
    let out: &mut dyn Write = match &req.output {
        Some(p) => {
            file = std::io::BufWriter::new(std::fs::File::create(p).map_err(|e| {
                Failure::Environment(format!("cannot create {}: {e}", p.display()))
            })?);
            &mut file
        }
        None => stdout,
    };
    let options = pgn_options(&req);
    let (mut games, mut bad, mut last_error) = (0usize, 0usize, None);
    for source in &sources {
        for item in records::games(source, req.read) {
            games += 1;
            let record = match item {
                Ok(r) => r,
                Err(e) => {
                    bad += 1;
                    let line = format!("{}: {e}", source.name());
                    if let Some(prev) = last_error.replace(line) {
                        eprintln!("xq: {}", crate::message::one_line(&prev));
                    }
                    continue;
                }
            };
            match req.to {
                Target::Pgn => out
                    .write_all(write_pgn(&record, &options).as_bytes())
                    .map_err(write_err)?,
                Target::Moves(n) => {
                    if games > 1 {
                        writeln!(out).map_err(write_err)?;
                    }
                    let game = record.to_game();
                    for (p, &m) in game.positions().iter().zip(game.moves()) {
                        writeln!(out, "{}", format_move(p, m, n)).map_err(write_err)?;
                    }
                }
                Target::Xqf => unreachable!("handled above"),
            }
        }
    }
    out.flush().map_err(write_err)?;
    match (bad, last_error) {
        (0, _) => Ok(()),
        (1, Some(line)) if games == 1 => Err(Failure::Input(line)),
        (_, Some(line)) => {
            eprintln!("xq: {}", crate::message::one_line(&line));
            Err(Failure::Input(format!(
                "{bad} of {games} game(s) could not be read (see above)"
            )))
        }
        _ => Ok(()),
    }
}

/// A move list (`--fen`, `--moves`) written as a record.
pub fn run_game(
    req: &Request,
    game: &xq_core::Game,
    stdout: &mut impl Write,
) -> Result<(), Failure> {
    let mut record = Record::new(game.start().clone());
    record
        .main
        .moves
        .extend(game.moves().iter().map(|&m| MoveNode::new(m)));
    match req.to {
        Target::Xqf => write_xqf_file(req, &record, stdout),
        Target::Pgn | Target::Moves(_) => {
            let text = match req.to {
                Target::Moves(n) => game
                    .positions()
                    .iter()
                    .zip(game.moves())
                    .map(|(p, &m)| format_move(p, m, n) + "\n")
                    .collect(),
                _ => write_pgn(&record, &pgn_options(req)),
            };
            match &req.output {
                Some(p) => std::fs::write(p, text).map_err(|e| {
                    Failure::Environment(format!("cannot write {}: {e}", p.display()))
                }),
                None => {
                    stdout.write_all(text.as_bytes()).map_err(write_err)?;
                    stdout.flush().map_err(write_err)
                }
            }
        }
    }
}

fn pgn_options(req: &Request) -> PgnOptions {
    PgnOptions {
        notation: req.notation,
        comments: req.comments,
        variations: req.variations,
        ..PgnOptions::default()
    }
}

/// One game as XQF.
fn xqf(req: &Request, sources: &[Source], stdout: &mut impl Write) -> Result<(), Failure> {
    let mut record = None;
    for source in sources {
        for item in records::games(source, req.read) {
            if record.is_some() {
                return Err(Failure::Usage(
                    "an XQF file holds one game, and the input holds more (convert them one at a time, or --to pgn)".into(),
                ));
            }
            record = Some(item.map_err(|e| Failure::Input(format!("{}: {e}", source.name())))?);
        }
    }
    let record = record.ok_or_else(|| Failure::Input("the input holds no game".into()))?;
    write_xqf_file(req, &record, stdout)
}

fn write_xqf_file(req: &Request, record: &Record, stdout: &mut impl Write) -> Result<(), Failure> {
    let options = XqfOptions {
        version: req.xqf_version,
        keys: KeyBytes::from_seed(0x5851),
    };
    let bytes = write_xqf(record, &options).map_err(|e| Failure::Input(e.to_string()))?;
    match &req.output {
        Some(p) => std::fs::write(p, bytes)
            .map_err(|e| Failure::Environment(format!("cannot write {}: {e}", p.display()))),
        None if std::io::stdout().is_terminal() => Err(Failure::Usage(
            "XQF is binary: write it to a file with --output PATH (or redirect standard output)"
                .into(),
        )),
        None => {
            stdout.write_all(&bytes).map_err(write_err)?;
            stdout.flush().map_err(write_err)
        }
    }
}
