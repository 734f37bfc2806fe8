//! Rule editions: the profiles of `spec/editions/`, compiled into
//! `xq_spec::editions` as constants with their typed [`Ruleset`]. A new
//! edition is a new profile file and nothing else; this crate reads the
//! parameters, it does not define them.

pub use xq_spec::editions::*;
