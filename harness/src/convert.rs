//! How a `convert` answer's text is compared with a case's: by text, after
//! one documented normalisation (`spec/PROTOCOL.md`, "convert"), never by
//! reading it back with a notation reader — the harness grades readers and
//! writers, so it must not lean on one. Texts that name the same move in
//! another house style the normalisation does not cover (an unmarked
//! advisor, `中卒` for `中３`) are listed in the case (`also:`), and a test
//! of the data checks with the oracle's reader that each names the move.
//!
//! The normalisation only folds what names the same thing in every
//! position: glyph variants of one piece kind (the side is the mover's),
//! the three ways of writing a digit, full-width ASCII, letter case and the
//! `.`/`=` of WXF, and an ICCS dash.

use xq_core::{Color, Piece, Role};
use xq_spec::Notation;

/// Chinese words other than pieces folded to one form each.
const CHINESE_FOLDS: &[(&str, char)] = &[("进進", '进'), ("后後", '后')];

/// Chinese numerals, as file numbers or ordinals: the same as digits.
const NUMERALS: &str = "一二三四五六七八九";

/// A full-width ASCII form (`Ｃ２＝５`) as ASCII.
fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        '\u{3000}' => ' ',
        c => c,
    }
}

fn fold_chinese(c: char) -> char {
    if let Some(i) = NUMERALS.chars().position(|n| n == c) {
        return char::from(b'1' + i as u8);
    }
    // Every form of a piece kind (xq-core's glyph table: simplified,
    // traditional, as drawn, other forms) as Black's simplified one: the
    // side is fixed by the position, so `帅`/`将` or `兵`/`卒` never tell
    // two moves apart.
    if let Some(role) = Role::from_glyph(c) {
        return Piece::new(Color::Black, role).zh();
    }
    CHINESE_FOLDS
        .iter()
        .find(|(from, _)| from.contains(c))
        .map_or(c, |(_, to)| *to)
}

/// The text as compared, in the notation asked for.
pub fn normalise(text: &str, notation: Notation) -> String {
    let narrowed = text.trim().chars().map(narrow);
    match notation {
        Notation::Iccs => narrowed
            .filter(|c| *c != '-')
            .map(|c| c.to_ascii_lowercase())
            .collect(),
        Notation::Wxf => narrowed
            .map(|c| match c {
                '.' => '=',
                c => c.to_ascii_uppercase(),
            })
            .collect(),
        Notation::Chinese => narrowed.map(fold_chinese).collect(),
    }
}

/// Whether `got` is `want` or one of `also`, once normalised.
pub fn same_text(got: &str, want: &str, also: &[String], notation: Notation) -> bool {
    let got = normalise(got, notation);
    std::iter::once(want)
        .chain(also.iter().map(String::as_str))
        .any(|w| normalise(w, notation) == got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_styles_fold_but_moves_stay_apart() {
        let zh =
            |a: &str, b: &str| normalise(a, Notation::Chinese) == normalise(b, Notation::Chinese);
        assert!(zh("馬8进7", "马８进７"));
        assert!(zh("俥二进六", "车二进六"));
        assert!(zh("帥五平四", "帅五平四"));
        assert!(zh("炮2平5", "炮二平五"));
        assert!(zh("後車平五", "后车平五"));
        assert!(!zh("车二进六", "车二进五"));
        assert!(!zh("车二进六", "车二退六"));
        assert!(!zh("前车进一", "后车进一"));
        assert!(!zh("仕六退五", "前仕退五"));
        let wxf = |a: &str, b: &str| normalise(a, Notation::Wxf) == normalise(b, Notation::Wxf);
        assert!(wxf("Ｃ２．５", "C2=5"));
        assert!(wxf("c2=5", "C2=5"));
        assert!(!wxf("C2+5", "C2=5"));
        let iccs = |a: &str, b: &str| normalise(a, Notation::Iccs) == normalise(b, Notation::Iccs);
        assert!(iccs("H2-E2", "h2e2"));
        assert!(!iccs("h2e3", "h2e2"));
    }
}
