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
            let p: Profile = serde_yaml::from_str(t).map_err(|e| ProfileError {
                file: f.to_string(),
                message: e.to_string(),
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
                    serde_yaml::from_str::<Profile>(t).expect("a profile"),
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
