//! The words of game records that cross the wire or a file: a record's
//! format and text encoding (command lines, the `format` and `encoding`
//! of `xq rule`/`xq convert` JSON and of the desk) and its 棋谱类型 as a
//! PGN `RecordType` tag writes it. Telling a format or an encoding from
//! the bytes, decoding and encoding are xq-records' (`detect_format`,
//! `detect_encoding`, `TextCodec`).

crate::vocabulary! {
    /// A game-record format. Case is ignored on reading; `wxf-text` is read
    /// as `wxf` and `ubb` as `dhtmlxq`.
    pub enum Format: "record format", any_case {
        /// `pgn`: PGN as xiangqi programs write it (xqbase, 象棋巫师,
        /// pychess).
        Pgn = "pgn",
        /// `wxf`: the WXF text format (`FORMAT WXF`, `START{ … }END`).
        WxfText = "wxf" | "wxf-text",
        /// `xqf`: XQF, the binary format of the large Chinese collections.
        Xqf = "xqf",
        /// `dhtmlxq`: DhtmlXQ / UBB tags as embedded in web pages.
        DhtmlXq = "dhtmlxq" | "ubb",
        /// `cbr`: a 象棋桥 (CCBridge) record.
        Cbr = "cbr",
        /// `cbl`: a 象棋桥 (CCBridge) library of records.
        Cbl = "cbl",
    }
}

crate::vocabulary! {
    /// A text encoding of records. Case is ignored on reading, `_` may
    /// stand for `-`, and the usual other names are read: `utf8`, `gbk`,
    /// `gb2312`, `cp936` (as `gb18030`), `cp950` (as `big5`), `utf16le`.
    pub enum TextEncoding: "encoding", any_case {
        /// `utf-8`: UTF-8 without a byte-order mark.
        Utf8 = "utf-8" | "utf_8" | "utf8",
        /// `utf-8-bom`: UTF-8 that starts with a byte-order mark.
        Utf8Bom = "utf-8-bom" | "utf_8_bom" | "utf_8-bom" | "utf-8_bom" | "utf8-bom" | "utf8_bom",
        /// `gb18030`: GB18030, a superset of GBK and GB2312 (simplified
        /// characters).
        Gb18030 = "gb18030" | "gbk" | "gb2312" | "cp936",
        /// `big5`: Big5 (traditional characters).
        Big5 = "big5" | "cp950",
        /// `utf-16le`: UTF-16 little-endian (the CCBridge formats).
        Utf16Le = "utf-16le" | "utf_16le" | "utf16le",
    }
}

crate::vocabulary! {
    /// 棋谱类型: what part of a game a record holds, named as a PGN
    /// `RecordType` tag writes it. Case is ignored on reading, and the
    /// Chinese names (simplified and traditional) and `full`, `game`,
    /// `middlegame` are read as well.
    pub enum RecordType: "record type", any_case {
        /// `full game` (全局): a whole game.
        FullGame = "full game" | "全局" | "full" | "game",
        /// `opening` (开局): an opening.
        Opening = "opening" | "开局" | "開局",
        /// `middle game` (中局): a middle game.
        MiddleGame = "middle game" | "middlegame" | "中局",
        /// `endgame` (残局): an endgame.
        Endgame = "endgame" | "残局" | "殘局",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The wire words as xq-records wrote them before they moved here: a
    // record or a JSON answer written then reads the same now.
    #[test]
    fn the_wire_words_are_the_ones_records_and_answers_carry() {
        assert_eq!(
            Format::NAMES,
            ["pgn", "wxf", "xqf", "dhtmlxq", "cbr", "cbl"]
        );
        assert_eq!(
            TextEncoding::NAMES,
            ["utf-8", "utf-8-bom", "gb18030", "big5", "utf-16le"]
        );
        assert_eq!(
            RecordType::NAMES,
            ["full game", "opening", "middle game", "endgame"]
        );
        assert_eq!(Format::WxfText.to_string(), "wxf");
        assert_eq!(
            serde_json::to_string(&TextEncoding::Utf8Bom).unwrap(),
            "\"utf-8-bom\""
        );
    }

    #[test]
    fn formats_read_in_any_case_and_by_their_other_names() {
        for (word, format) in [
            ("PGN", Format::Pgn),
            ("Wxf-Text", Format::WxfText),
            ("UBB", Format::DhtmlXq),
            ("DhtmlXQ", Format::DhtmlXq),
            ("CBL", Format::Cbl),
        ] {
            assert_eq!(word.parse::<Format>(), Ok(format), "{word}");
        }
        assert_eq!(
            "wxf_text".parse::<Format>().unwrap_err().to_string(),
            "unknown record format \"wxf_text\" (expected pgn, wxf, xqf, dhtmlxq, cbr or cbl)"
        );
    }

    #[test]
    fn encodings_read_with_underscores_in_any_case_and_by_their_other_names() {
        for (word, encoding) in [
            ("UTF-8", TextEncoding::Utf8),
            ("utf_8", TextEncoding::Utf8),
            ("Utf8", TextEncoding::Utf8),
            ("UTF_8-BOM", TextEncoding::Utf8Bom),
            ("utf8_bom", TextEncoding::Utf8Bom),
            ("GBK", TextEncoding::Gb18030),
            ("cp936", TextEncoding::Gb18030),
            ("GB2312", TextEncoding::Gb18030),
            ("CP950", TextEncoding::Big5),
            ("UTF_16LE", TextEncoding::Utf16Le),
            ("utf16le", TextEncoding::Utf16Le),
        ] {
            assert_eq!(word.parse::<TextEncoding>(), Ok(encoding), "{word}");
        }
        // Only `_` stands for `-`; a space or a missing letter does not.
        for word in ["utf 8", "utf-16", "utf16-le", "big-5", "gb_18030", ""] {
            assert_eq!(TextEncoding::from_name(word), None, "{word:?}");
        }
        assert_eq!(
            "latin1".parse::<TextEncoding>().unwrap_err().to_string(),
            "unknown encoding \"latin1\" (expected utf-8, utf-8-bom, gb18030, big5 or utf-16le)"
        );
    }

    #[test]
    fn record_types_read_in_english_and_chinese() {
        for (word, record_type) in [
            ("Full Game", RecordType::FullGame),
            ("GAME", RecordType::FullGame),
            ("全局", RecordType::FullGame),
            ("開局", RecordType::Opening),
            ("MiddleGame", RecordType::MiddleGame),
            ("中局", RecordType::MiddleGame),
            ("殘局", RecordType::Endgame),
            ("残局", RecordType::Endgame),
        ] {
            assert_eq!(RecordType::from_name(word), Some(record_type), "{word}");
        }
        assert_eq!(RecordType::from_name("middle-game"), None);
        assert_eq!(RecordType::from_name("残"), None);
    }
}
