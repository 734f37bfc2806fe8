//! What went wrong at the arbiter's desk (`xq desk`), as types: the
//! desk's server and its JSON API name the fault and its data, each
//! language's word catalogue words it. Nothing here is
//! written in a language; the English `Display` of each type is the
//! English catalogue's.
//!
//! The wire side (each fault's stable `code`) is here too, since scripts
//! match on it and `spec/CLI.md` documents it; the HTTP status of each
//! fault is the server's business and stays with it.

use std::fmt;

use xq_core::{FenError, IllegalMove, PlayError};
use xq_records::RecordError;

use crate::catalogue;
use crate::Lang;

/// Why a request is refused before a route sees it, or while its body is
/// read: the request itself, not what it asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HttpFault {
    /// The connection closed before a request began: nothing to answer.
    Closed,
    /// The head or body did not arrive within its deadline.
    Timeout,
    /// The bytes are not an HTTP/1.x request, with what is wrong.
    Malformed(String),
    /// The head is longer than the limit, or has too many headers.
    HeadTooLarge,
    /// The target is longer than the limit.
    TargetTooLong,
    /// The announced body is larger than the route accepts.
    BodyTooLarge {
        /// The route's limit, in bytes.
        limit: usize,
    },
    /// A `POST` without `Content-Length`.
    LengthRequired,
    /// Something the desk does not do (chunked bodies, `Expect`, HTTP/2).
    NotImplemented(String),
    /// A method other than GET, HEAD and POST.
    MethodNotAllowed(String),
    /// The connection failed while reading.
    Io(String),
}

/// Why a request that is not from the desk's own page is refused. Each
/// holds the header's value as quoted from the request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The `Host` is not a name the desk is reached by.
    Host(String),
    /// A `POST` whose `Origin` is not the desk.
    Origin(String),
    /// A request the browser marks `Sec-Fetch-Site` other than
    /// `same-origin` or `none`.
    FetchSite(String),
}

/// Where a JSON body fails to parse: serde's own classes of fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonClass {
    /// Not JSON.
    Syntax,
    /// JSON that ends early.
    Eof,
    /// JSON of the wrong shape: a missing, unknown or mistyped field.
    Data,
    /// The bytes could not be read.
    Io,
}

/// What is wrong with a request's data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonFault {
    /// No body at all.
    Empty,
    /// A body that is not the JSON asked for. `message` is the JSON
    /// reader's own English; the place and class are worded in every
    /// language.
    Parse {
        /// The reader's own words, in English.
        message: String,
        /// The line of the fault, from 1.
        line: usize,
        /// The column of the fault, from 1.
        column: usize,
        /// What kind of fault.
        class: JsonClass,
    },
    /// A `recorded` (or a PGN `result`) that is no result, as quoted.
    Recorded(String),
    /// A `move` that is not in ICCS, as quoted.
    NotIccs(String),
}

/// A move that cannot be played or ruled on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// A move of a list, at its ply.
    Play(PlayError),
    /// A single move that breaks a rule.
    Illegal(IllegalMove),
}

/// Why an uploaded record yields no game to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordFault {
    /// A query other than `game=N` or `moves`, as quoted.
    Query(String),
    /// `game=N` asked of a file holding fewer games: `listed` were read,
    /// and `more` when the listing stopped at its limit.
    NoGame {
        /// The game asked for.
        want: usize,
        /// How many games were read.
        listed: usize,
        /// Whether the listing stopped at its limit.
        more: bool,
    },
    /// No game could be read; the first game's reason.
    Unreadable(Box<RecordError>),
    /// The file holds no game at all.
    Empty,
}

/// Why the desk cannot serve a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeskFault {
    /// The HTTP request itself is refused (size, deadline, syntax, method).
    Http(HttpFault),
    /// No such page or API (the path, as quoted).
    NotFound(String),
    /// The request is not from this desk's page.
    Forbidden(Refusal),
    /// The JSON body does not parse or has the wrong shape.
    BadJson(JsonFault),
    /// A FEN that is not a legal position.
    BadFen(FenError),
    /// A move that cannot be played.
    BadMove(MoveFault),
    /// A move list the ruling refused, in the ruling error's own words
    /// (both from its one [`Speak`](crate::Speak) text, not written here).
    /// Only the desk's ruling view builds it, until its ruling error
    /// becomes a [`MoveFault`] too.
    BadMoves {
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
    /// An unknown edition id (as quoted).
    UnknownEdition(String),
    /// A record file that yields no game.
    BadRecord(RecordFault),
    /// More moves in one request than the desk rules on.
    TooMuch {
        /// The moves sent.
        moves: usize,
        /// The most the desk takes.
        limit: usize,
    },
    /// All connections are busy.
    Busy,
    /// The desk failed while answering (a bug).
    Internal,
}

impl DeskFault {
    /// The stable code, for scripts and tests (`spec/CLI.md`).
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            DeskFault::Http(HttpFault::BodyTooLarge { .. }) => "too-large",
            DeskFault::Http(HttpFault::Timeout) => "timeout",
            DeskFault::Http(HttpFault::MethodNotAllowed(_)) => "method-not-allowed",
            DeskFault::Http(_) => "bad-request",
            DeskFault::NotFound(_) => "not-found",
            DeskFault::Forbidden(_) => "forbidden",
            DeskFault::BadJson(_) => "bad-json",
            DeskFault::BadFen(_) => "bad-fen",
            DeskFault::BadMove(_) | DeskFault::BadMoves { .. } => "bad-moves",
            DeskFault::UnknownEdition(_) => "unknown-edition",
            DeskFault::BadRecord(_) => "bad-record",
            DeskFault::TooMuch { .. } => "too-much",
            DeskFault::Busy => "busy",
            DeskFault::Internal => "internal",
        }
    }

    /// A JSON body that does not parse: where and what kind of fault.
    #[must_use]
    pub fn from_json(e: &serde_json::Error) -> DeskFault {
        let class = match e.classify() {
            serde_json::error::Category::Syntax => JsonClass::Syntax,
            serde_json::error::Category::Eof => JsonClass::Eof,
            serde_json::error::Category::Data => JsonClass::Data,
            serde_json::error::Category::Io => JsonClass::Io,
        };
        DeskFault::BadJson(JsonFault::Parse {
            message: e.to_string(),
            line: e.line(),
            column: e.column(),
            class,
        })
    }
}

impl crate::Speak for HttpFault {
    fn speak(&self, lang: Lang) -> String {
        catalogue::desk(lang).http_fault(self)
    }
}

impl crate::Speak for DeskFault {
    fn speak(&self, lang: Lang) -> String {
        catalogue::desk(lang).desk_fault(self)
    }
}

impl fmt::Display for HttpFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&catalogue::desk(Lang::En).http_fault(self))
    }
}

impl fmt::Display for DeskFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&catalogue::desk(Lang::En).desk_fault(self))
    }
}

impl std::error::Error for HttpFault {}
impl std::error::Error for DeskFault {}

/// What the page says when a chosen file is larger than the desk takes,
/// before it sends it.
#[must_use]
pub fn file_too_large(limit: usize, lang: Lang) -> String {
    catalogue::desk(lang).file_too_large(limit)
}

/// What a game sent cut says: its main line has `plies`, the desk shows
/// and rules on `max_plies`, and at most `max_tree` moves with the
/// variations.
#[must_use]
pub fn truncated(plies: usize, max_plies: usize, max_tree: usize, lang: Lang) -> String {
    catalogue::desk(lang).truncated(plies, max_plies, max_tree)
}

/// One of each fault, with sample data, for the tests that check each is
/// worded in every language.
#[cfg(test)]
pub(crate) fn samples() -> Vec<DeskFault> {
    let http = vec![
        HttpFault::Closed,
        HttpFault::Timeout,
        HttpFault::Malformed("\"GARBAGE\"".into()),
        HttpFault::HeadTooLarge,
        HttpFault::TargetTooLong,
        HttpFault::BodyTooLarge { limit: 1024 },
        HttpFault::LengthRequired,
        HttpFault::NotImplemented("\"chunked\"".into()),
        HttpFault::MethodNotAllowed("PUT on /api/game".into()),
        HttpFault::Io("reset".into()),
    ];
    let fen = xq_core::Position::from_fen("9/9/9/9/9/9/9/9/9/9 w").expect_err("no kings");
    let play = xq_core::Game::from_texts(
        xq_core::Position::from_fen("startpos").expect("the start"),
        &["h2e2", "h9g7", "e2e9"],
    )
    .expect_err("the cannon has no screen");
    let illegal = xq_core::Position::from_fen("startpos")
        .expect("the start")
        .play(xq_core::Move::new(
            xq_core::Square::from_iccs("a0").expect("a square"),
            xq_core::Square::from_iccs("a5").expect("a square"),
        ))
        .expect_err("a chariot blocked by its own soldier");
    let record = xq_records::read_bytes(b"1. h2e2 zz9\n")
        .find_map(Result::err)
        .expect("a record that breaks");
    let mut all: Vec<DeskFault> = http.into_iter().map(DeskFault::Http).collect();
    all.extend([
        DeskFault::NotFound("\"/nowhere\"".into()),
        DeskFault::Forbidden(Refusal::Host("\"evil.example:80\"".into())),
        DeskFault::Forbidden(Refusal::Origin("\"http://evil.example\"".into())),
        DeskFault::Forbidden(Refusal::FetchSite("\"cross-site\"".into())),
        DeskFault::BadJson(JsonFault::Empty),
        DeskFault::BadJson(JsonFault::Recorded("\"2-0\"".into())),
        DeskFault::BadJson(JsonFault::NotIccs("\"炮二平五\"".into())),
        DeskFault::BadFen(fen),
        DeskFault::BadMove(MoveFault::Play(play)),
        DeskFault::BadMove(MoveFault::Illegal(illegal)),
        DeskFault::UnknownEdition("\"nope\"".into()),
        DeskFault::BadRecord(RecordFault::Query("\"game=0\"".into())),
        DeskFault::BadRecord(RecordFault::NoGame {
            want: 3,
            listed: 2,
            more: false,
        }),
        DeskFault::BadRecord(RecordFault::NoGame {
            want: 900,
            listed: 500,
            more: true,
        }),
        DeskFault::BadRecord(RecordFault::Unreadable(Box::new(record))),
        DeskFault::BadRecord(RecordFault::Empty),
        DeskFault::TooMuch {
            moves: 2001,
            limit: 2000,
        },
        DeskFault::Busy,
        DeskFault::BadMoves {
            en: "ply 2: the record goes on after an illegal move".into(),
            zh: "第 2 着：棋谱在违例着法之后仍有着法".into(),
        },
        DeskFault::Internal,
    ]);
    for class in [
        JsonClass::Syntax,
        JsonClass::Eof,
        JsonClass::Data,
        JsonClass::Io,
    ] {
        all.push(DeskFault::BadJson(JsonFault::Parse {
            message: "expected value at line 1 column 2".into(),
            line: 1,
            column: 2,
            class,
        }));
    }
    all
}

impl From<HttpFault> for DeskFault {
    fn from(e: HttpFault) -> DeskFault {
        DeskFault::Http(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Speak;

    /// The text with every quoted input (`"…"`) cut out.
    fn unquoted(text: &str) -> String {
        let mut out = String::new();
        let mut quoted = false;
        for c in text.chars() {
            if c == '"' {
                quoted = !quoted;
            } else if !quoted {
                out.push(c);
            }
        }
        out
    }

    /// The text with every board square in ICCS (`a3`, a file letter and
    /// a rank digit) cut out: squares are named so in both languages.
    fn without_squares(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::new();
        let mut i = 0;
        while i < chars.len() {
            let square = ('a'..='i').contains(&chars[i])
                && chars.get(i + 1).is_some_and(char::is_ascii_digit)
                && !chars.get(i + 2).is_some_and(char::is_ascii_alphanumeric)
                && (i == 0 || !chars[i - 1].is_ascii_alphanumeric());
            if square {
                i += 2;
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        out
    }

    /// The names that stay in Latin letters in Chinese text: the
    /// protocol's and formats' own names, the query forms the desk takes,
    /// the example move, and the editions' ids.
    fn codes() -> Vec<String> {
        let mut codes: Vec<String> = [
            "Content-Length",
            "Sec-Fetch-Site",
            "Host",
            "HTTP",
            "GET",
            "HEAD",
            "POST",
            "JSON",
            "FEN",
            "ICCS",
            "game=N",
            "moves",
            "h2e2",
            // The samples' own input, which the oracle's errors quote as
            // they were given (moves, the record's text, the FEN).
            "h9g7",
            "e2e9",
            "a0a5",
            "zz9",
            "9/9/9/9/9/9/9/9/9/9 w",
        ]
        .map(String::from)
        .to_vec();
        codes.extend(xq_oracle::edition::ids().map(String::from));
        // Longest first, so that no shorter name cuts a longer one.
        codes.sort_by_key(|c| std::cmp::Reverse(c.len()));
        codes
    }

    #[test]
    fn every_desk_fault_has_words_in_both_languages() {
        let samples = samples();
        assert!(samples.len() >= 30, "{} samples", samples.len());
        let codes = codes();
        for f in &samples {
            let en = f.speak(Lang::En);
            let zh = f.speak(Lang::Zh);
            assert!(!en.trim().is_empty() && !zh.trim().is_empty(), "{f:?}");
            assert_ne!(en, zh, "{f:?}");
            assert_eq!(en, f.to_string(), "{f:?}: Display is the English");
            // The oracle's own errors quoted as the detail are worded (and
            // checked) by their own Speak; here only the desk's words count.
            let inner = match f {
                DeskFault::BadFen(e) => Some(e.speak(Lang::Zh)),
                DeskFault::BadMove(MoveFault::Play(e)) => Some(e.speak(Lang::Zh)),
                DeskFault::BadMove(MoveFault::Illegal(e)) => Some(e.speak(Lang::Zh)),
                DeskFault::BadRecord(RecordFault::Unreadable(e)) => Some(e.speak(Lang::Zh)),
                _ => None,
            };
            let mut rest = zh.clone();
            if let Some(inner) = inner {
                assert!(zh.ends_with(&inner), "{f:?}: {zh:?} quotes {inner:?}");
                rest.truncate(zh.len() - inner.len());
            }
            let mut rest = unquoted(&rest);
            for c in &codes {
                rest = rest.replace(c.as_str(), "");
            }
            let rest = without_squares(&rest);
            assert!(
                !rest.chars().any(|c| c.is_ascii_alphabetic()),
                "{f:?}: Latin letters in the Chinese {zh:?} (left: {rest:?})"
            );
            assert!(
                !unquoted(&en)
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{f:?}: Chinese in the English {en:?}"
            );
        }
    }

    #[test]
    fn the_check_sees_an_english_word_left_in_chinese() {
        // The test above can fail: a Chinese text holding an English word
        // outside quotes keeps Latin letters after the codes are cut.
        let mut rest = unquoted("请求无效：the request \"x\"");
        for c in codes() {
            rest = rest.replace(c.as_str(), "");
        }
        assert!(rest.chars().any(|c| c.is_ascii_alphabetic()));
    }

    #[test]
    fn each_kind_of_fault_keeps_its_code() {
        let codes: std::collections::BTreeSet<&str> =
            samples().iter().map(DeskFault::code).collect();
        for code in [
            "too-large",
            "timeout",
            "method-not-allowed",
            "bad-request",
            "not-found",
            "forbidden",
            "bad-json",
            "bad-fen",
            "bad-moves",
            "unknown-edition",
            "bad-record",
            "too-much",
            "busy",
            "internal",
        ] {
            assert!(codes.contains(code), "{code}");
        }
    }

    #[test]
    fn the_page_notes_are_worded_in_both_languages() {
        assert_eq!(
            file_too_large(1024, Lang::En),
            "the file is larger than 1024 bytes, the limit"
        );
        assert_eq!(file_too_large(1024, Lang::Zh), "文件过大（上限 1024 字节）");
        assert_eq!(
            truncated(2001, 2000, 8000, Lang::Zh),
            "棋谱主线共 2001 着；裁判台只显示并裁决前 2000 着，连同变着至多 8000 着"
        );
        assert!(truncated(2001, 2000, 8000, Lang::En).starts_with("the record has 2001 plies"));
    }
}
