//! Every `xq` example of `spec/CLI.md` and `README.md` runs as written.
//!
//! In `spec/CLI.md`, a line `$ xq …` in a code block is a command; the
//! lines after it, up to the next command or the end of the block, are its
//! exact standard output, and the command must succeed with nothing on
//! standard error unless its output is an `xq: …` error line. In
//! `README.md`, a line `target/release/xq …` (with `\` continuations) is
//! a command, and a trailing comment `# → OUTPUT` is its exact (one-line)
//! output; either way it must succeed. Commands run from the repository
//! root with the binary under test.

mod common;

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .parent()
        .unwrap()
}

/// An example: its command words and the output it must print (if given).
#[derive(Debug)]
struct Example {
    source: String,
    words: Vec<String>,
    output: Option<String>,
}

/// Splits a command as a POSIX shell would for these simple examples:
/// white space outside quotes separates; `"…"` and `'…'` quote.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                }
                in_word = false;
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(quote.is_none(), "unclosed quote in {line}");
    if in_word {
        words.push(word);
    }
    words
}

/// The text of a command line before a `#` comment outside quotes, and
/// the comment.
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') if line[..i].ends_with(char::is_whitespace) => {
                return (&line[..i], Some(line[i + 1..].trim()));
            }
            _ => {}
        }
    }
    (line, None)
}

/// The code blocks of a Markdown text, each as (first line number, lines).
fn code_blocks(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match current.take() {
                Some(b) => blocks.push(b),
                None => current = Some((i + 2, Vec::new())),
            }
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line);
        }
    }
    blocks
}

fn cli_md_examples() -> Vec<Example> {
    let text = std::fs::read_to_string(root().join("spec/CLI.md")).unwrap();
    let mut out = Vec::new();
    for (first, lines) in code_blocks(&text) {
        let mut i = 0;
        while i < lines.len() {
            let Some(cmd) = lines[i].strip_prefix("$ ") else {
                i += 1;
                continue;
            };
            let line_no = first + i;
            i += 1;
            let mut output = String::new();
            while i < lines.len() && !lines[i].starts_with("$ ") {
                output.push_str(lines[i]);
                output.push('\n');
                i += 1;
            }
            let (cmd, _) = split_comment(cmd);
            out.push(Example {
                source: format!("spec/CLI.md:{line_no}"),
                words: shell_words(cmd),
                output: (!output.is_empty()).then_some(output),
            });
        }
    }
    out
}

fn readme_examples() -> Vec<Example> {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut out = Vec::new();
    for (first, lines) in code_blocks(&text) {
        let mut i = 0;
        while i < lines.len() {
            if !lines[i].starts_with("target/release/xq ") {
                i += 1;
                continue;
            }
            let line_no = first + i;
            let mut cmd = String::new();
            let mut comment = None;
            loop {
                let (code, c) = split_comment(lines[i]);
                comment = c.or(comment);
                i += 1;
                match code.trim_end().strip_suffix('\\') {
                    Some(head) if i < lines.len() => {
                        cmd.push_str(head);
                        cmd.push(' ');
                    }
                    _ => {
                        cmd.push_str(code);
                        break;
                    }
                }
            }
            let output = comment
                .and_then(|c| c.strip_prefix("→ "))
                .map(|c| format!("{c}\n"));
            out.push(Example {
                source: format!("README.md:{line_no}"),
                words: shell_words(&cmd),
                output,
            });
        }
    }
    out
}

fn run(example: &Example) {
    let (program, args) = example.words.split_first().expect("a command");
    assert!(
        program == "xq" || program == "target/release/xq",
        "{}: not an xq command",
        example.source
    );
    if args.first().map(String::as_str) == Some("desk") {
        return run_server(example, args);
    }
    let out = Command::new(common::bin())
        .args(args)
        .current_dir(root())
        .output()
        .expect("run xq");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match &example.output {
        Some(expected) if expected.starts_with("xq: ") => {
            assert_eq!(out.status.code(), Some(1), "{}", example.source);
            assert_eq!(&stderr, expected, "{}", example.source);
        }
        _ => {
            assert!(out.status.success(), "{}: {stderr}", example.source);
            assert_eq!(stderr, "", "{}", example.source);
            assert!(!stdout.is_empty(), "{}: no output", example.source);
            if let Some(expected) = &example.output {
                assert_eq!(&stdout, expected, "{}", example.source);
            }
        }
    }
}

/// A server example (`xq desk`) runs until stopped: it must print its
/// address as its first line and answer a request there.
fn run_server(example: &Example, args: &[String]) {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut child = Command::new(common::bin())
        .args(args)
        .current_dir(root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run xq");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .expect("read the address");
    let addr = first
        .trim()
        .strip_prefix("http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("{}: printed {first:?}, not its address", example.source))
        .to_string();
    let mut conn = std::net::TcpStream::connect(&addr).expect("connect to the desk");
    conn.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    write!(
        conn,
        "GET /api/info HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reply = String::new();
    let _ = conn.read_to_string(&mut reply);
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        reply.starts_with("HTTP/1.1 200"),
        "{}: {reply}",
        example.source
    );
}

#[test]
fn every_example_of_the_cli_spec_runs_as_written() {
    let examples = cli_md_examples();
    assert!(examples.len() >= 10, "{examples:#?}");
    for e in &examples {
        run(e);
    }
}

#[test]
fn every_xq_example_of_the_readme_runs_as_written() {
    let examples = readme_examples();
    assert!(examples.len() >= 8, "{examples:#?}");
    assert!(examples.iter().filter(|e| e.output.is_some()).count() >= 2);
    for e in &examples {
        run(e);
    }
}

#[test]
fn the_example_reader_reads_quotes_comments_and_continuations() {
    assert_eq!(
        shell_words(r#"xq rule --fen "2b6/4k4 w" --moves '车四平五 将5平6'"#),
        [
            "xq",
            "rule",
            "--fen",
            "2b6/4k4 w",
            "--moves",
            "车四平五 将5平6"
        ]
    );
    assert_eq!(
        split_comment(r#"xq perft --depth 5   # → 133312995"#),
        ("xq perft --depth 5   ", Some("→ 133312995"))
    );
    assert_eq!(
        split_comment(r##"xq fen --fen "a #b""##),
        (r##"xq fen --fen "a #b""##, None)
    );
}
