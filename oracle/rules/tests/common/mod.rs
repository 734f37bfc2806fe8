//! Test data and helpers shared by the ruling tests.

// Each test crate that includes `common` uses part of it.
#![allow(dead_code)]

pub mod lens;

/// Official figures (CXA 2020 图2, 图4, 图7, 图9, 图14, 图15, 图23, 图30):
/// the start of each cycle (FEN) and its four moves (Chinese notation).
pub const FIGURE_CYCLES: [(&str, &str); 8] = [
    (
        "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w",
        "马二退一 车9平8 马一进二 车8平9",
    ),
    (
        "4k4/4a4/4ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w",
        "马四退六 象9进7 马六进四 象7退9",
    ),
    (
        "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w",
        "炮一平二 车9平8 炮二平一 车8平9",
    ),
    (
        "r1b1kab2/4a4/2n6/p3p2Rp/2p1P4/6N2/P1P5P/2N1C4/3RA4/1cBAK1c1r w",
        "马三退二 车9平8 马二进三 车8平9",
    ),
    (
        "1rb1kacn1/4a4/2n1b2r1/p1C1pRP1p/2p6/9/PcP1P3P/N3C1N2/9/1RBAKAB2 w",
        "兵三平二 车8平7 兵二平三 车7平8",
    ),
    (
        "3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w",
        "帅六平五 卒5平4 帅五平六 卒4平5",
    ),
    (
        "2bakr3/4a4/4b4/9/9/9/1r7/1c3A2B/2R1A2N1/1R3K3 w",
        "车七进一 炮2进1 车七退一 炮2退1",
    ),
    (
        "2bakab2/9/2n1c3c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w",
        "炮八退四 车6退4 炮八进四 车6进4",
    ),
];
