//! The pictures of a ruling: the SVG is well-formed XML and shows the
//! cycle's start, its moves as numbered arrows and the chased pieces; the
//! text board matches the position. Both are snapshotted (review changes
//! with `cargo insta review`; a human looked at the rendering).

use xq_core::game::split_moves;
use xq_core::{Game, Position};
use xq_oracle::edition;
use xq_oracle::ruling::{rule, RulingOptions};
use xq_render::picture::{ruling_svg, text_board, PictureOptions};
use xq_render::Lang;

/// CXA 2020 图2, its cycle played twice.
fn figure_2() -> Game {
    let start =
        Position::from_fen("1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w")
            .unwrap();
    let moves = "马二退一 车9平8 马一进二 车8平9 马二退一 车9平8 马一进二 车8平9";
    Game::from_texts(start, &split_moves(moves)).unwrap()
}

/// A minimal well-formedness check: every tag closes in order, attribute
/// values are quoted, and `&` starts only the five XML entities.
fn well_formed(xml: &str) -> Result<(), String> {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = xml;
    while let Some(i) = rest.find('<') {
        let text = &rest[..i];
        check_entities(text)?;
        let end = rest[i..].find('>').ok_or("an unclosed tag")? + i;
        let tag = &rest[i + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
            if open != name {
                return Err(format!("</{name}> closes <{open}>"));
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body.split_whitespace().next().ok_or("an empty tag")?;
        let attrs = &body[name.len()..];
        // Every attribute is name="value".
        let quotes = attrs.matches('"').count();
        let mut outside = true;
        let mut previous = ' ';
        for c in attrs.chars() {
            if c == '"' {
                outside = !outside;
            } else if outside && c == '=' {
                previous = '=';
                continue;
            } else if outside && previous == '=' {
                return Err(format!("an unquoted attribute value in <{name}>"));
            }
            previous = c;
        }
        if quotes % 2 != 0 {
            return Err(format!("badly quoted attributes in <{name}>"));
        }
        check_entities(attrs)?;
        if !self_closing {
            stack.push(name.to_string());
        }
    }
    check_entities(rest)?;
    match stack.pop() {
        None => Ok(()),
        Some(open) => Err(format!("<{open}> is never closed")),
    }
}

fn check_entities(text: &str) -> Result<(), String> {
    for (i, _) in text.match_indices('&') {
        let tail = &text[i..];
        if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
            .iter()
            .any(|e| tail.starts_with(e))
        {
            return Err(format!("a bare & at {:?}", &tail[..tail.len().min(12)]));
        }
    }
    Ok(())
}

#[test]
fn the_checker_refuses_broken_xml() {
    assert!(well_formed("<svg><g></g></svg>").is_ok());
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg>a & b</svg>").is_err());
    assert!(well_formed("<svg><g>").is_err());
}

#[test]
fn the_ruling_picture_of_figure_2() {
    let game = figure_2();
    let ruling = rule(
        &game,
        edition::get("cxa-2020").unwrap(),
        &RulingOptions::default(),
    );
    for lang in [Lang::Zh, Lang::En] {
        let options = PictureOptions {
            lang,
            ..Default::default()
        };
        let svg = ruling_svg(&ruling, &game, &options);
        well_formed(&svg).unwrap_or_else(|e| panic!("{e}"));
        // The cycle's four moves, numbered, from the position where it starts.
        for n in 1..=4 {
            assert!(svg.contains(&format!(">{n}</text>")), "arrow {n}");
        }
        assert_eq!(svg.matches("marker-end=").count(), 4);
        // Red's horse chases the rook on i9; Black's rook the cannon on i2.
        assert_eq!(svg.matches("stroke-dasharray").count(), 2);
        let name = match lang {
            Lang::Zh => "figure-2.zh.svg",
            Lang::En => "figure-2.en.svg",
        };
        insta::assert_snapshot!(name, svg);
    }
    let iccs = ruling_svg(
        &ruling,
        &game,
        &PictureOptions {
            lang: Lang::En,
            iccs: true,
            flipped: false,
        },
    );
    assert!(iccs.contains(">a</text>") && iccs.contains(">9</text>"));
}

#[test]
fn the_text_board_of_the_start_position() {
    let board = text_board(&Position::start(), &[], &PictureOptions::default());
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(lines[1], "車─馬─象─士─将─士─象─馬─車");
    assert_eq!(lines[6], "～～～～～ 楚河　漢界 ～～～～～");
    assert_eq!(lines[11], "俥─傌─相─仕─帅─仕─相─傌─俥");
    assert!(lines[12].starts_with("九 八 七"));
    insta::assert_snapshot!("start.board.txt", board);
}
