//! The page and everything it loads, compiled into the binary, so that
//! the desk works offline and serves nothing from the file system.

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
