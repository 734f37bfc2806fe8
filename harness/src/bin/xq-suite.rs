//! `xq-suite`: the spec suite against an implementation. See `--help-suite`.

fn main() -> std::process::ExitCode {
    match xq_harness::cli::Options::parse(std::env::args().skip(1)) {
        Ok(o) => xq_harness::cli::main_with(o),
        Err(e) => {
            eprintln!("xq-suite: {e}\n\n{}", xq_harness::cli::USAGE);
            std::process::ExitCode::from(2)
        }
    }
}
