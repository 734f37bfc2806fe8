//! An expectations file's text, checked against the real suite: accepted or
//! refused with a located error, never a panic.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use xq_harness::expectations;
use xq_harness::Suite;

fn suite() -> &'static Suite {
    static S: OnceLock<Suite> = OnceLock::new();
    S.get_or_init(|| {
        Suite::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("..")).expect("the suite loads")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Err(e) = expectations::from_text(text, Path::new("fuzz.yaml"), suite(), false) {
        assert!(e.line >= 1 && e.column >= 1, "{e}");
    }
});
