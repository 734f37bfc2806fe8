//! Compiles the edition profiles (`spec/editions/*.yaml`) into the crate:
//! a new edition is a new file there and nothing else.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/editions");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let mut out = String::from("/// The profile files: (file stem, text).\npub(crate) const SOURCES: &[(&str, &str)] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let stem = f
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 file name");
        let path = f.canonicalize().expect("an existing file");
        writeln!(
            out,
            "    ({stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("editions.rs");
    std::fs::write(dest, out).expect("write editions.rs");
}
