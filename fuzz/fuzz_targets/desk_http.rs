//! The desk's HTTP request heads: any bytes as what a client sent before
//! the server parses the head. No panic; a refusal has a 4xx/5xx status
//! and a message in both languages; an accepted request keeps the bounds
//! (target, header count), a lower-case token for every header name, no
//! control character in a value, and a POST always announces its length.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xq_cli::desk::http::{parse_head, status, Limits, Method};
use xq_render::{Lang, Speak};

fuzz_target!(|data: &[u8]| {
    // Small bounds, so that every limit is reached by short inputs too.
    let limits = Limits {
        max_head: 512,
        max_headers: 8,
        max_target: 64,
        ..Limits::default()
    };
    match parse_head(data, &limits) {
        Ok(r) => {
            assert!(r.path.starts_with('/'), "{r:?}");
            let target = r.path.len() + r.query.as_ref().map_or(0, |q| q.len() + 1);
            assert!(target <= limits.max_target, "{r:?}");
            assert!(r.headers.len() <= limits.max_headers, "{r:?}");
            for (name, value) in &r.headers {
                assert!(!name.is_empty() && *name == name.to_ascii_lowercase(), "{r:?}");
                assert!(
                    !value.bytes().any(|b| b.is_ascii_control() && b != b'\t'),
                    "{r:?}"
                );
            }
            if r.method == Method::Post {
                assert!(r.header("content-length").is_some(), "{r:?}");
            }
        }
        Err(e) => {
            let (code, reason) = status(&e);
            assert!((400..600).contains(&code), "{code} {reason}");
            assert!(!e.speak(Lang::En).is_empty() && !e.speak(Lang::Zh).is_empty());
        }
    }
});
