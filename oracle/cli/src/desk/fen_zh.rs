//! Why a FEN is refused, in Chinese, for the Chinese page (the oracle's
//! FEN errors say it in English only). Built from the error's fields, so
//! it names the same rank, character or piece as the English text.
//! This belongs beside `FenError`'s English in xq-core (as
//! `IllegalMove::zh` does); until it moves there, it lives here.

use xq_core::{Color, Counter, FenError, ParseFenError, SetupProblem};

fn side(c: Color) -> &'static str {
    c.name_zh()
}

fn problem(p: &SetupProblem) -> String {
    match p {
        SetupProblem::MissingKing(c) => format!("{}没有帅（将）", side(*c)),
        SetupProblem::ExtraKing(c) => format!("{}的帅（将）多于一个", side(*c)),
        SetupProblem::KingOutsidePalace(c, sq) => {
            format!("{}的帅（将）在 {sq}，不在九宫内", side(*c))
        }
        SetupProblem::Unreachable(p, sq) => format!("{}{}不可能走到 {sq}", side(p.color), p.zh()),
        SetupProblem::TooMany(c, r, n) => format!(
            "{}的{}有 {n} 个，多于一局棋的 {} 个",
            side(*c),
            xq_core::Piece::new(*c, *r).zh(),
            r.initial_count()
        ),
        SetupProblem::KingsFacing => "帅将在同一直线上照面".into(),
        SetupProblem::OpponentInCheck(c) => format!("{}正被将军，却不是{}走棋", side(*c), side(*c)),
    }
}

/// The reason in Chinese.
pub fn fen_zh(e: &FenError) -> String {
    match e {
        FenError::Parse(p) => match p {
            ParseFenError::Empty => "FEN 为空".into(),
            ParseFenError::RankCount(n) => {
                format!("棋子布局应有 10 行（以 / 分隔），此处有 {n} 行")
            }
            ParseFenError::RankWidth { rank, width } => {
                format!("第 {rank} 横线（自红方起 0–9）不是 9 个点，而是 {width} 个")
            }
            ParseFenError::BadChar { rank, ch } => {
                format!("第 {rank} 横线有无法识别的字符 {ch:?}")
            }
            ParseFenError::BadTurn(t) => format!("走棋方应为 w 或 b，而非 {t:?}"),
            ParseFenError::BadField { value, .. } => format!("第 3、4 栏应为 -，而非 {value:?}"),
            ParseFenError::BadCounter { counter, value } => format!(
                "{}不是合法的整数：{value:?}",
                match counter {
                    Counter::Halfmoves => "未吃子半回合数（第 5 栏）",
                    Counter::Fullmoves => "回合数（第 6 栏）",
                }
            ),
            ParseFenError::Trailing(t) => format!("回合数之后多出内容 {t:?}"),
        },
        FenError::Position(pe) => {
            let shown: Vec<String> = pe
                .problems
                .iter()
                .take(xq_core::position::SHOWN_PROBLEMS)
                .map(problem)
                .collect();
            let more = pe
                .problems
                .len()
                .saturating_sub(xq_core::position::SHOWN_PROBLEMS);
            let mut s = format!("局面不合规则：{}", shown.join("；"));
            if more > 0 {
                s.push_str(&format!("；另有 {more} 处问题"));
            }
            s
        }
    }
}
