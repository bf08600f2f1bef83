//! Where a violation is: the path of segments into the arguments, its JSON
//! Pointer and display, and the position among the top-level arguments.

use std::borrow::Cow;
use std::fmt;

/// Names (path segments, property names) are displayed up to this many
/// characters, then cut with `…`.
pub const NAME_SHOWN: usize = 60;

/// One step of a path into the arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    /// A property name: borrowed when the schema declares it (generated code
    /// names declared properties by `'static` literals), else owned.
    Key(Cow<'static, str>),
    /// An array index.
    Index(usize),
}

/// Where a violation is: the steps from the arguments object to the value.
///
/// Displayed as `filters.tags[2]`; the empty path is the arguments object itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path(pub Vec<Segment>);

impl Path {
    /// The arguments object itself.
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// The steps.
    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// RFC 6901 JSON pointer: `/filters/tags/2`.
    pub fn to_pointer(&self) -> String {
        let mut out = String::new();
        for seg in &self.0 {
            out.push('/');
            match seg {
                Segment::Key(k) => out.push_str(&crate::json::pointer::escape_token(k)),
                Segment::Index(i) => out.push_str(&i.to_string()),
            }
        }
        out
    }
}

impl Path {
    /// The path as `Display` writes it (`filters.tags[2]`), appended to `out`
    /// without the formatting machinery.
    pub fn write_to(&self, out: &mut String) {
        // A member of the arguments object (most paths): its name alone.
        if let [Segment::Key(k)] = self.0.as_slice() {
            crate::echo::push_name(out, k, NAME_SHOWN);
            return;
        }
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Segment::Key(k) => {
                    if i > 0 {
                        out.push('.');
                    }
                    crate::echo::push_name(out, k, NAME_SHOWN);
                }
                Segment::Index(n) => {
                    out.push('[');
                    push_u64(out, *n as u64);
                    out.push(']');
                }
            }
        }
    }

    /// An estimate of the displayed length, for sizing strings.
    #[doc(hidden)]
    pub fn text_len(&self) -> usize {
        self.0
            .iter()
            .map(|s| match s {
                Segment::Key(k) => k.len() + 1,
                Segment::Index(_) => 4,
            })
            .sum()
    }
}

/// `n` in decimal, appended to `out`.
#[doc(hidden)]
pub fn push_u64(out: &mut String, mut n: u64) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // ASCII digits, appended without checking them again as UTF-8.
    out.extend(buf[i..].iter().map(|&d| char::from(d)));
}

impl fmt::Display for Path {
    /// `filters.tags[2]`; names with control or bidi characters show them escaped
    /// (`\u001b`), and names longer than 60 characters are cut with `…` (see
    /// [`Path::to_pointer`] for the exact names).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

/// Which top-level argument a violation belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    /// Index of the argument among the call's arguments, in the call's order
    /// (`None` for a missing argument or the arguments object itself).
    pub argument: Option<usize>,
    /// Index of the argument among the schema's declared `properties`
    /// (`None` when undeclared, or for the arguments object itself).
    pub declared: Option<usize>,
}

impl Position {
    /// The position of a member of the value at `outer`: argument `argument`
    /// and declared `declared` when that value is the arguments object
    /// (`at_root`), `outer` otherwise: both back ends' position of a member.
    #[inline]
    pub fn at(
        at_root: bool,
        argument: Option<usize>,
        declared: Option<usize>,
        outer: Position,
    ) -> Position {
        if at_root {
            Position { argument, declared }
        } else {
            outer
        }
    }
}
