//! English.

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
use crate::desk::{DeskFault, HttpFault, JsonFault, MoveFault, RecordFault, Refusal};

pub(crate) struct En;

/// "once", "twice", "3 times".
fn times(n: u32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// "1 more cycle", "2 more cycles".
fn more_cycles(n: usize) -> String {
    if n == 1 {
        "1 more cycle".into()
    } else {
        format!("{n} more cycles")
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn allowed(s: &SideRuling) -> &'static str {
    if s.forbidden {
        "forbidden"
    } else {
        "allowed"
    }
}

fn list(items: &[usize]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Catalogue for En {
    fn side(&self, c: Color) -> &'static str {
        match c {
            Color::Red => "Red",
            Color::Black => "Black",
        }
    }

    fn counter(&self, c: Counter) -> &'static str {
        c.name()
    }

    fn record_type(&self, t: RecordType) -> &'static str {
        t.name()
    }

    fn result(&self, o: Outcome) -> &'static str {
        match o {
            Outcome::RedWins => "Red wins",
            Outcome::BlackWins => "Black wins",
            Outcome::Draw => "draw",
            Outcome::Ongoing => "no result",
        }
    }

    fn point_kind(&self, k: PointKind) -> &'static str {
        match k {
            PointKind::Repetition => "repetition",
            PointKind::NaturalLimit => "natural move limit",
            PointKind::IllegalMove => "illegal move",
            PointKind::End => "end of the game",
        }
    }

    fn move_kind(&self, k: MoveKind) -> &'static str {
        k.name()
    }

    fn pattern(&self, p: Pattern) -> &'static str {
        match p {
            Pattern::PerpetualCheck => "perpetual check",
            Pattern::PerpetualKill => "perpetual mate threat",
            Pattern::PerpetualChase => "perpetual chase",
            Pattern::CheckKill => "checks alternating with mate threats",
            Pattern::CheckChase => "checks alternating with chases",
            Pattern::KillChase => "mate threats alternating with chases",
            Pattern::PerpetualAttack => "perpetual attack",
            Pattern::AttackIdle => "attacks mixed with idle moves",
            Pattern::Idle => "idle moves",
        }
    }

    fn reason(&self, r: RulingReason) -> &'static str {
        match r {
            RulingReason::Checkmate => "checkmate",
            RulingReason::Stalemate => "no legal move (stalemate)",
            RulingReason::PerpetualCheck => "perpetual check",
            RulingReason::MutualPerpetualCheck => "mutual perpetual check",
            RulingReason::BothAllowed => "both allowed: draw",
            RulingReason::BothForbidden => "both forbidden: draw",
            RulingReason::MustVary => "one side must vary",
            RulingReason::NaturalLimit => "natural move limit",
            RulingReason::IllegalMove => "illegal move",
            RulingReason::None => "nothing to rule",
            _ => r.name(),
        }
    }

    fn article(&self, a: &Article) -> String {
        a.en()
    }

    fn illegal_move(&self, m: &IllegalFacts) -> String {
        let named = match &m.iccs {
            Some(iccs) => format!("{} ({iccs})", m.text),
            None => m.text.to_string(),
        };
        format!(
            "ply {}: {named} is not legal: {}. Under {} this loses for {}.",
            m.ply,
            m.reason,
            m.edition.id,
            m.by.name()
        )
    }

    fn checkmate(&self, loser: Color) -> String {
        format!(
            "{} has no legal move and is in check (checkmate): {} loses (checkmate).",
            cap(loser.name()),
            loser.name()
        )
    }

    fn stalemate_loss(&self, loser: Color) -> String {
        format!(
            "{} has no legal move and is not in check (stalemate): {} loses (stalemate).",
            cap(loser.name()),
            loser.name()
        )
    }

    fn stalemate_draw(&self) -> String {
        "The side to move has no legal move and is not in check (stalemate): a draw under this edition.".into()
    }

    fn natural_limit(&self, l: &LimitState, automatic: bool) -> String {
        let who: Vec<&str> = l.claimable_by.iter().map(|c| c.name()).collect();
        let (red, black) = (l.red, l.black);
        format!(
            "No capture for {} plies: Red has made {} moves ({} checks, {} counted), Black {} ({} checks, {} counted). The natural limit of {} rounds is reached; {} may claim a draw{}.",
            l.plies_without_capture,
            red.moves,
            red.checks,
            red.counted,
            black.moves,
            black.checks,
            black.counted,
            l.rounds,
            who.join(" or "),
            if automatic { " (drawn automatically)" } else { "" }
        )
    }

    fn nothing_to_rule(&self) -> String {
        "The game has not ended, the final position does not repeat and the natural limit is not reached: nothing to rule on.".into()
    }

    fn cycle_header(&self, c: &CycleFacts) -> String {
        let needed = c.needed;
        format!(
            "Repetition ruling under {} ({}).\nThe final position has occurred {} time(s); the cycle is plies {}–{}. {}\n",
            c.edition.name,
            c.edition.id,
            c.occurrences,
            c.first_ply,
            c.last_ply,
            if c.adjudicable {
                format!("The edition's count of {needed} is reached: the position is awaiting a ruling.")
            } else {
                format!("The edition's count of {needed} is not reached yet; this is the ruling if the repetition stands.")
            }
        )
    }

    fn counted_from(&self, from: usize, last: usize) -> String {
        format!("The counted occurrences began before the cycle: each side's pattern covers every move of plies {from}–{last}, not the cycle alone.\n")
    }

    fn side_heading(&self, c: Color) -> String {
        format!("{}:\n", cap(c.name()))
    }

    fn before_cycle(&self) -> String {
        "  before the cycle, counted:\n".into()
    }

    fn in_cycle(&self) -> String {
        "  in the cycle:\n".into()
    }

    fn move_line(&self, m: &MoveRuling) -> String {
        let targets = if m.targets.is_empty() {
            String::new()
        } else {
            let t: Vec<String> = m.targets.iter().map(ToString::to_string).collect();
            format!(" [{}]", t.join(", "))
        };
        let unfinished = if m.complete {
            ""
        } else {
            " (search cut short)"
        };
        // The kind's Chinese term beside its English name: the term is
        // what the rulebooks use.
        format!(
            "  ply {:>3}  {} ({})  {} {}{targets}{unfinished}\n",
            m.ply,
            m.chinese,
            m.mv,
            super::of(crate::Lang::Zh).move_kind(m.kind),
            self.move_kind(m.kind)
        )
    }

    fn pattern_line(&self, s: &SideRuling) -> String {
        format!(
            "  pattern: {} ({}), {}\n",
            self.pattern(s.pattern),
            s.pattern_zh,
            allowed(s)
        )
    }

    fn verdict(&self, v: Verdict, loser: Color, result: &str) -> String {
        let who = cap(loser.name());
        match v {
            Verdict::CheckLoses => format!("{who} checks perpetually and loses."),
            Verdict::CheckMustVary { more: Some(n) } => format!(
                "{who} checks perpetually and must vary; if the cycle is played {} more, {who} loses ({result}).",
                times(n)
            ),
            Verdict::CheckMustVary { more: None } => {
                format!("{who} checks perpetually and must vary; if it does not, it loses ({result}).")
            }
            Verdict::MustVary { more: Some(n) } => format!(
                "{who} must vary; if the cycle is played {} more, it loses ({result}).",
                times(n)
            ),
            Verdict::MustVary { more: None } => {
                format!("{who} must vary; if it does not, it loses ({result}).")
            }
            Verdict::Draw { reason, more } => {
                let draw = match reason {
                    RulingReason::MutualPerpetualCheck => "Both sides check perpetually: a draw",
                    RulingReason::BothAllowed => "Both sides' moves are allowed: a draw",
                    _ => "Both sides' moves are forbidden and of equal weight: a draw",
                };
                match more {
                    Some(n) => format!("{draw} if the cycle is played {} more after the ruling.", times(n)),
                    None => format!("{draw}."),
                }
            }
            Verdict::Unstated => String::new(),
        }
    }

    fn ruling_line(&self, verdict: &str, result: &str) -> String {
        format!("Ruling: {verdict} Result if the repetition stands: {result}.\nClauses: ")
    }

    fn search_stopped(&self, stopped_by: Option<StopReason>, nodes: u64) -> String {
        match stopped_by {
            None => format!("search budget of {nodes} positions per move reached"),
            Some(StopReason::GameBudget) => {
                "the game's search budget was spent by earlier points".into()
            }
            Some(StopReason::Deadline) => "the time allowed ran out".into(),
            Some(StopReason::Cancelled) => "the request was cancelled".into(),
        }
    }

    fn not_examined(&self, why: &str, plies: &[usize]) -> String {
        format!("\nNot fully examined ({why}): plies {}.", list(plies))
    }

    fn headline_verdict(&self, v: Verdict, loser: Color) -> String {
        let who = cap(loser.name());
        match v {
            Verdict::CheckLoses => format!("{who} checks perpetually and loses"),
            Verdict::CheckMustVary { .. } => format!("{who} checks perpetually: must vary or lose"),
            Verdict::MustVary { .. } => format!("{who} must vary or lose"),
            Verdict::Draw {
                reason: RulingReason::MutualPerpetualCheck,
                ..
            } => "both check perpetually: a draw".into(),
            Verdict::Draw {
                reason: RulingReason::BothAllowed,
                ..
            } => "both allowed: a draw".into(),
            Verdict::Draw { .. } => "both forbidden, of equal weight: a draw".into(),
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
        format!(
            "{}: Red {} ({}), Black {} ({})\nRuling: {verdict} ({result})",
            edition.id,
            self.pattern(red.pattern),
            allowed(red),
            self.pattern(black.pattern),
            allowed(black),
        )
    }

    fn game_heading(&self, edition: &'static Edition, plies: usize, result: &str) -> String {
        format!(
            "Game ruling under {} ({plies} plies): result {result}",
            edition.name
        )
    }

    fn decided_at(&self, ply: usize) -> String {
        format!(", decided at ply {ply}")
    }

    fn on_claim(&self, ply: usize) -> String {
        format!(
            " on a player's claim (the one arising at ply {ply}, still open when the record ends)"
        )
    }

    fn comparison(&self, c: Comparison, recorded: &str) -> String {
        match c {
            Comparison::Agrees => format!("; the record's result {recorded} agrees"),
            Comparison::OffTheBoard => format!(
                "; the record says {recorded}, which the board does not decide: \
                 the game was ended off the board (resignation, agreement, time)"
            ),
            Comparison::Differs => {
                format!("; the record says {recorded}, which the rules do not give")
            }
            Comparison::Claimable => format!(
                "; the record says {recorded}: the rules give their result only on a player's claim, so the game ended otherwise (agreement, resignation, time) without one"
            ),
            Comparison::NaturalLimit => format!(
                "; the record says {recorded}: the natural move limit was reached, a draw (on a claim)"
            ),
            Comparison::Unrecorded => "; the record states no result".into(),
        }
    }

    fn heading_end(&self) -> String {
        ".\n".into()
    }

    fn points_not_examined(&self, stopped_by: Option<StopReason>, plies: &[usize]) -> String {
        let why = match stopped_by {
            Some(StopReason::GameBudget) => "; the game's search budget ran out",
            Some(StopReason::Deadline) => "; the time allowed ran out",
            Some(StopReason::Cancelled) => "; the request was cancelled",
            None => "",
        };
        format!("Points not fully examined{why}: plies {}.\n", list(plies))
    }

    fn no_points(&self) -> String {
        "No point at which an arbiter would be called.\n".into()
    }

    fn point_heading(&self, ply: usize, kind: PointKind) -> String {
        format!("\nPly {ply}: {}.\n", self.point_kind(kind))
    }

    fn follow_up(&self, f: &FollowUp, claim: bool, result: &str) -> String {
        let nobody = if claim { ", nobody having claimed" } else { "" };
        let claimable = if claim {
            "; the ruling may still be claimed"
        } else {
            ""
        };
        match *f {
            FollowUp::Varied { ply, by, cycles: 0 } => format!(
                "Then: {} left the cycle at ply {ply}, before another full cycle{nobody}.",
                cap(by.name())
            ),
            FollowUp::Varied { ply, by, cycles } => format!(
                "Then: {} left the cycle at ply {ply}, after {}{nobody}.",
                cap(by.name()),
                more_cycles(cycles)
            ),
            FollowUp::Lost { ply, cycles: 0 } => format!(
                "The edition allows no further cycle: the ruling took effect at once, at ply {ply} ({result})."
            ),
            FollowUp::Lost { ply, cycles } => format!(
                "Then: the repetition went on for {}, beyond what the edition allows: the ruling took effect at ply {ply} ({result}).",
                more_cycles(cycles)
            ),
            FollowUp::RecordEnds { cycles: 0 } => {
                format!("Then: the record ends at the ruling, the repetition standing{claimable}.")
            }
            FollowUp::RecordEnds { cycles } => format!(
                "Then: the record ends with the repetition standing ({}){claimable}.",
                more_cycles(cycles)
            ),
        }
    }

    fn cycle_fact(&self, c: &CycleInfo) -> String {
        format!(
            "plies {}–{}, position seen {} times, {}; {}",
            c.first_ply,
            c.last_ply,
            c.occurrences,
            if c.adjudicable {
                "count reached"
            } else {
                "count not reached"
            },
            match c.procedure {
                Procedure::Claim => "on a player's claim",
                _ => "ruled by the arbiter unasked",
            }
        )
    }

    fn search_fact(&self, s: &SearchReport) -> String {
        format!(
            "kill: mates by checks up to {} moves; chase: up to {} checks before the capture; {} positions per move, {} per cycle; {}",
            s.kill_depth,
            s.check_win_depth,
            grouped(s.nodes_per_move),
            grouped(s.nodes_per_cycle),
            if s.incomplete_plies.is_empty() {
                "every move fully examined".to_string()
            } else {
                format!("not fully examined: plies {}", list(&s.incomplete_plies))
            }
        )
    }

    fn natural_limit_fact(&self, l: &LimitState) -> String {
        let who: Vec<String> = l.claimable_by.iter().map(|c| cap(c.name())).collect();
        format!(
            "{} plies without a capture (the edition's limit: {} rounds); Red counts {} moves ({} checks), Black {} ({} checks); {}",
            l.plies_without_capture,
            l.rounds,
            l.red.counted,
            l.red.checks,
            l.black.counted,
            l.black.checks,
            if who.is_empty() {
                "no claim is valid yet".to_string()
            } else {
                format!("a draw may be claimed by {}", who.join(" or "))
            }
        )
    }

    fn agreement(&self, c: Comparison) -> &'static str {
        match c {
            Comparison::Agrees => "agrees with the ruling",
            Comparison::Claimable => "the rules' result needs a claim nobody made: the recorded result (agreement, resignation, time) stands",
            Comparison::Differs => "disagrees with the ruling",
            Comparison::OffTheBoard => "not decided on the board: the recorded result (resignation, agreement, time) stands",
            Comparison::NaturalLimit => "the natural move limit was reached: a draw (on a claim)",
            Comparison::Unrecorded => "the record states no result",
        }
    }
}

impl super::Report for En {
    fn summary_counts(&self, files: usize, games: usize, ruled: usize, bad: usize) -> String {
        format!("Summary: {files} file(s), {games} game(s): {ruled} ruled, {bad} bad record(s).")
    }

    fn summary_points(&self, p: [usize; 4]) -> String {
        format!(
            "Points: repetition {}, natural limit {}, illegal move {}, end {}.",
            p[0], p[1], p[2], p[3]
        )
    }

    fn summary_list(&self, what: SummaryList, items: &[String]) -> String {
        let what = match what {
            SummaryList::Reasons => "Rulings: ",
            SummaryList::Results => "Results: ",
        };
        format!("{what}{}", items.join(", "))
    }

    fn summary_recorded(&self, c: &RecordedCounts) -> String {
        format!(
            "Recorded results: {} agree, {} claimable but not claimed, {} disagree, {} decided off the board (resignation, agreement, time), {} not stated; {} claimable repetition(s) played past unclaimed.",
            c.agree, c.claimable, c.disagree, c.off_the_board, c.unrecorded, c.unclaimed
        )
    }

    fn summary_reading(&self, cut: usize, headings: usize, warnings: &[String]) -> String {
        format!(
            "Reading: {cut} record(s) cut (ruled up to the break), {headings} heading entr(ies); warnings: {}.",
            if warnings.is_empty() {
                "none".into()
            } else {
                warnings.join(", ")
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
        let at = at.map_or(String::new(), |p| format!(", decided at ply {p}"));
        format!("  {file} game {game}: recorded {recorded}, ruled {ruled}{at}")
    }

    fn more_games(&self, n: usize) -> String {
        format!("  … and {n} more")
    }

    fn io_error(&self, e: &std::io::Error) -> String {
        e.to_string()
    }

    fn cannot_read(&self, path: &str, e: &std::io::Error) -> String {
        format!("{path}: cannot read it: {e}")
    }

    fn cannot_list(&self, path: &str, e: &std::io::Error) -> String {
        format!("{path}: cannot list it: {e}")
    }

    fn cannot_list_entry(&self, e: &std::io::Error) -> String {
        format!("cannot list an entry of the directory: {e}")
    }

    fn dangling_link(&self, e: &std::io::Error) -> String {
        format!("a link that leads nowhere readable: {e}")
    }

    fn no_record_files(&self, path: &str, extensions: &str) -> String {
        format!("{path}: the directory holds no record files ({extensions})")
    }

    fn too_deep(&self, depth: usize) -> String {
        format!("directories nest deeper than {depth} levels: not walked further")
    }

    fn record_heading(&self, file: &str, game: usize) -> String {
        format!("== {file}, game {game}")
    }

    fn heading_sep(&self) -> &'static str {
        ", "
    }

    fn players(&self, red: &str, black: &str) -> String {
        format!("{red} vs {black}")
    }

    fn record_unreadable(&self, why: &str) -> String {
        format!("The record cannot be read: {why}")
    }

    fn record_cut(&self, why: &str, plies: usize) -> String {
        format!("The record is cut: {why}; what follows rules only the {plies} plies before it.")
    }

    fn bad_record_line(&self, file: &str, why: &str, cut: bool) -> String {
        if cut {
            format!("{file}: {why} (cut: the plies before it are ruled)")
        } else {
            format!("{file}: {why}")
        }
    }

    fn unruled(&self, format: &str, game: usize, why: &str) -> String {
        format!("{format}, game {game}: {why}")
    }

    fn warnings_heading(&self, n: usize) -> String {
        format!("\n{n} reading warning(s):\n")
    }

    fn variations_heading(&self, n: usize) -> String {
        format!("\n{n} variation(s) (listed, not ruled):\n")
    }

    fn variation_line(&self, n: usize, from: usize, moves: &str, tail: &str) -> String {
        format!("  {n}. from ply {from}: {moves}{tail}\n")
    }

    fn more_variations(&self, n: usize) -> String {
        format!("  … and {n} more\n")
    }

    fn point_number(&self, i: usize, ply: usize) -> String {
        format!("Point {i} (ply {ply})\n")
    }

    fn bad_games(&self, bad: usize, games: usize, jsonl: bool) -> String {
        format!(
            "{bad} of {games} game(s) could not be read or ruled ({})",
            if jsonl {
                "see their \"error\" fields"
            } else {
                "see above"
            }
        )
    }
}

impl super::Desk for En {
    fn http_fault(&self, e: &HttpFault) -> String {
        match e {
            HttpFault::Closed => "the connection closed before a request".into(),
            HttpFault::Timeout => "the request did not arrive in time".into(),
            HttpFault::Malformed(why) => format!("not a valid HTTP request: {why}"),
            HttpFault::HeadTooLarge => "the request headers are too large".into(),
            HttpFault::TargetTooLong => "the request path is too long".into(),
            HttpFault::BodyTooLarge { limit } => {
                format!("the request body is larger than {limit} bytes, the limit")
            }
            HttpFault::LengthRequired => "a request body needs a Content-Length".into(),
            HttpFault::NotImplemented(what) => format!("not supported: {what}"),
            HttpFault::MethodNotAllowed(m) => {
                format!("method {m:?} is not allowed (GET, HEAD, POST)")
            }
            HttpFault::Io(e) => format!("the connection failed: {e}"),
        }
    }

    fn desk_fault(&self, e: &DeskFault) -> String {
        match e {
            DeskFault::Http(e) => self.http_fault(e),
            DeskFault::NotFound(p) => format!("no such page: {p}"),
            DeskFault::Forbidden(r) => {
                let why = match r {
                    Refusal::Host(h) => format!("Host {h} is not this desk"),
                    Refusal::Origin(o) => format!("a request from {o} to this desk"),
                    Refusal::FetchSite(s) => format!("a {s} request to this desk"),
                };
                format!("refused: {why}")
            }
            DeskFault::BadJson(j) => {
                let why = match j {
                    JsonFault::Empty => "the request body is empty".to_string(),
                    JsonFault::Parse { message, .. } => message.clone(),
                    JsonFault::Recorded(o) => {
                        format!("recorded must be 1-0, 0-1, 1/2-1/2 or *, not {o}")
                    }
                    JsonFault::NotIccs(t) => format!("move must be ICCS such as h2e2, not {t}"),
                };
                format!("bad request data: {why}")
            }
            // The position's own error already says "invalid FEN".
            DeskFault::BadFen(e) => e.to_string(),
            DeskFault::BadMove(MoveFault::Play(e)) => e.to_string(),
            DeskFault::BadMove(MoveFault::Illegal(e)) => e.to_string(),
            DeskFault::BadMoves { en, .. } => en.clone(),
            DeskFault::UnknownEdition(w) => format!(
                "unknown edition {w} (known: {})",
                xq_oracle::edition::ids().collect::<Vec<_>>().join(", ")
            ),
            DeskFault::BadRecord(r) => {
                let why = match r {
                    RecordFault::Query(q) => format!(
                        "the query must be game=N (a game's number, from 1) or moves, not {q}"
                    ),
                    RecordFault::NoGame { want, listed, more } => {
                        let more = if *more { "+" } else { "" };
                        format!("the file holds no game {want} (it holds {listed}{more})")
                    }
                    RecordFault::Unreadable(e) => e.to_string(),
                    RecordFault::Empty => "the file holds no game".into(),
                };
                format!("cannot read the record: {why}")
            }
            DeskFault::TooMuch { moves, limit } => {
                format!("{moves} moves: the desk rules on at most {limit}")
            }
            DeskFault::Busy => "the desk is busy: too many connections".into(),
            DeskFault::Internal => "internal error: the desk could not answer this request".into(),
        }
    }

    fn file_too_large(&self, limit: usize) -> String {
        format!("the file is larger than {limit} bytes, the limit")
    }

    fn truncated(&self, plies: usize, max_plies: usize, max_tree: usize) -> String {
        format!("the record has {plies} plies in its main line; the desk shows and rules on the first {max_plies}, and at most {max_tree} moves with the variations")
    }
}
