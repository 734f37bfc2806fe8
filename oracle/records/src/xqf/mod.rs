//! XQF, the binary format of the large Chinese collections (象棋演播室):
//! every version from 10 on, the encrypted ones (11 and above) included.

mod keys;
mod read;
mod write;

use xq_core::Role;

pub use keys::KeyBytes;
pub(crate) use read::{build_moves, read_xqf};
pub use write::{write_xqf, write_xqf_lossy, XqfOptions};

/// The header is the first 1024 bytes; the moves start right after it.
pub(crate) const HEADER_LEN: usize = 0x400;

/// The kind of piece in each of a side's 16 slots of the piece table.
pub(crate) const SLOT_ROLES: [Role; 16] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// The header's Pascal strings: offset of the length byte, the longest
/// text the field holds, and which tag it is.
pub(crate) const STRINGS: &[(usize, usize, &str)] = &[
    (0x50, 63, "title"),
    (0xD0, 63, "event"),
    (0x110, 15, "date"),
    (0x120, 15, "site"),
    (0x130, 15, "red"),
    (0x140, 15, "black"),
    (0x150, 63, "time"),
    (0x190, 15, "red_time"),
    (0x1A0, 15, "black_time"),
    (0x1D0, 15, "annotator"),
    (0x1E0, 15, "author"),
];

/// The tags of [`crate::Tags::other`] that XQF header fields hold.
pub(crate) const OTHER_FIELDS: &[(&str, &str)] =
    &[("red_time", "RedTime"), ("black_time", "BlackTime")];
