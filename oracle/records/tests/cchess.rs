//! Cross-check against an independent reader, the `cchess` Python package:
//! the real samples and files written by this crate (XQF in every version,
//! CBR, CBL, PGN) must give the same start position, main line and number
//! of lines in both. Skipped when python3 or cchess is missing, except in
//! CI (`CI=true`), where that is a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

use xq_core::random::Rng;
use xq_core::{Notation, Position};
use xq_records::{
    open, write_cbl, write_cbr, write_pgn, write_xqf_lossy, KeyBytes, Line, MoveNode, PgnOptions,
    ReadOptions, Record, XqfOptions,
};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cchess_dump.py");

fn have_cchess() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import cchess"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI needs python3 with the cchess package (pip install cchess)");
    }
    ok
}

fn line(rng: &mut Rng, pos: &Position, plies: usize, depth: usize) -> Line {
    let mut l = Line::default();
    let mut p = pos.clone();
    for i in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let mut node = MoveNode::new(mv);
        if rng.below(4) == 0 {
            node.comment = Some(format!("第{i}着"));
        }
        if depth < 2 && i > 0 && rng.below(7) == 0 {
            let len = 1 + rng.below(5);
            let alt = line(rng, &p, len, depth + 1);
            if alt.moves.first().is_some_and(|n| n.mv != mv) {
                node.variations.push(alt);
            }
        }
        p = p.play_unchecked(mv);
        l.moves.push(node);
    }
    l
}

fn sample(seed: u64, variations: bool) -> Record {
    let mut rng = Rng::new(seed);
    let start = if seed % 4 == 3 {
        xq_core::random::played(seed, 9)
    } else {
        Position::start()
    };
    let mut r = Record::new(start.clone());
    let depth = if variations { 0 } else { 9 };
    let plies = 5 + rng.below(80);
    r.main = line(&mut rng, &start, plies, depth);
    if !variations {
        for n in &mut r.main.moves {
            n.comment = None;
        }
    }
    r.tags.red = Some("红".into());
    r
}

/// `file → [(start, main line, lines)]` as cchess reads it.
fn cchess(files: &[PathBuf]) -> Vec<(String, String, String, usize)> {
    let out = Command::new("python3")
        .arg(SCRIPT)
        .args(files)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "cchess: {l}");
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].to_string(),
                f[3].parse().unwrap_or(0),
            )
        })
        .collect()
}

fn ours(path: &Path) -> Vec<(String, String, usize)> {
    open(path, ReadOptions::default())
        .unwrap()
        .map(|r| {
            let r = r.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let fen = r.start.fen();
            let two: Vec<&str> = fen.split(' ').take(2).collect();
            let moves: Vec<String> = r.main_moves().map(|m| m.to_string()).collect();
            (two.join(" "), moves.join(" "), 1 + r.variation_count())
        })
        .collect()
}

#[test]
fn same_as_cchess() {
    if !have_cchess() {
        eprintln!("skipped: python3 with cchess is not installed");
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cchess-cross-check");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<PathBuf> = ["v10.xqf", "v18.xqf", "sample.cbr", "utf8-bom.pgn"]
        .iter()
        .map(|n| Path::new(DATA).join(n))
        .collect();
    for version in 10..=18u8 {
        for seed in 0..4u64 {
            let r = sample(seed * 10 + u64::from(version), true);
            let opts = XqfOptions {
                version,
                keys: KeyBytes::from_seed(seed ^ u64::from(version) << 8),
            };
            let path = dir.join(format!("v{version}-{seed}.xqf"));
            // A played start position has move counters XQF cannot hold:
            // that, and only that, is left out.
            let (bytes, lost) = write_xqf_lossy(&r, &opts).unwrap();
            assert!(lost.iter().all(|l| l.contains("move counters")), "{lost:?}");
            std::fs::write(&path, bytes).unwrap();
            files.push(path);
        }
    }
    let lib: Vec<Record> = (0..5).map(|s| sample(100 + s, true)).collect();
    for (i, r) in lib.iter().enumerate() {
        let path = dir.join(format!("game{i}.cbr"));
        std::fs::write(&path, write_cbr(r).unwrap()).unwrap();
        files.push(path);
    }
    let path = dir.join("lib.cbl");
    std::fs::write(&path, write_cbl("库", &lib).unwrap()).unwrap();
    files.push(path);
    // cchess reads PGN without comments or variations, one game a file,
    // from the initial position, in Chinese notation or (with a Format
    // tag) ICCS.
    for seed in 0..6u64 {
        let mut r = sample(200 + seed * 4, false);
        r.start = Position::start();
        r.main = line(&mut Rng::new(seed), &Position::start(), 60, 9);
        for n in &mut r.main.moves {
            n.comment = None;
        }
        for notation in [Notation::Chinese, Notation::Iccs] {
            let opts = PgnOptions {
                notation,
                ..PgnOptions::default()
            };
            let path = dir.join(format!("g{seed}-{notation}.pgn"));
            std::fs::write(&path, write_pgn(&r, &opts)).unwrap();
            files.push(path);
        }
    }

    let theirs = cchess(&files);
    let mut mine = Vec::new();
    for f in &files {
        for (fen, moves, lines) in ours(f) {
            mine.push((f.display().to_string(), fen, moves, lines));
        }
    }
    assert_eq!(theirs.len(), mine.len(), "games per file");
    let mut differences = Vec::new();
    for (t, m) in theirs.iter().zip(&mine) {
        assert_eq!(t.0, m.0);
        if t != m {
            differences.push(format!("{}\n  cchess: {t:?}\n  ours:   {m:?}", t.0));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} games differ:\n{}",
        differences.len(),
        mine.len(),
        differences.join("\n")
    );
}
