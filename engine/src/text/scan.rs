//! A JSON reader over the bytes of the text for the checking pass: tokens read
//! by slices, no `Visitor` dispatch, nothing allocated but the buffer of strings
//! holding escapes (grown once).
//!
//! It reads a subset of what serde_json reads, to the same values: whatever it
//! does not settle (malformed text, lone surrogates, nesting near serde_json's
//! limit) is a [`Bail`], and the caller takes the exact path, which reads the
//! text with serde_json. So text it accepts is text serde_json accepts, holding
//! the values the reader saw. Numbers: integers of up to 18 digits and decimals
//! of up to 15 digits without exponent are read here (exactly, see
//! [`Reader::number`]), any other by serde_json's own number parser.

use super::object::{name_hash, Names};
use serde_json::Number;

/// The reader stopped: malformed text, a violation, or anything the pass leaves
/// to the exact path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bail;

/// The deepest nesting the reader follows (serde_json refuses more than 127).
const MAX_NESTING: u32 = 120;

/// Bytes that end the plain run of a string: `"`, `\` and control characters
/// (the text path's reader and the stream's).
pub(crate) static STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// The most digits of a decimal read in place by [`exact_decimal`].
pub(crate) const DECIMAL_DIGITS: usize = 15;

/// The `f64` serde_json reads for a decimal of at most [`DECIMAL_DIGITS`]
/// digits and no exponent: its digits as the integer `significand` (below
/// 10^15 < 2^53, exact as a float), `fraction` of them after the point,
/// divided by an exact power of ten, which IEEE division rounds correctly
/// (what serde_json computes for these, with or without its
/// `float_roundtrip`). The text path's reader and the stream's read decimals
/// by it.
#[inline]
pub(crate) fn exact_decimal(significand: u64, fraction: usize, negative: bool) -> f64 {
    /// Powers of ten exact as floats.
    const POW10: [f64; DECIMAL_DIGITS + 1] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ];
    let f = significand as f64 / POW10[fraction];
    if negative {
        -f
    } else {
        f
    }
}

/// The reader: the text, where it is, how deep, and the buffer of decoded
/// strings.
pub(crate) struct Reader<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
    depth: u32,
    scratch: String,
}

impl<'t> Reader<'t> {
    pub fn new(text: &'t str) -> Reader<'t> {
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            depth: 0,
            scratch: String::new(),
        }
    }

    /// Skips white space and returns the next byte (not consumed).
    #[inline(always)]
    pub fn peek(&mut self) -> Result<u8, Bail> {
        loop {
            match self.bytes.get(self.pos) {
                Some(b' ' | b'\n' | b'\t' | b'\r') => self.pos += 1,
                Some(&b) => return Ok(b),
                None => return Err(Bail),
            }
        }
    }

    /// Consumes one byte (after [`Reader::peek`]).
    #[inline(always)]
    pub fn bump(&mut self) {
        self.pos += 1;
    }

    /// Consumes `byte` as the next non-blank byte.
    #[inline(always)]
    pub fn expect(&mut self, byte: u8) -> Result<(), Bail> {
        if self.peek()? == byte {
            self.pos += 1;
            Ok(())
        } else {
            Err(Bail)
        }
    }

    /// Whether only white space is left.
    pub fn at_end(&mut self) -> bool {
        self.peek().is_err()
    }

    /// Enters an array or object (its bracket consumed).
    #[inline(always)]
    pub fn enter(&mut self) -> Result<(), Bail> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Bail);
        }
        Ok(())
    }

    /// Leaves an array or object.
    #[inline(always)]
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// After a member or element: `true` at `,` (another follows), `false` at
    /// `close` (consumed).
    #[inline(always)]
    pub fn more(&mut self, close: u8) -> Result<bool, Bail> {
        match self.peek()? {
            b',' => {
                self.pos += 1;
                Ok(true)
            }
            b if b == close => {
                self.pos += 1;
                Ok(false)
            }
            _ => Err(Bail),
        }
    }

    /// At the start of an array or object's contents: `false` (and consumed) at
    /// `close` at once.
    #[inline(always)]
    pub fn first(&mut self, close: u8) -> Result<bool, Bail> {
        if self.peek()? == close {
            self.pos += 1;
            return Ok(false);
        }
        Ok(true)
    }

    /// Reads a string whose opening quote is the next byte: the text's own bytes
    /// when it holds no escape, else decoded into the buffer.
    #[inline]
    pub fn string(&mut self) -> Result<&str, Bail> {
        let start = self.pos + 1;
        let mut i = start;
        let bytes = self.bytes;
        while let Some(&b) = bytes.get(i) {
            if STOP[b as usize] {
                if b == b'"' {
                    self.pos = i + 1;
                    // Between two ASCII quotes: whole characters.
                    return self.text.get(start..i).ok_or(Bail);
                }
                return self.escaped(start, i);
            }
            i += 1;
        }
        Err(Bail)
    }

    /// A string with an escape at `i` (or a control character, refused),
    /// decoded into the buffer.
    #[cold]
    fn escaped(&mut self, start: usize, mut i: usize) -> Result<&str, Bail> {
        let bytes = self.bytes;
        let mut out = std::mem::take(&mut self.scratch).into_bytes();
        out.clear();
        out.extend_from_slice(&bytes[start..i]);
        loop {
            let b = *bytes.get(i).ok_or(Bail)?;
            match b {
                b'"' => break,
                b'\\' => {
                    let e = *bytes.get(i + 1).ok_or(Bail)?;
                    i += 2;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = hex4(bytes, i)?;
                            i += 4;
                            match hi {
                                0xD800..=0xDBFF => {
                                    if bytes.get(i..i + 2) != Some(b"\\u") {
                                        return Err(Bail);
                                    }
                                    let lo = hex4(bytes, i + 2)?;
                                    if !(0xDC00..=0xDFFF).contains(&lo) {
                                        return Err(Bail);
                                    }
                                    i += 6;
                                    let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                                    char::from_u32(c).ok_or(Bail)?
                                }
                                _ => char::from_u32(hi).ok_or(Bail)?,
                            }
                        }
                        _ => return Err(Bail),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1F => return Err(Bail),
                _ => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        self.pos = i + 1;
        // Whole characters of a `str` and whole decoded ones.
        self.scratch = String::from_utf8(out).map_err(|_| Bail)?;
        Ok(&self.scratch)
    }

    /// Reads a number whose first byte is next: a plain integer of at most 18
    /// digits here, any other by serde_json's parser (the value `Value` holds).
    #[inline]
    pub fn number(&mut self) -> Result<Number, Bail> {
        let bytes = self.bytes;
        let start = self.pos;
        let negative = bytes.get(start) == Some(&b'-');
        let mut i = start + usize::from(negative);
        let digits = i;
        let n = run_of_digits(bytes, &mut i, 0);
        let count = i - digits;
        if count == 0 || count > 18 || (count > 1 && bytes[digits] == b'0') {
            return self.other_number(start);
        }
        match bytes.get(i) {
            Some(b'.') => self.decimal(start, negative, n, count, i + 1),
            Some(b'e' | b'E') => self.other_number(start),
            _ if negative && n == 0 => self.other_number(start),
            _ => {
                self.pos = i;
                Ok(if negative {
                    Number::from(-(n as i64))
                } else {
                    Number::from(n)
                })
            }
        }
    }

    /// A number with a fraction (`n` the integer part, of `count` digits, and the
    /// fraction from `i`): at most 15 digits in all and no exponent here, as the
    /// quotient of two exact floats, which IEEE division rounds correctly (what
    /// serde_json computes for these, with or without its `float_roundtrip`);
    /// any other by serde_json's parser.
    #[inline]
    fn decimal(
        &mut self,
        start: usize,
        negative: bool,
        n: u64,
        count: usize,
        mut i: usize,
    ) -> Result<Number, Bail> {
        let bytes = self.bytes;
        let from = i;
        let n = run_of_digits(bytes, &mut i, n);
        let fraction = i - from;
        if fraction == 0
            || count + fraction > DECIMAL_DIGITS
            || matches!(bytes.get(i), Some(b'e' | b'E'))
        {
            return self.other_number(start);
        }
        self.pos = i;
        Number::from_f64(exact_decimal(n, fraction, negative)).ok_or(Bail)
    }

    /// A number token that is not a plain integer, read by serde_json.
    #[cold]
    fn other_number(&mut self, start: usize) -> Result<Number, Bail> {
        let bytes = self.bytes;
        let mut i = start;
        while let Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') = bytes.get(i) {
            i += 1;
        }
        let token = self.text.get(start..i).ok_or(Bail)?;
        let n: Number = token.parse().map_err(|_| Bail)?;
        self.pos = i;
        Ok(n)
    }

    /// Consumes `word` (`true`, `false`, `null`) as the next bytes.
    #[inline(always)]
    pub fn literal(&mut self, word: &[u8]) -> Result<(), Bail> {
        if self.bytes[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(Bail)
        }
    }

    /// Skips the next value, checking that it is well formed and repeats no
    /// member name (a repeated one is a [`Bail`]: the exact path reports it).
    pub fn skip(&mut self) -> Result<(), Bail> {
        match self.peek()? {
            b'"' => self.string().map(drop),
            b'{' => {
                self.bump();
                self.enter()?;
                let mut names = Names::new();
                if self.first(b'}')? {
                    loop {
                        if self.peek()? != b'"' {
                            return Err(Bail);
                        }
                        let hash = name_hash(self.string()?);
                        if !names.insert(hash) {
                            return Err(Bail);
                        }
                        self.expect(b':')?;
                        self.skip()?;
                        if !self.more(b'}')? {
                            break;
                        }
                    }
                }
                self.leave();
                Ok(())
            }
            b'[' => {
                self.bump();
                self.enter()?;
                if self.first(b']')? {
                    loop {
                        self.skip()?;
                        if !self.more(b']')? {
                            break;
                        }
                    }
                }
                self.leave();
                Ok(())
            }
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            b'-' | b'0'..=b'9' => self.number().map(drop),
            _ => Err(Bail),
        }
    }

    /// Skips the next value (as [`Reader::skip`]) and returns its text.
    pub fn raw(&mut self) -> Result<&'t str, Bail> {
        self.peek()?;
        let start = self.pos;
        self.skip()?;
        self.text.get(start..self.pos).ok_or(Bail)
    }
}

/// Reads the digits from `*i` on (moving `*i` past them) onto `n`: `n` times ten
/// plus each digit, wrapping (the callers bound the count).
#[inline(always)]
fn run_of_digits(bytes: &[u8], i: &mut usize, mut n: u64) -> u64 {
    while let Some(&b) = bytes.get(*i) {
        if !b.is_ascii_digit() {
            break;
        }
        n = n.wrapping_mul(10).wrapping_add(u64::from(b - b'0'));
        *i += 1;
    }
    n
}

/// The value of the four hex digits at `i`.
fn hex4(bytes: &[u8], i: usize) -> Result<u32, Bail> {
    let digits = bytes.get(i..i + 4).ok_or(Bail)?;
    let mut v = 0;
    for &d in digits {
        v = v * 16 + char::from(d).to_digit(16).ok_or(Bail)?;
    }
    Ok(v)
}
