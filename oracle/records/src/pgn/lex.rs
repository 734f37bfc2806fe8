//! The tokens of a PGN game: tags, comments, variation brackets, NAGs and
//! words, each with its line and column. Tokens are made as they are asked
//! for and borrow the game's text, so a game of millions of moves is never
//! held twice.

use std::collections::VecDeque;

use crate::error::{ErrorKind, Location, RecordError, SyntaxDetail, TagFault};
use crate::warning::{Warning, WarningKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    Tag(&'a str, String),
    Comment(&'a str),
    Open,
    Close,
    Nag(u8),
    Word(&'a str),
}

#[derive(Clone, Debug)]
pub(crate) struct Token<'a> {
    pub tok: Tok<'a>,
    pub line: usize,
    pub column: usize,
}

/// The tokens of a text, one at a time, with lookahead.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    i: usize,
    line: usize,
    column: usize,
    ahead: VecDeque<Result<Token<'a>, RecordError>>,
    /// Where the last token handed out starts.
    pub last_at: (usize, usize),
    /// Tags read with tolerance.
    pub warnings: Vec<Warning>,
}

impl<'a> Lexer<'a> {
    /// `line`/`column` are those of the text's first character in the file.
    pub fn new(text: &'a str, line: usize, column: usize) -> Lexer<'a> {
        Lexer {
            text,
            i: 0,
            line,
            column,
            ahead: VecDeque::new(),
            last_at: (line, column),
            warnings: Vec::new(),
        }
    }

    /// The next token, `None` at the end.
    pub fn next_token(&mut self) -> Option<Result<Token<'a>, RecordError>> {
        let t = self.ahead.pop_front().or_else(|| self.lex())?;
        if let Ok(t) = &t {
            self.last_at = (t.line, t.column);
        }
        Some(t)
    }

    /// The token `k` places ahead (0: the next one), without taking it.
    pub fn peek(&mut self, k: usize) -> Option<&Result<Token<'a>, RecordError>> {
        while self.ahead.len() <= k {
            let t = self.lex()?;
            self.ahead.push_back(t);
        }
        self.ahead.get(k)
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.i..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.i += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn lex(&mut self) -> Option<Result<Token<'a>, RecordError>> {
        loop {
            let c = self.peek_char()?;
            let (l, col) = (self.line, self.column);
            let at = |tok| {
                Some(Ok(Token {
                    tok,
                    line: l,
                    column: col,
                }))
            };
            let fail =
                |d: SyntaxDetail| Some(Err(RecordError::at_text(ErrorKind::Syntax(d), l, col)));
            if c.is_whitespace() {
                self.bump();
            } else if c == '%' && col == 1 {
                // An escaped line: ignored by PGN convention.
                while self.peek_char().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c == '{' {
                self.bump();
                let start = self.i;
                loop {
                    match self.bump() {
                        Some('}') => return at(Tok::Comment(&self.text[start..self.i - 1])),
                        Some(_) => {}
                        None => return fail(SyntaxDetail::UnclosedComment),
                    }
                }
            } else if c == ';' {
                self.bump();
                let start = self.i;
                while self.peek_char().is_some_and(|c| c != '\n') {
                    self.bump();
                }
                return at(Tok::Comment(&self.text[start..self.i]));
            } else if c == '(' {
                self.bump();
                return at(Tok::Open);
            } else if c == ')' {
                self.bump();
                return at(Tok::Close);
            } else if c == '[' {
                self.bump();
                return match self.tag() {
                    Ok(tag) => at(tag),
                    Err(fault) => fail(SyntaxDetail::MalformedTag(fault)),
                };
            } else if c == '$' {
                self.bump();
                let mut n: u32 = 0;
                let mut digits = 0;
                while let Some(d) = self.peek_char().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d);
                    digits += 1;
                    self.bump();
                }
                if digits == 0 || n > 255 {
                    return fail(SyntaxDetail::BadNag);
                }
                return at(Tok::Nag(n as u8));
            } else if c == '}' || c == ']' {
                return fail(SyntaxDetail::Stray { c });
            } else {
                let start = self.i;
                while let Some(c) = self.peek_char() {
                    if c.is_whitespace() || "{}()[];$".contains(c) {
                        break;
                    }
                    self.bump();
                }
                return at(Tok::Word(&self.text[start..self.i]));
            }
        }
    }

    fn skip_spaces(&mut self) {
        while self
            .peek_char()
            .is_some_and(|c| c.is_whitespace() && c != '\n')
        {
            self.bump();
        }
    }

    /// Whether the quote just read closes the value: it does unless the
    /// rest of the line does not go on to `]` but ends in `"]`, as in
    /// `[Event "第五屆"銀荔杯"全國冠軍賽"]` (quotes inside, unescaped).
    fn closes_value(&self) -> bool {
        let rest = &self.text[self.i..];
        let line = rest.split('\n').next().unwrap_or("");
        line.trim_start().starts_with(']') || !line.trim_end().ends_with("\"]")
    }

    /// After `[`: a name, a quoted value, `]`.
    fn tag(&mut self) -> Result<Tok<'a>, TagFault> {
        self.skip_spaces();
        let start = self.i;
        while self
            .peek_char()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = &self.text[start..self.i];
        if name.is_empty() {
            return Err(TagFault::NoName);
        }
        self.skip_spaces();
        if self.bump() != Some('"') {
            return Err(TagFault::NoQuote {
                name: name.to_string(),
            });
        }
        let unclosed = || TagFault::UnclosedValue {
            name: name.to_string(),
        };
        let (line, column) = (self.line, self.column);
        let mut value = String::new();
        let mut inner_quotes = false;
        loop {
            match self.bump() {
                Some('"') if self.closes_value() => break,
                Some('"') => {
                    inner_quotes = true;
                    value.push('"');
                }
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => return Err(unclosed()),
                },
                Some('\n') | None => return Err(unclosed()),
                Some(c) => value.push(c),
            }
        }
        self.skip_spaces();
        if self.bump() != Some(']') {
            return Err(TagFault::NoBracket {
                name: name.to_string(),
            });
        }
        if inner_quotes {
            self.warnings.push(Warning::new(
                WarningKind::QuotedTagValue {
                    tag: name.to_string(),
                },
                Location::Text { line, column },
            ));
        }
        Ok(Tok::Tag(name, value))
    }
}
