//! Writing records and reading them back: PGN in each notation, XQF in
//! every version 10–18 (the encrypted ones with several keys), CBR and CBL.

use xq_core::random::Rng;
use xq_core::{Notation, Outcome, Position};
use xq_records::{
    read_bytes, write_cbl, write_cbr, write_pgn, write_xqf, write_xqf_lossy, Format, KeyBytes,
    Line, MoveNode, PgnOptions, Record, RecordType, XqfOptions,
};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn file(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DATA}/{name}")).unwrap()
}

fn read_one(bytes: &[u8]) -> Record {
    let mut games: Vec<_> = read_bytes(bytes).collect();
    assert_eq!(games.len(), 1);
    games.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

/// A random legal line of up to `plies` moves from `pos`, each with a
/// comment now and then.
fn random_line(rng: &mut Rng, pos: &Position, plies: usize, depth: usize) -> Line {
    let mut line = Line::default();
    let mut p = pos.clone();
    for i in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let mut node = MoveNode::new(mv);
        if rng.below(5) == 0 {
            node.comment = Some(format!("注{i} comment"));
        }
        // A variation's first move gets no variation of its own: that one
        // would be an alternative to the same move, and readers list it there.
        if depth < 2 && (i > 0 || depth == 0) && rng.below(6) == 0 {
            let len = 1 + rng.below(6);
            let alt = random_line(rng, &p, len, depth + 1);
            if alt.moves.first().is_some_and(|n| n.mv != mv) {
                node.variations.push(alt);
            }
        }
        p = p.play_unchecked(mv);
        line.moves.push(node);
    }
    line
}

/// A record with tags, an opening comment, comments and variations.
fn sample(seed: u64) -> Record {
    let mut rng = Rng::new(seed);
    let start = if seed % 3 == 0 {
        xq_core::random::played(seed, 7)
    } else {
        Position::start()
    };
    let mut r = Record::new(start.clone());
    let plies = 10 + rng.below(60);
    r.main = random_line(&mut rng, &start, plies, 0);
    r.main.comment = Some("开局 opening".into());
    let t = &mut r.tags;
    t.title = Some("测试对局".into());
    t.event = Some("全国赛".into());
    t.date = Some("2024.05.01".into());
    t.site = Some("上海".into());
    t.red = Some("红方".into());
    t.black = Some("黑方".into());
    t.result = [
        Outcome::RedWins,
        Outcome::BlackWins,
        Outcome::Draw,
        Outcome::Ongoing,
    ][seed as usize % 4];
    t.record_type = Some(RecordType::FullGame);
    r
}

/// Where two lines first differ, for failure messages.
fn first_diff(a: &Line, b: &Line) -> String {
    if a.comment != b.comment {
        return format!("line comment {:?} vs {:?}", a.comment, b.comment);
    }
    for (i, (x, y)) in a.moves.iter().zip(&b.moves).enumerate() {
        if x.mv != y.mv || x.comment != y.comment || x.nags != y.nags {
            return format!(
                "move {}: {:?} vs {:?}",
                i + 1,
                (x.mv, &x.comment, &x.nags),
                (y.mv, &y.comment, &y.nags)
            );
        }
        if x.variations.len() != y.variations.len() {
            return format!(
                "move {}: {} vs {} variations",
                i + 1,
                x.variations.len(),
                y.variations.len()
            );
        }
        for (v, w) in x.variations.iter().zip(&y.variations) {
            if v != w {
                return format!("move {} variation: {}", i + 1, first_diff(v, w));
            }
        }
    }
    format!("{} vs {} moves", a.moves.len(), b.moves.len())
}

/// The moves, comments and variations, without the source.
fn tree(r: &Record) -> (String, Line) {
    (r.start.fen(), r.main.clone())
}

/// The same for binary formats, which keep no move counters: the board and
/// the side to move only.
fn bin_tree(r: &Record) -> (String, Line) {
    let fen = r.start.fen();
    let two: Vec<&str> = fen.split(' ').take(2).collect();
    (two.join(" "), r.main.clone())
}

#[test]
fn pgn_round_trip_in_each_notation() {
    for seed in 0..30 {
        let r = sample(seed);
        for notation in Notation::ALL {
            let opts = PgnOptions {
                notation,
                ..PgnOptions::default()
            };
            let text = write_pgn(&r, &opts);
            let back = read_one(text.as_bytes());
            assert!(
                tree(&back) == tree(&r),
                "seed {seed} {notation}: {}\n{text}",
                first_diff(&back.main, &r.main)
            );
            assert_eq!(back.tags, r.tags, "seed {seed} {notation}");
            assert_eq!(back.source.notation, Some(notation));
        }
    }
}

#[test]
fn pgn_written_from_every_format_reads_back() {
    for name in [
        "v10.xqf",
        "v18.xqf",
        "sample.cbr",
        "page.html",
        "utf8.pgn",
        "big5.pgn",
    ] {
        let r = read_one(&file(name));
        for notation in Notation::ALL {
            let opts = PgnOptions {
                notation,
                ..PgnOptions::default()
            };
            let back = read_one(write_pgn(&r, &opts).as_bytes());
            assert!(tree(&back) == tree(&r), "{name} {notation}");
            assert_eq!(back.tags.red, r.tags.red);
            assert_eq!(back.tags.result, r.tags.result);
        }
    }
}

#[test]
fn pgn_files_of_many_games_concatenate() {
    let mut all = String::new();
    for seed in 0..20 {
        all.push_str(&write_pgn(&sample(seed), &PgnOptions::default()));
    }
    let games: Vec<_> = read_bytes(all.as_bytes()).collect();
    assert_eq!(games.len(), 20);
    for (seed, g) in games.iter().enumerate() {
        let g = g.as_ref().unwrap();
        assert!(tree(g) == tree(&sample(seed as u64)), "game {}", seed + 1);
        assert_eq!(g.source.game, seed + 1);
    }
}

#[test]
fn xqf_every_version_round_trips() {
    for version in 10..=18u8 {
        for seed in 0..12u64 {
            let r = sample(seed);
            let opts = XqfOptions {
                version,
                keys: KeyBytes::from_seed(seed * 31 + u64::from(version)),
            };
            // The samples carry what XQF has no place for (played start
            // positions' move counters, NAGs, comments before a
            // variation): only that is left out, and said.
            let (bytes, lost) = write_xqf_lossy(&r, &opts).unwrap();
            assert!(
                lost.iter().all(|l| l.contains("move counters")
                    || l.contains("NAG")
                    || l.contains("before a variation")),
                "{lost:?}"
            );
            assert_eq!(write_xqf(&r, &opts).is_ok(), lost.is_empty());
            assert_eq!(&bytes[..3], &[b'X', b'Q', version]);
            let back = read_one(&bytes);
            assert_eq!(back.source.format, Format::Xqf);
            assert!(
                bin_tree(&back) == bin_tree(&flatten(&r)),
                "version {version} seed {seed}"
            );
            let (a, b) = (&back.tags, &r.tags);
            assert_eq!(
                (&a.title, &a.event, &a.date, &a.site, &a.red, &a.black, a.result),
                (&b.title, &b.event, &b.date, &b.site, &b.red, &b.black, b.result)
            );
            assert_eq!(a.record_type, b.record_type);
        }
    }
}

/// The record as a binary format keeps it: the alternatives to a move are
/// all listed at that move (a variation's own first-move variations are
/// alternatives to the same move), and variations carry no comment of
/// their own before their first move.
fn flatten(r: &Record) -> Record {
    fn line(l: &Line) -> Line {
        Line {
            comment: l.comment.clone(),
            moves: l
                .moves
                .iter()
                .map(|n| {
                    let mut alts = Vec::new();
                    let mut queue: Vec<&Line> = n.variations.iter().rev().collect();
                    while let Some(v) = queue.pop() {
                        if let Some(first) = v.moves.first() {
                            let mut v2 = v.clone();
                            v2.comment = None;
                            v2.moves[0].variations.clear();
                            alts.push(line(&v2));
                            queue.extend(first.variations.iter().rev());
                        }
                    }
                    MoveNode {
                        mv: n.mv,
                        comment: n.comment.clone(),
                        nags: Vec::new(),
                        variations: alts,
                        read: n.read,
                    }
                })
                .collect(),
        }
    }
    let mut out = r.clone();
    out.main = line(&r.main);
    out
}

#[test]
fn xqf_samples_rewritten_in_every_version() {
    for name in ["v10.xqf", "v18.xqf", "sample.cbr"] {
        let r = read_one(&file(name));
        for version in 10..=18 {
            let opts = XqfOptions {
                version,
                ..XqfOptions::default()
            };
            let back = read_one(&write_xqf(&r, &opts).unwrap());
            assert_eq!(bin_tree(&back), bin_tree(&r), "{name} as version {version}");
        }
    }
}

#[test]
fn xqf_refuses_what_it_cannot_hold() {
    let r = sample(1);
    for version in [9, 19] {
        let opts = XqfOptions {
            version,
            ..XqfOptions::default()
        };
        assert_eq!(write_xqf(&r, &opts).unwrap_err().code(), "unwritable");
    }
    let black = Record::new(Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b").unwrap());
    assert_eq!(
        write_xqf(&black, &XqfOptions::default())
            .unwrap_err()
            .code(),
        "unwritable"
    );
    let three_rooks = Record::new(
        Position::from_fen_with("3k5/9/9/9/9/9/9/R8/R8/R3K4 w", xq_core::Validation::Relaxed)
            .unwrap(),
    );
    assert_eq!(
        write_xqf(&three_rooks, &XqfOptions::default())
            .unwrap_err()
            .code(),
        "unwritable"
    );
}

#[test]
fn cbr_and_cbl_round_trip() {
    let records: Vec<Record> = (0..6).map(sample).collect();
    for r in &records {
        let back = read_one(&write_cbr(r).unwrap());
        assert_eq!(back.source.format, Format::Cbr);
        assert!(
            bin_tree(&back) == bin_tree(&flatten(r)),
            "{}",
            first_diff(&back.main, &flatten(r).main)
        );
        assert_eq!(back.tags.title, r.tags.title);
        assert_eq!(back.tags.red, r.tags.red);
        assert_eq!(back.tags.result, r.tags.result);
    }
    let lib = write_cbl("测试库", &records).unwrap();
    let games: Vec<_> = read_bytes(&lib).collect();
    assert_eq!(games.len(), records.len());
    for (g, r) in games.iter().zip(&records) {
        let g = g.as_ref().unwrap();
        assert_eq!(g.source.format, Format::Cbr);
        assert!(bin_tree(g) == bin_tree(&flatten(r)));
    }
}

#[test]
fn cbl_with_a_broken_game_in_the_middle() {
    let records: Vec<Record> = (0..3).map(sample).collect();
    let mut lib = write_cbl("lib", &records).unwrap();
    // Game 2's first move record (after the header and opening comment)
    // gets a from-square of 200.
    let slot = 101_952 + 4096;
    let body = slot + 2214;
    let opening_len = u32::from_le_bytes(lib[body + 4..body + 8].try_into().unwrap()) as usize;
    let first = body + 8 + opening_len;
    lib[first + 2] = 200;
    let games: Vec<_> = read_bytes(&lib).collect();
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[2].is_ok());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.game, Some(2));
    assert_eq!(
        e.kind,
        xq_records::ErrorKind::SquareOutOfRange { value: 200 }
    );
    assert_eq!(e.at, xq_records::Location::Byte(first as u64));
}

#[test]
fn cbl_heading_entries_are_headings_not_games() {
    let records: Vec<Record> = (0..3).map(sample).collect();
    let mut lib = write_cbl("lib", &records).unwrap();
    // Game 2's board emptied: the shape of a library's section title.
    let slot = 101_952 + 4096;
    lib[slot + 2120..slot + 2120 + 90].fill(0);
    let games: Vec<_> = read_bytes(&lib).collect();
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[2].is_ok());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.code(), "heading");
    assert!(matches!(&e.kind, xq_records::ErrorKind::Heading { .. }));
}

#[test]
fn xqf_writes_every_field_it_has_and_names_what_it_cannot_hold() {
    let mut r = read_one(b"1. h2e2 $1 h9g7 *");
    r.tags.event = Some("第五届银荔杯全国象棋冠军赛".repeat(3));
    r.tags.red = Some("许银川".into());
    r.tags.round = Some("3".into());
    r.tags.red_elo = Some("2650".into());
    r.tags.ecco = Some("B05".into());
    r.tags.other.push(("RedTime".into(), "1:30:00".into()));
    r.tags.other.push(("BlackTime".into(), "1:29:10".into()));
    // The event is 78 bytes of GBK, its field 63: refused by default, with
    // every loss named.
    let e = write_xqf(&r, &XqfOptions::default()).unwrap_err();
    let text = e.to_string();
    for what in ["event", "Round", "RedElo", "ECCO", "NAG"] {
        assert!(text.contains(what), "{what}: {text}");
    }
    assert!(!text.contains("RedTime"), "XQF has a field for it: {text}");
    // Written anyway, it keeps what fits and lists the rest.
    let (bytes, lost) = write_xqf_lossy(&r, &XqfOptions::default()).unwrap();
    assert_eq!(lost.len(), 5, "{lost:?}");
    let back = read_one(&bytes);
    let other = |k: &str| {
        back.tags
            .other
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(other("RedTime"), Some("1:30:00"));
    assert_eq!(other("BlackTime"), Some("1:29:10"));
    assert_eq!(back.tags.red.as_deref(), Some("许银川"));
    assert!(r
        .tags
        .event
        .as_ref()
        .unwrap()
        .starts_with(back.tags.event.as_deref().unwrap()));
}

#[test]
fn a_final_illegal_move_survives_pgn_and_xqf() {
    let r = read_one(b"1. h2e2 h9g7 2. e2e9 *");
    assert!(r.illegal_final.is_some());
    for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
        let text = write_pgn(
            &r,
            &PgnOptions {
                notation,
                ..PgnOptions::default()
            },
        );
        let back = read_one(text.as_bytes());
        assert_eq!(back.main, r.main, "{text}");
        assert_eq!(
            back.illegal_final.as_ref().map(|l| (l.mv, l.ply)),
            r.illegal_final.as_ref().map(|l| (l.mv, l.ply)),
            "{text}"
        );
    }
    let back = read_one(&write_xqf(&r, &XqfOptions::default()).unwrap());
    assert_eq!(
        back.main_moves().collect::<Vec<_>>(),
        r.main_moves().collect::<Vec<_>>()
    );
    let (a, b) = (back.illegal_final.unwrap(), r.illegal_final.unwrap());
    assert_eq!((a.mv, a.ply, a.reason), (b.mv, b.ply, b.reason));
}

#[test]
fn a_final_illegal_move_no_notation_spells_reads_back_from_wxf_and_chinese() {
    // i0h1 is a rook moving diagonally: WXF and Chinese cannot spell it, so
    // the writer falls back on ICCS, and the reader must still see it as
    // the record's final illegal move.
    let r = read_one(b"1. h2e2 h9g7 2. i0h1 *");
    assert!(r.illegal_final.is_some());
    for notation in [Notation::Wxf, Notation::Chinese] {
        let text = write_pgn(
            &r,
            &PgnOptions {
                notation,
                ..PgnOptions::default()
            },
        );
        let back = read_one(text.as_bytes());
        assert_eq!(
            back.illegal_final.map(|l| l.mv),
            r.illegal_final.as_ref().map(|l| l.mv),
            "{text}"
        );
    }
}

#[test]
fn xqf_says_so_when_a_nul_would_end_a_field_early() {
    let mut r = read_one(b"1. h2e2 *");
    r.tags.red = Some("杨官璘\u{0}-0".into());
    let (_, lost) = write_xqf_lossy(&r, &XqfOptions::default()).unwrap();
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert!(lost[0].contains("NUL"), "{lost:?}");
    assert!(write_xqf(&r, &XqfOptions::default()).is_err());
}

#[test]
fn a_null_move_at_the_end_is_a_broken_record_in_every_format() {
    // 炮二平二 names h2h2, which moves nothing: not a player's illegal move.
    let e = read_bytes("1. h2e2 h9g7 2. 炮五平五 *".as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.code(), "illegal-move");
    assert_eq!(e.partial().map(|r| r.main.moves.len()), Some(2));
}

#[test]
fn pgn_names_what_it_writes_otherwise() {
    let mut r = sample(7);
    // Nothing PGN cannot hold: no change, and the round trip is exact.
    assert_eq!(
        xq_records::pgn_changes(&r, &PgnOptions::default()),
        Vec::<String>::new()
    );
    r.main.moves[1].comment = Some("a {brace} inside".into());
    r.tags.event = Some("line one\nline two".into());
    r.tags.other.push(("Bad Name".into(), "x".into()));
    r.tags.other.push(("Note".into(), "a\r\nb".into()));
    let changes = xq_records::pgn_changes(&r, &PgnOptions::default());
    assert_eq!(
        changes,
        [
            "the line break in tag Event as a space",
            "no tag \"Bad Name\" (PGN tag names are letters, digits and _)",
            "the line break in tag Note as a space",
            "the } in the comment after ply 2 as ｝",
        ],
        "{changes:#?}"
    );
    // Each listed change is what reading the PGN back shows.
    let back = read_one(write_pgn(&r, &PgnOptions::default()).as_bytes());
    assert_eq!(
        back.main.moves[1].comment.as_deref(),
        Some("a {brace｝ inside")
    );
    assert_eq!(back.tags.event.as_deref(), Some("line one line two"));
    assert!(back.tags.other.iter().all(|(k, _)| k != "Bad Name"));
    // Without comments, a comment's brace is no change of PGN's making.
    let quiet = PgnOptions {
        comments: false,
        ..PgnOptions::default()
    };
    assert_eq!(xq_records::pgn_changes(&r, &quiet).len(), 3);
}
