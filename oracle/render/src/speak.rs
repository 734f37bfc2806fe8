//! The errors and warnings of xq-core and xq-records in words: English is
//! each type's `Display`, Chinese is written here ([`Speak`]). The core
//! crates carry no language of their own; a new language is a new arm here.
//!
//! Each Chinese text says what the English says, field for field (a
//! position, a ply, the reason), in the words an arbiter uses.

use std::fmt::Display;

use xq_core::excerpt::{self, Excerpt, Limit};
use xq_core::game::MAX_MOVE_TEXT;
use xq_core::notation::{End, Hint, Marker, Notation, ReadDetail, ReadNote};
use xq_core::position::SHOWN_PROBLEMS;
use xq_core::{
    Color, FenError, IllegalMove, ParseFenError, ParseMoveError, Piece, PlayError, PlayFault,
    PositionError, Role, SetupProblem,
};
use xq_records::{
    ErrorKind, Location, RecordError, SetupDetail, SyntaxDetail, TagFault, Warning, WarningKind,
};

use xq_oracle::ruling::RecordError as Unruled;

use crate::words::Label;
use crate::Lang;

/// An error or a warning, said in a language.
pub trait Speak: Display {
    /// The text in `lang`: the `Display` text in English, its Chinese
    /// counterpart in Chinese.
    fn speak(&self, lang: Lang) -> String;
}

/// The Chinese text of a type whose English is its `Display`.
trait Zh {
    fn zh(&self) -> String;
}

macro_rules! speak {
    ($($t:ty),* $(,)?) => {$(
        impl Speak for $t {
            fn speak(&self, lang: Lang) -> String {
                match lang {
                    Lang::En => self.to_string(),
                    Lang::Zh => Zh::zh(self),
                }
            }
        }
    )*};
}

speak!(
    IllegalMove,
    ParseFenError,
    SetupProblem,
    PositionError,
    FenError,
    PlayFault,
    PlayError,
    ParseMoveError,
    ReadNote,
    ReadDetail,
    RecordError,
    SyntaxDetail,
    TagFault,
    SetupDetail,
    ErrorKind,
    WarningKind,
    Warning,
    Unruled,
);

// Why a record cannot be ruled on: the rules crate's record error.
impl Zh for Unruled {
    fn zh(&self) -> String {
        match self {
            Unruled::Unplayable(e) => e.zh(),
            Unruled::MovesAfterIllegal {
                illegal,
                next_ply,
                next,
            } => format!(
                "{}；其后仍有着法（第 {next_ply} 着 {}），而裁决违例着法须是棋谱的最后一着",
                illegal.zh(),
                Excerpt(next).zh()
            ),
            Unruled::NotRuled(e) => {
                format!("{}；本规则版本对此违例没有规定", e.zh())
            }
            // A cause a later xq-oracle adds (the type is non-exhaustive):
            // its English words until it has Chinese ones.
            _ => self.to_string(),
        }
    }
}

impl Zh for IllegalMove {
    fn zh(&self) -> String {
        match self {
            IllegalMove::NullMove => "起点与终点相同".into(),
            IllegalMove::NoPiece { from } => format!("{from} 处没有棋子"),
            IllegalMove::NotYourPiece { from, .. } => format!("{from} 处是对方的棋子"),
            IllegalMove::OwnPieceOnTarget { to } => format!("{to} 处是己方棋子"),
            IllegalMove::NotAMove { piece } => format!("{}不能这样走", piece.zh()),
            IllegalMove::OutsidePalace { piece } => format!("{}不能走出九宫", piece.zh()),
            IllegalMove::ElephantCrossesRiver => "相（象）不能过河".into(),
            IllegalMove::ElephantEyeBlocked { eye } => format!("塞象眼：{eye} 处有子"),
            IllegalMove::HorseLegBlocked { leg } => format!("蹩马腿：{leg} 处有子"),
            IllegalMove::PathBlocked { at } => format!("{at} 处有子阻挡"),
            IllegalMove::CannonScreens { count } => {
                format!("炮须隔一子吃子，此处隔了 {count} 子")
            }
            IllegalMove::PawnBackward => "兵（卒）不能后退".into(),
            IllegalMove::PawnSidewaysBeforeRiver => "兵（卒）未过河不能横走".into(),
            IllegalMove::KingInCheck { was_in_check: true } => "未应将".into(),
            IllegalMove::KingInCheck {
                was_in_check: false,
            } => "送将（走后己方被将军）".into(),
            IllegalMove::KingsFacing => "帅将对面（白脸将）".into(),
            // A case a later xq-core or xq-records adds (the type is
            // non-exhaustive): its English words until it has Chinese ones.
            _ => self.to_string(),
        }
    }
}

impl Zh for ParseFenError {
    fn zh(&self) -> String {
        match self {
            ParseFenError::Empty => "FEN 为空".into(),
            ParseFenError::RankCount(n) => {
                format!("棋子布局应有 10 行（以 / 分隔），此处有 {n} 行")
            }
            ParseFenError::RankWidth { rank, width } => format!(
                "第 {rank} 横线（布局的第 {} 段）有 {width} 个点，应为 9 个",
                10 - rank
            ),
            ParseFenError::BadChar { rank, ch } => format!(
                "第 {rank} 横线（布局的第 {} 段）有无法识别的字符 {ch:?}",
                10 - rank
            ),
            ParseFenError::BadTurn(t) => format!(
                "走棋方应为 w（或 r）表示红方、b 表示黑方，此处为 {}",
                Excerpt(t).zh()
            ),
            ParseFenError::BadField { field, value } => {
                let number = if *field == "castling" { 3 } else { 4 };
                format!(
                    "象棋没有易位和吃过路兵，第 {number} 栏应为 -，此处为 {}",
                    Excerpt(value).zh()
                )
            }
            ParseFenError::BadCounter { counter, value } => {
                let (min, max) = counter.range();
                format!(
                    "{}（第 {} 栏）应为 {min} 到 {max} 的整数，此处为 {}",
                    counter.zh(),
                    counter.field(),
                    Excerpt(value).zh()
                )
            }
            ParseFenError::Trailing(t) => {
                format!("回合数之后多出一栏 {}", Excerpt(t).zh())
            }
        }
    }
}

impl Zh for SetupProblem {
    fn zh(&self) -> String {
        match self {
            SetupProblem::MissingKing(c) => format!("{}没有帅（将）", c.zh()),
            SetupProblem::ExtraKing(c) => format!("{}的帅（将）多于一个", c.zh()),
            SetupProblem::KingOutsidePalace(c, sq) => {
                format!("{}的帅（将）在 {sq}，不在九宫内", c.zh())
            }
            SetupProblem::Unreachable(p, sq) => {
                format!("{}的{}永远走不到 {sq}", p.color.zh(), p.zh())
            }
            SetupProblem::TooMany(c, r, n) => format!(
                "{}的{}有 {n} 个，多于一局棋的 {} 个",
                c.zh(),
                Piece::new(*c, *r).zh(),
                r.initial_count()
            ),
            SetupProblem::KingsFacing => "帅将在同一纵线上照面，中间无子".into(),
            SetupProblem::OpponentInCheck(c) => {
                format!("{0}正被将军，却不是{0}走棋", c.zh())
            }
        }
    }
}

impl Zh for PositionError {
    fn zh(&self) -> String {
        let shown: Vec<String> = self
            .problems
            .iter()
            .take(SHOWN_PROBLEMS)
            .map(Zh::zh)
            .collect();
        let mut s = format!("局面不合规则：{}", shown.join("；"));
        let more = self.problems.len().saturating_sub(SHOWN_PROBLEMS);
        if more > 0 {
            s.push_str(&format!("；另有 {more} 处问题"));
        }
        s
    }
}

impl Zh for FenError {
    fn zh(&self) -> String {
        match self {
            FenError::Parse(e) => e.zh(),
            FenError::Position(e) => e.zh(),
        }
    }
}

impl Zh for PlayFault {
    fn zh(&self) -> String {
        match self {
            PlayFault::Move(e) => e.zh(),
            PlayFault::TooLong { text } => format!(
                "{} 不是着法：着法不会超过 {MAX_MOVE_TEXT} 字节",
                Excerpt(text).zh()
            ),
            PlayFault::CounterLimit { text, counter } => format!(
                "{text} 会使{}超过 {}（本程序所能记录的上限）",
                counter.zh(),
                counter.range().1
            ),
        }
    }
}

impl Zh for PlayError {
    fn zh(&self) -> String {
        format!("第 {} 着：{}", self.ply, self.error.zh())
    }
}

impl Zh for Excerpt<'_> {
    fn zh(&self) -> String {
        self.with_length(|t| format!("（共 {} 字节）", t.len()))
    }
}

impl Zh for ParseMoveError {
    fn zh(&self) -> String {
        match self {
            ParseMoveError::Syntax { text, detail } => format!(
                "{} 不是 ICCS、WXF 或中文记谱的着法：{}",
                quote_zh(text, true),
                detail.zh()
            ),
            ParseMoveError::NoSuchPiece { text, detail } => {
                format!("{} 没有对应的棋子：{}", quote_zh(text, false), detail.zh())
            }
            ParseMoveError::Ambiguous { text, detail } => {
                format!("{} 有歧义：{}", quote_zh(text, false), detail.zh())
            }
            ParseMoveError::Illegal { text, mv, reason } => {
                if text == &mv.to_string() {
                    format!("{text} 不合规则：{}", reason.zh())
                } else {
                    format!("{}（{mv}）不合规则：{}", quote_zh(text, false), reason.zh())
                }
            }
            // A case a later xq-core or xq-records adds (the type is
            // non-exhaustive): its English words until it has Chinese ones.
            _ => self.to_string(),
        }
    }
}

impl Zh for ReadNote {
    fn zh(&self) -> String {
        match self {
            ReadNote::ByLegality { pieces } => {
                format!("按合法性读出：未写前/后，{pieces} 个可能的棋子中只有一个能合法走这步")
            }
            // A kind added upstream without its Chinese text yet: English.
            _ => self.to_string(),
        }
    }
}

impl Zh for Hint {
    fn zh(&self) -> String {
        match self {
            Hint::None => String::new(),
            Hint::Write(moves) => {
                let texts: Vec<String> = moves.iter().map(|(t, m)| format!("{t}（{m}）")).collect();
                format!("：可写作 {}", texts.join(" 或 "))
            }
            Hint::Refused(moves) => {
                let why: Vec<String> = moves
                    .iter()
                    .map(|(m, e)| format!("{m}：{}", e.zh()))
                    .collect();
                format!("；这几个棋子都不能这样走（{}）", why.join("；"))
            }
        }
    }
}

impl Zh for ReadDetail {
    fn zh(&self) -> String {
        match self {
            ReadDetail::TooLong { bytes } => {
                format!("着法只有几个字符，此文本却有 {bytes} 字节")
            }
            ReadDetail::Shape { notation } => shape_zh(*notation).to_string(),
            ReadDetail::UnexpectedChar { notation, ch } => {
                format!("无法识别的字符 {ch:?}；{}", shape_zh(*notation))
            }
            ReadDetail::MissingAction { notation } => match notation {
                Notation::Chinese => format!("缺少动作（进、退或平）；{}", shape_zh(*notation)),
                _ => format!("缺少运算符（+、- 或 =）；{}", shape_zh(*notation)),
            },
            ReadDetail::BadNumber { notation } => match notation {
                Notation::Chinese => format!(
                    "着法须以数字 1–9（一…九、１…９）结尾；{}",
                    shape_zh(*notation)
                ),
                _ => format!("着法须以数字 1–9 结尾；{}", shape_zh(*notation)),
            },
            ReadDetail::BadFile { notation } => match notation {
                Notation::Chinese => {
                    format!("纵线编号为 1–9（一…九、１…９）；{}", shape_zh(*notation))
                }
                _ => format!("纵线编号为 1–9；{}", shape_zh(*notation)),
            },
            ReadDetail::OffBoard { end } => format!(
                "{}不在棋盘上（纵线 a–i，横线 0–9）",
                match end {
                    End::From => "起点",
                    End::To => "终点",
                }
            ),
            ReadDetail::MissingFile => "缺少棋子所在的纵线".into(),
            ReadDetail::NumberOutOfRange { number } => {
                format!("数字 {number} 不在 1–9 之间")
            }
            ReadDetail::NoSideways { piece } => {
                format!("{}从不平走；应写进或退，以及到达的纵线", piece.zh())
            }
            ReadDetail::LeavesBoard { piece, from } => {
                format!("{from} 的{}会走出棋盘", piece.zh())
            }
            ReadDetail::CannotReachFile { piece, from, file } => {
                let reach = match piece.role {
                    Role::Advisor => "相邻的纵线",
                    Role::Elephant => "隔一路的纵线",
                    _ => "相邻或隔一路的纵线",
                };
                format!(
                    "{from} 的{}这样走不到第 {file} 路：它只能走到{reach}",
                    piece.zh()
                )
            }
            ReadDetail::NoneOnFile { piece, file } => {
                format!("{}第 {file} 路没有{}", side_zh(piece.color), piece.zh())
            }
            ReadDetail::NoneWithMarker {
                piece,
                file,
                count,
                marker,
            } => format!(
                "{}第 {file} 路{}，所以没有{}",
                side_zh(piece.color),
                how_many_zh(*count, *piece),
                marker_zh(*marker, *piece)
            ),
            ReadDetail::NoFileWithMarker { piece, marker } => {
                let needed = match marker {
                    Marker::Front | Marker::Rear => "两个或更多".to_string(),
                    Marker::Middle => "恰好三个".to_string(),
                    Marker::Ordinal(k) => format!(" {} 个或更多", (*k).max(2)),
                };
                format!(
                    "{}没有哪一路有{needed}{}，所以没有{}",
                    side_zh(piece.color),
                    piece.zh(),
                    marker_zh(*marker, *piece)
                )
            }
            ReadDetail::SeveralOnFile {
                piece,
                file,
                count,
                hint,
            } => format!(
                "{}第 {file} 路有 {count} 个{}，须用前后标明是哪一个{}",
                side_zh(piece.color),
                piece.zh(),
                hint.zh()
            ),
            ReadDetail::SeveralFiles { piece, files, hint } => format!(
                "{}第 {} 路都有几个{}，须写明纵线{}",
                side_zh(piece.color),
                files
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join("、"),
                piece.zh(),
                hint.zh()
            ),
            // A kind added upstream without its Chinese text yet: English.
            _ => self.to_string(),
        }
    }
}

impl Zh for RecordError {
    fn zh(&self) -> String {
        let mut parts = Vec::new();
        if let Some(format) = self.format {
            parts.push(format.name().to_uppercase());
        }
        if let Some(g) = self.game {
            parts.push(format!("第 {g} 局"));
        }
        parts.extend(place_zh(self.at, self.ply, self.in_variation));
        let why = self.kind.zh();
        if parts.is_empty() {
            why
        } else {
            format!("{}：{why}", parts.join("，"))
        }
    }
}

impl Zh for ErrorKind {
    fn zh(&self) -> String {
        match self {
            ErrorKind::Empty => "文件为空".into(),
            ErrorKind::Io(e) => format!("无法读取文件：{e}"),
            ErrorKind::Undecodable { encoding } => format!("内容不是有效的 {encoding} 文本"),
            ErrorKind::BadMagic { expected } => format!("不是该格式的棋谱：应以 {expected} 开头"),
            ErrorKind::Truncated { reading } => format!("文件在读取中途结束（{reading}）"),
            ErrorKind::TooLarge { limit } => format!("棋谱超过 {limit} 字节"),
            ErrorKind::Syntax(d) => format!("格式错误：{}", d.zh()),
            ErrorKind::BadFen { fen, error } => format!("FEN {fen:?} 无效：{}", error.zh()),
            ErrorKind::BadSetup(d) => format!("摆出的局面不合法：{}", d.zh()),
            ErrorKind::SquareOutOfRange { value } => format!("位置代码 {value} 超出棋盘"),
            ErrorKind::Move { error, .. } => error.zh(),
            ErrorKind::IllegalMove { mv, reason } => format!("{mv} 不合规则：{}", reason.zh()),
            ErrorKind::TooDeep { limit } => format!("变着嵌套超过 {limit} 层"),
            ErrorKind::Unwritable(s) => format!("无法写出棋谱：{s}"),
            ErrorKind::CounterLimit { mv, counter } => format!(
                "{mv} 会使{}超过 {}（本程序所能记录的上限）",
                counter.zh(),
                counter.range().1
            ),
            ErrorKind::Heading { title } => format!("棋库中的标题条目（{title:?}），不是对局"),
            // A case a later xq-core or xq-records adds (the type is
            // non-exhaustive): its English words until it has Chinese ones.
            _ => self.to_string(),
        }
    }
}

impl Zh for SyntaxDetail {
    fn zh(&self) -> String {
        match self {
            SyntaxDetail::UnclosedComment => "注释的 '{' 没有用 '}' 结束".into(),
            SyntaxDetail::MalformedTag(fault) => format!("标签写法有误：{}", fault.zh()),
            SyntaxDetail::BadNag => "NAG 注释符应为 '$' 加 0–255 的数字".into(),
            SyntaxDetail::Stray { c } => format!("多出一个 {c:?}，前面没有对应的开头"),
            SyntaxDetail::TagInMoves { name } => format!("着法中间出现标签 {name}"),
            SyntaxDetail::VariationBeforeMove => "变着的 '(' 之前没有可被替换的着法".into(),
            SyntaxDetail::NestTooDeep => "变着嵌套层数过多".into(),
            SyntaxDetail::CloseWithoutOpen => "')' 前面没有未结束的变着".into(),
            SyntaxDetail::ResultInVariation => "对局结果写在变着结束之前".into(),
            SyntaxDetail::UnclosedVariation => "变着的 '(' 没有结束".into(),
            SyntaxDetail::NoStart => "着法之前没有 START{ 行".into(),
            SyntaxDetail::NoNextGame { limit } => {
                format!("一局无法读取之后，{limit} 字节内没有新对局开始：其余内容不再读取")
            }
            SyntaxDetail::NoDhtmlXq => "页面中没有 [DhtmlXQ] 标签".into(),
            SyntaxDetail::MoveDigits { left_over } => {
                format!("着法列表应为每四位数字一着，多出 {left_over} 位数字")
            }
            SyntaxDetail::BinitDigits { found } => {
                format!("binit 应有 64 位数字（32 个棋子），现有 {found} 位")
            }
            SyntaxDetail::NoParentBranch { branch, parent } => {
                format!("分支 {branch} 出自分支 {parent}，棋谱中没有该分支")
            }
            SyntaxDetail::NoParentMove {
                branch,
                parent,
                at_move,
            } => format!(
                "分支 {branch} 出自分支 {parent} 的第 {at_move} 着，分支 {parent} 没有这一着"
            ),
            // A case a later xq-core or xq-records adds (the type is
            // non-exhaustive): its English words until it has Chinese ones.
            _ => self.to_string(),
        }
    }
}

impl Zh for TagFault {
    fn zh(&self) -> String {
        match self {
            TagFault::NoName => "'[' 之后应有标签名".into(),
            TagFault::NoQuote { name } => format!("标签名 {name} 之后应有 '\"'"),
            TagFault::UnclosedValue { name } => format!("标签 {name} 的值没有结束"),
            TagFault::NoBracket { name } => format!("标签 {name} 的值之后应有 ']'"),
        }
    }
}

impl Zh for SetupDetail {
    fn zh(&self) -> String {
        match self {
            SetupDetail::TwoPieces { square } => format!("{square} 上有两个棋子"),
            SetupDetail::UnknownPieceCode { code } => format!("未知的棋子代码 0x{code:02X}"),
            SetupDetail::Illegal(e) => e.zh(),
            // A case a later xq-core or xq-records adds (the type is
            // non-exhaustive): its English words until it has Chinese ones.
            _ => self.to_string(),
        }
    }
}

impl Zh for WarningKind {
    fn zh(&self) -> String {
        match self {
            WarningKind::ReadByLegality { text, mv, pieces } => format!(
                "{text} 未写前/后，{pieces} 个可能的棋子中只有一个能合法走这步，按合法性读作 {mv}"
            ),
            WarningKind::QuotedTagValue { tag } => {
                format!("标签 {tag} 的值内含未转义的引号，读到 ] 前最后一个引号为止")
            }
            WarningKind::BadBytes {
                field,
                offset,
                encoding,
            } => format!(
                "{field} 中有不是 {encoding} 的字节（第一个在第 {offset} 字节，0x{offset:X}），以 U+FFFD 代替"
            ),
            WarningKind::VariationDropped { error, moves } => {
                format!("一个变着无法读取，已略去（读到 {moves} 着）：{}", error.zh())
            }
            WarningKind::JunkMoveDropped { error } => {
                format!("主线末尾的一步不是着法，已略去：{}", error.zh())
            }
            WarningKind::IllegalFinalMove { text, mv, reason } => {
                if text == &mv.to_string() {
                    format!("棋谱以违例着法 {mv} 结束：{}", reason.zh())
                } else {
                    format!("棋谱以违例着法 {text}（{mv}）结束：{}", reason.zh())
                }
            }
            WarningKind::MixedEncoding { file, game } => {
                format!("本局的编码（{game}）与文件其余部分（{file}）不同，已按 {game} 解码")
            }
            WarningKind::CommentPastBranchEnd { named } => {
                format!("注释指向第 {named} 着，已超出该分支的末尾，放在分支最后一着之后")
            }
            // A kind added upstream without its Chinese text yet: English.
            _ => self.to_string(),
        }
    }
}

impl Zh for Warning {
    fn zh(&self) -> String {
        let parts = place_zh(self.at, self.ply, self.in_variation);
        if parts.is_empty() {
            self.kind.zh()
        } else {
            format!("{}：{}", parts.join("，"), self.kind.zh())
        }
    }
}

/// A move text quoted as xq-core's English messages quote it
/// ([`Limit::MOVE_TEXT`]), the length said in Chinese.
fn quote_zh(text: &str, escaped: bool) -> String {
    let show = if escaped {
        excerpt::escaped
    } else {
        excerpt::raw
    };
    excerpt::quote(text, Limit::MOVE_TEXT, show, |t| {
        format!("（共 {} 个字符）", t.chars().count())
    })
}

fn shape_zh(n: Notation) -> &'static str {
    match n {
        Notation::Iccs => "ICCS 着法形如 h2e2",
        Notation::Wxf => {
            "WXF 着法形如 C2=5、H8+7、R+=4 或 +7+1：先写棋子字母（K A E H R C P）及其纵线 1–9，\
             或前后标记，再写 +、- 或 =，最后是数字 1–9"
        }
        Notation::Chinese => {
            "中文着法形如 炮二平五、马８进７、前车进一 或 前七进一：先写棋子及其纵线\
             （或 前/中/后 加棋子），再写 进、退 或 平，最后是一个数字"
        }
    }
}

/// The piece a marker names, in Chinese: 前车, 中兵, 从前数第 2 个兵.
fn marker_zh(marker: Marker, piece: Piece) -> String {
    let p = piece.zh();
    match marker {
        Marker::Front => format!("前{p}"),
        Marker::Middle => format!("中{p}"),
        Marker::Rear => format!("后{p}"),
        Marker::Ordinal(k) => format!("从前数第 {k} 个{p}"),
    }
}

fn how_many_zh(n: usize, piece: Piece) -> String {
    match n {
        0 => format!("没有{}", piece.zh()),
        1 => format!("只有一个{}", piece.zh()),
        _ => format!("有 {n} 个{}", piece.zh()),
    }
}

fn side_zh(c: Color) -> &'static str {
    c.zh()
}

/// [`place`] in Chinese: `第 4 行第 9 列`, `第 2 着（变着中）`.
fn place_zh(at: Location, ply: Option<usize>, in_variation: bool) -> Vec<String> {
    let mut parts = Vec::new();
    match at {
        Location::Nowhere => {}
        Location::Text { line, column } => parts.push(format!("第 {line} 行第 {column} 列")),
        Location::Byte(o) => parts.push(format!("第 {o} 字节（0x{o:X}）")),
    }
    if let Some(p) = ply {
        let line = if in_variation { "（变着中）" } else { "" };
        parts.push(format!("第 {p} 着{line}"));
    }
    parts
}
