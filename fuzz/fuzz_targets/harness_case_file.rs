//! A case file's text, loaded as if it were `cases/moves/fuzz.yaml`: the
//! loader must return cases or located errors, never panic or hang.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use xq_harness::registry::Registry;

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(|| {
        let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec");
        Registry::load_spec(&spec).expect("the suite's spec loads")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match xq_harness::case::load_text(text, Path::new("cases/moves/fuzz.yaml"), registry()) {
        Ok(_) => {}
        Err(errors) => {
            for e in errors {
                // Every error is placed: a line and a column from 1.
                assert!(e.line >= 1 && e.column >= 1, "{e}");
            }
        }
    }
});
