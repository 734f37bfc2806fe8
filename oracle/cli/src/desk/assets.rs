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
/// ES modules as one file (`desk.js`, built from `desk/js/*.js` by
/// `desk/bundle.mjs`), the script that makes its font faces, and the font
/// subsets the pieces and Chinese text are drawn with
/// (`desk/fonts/make_fonts.sh`).
pub const ALL: &[Asset] = assets![
    "index.html" => "text/html; charset=utf-8",
    "desk.css" => "text/css; charset=utf-8",
    "favicon.svg" => "image/svg+xml",
    "desk.js" => "text/javascript; charset=utf-8",
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

/// The empty data block in index.html that the desk fills with the
/// oracle's answers the first frame needs (`/api/info`, `/api/words`), so
/// that the page draws itself usable without asking for them first.
pub const CARRIED: &str = r#"<script type="application/json" id="carried"></script>"#;

/// The page as the desk serves it: index.html with `carried` (a JSON
/// value) in its data block, and the tag of those bytes. A data block is
/// not run, so the page's `script-src 'self'` allows it; `<` is written
/// `\u003c`, so that no text in it can end the element.
pub struct Page {
    body: Vec<u8>,
    etag: String,
}

impl Page {
    pub fn new(carried: &serde_json::Value) -> Page {
        let index = find("/").expect("the desk has its page");
        let html = std::str::from_utf8(index.body).expect("index.html is UTF-8");
        assert!(
            html.matches(CARRIED).count() == 1,
            "index.html holds the carried data block once"
        );
        let json = serde_json::to_string(carried)
            .expect("JSON values serialize")
            .replace('<', "\\u003c");
        let block = CARRIED.replace("></script>", &format!(">{json}</script>"));
        let body = html.replacen(CARRIED, &block, 1).into_bytes();
        let etag = tag_of(&body);
        Page { body, etag }
    }

    /// The answer to a GET or HEAD of the page (a 304 as for any file).
    pub fn answer(&self, if_none_match: Option<&str>) -> Response {
        let index = find("/").expect("the desk has its page");
        cached(index.content_type, &self.body, &self.etag, if_none_match)
    }
}

/// A file's answer: its bytes, or a bodiless 304 when `If-None-Match`
/// names its tag.
fn cached(
    content_type: &'static str,
    body: &[u8],
    etag: &str,
    if_none_match: Option<&str>,
) -> Response {
    let mut r = if if_none_match.is_some_and(|v| matches(v, etag)) {
        Response::new(304, "Not Modified", content_type, Vec::new())
    } else {
        Response::ok(content_type, body)
    };
    r.cache_control = CACHE_CONTROL;
    r.extra.push(("ETag", etag.to_string()));
    r
}

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
        cached(self.content_type, self.body, self.etag(), if_none_match)
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
