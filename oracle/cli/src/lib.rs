//! The `xq` command's parts that are more than option parsing: the
//! hardened protocol server ([`serve`]), the arbiter's desk in a browser
//! ([`desk`]), bounded input ([`lines`],
//! [`input`]), one-line error messages ([`message`]) and the exit statuses
//! ([`failure`]); game records, read and ruled ([`records`],
//! [`rule_records`]) in bulk on every core ([`bulk`]), and converted
//! ([`convert`]). The command line itself is `main.rs`; all of it is
//! documented in `spec/CLI.md`.

pub mod bulk;
pub mod convert;
pub mod desk;
pub mod failure;
pub mod input;
pub mod lines;
pub mod message;
pub mod records;
pub mod rule_records;
pub mod serve;
pub use xq_oracle::protocol::strict_json;

/// The ids of the rules editions, in the order `xq editions` lists them.
pub fn edition_ids() -> Vec<String> {
    xq_oracle::edition::ids().map(String::from).collect()
}
