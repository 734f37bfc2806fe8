//! What the desk answers when a request cannot be served: a typed fault
//! with a stable code, an HTTP status, and the message in English and
//! Chinese, which the page shows as it is.
//!
//! The fault is xq-render's [`DeskFault`](xq_render::desk::DeskFault)
//! (named [`DeskError`] here): what went wrong and its data, worded by the
//! language catalogues, so no message of the desk is written here. What
//! this module adds is the server's side: the status and the JSON body.

use serde_json::json;
use xq_render::{Lang, Speak};

use super::http::{self, Response};
use crate::message::one_line;

pub use xq_render::desk::{DeskFault as DeskError, JsonFault, MoveFault, RecordFault, Refusal};

/// The server's side of a [`DeskError`]: its status and its answer. The
/// page shows [`Answer::en`] or [`Answer::zh`]; scripts match on
/// [`DeskError::code`].
pub trait Answer {
    /// The HTTP status and its reason phrase.
    fn status(&self) -> (u16, &'static str);
    /// The message in English, one bounded line.
    fn en(&self) -> String;
    /// The message in Chinese, one bounded line: what went wrong, the
    /// detail (which names the place) after it.
    fn zh(&self) -> String;
    /// The error as a JSON response: `{"error": {"code", "en", "zh"}}`.
    fn response(&self) -> Response;
}

impl Answer for DeskError {
    fn status(&self) -> (u16, &'static str) {
        match self {
            DeskError::Http(e) => http::status(e),
            DeskError::NotFound(_) => (404, "Not Found"),
            DeskError::Forbidden(_) => (403, "Forbidden"),
            DeskError::BadJson(_) => (400, "Bad Request"),
            DeskError::BadFen(_)
            | DeskError::BadMove(_)
            | DeskError::BadMoves { .. }
            | DeskError::UnknownEdition(_)
            | DeskError::BadRecord(_) => (422, "Unprocessable Content"),
            DeskError::TooMuch { .. } => (413, "Content Too Large"),
            DeskError::Busy => (503, "Service Unavailable"),
            DeskError::Internal => (500, "Internal Server Error"),
        }
    }

    fn en(&self) -> String {
        one_line(&self.speak(Lang::En))
    }

    fn zh(&self) -> String {
        one_line(&self.speak(Lang::Zh))
    }

    fn response(&self) -> Response {
        let (status, reason) = self.status();
        let body = json!({"error": {"code": self.code(), "en": self.en(), "zh": self.zh()}});
        Response::new(
            status,
            reason,
            "application/json; charset=utf-8",
            body.to_string().into_bytes(),
        )
    }
}

/// Why a move of a list cannot be played, in Chinese.
pub fn play_zh(e: &xq_core::PlayError) -> String {
    e.speak(Lang::Zh)
}

/// A move of a list that cannot be played.
pub fn play_error(e: &xq_core::PlayError) -> DeskError {
    DeskError::BadMove(MoveFault::Play(e.clone()))
}
