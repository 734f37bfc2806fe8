//! What the 棋例 terms see in each move of a game, for people working on
//! the rulings: the kind, the grounds, and the threats and mating checks
//! before and after.
//!
//! `cargo run --release -p xq-oracle --example explain_moves -- FEN "MOVES" [EDITION] [FROM_PLY]`
//!
//! `CHECK_WIN_DEPTH=N` in the environment sets how many checks may precede a
//! winning capture (the default bound otherwise), to see what a deeper
//! search would find.

use xq_core::game::split_moves;
use xq_core::{format_move, Game, Notation, Position, Validation};
use xq_oracle::edition;
use xq_oracle::repetition::context::MoveContext;
use xq_oracle::repetition::threats::Threat;
use xq_oracle::repetition::{terms, SearchLimits};

fn show(label: &str, threats: &[Threat]) {
    let list: Vec<String> = threats
        .iter()
        .map(|t| {
            format!(
                "{}{}x{}{} gain {}{}{}{}",
                t.attacker_piece.fen_char(),
                t.attacker,
                t.target_piece.fen_char(),
                t.target,
                t.gain,
                if t.by_check { " by-check" } else { "" },
                if t.unprotected { " unprotected" } else { "" },
                if t.single { " single" } else { " joint" },
            )
        })
        .collect();
    println!("      {label}: [{}]", list.join("; "));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(fen), Some(moves)) = (args.first(), args.get(1)) else {
        eprintln!("usage: explain_moves FEN \"MOVES\" [EDITION] [FROM_PLY]");
        std::process::exit(2);
    };
    let edition = edition::get(args.get(2).map_or(edition::DEFAULT, String::as_str))
        .expect("a known edition");
    let from: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let start = Position::from_fen_with(fen, Validation::Relaxed).expect("a legal FEN");
    let game = Game::from_texts(start, &split_moves(moves)).expect("legal moves");
    let mut limits = SearchLimits::default();
    if let Some(d) = std::env::var("CHECK_WIN_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        limits.check_win_depth = d;
    }
    for i in from.saturating_sub(1)..game.moves().len() {
        let ctx = MoveContext::new(
            &game,
            i,
            edition.repetition(),
            &limits,
            limits.nodes_per_move,
        );
        let c = terms::classify(&ctx);
        let grounds: Vec<&str> = c.grounds.iter().map(|g| g.id()).collect();
        let targets: Vec<String> = c.targets.iter().map(|t| t.to_string()).collect();
        println!(
            "ply {} {} {}: {} [{}] grounds [{}]{}",
            i + 1,
            game.moves()[i],
            format_move(&game.positions()[i], game.moves()[i], Notation::Chinese),
            c.kind.name(),
            targets.join(","),
            grounds.join(", "),
            if c.complete { "" } else { " INCOMPLETE" }
        );
        show("threats now", ctx.threats_now());
        show("threats before", ctx.threats_before());
        if ctx.answers_check {
            show("threats before the check", ctx.threats_before_check());
        }
        let mates: Vec<String> = ctx.mates_now().iter().map(|m| m.to_string()).collect();
        if !mates.is_empty() {
            println!("      mating checks now: [{}]", mates.join(", "));
        }
        println!(
            "      escapes: {}  nodes left {}",
            ctx.escapes(),
            ctx.search.budget.left()
        );
    }
}
