//! The tokens of a PGN game: tags, comments, variation brackets, NAGs and
//! words, each with its line and column.

use crate::error::{ErrorKind, RecordError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Tag(String, String),
    Comment(String),
    Open,
    Close,
    Nag(u8),
    Word(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: usize,
    pub column: usize,
}

/// Splits `text` into tokens; `line`/`column` are those of its first
/// character in the file.
pub(crate) fn lex(text: &str, line: usize, column: usize) -> Result<Vec<Token>, RecordError> {
    let mut lx = Lexer {
        chars: text.chars().collect(),
        i: 0,
        line,
        column,
    };
    let mut out = Vec::new();
    while let Some(c) = lx.peek() {
        let (l, col) = (lx.line, lx.column);
        let at = |tok| Token {
            tok,
            line: l,
            column: col,
        };
        if c.is_whitespace() {
            lx.bump();
        } else if c == '%' && col == 1 {
            // An escaped line: ignored by PGN convention.
            while lx.peek().is_some_and(|c| c != '\n') {
                lx.bump();
            }
        } else if c == '{' {
            lx.bump();
            let mut s = String::new();
            loop {
                match lx.bump() {
                    Some('}') => break,
                    Some(c) => s.push(c),
                    None => {
                        return Err(RecordError::at_text(
                            ErrorKind::Syntax("a comment '{' is never closed by '}'".into()),
                            l,
                            col,
                        ))
                    }
                }
            }
            out.push(at(Tok::Comment(s)));
        } else if c == ';' {
            lx.bump();
            let mut s = String::new();
            while let Some(c) = lx.peek().filter(|&c| c != '\n') {
                s.push(c);
                lx.bump();
            }
            out.push(at(Tok::Comment(s)));
        } else if c == '(' {
            lx.bump();
            out.push(at(Tok::Open));
        } else if c == ')' {
            lx.bump();
            out.push(at(Tok::Close));
        } else if c == '[' {
            lx.bump();
            let tag = lx.tag().map_err(|m| {
                RecordError::at_text(ErrorKind::Syntax(format!("malformed tag: {m}")), l, col)
            })?;
            out.push(at(tag));
        } else if c == '$' {
            lx.bump();
            let mut n: u32 = 0;
            let mut digits = 0;
            while let Some(d) = lx.peek().and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d);
                digits += 1;
                lx.bump();
            }
            if digits == 0 || n > 255 {
                return Err(RecordError::at_text(
                    ErrorKind::Syntax("a NAG is '$' and a number 0-255".into()),
                    l,
                    col,
                ));
            }
            out.push(at(Tok::Nag(n as u8)));
        } else if c == '}' || c == ']' {
            return Err(RecordError::at_text(
                ErrorKind::Syntax(format!("a stray {c:?} that closes nothing")),
                l,
                col,
            ));
        } else {
            let mut s = String::new();
            while let Some(c) = lx.peek() {
                if c.is_whitespace() || "{}()[];$".contains(c) {
                    break;
                }
                s.push(c);
                lx.bump();
            }
            out.push(at(Tok::Word(s)));
        }
    }
    Ok(out)
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: usize,
    column: usize,
}

impl Lexer {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
    }

    /// After `[`: a name, a quoted value, `]`.
    fn tag(&mut self) -> Result<Tok, String> {
        self.skip_spaces();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err("expected a tag name after '['".into());
        }
        self.skip_spaces();
        if self.bump() != Some('"') {
            return Err(format!("expected '\"' after the tag name {name}"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => return Err(format!("the value of {name} is never closed")),
                },
                Some('\n') | None => return Err(format!("the value of {name} is never closed")),
                Some(c) => value.push(c),
            }
        }
        self.skip_spaces();
        if self.bump() != Some(']') {
            return Err(format!("expected ']' after the value of {name}"));
        }
        Ok(Tok::Tag(name, value))
    }
}
