//! Writing a record as PGN in the xqbase convention.

use xq_core::notation::{format_move, Reading};
use xq_core::{Color, Notation, Outcome, Position, START_FEN};

use crate::record::{Line, Record, Tags};

/// How [`write_pgn`] writes a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgnOptions {
    /// The move notation (stated in a `Format` tag).
    pub notation: Notation,
    /// Whether to write comments.
    pub comments: bool,
    /// Whether to write variations.
    pub variations: bool,
    /// Where to wrap movetext lines (tokens are never split).
    pub line_width: usize,
}

impl Default for PgnOptions {
    fn default() -> Self {
        PgnOptions {
            notation: Notation::Chinese,
            comments: true,
            variations: true,
            line_width: 80,
        }
    }
}

/// Writes a record as one PGN game (ending with a blank line, so that
/// games can be concatenated into one file). Reading the output back gives
/// the same record, except for what PGN cannot hold, which
/// [`pgn_changes`] lists: a `}` inside a comment is written as the
/// full-width `｝`, a line break inside a tag value as a space, and a tag
/// whose name PGN cannot spell is left out.
#[must_use]
pub fn write_pgn(record: &Record, options: &PgnOptions) -> String {
    let mut out = String::with_capacity(512 + record.main.moves.len() * 12);
    out.push_str("[Game \"Chinese Chess\"]\n");
    let t = &record.tags;
    for (name, value) in known_tags(t) {
        tag(&mut out, name, value);
    }
    for (name, value) in &t.other {
        if is_tag_name(name) {
            tag(&mut out, name, Some(value));
        }
    }
    let fen = record.start.fen();
    if fen != START_FEN {
        tag(&mut out, "FEN", Some(&fen));
    }
    let format = match options.notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::Chinese => "Chinese",
    };
    tag(&mut out, "Format", Some(format));
    out.push('\n');

    let mut w = Wrap {
        out: &mut out,
        width: options.line_width.max(20),
        col: 0,
    };
    let end = line(&mut w, &record.main, &record.start, options, true);
    if let Some(last) = &record.illegal_final {
        // The illegal move the record ends with, written so that it reads
        // back as that move (and so as the record's final illegal move).
        let (n, red, need_number) = end;
        if red {
            w.token(&format!("{n}."));
        } else if need_number {
            w.token(&format!("{n}..."));
        }
        let pos = record.to_game().current().clone();
        let text = format_move(&pos, last.mv, options.notation);
        let reads_back = matches!(
            xq_core::notation::read_move(&pos, &text, Some(options.notation), Reading::Strict),
            Err(xq_core::ParseMoveError::Illegal { mv, .. }) if mv == last.mv
        );
        w.token(&if reads_back {
            text
        } else {
            last.mv.to_string()
        });
        if options.comments {
            if let Some(c) = &last.comment {
                comment(&mut w, c);
            }
        }
    }
    w.token(t.result.as_str());
    if t.result == Outcome::Ongoing && record.main.moves.is_empty() {
        // Keep the game visible as a game even with nothing in it.
    }
    out.push_str("\n\n");
    out
}

/// What [`write_pgn`] writes otherwise than the record holds, one entry
/// per item (empty when the PGN reads back as the same record), so that a
/// caller can say so rather than change a record silently.
#[must_use]
pub fn pgn_changes(record: &Record, options: &PgnOptions) -> Vec<String> {
    let mut changes = Vec::new();
    let t = &record.tags;
    let broken = |v: &str| v.contains(['\n', '\r']);
    for (name, value) in known_tags(t) {
        if value.is_some_and(broken) {
            changes.push(format!("the line break in tag {name} as a space"));
        }
    }
    for (name, value) in &t.other {
        if !is_tag_name(name) {
            changes.push(format!(
                "no tag {name:?} (PGN tag names are letters, digits and _)"
            ));
        } else if broken(value) {
            changes.push(format!("the line break in tag {name} as a space"));
        }
    }
    if options.comments {
        let mut brace = |what: String, c: &Option<String>| {
            if c.as_deref().is_some_and(|c| c.contains('}')) {
                changes.push(format!("the }} in the comment {what} as ｝"));
            }
        };
        fn walk(
            l: &Line,
            first_ply: usize,
            variations: bool,
            f: &mut dyn FnMut(String, &Option<String>),
        ) {
            f(format!("before ply {first_ply}"), &l.comment);
            for (i, m) in l.moves.iter().enumerate() {
                let ply = first_ply + i;
                f(format!("after ply {ply}"), &m.comment);
                if variations {
                    for v in &m.variations {
                        walk(v, ply, variations, f);
                    }
                }
            }
        }
        walk(&record.main, 1, options.variations, &mut brace);
        if let Some(last) = &record.illegal_final {
            brace(format!("after the illegal ply {}", last.ply), &last.comment);
        }
    }
    changes
}

/// The tags the record names, in the order PGN writes them: the one list
/// both the writer and [`pgn_changes`] read.
fn known_tags(t: &Tags) -> [(&'static str, Option<&str>); 19] {
    [
        ("Title", t.title.as_deref()),
        ("Event", t.event.as_deref()),
        ("Site", t.site.as_deref()),
        ("Date", t.date.as_deref()),
        ("Round", t.round.as_deref()),
        ("RedTeam", t.red_team.as_deref()),
        ("Red", t.red.as_deref()),
        ("RedElo", t.red_elo.as_deref()),
        ("BlackTeam", t.black_team.as_deref()),
        ("Black", t.black.as_deref()),
        ("BlackElo", t.black_elo.as_deref()),
        ("Result", Some(t.result.as_str())),
        ("ECCO", t.ecco.as_deref()),
        ("Opening", t.opening.as_deref()),
        ("Variation", t.variation.as_deref()),
        ("RecordType", t.record_type.map(|r| r.name())),
        ("TimeControl", t.time_control.as_deref()),
        ("Annotator", t.annotator.as_deref()),
        ("Author", t.author.as_deref()),
    ]
}

fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}

fn tag(out: &mut String, name: &str, value: Option<&str>) {
    let Some(v) = value else { return };
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in v.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

struct Wrap<'a> {
    out: &'a mut String,
    width: usize,
    col: usize,
}

impl Wrap<'_> {
    fn token(&mut self, tok: &str) {
        let len = tok.chars().count();
        if self.col > 0 && self.col + 1 + len > self.width {
            self.out.push('\n');
            self.col = 0;
        } else if self.col > 0 {
            self.out.push(' ');
            self.col += 1;
        }
        self.out.push_str(tok);
        self.col += len;
    }
}

fn comment(w: &mut Wrap<'_>, text: &str) {
    w.token(&format!("{{{}}}", text.replace('}', "｝")));
}

/// Writes a line; returns the move number and side after it, and whether a
/// move number must come before the next move.
fn line(
    w: &mut Wrap<'_>,
    l: &Line,
    start: &Position,
    o: &PgnOptions,
    main: bool,
) -> (u32, bool, bool) {
    let _ = main;
    let mut pos = start.clone();
    let mut need_number = true;
    if o.comments {
        if let Some(c) = &l.comment {
            comment(w, c);
        }
    }
    for node in &l.moves {
        let n = pos.fullmoves();
        if pos.turn() == Color::Red {
            w.token(&format!("{n}."));
        } else if need_number {
            w.token(&format!("{n}..."));
        }
        need_number = false;
        w.token(&format_move(&pos, node.mv, o.notation));
        for nag in &node.nags {
            w.token(&format!("${nag}"));
        }
        if o.comments {
            if let Some(c) = &node.comment {
                comment(w, c);
                need_number = true;
            }
        }
        if o.variations {
            for v in &node.variations {
                w.token("(");
                let _ = line(w, v, &pos, o, false);
                w.token(")");
                need_number = true;
            }
        }
        pos = pos.play_unchecked(node.mv);
    }
    (pos.fullmoves(), pos.turn() == Color::Red, need_number)
}
