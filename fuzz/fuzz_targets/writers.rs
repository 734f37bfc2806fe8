//! The record writers: every game read from any bytes is written as PGN
//! (each notation), XQF and CBR, and read back. PGN must give the same
//! record (tags, start, every line, comment and NAG, the final illegal
//! move), but for the two things PGN cannot spell (a `}` inside a comment,
//! written `｝`; a line break inside a tag value, written as a space) and
//! tag names PGN cannot hold; XQF must give the same main line, or say
//! (in `write_xqf_lossy`'s list) what it left out, and `write_xqf` must
//! refuse exactly when that list is not empty.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xq_core::Notation;
use xq_records::{
    read_bytes, write_cbr, write_pgn, write_xqf, write_xqf_lossy, Line, PgnOptions, Record,
    XqfOptions,
};

/// What PGN keeps of a line: comments with `}` as `｝`, no reading notes.
fn pgn_line(l: &Line) -> Line {
    let mut l = l.clone();
    l.comment = l.comment.map(|c| c.replace('}', "｝"));
    for m in &mut l.moves {
        m.read = None;
        m.comment = m.comment.take().map(|c| c.replace('}', "｝"));
        m.variations = m.variations.iter().map(pgn_line).collect();
    }
    l
}

fn pgn_tags(r: &Record) -> xq_records::Tags {
    let mut t = r.tags.clone();
    let clean = |v: &mut Option<String>| {
        if let Some(s) = v {
            *s = s.replace(['\n', '\r'], " ").trim().to_string();
        }
    };
    for v in [
        &mut t.title,
        &mut t.event,
        &mut t.site,
        &mut t.date,
        &mut t.round,
        &mut t.red,
        &mut t.black,
        &mut t.red_team,
        &mut t.black_team,
        &mut t.red_elo,
        &mut t.black_elo,
        &mut t.ecco,
        &mut t.opening,
        &mut t.variation,
        &mut t.time_control,
        &mut t.annotator,
        &mut t.author,
    ] {
        clean(v);
        if v.as_deref() == Some("") {
            *v = None;
        }
    }
    t.other.retain(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_'));
    for (_, v) in &mut t.other {
        *v = v.replace(['\n', '\r'], " ");
    }
    t
}

fuzz_target!(|data: &[u8]| {
    for record in read_bytes(data).take(16) {
        let Ok(record) = record else { continue };
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let options = PgnOptions {
                notation,
                ..PgnOptions::default()
            };
            let pgn = write_pgn(&record, &options);
            let back = read_bytes(pgn.as_bytes())
                .next()
                .expect("a written record reads back")
                .unwrap_or_else(|e| panic!("{e}\n{pgn}"));
            assert_eq!(back.start, record.start, "{pgn}");
            assert_eq!(pgn_line(&back.main), pgn_line(&record.main), "{pgn}");
            assert_eq!(
                back.illegal_final.as_ref().map(|l| (l.mv, l.ply)),
                record.illegal_final.as_ref().map(|l| (l.mv, l.ply)),
                "{pgn}"
            );
            let (mut a, mut b) = (pgn_tags(&back), pgn_tags(&record));
            // The reader notes the format it came from; PGN names its own.
            a.other.retain(|(k, _)| k != "XqfVersion");
            b.other.retain(|(k, _)| k != "XqfVersion");
            assert_eq!(a, b, "{pgn}");
        }
        let options = XqfOptions::default();
        if let Ok((bytes, lost)) = write_xqf_lossy(&record, &options) {
            assert_eq!(write_xqf(&record, &options).is_ok(), lost.is_empty());
            let back = read_bytes(&bytes)
                .next()
                .expect("a written XQF reads back")
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                back.main_moves().collect::<Vec<_>>(),
                record.main_moves().collect::<Vec<_>>()
            );
            assert_eq!(
                back.illegal_final.map(|l| l.mv),
                record.illegal_final.as_ref().map(|l| l.mv)
            );
            if lost.is_empty() {
                for (x, y) in [
                    (&back.tags.event, &record.tags.event),
                    (&back.tags.red, &record.tags.red),
                    (&back.tags.black, &record.tags.black),
                    (&back.tags.date, &record.tags.date),
                ] {
                    assert_eq!(
                        x.as_deref().map(str::trim).filter(|s| !s.is_empty()),
                        y.as_deref().map(str::trim).filter(|s| !s.is_empty())
                    );
                }
            }
        }
        if let Ok(bytes) = write_cbr(&record) {
            let back = read_bytes(&bytes)
                .next()
                .expect("a written CBR reads back")
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                back.main_moves().collect::<Vec<_>>(),
                record.main_moves().collect::<Vec<_>>()
            );
        }
    }
});
