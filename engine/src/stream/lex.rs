//! The incremental JSON reader of the streaming checker: one byte at a time,
//! with a stack of open containers, telling [`Events`] what starts, what each
//! string holds (decoded) and what closes. It keeps only the open containers'
//! kinds and the current token (a string's decoded bytes, a number's digits),
//! never the text before.
//!
//! It says a text is malformed only where no continuation can make it JSON; a
//! construct it does not follow to the end (an escaped surrogate pair that is
//! not one) makes it stop judging ([`Lexer::opaque`]): the exact answer then
//! waits for the whole text.

use crate::text::scan::{exact_decimal, DECIMAL_DIGITS, STOP};
use serde_json::Value;

/// What a value starts as, at its first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Start {
    Object,
    Array,
    String,
    Number,
    True,
    False,
    Null,
}

/// A complete scalar: a string's decoded text (borrowed: the judge copies it
/// only where a keyword needs the value), or another value.
pub(super) enum Scalar<'t> {
    Text(&'t str),
    Value(Value),
}

/// What the judge makes of a member at its name's opening quote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Take {
    /// It took the member whole: this many bytes, through its value's last.
    Whole(usize),
    /// The text ends inside the member, and no byte of it so far can doom the
    /// call: the reader reads it from its opening quote when more comes.
    Wait,
    /// It took the member's name, which it found declared and new, and the
    /// `:`: this many bytes, to the value's first byte, which the reader
    /// reads.
    Named(usize),
    /// The reader reads it byte by byte.
    Read,
}

/// What the reader does next with a member or an item (see [`Take`]).
enum Step {
    /// Skip this many bytes, read whole.
    Skip(usize),
    /// Stop reading: it waits for more text.
    Stop,
    /// Read it byte by byte.
    Read,
}

/// What the reader tells as it goes; `at` is the byte's offset in the text.
pub(super) trait Events {
    /// A value starts (a member's value, an array's item, or the root).
    fn begin(&mut self, start: Start, at: usize);
    /// An object member starts: its name's opening quote.
    fn member(&mut self, at: usize);
    /// More decoded bytes of a member name (`name`) or of a string value:
    /// `token` is the string so far, `token[new..]` the bytes just read, the
    /// first at offset `at`, each next one at the next offset (a run of plain
    /// bytes; an escape's decoded bytes come one per call, at the escape's
    /// last byte).
    fn string_run(&mut self, name: bool, token: &[u8], new: usize, at: usize);
    /// A number's integer part grew: `token` is `-?[1-9][0-9]*` so far.
    fn digits(&mut self, token: &[u8], at: usize);
    /// A member name is complete.
    fn name_end(&mut self, name: &str, at: usize);
    /// A string, number or literal is complete, with its value.
    fn scalar_end(&mut self, value: Scalar<'_>, at: usize);
    /// An object or array closes.
    fn close(&mut self, at: usize);
    /// The text cannot become JSON: `what` says why.
    fn malformed(&mut self, what: &'static str, at: usize);
    /// Whether the call is doomed (nothing read after changes the decisions).
    fn doomed(&self) -> bool;
    /// A member whose name's opening quote starts `bytes` (the rest of the
    /// text fed), at offset `at`, read whole when the judge can (see
    /// [`super::lean`]).
    fn whole_member(&mut self, bytes: &[u8], at: usize) -> Take;
    /// An array's item whose first byte starts `bytes` (the rest of the text
    /// fed), read whole when the judge can (see [`super::lean`]).
    fn whole_item(&mut self, bytes: &[u8]) -> Take;
    /// Whether [`Events::digits`] of the number being read decides anything.
    fn tests_digits(&self) -> bool;
    /// Whether [`Events::string_run`] of a string value decides anything (a
    /// member name's runs are always told).
    fn tests_value(&self) -> bool;
}

/// Where in the grammar the reader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// A value is expected (the root, after `:` or `,` in an array).
    Value,
    /// After `[`: a value or `]`.
    ValueOrClose,
    /// After `{`: a name or `}`.
    NameOrClose,
    /// After `,` in an object: a name.
    Name,
    /// After a name: `:`.
    Colon,
    /// After a value: `,` or the container's close (whitespace only at the root).
    After,
    /// Inside a string (`name`: a member name).
    Str { name: bool },
    /// After `\` in a string.
    Escape { name: bool },
    /// Reading the 4 hex digits of `\u`: `got` digits so far, `unit` their value.
    Hex { name: bool, got: u8, unit: u32 },
    /// After a leading surrogate: `\` then `u` must follow (`step` 0, 1).
    Low { name: bool, step: u8 },
    /// A number, in the grammar's state `n`.
    Number(Num),
    /// A literal: `rest` bytes still to match.
    Literal(&'static [u8]),
    /// After the root value and trailing whitespace is all that may follow; also
    /// after a malformed byte (nothing more is judged).
    End,
}

/// The number grammar: sign, integer part, fraction, exponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Num {
    Minus,
    Zero,
    Int,
    Dot,
    Frac,
    E,
    ESign,
    Exp,
}

impl Num {
    /// Whether the number may end here.
    pub(super) fn complete(self) -> bool {
        matches!(self, Num::Zero | Num::Int | Num::Frac | Num::Exp)
    }

    /// The state after `b`, `None` when `b` does not continue the number.
    pub(super) fn next(self, b: u8) -> Option<Num> {
        let digit = b.is_ascii_digit();
        Some(match (self, b) {
            (Num::Minus, b'0') => Num::Zero,
            (Num::Minus, _) if digit => Num::Int,
            (Num::Int, _) if digit => Num::Int,
            (Num::Zero | Num::Int, b'.') => Num::Dot,
            (Num::Zero | Num::Int | Num::Frac, b'e' | b'E') => Num::E,
            (Num::Dot | Num::Frac, _) if digit => Num::Frac,
            (Num::E, b'+' | b'-') => Num::ESign,
            (Num::E | Num::ESign | Num::Exp, _) if digit => Num::Exp,
            _ => return None,
        })
    }
}

/// serde_json refuses text nested deeper than this many arrays and objects.
pub(super) const SERDE_DEPTH: usize = 127;

/// A kept token buffer holds at most this many bytes.
const KEPT_BYTES: usize = 64 * 1024;

/// The reader's state between chunks.
#[derive(Debug)]
pub(super) struct Lexer {
    state: State,
    /// `true` per open object, `false` per open array.
    open: Vec<bool>,
    /// The current string's decoded bytes, or number's characters.
    token: Vec<u8>,
    /// A leading surrogate waiting for its trailing half.
    high: u32,
    /// A construct the reader does not follow: it stopped judging.
    opaque: bool,
    /// The offset of a member's opening quote, read when more comes (see
    /// [`Take::Wait`]).
    waiting: Option<usize>,
}

/// An integer token of at most 18 digits (`-?(0|[1-9][0-9]*)`), read in place
/// (serde_json reads it to the same `i64`/`u64` value); `None` for the others
/// and for `-0`, which serde_json reads as the float `-0.0`.
pub(super) fn small_integer(token: &[u8]) -> Option<i64> {
    let (negative, digits) = match token {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, token),
    };
    if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits
        .iter()
        .fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
    match (negative, n) {
        (true, 0) => None,
        (true, n) => Some(-n),
        (false, n) => Some(n),
    }
}

/// A decimal token of at most 15 digits with a fraction and no exponent
/// (`-?[0-9]+\.[0-9]+`), read in place to the `f64` serde_json reads, as the
/// text path's reader does ([`exact_decimal`]). `None` for the others.
pub(super) fn small_decimal(token: &[u8]) -> Option<f64> {
    let (negative, digits) = match token {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, token),
    };
    let dot = digits.iter().position(|&b| b == b'.')?;
    let (int, frac) = (&digits[..dot], &digits[dot + 1..]);
    if int.is_empty() || frac.is_empty() || int.len() + frac.len() > DECIMAL_DIGITS {
        return None;
    }
    let mut significand = 0u64;
    for &d in int.iter().chain(frac) {
        if !d.is_ascii_digit() {
            return None;
        }
        significand = significand * 10 + u64::from(d - b'0');
    }
    Some(exact_decimal(significand, frac.len(), negative))
}

/// A number token read in place, as serde_json reads it: a
/// [`small_integer`] or a [`small_decimal`]; `None` for the others (an
/// exponent, more digits, `-0`), which serde_json's parser reads.
#[inline]
pub(super) fn small_number(token: &[u8]) -> Option<serde_json::Number> {
    match small_integer(token) {
        Some(n) => Some(n.into()),
        None => small_decimal(token).and_then(serde_json::Number::from_f64),
    }
}

/// How a number at the start of some bytes reads (see [`leading_number`]).
pub(super) enum NumberRead {
    /// Whole, in a form read in place: its value and length.
    Whole(serde_json::Number, usize),
    /// The bytes end inside it, every byte so far continuing a number.
    Cut,
    /// Not a number, or in a form that serde_json's parser reads.
    No,
}

/// The number at the start of `bytes` (its first byte `-` or a digit), when
/// a byte not continuing it follows, read in place as [`small_number`] reads
/// it: the common forms `-?(0|[1-9][0-9]*)(\.[0-9]+)?` in one pass, the
/// others by the grammar ([`Num`]) then [`small_number`].
#[inline(always)]
pub(super) fn leading_number(bytes: &[u8]) -> NumberRead {
    let negative = bytes.first() == Some(&b'-');
    let int_from = usize::from(negative);
    let mut i = int_from;
    let mut significand = 0u64;
    while let Some(&d @ b'0'..=b'9') = bytes.get(i) {
        significand = significand
            .wrapping_mul(10)
            .wrapping_add(u64::from(d - b'0'));
        i += 1;
    }
    let int_len = i - int_from;
    let mut frac_len = 0;
    if bytes.get(i) == Some(&b'.') {
        let from = i + 1;
        i = from;
        while let Some(&d @ b'0'..=b'9') = bytes.get(i) {
            significand = significand
                .wrapping_mul(10)
                .wrapping_add(u64::from(d - b'0'));
            i += 1;
        }
        frac_len = i - from;
    }
    let leading_zero = int_len > 1 && bytes[int_from] == b'0';
    if i == bytes.len() && int_len > 0 && !leading_zero {
        // Digits, maybe a `.` and more digits, to the end: it may go on.
        return NumberRead::Cut;
    }
    let fits = match frac_len {
        0 => int_len <= 18 && !(negative && significand == 0),
        _ => int_len + frac_len <= DECIMAL_DIGITS,
    };
    let ends = matches!(bytes.get(i), Some(b) if !matches!(b, b'0'..=b'9' | b'.' | b'e' | b'E'));
    if int_len > 0 && !leading_zero && fits && ends && (frac_len > 0 || bytes[i - 1] != b'.') {
        let number = match frac_len {
            0 => {
                let n = significand as i64;
                serde_json::Number::from(if negative { -n } else { n })
            }
            _ => match serde_json::Number::from_f64(exact_decimal(significand, frac_len, negative))
            {
                Some(number) => number,
                None => return NumberRead::No,
            },
        };
        return NumberRead::Whole(number, i);
    }
    number_by_grammar(bytes)
}

/// [`leading_number`] by the grammar, byte by byte.
fn number_by_grammar(bytes: &[u8]) -> NumberRead {
    let mut state = match bytes.first() {
        Some(b'-') => Num::Minus,
        Some(b'0') => Num::Zero,
        Some(b'1'..=b'9') => Num::Int,
        _ => return NumberRead::No,
    };
    let mut len = 1;
    loop {
        // The number must end in `bytes`: `1` may go on as `12`.
        let Some(&b) = bytes.get(len) else {
            return NumberRead::Cut;
        };
        match state.next(b) {
            Some(next) => state = next,
            None if state.complete() => break,
            None => return NumberRead::No,
        }
        len += 1;
    }
    match small_number(&bytes[..len]) {
        Some(number) => NumberRead::Whole(number, len),
        None => NumberRead::No,
    }
}

/// How many bytes at the start of `bytes` are plain string bytes (the text
/// path's [`STOP`] bytes end them).
#[inline(always)]
pub(super) fn plain_run(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&b| STOP[b as usize])
        .unwrap_or(bytes.len())
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl Default for Lexer {
    fn default() -> Lexer {
        Lexer {
            state: State::Value,
            open: Vec::new(),
            token: Vec::new(),
            high: 0,
            opaque: false,
            waiting: None,
        }
    }
}

impl Lexer {
    /// Whether its buffers are small enough to keep for another checker.
    pub(super) fn small(&self) -> bool {
        self.token.capacity() <= KEPT_BYTES
    }

    /// Made ready for another text, its buffers kept.
    pub(super) fn reset(&mut self) {
        self.state = State::Value;
        self.open.clear();
        self.token.clear();
        self.high = 0;
        self.opaque = false;
        self.waiting = None;
    }

    /// Whether it stopped judging (see the module).
    pub(super) fn opaque(&self) -> bool {
        self.opaque
    }

    /// The state after one whole value, read by the text path instead (see
    /// [`super::whole`]): only white space may follow.
    pub(super) fn read_whole(&mut self) {
        self.state = State::End;
        self.open.clear();
        self.token.clear();
    }

    /// Whether a member waits for more text (see [`Take::Wait`]).
    pub(super) fn waits(&self) -> bool {
        self.waiting.is_some()
    }

    /// Whether the text read is one whole JSON value (trailing white space
    /// aside), every construct of it followed.
    pub(super) fn complete(&self) -> bool {
        self.state == State::End && !self.opaque
    }

    /// Reads `text` (all the text fed) from offset `base`, or from the
    /// member that waits (see [`Take::Wait`]); with `halt`, only up to the
    /// byte that dooms the call, and no member waits; with `last` (the text
    /// ends here), none waits either.
    pub(super) fn feed(
        &mut self,
        text: &[u8],
        base: usize,
        ev: &mut impl Events,
        (halt, last): (bool, bool),
    ) {
        let base = self.waiting.take().unwrap_or(base);
        let chunk = &text[base..];
        let mut i = 0;
        while i < chunk.len() {
            if self.opaque || (halt && ev.doomed()) {
                return;
            }
            let b = chunk[i];
            match (self.state, b) {
                (State::Str { name }, _) => {
                    // A run of plain bytes goes in one event.
                    let run = plain_run(&chunk[i..]);
                    if run == 0 {
                        self.in_string(name, b, base + i, ev);
                        i += 1;
                        continue;
                    }
                    let new = self.token.len();
                    self.token.extend_from_slice(&chunk[i..i + run]);
                    if name || ev.tests_value() {
                        ev.string_run(name, &self.token, new, base + i);
                    }
                    i += run;
                    continue;
                }
                (State::Number(n), _) => {
                    i = self.number_run(n, chunk, i, base, ev);
                    continue;
                }
                // The commonest bytes between tokens, without the full step.
                (State::Colon, b':') => self.state = State::Value,
                (State::After, b',') | (State::Name | State::NameOrClose, b'"') => {
                    if b == b',' {
                        self.state = match self.open.last() {
                            Some(true) => State::Name,
                            _ => State::Value,
                        };
                        // The commonest: `,"`, the next member's name at once.
                        let next = self.state == State::Name
                            && chunk.get(i + 1) == Some(&b'"')
                            && !(halt && ev.doomed());
                        i += 1;
                        if !next {
                            continue;
                        }
                    }
                    loop {
                        let take = ev.whole_member(&chunk[i..], base + i);
                        match self.step(take, base + i, halt || last) {
                            Step::Skip(taken) => i += taken,
                            Step::Stop => return,
                            Step::Read => {
                                self.name_starts(base + i, ev);
                                i += 1;
                                break;
                            }
                        }
                        // A whole member, then `,"`: the next one at once.
                        let next = self.state == State::After
                            && chunk.get(i) == Some(&b',')
                            && chunk.get(i + 1) == Some(&b'"')
                            && !(halt && ev.doomed());
                        if !next {
                            break;
                        }
                        self.state = State::Name;
                        i += 1;
                    }
                    continue;
                }
                (State::Literal(rest), _) if chunk[i..].starts_with(rest) => {
                    // The literal's other bytes at once.
                    i += rest.len() - 1;
                    self.literal_end(base + i, ev);
                }
                (_, b' ' | b'\t' | b'\n' | b'\r') if self.between_tokens() => {}
                (State::Value | State::ValueOrClose, _) => {
                    // An item of an array, when it is a scalar.
                    if self.open.last() == Some(&false) && !matches!(b, b'{' | b'[' | b']') {
                        let take = ev.whole_item(&chunk[i..]);
                        match self.step(take, base + i, halt || last) {
                            Step::Skip(taken) => {
                                i += taken;
                                continue;
                            }
                            Step::Stop => return,
                            Step::Read => {}
                        }
                    }
                    self.value(b, base + i, ev)
                }
                _ => self.byte(b, base + i, ev),
            }
            i += 1;
        }
    }

    /// What the reader does with the judge's answer for a member or an item
    /// starting at offset `at` (`no_wait`: the text read now is all there is
    /// to read, or stops at a doom).
    fn step(&mut self, take: Take, at: usize, no_wait: bool) -> Step {
        match take {
            Take::Whole(taken) => {
                // The value closed: a `,` or the container's close follows.
                self.state = State::After;
                Step::Skip(taken)
            }
            Take::Named(taken) => {
                self.state = State::Value;
                Step::Skip(taken)
            }
            Take::Wait if !no_wait => {
                self.waiting = Some(at);
                Step::Stop
            }
            _ => Step::Read,
        }
    }

    /// Whether the reader is between tokens (where white space is skipped).
    #[inline(always)]
    fn between_tokens(&self) -> bool {
        matches!(
            self.state,
            State::Value
                | State::ValueOrClose
                | State::NameOrClose
                | State::Name
                | State::Colon
                | State::After
                | State::End
        )
    }

    /// Reads the bytes of a number from `chunk[i..]` (in state `n`) while they
    /// continue it; returns the index of the first byte read next. A byte
    /// that does not continue it ends it (or is malformed) as the full step
    /// says.
    #[inline(never)]
    fn number_run(
        &mut self,
        mut n: Num,
        chunk: &[u8],
        i: usize,
        base: usize,
        ev: &mut impl Events,
    ) -> usize {
        let digits = ev.tests_digits();
        let mut j = i;
        while let Some(&b) = chunk.get(j) {
            let Some(next) = n.next(b) else {
                break;
            };
            n = next;
            if digits && next == Num::Int {
                self.token.push(b);
                self.state = State::Number(next);
                ev.digits(&self.token, base + j);
                if ev.doomed() {
                    return j + 1;
                }
            } else if digits {
                self.token.push(b);
            }
            j += 1;
        }
        if !digits {
            self.token.extend_from_slice(&chunk[i..j]);
        }
        self.state = State::Number(n);
        if let Some(&b) = chunk.get(j) {
            self.in_number(n, b, base + j, ev);
            j += 1;
        }
        j
    }

    /// A member name's opening quote.
    fn name_starts(&mut self, at: usize, ev: &mut impl Events) {
        ev.member(at);
        self.token.clear();
        self.state = State::Str { name: true };
    }

    fn byte(&mut self, b: u8, at: usize, ev: &mut impl Events) {
        match self.state {
            State::Str { name } => self.in_string(name, b, at, ev),
            State::Escape { name } => self.escape(name, b, at, ev),
            State::Hex { name, got, unit } => self.hex(name, got, unit, b, at, ev),
            State::Low { name, step } => match (step, b) {
                (0, b'\\') => self.state = State::Low { name, step: 1 },
                (1, b'u') => {
                    self.state = State::Hex {
                        name,
                        got: 0,
                        unit: 0,
                    }
                }
                _ => self.opaque = true,
            },
            State::Number(n) => self.in_number(n, b, at, ev),
            State::Literal(rest) => self.in_literal(rest, b, at, ev),
            _ if is_space(b) => {}
            State::Value | State::ValueOrClose => self.value(b, at, ev),
            State::NameOrClose | State::Name => match b {
                b'"' => self.name_starts(at, ev),
                b'}' if self.state == State::NameOrClose => self.close(at, ev),
                _ => self.bad("expected a member name", at, ev),
            },
            State::Colon => match b {
                b':' => self.state = State::Value,
                _ => self.bad("expected `:`", at, ev),
            },
            State::After => match (b, self.open.last()) {
                (b',', Some(true)) => self.state = State::Name,
                (b',', Some(false)) => self.state = State::Value,
                (b'}', Some(true)) | (b']', Some(false)) => self.close(at, ev),
                _ => self.bad("expected `,` or the container's close", at, ev),
            },
            State::End => self.bad("trailing characters after the arguments", at, ev),
        }
    }

    fn in_number(&mut self, n: Num, b: u8, at: usize, ev: &mut impl Events) {
        match n.next(b) {
            Some(next) => {
                self.token.push(b);
                self.state = State::Number(next);
                if next == Num::Int {
                    ev.digits(&self.token, at);
                }
            }
            None if n.complete() => {
                self.number_end(at, ev);
                // A number past what serde_json reads leaves the reader
                // opaque, still in the number: nothing more is read.
                if !self.opaque {
                    self.byte(b, at, ev);
                }
            }
            None => self.bad("a number is not written this way", at, ev),
        }
    }

    fn in_literal(&mut self, rest: &'static [u8], b: u8, at: usize, ev: &mut impl Events) {
        if rest.first() != Some(&b) {
            return self.bad("expected `true`, `false` or `null`", at, ev);
        }
        if rest.len() > 1 {
            self.state = State::Literal(&rest[1..]);
            return;
        }
        self.literal_end(at, ev);
    }

    /// A literal's last byte (at `at`).
    fn literal_end(&mut self, at: usize, ev: &mut impl Events) {
        let value = match self.token.first() {
            Some(b't') => Value::Bool(true),
            Some(b'f') => Value::Bool(false),
            _ => Value::Null,
        };
        self.after_value();
        ev.scalar_end(Scalar::Value(value), at);
    }

    fn value(&mut self, b: u8, at: usize, ev: &mut impl Events) {
        let start = match b {
            b'{' => Start::Object,
            b'[' => Start::Array,
            b'"' => Start::String,
            b'-' | b'0'..=b'9' => Start::Number,
            b't' => Start::True,
            b'f' => Start::False,
            b'n' => Start::Null,
            b']' if self.state == State::ValueOrClose => return self.close(at, ev),
            _ => return self.bad("expected a value", at, ev),
        };
        if matches!(start, Start::Object | Start::Array) && self.open.len() >= SERDE_DEPTH {
            return self.bad("recursion limit exceeded", at, ev);
        }
        ev.begin(start, at);
        self.token.clear();
        self.token.push(b);
        self.state = match start {
            Start::Object => {
                self.open.push(true);
                State::NameOrClose
            }
            Start::Array => {
                self.open.push(false);
                State::ValueOrClose
            }
            Start::String => {
                self.token.clear();
                State::Str { name: false }
            }
            Start::Number if b == b'-' => State::Number(Num::Minus),
            Start::Number if b == b'0' => State::Number(Num::Zero),
            Start::Number => State::Number(Num::Int),
            Start::True => State::Literal(b"rue"),
            Start::False => State::Literal(b"alse"),
            Start::Null => State::Literal(b"ull"),
        };
        if self.state == State::Number(Num::Int) {
            ev.digits(&self.token, at);
        }
    }

    fn in_string(&mut self, name: bool, b: u8, at: usize, ev: &mut impl Events) {
        match b {
            b'"' => {
                let Ok(text) = std::str::from_utf8(&self.token) else {
                    return self.bad("invalid UTF-8 in a string", at, ev);
                };
                if name {
                    ev.name_end(text, at);
                    self.state = State::Colon;
                } else {
                    self.state = if self.open.is_empty() {
                        State::End
                    } else {
                        State::After
                    };
                    ev.scalar_end(Scalar::Text(text), at);
                }
            }
            b'\\' => self.state = State::Escape { name },
            0..=0x1f => self.bad("control character in a string", at, ev),
            _ => self.push(name, b, at, ev),
        }
    }

    fn escape(&mut self, name: bool, b: u8, at: usize, ev: &mut impl Events) {
        let decoded = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 8,
            b'f' => 12,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                self.state = State::Hex {
                    name,
                    got: 0,
                    unit: 0,
                };
                return;
            }
            _ => return self.bad("invalid escape", at, ev),
        };
        self.state = State::Str { name };
        self.push(name, decoded, at, ev);
    }

    fn hex(&mut self, name: bool, got: u8, unit: u32, b: u8, at: usize, ev: &mut impl Events) {
        let Some(d) = char::from(b).to_digit(16) else {
            return self.bad("invalid \\u escape", at, ev);
        };
        let unit = unit * 16 + d;
        if got < 3 {
            self.state = State::Hex {
                name,
                got: got + 1,
                unit,
            };
            return;
        }
        let code = match (self.high, unit) {
            (0, 0xD800..=0xDBFF) => {
                self.high = unit;
                self.state = State::Low { name, step: 0 };
                return;
            }
            (0, 0xDC00..=0xDFFF) => return self.opaque = true,
            (0, u) => u,
            (h, 0xDC00..=0xDFFF) => 0x10000 + ((h - 0xD800) << 10) + (unit - 0xDC00),
            _ => return self.opaque = true,
        };
        self.high = 0;
        self.state = State::Str { name };
        let Some(c) = char::from_u32(code) else {
            return self.opaque = true;
        };
        let mut buf = [0u8; 4];
        for &byte in c.encode_utf8(&mut buf).as_bytes() {
            self.push(name, byte, at, ev);
        }
    }

    fn push(&mut self, name: bool, b: u8, at: usize, ev: &mut impl Events) {
        self.token.push(b);
        if name || ev.tests_value() {
            ev.string_run(name, &self.token, self.token.len() - 1, at);
        }
    }

    fn number_end(&mut self, at: usize, ev: &mut impl Events) {
        if let Some(number) = small_number(&self.token) {
            self.after_value();
            return ev.scalar_end(Scalar::Value(Value::Number(number)), at);
        }
        // A number's token is ASCII: read as text, by the one serde_json reader
        // the crate compiles (`from_slice` would compile a second).
        let read = std::str::from_utf8(&self.token).map(serde_json::from_str::<Value>);
        match read {
            Ok(Ok(value)) => {
                self.after_value();
                ev.scalar_end(Scalar::Value(value), at);
            }
            // Beyond what serde_json reads (a huge exponent): the exact path says.
            _ => self.opaque = true,
        }
    }

    fn close(&mut self, at: usize, ev: &mut impl Events) {
        self.open.pop();
        self.after_value();
        ev.close(at);
    }

    fn after_value(&mut self) {
        self.state = if self.open.is_empty() {
            State::End
        } else {
            State::After
        };
    }

    fn bad(&mut self, what: &'static str, at: usize, ev: &mut impl Events) {
        self.opaque = true;
        ev.malformed(what, at);
    }
}

#[cfg(test)]
mod tests {
    use super::{leading_number, number_by_grammar, small_decimal, NumberRead};

    /// The one-pass reading of a leading number gives what the grammar and
    /// `small_number` give, on every short text of number bytes.
    #[test]
    fn leading_numbers_read_as_the_grammar_reads_them() {
        let alphabet = b"-0159.eE+,";
        let key = |read: NumberRead| match read {
            NumberRead::Whole(n, len) => format!("{n}/{len}/{:?}", n.as_f64().map(f64::to_bits)),
            NumberRead::Cut => "cut".into(),
            NumberRead::No => "no".into(),
        };
        let mut count = 0;
        for len in 1..=6u32 {
            for mut code in 0..alphabet.len().pow(len) {
                let mut text = vec![];
                for _ in 0..len {
                    text.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                if !matches!(text[0], b'-' | b'0'..=b'9') {
                    continue;
                }
                let (fast, slow) = (leading_number(&text), number_by_grammar(&text));
                let text = String::from_utf8_lossy(&text).into_owned();
                assert_eq!(key(fast), key(slow), "{text}");
                count += 1;
            }
        }
        let long = [
            "123456789012345678,",
            "1234567890123456789,",
            "-999999999999999.5]",
            "12345678901234.56}",
        ];
        for text in long {
            let (fast, slow) = (
                leading_number(text.as_bytes()),
                number_by_grammar(text.as_bytes()),
            );
            assert_eq!(key(fast), key(slow), "{text}");
        }
        assert!(count > 100_000);
    }

    /// The decimals read in place are serde_json's own values, bit for bit.
    #[test]
    fn small_decimals_read_as_serde_json_reads_them() {
        let mut texts: Vec<String> = [
            "0.1",
            "-0.0",
            "0.5",
            "3.5",
            "4.75",
            "0.3",
            "123456789012.345",
            "-99999999999999.9",
            "0.00000000000001",
            "1.0",
            "17.25",
            "900719925.474099",
            "2.22507385850720",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let frac = (x % 14 + 1) as usize;
            let digits = format!("{:015}", x % 1_000_000_000_000_000);
            let int = digits[..15 - frac].trim_start_matches('0');
            let int = if int.is_empty() { "0" } else { int };
            let sign = if x & 1 == 1 { "-" } else { "" };
            texts.push(format!("{sign}{int}.{}", &digits[15 - frac..]));
        }
        for text in &texts {
            let ours = small_decimal(text.as_bytes()).expect(text);
            let theirs: f64 = serde_json::from_str(text).unwrap();
            assert_eq!(ours.to_bits(), theirs.to_bits(), "{text}");
        }
        for text in ["1e5", "1.5e3", "12", "1234567890123456.5", "-"] {
            assert_eq!(small_decimal(text.as_bytes()), None, "{text}");
        }
    }
}
