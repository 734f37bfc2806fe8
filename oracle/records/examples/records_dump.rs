//! Prints every game of record files, one line each: file, game, format,
//! start FEN, the main line in ICCS, the variation count; or the error.
//! Used by the cross-check against cchess and the benchmark.
//!
//! ```sh
//! cargo run --release -p xq-records --example records_dump -- FILE...
//! ```

use xq_records::{open, ReadOptions};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let quiet = args.first().is_some_and(|a| a == "--count");
    if quiet {
        args.remove(0);
    }
    let (mut ok, mut bad, mut plies) = (0usize, 0usize, 0usize);
    for path in &args {
        let reader = match open(path, ReadOptions::default()) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{path}: {e}");
                bad += 1;
                continue;
            }
        };
        for item in reader {
            match item {
                Ok(record) => {
                    ok += 1;
                    let game = record.to_game();
                    plies += game.moves().len();
                    if !quiet {
                        let moves: Vec<String> =
                            game.moves().iter().map(|m| m.to_string()).collect();
                        println!(
                            "{path}\t{}\t{}\t{}\t{}\t{}",
                            record.source.game,
                            record.source.format,
                            record.start.fen(),
                            moves.join(" "),
                            record.variation_count()
                        );
                    }
                }
                Err(e) => {
                    bad += 1;
                    if !quiet {
                        println!("{path}\terror\t{e}");
                    }
                }
            }
        }
    }
    eprintln!("{ok} games read, {bad} errors, {plies} plies");
}
