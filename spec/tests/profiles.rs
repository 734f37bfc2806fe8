//! Reading profiles: every problem is an error naming the file and what is
//! wrong (the build fails on the crate's own profiles the same way; the
//! harness reads a suite's profiles with this).

use std::path::Path;

use xq_spec::editions::{resolve, Profile, ProfileError, DEFAULT};

fn text(id: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("editions/{id}.yaml"));
    std::fs::read_to_string(path).expect("a profile")
}

fn load(files: &[(&str, &str)]) -> Result<Vec<String>, ProfileError> {
    let profiles = files
        .iter()
        .map(|(f, t)| {
            let p: Profile =
                xq_spec::editions::parse_profile(t).map_err(|(_, _, message)| ProfileError {
                    file: f.to_string(),
                    key: "",
                    message,
                })?;
            Ok((f.to_string(), p))
        })
        .collect::<Result<Vec<_>, ProfileError>>()?;
    Ok(resolve(profiles)?
        .into_iter()
        .map(|r| r.profile.id)
        .collect())
}

fn with_parameter(key: &str, line: &str) -> String {
    text(DEFAULT).replace(&format!("    {key}:"), &format!("    {line}\n    {key}:"))
}

#[test]
fn the_shipped_profiles_resolve_default_first() {
    let ids = ["axf-2017", "cxa-1999", "cxa-2020", "wxf-2018"];
    let texts: Vec<String> = ids.iter().map(|i| text(i)).collect();
    let files: Vec<(&str, &str)> = ids
        .iter()
        .copied()
        .zip(texts.iter().map(String::as_str))
        .collect();
    assert_eq!(
        load(&files).unwrap(),
        ["cxa-2020", "cxa-1999", "axf-2017", "wxf-2018"]
    );
}

#[test]
fn a_misspelt_parameter_is_an_error_naming_it() {
    let t = with_parameter("occurrences", "ocurrences: 3");
    let e = load(&[(DEFAULT, &t)]).unwrap_err();
    assert_eq!(e.file, DEFAULT);
    assert!(e.message.contains("ocurrences"), "{e}");
}

#[test]
fn a_missing_parameter_is_an_error() {
    let t: String = text(DEFAULT)
        .lines()
        .filter(|l| !l.trim_start().starts_with("mutual_check:"))
        .collect::<Vec<_>>()
        .join("\n");
    let e = load(&[(DEFAULT, &t)]).unwrap_err();
    assert!(e.message.contains("mutual_check"), "{e}");
}

#[test]
fn a_wrong_word_names_the_allowed_ones() {
    let t = text(DEFAULT).replace("chase_model: complete-exchange", "chase_model: exchange");
    let e = load(&[(DEFAULT, &t)]).unwrap_err();
    assert!(
        e.message.contains("complete-exchange") && e.message.contains("protection"),
        "{e}"
    );
}

#[test]
fn extends_must_name_a_known_edition_and_not_loop() {
    let t = text("wxf-2018");
    let e = load(&[("wxf-2018", &t)]).unwrap_err();
    assert!(
        e.message.contains("extends unknown edition axf-2017"),
        "{e}"
    );
    let looped = t.replace("extends: axf-2017", "extends: wxf-2018");
    let e = load(&[("wxf-2018", &looped)]).unwrap_err();
    assert!(e.message.contains("cycle"), "{e}");
}

#[test]
fn the_id_must_be_the_file_name() {
    let e = load(&[("cxa-2021", &text(DEFAULT))]).unwrap_err();
    assert!(e.message.contains("must be the file name"), "{e}");
}

/// A profile for an event that extends `base` and sets its rounds.
fn event_profile(base: &str, rounds: u32) -> String {
    format!(
        "id: event\nname: e\nname_zh: e\nbody: e\nbody_zh: e\nyear: 2024\n\
         default: false\nextends: {base}\nparameters:\n  natural_limit:\n    \
         rounds: {rounds}\nsources: []\nnotes: ''\n"
    )
}

#[test]
fn an_event_may_lower_the_limit_only_where_the_edition_allows() {
    let rounds = |base: &str, rounds: u32| {
        let event = event_profile(base, rounds);
        let (default, base_text) = (text(DEFAULT), text(base));
        let files = [
            (DEFAULT, default.as_str()),
            (base, base_text.as_str()),
            ("event", event.as_str()),
        ];
        let profiles = files
            .iter()
            .map(|(f, t)| {
                (
                    f.to_string(),
                    xq_spec::editions::parse_profile(t).expect("a profile"),
                )
            })
            .collect();
        resolve(profiles).map(|all| {
            all.into_iter()
                .find(|e| e.profile.id == "event")
                .expect("the event")
                .rules
                .natural_limit
                .rounds
        })
    };
    // CXA 1999 4.2.4: 60 rounds, which an event may lower.
    assert_eq!(rounds("cxa-1999", 40), Ok(40));
    let raised = rounds("cxa-1999", 70).unwrap_err();
    assert!(raised.message.contains("more than the 60"), "{raised}");
    // The Asian rules' 50 rounds admit no reduction.
    let lowered = rounds("axf-2017", 40).unwrap_err();
    assert!(lowered.message.contains("may not be reduced"), "{lowered}");
    assert_eq!(rounds("axf-2017", 50), Ok(50));
}

/// A fresh editions directory under the target directory, holding `files`.
fn editions_dir(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("editions-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory");
    for (f, t) in files {
        std::fs::write(dir.join(f), t).expect("a file");
    }
    dir
}

#[test]
fn a_directory_of_profiles_reads_as_the_compiled_editions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("editions");
    let read = xq_spec::editions::read_dir(&dir).expect("the shipped profiles");
    let ids: Vec<&str> = read.iter().map(|r| r.profile.id.as_str()).collect();
    assert_eq!(ids, xq_spec::editions::ids().collect::<Vec<_>>());
    for r in &read {
        let compiled = xq_spec::editions::get(&r.profile.id).expect("compiled in");
        assert_eq!(r.rules, compiled.rules, "{}", r.profile.id);
    }
}

#[test]
fn a_file_that_is_not_a_profile_is_an_error_at_its_line() {
    let default = text(DEFAULT);
    // Not YAML of a profile: the place is the parser's.
    let dir = editions_dir(
        "not-a-profile",
        &[
            ("cxa-2020.yaml", &default),
            ("house.yaml", "id: house\nname: h\nfavourite: yes\n"),
        ],
    );
    let e = xq_spec::editions::read_dir(&dir).unwrap_err();
    assert_eq!(e.path, dir.join("house.yaml"));
    assert_eq!(e.line, 3, "{e}");
    assert!(e.message.contains("favourite"), "{e}");
    // Another kind of file is refused by name, not skipped.
    let dir = editions_dir(
        "other-file",
        &[("cxa-2020.yaml", &default), ("README.md", "notes\n")],
    );
    let e = xq_spec::editions::read_dir(&dir).unwrap_err();
    assert_eq!(e.path, dir.join("README.md"));
    assert!(e.message.contains("only edition profiles"), "{e}");
    // A resolution error is placed at the key it is about.
    let wxf = text("wxf-2018");
    let dir = editions_dir(
        "dangling-extends",
        &[("cxa-2020.yaml", &default), ("wxf-2018.yaml", &wxf)],
    );
    let e = xq_spec::editions::read_dir(&dir).unwrap_err();
    assert_eq!(e.path, dir.join("wxf-2018.yaml"));
    let line = wxf.lines().position(|l| l.starts_with("extends:")).unwrap() + 1;
    assert_eq!(e.line, line, "{e}");
    assert!(
        e.to_string().contains(&format!(
            "wxf-2018.yaml:{line}:1: extends unknown edition axf-2017"
        )),
        "{e}"
    );
}
