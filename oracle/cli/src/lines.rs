//! Lines of outside input, read with a cap on their length: an endless
//! line costs bounded memory, and its reader hears of it as soon as the cap
//! is passed, not when (if ever) the line ends.

use std::io::{self, BufRead};

/// One line of input, or what stands in for it.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its `\n`, as bytes (they may not be UTF-8).
    Bytes(Vec<u8>),
    /// A line longer than the cap: its first `cap` bytes were read and
    /// dropped. Call [`LineReader::skip_rest`] before the next line.
    TooLong,
}

/// Reads `\n`-terminated lines of at most `cap` bytes.
pub struct LineReader<R> {
    input: R,
    cap: usize,
    /// Lines started so far (1-based number of the last one).
    number: u64,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(input: R, cap: usize) -> LineReader<R> {
        LineReader {
            input,
            cap,
            number: 0,
        }
    }

    /// The number of the line last returned, from 1.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The next line; `None` at the end of the input. A last line without
    /// `\n` counts as a line.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut line = Vec::new();
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if line.is_empty() {
                    return Ok(None);
                }
                self.number += 1;
                return Ok(Some(Line::Bytes(line)));
            }
            let (take, ended) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if line.len() + take > self.cap {
                // Keep what fits, so the cap is exact, and report at once.
                let fits = self.cap - line.len();
                self.input.consume(fits);
                self.number += 1;
                return Ok(Some(Line::TooLong));
            }
            line.extend_from_slice(&chunk[..take]);
            self.input.consume(take + usize::from(ended));
            if ended {
                self.number += 1;
                return Ok(Some(Line::Bytes(line)));
            }
        }
    }

    /// Drops the rest of a [`Line::TooLong`] line, up to and including its
    /// `\n`, in bounded memory.
    pub fn skip_rest(&mut self) -> io::Result<()> {
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(());
            }
            match memchr::memchr(b'\n', chunk) {
                Some(i) => {
                    self.input.consume(i + 1);
                    return Ok(());
                }
                None => {
                    let n = chunk.len();
                    self.input.consume(n);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], cap: usize) -> Vec<Line> {
        let mut r = LineReader::new(input, cap);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            if l == Line::TooLong {
                r.skip_rest().unwrap();
            }
            out.push(l);
        }
        out
    }

    #[test]
    fn lines_up_to_the_cap_are_whole_and_longer_ones_are_flagged() {
        let b = |s: &str| Line::Bytes(s.as_bytes().to_vec());
        assert_eq!(
            all(b"abcd\nabcde\n\nxy", 4),
            vec![b("abcd"), Line::TooLong, b(""), b("xy")]
        );
        assert_eq!(all(b"", 4), vec![]);
        assert_eq!(all(b"abcdefgh", 4), vec![Line::TooLong]);
    }

    #[test]
    fn the_cap_holds_across_small_reads() {
        // A reader that hands out one byte at a time.
        let data = b"aaaaaaaaaa\nbb\n";
        let slow = std::io::BufReader::with_capacity(1, &data[..]);
        let mut r = LineReader::new(slow, 5);
        assert_eq!(r.next_line().unwrap(), Some(Line::TooLong));
        r.skip_rest().unwrap();
        assert_eq!(r.next_line().unwrap(), Some(Line::Bytes(b"bb".to_vec())));
        assert_eq!(r.number(), 2);
        assert_eq!(r.next_line().unwrap(), None);
    }
}
