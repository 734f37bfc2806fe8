//! Pictures of a position and of a ruling: an SVG board in the printed
//! convention (Red at the bottom; files numbered 一…九 from Red's right and
//! 1…9 from Black's, or ICCS letters on request), with a cycle's moves as
//! numbered arrows, the attacked pieces ringed, and a caption; and the same
//! board as Unicode text for a terminal.

use std::fmt::Write as _;

use xq_core::markup::escape;
use xq_core::{Color, Game, Move, Piece, Position, Square};
use xq_oracle::repetition::MoveKind;
use xq_oracle::ruling::{MoveRuling, Ruling};

use crate::Lang;

/// How a picture is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PictureOptions {
    /// The language of the caption and the file numbers.
    pub lang: Lang,
    /// Label files and ranks in ICCS (`a`–`i`, `0`–`9`) instead of the
    /// players' file numbers.
    pub iccs: bool,
    /// Draw Black at the bottom.
    pub flipped: bool,
}

/// A move drawn on the board, with its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The move.
    pub mv: Move,
    /// The side that makes it (its colour).
    pub side: Color,
    /// What is written at its middle, e.g. its number in the cycle.
    pub label: String,
}

const CELL: i32 = 58;
const MARGIN: i32 = 58;
const RADIUS: i32 = 23;
/// The caption's width in half-width characters (a CJK character counts 2).
const CAPTION_WIDTH: usize = 62;

const RED: &str = "#c0262d";
const BLACK: &str = "#1d1d1f";
const RED_ARROW: &str = "#d9480f";
const BLACK_ARROW: &str = "#1c5fb8";
const MARK: &str = "#e8a200";
const LINES: &str = "#5b3a1a";
const WOOD: &str = "#f3d9a4";

const RED_NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Where a point is drawn.
fn xy(sq: Square, flipped: bool) -> (i32, i32) {
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    let (f, r) = if flipped { (8 - f, 9 - r) } else { (f, r) };
    (MARGIN + f * CELL, MARGIN + (9 - r) * CELL)
}

/// An SVG picture of `pos` with `arrows`, the pieces on `marks` ringed, and
/// a `caption` under the board.
pub fn board_svg(
    pos: &Position,
    arrows: &[Arrow],
    marks: &[Square],
    caption: &str,
    options: &PictureOptions,
) -> String {
    let flipped = options.flipped;
    let width = 2 * MARGIN + 8 * CELL;
    let board_height = 2 * MARGIN + 9 * CELL;
    let caption_lines: Vec<String> = caption.lines().flat_map(wrap).collect();
    let height = board_height + 22 * caption_lines.len() as i32 + 8;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="'Noto Serif CJK SC','Songti SC','SimSun',serif">"#
    );
    let _ = writeln!(
        s,
        r#"<defs><marker id="head-red" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{RED_ARROW}"/></marker><marker id="head-black" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{BLACK_ARROW}"/></marker></defs>"#
    );
    let _ = writeln!(
        s,
        r#"<rect x="0" y="0" width="{width}" height="{height}" fill="{WOOD}"/>"#
    );
    // The grid: ranks across, files down each half (the river cuts them),
    // the two side files whole, and the palaces' diagonals.
    let _ = write!(s, r#"<g stroke="{LINES}" stroke-width="1.5" fill="none">"#);
    for r in 0..10 {
        let y = MARGIN + r * CELL;
        let _ = write!(
            s,
            r#"<line x1="{MARGIN}" y1="{y}" x2="{}" y2="{y}"/>"#,
            MARGIN + 8 * CELL
        );
    }
    for f in 0..9 {
        let x = MARGIN + f * CELL;
        if f == 0 || f == 8 {
            let _ = write!(
                s,
                r#"<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{}"/>"#,
                MARGIN + 9 * CELL
            );
        } else {
            let _ = write!(
                s,
                r#"<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{}"/><line x1="{x}" y1="{}" x2="{x}" y2="{}"/>"#,
                MARGIN + 4 * CELL,
                MARGIN + 5 * CELL,
                MARGIN + 9 * CELL
            );
        }
    }
    for top in [0, 7] {
        let (x0, x1) = (MARGIN + 3 * CELL, MARGIN + 5 * CELL);
        let (y0, y1) = (MARGIN + top * CELL, MARGIN + (top + 2) * CELL);
        let _ = write!(
            s,
            r#"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}"/><line x1="{x1}" y1="{y0}" x2="{x0}" y2="{y1}"/>"#
        );
    }
    s.push_str("</g>\n");
    let river_y = MARGIN + 4 * CELL + CELL / 2 + 8;
    let (left, right) = match options.lang {
        Lang::Zh => ("楚 河", "漢 界"),
        Lang::En => ("river", "river"),
    };
    let _ = writeln!(
        s,
        r##"<g font-size="20" fill="#a68a5a" text-anchor="middle"><text x="{}" y="{river_y}">{left}</text><text x="{}" y="{river_y}">{right}</text></g>"##,
        MARGIN + 2 * CELL,
        MARGIN + 6 * CELL
    );
    // File labels: top and bottom; ranks at the side in ICCS mode.
    let _ = write!(
        s,
        r##"<g font-size="15" fill="#3a2a10" text-anchor="middle">"##
    );
    for f in 0..9i8 {
        let shown = if flipped { 8 - f } else { f };
        let x = MARGIN + i32::from(shown) * CELL;
        let (bottom, top) = if options.iccs {
            let letter = (b'a' + f as u8) as char;
            (letter.to_string(), letter.to_string())
        } else {
            // Red counts files from its own right, Black from its own right.
            let red = RED_NUMERALS[(8 - f) as usize].to_string();
            let black = (f + 1).to_string();
            if flipped {
                (black, red)
            } else {
                (red, black)
            }
        };
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}">{bottom}</text><text x="{x}" y="{}">{top}</text>"#,
            MARGIN + 9 * CELL + 46,
            MARGIN - 34
        );
    }
    if options.iccs {
        for r in 0..10i8 {
            let shown = if flipped { 9 - r } else { r };
            let y = MARGIN + (9 - i32::from(shown)) * CELL + 5;
            let _ = write!(s, r#"<text x="{}" y="{y}">{r}</text>"#, MARGIN - 42);
        }
    }
    s.push_str("</g>\n");
    // Pieces.
    for sq in Square::iter() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let (x, y) = xy(sq, flipped);
        let color = if p.color == Color::Red { RED } else { BLACK };
        let _ = writeln!(
            s,
            r##"<g><circle cx="{x}" cy="{y}" r="{RADIUS}" fill="#fbeed2" stroke="{color}" stroke-width="2.5"/><circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{color}" stroke-width="1"/><text x="{x}" y="{}" font-size="26" text-anchor="middle" fill="{color}">{}</text></g>"##,
            RADIUS - 4,
            y + 9,
            p.drawn()
        );
    }
    for &sq in marks {
        let (x, y) = xy(sq, flipped);
        let _ = writeln!(
            s,
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{MARK}" stroke-width="4" stroke-dasharray="7 4"/>"#,
            RADIUS + 5
        );
    }
    // Arrows, shortened to leave the pieces readable, numbered at their middle.
    for a in arrows {
        let (x0, y0) = xy(a.mv.from, flipped);
        let (x1, y1) = xy(a.mv.to, flipped);
        let (dx, dy) = (f64::from(x1 - x0), f64::from(y1 - y0));
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let cut = f64::from(RADIUS) * 0.6;
        let (ux, uy) = (dx / len, dy / len);
        // Each arrow runs a little to its own right, so that a move and its
        // return (a cycle's usual shape) lie side by side.
        let (ox, oy) = (-uy * 8.0, ux * 8.0);
        let (ax, ay) = (f64::from(x0) + ux * cut + ox, f64::from(y0) + uy * cut + oy);
        let (bx, by) = (f64::from(x1) - ux * cut + ox, f64::from(y1) - uy * cut + oy);
        let (color, head) = match a.side {
            Color::Red => (RED_ARROW, "head-red"),
            Color::Black => (BLACK_ARROW, "head-black"),
        };
        let _ = writeln!(
            s,
            r#"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{color}" stroke-width="5" stroke-opacity="0.85" marker-end="url(#{head})"/>"#
        );
        let (mx, my) = ((ax + bx) / 2.0 + ox, (ay + by) / 2.0 + oy);
        let _ = writeln!(
            s,
            r##"<g><circle cx="{mx:.1}" cy="{my:.1}" r="11" fill="{color}"/><text x="{mx:.1}" y="{:.1}" font-size="14" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#ffffff">{}</text></g>"##,
            my + 5.0,
            escape(&a.label)
        );
    }
    let _ = write!(s, r##"<g font-size="16" fill="#1d1d1f">"##);
    for (i, line) in caption_lines.iter().enumerate() {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            MARGIN - 40,
            board_height + 8 + 22 * i as i32,
            escape(line)
        );
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// A caption line broken into lines of at most [`CAPTION_WIDTH`] columns,
/// at spaces or commas where it can.
fn wrap(line: &str) -> Vec<String> {
    let width = |c: char| if c.is_ascii() { 1 } else { 2 };
    let mut out = Vec::new();
    let mut current = String::new();
    let mut used = 0;
    let mut last_break: Option<usize> = None;
    for c in line.chars() {
        if used + width(c) > CAPTION_WIDTH && !current.is_empty() {
            let cut = last_break.unwrap_or(current.len());
            let rest = current.split_off(cut);
            out.push(current.trim_end().to_string());
            current = rest.trim_start().to_string();
            used = current.chars().map(width).sum();
            last_break = None;
        }
        current.push(c);
        used += width(c);
        if matches!(c, ' ' | '，' | '、' | '；' | ',' | ';') {
            last_break = Some(current.len());
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The moves and targets a ruling's picture shows: the cycle's moves from
/// the position where it starts, numbered in order, and the pieces its
/// moves attack.
fn cycle_picture(ruling: &Ruling) -> (usize, Vec<Arrow>, Vec<Square>) {
    let Some(cycle) = &ruling.cycle else {
        return (0, Vec::new(), Vec::new());
    };
    let mut moves: Vec<(&MoveRuling, Color)> = Vec::new();
    for (side, color) in [(&ruling.red, Color::Red), (&ruling.black, Color::Black)] {
        if let Some(side) = side {
            moves.extend(side.moves.iter().map(|m| (m, color)));
        }
    }
    moves.sort_by_key(|(m, _)| m.ply);
    let arrows = moves
        .iter()
        .enumerate()
        .map(|(i, (m, color))| Arrow {
            mv: m.mv,
            side: *color,
            label: (i + 1).to_string(),
        })
        .collect();
    let mut marks: Vec<Square> = moves
        .iter()
        .filter(|(m, _)| m.kind == MoveKind::Chase)
        .flat_map(|(m, _)| m.targets.iter().copied())
        .collect();
    marks.sort();
    marks.dedup();
    (cycle.first_ply - 1, arrows, marks)
}

/// A ruling's picture: for a repetition, the position where the cycle
/// starts with its moves as numbered arrows and the chased pieces ringed;
/// otherwise the final position; with the verdict as caption.
#[must_use]
pub fn ruling_svg(ruling: &Ruling, game: &Game, options: &PictureOptions) -> String {
    let (at, arrows, marks) = cycle_picture(ruling);
    let at = if ruling.cycle.is_some() {
        at
    } else {
        game.moves().len()
    };
    let pos = &game.positions()[at.min(game.moves().len())];
    // Marks for the cycle's start: a chased piece may have moved into its
    // square during the cycle; ring only pieces that stand there.
    let marks: Vec<Square> = marks
        .into_iter()
        .filter(|&s| pos.piece_at(s).is_some())
        .collect();
    board_svg(
        pos,
        &arrows,
        &marks,
        &crate::headline(ruling, options.lang),
        options,
    )
}

/// The position as a Unicode text board for a terminal, Red at the bottom
/// (each point three columns wide: a full-width glyph and a line); a piece
/// on `marks` is followed by `*`.
pub fn text_board(pos: &Position, marks: &[Square], options: &PictureOptions) -> String {
    let flipped = options.flipped;
    let label = |f: i8, top: bool| -> String {
        if options.iccs {
            format!("{}  ", (b'a' + f as u8) as char)
        } else if top != flipped {
            // Black's file numbers, from its own right (Red's left).
            format!("{} ", char::from_u32(0xFF11 + f as u32).unwrap_or('?'))
        } else {
            format!("{} ", RED_NUMERALS[(8 - f) as usize])
        }
    };
    let labels = |top: bool| -> String {
        let mut line = String::from(if options.iccs { "  " } else { "" });
        for col in 0..9i8 {
            line.push_str(&label(if flipped { 8 - col } else { col }, top));
        }
        line.trim_end().to_string()
    };
    let mut s = labels(true);
    s.push('\n');
    for row in 0..10i8 {
        let r = if flipped { row } else { 9 - row };
        let mut line = if options.iccs {
            format!("{r} ")
        } else {
            String::new()
        };
        for col in 0..9i8 {
            let f = if flipped { 8 - col } else { col };
            let sq = Square::new(f, r).expect("on the board");
            line.push(pos.piece_at(sq).map_or('＋', Piece::drawn));
            if marks.contains(&sq) {
                line.push('*');
            } else if col < 8 {
                line.push('─');
            }
        }
        s.push_str(line.trim_end());
        s.push('\n');
        if row == 4 {
            s.push_str(if options.iccs { "  " } else { "" });
            s.push_str(match options.lang {
                Lang::Zh => "～～～～～ 楚河　漢界 ～～～～～\n",
                Lang::En => "~~~~~~~~~~~~ river ~~~~~~~~~~~~\n",
            });
        }
    }
    s.push_str(&labels(false));
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_wrap_at_their_width() {
        let long =
            "红方长捉（禁止），黑方一捉一兑（允许），裁决：红方须变着，不变作负（0-1），再加一些字";
        let lines = wrap(long);
        assert!(lines.len() > 1, "{lines:?}");
        for l in &lines {
            let w: usize = l.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            assert!(w <= CAPTION_WIDTH, "{l} is {w} wide");
        }
        assert_eq!(lines.concat(), long);
        assert_eq!(wrap("short"), ["short"]);
    }
}
