//! Reading one PGN (or WXF text) game: tags, then the movetext with its
//! comments, NAGs and nested variations, each move checked as it is read.

use xq_core::notation::{detect, ReadNote, Reading};
use xq_core::{Notation, Outcome, ParseMoveError, Position, Validation};

use super::lex::{Lexer, Tok, Token};
use super::split::GameText;
use crate::error::{ErrorKind, RecordError, SyntaxDetail};
use crate::format::Format;
use crate::record::{Record, RecordType, Source, Tags};
use crate::tree::{NodeId, Tree};
use crate::warning::{IllegalFinal, Warning, WarningKind};

/// Reads one PGN game.
pub(crate) fn parse_pgn(
    game: &GameText,
    number: usize,
    reading: Reading,
) -> Result<Record, RecordError> {
    let mut lx = Lexer::new(&game.text, game.first_line, 1);
    let mut tags: Vec<(String, String, usize, usize)> = Vec::new();
    while let Some(Ok(Token {
        tok: Tok::Tag(..), ..
    })) = lx.peek(0)
    {
        if let Some(Ok(Token {
            tok: Tok::Tag(n, v),
            line,
            column,
        })) = lx.next_token()
        {
            tags.push((n.to_string(), v, line, column));
        }
    }
    if let Some(Err(e)) = lx.peek(0) {
        // A malformed tag: nothing of the game is read yet.
        return Err(e.clone());
    }
    let header = Header::from_tags(&tags)?;
    let mut record = header.record(Format::Pgn, game, number);
    mixed_warning(game, &mut record);
    record.warnings.append(&mut lx.warnings);
    finish(movetext(&mut lx, &header, &mut record, reading), record)
}

/// A game in another legacy encoding than its file's: said.
fn mixed_warning(game: &GameText, record: &mut Record) {
    if let Some((file, game_enc)) = game.mixed {
        record.warnings.push(Warning::new(
            WarningKind::MixedEncoding {
                file,
                game: game_enc,
            },
            crate::Location::Text {
                line: game.first_line,
                column: 1,
            },
        ));
    }
}

/// The record with its tree, or the error with the record as far as it
/// was read.
fn finish(
    played: Result<Tree, (RecordError, Tree)>,
    mut record: Record,
) -> Result<Record, RecordError> {
    match played {
        Ok(tree) => {
            record.main = tree.into_line();
            Ok(record)
        }
        Err((e, tree)) => {
            record.main = tree.into_line();
            Err(e.with_partial(record))
        }
    }
}

/// Reads one game of the WXF text format: `KEY value` lines, then
/// `START{ … }END` around the moves.
pub(crate) fn parse_wxf(
    game: &GameText,
    number: usize,
    reading: Reading,
) -> Result<Record, RecordError> {
    let text = &game.text;
    let mut tags = Vec::new();
    let mut body = None;
    let mut line_no = game.first_line;
    let mut byte = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if let Some(i) = line.find("START{").or_else(|| line.find("START {")) {
            let open = i + line[i..].find('{').expect("found above") + 1;
            let column = line[..open].chars().count() + 1;
            body = Some((byte + open, line_no, column));
            break;
        }
        if !t.is_empty() {
            let (key, value) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
            tags.push((key.to_string(), value.trim().to_string(), line_no, 1));
        }
        byte += line.len();
        line_no += 1;
    }
    let Some((start, line, column)) = body else {
        return Err(RecordError::at_text(
            ErrorKind::Syntax(SyntaxDetail::NoStart),
            line_no,
            1,
        ));
    };
    let rest = &text[start..];
    let end = rest.find("}END").unwrap_or(rest.len());
    let mut header = Header::from_tags(&tags)?;
    header.notation = Some(Notation::Wxf);
    let mut record = header.record(Format::WxfText, game, number);
    mixed_warning(game, &mut record);
    let mut lx = Lexer::new(&rest[..end], line, column);
    finish(movetext(&mut lx, &header, &mut record, reading), record)
}

/// What the tags say, before the moves are read.
struct Header {
    tags: Tags,
    start: Position,
    notation: Option<Notation>,
    /// Pychess / Fairy-Stockfish exports: coordinates with ranks 1–10.
    uci_ranks: bool,
}

impl Header {
    fn from_tags(tags: &[(String, String, usize, usize)]) -> Result<Header, RecordError> {
        let mut h = Header {
            tags: Tags::default(),
            start: Position::start(),
            notation: None,
            uci_ranks: false,
        };
        let mut white = None;
        for (name, value, line, column) in tags {
            let v = value.trim().to_string();
            let t = &mut h.tags;
            match name.to_ascii_lowercase().as_str() {
                "game" => {}
                "format" => {
                    h.notation = v.parse().ok();
                }
                "variant" if v.eq_ignore_ascii_case("xiangqi") => h.uci_ranks = true,
                "fen" => {
                    h.start =
                        Position::from_fen_with(&v, Validation::Relaxed).map_err(|error| {
                            RecordError::at_text(
                                ErrorKind::BadFen {
                                    fen: v.clone(),
                                    error,
                                },
                                *line,
                                *column,
                            )
                        })?;
                }
                "title" => t.title = Some(v),
                "event" => t.event = Some(v),
                "site" => t.site = Some(v),
                "date" => t.date = Some(v),
                "round" => t.round = Some(v),
                "red" => t.red = Some(v),
                "white" => white = Some(v),
                "black" => t.black = Some(v),
                "redteam" => t.red_team = Some(v),
                "blackteam" => t.black_team = Some(v),
                "redelo" => t.red_elo = Some(v),
                "blackelo" => t.black_elo = Some(v),
                "result" => t.result = parse_result(&v).unwrap_or(Outcome::Ongoing),
                "ecco" => t.ecco = Some(v),
                "opening" => t.opening = Some(v),
                "variation" => t.variation = Some(v),
                "recordtype" | "type" if RecordType::from_name(v.trim()).is_some() => {
                    t.record_type = RecordType::from_name(v.trim())
                }
                "timecontrol" => t.time_control = Some(v),
                "annotator" => t.annotator = Some(v),
                "author" => t.author = Some(v),
                _ => t.other.push((name.clone(), value.clone())),
            }
        }
        if h.tags.red.is_none() {
            h.tags.red = white;
        }
        Ok(h)
    }

    fn record(&self, format: Format, game: &GameText, number: usize) -> Record {
        Record {
            tags: self.tags.clone(),
            start: self.start.clone(),
            main: Default::default(),
            source: Source {
                format,
                encoding: game.encoding,
                game: number,
                notation: self.notation.or(self.uci_ranks.then_some(Notation::Iccs)),
            },
            warnings: Vec::new(),
            illegal_final: None,
        }
    }
}

/// A result as tags and movetext write it, in English or Chinese.
pub(crate) fn parse_result(s: &str) -> Option<Outcome> {
    Some(match s.trim() {
        "1-0" | "红胜" | "紅勝" | "红先胜" | "紅先勝" | "红方胜" => Outcome::RedWins,
        "0-1" | "黑胜" | "黑勝" | "红先负" | "紅先負" | "黑方胜" => Outcome::BlackWins,
        "1/2-1/2" | "½-½" | "和" | "和棋" | "和局" | "平局" | "红先和" | "紅先和" => {
            Outcome::Draw
        }
        "*" => Outcome::Ongoing,
        _ => return None,
    })
}

/// A word of movetext, classified.
enum Word {
    Result(Outcome),
    Number,
    Move(String, Vec<u8>),
}

fn to_ascii(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        '、' | '。' => '.',
        _ => c,
    }
}

fn classify(word: &str) -> Word {
    if let Some(o) = parse_result(word) {
        return Word::Result(o);
    }
    // A move number (`1.`, `1...`, `1、`, `１．`, a bare `1`), possibly with
    // the move glued on (`1.炮二平五`). Most words are plain moves: only
    // those starting with a digit or a dot need the slower look.
    let numeric = |c: char| to_ascii(c).is_ascii_digit();
    let dot = |c: char| to_ascii(c) == '.' || c == '…';
    let text = match word.chars().next() {
        Some(c) if numeric(c) || dot(c) => {
            let after_digits = word.trim_start_matches(numeric);
            let rest = after_digits.trim_start_matches(dot);
            if rest.is_empty() {
                return Word::Number;
            }
            if after_digits.len() == word.len() || rest.len() < after_digits.len() {
                // Digits then dots then a move; or no digits at all.
                rest
            } else {
                // Digits without a dot: part of a move (`27=6`).
                word
            }
        }
        _ => word,
    };
    // Annotation suffixes: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    let core = text.trim_end_matches(['!', '?', '！', '？']);
    let nags = if core.len() == text.len() {
        Vec::new()
    } else {
        let suffix: String = text[core.len()..].chars().map(to_ascii).collect();
        match suffix.as_str() {
            "!" => vec![1],
            "?" => vec![2],
            "!!" => vec![3],
            "??" => vec![4],
            "!?" => vec![5],
            "?!" => vec![6],
            _ => vec![],
        }
    };
    Word::Move(core.to_string(), nags)
}

/// Whether a word can be part of a Chinese move broken by stray spaces.
fn chinese_piece(word: &str) -> bool {
    !word.is_empty()
        && word.chars().all(|c| !c.is_ascii() || c.is_ascii_digit())
        && !word.is_ascii()
}

/// `h3e3` in pychess's ranks 1–10 as ICCS `h2e2`; `None` if the word is
/// not such a coordinate pair.
fn uci_to_iccs(word: &str) -> Option<String> {
    let w = word.trim_end_matches(['+', '#']);
    let b = w.as_bytes();
    let mut i = 0;
    let mut out = String::new();
    for _ in 0..2 {
        let file = *b.get(i)?;
        if !(b'a'..=b'i').contains(&file.to_ascii_lowercase()) {
            return None;
        }
        i += 1;
        if b.get(i) == Some(&b'-') && !out.is_empty() {
            i += 1;
        }
        let (rank, len) = if b.get(i..i + 2) == Some(b"10") {
            (10, 2)
        } else {
            match b.get(i) {
                Some(d @ b'1'..=b'9') => (d - b'0', 1),
                _ => return None,
            }
        };
        i += len;
        out.push(file.to_ascii_lowercase() as char);
        out.push((b'0' + rank - 1) as char);
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
    }
    (i == b.len()).then_some(out)
}

/// Plays the movetext into a tree. Variations hang off the move before
/// `(`; comments go after the move they follow. A variation that cannot be
/// read is left out with a warning; an illegal move that ends the main line
/// is kept apart ([`Record::illegal_final`]); any other error stops the
/// game, and the tree so far comes back with it.
fn movetext(
    lx: &mut Lexer,
    header: &Header,
    record: &mut Record,
    reading: Reading,
) -> Result<Tree, (RecordError, Tree)> {
    let mut tree = Tree::new(header.start.clone());
    match play_movetext(lx, header, record, reading, &mut tree) {
        Ok(()) => Ok(tree),
        Err(e) => Err((e, tree)),
    }
}

/// One open variation: the node to return to at `)`, and the variation's
/// first node once it has one.
struct Open {
    back: NodeId,
    first: Option<NodeId>,
}

fn play_movetext(
    lx: &mut Lexer,
    header: &Header,
    record: &mut Record,
    reading: Reading,
    tree: &mut Tree,
) -> Result<(), RecordError> {
    let mut current: NodeId = Tree::ROOT;
    let mut stack: Vec<Open> = Vec::new();
    // A variation just opened and no move yet: its comment goes before.
    let mut fresh_variation = false;
    let mut pending_pre: Vec<String> = Vec::new();
    let mut notation_seen = false;
    let syntax =
        |t: &Token, d: SyntaxDetail| RecordError::at_text(ErrorKind::Syntax(d), t.line, t.column);
    while let Some(t) = lx.next_token() {
        let t = t?;
        match &t.tok {
            Tok::Tag(name, _) => {
                return Err(syntax(
                    &t,
                    SyntaxDetail::TagInMoves {
                        name: name.to_string(),
                    },
                ))
            }
            Tok::Comment(c) => {
                if fresh_variation {
                    // Kept until the variation's first move exists.
                    let mut k = 0;
                    let next_is_move = loop {
                        match lx.peek(k) {
                            Some(Ok(Token {
                                tok: Tok::Comment(_),
                                ..
                            })) => k += 1,
                            Some(Ok(Token {
                                tok: Tok::Word(_), ..
                            })) => break true,
                            _ => break false,
                        }
                    };
                    if next_is_move {
                        pending_pre.push(c.to_string());
                        continue;
                    }
                }
                tree.comment(current, c);
            }
            Tok::Nag(n) => tree.nag(current, *n),
            Tok::Open => {
                if current == Tree::ROOT || fresh_variation {
                    return Err(syntax(&t, SyntaxDetail::VariationBeforeMove));
                }
                if stack.len() >= crate::tree::MAX_VARIATION_DEPTH {
                    return Err(syntax(&t, SyntaxDetail::NestTooDeep));
                }
                stack.push(Open {
                    back: current,
                    first: None,
                });
                current = tree.parent(current);
                fresh_variation = true;
            }
            Tok::Close => {
                current = stack
                    .pop()
                    .ok_or_else(|| syntax(&t, SyntaxDetail::CloseWithoutOpen))?
                    .back;
                fresh_variation = false;
            }
            Tok::Word(w) => match classify(w) {
                Word::Number => {}
                Word::Result(o) => {
                    if !stack.is_empty() {
                        return Err(syntax(&t, SyntaxDetail::ResultInVariation));
                    }
                    if record.tags.result == Outcome::Ongoing {
                        record.tags.result = o;
                    }
                    // Anything after the result is not part of the game.
                    break;
                }
                Word::Move(mut text, mut nags) => {
                    // Stray spaces inside a Chinese move: `马８ 进７`.
                    if chinese_piece(&text) {
                        while text.chars().count() < 4 {
                            match lx.peek(0) {
                                Some(Ok(Token {
                                    tok: Tok::Word(next),
                                    ..
                                })) if chinese_piece(next.trim_end_matches(['!', '?']))
                                    || next.chars().all(|c| c.is_ascii_digit()) =>
                                {
                                    let next = *next;
                                    if let Word::Move(more, n) = classify(next) {
                                        text.push_str(&more);
                                        nags = n;
                                    } else {
                                        text.push_str(next);
                                    }
                                    lx.next_token();
                                }
                                _ => break,
                            }
                        }
                    }
                    let notation = if header.uci_ranks {
                        match uci_to_iccs(&text) {
                            Some(iccs) if !text.contains('0') || text.contains("10") => {
                                text = iccs;
                                Some(Notation::Iccs)
                            }
                            _ => header.notation,
                        }
                    } else {
                        header.notation
                    };
                    let (ply, in_var) = tree.next_ply(current);
                    let in_var = in_var || !stack.is_empty();
                    let added = tree
                        .add_text(current, &text, notation, reading)
                        .or_else(|e| {
                            // A wrong Format tag: fall back on what the move looks like.
                            match (&e, notation) {
                                (
                                    crate::tree::AddError::Text(xq_core::ParseMoveError::Syntax {
                                        ..
                                    }),
                                    Some(n),
                                ) if detect(&text) != n => {
                                    tree.add_text(current, &text, None, reading)
                                        .map_err(|again| match again {
                                            // It is a move, and an illegal one.
                                            crate::tree::AddError::Text(
                                                ParseMoveError::Illegal { .. },
                                            ) => again,
                                            _ => e,
                                        })
                                }
                                _ => Err(e),
                            }
                        });
                    let at = crate::Location::Text {
                        line: t.line,
                        column: t.column,
                    };
                    let (node, note) = match added {
                        Ok(x) => x,
                        Err(e) => {
                            let mut err = e.into_record_error(Some(&text), ply, in_var);
                            err.at = at;
                            if let Some(open) = stack.pop() {
                                // Leave the broken variation out, keep the rest.
                                let moves = open.first.map_or(0, |f| tree.drop_subtree_from(f));
                                skip_to_close(lx)?;
                                record.warnings.push(
                                    Warning::new(
                                        WarningKind::VariationDropped {
                                            error: Box::new(err),
                                            moves,
                                        },
                                        at,
                                    )
                                    .with_ply(ply, true),
                                );
                                current = open.back;
                                fresh_variation = false;
                                pending_pre.clear();
                                continue;
                            }
                            if let ErrorKind::Move {
                                error: ParseMoveError::Illegal { mv, reason, .. },
                                ..
                            } = &err.kind
                            {
                                // A move that moves nothing (or the other
                                // side's piece) is a broken record, not a
                                // player's illegal move: as in XQF and CBR.
                                if !in_var && reason.is_player_violation() {
                                    if let Some(comment) = only_end_follows(lx, record) {
                                        record.warnings.push(
                                            Warning::new(
                                                WarningKind::IllegalFinalMove {
                                                    text: text.clone(),
                                                    mv: *mv,
                                                    reason: reason.clone(),
                                                },
                                                at,
                                            )
                                            .with_ply(ply, false),
                                        );
                                        record.illegal_final = Some(IllegalFinal {
                                            text,
                                            ply,
                                            mv: *mv,
                                            reason: reason.clone(),
                                            comment,
                                        });
                                        return Ok(());
                                    }
                                }
                            }
                            return Err(err);
                        }
                    };
                    if let Some(ReadNote::ByLegality { pieces }) = note {
                        record.warnings.push(
                            Warning::new(
                                WarningKind::ReadByLegality {
                                    text: text.clone(),
                                    mv: tree.move_of(node),
                                    pieces,
                                },
                                at,
                            )
                            .with_ply(ply, in_var),
                        );
                    }
                    if !notation_seen {
                        notation_seen = true;
                        if record.source.notation.is_none() {
                            record.source.notation = Some(detect(&text));
                        }
                    }
                    if let Some(open) = stack.last_mut() {
                        open.first.get_or_insert(node);
                    }
                    current = node;
                    for c in pending_pre.drain(..) {
                        tree.pre_comment(current, &c);
                    }
                    for n in nags {
                        tree.nag(current, n);
                    }
                    fresh_variation = false;
                }
            },
        }
    }
    if !stack.is_empty() {
        let (line, column) = lx.last_at;
        return Err(RecordError::at_text(
            ErrorKind::Syntax(SyntaxDetail::UnclosedVariation),
            line,
            column,
        ));
    }
    Ok(())
}

/// Skips the rest of a variation, to the `)` that closes it.
fn skip_to_close(lx: &mut Lexer) -> Result<(), RecordError> {
    let mut depth = 0usize;
    while let Some(t) = lx.next_token() {
        match t?.tok {
            Tok::Open => depth += 1,
            Tok::Close if depth == 0 => return Ok(()),
            Tok::Close => depth -= 1,
            _ => {}
        }
    }
    let (line, column) = lx.last_at;
    Err(RecordError::at_text(
        ErrorKind::Syntax(SyntaxDetail::UnclosedVariation),
        line,
        column,
    ))
}

/// After an illegal main-line move: `Some(comments)` when nothing but
/// comments, NAGs, move numbers and the result follow (the record ends
/// with the illegal move), taking them and the result; `None` (taking
/// nothing) when more moves or variations come.
fn only_end_follows(lx: &mut Lexer, record: &mut Record) -> Option<Option<String>> {
    let mut k = 0;
    loop {
        match lx.peek(k) {
            None => break,
            Some(Ok(Token {
                tok: Tok::Comment(_) | Tok::Nag(_),
                ..
            })) => {}
            Some(Ok(Token {
                tok: Tok::Word(w), ..
            })) => match classify(w) {
                Word::Number => {}
                Word::Result(_) => break,
                Word::Move(..) => return None,
            },
            _ => return None,
        }
        k += 1;
    }
    let mut comment: Option<String> = None;
    while let Some(Ok(t)) = lx.next_token() {
        match t.tok {
            Tok::Comment(c) if !c.trim().is_empty() => match &mut comment {
                Some(s) => {
                    s.push('\n');
                    s.push_str(c.trim());
                }
                None => comment = Some(c.trim().to_string()),
            },
            Tok::Word(w) => {
                if let Word::Result(o) = classify(w) {
                    if record.tags.result == Outcome::Ongoing {
                        record.tags.result = o;
                    }
                    break;
                }
            }
            _ => {}
        }
    }
    Some(comment)
}
