//! PGN as xiangqi programs write it, and the WXF text format.

mod lex;
mod read;
pub(crate) mod split;
mod write;

pub(crate) use read::{parse_pgn, parse_result, parse_wxf};
pub use write::{pgn_changes, write_pgn, PgnOptions};
