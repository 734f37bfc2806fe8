//! Game records: `xq_records::read_bytes` on any bytes (PGN in any
//! encoding, XQF, DhtmlXQ, CBR/CBL — detected). No panic, no hang; every
//! game read converts to a game and writes back to PGN that reads again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xq_records::{read_bytes, write_pgn, PgnOptions};

fuzz_target!(|data: &[u8]| {
    for record in read_bytes(data).take(64) {
        let Ok(record) = record else { continue };
        let game = record.to_game();
        let pgn = write_pgn(&record, &PgnOptions::default());
        let again = read_bytes(pgn.as_bytes())
            .next()
            .expect("a written record reads back")
            .expect("a written record is valid");
        assert_eq!(again.to_game().moves(), game.moves());
    }
});
