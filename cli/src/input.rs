//! Reading the input: whole files (definitions) and JSONL streamed one line at a
//! time, each line at most [`MAX_LINE_BYTES`], so memory stays bounded whatever
//! the input holds. Also the error that makes an input unusable.

use serde_json::Value;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// The longest line `check` reads (64 MiB); a longer one is unusable (exit 2) and
/// skipped without being kept in memory.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// The largest definitions file `lint`, `export` and `--tools` read (256 MiB).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Why an input cannot be used (exit status 2), in words that name the place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unusable(pub String);

impl Unusable {
    pub fn new(message: impl Into<String>) -> Unusable {
        Unusable(message.into())
    }
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Opens `path` for reading; `-` is standard input.
pub fn open(path: &Path) -> Result<Box<dyn BufRead>, Unusable> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let file = File::open(path)
        .map_err(|e| Unusable::new(format!("cannot read {}: {e}", path.display())))?;
    Ok(Box::new(BufReader::new(file)))
}

/// The whole text of `path` (at most [`MAX_FILE_BYTES`]).
pub fn read_text(path: &Path) -> Result<String, Unusable> {
    let mut bytes = Vec::new();
    open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Unusable::new(format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Unusable::new(format!(
            "{}: larger than {} MiB",
            path.display(),
            MAX_FILE_BYTES >> 20
        )));
    }
    String::from_utf8(bytes)
        .map_err(|e| Unusable::new(format!("{}: not UTF-8 text: {e}", path.display())))
}

/// One line of a JSONL stream.
pub enum Line<'a> {
    /// The line's bytes, without its end (`\n` or `\r\n`).
    Text(&'a [u8]),
    /// The line was longer than the limit; its bytes were skipped.
    TooLong,
}

/// A JSONL reader: one line at a time, numbered from 1, each kept only up to a
/// limit.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    number: usize,
    bytes: u64,
    max: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R, max: usize) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::new(),
            number: 0,
            bytes: 0,
            max,
        }
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The next line and its number, `None` at the end.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Line<'_>)>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1),
                None => (chunk, chunk.len()),
            };
            if !too_long && self.buf.len() + part.len() <= self.max {
                self.buf.extend_from_slice(part);
            } else {
                too_long = true;
                self.buf.clear();
            }
            let ended = done > part.len();
            self.reader.consume(done);
            self.bytes += done as u64;
            if ended {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if too_long {
            return Ok(Some((self.number, Line::TooLong)));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(Some((self.number, Line::Text(&self.buf))))
    }
}

/// `value`'s JSON type in words: `an array`, `a string`, ...
pub fn type_word(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The most characters of a name echoed in a message.
const NAME_SHOWN: usize = 60;

/// A name from the input as a message shows it: control and bidi characters escaped, cut
/// with `…` past 60 characters.
pub fn shown(name: &str) -> String {
    shown_within(name, NAME_SHOWN)
}

/// Text from the input as a message shows it: control and bidi characters escaped,
/// cut with `…` past `max` characters.
pub fn shown_within(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        let bidi = matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || bidi {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &[u8], max: usize) -> Vec<(usize, Option<String>)> {
        let mut lines = Lines::new(BufReader::with_capacity(4, text), max);
        let mut out = Vec::new();
        while let Some((n, line)) = lines.next_line().unwrap() {
            out.push((
                n,
                match line {
                    Line::Text(t) => Some(String::from_utf8(t.to_vec()).unwrap()),
                    Line::TooLong => None,
                },
            ));
        }
        out
    }

    #[test]
    fn splits_lines_across_buffer_ends() {
        assert_eq!(
            all(b"abcdefgh\r\n\nxy", 100),
            [
                (1, Some("abcdefgh".into())),
                (2, Some(String::new())),
                (3, Some("xy".into()))
            ]
        );
        assert!(all(b"", 100).is_empty());
    }

    #[test]
    fn skips_a_line_past_the_limit() {
        assert_eq!(
            all(b"abcdefghij\nabc\n", 5),
            [(1, None), (2, Some("abc".into()))]
        );
    }

    #[test]
    fn shows_names_escaped_and_cut() {
        assert_eq!(shown("a\u{1b}b"), "a\\u{1b}b");
        assert_eq!(shown(&"x".repeat(70)).chars().count(), 61);
    }
}
