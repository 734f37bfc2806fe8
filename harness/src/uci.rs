//! A built-in adapter for UCI xiangqi engines (Fairy-Stockfish, Pikafish).
//!
//! Legal moves and perft come from `go perft`, check from the `Checkers:`
//! line of the engine's `d` command. UCI engines number ranks 1–10 where
//! ICCS numbers them 0–9, so every square is translated at the boundary.

use std::time::Duration;

use serde_json::json;
use xq_oracle::protocol::{Question, QuestionKind, Reply, Request, Started};

use crate::implementation::{Factory, Implementation, LineProcess};

/// ICCS (`h2e2`) to UCI (`h3e3`): each rank is one higher.
pub fn iccs_to_uci(m: &str) -> Option<String> {
    translate(m, 1)
}

/// UCI (`h3e3`, `b3b10`) to ICCS (`h2e2`, `b2b9`).
pub fn uci_to_iccs(m: &str) -> Option<String> {
    translate(m, -1)
}

fn translate(m: &str, delta: i32) -> Option<String> {
    let bytes = m.as_bytes();
    // Split into file, rank, file, rank; ranks may have two digits.
    let second = bytes.iter().skip(1).position(|b| b.is_ascii_alphabetic())? + 1;
    let (a, b) = m.split_at(second);
    let square = |s: &str| -> Option<String> {
        let (file, rank) = s.split_at(1);
        let file = file.chars().next().filter(|c| ('a'..='i').contains(c))?;
        let rank: i32 = rank.parse().ok()?;
        let rank = rank + delta;
        let max = if delta > 0 { 10 } else { 9 };
        (max - 9..=max)
            .contains(&rank)
            .then(|| format!("{file}{rank}"))
    };
    Some(format!("{}{}", square(a)?, square(b)?))
}

/// A running UCI engine, restarted after any failure.
pub struct Uci {
    command: Vec<String>,
    timeout: Duration,
    process: Option<LineProcess>,
}

impl Uci {
    fn connect(command: &[String], timeout: Duration) -> Result<(LineProcess, String), String> {
        let mut p = LineProcess::spawn(command)?;
        let wait = timeout.max(Duration::from_secs(10));
        p.send("uci")?;
        let mut name = command[0].clone();
        loop {
            let line = p.recv(wait)?;
            if let Some(n) = line.strip_prefix("id name ") {
                name = n.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        p.send("setoption name UCI_Variant value xiangqi")?;
        // An unknown variant is ignored silently: make sure xiangqi took.
        p.send("position startpos")?;
        p.send("d")?;
        let fen = Self::read_fen(&mut p, wait)?;
        if !fen.starts_with("rnbakabnr/9/1c5c1") {
            return Err(format!(
                "the engine did not switch to xiangqi (start FEN {fen})"
            ));
        }
        Ok((p, name))
    }

    /// Reads `d` output up to its `Checkers:` line, returning the `Fen:`.
    fn read_fen(p: &mut LineProcess, timeout: Duration) -> Result<String, String> {
        Ok(Self::read_board(p, timeout)?.0)
    }

    /// Reads `d` output: the FEN and whether the side to move is in check.
    fn read_board(p: &mut LineProcess, timeout: Duration) -> Result<(String, bool), String> {
        let mut fen = None;
        loop {
            let line = p.recv(timeout)?;
            if let Some(f) = line.strip_prefix("Fen: ") {
                fen = Some(f.trim().to_string());
            }
            if let Some(c) = line.strip_prefix("Checkers:") {
                let fen = fen.ok_or("the engine's `d` printed no Fen: line")?;
                return Ok((fen, !c.trim().is_empty()));
            }
        }
    }

    /// Runs `go perft depth` and returns the divide lines (ICCS) and the total.
    fn perft(
        p: &mut LineProcess,
        depth: u32,
        timeout: Duration,
    ) -> Result<(Vec<String>, u64), String> {
        p.send(&format!("go perft {depth}"))?;
        let mut moves = Vec::new();
        loop {
            let line = p.recv(timeout)?;
            if let Some(n) = line.strip_prefix("Nodes searched:") {
                let n = n
                    .trim()
                    .parse()
                    .map_err(|_| format!("bad perft total {line:?}"))?;
                return Ok((moves, n));
            }
            if let Some((m, _)) = line.split_once(": ") {
                moves
                    .push(uci_to_iccs(m.trim()).ok_or_else(|| format!("bad perft line {line:?}"))?);
            }
        }
    }

    fn exchange(&mut self, req: &Request) -> Result<Reply, String> {
        if self.process.is_none() {
            self.process = Some(Self::connect(&self.command, self.timeout)?.0);
        }
        let timeout = self.timeout;
        let p = self.process.as_mut().expect("connected");
        let mut fen_fields: Vec<String> = req.fen.split_whitespace().map(String::from).collect();
        if req.fen.trim() == "startpos" {
            fen_fields = xq_core::START_FEN
                .split_whitespace()
                .map(String::from)
                .collect();
        }
        // UCI engines read any side letter but `w` as Black.
        if fen_fields.get(1).is_some_and(|s| s == "r") {
            fen_fields[1] = "w".into();
        }
        let mut cmd = format!("position fen {}", fen_fields.join(" "));
        if !req.moves.is_empty() {
            cmd.push_str(" moves");
            for m in &req.moves {
                cmd.push(' ');
                cmd.push_str(
                    &iccs_to_uci(m).ok_or_else(|| format!("bad move {m:?} in the request"))?,
                );
            }
        }
        p.send(&cmd)?;
        let result = match &req.question {
            Question::LegalMoves => json!({"moves": Self::perft(p, 1, timeout)?.0}),
            Question::IsLegal { mv } => {
                json!({"legal": Self::perft(p, 1, timeout)?.0.contains(mv)})
            }
            Question::Perft { depth: 0 } => json!({"nodes": 1}),
            Question::Perft { depth } => json!({"nodes": Self::perft(p, *depth, timeout)?.1}),
            Question::Status => {
                p.send("d")?;
                let (fen, in_check) = Self::read_board(p, timeout)?;
                let (moves, _) = Self::perft(p, 1, timeout)?;
                let red_to_move = fen.split_whitespace().nth(1) == Some("w");
                let (result, reason) = match (moves.len(), in_check) {
                    (0, check) => (
                        if red_to_move { "0-1" } else { "1-0" },
                        Some(if check { "checkmate" } else { "stalemate" }),
                    ),
                    _ => ("*", None),
                };
                json!({"in_check": in_check, "legal_moves": moves.len(), "result": result, "reason": reason})
            }
            Question::Convert { .. }
            | Question::Position
            | Question::Ruling
            | Question::Classify { .. } => {
                return Ok(Reply::unsupported(
                    req.seq,
                    "UCI has no command for this question",
                ))
            }
        };
        Ok(Reply::result(req.seq, result))
    }
}

impl Implementation for Uci {
    fn ask(&mut self, req: &Request) -> Reply {
        self.exchange(req).unwrap_or_else(|e| {
            self.process = None;
            Reply::error(Some(req.seq), e)
        })
    }
}

pub struct UciFactory {
    pub command: Vec<String>,
    pub timeout: Duration,
}

impl Factory for UciFactory {
    fn start(&self) -> Result<(Box<dyn Implementation>, Started), String> {
        let (p, name) = Uci::connect(&self.command, self.timeout)?;
        let started = Started {
            kind: "started".into(),
            name,
            version: "uci".into(),
            questions: [
                QuestionKind::LegalMoves,
                QuestionKind::IsLegal,
                QuestionKind::Status,
                QuestionKind::Perft,
            ]
            .iter()
            .map(|q| q.name().to_string())
            .collect(),
            editions: xq_oracle::edition::ids().map(String::from).collect(),
        };
        Ok((
            Box::new(Uci {
                command: self.command.clone(),
                timeout: self.timeout,
                process: Some(p),
            }),
            started,
        ))
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
    }
}
