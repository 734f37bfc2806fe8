//! A built-in adapter for UCI xiangqi engines: Fairy-Stockfish, Pikafish,
//! Sjaak II, and others that differ in small ways.
//!
//! What an engine can answer is learnt at start-up, by asking:
//! - ranks numbered 1–10 (Fairy-Stockfish) or 0–9 like ICCS (Pikafish),
//!   from the moves of the start position;
//! - perft through `go perft N` (a divide of `move: count` lines, then
//!   `Nodes searched: N`) or through a `perft N 1` command (Sjaak II);
//! - the board through `d` (a `Fen:` line and a `Checkers:` line, which
//!   tells check), through `fen` (the FEN only), or not at all;
//! - FEN letters `n`/`b` or `h`/`e` for horse and elephant.
//!
//! Legal moves and perft come from the perft divide, check from
//! `Checkers:`. UCI has no command for the game's state, so `status` is
//! derived, not asked: `legal_moves` is the divide's move count, and with no
//! legal move the side to move has lost (`reason` checkmate when `Checkers:`
//! names a checker, 困毙 `stalemate` when not); with moves the game goes on
//! (`*`). Without a way to learn check, `status` is answered partially
//! (legal move count and result; the harness skips the rest).
//!
//! The handshake's `name` and `version` come from the engine's `id name`:
//! the words up to the first that starts with a digit are the name, the
//! rest the version (`Fairy-Stockfish 11.1 LB 64` → `Fairy-Stockfish`,
//! `11.1 LB 64`); an `id name` without such a word is the name alone, with
//! version `unknown`.
//! Every request has one deadline for all the lines it reads, so an engine
//! that keeps printing `info` lines still times out.

use std::time::Duration;

use serde_json::json;
use xq_spec::protocol::{Question, QuestionKind, Reply, Request, Started};

use crate::implementation::{Factory, Implementation};
use crate::process::{Deadline, LineProcess, TransportError};
use crate::text::quote;

/// ICCS (`h2e2`) to Fairy-Stockfish's squares (`h3e3`): each rank is one higher.
pub fn iccs_to_uci(m: &str) -> Option<String> {
    translate(m, 0, 1)
}

/// Fairy-Stockfish's squares (`h3e3`, `b3b10`) to ICCS (`h2e2`, `b2b9`).
pub fn uci_to_iccs(m: &str) -> Option<String> {
    translate(m, 1, 0)
}

/// One square, `[a-i]` then a rank in `base..=base+9`.
fn square(s: &str, base: u32) -> Option<(char, u32)> {
    let mut chars = s.chars();
    let file = chars.next().filter(|c| ('a'..='i').contains(c))?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.len() == 2 && digits.starts_with('0') {
        return None;
    }
    let rank: u32 = digits.parse().ok()?;
    (base..=base + 9)
        .contains(&rank)
        .then(|| (file, rank - base))
}

/// A move from one rank numbering to another; `None` for anything that is
/// not two squares (never panics, whatever the text).
fn translate(m: &str, from_base: u32, to_base: u32) -> Option<String> {
    let second = m
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())?
        .0;
    let (a, b) = m.split_at(second);
    let (fa, ra) = square(a, from_base)?;
    let (fb, rb) = square(b, from_base)?;
    Some(format!("{fa}{}{fb}{}", ra + to_base, rb + to_base))
}

/// An engine's `id name` as the handshake's name and version (see the
/// module's documentation).
pub fn split_id_name(id: &str) -> (String, String) {
    let words: Vec<&str> = id.split_whitespace().collect();
    match words
        .iter()
        .position(|w| w.starts_with(|c: char| c.is_ascii_digit()))
    {
        Some(i) if i > 0 => (words[..i].join(" "), words[i..].join(" ")),
        _ => (words.join(" "), "unknown".into()),
    }
}

/// How the engine counts perft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Perft {
    /// `go perft N`: `move: count` lines, then `Nodes searched: N`.
    Go,
    /// `perft N 1`: `Xa1-a2  count  running-total` lines, then one
    /// `depth  total …` line per depth.
    Command,
}

/// How the engine shows the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Board {
    /// `d`: `Fen:` and `Checkers:` lines.
    D,
    /// `fen`: the FEN alone (no check).
    Fen,
    /// No command.
    None,
}

/// What the engine was found to do at start-up.
#[derive(Clone, Copy, Debug)]
struct Traits {
    /// The rank number of ICCS rank 0: 1 (Fairy-Stockfish) or 0 (Pikafish).
    rank_base: u32,
    perft: Perft,
    board: Board,
    /// Horse and elephant are `h`/`e` in the engine's FENs.
    letters_he: bool,
}

/// A running UCI engine. Any failure drops it (its process group is
/// killed) and the pool starts another.
pub struct Uci {
    process: LineProcess,
    traits: Traits,
}

/// The start position's perft 1.
const START_MOVES: u64 = 44;

/// Reads lines until one satisfies `done`, all within `deadline`.
fn read_until(
    p: &mut LineProcess,
    deadline: Deadline,
    command: &str,
    mut done: impl FnMut(&str) -> bool,
) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    loop {
        match p.recv(deadline) {
            Ok(l) => {
                let stop = done(l.trim());
                lines.push(l);
                if stop {
                    return Ok(lines);
                }
            }
            Err(TransportError::Timeout(d)) => {
                return Err(format!(
                    "the engine did not finish answering `{command}` within {:.1} s",
                    d.as_secs_f64()
                ))
            }
            Err(e) => return Err(format!("while waiting for the answer to `{command}`: {e}")),
        }
    }
}

fn send(p: &mut LineProcess, line: &str, deadline: Deadline) -> Result<(), String> {
    p.send(line, deadline)
        .map_err(|e| format!("while sending `{line}`: {e}"))
}

/// Whether a text looks like a xiangqi board: ten ranks.
fn looks_like_fen(s: &str) -> bool {
    s.split_whitespace()
        .next()
        .is_some_and(|b| b.split('/').count() == 10)
}

impl Uci {
    fn connect(command: &[String], timeout: Duration) -> Result<(Uci, String), String> {
        let deadline = Deadline::after(timeout);
        let mut p = LineProcess::spawn(command).map_err(|e| e.to_string())?;
        send(&mut p, "uci", deadline)?;
        let mut name = command.first().cloned().unwrap_or_default();
        for l in read_until(&mut p, deadline, "uci", |l| l == "uciok")? {
            if let Some(n) = l.trim().strip_prefix("id name ") {
                name = n.trim().to_string();
            }
        }
        send(&mut p, "setoption name UCI_Variant value xiangqi", deadline)?;
        send(&mut p, "isready", deadline)?;
        read_until(&mut p, deadline, "isready", |l| l == "readyok")?;

        // The board: `d`, else `fen`, else nothing. `isready` ends each answer.
        send(&mut p, "position startpos", deadline)?;
        let mut board = Board::None;
        let mut start_fen = None;
        send(&mut p, "d", deadline)?;
        send(&mut p, "isready", deadline)?;
        for l in read_until(&mut p, deadline, "d", |l| l == "readyok")? {
            if let Some(f) = l.trim().strip_prefix("Fen:") {
                start_fen = Some(f.trim().to_string());
                board = Board::D;
            }
        }
        if board == Board::None {
            send(&mut p, "fen", deadline)?;
            send(&mut p, "isready", deadline)?;
            for l in read_until(&mut p, deadline, "fen", |l| l == "readyok")? {
                if looks_like_fen(l.trim()) && start_fen.is_none() {
                    start_fen = Some(l.trim().to_string());
                    board = Board::Fen;
                }
            }
        }
        let letters_he = match start_fen.as_deref() {
            Some(f) if f.starts_with("rnbakabnr/9/1c5c1") => false,
            Some(f) if f.starts_with("rheakaehr/9/1c5c1") => true,
            Some(f) => {
                return Err(format!(
                    "the engine did not switch to xiangqi (its start FEN is {})",
                    quote(f)
                ))
            }
            None => false,
        };

        // Perft: a `perft` command first (answered at once, or refused at
        // once by engines without it), then `go perft`.
        let (perft, moves) = match Self::probe_perft_command(&mut p, deadline)? {
            Some(moves) => (Perft::Command, moves),
            None => {
                send(&mut p, "go perft 1", deadline)?;
                let lines = read_until(&mut p, deadline, "go perft 1", |l| {
                    l.starts_with("Nodes searched:") || l.starts_with("bestmove")
                })?;
                if lines
                    .last()
                    .is_some_and(|l| l.trim().starts_with("bestmove"))
                {
                    return Err("the engine answered `go perft 1` with a search, not a perft, and has no `perft` command: it cannot be asked for moves".into());
                }
                let moves: Vec<String> = lines
                    .iter()
                    .filter_map(|l| divide_line(l))
                    .map(|(m, _)| m)
                    .collect();
                (Perft::Go, moves)
            }
        };
        // Rank numbering: the start position has moves to rank 0 or 1
        // only under 0–9 numbering (i0i1 …), and to rank 10 only under 1–10.
        let ranks: Vec<String> = moves.iter().flat_map(|m| squares_ranks(m)).collect();
        let rank_base = if ranks.iter().any(|r| r == "10") {
            1
        } else if ranks.iter().any(|r| r == "0") {
            0
        } else {
            return Err(format!(
                "cannot tell the engine's rank numbering from its start-position moves {}",
                quote(&moves.join(" "))
            ));
        };
        if moves.len() as u64 != START_MOVES {
            return Err(format!(
                "the engine lists {} moves in the start position, not {START_MOVES}: is it playing xiangqi?",
                moves.len()
            ));
        }
        if start_fen.is_none() && board == Board::None {
            // Without a FEN the variant was checked by the move count above.
        }
        Ok((
            Uci {
                process: p,
                traits: Traits {
                    rank_base,
                    perft,
                    board,
                    letters_he,
                },
            },
            name,
        ))
    }

    /// Tries `perft 1 1` at the start position: its divide's moves, or
    /// `None` when the engine has no such command.
    fn probe_perft_command(
        p: &mut LineProcess,
        deadline: Deadline,
    ) -> Result<Option<Vec<String>>, String> {
        send(p, "perft 1 1", deadline)?;
        send(p, "isready", deadline)?;
        let lines = read_until(p, deadline, "perft 1 1", |l| l == "readyok")?;
        let total = lines.iter().find_map(|l| command_total(l, 1));
        if total != Some(START_MOVES) {
            return Ok(None);
        }
        Ok(Some(
            lines
                .iter()
                .filter_map(|l| command_divide_line(l))
                .filter(|(_, n)| *n > 0)
                .map(|(m, _)| m)
                .collect(),
        ))
    }

    fn to_engine(&self, iccs: &str) -> Option<String> {
        translate(iccs, 0, self.traits.rank_base)
    }

    fn to_iccs(&self, engine: &str) -> Result<String, String> {
        translate(engine, self.traits.rank_base, 0).ok_or_else(|| {
            format!(
                "the engine's perft lists {}, which is not a move",
                quote(engine)
            )
        })
    }

    /// Runs perft and returns the divide (ICCS) and the total.
    fn perft(&mut self, depth: u32, deadline: Deadline) -> Result<(Vec<String>, u64), String> {
        match self.traits.perft {
            Perft::Go => {
                let cmd = format!("go perft {depth}");
                send(&mut self.process, &cmd, deadline)?;
                let lines = read_until(&mut self.process, deadline, &cmd, |l| {
                    l.starts_with("Nodes searched:")
                })?;
                let total_line = lines.last().map(|l| l.trim()).unwrap_or_default();
                let total = total_line["Nodes searched:".len()..]
                    .trim()
                    .parse()
                    .map_err(|_| format!("bad perft total {}", quote(total_line)))?;
                let mut moves = Vec::new();
                for l in &lines {
                    // Only `move: count` lines are a divide; `info string …`
                    // and other chatter are not.
                    if let Some((m, _)) = divide_line(l) {
                        moves.push(self.to_iccs(&m)?);
                    }
                }
                Ok((moves, total))
            }
            Perft::Command => {
                let cmd = format!("perft {depth} 1");
                send(&mut self.process, &cmd, deadline)?;
                let lines = read_until(&mut self.process, deadline, &cmd, |l| {
                    command_total(l, depth).is_some()
                })?;
                let total = lines
                    .last()
                    .and_then(|l| command_total(l, depth))
                    .unwrap_or_default();
                let mut moves = Vec::new();
                for l in &lines {
                    if let Some((m, n)) = command_divide_line(l) {
                        // A move counted 0 at depth 1 is one the engine
                        // found illegal after all.
                        if depth > 1 || n > 0 {
                            moves.push(self.to_iccs(&m)?);
                        }
                    }
                }
                Ok((moves, total))
            }
        }
    }

    /// Whether the side to move is in check, when the engine can tell.
    fn in_check(&mut self, deadline: Deadline) -> Result<Option<bool>, String> {
        if self.traits.board != Board::D {
            return Ok(None);
        }
        send(&mut self.process, "d", deadline)?;
        let lines = read_until(&mut self.process, deadline, "d", |l| {
            l.starts_with("Checkers:")
        })?;
        let checkers = lines
            .last()
            .map(|l| l.trim()["Checkers:".len()..].trim().to_string())
            .unwrap_or_default();
        Ok(Some(!checkers.is_empty()))
    }

    fn position_command(&self, req: &Request) -> Result<String, String> {
        let mut fields: Vec<String> = req.fen.split_whitespace().map(String::from).collect();
        if fields.is_empty() {
            return Err("empty FEN in the request".into());
        }
        if self.traits.letters_he {
            fields[0] = fields[0]
                .chars()
                .map(|c| match c {
                    'n' => 'h',
                    'N' => 'H',
                    'b' => 'e',
                    'B' => 'E',
                    c => c,
                })
                .collect();
        }
        // UCI engines read any side letter but `w` as Black.
        if fields.get(1).is_some_and(|s| s == "r") {
            fields[1] = "w".into();
        }
        let mut cmd = format!("position fen {}", fields.join(" "));
        if !req.moves.is_empty() {
            cmd.push_str(" moves");
            for m in &req.moves {
                cmd.push(' ');
                cmd.push_str(
                    &self
                        .to_engine(m)
                        .ok_or_else(|| format!("bad move {} in the request", quote(m)))?,
                );
            }
        }
        Ok(cmd)
    }

    fn exchange(&mut self, req: &Request, deadline: Deadline) -> Result<Reply, String> {
        let unsupported = match &req.question {
            Question::Convert { .. }
            | Question::Position
            | Question::Ruling
            | Question::Classify { .. } => Some("UCI has no command for this question"),
            _ => None,
        };
        if let Some(why) = unsupported {
            return Ok(Reply::unsupported(req.seq, why));
        }
        // Lines left over from an earlier request belong to it.
        self.process.drain();
        let cmd = self.position_command(req)?;
        send(&mut self.process, &cmd, deadline)?;
        let result = match &req.question {
            Question::LegalMoves => json!({"moves": self.perft(1, deadline)?.0}),
            Question::IsLegal { mv } => {
                json!({"legal": self.perft(1, deadline)?.0.contains(mv)})
            }
            // `go perft 0` would start a search: depth 0 is one node.
            Question::Perft { depth: 0 } => json!({"nodes": 1}),
            Question::Perft { depth } => json!({"nodes": self.perft(*depth, deadline)?.1}),
            Question::Status => {
                let in_check = self.in_check(deadline)?;
                let (moves, _) = self.perft(1, deadline)?;
                let red_to_move = req.fen.split_whitespace().nth(1) != Some("b");
                let red_to_move = red_to_move ^ (req.moves.len() % 2 == 1);
                let mut status = json!({"legal_moves": moves.len()});
                if moves.is_empty() {
                    // The side to move has lost, mated or 困毙.
                    status["result"] = json!(if red_to_move { "0-1" } else { "1-0" });
                    if let Some(check) = in_check {
                        status["reason"] = json!(if check { "checkmate" } else { "stalemate" });
                    }
                } else {
                    status["result"] = json!("*");
                    status["reason"] = json!(null);
                }
                if let Some(check) = in_check {
                    status["in_check"] = json!(check);
                }
                status
            }
            Question::Convert { .. }
            | Question::Position
            | Question::Ruling
            | Question::Classify { .. } => unreachable!("answered above"),
        };
        Ok(Reply::result(req.seq, result))
    }
}

/// A divide line of `go perft`: exactly `word: count` (the word should be
/// a move; `info string …: 3` and other chatter are not divide lines).
fn divide_line(l: &str) -> Option<(String, u64)> {
    let (m, n) = l.trim().split_once(": ")?;
    let n: u64 = n.trim().parse().ok()?;
    let m = m.trim();
    (!m.is_empty() && !m.contains(char::is_whitespace)).then(|| (m.to_string(), n))
}

/// A divide line of a `perft N 1` command: `Hb1-a3  1  1` or `Cb3xb10  1  20`.
fn command_divide_line(l: &str) -> Option<(String, u64)> {
    let mut it = l.split_whitespace();
    let mv = it.next()?;
    let n: u64 = it.next()?.parse().ok()?;
    let _running: u64 = it.next()?.parse().ok()?;
    let mv = mv.trim_start_matches(|c: char| c.is_ascii_uppercase());
    let (a, b) = mv.split_once(['-', 'x'])?;
    Some((format!("{a}{b}"), n))
}

/// The total of a `perft N 1` command for `depth`: ` 1   44  0.00  …nps`.
fn command_total(l: &str, depth: u32) -> Option<u64> {
    let mut it = l.split_whitespace();
    let d: u32 = it.next()?.parse().ok()?;
    let n: u64 = it.next()?.parse().ok()?;
    (d == depth && l.contains("nps")).then_some(n)
}

/// The rank numbers of a move's two squares.
fn squares_ranks(m: &str) -> Vec<String> {
    let parts: Vec<&str> = m
        .split(|c: char| c.is_ascii_alphabetic())
        .filter(|s| !s.is_empty())
        .collect();
    parts.into_iter().map(String::from).collect()
}

impl Implementation for Uci {
    fn ask(&mut self, req: &Request, budget: Duration) -> Result<Reply, String> {
        self.exchange(req, Deadline::after(budget))
    }
}

pub struct UciFactory {
    pub command: Vec<String>,
    /// The time allowed for start-up.
    pub timeout: Duration,
    /// The suite's editions, all declared: the driver asks only questions
    /// whose answer is the same in every edition.
    pub editions: Vec<String>,
}

impl Factory for UciFactory {
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String> {
        let (uci, id) = Uci::connect(&self.command, self.timeout)?;
        let (name, version) = split_id_name(&id);
        let started = Started {
            kind: xq_spec::protocol::StartedType::Started,
            name,
            version,
            questions: [
                QuestionKind::LegalMoves,
                QuestionKind::IsLegal,
                QuestionKind::Status,
                QuestionKind::Perft,
            ]
            .map(xq_spec::protocol::Known::Known)
            .to_vec(),
            editions: self.editions.clone(),
            protocol: None,
            limits: None,
            conventions: Some(
                [
                    (
                        "ranks".to_string(),
                        json!(if uci.traits.rank_base == 0 {
                            "0-9 (as ICCS)"
                        } else {
                            "1-10"
                        }),
                    ),
                    (
                        "perft".to_string(),
                        json!(match uci.traits.perft {
                            Perft::Go => "go perft",
                            Perft::Command => "perft N 1",
                        }),
                    ),
                    (
                        "board".to_string(),
                        json!(match uci.traits.board {
                            Board::D => "d (Fen:, Checkers:)",
                            Board::Fen => "fen (no check: status is partial)",
                            Board::None => "none (no check: status is partial)",
                        }),
                    ),
                    (
                        "fen letters".to_string(),
                        json!(if uci.traits.letters_he {
                            "h e (horse, elephant)"
                        } else {
                            "n b"
                        }),
                    ),
                ]
                .into_iter()
                .collect(),
            ),
        };
        Ok((Box::new(uci), started))
    }
    fn describe(&self) -> String {
        format!("UCI {}", self.command.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_shift_by_one_both_ways() {
        assert_eq!(iccs_to_uci("h2e2").as_deref(), Some("h3e3"));
        assert_eq!(iccs_to_uci("b2b9").as_deref(), Some("b3b10"));
        assert_eq!(uci_to_iccs("b3b10").as_deref(), Some("b2b9"));
        assert_eq!(uci_to_iccs("a1a2").as_deref(), Some("a0a1"));
        assert_eq!(uci_to_iccs("a0a1"), None);
        assert_eq!(iccs_to_uci("j0a1"), None);
        assert_eq!(translate("a0a1", 0, 0).as_deref(), Some("a0a1"));
    }

    #[test]
    fn garbage_moves_never_panic() {
        for m in [
            "é1a2", "a1é2", "", "a", "aé", "a10b01", "a1b2c3", "ａ1a2", "a١a2",
        ] {
            assert_eq!(uci_to_iccs(m), None, "{m}");
            assert_eq!(
                divide_line(&format!("{m}: 1")).and_then(|(m, _)| uci_to_iccs(&m)),
                None
            );
        }
    }

    #[test]
    fn id_name_splits_into_name_and_version() {
        let split = |s: &str| {
            let (n, v) = split_id_name(s);
            format!("{n} | {v}")
        };
        assert_eq!(
            split("Fairy-Stockfish 11.1 LB 64"),
            "Fairy-Stockfish | 11.1 LB 64"
        );
        assert_eq!(
            split("Sjaak II 1.4.1 (x86_64)"),
            "Sjaak II | 1.4.1 (x86_64)"
        );
        assert_eq!(split("Pikafish 2024-06-08"), "Pikafish | 2024-06-08");
        assert_eq!(split("Fake Pikafish"), "Fake Pikafish | unknown");
        assert_eq!(split("1.0"), "1.0 | unknown");
    }

    #[test]
    fn divide_lines() {
        assert_eq!(divide_line("b3b10: 1"), Some(("b3b10".into(), 1)));
        assert_eq!(divide_line("é1a2: 1"), Some(("é1a2".into(), 1)));
        assert_eq!(divide_line("info string NNUE evaluation: 3"), None);
        assert_eq!(divide_line("Nodes searched: 44"), None);
        assert_eq!(
            command_divide_line(" Cb3xb10          1         20"),
            Some(("b3b10".into(), 1))
        );
        assert_eq!(
            command_total(" 1         44  0.00    619718.31nps", 1),
            Some(44)
        );
        assert_eq!(
            command_total(" 1         44  0.00    619718.31nps", 2),
            None
        );
    }
}
