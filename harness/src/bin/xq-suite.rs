//! `xq-suite`: the spec suite against an implementation. See `--help-suite`.

fn main() -> std::process::ExitCode {
    // Ctrl-C or a CI timeout stops the adapters too, not only the harness.
    #[cfg(unix)]
    xq_harness::process::forward_signals();
    let code = match xq_harness::cli::Options::parse(std::env::args().skip(1)) {
        Ok(o) => xq_harness::cli::main_with(o),
        Err(e) => {
            eprintln!("xq-suite: {e}\n\n{}", xq_harness::cli::USAGE);
            std::process::ExitCode::from(2)
        }
    };
    // A run cut short by a signal ends by that signal, from its own thread.
    #[cfg(unix)]
    while xq_harness::process::stopping() {
        std::thread::park();
    }
    code
}
