//! `perft`: the node count at a depth.

use xq_spec::protocol::PerftAnswer;

use super::{always, same, Asked, Field, Question};

impl Question for u64 {
    type Answer = PerftAnswer;

    const FIELDS: &'static [Field<Self, PerftAnswer>] = &[Field {
        path: "nodes",
        given: always,
        grade: |n, a, _: &Asked| {
            a.nodes
                .map(|got| same(got, *n, || format!("{got} nodes, expected {n}")))
                .into()
        },
    }];

    fn possible(&self) -> Result<(), String> {
        Ok(())
    }

    fn is_negative(&self) -> bool {
        false
    }
}
