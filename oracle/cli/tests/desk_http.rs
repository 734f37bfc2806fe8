//! `xq desk` over HTTP, as the page and as a hostile client use it: the
//! API's answers checked against hand-worked rulings and the real sample
//! records, and bad input of every kind — huge bodies, bad methods and
//! heads, malformed JSON, bad FENs, garbage records, slow drips — each
//! answered with a clear error while the server goes on serving.

mod desk_common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use desk_common::{Answer, Desk};
use serde_json::{json, Value};

fn records_data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../records/tests/data")
        .join(name)
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("desk/e2e/fixtures")
            .join(name),
    )
    .expect("fixture")
}

// ------------------------------------------------------------------ the page

/// The files a page or module names: `src`/`href` attributes, ES module
/// imports, CSS `url(...)` and the fonts the export fetches.
fn references(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (open, close) in [
        ("src=\"", '"'),
        ("href=\"", '"'),
        ("from './", '\''),
        ("url(", ')'),
        ("'fonts/", '\''),
    ] {
        for (i, _) in body.match_indices(open) {
            let rest = &body[i + open.len()..];
            let Some(end) = rest.find(close) else {
                continue;
            };
            let mut name = rest[..end].to_string();
            if open == "'fonts/" {
                name = format!("fonts/{name}");
            }
            if name.starts_with('#')
                || name.starts_with("data:")
                || name.starts_with("http://www.w3.org")
                || name.is_empty()
                || name.contains('$')
            {
                continue;
            }
            out.push(name);
        }
    }
    out
}

#[test]
fn the_page_and_its_assets_are_served_and_load_nothing_from_elsewhere() {
    let desk = Desk::start(&[]);
    // Follow every file the page names, and every file those name.
    let mut todo = vec![("/".to_string(), "/".to_string())];
    let mut seen = Vec::new();
    while let Some((path, base)) = todo.pop() {
        if seen.contains(&path) {
            continue;
        }
        seen.push(path.clone());
        let a = desk.request("GET", &path, b"");
        assert_eq!(a.status, 200, "{path}: {a:?}");
        // The head preloads the two answers the first frame needs.
        let ty = match path.rsplit('.').next().unwrap_or("") {
            _ if path.starts_with("/api/") => "application/json",
            "js" => "text/javascript",
            "css" => "text/css",
            "svg" => "image/svg+xml",
            "woff2" => "font/woff2",
            _ => "text/html",
        };
        assert!(
            a.head.contains(&format!("Content-Type: {ty}")),
            "{path}: {}",
            a.head
        );
        assert!(a
            .head
            .contains("Content-Security-Policy: default-src 'none'"));
        if ty == "font/woff2" || ty == "application/json" {
            continue;
        }
        // The only URL any asset names is the SVG namespace.
        let urls = a.body.matches("http://").count() + a.body.matches("https://").count();
        let svg_ns = a.body.matches("http://www.w3.org/2000/svg").count();
        assert_eq!(urls, svg_ns, "{path} names a URL beyond the desk");
        let dir = &base[..=base.rfind('/').unwrap()];
        for r in references(&a.body) {
            // Fonts are fetched relative to the page, modules to themselves.
            let full = if r.starts_with("fonts/") {
                format!("/{r}")
            } else {
                format!("{dir}{r}")
            };
            todo.push((full.clone(), full));
        }
    }
    for must in [
        "/desk.js",
        "/js/fonts.js",
        "/desk.css",
        "/fonts/xq-pieces.woff2",
        "/fonts/xq-text.woff2",
    ] {
        assert!(
            seen.iter().any(|s| s == must),
            "{must} is reached from the page ({seen:?})"
        );
    }
    let a = desk.request("HEAD", "/", b"");
    assert_eq!(a.status, 200);
    assert!(a.body.is_empty(), "HEAD has no body");
    let info = desk.request("GET", "/api/info", b"").json();
    let ids: Vec<&str> = info["editions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]);
}

/// The `href`/`src` of each tag in `html` that starts with `open`.
fn links(html: &str, open: &str, attr: &str) -> Vec<String> {
    html.match_indices(open)
        .filter_map(|(i, _)| {
            let tag = &html[i..i + html[i..].find('>')?];
            let at = tag.find(&format!("{attr}=\""))? + attr.len() + 2;
            Some(tag[at..at + tag[at..].find('"')?].to_string())
        })
        .collect()
}

#[test]
fn the_page_loads_its_modules_as_one_current_bundle() {
    let desk_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("desk");
    let html = std::fs::read_to_string(desk_dir.join("index.html")).unwrap();
    // One module, the bundle of js/*.js (desk/bundle.mjs), and one classic
    // script: twelve modules came in three waves of six connections.
    let entries = links(&html, "<script type=\"module\"", "src");
    assert_eq!(entries, ["desk.js"], "one module: the bundle");
    assert!(!html.contains("modulepreload"), "nothing else to preload");
    let classic = links(&html, "<script defer", "src");
    assert_eq!(classic, ["js/fonts.js"]);
    // Every file in js/ is a module that main.js reaches (so in the
    // bundle) or the classic script.
    let mut graph: Vec<String> = Vec::new();
    let mut todo = vec!["js/main.js".to_string()];
    while let Some(m) = todo.pop() {
        if graph.contains(&m) {
            continue;
        }
        let text = std::fs::read_to_string(desk_dir.join(&m)).unwrap();
        for (i, _) in text.match_indices("from './") {
            let rest = &text[i + "from './".len()..];
            todo.push(format!("js/{}", &rest[..rest.find('\'').unwrap()]));
        }
        graph.push(m);
    }
    assert!(graph.len() > 10, "{graph:?}");
    for f in std::fs::read_dir(desk_dir.join("js")).unwrap() {
        let name = format!("js/{}", f.unwrap().file_name().to_string_lossy());
        assert!(
            graph.contains(&name) || classic.contains(&name),
            "{name} is neither bundled nor loaded by the page"
        );
    }
    // The desk serves the bundle and the classic script, and no module on
    // its own.
    let desk = Desk::start(&[]);
    for path in ["/desk.js", "/js/fonts.js"] {
        assert_eq!(desk.request("GET", path, b"").status, 200, "{path}");
    }
    assert_eq!(desk.request("GET", "/js/main.js", b"").status, 404);
    // The bundle is current: bundle.mjs --check rebuilds it and compares.
    // It needs node and the npm package's esbuild: skipped without them
    // locally, never in CI.
    let esbuild = desk_dir.join("../../wasm/npm/node_modules/esbuild/package.json");
    let node = std::process::Command::new("node")
        .arg(desk_dir.join("bundle.mjs"))
        .arg("--check")
        .output();
    match node {
        Ok(out) if esbuild.exists() => assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        ),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must have node and esbuild (cd oracle/wasm/npm && npm ci) to check desk.js"
            );
            eprintln!("desk.js not checked: node or esbuild is missing");
        }
    }
}

#[test]
fn the_pages_files_are_kept_by_the_browser_and_asked_again_by_their_tag() {
    let desk = Desk::start(&[]);
    let mut tags = Vec::new();
    for path in ["/", "/desk.js", "/desk.css", "/fonts/xq-text.woff2"] {
        let a = desk.request("GET", path, b"");
        assert_eq!(a.status, 200, "{path}");
        assert!(
            a.head.contains("Cache-Control: no-cache\r\n"),
            "{path}: {}",
            a.head
        );
        let tag = a
            .head
            .lines()
            .find_map(|l| l.strip_prefix("ETag: "))
            .unwrap_or_else(|| panic!("{path} has an ETag: {}", a.head))
            .to_string();
        assert!(tag.starts_with('"') && tag.ends_with('"'), "{tag}");
        assert!(!tags.contains(&tag), "{path}: its own tag");
        // Asked again with its tag: a 304 without a body or a length.
        for (ask, method) in [
            (tag.clone(), "GET"),
            (format!("W/{tag}"), "GET"),
            (format!("\"other\", {tag}"), "HEAD"),
        ] {
            let req = format!(
                "{method} {path} HTTP/1.1\r\nHost: {}\r\nIf-None-Match: {ask}\r\n\r\n",
                desk.addr
            );
            let raw = desk.raw(req.as_bytes(), Duration::from_secs(10));
            assert!(
                raw.starts_with("HTTP/1.1 304 Not Modified\r\n"),
                "{path} {ask}: {raw}"
            );
            assert!(raw.ends_with("\r\n\r\n"), "no body: {raw}");
            assert!(!raw.contains("Content-Length"), "{raw}");
            assert!(raw.contains(&format!("ETag: {tag}\r\n")), "{raw}");
        }
        // Another tag gets the file.
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nIf-None-Match: \"0000000000000000\"\r\n\r\n",
            desk.addr
        );
        let a = Answer::parse(&desk.raw(req.as_bytes(), Duration::from_secs(10)));
        assert_eq!(a.status, 200, "{path}");
        assert!(!a.body.is_empty());
        tags.push(tag);
    }
    // The oracle's answers are never kept, and have no tag.
    for path in ["/api/info", "/api/words"] {
        let a = desk.request("GET", path, b"");
        assert_eq!(a.status, 200);
        assert!(a.head.contains("Cache-Control: no-store\r\n"), "{}", a.head);
        assert!(!a.head.contains("ETag"), "{}", a.head);
    }
    let a = desk.request("GET", "/no-such-file", b"");
    assert_eq!(a.status, 404);
    assert!(a.head.contains("Cache-Control: no-store\r\n"), "{}", a.head);
}

/// The data block of the page as `xq desk` serves it (`id="carried"`).
fn carried_block(page: &str) -> &str {
    let open = r#"<script type="application/json" id="carried">"#;
    let at = page
        .find(open)
        .expect("the page has its carried data block")
        + open.len();
    let len = page[at..].find("</script>").expect("the block is closed");
    &page[at..at + len]
}

#[test]
fn the_page_carries_the_answers_its_first_frame_needs() {
    // The page file holds an empty block; the desk writes into it the same
    // values /api/info and /api/words answer, under its own limits.
    let file =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("desk/index.html"))
            .unwrap();
    assert_eq!(carried_block(&file), "", "the page file carries nothing");
    let desk = Desk::start(&["--max-upload", "5000"]);
    let page = desk.request("GET", "/", b"");
    assert_eq!(page.status, 200);
    let block = carried_block(&page.body);
    // Nothing in it can end the element or open another.
    assert!(!block.contains('<'), "{block}");
    let carried: Value = serde_json::from_str(block).expect("the block is JSON");
    let info = desk.request("GET", "/api/info", b"").json();
    let words = desk.request("GET", "/api/words", b"").json();
    assert_eq!(carried["info"], info);
    assert_eq!(carried["words"], words);
    assert_eq!(carried["info"]["limits"]["max_upload"], 5000);
    assert_eq!(carried.as_object().unwrap().len(), 2, "info and words only");
    // The tag follows the bytes: another limit, another page, another tag.
    let other = Desk::start(&[]);
    let again = other.request("GET", "/", b"");
    let tag = |a: &desk_common::Answer| {
        a.head
            .lines()
            .find_map(|l| l.strip_prefix("ETag: "))
            .expect("the page has a tag")
            .to_string()
    };
    assert_ne!(tag(&page), tag(&again));
    let carried_again: Value = serde_json::from_str(carried_block(&again.body)).unwrap();
    assert_eq!(carried_again["info"]["limits"]["max_upload"], 16 << 20);
    // Asked again by its tag: a 304 with no body.
    let req = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nIf-None-Match: {}\r\n\r\n",
        desk.addr,
        tag(&page)
    );
    let a = desk_common::Answer::parse(&desk.raw(req.as_bytes(), Duration::from_secs(10)));
    assert_eq!(a.status, 304);
    assert!(a.body.is_empty());
}

#[test]
fn the_words_are_the_oracles() {
    let desk = Desk::start(&[]);
    let w = desk.request("GET", "/api/words", b"").json();
    // From the oracle's tables (MoveKind::zh, RulingReason::label, the
    // clause registry's terms, the editions' names), not the page's.
    assert_eq!(w["kinds"]["chase"]["zh"], "捉");
    assert_eq!(w["kinds"]["kill"]["zh"], "杀");
    assert_eq!(w["reasons"]["must-vary"]["zh"], "一方须变着");
    assert_eq!(w["reasons"]["must-vary"]["en"], "one side must vary");
    assert_eq!(w["patterns"]["check-chase"]["zh"], "一将一捉");
    assert_eq!(w["points"]["natural-limit"]["zh"], "自然限着");
    assert_eq!(w["results"]["0-1"]["zh"], "黑胜");
    assert_eq!(w["pieces"]["R"]["en"], "rook");
    assert_eq!(w["pieces"]["K"]["zh_black"], "将");
    assert_eq!(w["pieces"]["K"]["traditional_red"], "帥");
    assert_eq!(w["pieces"]["R"]["drawn_red"], "俥");
    assert_eq!(w["pieces"]["C"]["drawn_black"], "砲");
    let eds: Vec<&str> = w["editions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(eds, ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]);
    assert_eq!(w["illegal"].as_array().unwrap().len(), 15);
}

/// The page keeps one table of piece characters of its own, for the first
/// frame before the words come: it must draw what the oracle's words say.
#[test]
fn the_board_draws_the_pieces_as_the_words_say() {
    let desk = Desk::start(&[]);
    let w = desk.request("GET", "/api/words", b"").json();
    // The page is served as one bundle (desk.js, checked current by
    // the_page_loads_its_modules_as_one_current_bundle): read the module.
    let js = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/desk/js/board.js"))
        .expect("desk/js/board.js");
    let line = js
        .lines()
        .find(|l| l.starts_with("export const GLYPH = {"))
        .expect("board.js has its GLYPH table");
    let inner = line
        .split_once('{')
        .and_then(|(_, rest)| rest.rsplit_once('}'))
        .map(|(inner, _)| inner)
        .unwrap();
    let mut seen = 0;
    for entry in inner.split(',') {
        let (letter, glyph) = entry.split_once(':').unwrap();
        let letter = letter.trim();
        let glyph = glyph.trim().trim_matches('\'');
        let upper = letter.to_ascii_uppercase();
        let side = if letter == upper {
            "drawn_red"
        } else {
            "drawn_black"
        };
        assert_eq!(w["pieces"][&upper][side], glyph, "{letter}");
        seen += 1;
    }
    assert_eq!(seen, 14, "{line}");
}

#[test]
fn the_desk_listens_on_loopback_and_prints_its_address() {
    let desk = Desk::start(&[]);
    assert!(desk.addr.ip().is_loopback(), "{}", desk.addr);
    assert_eq!(desk.url, format!("http://{}/", desk.addr));
}

// ------------------------------------------------------------------ rulings

/// README's perpetual check: Red's rook checks from e0 and f0 in turn, the
/// king steps aside each time. 长将 loses: 0-1.
const CHECK_FEN: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const CHECK_MOVES: &str = "车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5";

/// 一将一捉 (suite case editions.check-chase.rook): forbidden under CXA
/// 2020 (24.13), a draw under the Asian rules (rule 12).
const CHECK_CHASE_FEN: &str = "9/4k4/9/9/9/9/2c4R1/9/9/3K5 w";
const CHECK_CHASE_MOVES: &str = "h3h8 e8e9 h8h3 e9e8 h3h8 e8e9 h8h3 e9e8";

#[test]
fn a_perpetual_check_is_ruled_with_its_picture_and_clauses() {
    let desk = Desk::start(&[]);
    for lang in ["zh", "en"] {
        let (status, v) = desk.post_json(
            "/api/game",
            &json!({"fen": CHECK_FEN, "moves": CHECK_MOVES, "lang": lang}),
        );
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["plies"].as_array().unwrap().len(), 8);
        assert_eq!(v["plies"][0]["chinese"], "车四平五");
        assert_eq!(v["plies"][0]["iccs"], "f0e0");
        assert_eq!(v["plies"][0]["check"], true);
        let points = v["points"].as_array().unwrap();
        assert_eq!(points.len(), 1);
        let p = &points[0];
        assert_eq!(p["ply"], 8);
        assert_eq!(p["kind"], "repetition");
        assert_eq!(p["ruling"]["reason"], "perpetual-check");
        assert_eq!(p["ruling"]["result"], "0-1");
        assert_eq!(p["ruling"]["red"]["pattern"], "perpetual-check");
        let kinds: Vec<&str> = p["cycle_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["check", "idle", "check", "idle"]);
        let svg = p["svg"].as_str().unwrap();
        assert!(svg.starts_with("<svg"));
        assert_eq!(
            svg.matches("marker-end=").count(),
            4,
            "four numbered arrows"
        );
        assert!(p["clauses"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["id"] == "repetition.perpetual-check"));
        // Asked without pictures (as the page asks: it draws its own), the
        // same ruling comes without `svg`.
        let (status, lean) = desk.post_json(
            "/api/game",
            &json!({"fen": CHECK_FEN, "moves": CHECK_MOVES, "lang": lang, "pictures": false}),
        );
        assert_eq!(status, 200, "{lean}");
        assert!(lean["points"][0].get("svg").is_none(), "{lean}");
        let mut with = v.clone();
        with["points"][0].as_object_mut().unwrap().remove("svg");
        with["millis"] = json!(0);
        let mut lean = lean;
        lean["millis"] = json!(0);
        assert_eq!(with, lean, "only the picture is left out");
        let headline = p["headline"].as_str().unwrap();
        if lang == "zh" {
            assert!(headline.contains("红方长将"), "{headline}");
        } else {
            assert!(
                headline.to_lowercase().contains("perpetual check"),
                "{headline}"
            );
        }
        // The result rests on a player's claim (CXA 1999 art. 24), which
        // stands when the moves end.
        assert_eq!(v["result"], "0-1");
        assert_eq!(v["claimable"]["result"], "0-1");
        assert_eq!(v["claimable"]["ply"], 8);
        // The sentences the page places come written in the language: the
        // position has stood three times (start, ply 4, ply 8), the count
        // of the default edition, whose ruling waits for a claim.
        let (cycle, search, follow) = (
            p["cycle_text"].as_str().unwrap(),
            p["search_text"].as_str().unwrap(),
            p["follow_up_text"].as_str().unwrap(),
        );
        assert_eq!(p["natural_limit_text"], Value::Null);
        if lang == "zh" {
            assert!(
                cycle.contains("局面出现 3 次，已达待判；由棋手提出"),
                "{cycle}"
            );
            assert!(search.ends_with("全部查尽"), "{search}");
            assert!(follow.contains("仍可提请"), "{follow}");
        } else {
            assert!(
                cycle.contains("position seen 3 times, count reached; on a player's claim"),
                "{cycle}"
            );
            assert!(search.ends_with("every move fully examined"), "{search}");
            assert!(follow.contains("may still be claimed"), "{follow}");
        }
        // No result recorded: nothing to compare.
        assert_eq!(v["agreement"], Value::Null);
        assert_eq!(v["agreement_text"], Value::Null);
        let (_, v) = desk.post_json(
            "/api/game",
            &json!({"fen": CHECK_FEN, "moves": CHECK_MOVES, "lang": lang, "recorded": "1-0"}),
        );
        // The rules give 0-1 only on a claim the record does not show: its
        // own result stands.
        assert_eq!(v["agreement"], "claimable");
        let said = if lang == "zh" {
            "规则结果须经提请，棋谱所记（议和、认负、超时等）成立"
        } else {
            "the rules' result needs a claim nobody made: the recorded result (agreement, resignation, time) stands"
        };
        assert_eq!(v["agreement_text"], said);
    }
}

#[test]
fn an_edition_switch_changes_the_check_chase_verdict() {
    let desk = Desk::start(&[]);
    let rule = |edition: &str| {
        let (status, v) = desk.post_json(
            "/api/game",
            &json!({"fen": CHECK_CHASE_FEN, "moves": CHECK_CHASE_MOVES, "edition": edition}),
        );
        assert_eq!(status, 200, "{v}");
        v["points"][0]["ruling"].clone()
    };
    let cxa = rule("cxa-2020");
    assert_eq!(cxa["reason"], "must-vary");
    assert_eq!(cxa["must_vary"], "red");
    assert_eq!(cxa["result"], "0-1");
    assert_eq!(cxa["red"]["forbidden"], true);
    let axf = rule("axf-2017");
    assert_eq!(axf["reason"], "both-allowed");
    assert_eq!(axf["result"], "1/2-1/2");
    assert_eq!(axf["red"]["forbidden"], false);
    let (status, v) = desk.post_json(
        "/api/game",
        &json!({"fen": CHECK_CHASE_FEN, "moves": CHECK_CHASE_MOVES, "edition": "fide-2024"}),
    );
    assert_eq!(status, 422);
    assert_eq!(v["error"]["code"], "unknown-edition");
    assert!(v["error"]["en"].as_str().unwrap().contains("cxa-2020"));
}

#[test]
fn an_illegal_last_move_is_a_ruling_point_and_moves_after_it_are_refused() {
    let desk = Desk::start(&[]);
    // README's example: after 炮二退一 the horse's leg at h1 is blocked.
    let (status, v) = desk.post_json("/api/game", &json!({"moves": "h2h1 h9g7 h0g2"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["plies"].as_array().unwrap().len(), 2);
    assert_eq!(v["illegal"]["code"], "horse-leg-blocked");
    assert_eq!(v["illegal"]["ply"], 3);
    assert!(v["illegal"]["zh"].as_str().unwrap().contains("蹩马腿"));
    let p = &v["points"][0];
    assert_eq!(p["kind"], "illegal-move");
    assert_eq!(
        p["ruling"]["result"], "0-1",
        "an illegal move loses under CXA 2020"
    );
    let (status, v) = desk.post_json("/api/game", &json!({"moves": "h2h1 h9g7 h0g2 h7h0"}));
    assert_eq!(status, 422);
    assert_eq!(v["error"]["code"], "bad-moves");
    assert!(v["error"]["en"].as_str().unwrap().contains("ply 4"), "{v}");
    let (status, v) = desk.post_json("/api/game", &json!({"moves": ["h2e2", "nonsense"]}));
    assert_eq!(status, 422);
    assert!(v["error"]["en"].as_str().unwrap().contains("ply 2"), "{v}");
}

#[test]
fn a_click_is_checked_with_the_reason_for_a_refusal() {
    let desk = Desk::start(&[]);
    let (_, v) = desk.post_json("/api/game", &json!({"moves": "h2h1 h9g7"}));
    let fen = v["plies"][1]["fen"].as_str().unwrap().to_string();
    let try_move =
        |fen: &str, mv: &str| desk.post_json("/api/move", &json!({"fen": fen, "move": mv}));
    let (status, r) = try_move(&fen, "h0g2");
    assert_eq!(status, 200);
    assert_eq!(r["ok"], false);
    assert_eq!(r["code"], "horse-leg-blocked");
    assert!(r["en"].as_str().unwrap().contains("h1"), "{r}");
    assert_eq!(r["zh"], "蹩马腿：h1 处有子");
    let (_, r) = try_move("startpos", "a0a5");
    assert_eq!(r["code"], "path-blocked");
    let (_, r) = try_move("startpos", "e0e1");
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["chinese"], "帅五进一");
    // A pawn before the river moves forward only (the refusal names that
    // rule, not only "not a move").
    let (_, r) = try_move("4k4/9/9/9/9/9/4P4/9/9/4K4 w", "e3d3");
    assert_eq!(r["code"], "pawn-sideways-before-river", "{r}");
    // The e-pawn screens the kings: the red king may step onto the e-file.
    let (_, r) = try_move("4k4/9/9/9/9/9/4P4/9/9/3K5 w", "d0e0");
    assert_eq!(r["ok"], true, "{r}");
    let (_, r) = try_move("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0");
    assert_eq!(r["code"], "kings-facing", "{r}");
    let (status, r) = try_move("startpos", "炮二平五");
    assert_eq!(status, 400, "clicks arrive as ICCS: {r}");
    let (status, r) = try_move("not a fen", "h2e2");
    assert_eq!(status, 422);
    assert_eq!(r["error"]["code"], "bad-fen");
}

#[test]
fn a_position_is_checked_and_its_legal_moves_listed() {
    let desk = Desk::start(&[]);
    let (status, v) = desk.post_json("/api/position", &json!({"fen": "startpos"}));
    assert_eq!(status, 200);
    assert_eq!(
        v["legal"].as_array().unwrap().len(),
        44,
        "44 legal moves at the start"
    );
    assert_eq!(v["turn"], "red");
    // Three red rooks: a composed position, accepted only when relaxed.
    let three = "3k5/9/9/9/9/9/9/R1R3R2/9/4K4 w";
    let (status, v) = desk.post_json("/api/position", &json!({"fen": three}));
    assert_eq!(status, 422, "{v}");
    let (status, _) = desk.post_json("/api/position", &json!({"fen": three, "relaxed": true}));
    assert_eq!(status, 200);
}

// ------------------------------------------------------------------ records

#[test]
fn records_of_every_format_are_read_from_uploaded_bytes() {
    let desk = Desk::start(&[]);
    let upload = |bytes: &[u8]| {
        let a = desk.request("POST", "/api/record", bytes);
        assert_eq!(a.status, 200, "{a:?}");
        a.json()
    };
    let gbk = upload(&std::fs::read(records_data("gbk.pgn")).unwrap());
    assert_eq!(gbk["format"], "pgn");
    assert_eq!(gbk["games"][0]["tags"]["red"], "吕钦");
    assert_eq!(gbk["games"][0]["tags"]["result"], "1/2-1/2");
    let big5 = upload(&std::fs::read(records_data("big5.pgn")).unwrap());
    assert_eq!(big5["games"][0]["tags"]["black"], "趙國榮");
    // The real XQF sample: 柳大华's 110-ply game, 0-1.
    let xqf = upload(&std::fs::read(records_data("v10.xqf")).unwrap());
    assert_eq!(xqf["format"], "xqf");
    assert_eq!(xqf["games"][0]["plies"], 110);
    // The listing carries the first game in full: the page opens it at once.
    let g = &xqf["first"];
    assert_eq!(g["moves"].as_array().unwrap().len(), 110);
    assert_eq!(g["moves"][0], "c3c4");
    assert_eq!(g["tags"]["red"], "柳大华");
    assert_eq!(g["tags"]["result"], "0-1");
    let cbr = upload(&std::fs::read(records_data("sample.cbr")).unwrap());
    assert_eq!(cbr["format"], "cbr");
    let page = upload(&std::fs::read(records_data("page.html")).unwrap());
    assert_eq!(page["format"], "dhtmlxq");
    assert_eq!(page["games"][0]["tags"]["red"], "王天一");
    // A file of four games: one ends with an illegal move (kept, for the
    // ruling on it), one is bad: the games, and why not the other.
    let multi_bytes = std::fs::read(records_data("multi.pgn")).unwrap();
    let multi = upload(&multi_bytes);
    assert_eq!(multi["games"].as_array().unwrap().len(), 3);
    assert_eq!(multi["games"][1]["plies"], 3);
    let n = multi["games"][1]["game"].as_u64().unwrap();
    let one = desk.request("POST", &format!("/api/record?game={n}"), &multi_bytes);
    assert_eq!(one.status, 200, "{one:?}");
    assert_eq!(one.json()["game"]["moves"], json!(["h2e2", "h9g7", "e2e9"]));
    assert_eq!(multi["errors"].as_array().unwrap().len(), 1);
    assert_eq!(multi["errors"][0]["game"], 3);
    // The browser tests' fixtures: a GBK PGN, ruled on through the API.
    let check = upload(&fixture("perpetual-check-gbk.pgn"));
    let g = &check["first"];
    let (_, v) = desk.post_json("/api/game", &json!({"fen": g["fen"], "moves": g["moves"]}));
    assert_eq!(v["points"][0]["ruling"]["reason"], "perpetual-check");
}

/// Issue 22: a library's listing is each game's header row (no moves, no
/// tree: 1.58 MB for a 300-game CBL when it carried them); a game's moves
/// and tree come when it is asked for by number, and every game's moves
/// for the scan of ruling points.
#[test]
fn a_library_is_listed_by_headers_and_each_game_fetched_when_opened() {
    let desk = Desk::start(&[]);
    let games: String = (1..=5)
        .map(|i| {
            let moves = ["h2e2 h9g7", "b2e2 b9c7 h0g2", "c3c4", "h2e2 h7e7 h0g2 h9g7", "g3g4 c6c5 b0c2 b9c7 b2b6"]
                [i - 1];
            format!("[Game \"Chinese Chess\"]\n[Red \"Red {i}\"]\n[Black \"Black {i}\"]\n[Event \"Cup\"]\n[Result \"*\"]\n\n{moves} {{note {i}}} *\n\n")
        })
        .collect();
    let a = desk.request("POST", "/api/record", games.as_bytes());
    assert_eq!(a.status, 200, "{a:?}");
    let list = a.json();
    let rows = list["games"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["game"], i + 1);
        assert_eq!(row["tags"]["red"], format!("Red {}", i + 1));
        assert!(
            row.get("moves").is_none() && row.get("line").is_none(),
            "{row}"
        );
    }
    assert_eq!(
        rows.iter()
            .map(|r| r["plies"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [2, 3, 1, 4, 5]
    );
    assert_eq!(list["first"]["moves"], json!(["h2e2", "h9g7"]));
    // Game 4, in full, with its comment in the tree.
    let a = desk.request("POST", "/api/record?game=4", games.as_bytes());
    assert_eq!(a.status, 200, "{a:?}");
    let g = &a.json()["game"];
    assert_eq!(g["game"], 4);
    assert_eq!(g["tags"]["black"], "Black 4");
    assert_eq!(g["moves"], json!(["h2e2", "h7e7", "h0g2", "h9g7"]));
    assert_eq!(g["line"]["moves"][1]["chinese"], "炮８平５");
    assert_eq!(g["line"]["moves"][3]["comment"], "note 4");
    // Every game's moves, for the scan of ruling points.
    let a = desk.request("POST", "/api/record?moves", games.as_bytes());
    assert_eq!(a.status, 200, "{a:?}");
    let all = a.json();
    assert_eq!(all["games"][2]["moves"], json!(["c3c4"]));
    assert_eq!(all["games"][4]["game"], 5);
    assert!(all["games"][0].get("line").is_none());
    // A game the file does not hold, or a query the desk does not know.
    for (query, says) in [
        ("?game=6", "no game 6 (it holds 5)"),
        ("?game=0", "game=N"),
        ("?game=x", "game=N"),
        ("?all", "game=N"),
    ] {
        let a = desk.request("POST", &format!("/api/record{query}"), games.as_bytes());
        assert_eq!(a.status, 422, "{query}: {a:?}");
        let (code, en, zh) = a.error();
        assert_eq!(code, "bad-record");
        assert!(en.contains(says), "{query}: {en}");
        assert!(zh.starts_with("无法读取棋谱"), "{zh}");
    }
}

#[test]
fn a_pgn_written_by_the_desk_reads_back_as_the_same_game() {
    let desk = Desk::start(&[]);
    let a = desk.request(
        "POST",
        "/api/pgn",
        json!({"fen": CHECK_CHASE_FEN, "moves": CHECK_CHASE_MOVES, "tags": {"red": "甲", "black": "乙", "result": "0-1"}})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(a.status, 200, "{a:?}");
    assert!(a
        .head
        .contains("Content-Disposition: attachment; filename=\"game.pgn\""));
    assert!(a.body.contains("车二进五"), "{}", a.body);
    let back = desk
        .request("POST", "/api/record", a.body.as_bytes())
        .json();
    let g = &back["first"];
    let moves: Vec<&str> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves.join(" "), CHECK_CHASE_MOVES);
    assert_eq!(g["tags"]["red"], "甲");
    assert_eq!(g["tags"]["result"], "0-1");
    assert!(g["fen"]
        .as_str()
        .unwrap()
        .starts_with("9/4k4/9/9/9/9/2c4R1/9/9/3K5 w"));
}

#[test]
fn a_record_longer_than_the_desk_rules_on_is_sent_cut_and_says_so() {
    let desk = Desk::start(&[]);
    // 2,100 plies of horses going out and back: far past MAX_PLIES.
    let shuffle = "h0g2 h9g7 g2h0 g7h9 ".repeat(525);
    let pgn = format!("[Game \"Chinese Chess\"]\n\n{shuffle}*\n");
    let a = desk.request("POST", "/api/record", pgn.as_bytes());
    assert_eq!(a.status, 200, "{a:?}");
    let g = &a.json()["first"];
    assert_eq!(g["moves"].as_array().unwrap().len(), 2000);
    assert_eq!(g["line"]["moves"].as_array().unwrap().len(), 2000);
    assert_eq!(g["truncated"]["plies"], 2100);
    assert!(g["truncated"]["zh"].as_str().unwrap().contains("2100"));
    // What was sent can be ruled as it is.
    let (status, _) = desk.post_json("/api/game", &json!({"moves": g["moves"]}));
    assert_eq!(status, 200);
}

#[test]
fn garbage_records_get_a_message_that_says_where() {
    let desk = Desk::start(&[]);
    let cases: [(&[u8], &str); 5] = [
        (b"", "empty"),
        (b"   \n\t ", "empty"),
        (b"XQ\x0a\x00\x01\x02\x03\xff\xfe", "XQF"),
        (&[0xff, 0xfe, 0x00, 0x81, 0x40, 0x00, 0x9f][..], ""),
        (
            b"[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9/9 w\"]\n\n1. h2e2 *\n",
            "FEN",
        ),
    ];
    for (bytes, says) in cases {
        let a = desk.request("POST", "/api/record", bytes);
        assert_eq!(a.status, 422, "{bytes:?}: {a:?}");
        let (code, en, zh) = a.error();
        assert_eq!(code, "bad-record");
        assert!(en.contains(says), "{bytes:?}: {en}");
        assert!(zh.starts_with("无法读取棋谱"), "{zh}");
        assert!(en.len() <= 700, "one bounded line: {en}");
    }
    // A bad move cuts the record: the plies before it are sent, with
    // where and why it breaks, in Chinese too.
    let a = desk.request("POST", "/api/record", &fixture("malformed.pgn"));
    assert_eq!(a.status, 200, "{a:?}");
    let v = a.json();
    assert_eq!(v["games"][0]["cut"], v["first"]["cut"]);
    let g = &v["first"];
    assert_eq!(g["moves"], json!(["h2e2"]));
    assert_eq!(g["cut"]["ply"], 2);
    assert!(
        g["cut"]["en"].as_str().unwrap().contains("4:9, ply 2"),
        "{g}"
    );
    let zh = g["cut"]["zh"].as_str().unwrap();
    assert!(zh.contains("第 4 行第 9 列，第 2 着"), "{zh}");
    assert!(!zh.contains("ply"), "{zh}");
    assert_eq!(v["errors"], json!([]));
    let a = desk.request("POST", "/api/record", b"   \n");
    assert_eq!(a.error().2, "无法读取棋谱：PGN：文件为空");
    // Random bytes of many lengths: an answer every time, never a crash.
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for n in 0..40 {
        let bytes: Vec<u8> = (0..(n * 37 % 700))
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        let a = desk.request("POST", "/api/record", &bytes);
        assert!(matches!(a.status, 200 | 422), "{a:?}");
    }
    assert!(desk.alive());
}

// ------------------------------------------------------------------ hostile

#[test]
fn malformed_json_and_bad_values_are_refused_with_their_reason() {
    let desk = Desk::start(&[]);
    let deep = "[".repeat(100_000);
    let cases: Vec<(&str, String, u16, &str)> = vec![
        ("/api/game", "".into(), 400, "bad-json"),
        ("/api/game", "{".into(), 400, "bad-json"),
        ("/api/game", "[]".into(), 400, "bad-json"),
        ("/api/game", deep, 400, "bad-json"),
        ("/api/game", r#"{"fen": 5}"#.into(), 400, "bad-json"),
        (
            "/api/game",
            r#"{"moves": "h2e2", "relaxd": true}"#.into(),
            400,
            "bad-json",
        ),
        ("/api/game", r#"{"lang": "fr"}"#.into(), 400, "bad-json"),
        (
            "/api/game",
            r#"{"recorded": "2-0"}"#.into(),
            400,
            "bad-json",
        ),
        (
            "/api/game",
            "\u{feff}{\"moves\": 1}".into(),
            400,
            "bad-json",
        ),
        (
            "/api/move",
            r#"{"fen": "startpos"}"#.into(),
            400,
            "bad-json",
        ),
        ("/api/position", r#"{"fen": null}"#.into(), 400, "bad-json"),
        (
            "/api/pgn",
            r#"{"tags": {"whoever": "x"}}"#.into(),
            400,
            "bad-json",
        ),
    ];
    for (path, body, status, code) in cases {
        let a = desk.request("POST", path, body.as_bytes());
        assert_eq!(
            a.status,
            status,
            "{path} {:?}: {a:?}",
            &body[..body.len().min(40)]
        );
        assert_eq!(a.error().0, code);
    }
    let a = desk.request("POST", "/api/game", &[0xff, 0xfe, b'{', b'}']);
    assert_eq!(a.status, 400);
    assert!(desk.alive());
}

#[test]
fn bad_fens_name_what_is_wrong() {
    let desk = Desk::start(&[]);
    let cases = [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            "rank 0",
        ),
        ("rnbakabnr/9/1c5c1 w", "rank"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "fac"),
        ("", ""),
        ("x".repeat(5000).leak(), "10 ranks"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1",
            "halfmove",
        ),
    ];
    for (fen, says) in cases {
        let (status, v) = desk.post_json("/api/position", &json!({"fen": fen}));
        if fen.is_empty() {
            // An empty FEN is the start position, as on the command line's default.
            assert_eq!(status, 200, "{v}");
            continue;
        }
        assert_eq!(status, 422, "{fen}: {v}");
        assert_eq!(v["error"]["code"], "bad-fen");
        let en = v["error"]["en"].as_str().unwrap().to_lowercase();
        assert!(en.contains(says), "{}: {en}", &fen[..fen.len().min(80)]);
        assert!(en.len() < 700, "one bounded line: {en}");
        assert!(!en.contains("invalid fen: invalid fen"), "{en}");
        assert!(v["error"]["zh"]
            .as_str()
            .unwrap()
            .starts_with("局面（FEN）无效"));
    }
}

#[test]
fn too_many_moves_are_refused_before_any_ruling() {
    let desk = Desk::start(&[]);
    let moves = vec!["h2e2"; 2001];
    let (status, v) = desk.post_json("/api/game", &json!({"moves": moves}));
    assert_eq!(status, 413, "{v}");
    assert_eq!(v["error"]["code"], "too-much");
}

#[test]
fn bad_methods_paths_and_heads_are_refused() {
    let desk = Desk::start(&[]);
    let host = format!("Host: {}\r\n", desk.addr);
    let cases: Vec<(String, u16)> = vec![
        (format!("PUT /api/game HTTP/1.1\r\n{host}Content-Length: 0\r\n\r\n"), 405),
        (format!("DELETE / HTTP/1.1\r\n{host}\r\n"), 405),
        (format!("GET /api/game HTTP/1.1\r\n{host}\r\n"), 405),
        (format!("POST / HTTP/1.1\r\n{host}Content-Length: 0\r\n\r\n"), 405),
        (format!("get / HTTP/1.1\r\n{host}\r\n"), 405),
        (format!("GET / HTTP/2.0\r\n{host}\r\n"), 501),
        (format!("GET /../../etc/passwd HTTP/1.1\r\n{host}\r\n"), 404),
        (format!("GET /desk.js/../../Cargo.toml HTTP/1.1\r\n{host}\r\n"), 404),
        (format!("GET //etc/passwd HTTP/1.1\r\n{host}\r\n"), 404),
        (format!("GET http://evil/ HTTP/1.1\r\n{host}\r\n"), 400),
        (format!("GET  / HTTP/1.1\r\n{host}\r\n"), 400),
        ("GET / HTTP/1.1\r\n\r\n".to_string(), 400),
        (format!("GET / HTTP/1.1\r\n{host}{host}\r\n"), 400),
        ("GET / HTTP/1.1\r\nHost: evil.example:80\r\n\r\n".to_string(), 403),
        (format!("POST /api/info HTTP/1.1\r\n{host}\r\n"), 411),
        (format!("POST /api/game HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"), 501),
        (format!("POST /api/game HTTP/1.1\r\n{host}Content-Length: 2\r\nContent-Length: 2\r\n\r\n{{}}"), 400),
        (format!("POST /api/game HTTP/1.1\r\n{host}Content-Length: -1\r\n\r\n"), 400),
        (format!("POST /api/game HTTP/1.1\r\n{host}Content-Length: 99999999999999999999999\r\n\r\n"), 400),
        (format!("POST /api/game HTTP/1.1\r\n{host}Origin: http://evil.example\r\nContent-Length: 2\r\n\r\n{{}}"), 403),
        (format!("POST /api/game HTTP/1.1\r\n{host}Content-Length: 2\r\n\r\n{{}}GET / HTTP/1.1\r\n\r\n"), 400),
        (format!("GET / HTTP/1.1\r\n{host}Bad Header: x\r\n\r\n"), 400),
        (format!("GET / HTTP/1.1\r\n{host}X: a\x01b\r\n\r\n"), 400),
        (format!("GET /\u{4e2d} HTTP/1.1\r\n{host}\r\n"), 400),
        (format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(3000)), 414),
        (format!("GET / HTTP/1.1\r\n{host}{}\r\n", "X-A: b\r\n".repeat(100)), 431),
        (format!("GET / HTTP/1.1\r\n{host}X-Big: {}\r\n\r\n", "b".repeat(20_000)), 431),
    ];
    for (req, status) in cases {
        let a = Answer::parse(&desk.raw(req.as_bytes(), Duration::from_secs(20)));
        assert_eq!(a.status, status, "{:?}: {a:?}", &req[..req.len().min(80)]);
        if status != 200 {
            let (code, en, zh) = a.error();
            assert!(
                !code.is_empty() && !en.is_empty() && !zh.is_empty(),
                "{a:?}"
            );
        }
    }
    // The page's own origin is accepted.
    let ok = format!(
        "POST /api/position HTTP/1.1\r\n{host}Origin: http://{}\r\nContent-Length: 18\r\n\r\n{{\"fen\":\"startpos\"}}",
        desk.addr
    );
    assert_eq!(
        Answer::parse(&desk.raw(ok.as_bytes(), Duration::from_secs(20))).status,
        200
    );
    // Every name of loopback reaches it.
    let port = desk.addr.port();
    for name in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        let req = format!("GET /api/info HTTP/1.1\r\nHost: {name}\r\n\r\n");
        assert_eq!(
            Answer::parse(&desk.raw(req.as_bytes(), Duration::from_secs(20))).status,
            200,
            "{name}"
        );
    }
    // Bytes that are no HTTP at all; a connection closed at once; one closed mid-head.
    let a = Answer::parse(&desk.raw(
        &[
            0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03, b'\r', b'\n', b'\r',
            b'\n',
        ],
        Duration::from_secs(20),
    ));
    assert_eq!(a.status, 400);
    drop(TcpStream::connect(desk.addr).unwrap());
    {
        let mut s = TcpStream::connect(desk.addr).unwrap();
        s.write_all(b"GET / HT").unwrap();
    }
    assert!(desk.alive());
}

#[test]
fn huge_bodies_are_refused_without_being_read() {
    let desk = Desk::start(&["--max-upload", "1048576"]);
    // Announced far beyond the cap: refused at once, before a byte is sent.
    let began = Instant::now();
    let req = format!(
        "POST /api/record HTTP/1.1\r\nHost: {}\r\nContent-Length: 10000000000\r\n\r\n",
        desk.addr
    );
    let a = Answer::parse(&desk.raw(req.as_bytes(), Duration::from_secs(20)));
    assert_eq!(a.status, 413, "{a:?}");
    assert!(a.error().1.contains("1048576"), "{a:?}");
    assert!(began.elapsed() < Duration::from_secs(5));
    // A JSON request over 1 MiB, actually sent: refused, the server goes on.
    let body = vec![b' '; (1 << 20) + 10];
    let a = desk.request("POST", "/api/game", &body);
    assert_eq!(a.status, 413);
    // A body that stops short of its length and hangs up.
    {
        let mut s = TcpStream::connect(desk.addr).unwrap();
        let head = format!(
            "POST /api/record HTTP/1.1\r\nHost: {}\r\nContent-Length: 1000\r\n\r\nabc",
            desk.addr
        );
        s.write_all(head.as_bytes()).unwrap();
        s.shutdown(std::net::Shutdown::Write).unwrap();
        let mut out = String::new();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let _ = s.read_to_string(&mut out);
        assert_eq!(Answer::parse(&out).status, 400, "{out}");
    }
    assert!(desk.alive());
}

#[test]
fn connections_beyond_the_cap_are_answered_busy_at_once() {
    let desk = Desk::start(&[]);
    // The cap counts every open connection, a generous 256 (slow senders
    // are cut off by the rate floors, not by the cap).
    let mut idle: Vec<TcpStream> = (0..270)
        .filter_map(|_| TcpStream::connect(desk.addr).ok())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut busy = 0;
    for s in &mut idle {
        s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
        let mut buf = [0u8; 512];
        if let Ok(n) = s.read(&mut buf) {
            if String::from_utf8_lossy(&buf[..n]).contains(" 503 ") {
                busy += 1;
            }
        }
    }
    assert!(
        busy >= 270 - 256,
        "only {busy} of 270 connections were answered busy"
    );
    drop(idle);
    // Closed connections free their places at once.
    assert!(desk.alive());
}

#[test]
fn slow_clients_are_cut_off_while_the_others_are_served() {
    let mut desk = Desk::start(&[]);
    // Slowloris: heads that drip a byte at a time for longer than the
    // head deadline (10 s).
    let head = format!("GET / HTTP/1.1\r\nHost: {}\r\n", desk.addr);
    let mut slow: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut s = TcpStream::connect(desk.addr).unwrap();
            s.write_all(b"G").unwrap();
            s
        })
        .collect();
    let began = Instant::now();
    let mut i = 1;
    let mut served = 0;
    while began.elapsed() < Duration::from_secs(12) {
        for s in &mut slow {
            let _ = s.write_all(&head.as_bytes()[i % head.len()..][..1]);
        }
        i += 1;
        if desk.alive() {
            served += 1;
        }
        std::thread::sleep(Duration::from_millis(400));
    }
    assert!(served >= 20, "others were served meanwhile ({served})");
    // Each was answered 408 (or reset) and closed.
    let mut timed_out = 0;
    for mut s in slow {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        if String::from_utf8_lossy(&out).contains(" 408 ") {
            timed_out += 1;
        }
    }
    assert!(timed_out >= 1, "the slow heads were cut off with 408");
    assert!(desk.alive());
    assert!(!desk.exited());
}

// ------------------------------------------------------- service under load

/// A request with the desk's Host, answered within `timeout`; its status
/// (0 when there was no answer).
fn status_of(addr: std::net::SocketAddr, path: &str, timeout: Duration) -> u16 {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return 0;
    };
    s.set_read_timeout(Some(timeout)).unwrap();
    let _ = s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes());
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    Answer::parse(&String::from_utf8_lossy(&out)).status
}

#[test]
fn thirty_three_slow_clients_do_not_deny_the_desk() {
    let desk = Desk::start(&[]);
    let addr = desk.addr;
    // 33 attackers, each keeping one connection open by sending a head a
    // byte every 300 ms, and opening a new one whenever it is cut off.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let attackers: Vec<_> = (0..33)
        .map(|_| {
            let stop = std::sync::Arc::clone(&stop);
            std::thread::spawn(move || {
                let head = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Pad: ");
                while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                    let Ok(mut s) = TcpStream::connect(addr) else {
                        std::thread::sleep(Duration::from_millis(50));
                        continue;
                    };
                    for b in head.bytes().chain(std::iter::repeat(b'x')) {
                        if stop.load(std::sync::atomic::Ordering::SeqCst)
                            || s.write_all(&[b]).is_err()
                        {
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(300));
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let began = Instant::now();
    let mut statuses = Vec::new();
    while began.elapsed() < Duration::from_secs(8) {
        statuses.push(status_of(addr, "/api/info", Duration::from_secs(5)));
        std::thread::sleep(Duration::from_millis(100));
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for a in attackers {
        let _ = a.join();
    }
    let served = statuses.iter().filter(|&&s| s == 200).count();
    assert_eq!(
        served,
        statuses.len(),
        "under 33 slow clients only {served} of {} requests were served: {statuses:?}",
        statuses.len()
    );
}

#[test]
fn thirty_two_ordinary_clients_see_no_busy_answer() {
    let desk = Desk::start(&[]);
    let addr = desk.addr;
    let clients: Vec<_> = (0..32)
        .map(|_| {
            std::thread::spawn(move || {
                (0..25)
                    .map(|_| status_of(addr, "/api/info", Duration::from_secs(10)))
                    .collect::<Vec<u16>>()
            })
        })
        .collect();
    let statuses: Vec<u16> = clients
        .into_iter()
        .flat_map(|c| c.join().unwrap())
        .collect();
    let not_ok: Vec<&u16> = statuses.iter().filter(|&&s| s != 200).collect();
    assert!(
        not_ok.is_empty(),
        "{} of {} answers to 32 clients were not 200: {not_ok:?}",
        not_ok.len(),
        statuses.len()
    );
}

#[test]
fn beyond_loopback_the_host_list_still_holds() {
    let desk = Desk::start(&["--host", "0.0.0.0", "--allow-host", "desk.lan"]);
    let port = desk.addr.port();
    let get = |host: &str| {
        Answer::parse(&desk.raw(
            format!("GET /api/info HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(),
            Duration::from_secs(10),
        ))
        .status
    };
    assert_eq!(get(&format!("127.0.0.1:{port}")), 200);
    assert_eq!(get(&format!("localhost:{port}")), 200);
    assert_eq!(get(&format!("desk.lan:{port}")), 200);
    // A page elsewhere whose name was rebound to this machine.
    assert_eq!(get(&format!("rebound.example:{port}")), 403);
    assert_eq!(get(&format!("127.0.0.1:{}", port.wrapping_add(1))), 403);
    let post = |host: &str, extra: &str| {
        Answer::parse(&desk.raw(
            format!("POST /api/position HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Length: 18\r\n\r\n{{\"fen\":\"startpos\"}}").as_bytes(),
            Duration::from_secs(10),
        ))
        .status
    };
    // The rebinding page drives the desk with its own origin.
    assert_eq!(
        post(
            &format!("rebound.example:{port}"),
            &format!("Origin: http://rebound.example:{port}\r\n")
        ),
        403
    );
    let own = format!("127.0.0.1:{port}");
    assert_eq!(post(&own, &format!("Origin: http://{own}\r\n")), 200);
    assert_eq!(post(&own, "Origin: null\r\n"), 403);
    assert_eq!(post(&own, "Sec-Fetch-Site: cross-site\r\n"), 403);
    assert_eq!(post(&own, "Sec-Fetch-Site: same-origin\r\n"), 200);
}

#[test]
fn a_ruling_whose_client_has_gone_is_not_computed() {
    // A 160-ply game whose cycle is a rook tour (`slow_shapes tour 160
    // 10`): the slowest shape of bench/rule.sh, seconds per ruling.
    let game = String::from_utf8(fixture("tour-160.txt")).unwrap();
    let (fen, moves) = game.trim().split_once('\n').unwrap();
    let body = json!({"fen": fen, "moves": moves}).to_string();
    let desk = Desk::start(&[]);
    let before = desk.cpu_seconds();
    let (status, _) = desk.post_json("/api/game", &serde_json::from_str(&body).unwrap());
    assert_eq!(status, 200);
    let one = desk.cpu_seconds() - before;
    // Eight clients ask for it and hang up at once.
    let req = format!(
        "POST /api/game HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{body}",
        desk.addr,
        body.len()
    );
    let start = desk.cpu_seconds();
    for _ in 0..8 {
        let mut s = TcpStream::connect(desk.addr).unwrap();
        s.write_all(req.as_bytes()).unwrap();
        drop(s);
    }
    // Wait until the desk is idle (bounded).
    let mut last = desk.cpu_seconds();
    for _ in 0..60 {
        std::thread::sleep(Duration::from_millis(500));
        let now = desk.cpu_seconds();
        if now - last < 0.05 {
            break;
        }
        last = now;
    }
    let spent = desk.cpu_seconds() - start;
    assert!(
        spent < 2.5 * one,
        "8 abandoned rulings cost {spent:.2} s of CPU, one ruling {one:.2} s"
    );
    assert!(desk.alive());
}
