//! The page and everything it loads, compiled into the binary, so that
//! the desk works offline and serves nothing from the file system.

use std::sync::OnceLock;

use super::http::Response;

/// One file of the page.
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
}

macro_rules! assets {
    ($($path:literal => $ct:literal),* $(,)?) => {
        &[$(Asset {
            path: concat!("/", $path),
            content_type: $ct,
            body: include_bytes!(concat!("../../desk/", $path)),
        }),*]
    };
}

/// Every file, by the path the page asks for: the page, its styles, its
/// ES modules (one per thing the page holds) and the two font subsets the
/// pieces and Chinese text are drawn with (`desk/fonts/make_fonts.sh`).
pub const ALL: &[Asset] = assets![
    "index.html" => "text/html; charset=utf-8",
    "desk.css" => "text/css; charset=utf-8",
    "favicon.svg" => "image/svg+xml",
    "js/main.js" => "text/javascript; charset=utf-8",
    "js/backend.js" => "text/javascript; charset=utf-8",
    "js/state.js" => "text/javascript; charset=utf-8",
    "js/i18n.js" => "text/javascript; charset=utf-8",
    "js/notation.js" => "text/javascript; charset=utf-8",
    "js/board.js" => "text/javascript; charset=utf-8",
    "js/movelist.js" => "text/javascript; charset=utf-8",
    "js/ruling.js" => "text/javascript; charset=utf-8",
    "js/report.js" => "text/javascript; charset=utf-8",
    "js/library.js" => "text/javascript; charset=utf-8",
    "js/share.js" => "text/javascript; charset=utf-8",
    "js/dom.js" => "text/javascript; charset=utf-8",
    "js/fonts.js" => "text/javascript; charset=utf-8",
    "fonts/xq-pieces.woff2" => "font/woff2",
    "fonts/xq-text.woff2" => "font/woff2",
    "fonts/xq-names.woff2" => "font/woff2",
    "fonts/LICENSE-OFL.txt" => "text/plain; charset=utf-8",
];

/// The asset served at `path` (`/` is the page).
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = match path {
        "/" => "/index.html",
        "/favicon.ico" => "/favicon.svg",
        p => p,
    };
    ALL.iter().find(|a| a.path == path)
}

/// How the page's files may be kept: a browser keeps each one and asks
/// again on each load whether it changed (`no-cache`), since the same path
/// serves other bytes once the binary is replaced; the answer to that ask
/// is a bodiless 304 while the bytes are the same (their `ETag`).
pub const CACHE_CONTROL: &str = "no-cache";

impl Asset {
    /// The entity tag of this file's bytes: a hash of them, so that it
    /// changes with them and with nothing else.
    pub fn etag(&self) -> &'static str {
        static TAGS: OnceLock<Vec<String>> = OnceLock::new();
        let tags = TAGS.get_or_init(|| ALL.iter().map(|a| tag_of(a.body)).collect());
        ALL.iter()
            .position(|a| a.path == self.path)
            .map_or("", |i| tags[i].as_str())
    }

    /// The answer to a GET or HEAD of this file: the file, or a 304 when
    /// the request's `If-None-Match` names its tag (or `*`).
    pub fn answer(&self, if_none_match: Option<&str>) -> Response {
        let etag = self.etag();
        let mut r = if if_none_match.is_some_and(|v| matches(v, etag)) {
            Response::new(304, "Not Modified", self.content_type, Vec::new())
        } else {
            Response::ok(self.content_type, self.body)
        };
        r.cache_control = CACHE_CONTROL;
        r.extra.push(("ETag", etag.to_string()));
        r
    }
}

/// A strong tag: 64 bits of FNV-1a over the bytes, quoted.
fn tag_of(body: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in body {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("\"{h:016x}\"")
}

/// Whether an `If-None-Match` value (`*`, or tags separated by commas,
/// weak or strong) names `etag` (RFC 9110 13.1.2: the weak comparison).
fn matches(value: &str, etag: &str) -> bool {
    let value = value.trim();
    value == "*"
        || value
            .split(',')
            .map(|t| t.trim())
            .any(|t| t.strip_prefix("W/").unwrap_or(t) == etag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_differ_by_bytes_and_if_none_match_is_read_as_a_list() {
        assert_ne!(tag_of(b"a"), tag_of(b"b"));
        assert_eq!(tag_of(b""), "\"cbf29ce484222325\"");
        let t = "\"0123456789abcdef\"";
        assert!(matches(t, t));
        assert!(matches(&format!("W/{t}"), t));
        assert!(matches(&format!("\"x\", {t}"), t));
        assert!(matches("*", t));
        assert!(!matches("\"0123456789abcdee\"", t));
        assert!(!matches("", t));
        assert!(!matches("0123456789abcdef", t), "a tag is quoted");
    }

    #[test]
    fn every_file_has_its_own_tag() {
        let mut tags: Vec<&str> = ALL.iter().map(|a| a.etag()).collect();
        assert!(tags.iter().all(|t| t.len() == 18));
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), ALL.len());
    }
}
