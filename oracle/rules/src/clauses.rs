//! The clause registry (`spec/clauses.yaml`) and [`Clause`], the ids the
//! oracle's rulings cite: both live in `xq_spec::clauses`, compiled in as
//! constants; this is where the rules crate finds them.

pub use xq_spec::clauses::*;
