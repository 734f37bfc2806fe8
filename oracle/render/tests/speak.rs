//! The Chinese of xq-core's and xq-records' errors and warnings
//! ([`Speak`]): each says what the English `Display` says, in Chinese. The
//! expected texts were written from the English, not read off the output.

use xq_core::notation::ReadDetail;
use xq_core::IllegalMove;
use xq_records::{read_bytes, WarningKind};
use xq_render::{Lang, Speak};

/// No English word (three ASCII lower-case letters in a row) outside
/// quotes, and some Chinese.
fn is_chinese(zh: &str) -> bool {
    let unquoted: String = zh.split('"').step_by(2).collect();
    let mut run = 0;
    for c in unquoted.chars() {
        run = if c.is_ascii_lowercase() { run + 1 } else { 0 };
        if run >= 3 {
            return false;
        }
    }
    has_chinese(zh)
}

fn has_chinese(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn english_is_the_display_text() {
    let e = IllegalMove::KingsFacing;
    assert_eq!(e.speak(Lang::En), e.to_string());
    assert_eq!(e.speak(Lang::Zh), "帅将对面（白脸将）");
}

#[test]
fn a_record_error_names_the_place_and_reason_in_chinese() {
    // multi.pgn's second game, with a move after its illegal one.
    let text = "[Event \"one\"]\n\n1. h2e2 h9g7 *\n\n[Game \"Chinese Chess\"]\n[Event \"two\"]\n\n1. h2e2 h9g7 2. e2e9 h0g2 *\n";
    let games: Vec<_> = read_bytes(text.as_bytes()).collect();
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "PGN, game 2, 8:17, ply 3: e2e9 is not legal: a cannon captures over exactly one screen, and there are 2"
    );
    assert_eq!(
        e.speak(Lang::Zh),
        "PGN，第 2 局，第 8 行第 17 列，第 3 着：e2e9 不合规则：炮须隔一子吃子，此处隔了 2 子"
    );
    let e = read_bytes(b"  \n").next().unwrap().unwrap_err();
    assert_eq!(e.speak(Lang::Zh), "PGN：文件为空");
}

#[test]
fn every_warning_kind_in_chinese() {
    let kinds = WarningKind::samples();
    assert_eq!(kinds.len(), WarningKind::CODES.len());
    // Field and encoding names (`comment`, `gb18030`) are quoted as the
    // English writes them: the text must differ and be Chinese around them.
    for k in &kinds {
        let zh = k.speak(Lang::Zh);
        assert_ne!(zh, k.to_string(), "{}", k.code());
        assert!(has_chinese(&zh), "{}: {zh}", k.code());
    }
}

#[test]
fn every_read_detail_in_chinese() {
    for d in &ReadDetail::samples() {
        let zh = d.speak(Lang::Zh);
        assert_ne!(zh, d.to_string(), "{d:?}");
        assert!(is_chinese(&zh), "{d:?}: {zh}");
    }
}

#[test]
fn every_syntax_and_setup_detail_in_chinese() {
    // Names of fields in a file format stay as the file spells them.
    const FORMAT_NAMES: [&str; 2] = ["DhtmlXQ", "binit"];
    let kinds = xq_records::ErrorKind::each_detail();
    assert!(kinds.len() > 20, "{}", kinds.len());
    for kind in kinds {
        let zh = kind.speak(Lang::Zh);
        let words = FORMAT_NAMES
            .iter()
            .fold(zh.clone(), |s, name| s.replace(name, ""));
        assert!(is_chinese(&words), "{kind:?}: {zh}");
        let detail = match &kind {
            xq_records::ErrorKind::Syntax(d) => d.speak(Lang::Zh),
            xq_records::ErrorKind::BadSetup(d) => d.speak(Lang::Zh),
            other => panic!("not a detail: {other:?}"),
        };
        assert!(zh.ends_with(&detail), "{zh} / {detail}");
        assert_eq!(kind.speak(Lang::En), kind.to_string());
    }
}
