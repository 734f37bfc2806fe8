//! The whole suite through `xq serve`, end to end: the oracle as an
//! external program speaking the JSON-lines protocol of spec/PROTOCOL.md.

use std::process::Command;

fn main() -> std::process::ExitCode {
    let xq = xq_harness::cli::sibling_xq();
    if !xq.exists() {
        // `cargo test -p xq-harness` alone does not build the oracle's binary.
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "-p", "xq-cli", "--bin", "xq"])
            .status()
            .expect("run cargo");
        assert!(status.success(), "building xq failed");
    }
    let args = std::iter::once("--serve".to_string()).chain(std::env::args().skip(1));
    let options = xq_harness::cli::Options::parse(args).expect("libtest arguments");
    xq_harness::cli::main_with(options)
}
