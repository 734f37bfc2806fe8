//! insta snapshots of the oracle's full answer to every case under every
//! edition, named `<case id>@<edition>`, so that any change of a verdict
//! (or of an explanation) is a reviewable diff. CI never writes snapshots
//! (`INSTA_UPDATE=no`); locally, `cargo insta review` accepts changes.

use libtest_mimic::{Arguments, Failed, Trial};
use xq_harness::Suite;
use xq_oracle::protocol;

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let suite = match Suite::load(&Suite::default_root()) {
        Ok(s) => s,
        Err(errors) => {
            for e in errors {
                eprintln!("{e}");
            }
            return std::process::ExitCode::from(2);
        }
    };
    let snapshot_dir = Suite::default_root().join("harness/tests/snapshots");
    let mut trials = Vec::new();
    for case in suite.cases {
        for edition in case.editions.clone() {
            let case = case.clone();
            let dir = snapshot_dir.clone();
            let name = format!("{}@{edition}", case.id);
            trials.push(Trial::test(name.clone(), move || {
                let reply = protocol::answer(&case.request(0, &edition));
                let answer = reply.result.or(reply.error.map(serde_json::Value::String));
                let mut settings = insta::Settings::clone_current();
                settings.set_snapshot_path(dir);
                settings.set_prepend_module_to_snapshot(false);
                settings.set_description(format!("{} [{}] {}", case.id, edition, case.description));
                settings.set_omit_expression(true);
                // A mismatch panics; libtest-mimic reports the panic as this trial's failure.
                settings.bind(|| insta::assert_yaml_snapshot!(name, answer));
                Ok::<(), Failed>(())
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit_code()
}
