//! The words and JSON views of rulings: what each explanation must say
//! about the typed result it renders (the results themselves are
//! xq-oracle's tests: game_rulings.rs, game_budget.rs, rulings.rs). Every
//! expected phrase was read off the ruling it explains, not off the output.

use std::time::Duration;

use xq_core::game::split_moves;
use xq_core::{Game, Outcome, Position};
use xq_oracle::edition;
use xq_oracle::repetition::SearchLimits;
use xq_oracle::ruling::{rule, rule_game, GameRuling, RulingOptions};
use xq_render::{explain, explain_game, game_json, Lang};

/// 图6's shape: Red's rook checks from two files, Black's king shuffles.
const CHECKS: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const CYCLE: &str = "f0e0 e8f8 e0f0 f8e8 ";
/// 参考图38 (CXA 2020): every move a chase; its searches need far more
/// than a few thousand nodes.
const CHASES: &str = "2c1kab2/4a4/2n1b4/p3P3p/6p2/9/P7P/1CN1C4/4A3N/2BAKR1rc w - - 0 1";
const CHASE_CYCLE: &str = "i1g2 h0g0 g2i1 g0h0 ";

fn ruled_under(
    fen: &str,
    moves: &str,
    ed: &edition::Edition,
    recorded: Option<Outcome>,
    options: &RulingOptions,
) -> GameRuling {
    let start = Position::from_fen_with(fen, xq_core::Validation::Relaxed).unwrap();
    rule_game(start, &split_moves(moves), ed, options, recorded, false).unwrap()
}

fn ruled(fen: &str, moves: &str, ed: &str, recorded: Option<Outcome>) -> GameRuling {
    ruled_under(
        fen,
        moves,
        edition::get(ed).unwrap(),
        recorded,
        &RulingOptions::default(),
    )
}

/// An edition like `id` whose arbiter rules as soon as the count is
/// reached (no edition of today's does: each has a player claim).
fn automatic(id: &str) -> edition::Edition {
    let mut e = edition::get(id).unwrap().clone();
    e.rules.repetition.adjudication = edition::Adjudication::Automatic;
    e
}

#[test]
fn the_explanations_name_the_points() {
    let g = ruled_under(
        CHECKS,
        &CYCLE.repeat(4),
        &automatic("axf-2017"),
        Some(Outcome::Draw),
        &RulingOptions::default(),
    );
    let en = explain_game(&g, Lang::En);
    assert!(en.contains("Ply 8: repetition."), "{en}");
    assert!(en.contains("the ruling took effect at ply 16"), "{en}");
    assert!(en.contains("the record says 1/2-1/2"), "{en}");
    let zh = explain_game(&g, Lang::Zh);
    assert!(zh.contains("第 8 着：循环局面"), "{zh}");
    assert!(zh.contains("长将"), "{zh}");
    let json = game_json(&g, Lang::En);
    assert_eq!(json["points"][0]["kind"], "repetition");
    assert_eq!(json["points"][0]["follow_up"]["what"], "lost");
    assert!(json["points"][0]["ruling"]["explanation"].is_string());
}

#[test]
fn a_standing_claim_is_explained_as_one() {
    // Red's perpetual check, played on for a cycle: the claim arising at
    // ply 8 still stands when the record ends.
    let g = ruled(
        CHECKS,
        &CYCLE.repeat(3),
        "cxa-2020",
        Some(Outcome::BlackWins),
    );
    assert!(explain_game(&g, Lang::En).contains("on a player's claim (the one arising at ply 8"));
    assert!(explain_game(&g, Lang::Zh).contains("须经一方提请：第 8 着起可提请"));
    // A recorded draw: the players agreed instead of claiming.
    let g = ruled(CHECKS, &CYCLE.repeat(3), "cxa-2020", Some(Outcome::Draw));
    assert_eq!(game_json(&g, Lang::En)["comparison"], "claimable");
    assert!(explain_game(&g, Lang::En).contains("only on a player's claim"));
    // The cycle is left after two more checks: nobody claimed.
    let moves = format!("{} f0e0 e8f8 e0f0 f8e8 f0e0 c9e7", CYCLE.repeat(3));
    let g = ruled(CHECKS, &moves, "cxa-2020", Some(Outcome::Draw));
    assert!(explain_game(&g, Lang::En).contains("nobody having claimed"));
}

#[test]
fn the_record_s_result_is_compared_in_words() {
    // Two quiet opening moves and a recorded win: a resignation.
    let resigned = ruled("startpos", "h2e2 h9g7", "cxa-2020", Some(Outcome::RedWins));
    assert!(explain_game(&resigned, Lang::En).contains("ended off the board"));
    assert!(explain_game(&resigned, Lang::Zh).contains("盘外定局"));
    assert_eq!(
        game_json(&resigned, Lang::En)["comparison"],
        "off-the-board"
    );
    // Red mates on the board, the record gives Black the win.
    let wrong = ruled(
        "3k5/R8/9/9/9/9/9/9/9/4K3R w",
        "i0i9",
        "cxa-2020",
        Some(Outcome::BlackWins),
    );
    assert!(explain_game(&wrong, Lang::En).contains("which the rules do not give"));
}

#[test]
fn checkmate_is_said_in_both_languages() {
    let start = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K3R w").unwrap();
    let game = Game::from_texts(start, &["i0i9"]).unwrap();
    let r = rule(
        &game,
        edition::get("cxa-2020").unwrap(),
        &RulingOptions::default(),
    );
    assert!(explain(&r, Lang::Zh).contains("将死"));
    assert!(explain(&r, Lang::En).contains("checkmate"));
}

#[test]
fn a_ruling_cut_short_says_why() {
    // A game budget of 2,000 nodes cannot finish 参考图38's chases.
    let options = RulingOptions {
        limits: SearchLimits {
            nodes_per_game: 2_000,
            ..SearchLimits::default()
        },
        ..RulingOptions::default()
    };
    let ed = edition::get("cxa-2020").unwrap();
    let g = ruled_under(CHASES, &CHASE_CYCLE.repeat(3), ed, None, &options);
    let json = game_json(&g, Lang::En);
    assert_eq!(json["stopped_by"], "game-budget");
    assert_eq!(
        json["points"][0]["ruling"]["search"]["stopped_by"],
        "game-budget"
    );
    let en = explain_game(&g, Lang::En);
    assert!(en.contains("game's search budget"), "{en}");
    let zh = explain_game(&g, Lang::Zh);
    assert!(zh.contains("全局搜索上限"), "{zh}");
    // No time at all: the deadline stops the searches.
    let late = RulingOptions {
        time_limit: Some(Duration::ZERO),
        ..RulingOptions::default()
    };
    let g = ruled_under(CHASES, &CHASE_CYCLE.repeat(3), ed, None, &late);
    assert!(explain(&g.points[0].ruling, Lang::En).contains("time allowed ran out"));
}
