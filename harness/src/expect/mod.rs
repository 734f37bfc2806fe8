//! Expected answers, and how an implementation's answer is held against them.
//!
//! The expectation types (what a case file's `expect` may say, and their
//! part of the case schema) are xq-spec's ([`xq_spec::cases`]). One module
//! per question here gives what grading needs of its type: what makes an
//! expectation impossible, whether it is a "no" case, and one table of
//! graded fields ([`Field`]): the answer path, whether the expectation
//! gives the field, and how the answer's value is compared, with the
//! failure message. This core does what every question does with its
//! table: list the paths a known failure may name, grade an answer field
//! by field, and collect the outcome ([`Checks`]).

use std::borrow::Borrow;
use std::collections::BTreeSet;

use serde_json::Value;
use xq_spec::protocol::{Answer, AnswerError, QuestionKind};

mod classify;
mod convert;
mod is_legal;
mod legal_moves;
mod perft;
mod position;
mod ruling;
mod status;

pub use xq_spec::cases::{
    ClassifyExpect, ConvertExpect, Expect, IsLegalExpect, LegalMovesExpect, PositionExpect,
    RulingExpect, SideExpect, StatusExpect,
};

pub use crate::history::is_iccs;

/// What of the question an answer is graded against.
#[derive(Clone, Copy, Debug, Default)]
pub struct At {
    /// The notation a `convert` case asks for.
    pub to: Option<xq_spec::Notation>,
}

/// What a grading function sees besides the expectation and the typed
/// answer.
pub struct Asked<'a> {
    pub at: At,
    /// The answer as sent (for its ungraded `message`, quoted in failures).
    pub actual: &'a Value,
}

/// What grading one field of an answer gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Compared: `Ok`, or why the answer differs.
    Compared(Result<(), String>),
    /// The answer leaves the field out: it is skipped, not failed.
    LeftOut,
    /// The rest of the answer makes the field moot (no refusal reason is
    /// graded when the move is answered legal): neither checked nor
    /// skipped.
    Moot,
    /// Right as far as it goes, with a part the answer does not give (a
    /// rejection without its cause): checked, and that part skipped.
    RightWithout(&'static str),
}

impl From<Option<Result<(), String>>> for Grade {
    fn from(o: Option<Result<(), String>>) -> Grade {
        o.map_or(Grade::LeftOut, Grade::Compared)
    }
}

/// One graded field of a question's answer: a row of the question's table.
pub struct Field<E, A> {
    /// Where the field is in the answer (`result`, `cycle.adjudicable`,
    /// `red.kinds` …): what a known failure's `holds` names.
    pub path: &'static str,
    /// Whether the expectation states the field; only those are graded.
    pub given: fn(&E) -> bool,
    /// Compares the answer's field with the expectation.
    pub grade: fn(&E, &A, &Asked) -> Grade,
}

// Not derived: the derive would ask `E` and `A` to be `Copy` too.
impl<E, A> Clone for Field<E, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E, A> Copy for Field<E, A> {}

/// Graded whenever the question is asked.
pub(crate) fn always<E>(_: &E) -> bool {
    true
}

/// What each question's module provides for its expectation type.
pub trait Question: Sized + 'static {
    /// The typed answer to the question.
    type Answer: 'static;
    /// The graded fields, in the order they are checked (and their failure
    /// messages joined).
    const FIELDS: &'static [Field<Self, Self::Answer>];
    /// Refuses an expectation that can never be true.
    fn possible(&self) -> Result<(), String>;
    /// Whether the expected answer is a "no" (`spec/CASES.md`).
    fn is_negative(&self) -> bool;
}

fn paths_of<Q: Question>(e: &Q) -> Vec<&'static str> {
    Q::FIELDS
        .iter()
        .filter(|f| (f.given)(e))
        .map(|f| f.path)
        .collect()
}

fn grade<Q: Question>(e: &Q, a: &Q::Answer, asked: &Asked) -> Checks {
    let mut c = Checks::default();
    for f in Q::FIELDS.iter().filter(|f| (f.given)(e)) {
        match (f.grade)(e, a, asked) {
            Grade::Compared(o) => c.checked.push((f.path, o)),
            Grade::LeftOut => c.skipped.push(f.path),
            Grade::Moot => {}
            Grade::RightWithout(part) => {
                c.skipped.push(part);
                c.checked.push((f.path, Ok(())));
            }
        }
    }
    c
}

/// Why an expectation does not read, or can never be true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadFailure {
    /// Where in the expectation (`red.kinds[1]`); empty for the whole.
    pub path: String,
    /// The text in the file that is refused, when it is one word (an
    /// unknown move kind …), to point at it.
    pub word: Option<String>,
    /// Why.
    pub message: String,
}

impl std::fmt::Display for ReadFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Reads the `expect` value of a case asking `kind`, and rejects
/// expectations that can never be true.
pub fn read(kind: QuestionKind, v: serde_yaml::Value) -> Result<Expect, ReadFailure> {
    let mut track = serde_path_to_error::Track::new();
    let read = Expect::read(
        kind,
        serde_path_to_error::Deserializer::new(v.clone(), &mut track),
    );
    let expect = read.map_err(|e| {
        let path = track.path();
        let message = e.to_string();
        // An unknown key names itself, and is pointed at.
        if message.starts_with("unknown field") {
            let key = match path.iter().next_back() {
                Some(serde_path_to_error::Segment::Map { key }) => Some(key.clone()),
                _ => None,
            };
            return ReadFailure {
                path: String::new(),
                word: key,
                message,
            };
        }
        let at = value_at(&v, &path);
        ReadFailure {
            path: if path.iter().next().is_none() {
                String::new()
            } else {
                path.to_string()
            },
            word: at.and_then(|at| quoted_word(at, &message)),
            message,
        }
    })?;
    expect.possible().map_err(|message| ReadFailure {
        path: String::new(),
        word: None,
        message,
    })?;
    Ok(expect)
}

/// The value at a path of the expectation as written.
fn value_at<'v>(
    v: &'v serde_yaml::Value,
    path: &serde_path_to_error::Path,
) -> Option<&'v serde_yaml::Value> {
    use serde_path_to_error::Segment;
    path.iter().try_fold(v, |v, step| match step {
        Segment::Seq { index } => v.as_sequence()?.get(*index),
        Segment::Map { key } => v.get(key.as_str()),
        Segment::Enum { .. } | Segment::Unknown => Some(v),
    })
}

/// The first string in `v` (itself, or a value of its mapping) that the
/// message quotes: the refused word.
fn quoted_word(v: &serde_yaml::Value, message: &str) -> Option<String> {
    // As the message quotes it: a long word is cut there.
    let quoted = |s: &str| message.contains(&format!("{:?}", xq_spec::quoted_cut(s)));
    match v {
        serde_yaml::Value::String(s) if quoted(s) => Some(s.clone()),
        serde_yaml::Value::Mapping(m) => m
            .values()
            .filter_map(serde_yaml::Value::as_str)
            .find(|s| quoted(s))
            .map(str::to_string),
        _ => None,
    }
}

/// What the harness does with an expectation of any question: the
/// dispatch of [`Question`] to the question's module.
pub trait Grading {
    /// Refuses an expectation that can never be true.
    fn possible(&self) -> Result<(), String>;

    /// Whether the expected answer is a "no": the case shows something
    /// that is not so (a refused move, an excluded move, no check, no end …).
    fn is_negative(&self) -> bool;

    /// The answer fields this expectation checks, by path (`result`,
    /// `cycle.adjudicable`, `red.kinds` …): what a known failure's `holds`
    /// may name.
    fn paths(&self) -> Vec<&'static str>;

    /// Holds an implementation's answer against the expectation, field by
    /// field. `at` is what of the question the answer is graded against;
    /// an `Err` is an answer of the wrong shape.
    fn check(&self, actual: &Value, at: At) -> Result<Checks, AnswerError>;
}

/// Implements [`Grading`] by dispatching on every question's variant of
/// [`Expect`] (and of [`Answer`], named alike). The match is exhaustive: a
/// question added to xq-spec does not compile here until it is graded.
macro_rules! grading {
    ($($variant:ident),* $(,)?) => {
        impl Grading for Expect {
            fn possible(&self) -> Result<(), String> {
                match self {
                    $(Expect::$variant(e) => e.possible(),)*
                }
            }

            fn is_negative(&self) -> bool {
                match self {
                    $(Expect::$variant(e) => e.is_negative(),)*
                }
            }

            fn paths(&self) -> Vec<&'static str> {
                match self {
                    $(Expect::$variant(e) => paths_of(e),)*
                }
            }

            fn check(&self, actual: &Value, at: At) -> Result<Checks, AnswerError> {
                let asked = Asked { at, actual };
                Ok(match (self, Answer::parse(self.kind(), actual)?) {
                    $((Expect::$variant(e), Answer::$variant(a)) => grade(e, a.borrow(), &asked),)*
                    _ => unreachable!("Answer::parse returns the expectation's kind"),
                })
            }
        }
    };
}

grading!(LegalMoves, IsLegal, Status, Perft, Convert, Position, Ruling, Classify);

/// What happened to each checked field of one answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checks {
    /// (path, `Ok` or why it differs), in the order checked.
    pub checked: Vec<(&'static str, Result<(), String>)>,
    /// Paths the expectation has but the answer left out.
    pub skipped: Vec<&'static str>,
}

impl Checks {
    /// Why the answer fails, if it does.
    pub fn failure(&self) -> Option<String> {
        let why: Vec<&str> = self
            .checked
            .iter()
            .filter_map(|(_, o)| o.as_ref().err().map(String::as_str))
            .collect();
        (!why.is_empty()).then(|| why.join("; "))
    }

    /// Whether the field at `path` was checked and matched.
    pub fn holds(&self, path: &str) -> Option<bool> {
        self.checked
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, o)| o.is_ok())
    }
}

/// `Ok` when the answer is the expected value, else the message.
pub(crate) fn same<T: PartialEq>(
    got: T,
    want: T,
    why: impl FnOnce() -> String,
) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(why())
    }
}

/// A 棋例 kind fits an expected one: the same, or any kind of 闲 for an
/// expected `idle`.
pub(crate) fn kind_fits(want: xq_spec::MoveKind, got: xq_spec::MoveKind) -> bool {
    got == want || (want == xq_spec::MoveKind::Idle && !got.is_attack())
}

pub(crate) fn join<T: AsRef<str>>(items: &[T]) -> String {
    items
        .iter()
        .map(|s| s.as_ref())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn join_set(items: &BTreeSet<&String>) -> String {
    items
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}
