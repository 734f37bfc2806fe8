//! 中文, as an arbiter hands a ruling to the players.

use xq_core::{Color, Counter, Outcome};
use xq_oracle::clauses::Article;
use xq_oracle::edition::Edition;
use xq_oracle::natural_limit::LimitState;
use xq_oracle::repetition::{MoveKind, Pattern, StopReason};
use xq_oracle::ruling::{
    Comparison, CycleInfo, FollowUp, MoveRuling, PointKind, Procedure, RulingReason, SearchReport,
    SideRuling,
};
use xq_records::RecordType;

use super::{grouped, Catalogue, CycleFacts, IllegalFacts, RecordedCounts, SummaryList, Verdict};
use crate::desk::{DeskFault, HttpFault, JsonClass, JsonFault, MoveFault, RecordFault, Refusal};
use crate::words::Label;
use crate::{Lang, Speak};

pub(crate) struct Zh;

/// 一, 两, 3 …: how many more cycles.
fn times(n: u32) -> String {
    match n {
        1 => "一".into(),
        2 => "两".into(),
        n => n.to_string(),
    }
}

fn list(items: &[usize]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("、")
}

impl Catalogue for Zh {
    fn side(&self, c: Color) -> &'static str {
        match c {
            Color::Red => "红方",
            Color::Black => "黑方",
        }
    }

    fn counter(&self, c: Counter) -> &'static str {
        match c {
            Counter::Halfmoves => "未吃子半回合数",
            Counter::Fullmoves => "回合数",
        }
    }

    fn record_type(&self, t: RecordType) -> &'static str {
        match t {
            RecordType::FullGame => "全局",
            RecordType::Opening => "开局",
            RecordType::MiddleGame => "中局",
            RecordType::Endgame => "残局",
        }
    }

    fn result(&self, o: Outcome) -> &'static str {
        match o {
            Outcome::RedWins => "红胜",
            Outcome::BlackWins => "黑胜",
            Outcome::Draw => "和棋",
            Outcome::Ongoing => "未决",
        }
    }

    fn point_kind(&self, k: PointKind) -> &'static str {
        match k {
            PointKind::Repetition => "循环局面",
            PointKind::NaturalLimit => "自然限着",
            PointKind::IllegalMove => "违例着法",
            PointKind::End => "终局",
        }
    }

    /// The term of the clause that defines the kind: 将, 杀, 捉, 兑, 献,
    /// 拦, 跟, 闲.
    fn move_kind(&self, k: MoveKind) -> &'static str {
        k.clause().entry().term
    }

    /// The term of the clause that names the pattern: 长将, 长捉, 一将一捉 …
    fn pattern(&self, p: Pattern) -> &'static str {
        p.clause().entry().term
    }

    fn reason(&self, r: RulingReason) -> &'static str {
        match r {
            RulingReason::Checkmate => "将死",
            RulingReason::Stalemate => "困毙",
            RulingReason::PerpetualCheck => "长将",
            RulingReason::MutualPerpetualCheck => "双方长将",
            RulingReason::BothAllowed => "双方不变作和",
            RulingReason::BothForbidden => "双方均犯禁例作和",
            RulingReason::MustVary => "一方须变着",
            RulingReason::NaturalLimit => "自然限着",
            RulingReason::IllegalMove => "违例着法",
            RulingReason::None => "无须裁决",
            _ => r.name(),
        }
    }

    fn article(&self, a: &Article) -> String {
        a.zh()
    }

    fn illegal_move(&self, m: &IllegalFacts) -> String {
        format!(
            "第{}着 {} 违例：{}。{}判负。",
            m.ply,
            m.text,
            m.reason,
            m.by.zh()
        )
    }

    fn checkmate(&self, loser: Color) -> String {
        let side = loser.zh();
        format!("{side}无子可动，将死，{side}负。")
    }

    fn stalemate_loss(&self, loser: Color) -> String {
        let side = loser.zh();
        format!("{side}无子可动，困毙，{side}负。")
    }

    fn stalemate_draw(&self) -> String {
        "走子一方无子可动且未被将军（困毙），本规则判和。".into()
    }

    fn natural_limit(&self, l: &LimitState, automatic: bool) -> String {
        let who: Vec<&str> = l.claimable_by.iter().map(|c| c.zh()).collect();
        let (red, black) = (l.red, l.black);
        format!(
            "已连续 {} 着未吃子：红方 {} 着（将军 {} 着，计 {} 着），黑方 {} 着（将军 {} 着，计 {} 着）。已达自然限着 {} 回合，{}可提和{}。",
            l.plies_without_capture,
            red.moves,
            red.checks,
            red.counted,
            black.moves,
            black.checks,
            black.counted,
            l.rounds,
            who.join("或"),
            if automatic { "（自动判和）" } else { "" }
        )
    }

    fn nothing_to_rule(&self) -> String {
        "对局未结束，最后局面未重复出现，也未达自然限着，无需裁决。".into()
    }

    fn cycle_header(&self, c: &CycleFacts) -> String {
        let needed = c.needed;
        format!(
            "棋例裁决（{}）\n最后局面已出现 {} 次，循环为第 {}–{} 着。{}\n",
            c.edition.name_zh,
            c.occurrences,
            c.first_ply,
            c.last_ply,
            if c.adjudicable {
                format!("已达 {needed} 次，为待判局面。")
            } else {
                format!("尚未达到 {needed} 次；以下为若继续循环时的裁决。")
            }
        )
    }

    fn counted_from(&self, from: usize, last: usize) -> String {
        format!("计入的重复始于此循环之前：双方着法按第 {from}–{last} 着全部判定，不只看最后一个循环。\n")
    }

    fn side_heading(&self, c: Color) -> String {
        format!("{}：\n", c.zh())
    }

    fn before_cycle(&self) -> String {
        "  循环之前（计入）：\n".into()
    }

    fn in_cycle(&self) -> String {
        "  循环之内：\n".into()
    }

    fn move_line(&self, m: &MoveRuling) -> String {
        let targets = if m.targets.is_empty() {
            String::new()
        } else {
            let named: Vec<String> = m
                .targets
                .iter()
                .enumerate()
                .map(|(i, sq)| {
                    let piece = m
                        .target_pieces
                        .get(i)
                        .map(|p| p.zh().to_string())
                        .unwrap_or_default();
                    format!("{piece}{sq}")
                })
                .collect();
            format!("（{}）", named.join("、"))
        };
        let unfinished = if m.complete {
            ""
        } else {
            "（搜索未完成）"
        };
        format!(
            "  第{}着 {}  {}{targets}{unfinished}\n",
            m.ply,
            m.chinese,
            self.move_kind(m.kind)
        )
    }

    fn pattern_line(&self, s: &SideRuling) -> String {
        format!(
            "  {}：{}\n",
            s.pattern_zh,
            if s.forbidden {
                "禁止着法"
            } else {
                "允许着法"
            }
        )
    }

    fn verdict(&self, v: Verdict, loser: Color, _result: &str) -> String {
        let who = loser.zh();
        match v {
            Verdict::CheckLoses => format!("{who}长将，判负。"),
            Verdict::CheckMustVary { more: Some(n) } => {
                format!("{who}长将，须变着；再循环{}次即判负。", times(n))
            }
            Verdict::CheckMustVary { more: None } => format!("{who}长将，须变着，不变作负。"),
            Verdict::MustVary { more: Some(n) } => {
                format!("{who}须变着；再循环{}次即判负。", times(n))
            }
            Verdict::MustVary { more: None } => format!("{who}须变着，不变作负。"),
            Verdict::Draw { reason, more } => {
                let draw = match reason {
                    RulingReason::MutualPerpetualCheck => "双方长将",
                    RulingReason::BothAllowed => "双方均为允许着法",
                    _ => "双方均为禁止着法且轻重相当",
                };
                match more {
                    Some(n) => format!("{draw}，裁决后再循环{}次即判和。", times(n)),
                    None if reason == RulingReason::MutualPerpetualCheck => {
                        format!("{draw}，判和。")
                    }
                    None => format!("{draw}，不变作和。"),
                }
            }
            Verdict::Unstated => String::new(),
        }
    }

    fn ruling_line(&self, verdict: &str, result: &str) -> String {
        format!("裁决：{verdict}（{result}）\n依据：")
    }

    fn search_stopped(&self, stopped_by: Option<StopReason>, nodes: u64) -> String {
        match stopped_by {
            None => format!("每着搜索上限 {nodes} 个局面已用尽"),
            Some(StopReason::GameBudget) => "全局搜索上限已被此前的判决点用尽".into(),
            Some(StopReason::Deadline) => "时限已到".into(),
            Some(StopReason::Cancelled) => "请求已取消".into(),
        }
    }

    fn not_examined(&self, why: &str, plies: &[usize]) -> String {
        format!("\n未完全审查（{why}）：第 {} 着。", list(plies))
    }

    fn headline_verdict(&self, v: Verdict, loser: Color) -> String {
        let who = loser.zh();
        match v {
            Verdict::CheckLoses => format!("{who}长将，判负"),
            Verdict::CheckMustVary { .. } => format!("{who}长将，须变着，不变作负"),
            Verdict::MustVary { .. } => format!("{who}须变着，不变作负"),
            Verdict::Draw {
                reason: RulingReason::MutualPerpetualCheck,
                ..
            } => "双方长将，判和".into(),
            Verdict::Draw {
                reason: RulingReason::BothAllowed,
                ..
            } => "双方均为允许着法，不变作和".into(),
            Verdict::Draw { .. } => "双方均为禁止着法，不变作和".into(),
            Verdict::Unstated => String::new(),
        }
    }

    fn headline(
        &self,
        edition: &'static Edition,
        red: &SideRuling,
        black: &SideRuling,
        verdict: &str,
        result: &str,
    ) -> String {
        let allowed = |s: &SideRuling| if s.forbidden { "禁止" } else { "允许" };
        format!(
            "{}{}：红方{}（{}），黑方{}（{}）\n裁决：{verdict}（{result}）",
            edition.body_zh,
            edition.year,
            red.pattern_zh,
            allowed(red),
            black.pattern_zh,
            allowed(black),
        )
    }

    fn game_heading(&self, edition: &'static Edition, plies: usize, result: &str) -> String {
        format!(
            "全局裁决（{}，共 {plies} 着）：结果 {result}",
            edition.name_zh
        )
    }

    fn decided_at(&self, ply: usize) -> String {
        format!("，于第 {ply} 着定局")
    }

    fn on_claim(&self, ply: usize) -> String {
        format!("（须经一方提请：第 {ply} 着起可提请，至棋谱结束仍然有效）")
    }

    fn comparison(&self, c: Comparison, recorded: &str) -> String {
        match c {
            Comparison::Agrees => format!("；与棋谱所记结果 {recorded} 相符"),
            Comparison::OffTheBoard => format!(
                "；棋谱记为 {recorded}，盘面未定胜负，当为盘外定局（认负、议和、超时等）"
            ),
            Comparison::Differs => format!("；棋谱记为 {recorded}，与规则判定不符"),
            Comparison::Claimable => format!(
                "；棋谱记为 {recorded}：此结果须经一方提请裁决方能成立，棋谱所记当为未经提请而以他法（议和、认负、超时等）定局"
            ),
            Comparison::NaturalLimit => format!("；棋谱记为 {recorded}，已达自然限着，和棋（经提出）"),
            Comparison::Unrecorded => "；棋谱未记结果".into(),
        }
    }

    fn heading_end(&self) -> String {
        "。\n".into()
    }

    fn points_not_examined(&self, stopped_by: Option<StopReason>, plies: &[usize]) -> String {
        let why = match stopped_by {
            Some(StopReason::GameBudget) => "（全局搜索上限已用尽）",
            Some(StopReason::Deadline) => "（时限已到）",
            Some(StopReason::Cancelled) => "（请求已取消）",
            None => "",
        };
        format!("未完全审查的判决点{why}：第 {} 着。\n", list(plies))
    }

    fn no_points(&self) -> String {
        "全局无须裁判介入之处。\n".into()
    }

    fn point_heading(&self, ply: usize, kind: PointKind) -> String {
        format!("\n第 {ply} 着：{}。\n", self.point_kind(kind))
    }

    fn follow_up(&self, f: &FollowUp, claim: bool, result: &str) -> String {
        let nobody = if claim {
            "，其间无人提请裁决"
        } else {
            ""
        };
        let claimable = if claim { "，裁决仍可提请" } else { "" };
        match *f {
            FollowUp::Varied { ply, by, cycles: 0 } => {
                format!("其后：{}于第 {ply} 着变着（未再循环{nobody}）。", by.zh())
            }
            FollowUp::Varied { ply, by, cycles } => format!(
                "其后：{}于第 {ply} 着变着（此前又循环 {cycles} 次{nobody}）。",
                by.zh()
            ),
            FollowUp::Lost { ply, cycles: 0 } => {
                format!("本规则不许再循环：裁决于第 {ply} 着即时生效（{result}）。")
            }
            FollowUp::Lost { ply, cycles } => format!(
                "其后：继续循环 {cycles} 次，超出本规则允许，于第 {ply} 着按裁决判定（{result}）。"
            ),
            FollowUp::RecordEnds { cycles: 0 } => {
                format!("其后：棋谱于裁决处结束，循环局面仍在{claimable}。")
            }
            FollowUp::RecordEnds { cycles } => {
                format!("其后：棋谱于循环中结束（又循环 {cycles} 次）{claimable}。")
            }
        }
    }

    fn cycle_fact(&self, c: &CycleInfo) -> String {
        format!(
            "第 {}–{} 着，局面出现 {} 次，{}；{}",
            c.first_ply,
            c.last_ply,
            c.occurrences,
            if c.adjudicable {
                "已达待判"
            } else {
                "未达待判次数"
            },
            match c.procedure {
                Procedure::Claim => "由棋手提出",
                _ => "由裁判主动判定",
            }
        )
    }

    fn search_fact(&self, s: &SearchReport) -> String {
        format!(
            "杀：连将杀最多 {} 步；捉：得子前最多 {} 将；每着 {} 个局面，整个循环 {} 个局面；{}",
            s.kill_depth,
            s.check_win_depth,
            grouped(s.nodes_per_move),
            grouped(s.nodes_per_cycle),
            if s.incomplete_plies.is_empty() {
                "全部查尽".to_string()
            } else {
                format!("未查尽的着法：第 {} 着", list(&s.incomplete_plies))
            }
        )
    }

    fn natural_limit_fact(&self, l: &LimitState) -> String {
        let who: Vec<&str> = l.claimable_by.iter().map(|c| c.zh()).collect();
        format!(
            "{} 着未吃子（本规则限 {} 回合）；红方计 {} 着（其中将 {}），黑方计 {} 着（其中将 {}）；{}",
            l.plies_without_capture,
            l.rounds,
            l.red.counted,
            l.red.checks,
            l.black.counted,
            l.black.checks,
            if who.is_empty() {
                "尚不能提出判和".to_string()
            } else {
                format!("可由{}提出判和", who.join("、"))
            }
        )
    }

    fn agreement(&self, c: Comparison) -> &'static str {
        match c {
            Comparison::Agrees => "与裁决相符",
            Comparison::Claimable => "规则结果须经提请，棋谱所记（议和、认负、超时等）成立",
            Comparison::Differs => "与裁决不符",
            Comparison::OffTheBoard => "棋盘上未分胜负，棋谱结果（认输、议和或超时等）成立",
            Comparison::NaturalLimit => "已达自然限着，和棋（经提出）",
            Comparison::Unrecorded => "棋谱未记结果",
        }
    }
}

impl super::Report for Zh {
    fn summary_counts(&self, files: usize, games: usize, ruled: usize, bad: usize) -> String {
        format!("汇总：{files} 个文件，共 {games} 局；裁决 {ruled} 局，无法读取 {bad} 局。")
    }

    fn summary_points(&self, p: [usize; 4]) -> String {
        format!(
            "裁判介入之处：循环局面 {}，自然限着 {}，违例着法 {}，终局 {}。",
            p[0], p[1], p[2], p[3]
        )
    }

    fn summary_list(&self, what: SummaryList, items: &[String]) -> String {
        let what = match what {
            SummaryList::Reasons => "裁决理由：",
            SummaryList::Results => "判定结果：",
        };
        format!("{what}{}", items.join("，"))
    }

    fn summary_recorded(&self, c: &RecordedCounts) -> String {
        format!(
            "棋谱所记结果：相符 {}，可提请裁决而未提请 {}，不符 {}，盘外定局（认负、议和、超时等）{}，未记结果 {}；对局越过而未提请的循环 {} 处。",
            c.agree, c.claimable, c.disagree, c.off_the_board, c.unrecorded, c.unclaimed
        )
    }

    fn summary_reading(&self, cut: usize, headings: usize, warnings: &[String]) -> String {
        format!(
            "读谱：不完整 {cut} 局（只裁决断点之前），标题条目 {headings} 个；提示：{}。",
            if warnings.is_empty() {
                "无".into()
            } else {
                warnings.join("，")
            }
        )
    }

    fn disagreement(
        &self,
        file: &str,
        game: usize,
        recorded: &str,
        ruled: &str,
        at: Option<usize>,
    ) -> String {
        let at = at.map_or(String::new(), |p| format!("，于第 {p} 着定局"));
        format!("  {file} 第 {game} 局：棋谱记 {recorded}，判定 {ruled}{at}")
    }

    fn more_games(&self, n: usize) -> String {
        format!("  …另有 {n} 局")
    }

    /// The kinds an arbiter meets in Chinese; the system's words for the
    /// rest.
    fn io_error(&self, e: &std::io::Error) -> String {
        use std::io::ErrorKind;
        match e.kind() {
            ErrorKind::NotFound => "没有这个文件或目录".into(),
            ErrorKind::PermissionDenied => "不允许读取".into(),
            ErrorKind::IsADirectory => "这是目录，不是文件".into(),
            ErrorKind::NotADirectory => "路径中有一节不是目录".into(),
            ErrorKind::InvalidData => format!("内容无法读取（{e}）"),
            _ => format!("读取出错（{e}）"),
        }
    }

    fn cannot_read(&self, path: &str, e: &std::io::Error) -> String {
        format!("{path}：无法读取：{}", self.io_error(e))
    }

    fn cannot_list(&self, path: &str, e: &std::io::Error) -> String {
        format!("{path}：无法列出目录：{}", self.io_error(e))
    }

    fn cannot_list_entry(&self, e: &std::io::Error) -> String {
        format!("目录中有一个条目无法列出：{}", self.io_error(e))
    }

    fn dangling_link(&self, e: &std::io::Error) -> String {
        format!("链接指向的文件无法读取：{}", self.io_error(e))
    }

    fn no_record_files(&self, path: &str, extensions: &str) -> String {
        format!("{path}：目录中没有棋谱文件（{extensions}）")
    }

    fn too_deep(&self, depth: usize) -> String {
        format!("目录嵌套超过 {depth} 层，其下不再查找")
    }

    fn record_heading(&self, file: &str, game: usize) -> String {
        format!("== {file}，第 {game} 局")
    }

    fn heading_sep(&self) -> &'static str {
        "，"
    }

    fn players(&self, red: &str, black: &str) -> String {
        format!("{red} 对 {black}")
    }

    fn record_unreadable(&self, why: &str) -> String {
        format!("棋谱无法读取：{why}")
    }

    fn record_cut(&self, why: &str, plies: usize) -> String {
        format!("棋谱不完整：{why}；以下只裁决此前的 {plies} 着。")
    }

    fn bad_record_line(&self, file: &str, why: &str, cut: bool) -> String {
        if cut {
            format!("{file}：{why}（棋谱不完整：此前的着法已裁决）")
        } else {
            format!("{file}：{why}")
        }
    }

    fn unruled(&self, format: &str, game: usize, why: &str) -> String {
        format!("{format}，第 {game} 局：{why}")
    }

    fn warnings_heading(&self, n: usize) -> String {
        format!("\n读谱提示 {n} 条：\n")
    }

    fn variations_heading(&self, n: usize) -> String {
        format!("\n变着 {n} 路（只列出，不裁决）：\n")
    }

    fn variation_line(&self, n: usize, from: usize, moves: &str, tail: &str) -> String {
        format!("  {n}. 自第 {from} 着：{moves}{tail}\n")
    }

    fn more_variations(&self, n: usize) -> String {
        format!("  …另有 {n} 路\n")
    }

    fn point_number(&self, i: usize, ply: usize) -> String {
        format!("第 {i} 处（第 {ply} 着）\n")
    }

    fn bad_games(&self, bad: usize, games: usize, jsonl: bool) -> String {
        format!(
            "{games} 局中有 {bad} 局无法读取或裁决（{}）",
            if jsonl {
                "见每局的 \"error\" 字段"
            } else {
                "见上文"
            }
        )
    }
}

impl super::Desk for Zh {
    fn http_fault(&self, e: &HttpFault) -> String {
        match e {
            HttpFault::Closed => "连接在请求之前关闭".into(),
            HttpFault::Timeout => "请求未能及时送达".into(),
            HttpFault::Malformed(_) => "不是有效的 HTTP 请求".into(),
            HttpFault::HeadTooLarge => "请求头过大".into(),
            HttpFault::TargetTooLong => "请求路径过长".into(),
            HttpFault::BodyTooLarge { limit } => format!("请求内容超过上限 {limit} 字节"),
            HttpFault::LengthRequired => "请求内容须注明 Content-Length".into(),
            HttpFault::NotImplemented(what) => format!("不支持：{what}"),
            HttpFault::MethodNotAllowed(_) => "不允许的请求方法（仅 GET、HEAD、POST）".into(),
            HttpFault::Io(_) => "连接出错".into(),
        }
    }

    /// What went wrong, then the detail (which names the place) after it.
    fn desk_fault(&self, e: &DeskFault) -> String {
        let (lead, detail): (&str, Option<String>) = match e {
            DeskFault::Http(HttpFault::BodyTooLarge { limit }) => {
                return format!("上传内容过大（上限 {limit} 字节）")
            }
            DeskFault::Http(HttpFault::Timeout) => ("请求超时", None),
            DeskFault::Http(e) => ("请求无效", Some(self.http_fault(e))),
            DeskFault::NotFound(p) => ("找不到该页面", Some(p.clone())),
            DeskFault::Forbidden(r) => (
                "拒绝访问：请求不是来自本机的裁判台页面",
                Some(match r {
                    Refusal::Host(h) => format!("Host {h} 不是本裁判台"),
                    Refusal::Origin(o) => format!("来自 {o} 的请求"),
                    Refusal::FetchSite(s) => format!("Sec-Fetch-Site 为 {s} 的请求"),
                }),
            ),
            DeskFault::BadJson(j) => (
                "请求数据格式错误",
                Some(match j {
                    JsonFault::Empty => "请求内容为空".into(),
                    JsonFault::Parse {
                        line,
                        column,
                        class,
                        ..
                    } => {
                        let what = match class {
                            JsonClass::Syntax => "JSON 语法有误",
                            JsonClass::Eof => "JSON 未结束",
                            JsonClass::Data => "字段或取值有误",
                            JsonClass::Io => "读取出错",
                        };
                        format!("第 {line} 行第 {column} 列，{what}")
                    }
                    JsonFault::Recorded(o) => {
                        format!("棋谱结果应为 1-0、0-1、1/2-1/2 或 *，而不是 {o}")
                    }
                    JsonFault::NotIccs(t) => format!("着法应为 ICCS 记法（如 h2e2），而不是 {t}"),
                }),
            ),
            DeskFault::BadFen(e) => ("局面（FEN）无效", Some(e.speak(Lang::Zh))),
            DeskFault::BadMove(MoveFault::Play(e)) => ("着法有误", Some(e.speak(Lang::Zh))),
            DeskFault::BadMove(MoveFault::Illegal(e)) => ("着法有误", Some(e.speak(Lang::Zh))),
            DeskFault::BadMoves { zh, .. } => ("着法有误", Some(zh.clone())),
            DeskFault::UnknownEdition(w) => (
                "未知的规则版本",
                Some(format!(
                    "{w}（可用：{}）",
                    xq_oracle::edition::ids().collect::<Vec<_>>().join("、")
                )),
            ),
            DeskFault::BadRecord(r) => (
                "无法读取棋谱",
                Some(match r {
                    RecordFault::Query(q) => {
                        format!("请求应为 game=N（棋局序号，从 1 起）或 moves，而不是 {q}")
                    }
                    RecordFault::NoGame { want, listed, more } => {
                        let more = if *more { "+" } else { "" };
                        format!("文件中没有第 {want} 局（共 {listed}{more} 局）")
                    }
                    RecordFault::Unreadable(e) => e.speak(Lang::Zh),
                    RecordFault::Empty => "文件中没有棋局".into(),
                }),
            ),
            DeskFault::TooMuch { moves, limit } => (
                "内容超出限制",
                Some(format!("共 {moves} 着，裁判台至多处理 {limit} 着")),
            ),
            DeskFault::Busy => ("服务器繁忙，请稍后再试", None),
            DeskFault::Internal => ("内部错误", Some("裁判台无法处理此请求".into())),
        };
        match detail {
            Some(d) => format!("{lead}：{d}"),
            None => lead.to_string(),
        }
    }

    fn file_too_large(&self, limit: usize) -> String {
        format!("文件过大（上限 {limit} 字节）")
    }

    fn truncated(&self, plies: usize, max_plies: usize, max_tree: usize) -> String {
        format!("棋谱主线共 {plies} 着；裁判台只显示并裁决前 {max_plies} 着，连同变着至多 {max_tree} 着")
    }
}
