//! Debug aid: for each ply of a game, the mover's threats before and after.
use xq_oracle::game::split_moves;
use xq_oracle::repetition::threats::{mate_by_checks, threats, SearchLimits};
use xq_oracle::{edition, Game, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = Position::from_fen(&args[1]).unwrap();
    let game = Game::from_texts(pos, &split_moves(&args[2])).unwrap();
    let rules = edition::get(args.get(3).map(|s| s.as_str()).unwrap_or("cxa-2020"))
        .unwrap()
        .repetition();
    let lim = SearchLimits::default();
    for (i, m) in game.moves().iter().enumerate() {
        let before = &game.positions()[i];
        let after = &game.positions()[i + 1];
        let fmt = |p: &Position| {
            threats(p, &rules, &lim)
                .iter()
                .map(|t| {
                    format!(
                        "{}x{}({:?} g{} u{} s{} c{})",
                        t.attacker,
                        t.target,
                        t.target_piece.role,
                        t.gain,
                        t.unprotected as u8,
                        t.single as u8,
                        t.by_check as u8
                    )
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "ply {} {} {}",
            i + 1,
            m,
            xq_oracle::format_move(before, *m, xq_oracle::Notation::Chinese)
        );
        for c in before.legal_captures() {
            println!("      before-cap {} gain {}", c, before.capture_gain(c));
        }
        println!(
            "   before: {}  kill:{}",
            fmt(before),
            mate_by_checks(before, 3)
        );
        if let Some(p) = after.passed() {
            for c in p.legal_captures() {
                let a = p.play_unchecked(c);
                println!(
                    "      cap {} gain {} mate1 {}",
                    c,
                    p.capture_gain(c),
                    a.has_mate_in_one()
                );
            }
            println!("   after : {}  kill:{}", fmt(&p), mate_by_checks(&p, 3));
            let mates: Vec<String> =
                xq_oracle::repetition::threats::mating_checks(&p, lim.kill_depth)
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
            println!("   mating checks: {}", mates.join(" "));
        } else {
            println!("   after : (check)");
        }
    }
}
