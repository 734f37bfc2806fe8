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

const JS: &str = "text/javascript; charset=utf-8";

/// Every file, by the path the page asks for.
pub const ALL: &[Asset] = assets![
    "index.html" => "text/html; charset=utf-8",
    "desk.css" => "text/css; charset=utf-8",
    "favicon.svg" => "image/svg+xml",
    "desk.js" => "text/javascript; charset=utf-8",
];

/// The asset served at `path` (`/` is the page).
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = match path {
        "/" => "/index.html",
        "/favicon.ico" => "/favicon.svg",
        p => p,
    };
    let _ = JS;
    ALL.iter().find(|a| a.path == path)
}
