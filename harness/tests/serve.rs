//! The whole suite through `xq serve`, end to end: the oracle as an
//! external program speaking the JSON-lines protocol of spec/PROTOCOL.md.

use std::process::Command;

fn main() -> std::process::ExitCode {
    // `cargo test` does not rebuild another package's binary: build it here
    // (a no-op when it is fresh), so the test never runs a stale `xq`.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    build.args(["build", "-q", "-p", "xq-cli", "--bin", "xq"]);
    if xq_harness::cli::sibling_xq()
        .parent()
        .is_some_and(|d| d.ends_with("release"))
    {
        build.arg("--release");
    }
    let status = build.status().expect("run cargo");
    assert!(status.success(), "building xq failed");
    let args = std::iter::once("--serve".to_string()).chain(std::env::args().skip(1));
    let options = xq_harness::cli::Options::parse(args).expect("libtest arguments");
    xq_harness::cli::main_with(options)
}
