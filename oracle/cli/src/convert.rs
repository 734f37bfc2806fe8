//! `xq convert GAME…`: records in any format the reader knows written as
//! PGN (in the chosen move notation), as XQF, or as bare move lists.
//!
//! Nothing is destroyed: an output file that is one of the inputs (by any
//! path, link or hard link) is refused before anything is read; the output
//! is written to a temporary file beside it and renamed into place only
//! when the whole run succeeds, so a failing run leaves an existing file
//! as it was. Nothing is lost silently either: what a format cannot hold
//! is refused (XQF, unless `--lossy`), and every reading warning is
//! counted on standard error.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use xq_core::{format_move, Notation};
use xq_records::{
    pgn_changes, write_pgn, write_xqf_lossy, KeyBytes, MoveNode, PgnOptions, ReadOptions, Record,
    WarningKind, XqfOptions,
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

/// `--to`: a move list is named by its notation's own name.
impl clap::ValueEnum for Target {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Target::Moves(Notation::Iccs),
            Target::Moves(Notation::Wxf),
            Target::Moves(Notation::Chinese),
            Target::Pgn,
            Target::Xqf,
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let (name, help) = match self {
            Target::Moves(n) => (
                n.name(),
                match n {
                    Notation::Iccs => "The moves in ICCS, one per line",
                    Notation::Wxf => "The moves in WXF notation, one per line",
                    Notation::Chinese => "The moves in Chinese notation, one per line",
                },
            ),
            Target::Pgn => ("pgn", "PGN, in the notation of --notation"),
            Target::Xqf => ("xqf", "XQF (one game; binary)"),
        };
        Some(clap::builder::PossibleValue::new(name).help(help))
    }
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
    /// Write XQF even when it cannot hold everything (what is left out is
    /// listed on standard error).
    pub lossy: bool,
    /// Where to write (standard output if `None`).
    pub output: Option<PathBuf>,
}

fn write_err(e: std::io::Error) -> Failure {
    Failure::Environment(format!("cannot write the output: {e}"))
}

/// An output file written beside its final place and renamed there on
/// [`Output::commit`]; dropped without it, the temporary file is removed
/// and the final place is left as it was. A target that exists and is not
/// a regular file (`/dev/null`, a pipe) is written directly: renaming onto
/// it would replace it.
struct Output {
    target: PathBuf,
    /// `None` when writing directly.
    temp: Option<PathBuf>,
    file: Option<BufWriter<File>>,
}

impl Output {
    fn create(target: &Path) -> Result<Output, Failure> {
        if std::fs::metadata(target).is_ok_and(|m| !m.is_file()) {
            let f = std::fs::OpenOptions::new()
                .write(true)
                .open(target)
                .map_err(|e| {
                    Failure::Environment(format!("cannot open {}: {e}", target.display()))
                })?;
            return Ok(Output {
                target: target.to_path_buf(),
                temp: None,
                file: Some(BufWriter::new(f)),
            });
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "output".into());
        let fail = |e: std::io::Error| {
            Failure::Environment(format!("cannot create {}: {e}", target.display()))
        };
        for n in 0..100u32 {
            let temp = dir.join(format!(".{name}.xq-{}-{n}.tmp", std::process::id()));
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temp)
            {
                Ok(f) => {
                    return Ok(Output {
                        target: target.to_path_buf(),
                        temp: Some(temp),
                        file: Some(BufWriter::new(f)),
                    })
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(fail(e)),
            }
        }
        Err(fail(std::io::Error::other(
            "no free temporary name beside it",
        )))
    }

    fn writer(&mut self) -> &mut BufWriter<File> {
        self.file.as_mut().expect("open until committed")
    }

    /// Flushes, syncs and renames the temporary file into place.
    fn commit(mut self) -> Result<(), Failure> {
        let file = self.file.take().expect("open until committed");
        let fail = |e: std::io::Error| {
            Failure::Environment(format!("cannot write {}: {e}", self.target.display()))
        };
        let file = file.into_inner().map_err(|e| fail(e.into_error()))?;
        let Some(temp) = &self.temp else {
            return Ok(());
        };
        sync_and_close(file).map_err(fail)?;
        std::fs::rename(temp, &self.target).map_err(fail)
    }
}

/// Syncs a file to disk and closes it (it is taken by value, so it is
/// closed on return): a temporary file is closed before it is renamed.
fn sync_and_close(file: File) -> std::io::Result<()> {
    file.sync_all()
}

impl Drop for Output {
    fn drop(&mut self) {
        if let (Some(_), Some(temp)) = (self.file.take(), &self.temp) {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// Refuses an output that is one of the inputs: the same file by another
/// path, through a link, or a hard link to it. Standard input counts as no
/// file.
pub fn refuse_output_among_inputs(output: &Path, sources: &[Source]) -> Result<(), Failure> {
    let Ok(out) = std::fs::metadata(output) else {
        // Not there yet: it cannot be an input.
        return Ok(());
    };
    for source in sources {
        let Source::File(input) = source else {
            continue;
        };
        let Ok(inp) = std::fs::metadata(input) else {
            continue;
        };
        if same_file(&out, &inp) {
            return Err(Failure::Usage(format!(
                "--output {} is the input {}: converting a file onto itself would destroy it (write to another file)",
                output.display(),
                input.display()
            )));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    // Without inode numbers: same size and modification time and both
    // files is the best guess, and errs on the side of refusing.
    a.is_file() && b.is_file() && a.len() == b.len() && a.modified().ok() == b.modified().ok()
}

/// Reading warnings by kind, for the line on standard error.
#[derive(Default)]
struct Warnings([usize; WarningKind::CODES.len()]);

impl Warnings {
    fn add(&mut self, record: &Record) {
        for w in &record.warnings {
            self.0[w.kind.index()] += 1;
        }
    }

    fn report(&self) {
        let list: Vec<String> = WarningKind::CODES
            .iter()
            .zip(self.0)
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        if !list.is_empty() {
            eprintln!(
                "xq: read with tolerance: {} (xq rule --format jsonl lists each)",
                list.join(", ")
            );
        }
    }
}

/// Runs the request: bad records are reported on standard error (one line
/// each) and skipped; the run fails at the end if there were any, and an
/// output file is then left as it was.
pub fn run(req: Request, stdout: &mut impl Write) -> Result<(), Failure> {
    if !(10..=18).contains(&req.xqf_version) {
        return Err(Failure::Usage(format!(
            "--xqf-version {} is not an XQF version (10 to 18)",
            req.xqf_version
        )));
    }
    let sources = records::collect(&req.paths, xq_render::Lang::En)?;
    if let Some(p) = &req.output {
        refuse_output_among_inputs(p, &sources)?;
    }
    if req.to == Target::Xqf {
        return xqf(&req, &sources, stdout);
    }
    let mut file = match &req.output {
        Some(p) => Some(Output::create(p)?),
        None => None,
    };
    let out: &mut dyn Write = match &mut file {
        Some(f) => f.writer(),
        None => stdout,
    };
    let options = pgn_options(&req);
    let mut warnings = Warnings::default();
    let (mut games, mut bad, mut last_error) = (0usize, 0usize, None);
    for source in &sources {
        for item in records::games(source, req.read) {
            let record = match item {
                Ok(r) => r,
                Err(e) if e.code() == "heading" => continue,
                Err(e) => {
                    games += 1;
                    bad += 1;
                    let line = format!("{}: {e}", source.name());
                    if let Some(prev) = last_error.replace(line) {
                        eprintln!("xq: {}", crate::message::one_line(&prev));
                    }
                    continue;
                }
            };
            games += 1;
            warnings.add(&record);
            match req.to {
                Target::Pgn => {
                    for change in pgn_changes(&record, &options) {
                        let game = record.source.game;
                        eprintln!(
                            "xq: {}, game {game}: PGN writes {}",
                            source.name(),
                            crate::message::one_line(&change)
                        );
                    }
                    out.write_all(write_pgn(&record, &options).as_bytes())
                        .map_err(write_err)?
                }
                Target::Moves(n) => {
                    if games > 1 {
                        writeln!(out).map_err(write_err)?;
                    }
                    let mut pos = record.start.clone();
                    for m in record.main_moves() {
                        writeln!(out, "{}", format_move(&pos, m, n)).map_err(write_err)?;
                        pos = pos.play_unchecked(m);
                    }
                    if let Some(last) = &record.illegal_final {
                        // A move list has no place to say it is illegal.
                        bad += 1;
                        let line = format!(
                            "{}, game {}: ply {}: the record ends with an illegal move {} ({}), left out of the move list",
                            source.name(),
                            record.source.game,
                            last.ply,
                            last.text,
                            last.reason
                        );
                        if let Some(prev) = last_error.replace(line) {
                            eprintln!("xq: {}", crate::message::one_line(&prev));
                        }
                    }
                }
                Target::Xqf => unreachable!("handled above"),
            }
        }
    }
    out.flush().map_err(write_err)?;
    warnings.report();
    match (bad, last_error) {
        (0, _) => match file {
            Some(f) => f.commit(),
            None => Ok(()),
        },
        (bad, Some(line)) => {
            let kept = req
                .output
                .as_ref()
                .map(|p| format!("; {} is left as it was", p.display()))
                .unwrap_or_default();
            if bad == 1 && games == 1 {
                return Err(Failure::Input(format!("{line}{kept}")));
            }
            eprintln!("xq: {}", crate::message::one_line(&line));
            Err(Failure::Input(format!(
                "{bad} of {games} game(s) could not be converted whole (see above){kept}"
            )))
        }
        (_, None) => unreachable!("a bad game leaves its line"),
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
                Some(p) => {
                    let mut f = Output::create(p)?;
                    f.writer().write_all(text.as_bytes()).map_err(write_err)?;
                    f.commit()
                }
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
            if matches!(&item, Err(e) if e.code() == "heading") {
                continue;
            }
            if record.is_some() {
                return Err(Failure::Usage(
                    "an XQF file holds one game, and the input holds more (convert them one at a time, or --to pgn)".into(),
                ));
            }
            record = Some(item.map_err(|e| Failure::Input(format!("{}: {e}", source.name())))?);
        }
    }
    let record = record.ok_or_else(|| Failure::Input("the input holds no game".into()))?;
    let mut warnings = Warnings::default();
    warnings.add(&record);
    warnings.report();
    write_xqf_file(req, &record, stdout)
}

fn write_xqf_file(req: &Request, record: &Record, stdout: &mut impl Write) -> Result<(), Failure> {
    let options = XqfOptions {
        version: req.xqf_version,
        keys: KeyBytes::from_seed(0x5851),
    };
    let (bytes, lost) =
        write_xqf_lossy(record, &options).map_err(|e| Failure::Input(e.to_string()))?;
    if !lost.is_empty() {
        if !req.lossy {
            return Err(Failure::Input(format!(
                "XQF cannot hold {} (--lossy writes it without them)",
                lost.join("; ")
            )));
        }
        for l in &lost {
            eprintln!("xq: XQF leaves out {}", crate::message::one_line(l));
        }
    }
    match &req.output {
        Some(p) => {
            let mut f = Output::create(p)?;
            f.writer().write_all(&bytes).map_err(write_err)?;
            f.commit()
        }
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
