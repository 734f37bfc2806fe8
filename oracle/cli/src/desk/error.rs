//! What the desk answers when a request cannot be served: a typed error
//! with a stable code, an HTTP status, and the message in English and
//! Chinese, which the page shows as it is.

use std::fmt;

use serde_json::json;

use super::http::{HttpError, Response};
use crate::message::one_line;

/// Why a request failed. The page shows [`DeskError::en`] or
/// [`DeskError::zh`]; scripts match on [`DeskError::code`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeskError {
    /// The HTTP request itself is refused (size, deadline, syntax, method).
    Http(HttpError),
    /// No such page or API.
    NotFound(String),
    /// The request's `Host` or `Origin` is not this desk (a page elsewhere
    /// trying to reach it through the browser), with why in English and
    /// Chinese.
    Forbidden {
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
    /// The JSON body does not parse or has the wrong shape, with why in
    /// English and Chinese.
    BadJson {
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
    /// A FEN that is not a legal position, with why in English and Chinese.
    BadFen {
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
    /// A move list with a text that is not a move, or a move that cannot be
    /// ruled on, at a ply.
    BadMoves {
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
    /// An unknown edition id (as asked, cut short if long).
    UnknownEdition(String),
    /// A record file that yields no game, with why, in English and Chinese.
    BadRecord {
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
    /// More moves in one request than the desk rules on.
    TooMuch {
        /// The moves sent.
        moves: usize,
        /// The most the desk takes.
        limit: usize,
    },
    /// All connections are busy.
    Busy,
}

impl DeskError {
    /// The stable code, for scripts and tests.
    pub fn code(&self) -> &'static str {
        match self {
            DeskError::Http(HttpError::BodyTooLarge { .. }) => "too-large",
            DeskError::Http(HttpError::Timeout) => "timeout",
            DeskError::Http(HttpError::MethodNotAllowed(_)) => "method-not-allowed",
            DeskError::Http(_) => "bad-request",
            DeskError::NotFound(_) => "not-found",
            DeskError::Forbidden { .. } => "forbidden",
            DeskError::BadJson { .. } => "bad-json",
            DeskError::BadFen { .. } => "bad-fen",
            DeskError::BadMoves { .. } => "bad-moves",
            DeskError::UnknownEdition(_) => "unknown-edition",
            DeskError::BadRecord { .. } => "bad-record",
            DeskError::TooMuch { .. } => "too-much",
            DeskError::Busy => "busy",
        }
    }

    /// The HTTP status and its reason phrase.
    pub fn status(&self) -> (u16, &'static str) {
        match self {
            DeskError::Http(e) => e.status(),
            DeskError::NotFound(_) => (404, "Not Found"),
            DeskError::Forbidden { .. } => (403, "Forbidden"),
            DeskError::BadJson { .. } => (400, "Bad Request"),
            DeskError::BadFen { .. }
            | DeskError::BadMoves { .. }
            | DeskError::UnknownEdition(_)
            | DeskError::BadRecord { .. } => (422, "Unprocessable Content"),
            DeskError::TooMuch { .. } => (413, "Content Too Large"),
            DeskError::Busy => (503, "Service Unavailable"),
        }
    }

    /// The message in English, one bounded line.
    pub fn en(&self) -> String {
        one_line(&self.to_string())
    }

    /// The message in Chinese: what went wrong in Chinese, the detail (the
    /// oracle's own words, which name the place) after it.
    pub fn zh(&self) -> String {
        let (lead, detail) = match self {
            DeskError::Http(HttpError::BodyTooLarge { limit }) => {
                (format!("上传内容过大（上限 {limit} 字节）"), None)
            }
            DeskError::Http(HttpError::Timeout) => ("请求超时".to_string(), None),
            DeskError::Http(e) => ("请求无效".to_string(), Some(e.zh())),
            DeskError::NotFound(p) => ("找不到该页面".to_string(), Some(p.clone())),
            DeskError::Forbidden { zh, .. } => (
                "拒绝访问：请求不是来自本机的裁判台页面".to_string(),
                Some(zh.clone()),
            ),
            DeskError::BadJson { zh, .. } => ("请求数据格式错误".to_string(), Some(zh.clone())),
            DeskError::BadFen { zh, .. } => ("局面（FEN）无效".to_string(), Some(zh.clone())),
            DeskError::BadMoves { zh, .. } => ("着法有误".to_string(), Some(zh.clone())),
            DeskError::UnknownEdition(w) => (
                "未知的规则版本".to_string(),
                Some(format!("{w}（可用：{}）", crate::edition_ids().join("、"))),
            ),
            DeskError::BadRecord { zh, .. } => ("无法读取棋谱".to_string(), Some(zh.clone())),
            DeskError::TooMuch { moves, limit } => (
                "内容超出限制".to_string(),
                Some(format!("共 {moves} 着，裁判台至多处理 {limit} 着")),
            ),
            DeskError::Busy => ("服务器繁忙，请稍后再试".to_string(), None),
        };
        one_line(&match detail {
            Some(d) => format!("{lead}：{d}"),
            None => lead,
        })
    }

    /// The error as a JSON response: `{"error": {"code", "en", "zh"}}`.
    pub fn response(&self) -> Response {
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

impl fmt::Display for DeskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeskError::Http(e) => e.fmt(f),
            DeskError::NotFound(p) => write!(f, "no such page: {p}"),
            DeskError::Forbidden { en, .. } => write!(f, "refused: {en}"),
            DeskError::BadJson { en, .. } => write!(f, "bad request data: {en}"),
            // The position's own error already says "invalid FEN".
            DeskError::BadFen { en, .. } => f.write_str(en),
            DeskError::BadMoves { en, .. } => f.write_str(en),
            DeskError::UnknownEdition(w) => write!(
                f,
                "unknown edition {w} (known: {})",
                crate::edition_ids().join(", ")
            ),
            DeskError::BadRecord { en, .. } => write!(f, "cannot read the record: {en}"),
            DeskError::TooMuch { moves, limit } => {
                write!(f, "{moves} moves: the desk rules on at most {limit}")
            }
            DeskError::Busy => f.write_str("the desk is busy: too many connections"),
        }
    }
}

impl std::error::Error for DeskError {}

impl DeskError {
    /// A body that is not the JSON asked for: serde's words in English,
    /// where and what kind of fault in Chinese.
    pub fn from_json(e: &serde_json::Error) -> DeskError {
        let what = match e.classify() {
            serde_json::error::Category::Syntax => "JSON 语法有误",
            serde_json::error::Category::Eof => "JSON 未结束",
            serde_json::error::Category::Data => "字段或取值有误",
            serde_json::error::Category::Io => "读取出错",
        };
        DeskError::BadJson {
            en: e.to_string(),
            zh: format!("第 {} 行第 {} 列，{what}", e.line(), e.column()),
        }
    }
}

/// Why a move of a list cannot be played, in Chinese.
pub fn play_zh(e: &xq_core::PlayError) -> String {
    xq_render::Speak::speak(e, xq_render::Lang::Zh)
}

/// A move of a list that cannot be played, in both languages.
pub fn play_error(e: &xq_core::PlayError) -> DeskError {
    DeskError::BadMoves {
        en: e.to_string(),
        zh: play_zh(e),
    }
}

impl From<HttpError> for DeskError {
    fn from(e: HttpError) -> DeskError {
        DeskError::Http(e)
    }
}
