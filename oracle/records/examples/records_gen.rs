//! Writes a collection of random legal games for bench/records.sh: one
//! multi-game PGN per notation, one single-game PGN per game (Chinese
//! notation, the form cchess reads), and one XQF file per game; and
//! `all-unmarked.pgn`, the Chinese games with every 前/后/中 marker left out
//! where only one piece can legally make the move (as scoresheets do).
//!
//! ```sh
//! cargo run --release -p xq-records --example records_gen -- 10000 OUT_DIR
//! ```

use std::io::Write;

use xq_core::random::Rng;
use xq_core::{format_move, Notation, Outcome, Position, Reading};
use xq_records::{write_pgn, write_xqf, KeyBytes, MoveNode, PgnOptions, Record, XqfOptions};

/// A random game: up to 200 plies; one game in four shuttles two moves back
/// and forth twice somewhere (a repetition).
fn game(seed: u64) -> Record {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start();
    let mut r = Record::new(pos.clone());
    let plies = 20 + rng.below(180);
    let shuttle_at = (seed % 4 == 0).then(|| rng.below(plies));
    let mut i = 0;
    while i < plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        if shuttle_at == Some(i) {
            // m1, m2, back, back — twice, if every move stays legal.
            let m1 = moves[rng.below(moves.len())];
            let p1 = pos.play_unchecked(m1);
            let replies = p1.legal_moves();
            if let Some(&m2) = replies.get(rng.below(replies.len().max(1))) {
                let cycle = [
                    m1,
                    m2,
                    xq_core::Move::new(m1.to, m1.from),
                    xq_core::Move::new(m2.to, m2.from),
                ];
                let mut p = pos.clone();
                let ok = (0..2).all(|_| {
                    cycle.iter().all(|&m| {
                        let legal = p.check_move(m).is_ok() && !p.is_capture(m);
                        if legal {
                            p = p.play_unchecked(m);
                        }
                        legal
                    })
                });
                if ok {
                    for _ in 0..2 {
                        for &m in &cycle {
                            r.main.moves.push(MoveNode::new(m));
                            pos = pos.play_unchecked(m);
                        }
                    }
                    i += 8;
                    continue;
                }
            }
        }
        let mv = moves[rng.below(moves.len())];
        r.main.moves.push(MoveNode::new(mv));
        pos = pos.play_unchecked(mv);
        i += 1;
    }
    r.tags.event = Some("随机对局".into());
    r.tags.red = Some(format!("红{seed}"));
    r.tags.black = Some(format!("黑{seed}"));
    r.tags.result = if pos.legal_moves().is_empty() {
        Outcome::win_for(pos.turn().other())
    } else {
        Outcome::Ongoing
    };
    r
}

/// The official Chinese text of `mv`, without its marker when legality
/// settles the move: 前车进一 becomes 车二进一 if the other rook on file 二
/// cannot legally go one forward.
fn unmarked(pos: &Position, mv: xq_core::Move) -> String {
    let text = format_move(pos, mv, Notation::Chinese);
    let chars: Vec<char> = text.chars().collect();
    let marked = matches!(chars.first(), Some('前' | '后' | '中'));
    let piece = chars.get(1).copied();
    let is_piece = piece.is_some_and(|c| "车马炮相象仕士兵卒帅将".contains(c));
    if !marked || !is_piece || chars.len() != 4 {
        return text;
    }
    let red = pos.turn() == xq_core::Color::Red;
    let file = if red {
        9 - mv.from.file() as usize
    } else {
        mv.from.file() as usize + 1
    };
    let file = if red {
        "一二三四五六七八九"
            .chars()
            .nth(file - 1)
            .unwrap()
            .to_string()
    } else {
        char::from_u32(0xFF10 + file as u32).unwrap().to_string()
    };
    let candidate = format!("{}{file}{}{}", chars[1], chars[2], chars[3]);
    match xq_core::read_move(
        pos,
        &candidate,
        Some(Notation::Chinese),
        Reading::ByLegality,
    ) {
        Ok(r) if r.mv == mv => candidate,
        _ => text,
    }
}

fn unmarked_pgn(r: &Record) -> String {
    let mut s = format!(
        "[Game \"Chinese Chess\"]\n[Event \"unmarked\"]\n[Result \"{}\"]\n\n",
        r.tags.result.as_str()
    );
    let mut pos = r.start.clone();
    for (i, m) in r.main_moves().enumerate() {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(&unmarked(&pos, m));
        s.push(' ');
        pos = pos.play_unchecked(m);
    }
    s.push_str(r.tags.result.as_str());
    s.push_str("\n\n");
    s
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let out = std::path::PathBuf::from(args.get(2).map_or("records-bench", |s| s.as_str()));
    for sub in ["single", "xqf"] {
        std::fs::create_dir_all(out.join(sub)).unwrap();
    }
    let mut multi: Vec<_> = Notation::ALL
        .iter()
        .map(|n| {
            let f = std::fs::File::create(out.join(format!("all-{n}.pgn"))).unwrap();
            (*n, std::io::BufWriter::new(f))
        })
        .collect();
    let mut unmarked =
        std::io::BufWriter::new(std::fs::File::create(out.join("all-unmarked.pgn")).unwrap());
    let mut plies = 0;
    for seed in 0..n {
        let r = game(seed);
        plies += r.main.moves.len();
        unmarked.write_all(unmarked_pgn(&r).as_bytes()).unwrap();
        for (notation, w) in &mut multi {
            let opts = PgnOptions {
                notation: *notation,
                ..PgnOptions::default()
            };
            w.write_all(write_pgn(&r, &opts).as_bytes()).unwrap();
        }
        let single = write_pgn(&r, &PgnOptions::default());
        std::fs::write(out.join("single").join(format!("{seed:05}.pgn")), single).unwrap();
        let opts = XqfOptions {
            version: [10, 12, 16, 18][seed as usize % 4],
            keys: KeyBytes::from_seed(seed),
        };
        let xqf = write_xqf(&r, &opts).unwrap();
        std::fs::write(out.join("xqf").join(format!("{seed:05}.xqf")), xqf).unwrap();
    }
    eprintln!("{n} games, {plies} plies, in {}", out.display());
}
