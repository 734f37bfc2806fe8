//! The whole suite against the built-in oracle, in-process: one trial per
//! (case, edition). Takes the usual libtest arguments
//! (`cargo test -p xq-harness --test suite -- FILTER`).

fn main() -> std::process::ExitCode {
    let options =
        xq_harness::cli::Options::parse(std::env::args().skip(1)).expect("libtest arguments");
    xq_harness::cli::main_with(options)
}
