//! Compiles the crate's data into constants: the clause registry
//! (`clauses.yaml`) and the edition profiles (`editions/*.yaml`), both read
//! with the crate's own types (the files below are shared with it), so
//! nothing is parsed at run time. Every problem fails the build, naming the
//! file: a profile that does not read, a file in `editions/` that is not a
//! profile, an unknown article kind, a clause citing an unknown edition.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "src/literal.rs"]
mod literal;
#[allow(dead_code)]
#[path = "src/editions/load.rs"]
mod load;
#[allow(dead_code)]
#[path = "src/editions/profile.rs"]
mod profile;
#[allow(dead_code)]
#[path = "src/clauses/record.rs"]
mod record;
#[allow(dead_code)]
#[path = "src/editions/ruleset.rs"]
mod ruleset;
#[path = "src/vocabulary.rs"]
mod vocabulary;

// What the shared files reach for at `crate::`.
use literal::RustLiteral;
pub use serde as __serde;
pub use vocabulary::{UnknownWord, Vocabulary};

fn main() {
    // Read when the script runs, not baked in when it is compiled: cargo
    // reuses a compiled build script for a checkout at another path (a
    // second worktree sharing the target directory), which then read the
    // first checkout's spec/, or failed once that was gone.
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let editions = editions(&root.join("editions"));
    std::fs::write(out.join("editions.rs"), editions_rs(&editions)).expect("write editions.rs");
    let ids: Vec<String> = editions.iter().map(|e| e.profile.id.clone()).collect();
    let clauses = clauses(&root.join("clauses.yaml"), &ids);
    std::fs::write(out.join("clauses.rs"), clauses).expect("write clauses.rs");
}

fn fail(msg: String) -> ! {
    panic!("xq-spec data: {msg}")
}

fn read(path: &Path) -> String {
    println!("cargo:rerun-if-changed={}", path.display());
    std::fs::read_to_string(path).unwrap_or_else(|e| fail(format!("{}: {e}", path.display())))
}

fn editions(dir: &Path) -> Vec<profile::Resolved> {
    println!("cargo:rerun-if-changed={}", dir.display());
    for f in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        println!("cargo:rerun-if-changed={}", f.path().display());
    }
    load::read_dir(dir).unwrap_or_else(|e| fail(e.to_string()))
}

fn editions_rs(editions: &[profile::Resolved]) -> String {
    let mut s = String::from(
        "/// Every edition, the default first, then by year.\nconst EDITIONS: &[Edition] = &[\n",
    );
    for e in editions {
        let p = &e.profile;
        writeln!(
            s,
            "    Edition {{ id: {:?}, name: {:?}, name_zh: {:?}, body: {:?}, body_zh: {:?}, year: {}, default: {}, extends: {}, rules: {}, notes: {:?} }},",
            p.id,
            p.name,
            p.name_zh,
            p.body,
            p.body_zh,
            p.year,
            p.default,
            match &p.extends {
                Some(x) => format!("Some({x:?})"),
                None => "None".into(),
            },
            e.rules.rust(),
            p.notes,
        )
        .unwrap();
    }
    s.push_str("];\n");
    s
}

fn clauses(path: &Path, editions: &[String]) -> String {
    let file: record::RegistryFile = serde_yaml::from_str(&read(path))
        .unwrap_or_else(|e| fail(format!("spec/clauses.yaml: {e}")));
    let mut seen = std::collections::BTreeSet::new();
    let mut s = String::from("/// Every clause of `spec/clauses.yaml`, in registry order.\npub const REGISTRY: &[ClauseEntry] = &[\n");
    for c in &file.clauses {
        if !seen.insert(c.id.clone()) {
            fail(format!("spec/clauses.yaml: duplicate clause id {}", c.id));
        }
        let mut articles = String::new();
        for (edition, refs) in &c.articles {
            if !editions.contains(edition) {
                fail(format!(
                    "spec/clauses.yaml: clause {} cites articles of unknown edition {edition}",
                    c.id
                ));
            }
            let refs: Vec<String> = refs
                .iter()
                .map(|r| match record::split_reference(r) {
                    Some((kind, number)) => {
                        format!("Article {{ kind: {}, number: {number:?} }}", kind.rust())
                    }
                    None => fail(format!(
                        "spec/clauses.yaml: clause {}: {r:?} is not an article reference (a number, or one of {} and a number)",
                        c.id,
                        record::ArticleKind::NAMES.join(", ")
                    )),
                })
                .collect();
            write!(articles, "({edition:?}, &[{}]), ", refs.join(", ")).unwrap();
        }
        writeln!(
            s,
            "    ClauseEntry {{ id: {:?}, family: {:?}, term: {:?}, title: {:?}, statement: {:?}, articles: &[{articles}], status: {}, note: {} }},",
            c.id,
            c.family,
            c.term,
            c.title,
            c.statement,
            c.status.rust(),
            match &c.note {
                Some(n) => format!("Some({n:?})"),
                None => "None".into(),
            },
        )
        .unwrap();
    }
    s.push_str("];\n");
    s
}
