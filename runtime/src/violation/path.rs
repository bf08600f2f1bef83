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
/// A path of one step (a member of the arguments object, where most violations
/// are) is held without an allocation of its own.
///
/// ```
/// # use tool_schema_runtime::{Path, Segment};
/// let path = Path::from(vec![Segment::Key("tags".into()), Segment::Index(2)]);
/// assert_eq!(path.to_string(), "tags[2]");
/// assert_eq!(path.segments().len(), 2);
/// ```
#[derive(Clone, Default)]
pub struct Path(Steps);

/// A path's steps: one held inline, else a list (empty for the root).
#[derive(Clone)]
enum Steps {
    One(Segment),
    Many(Vec<Segment>),
}

impl Default for Steps {
    fn default() -> Steps {
        Steps::Many(Vec::new())
    }
}

impl Path {
    /// The path of the arguments object itself (no step).
    pub const ROOT: Path = Path(Steps::Many(Vec::new()));

    /// The path of one step.
    #[inline]
    pub fn one(segment: Segment) -> Path {
        Path(Steps::One(segment))
    }

    /// The arguments object itself.
    pub fn is_root(&self) -> bool {
        self.segments().is_empty()
    }

    /// The steps.
    #[inline]
    pub fn segments(&self) -> &[Segment] {
        match &self.0 {
            Steps::One(s) => std::slice::from_ref(s),
            Steps::Many(v) => v,
        }
    }

    /// How many steps.
    pub fn len(&self) -> usize {
        self.segments().len()
    }

    /// Whether the path has no step (the arguments object itself).
    pub fn is_empty(&self) -> bool {
        self.is_root()
    }

    /// Adds a step at the end.
    pub fn push(&mut self, segment: Segment) {
        self.0 = match std::mem::take(&mut self.0) {
            Steps::Many(v) if v.is_empty() => Steps::One(segment),
            Steps::Many(mut v) => {
                v.push(segment);
                Steps::Many(v)
            }
            Steps::One(first) => Steps::Many(vec![first, segment]),
        };
    }

    /// The steps, as a list.
    pub fn into_segments(self) -> Vec<Segment> {
        match self.0 {
            Steps::One(s) => vec![s],
            Steps::Many(v) => v,
        }
    }

    /// RFC 6901 JSON pointer: `/filters/tags/2`.
    pub fn to_pointer(&self) -> String {
        let mut out = String::new();
        for seg in self.segments() {
            out.push('/');
            match seg {
                Segment::Key(k) => out.push_str(&crate::json::pointer::escape_token(k)),
                Segment::Index(i) => out.push_str(&i.to_string()),
            }
        }
        out
    }
}

impl From<Vec<Segment>> for Path {
    /// The path of these steps (one step is then held inline).
    fn from(mut segments: Vec<Segment>) -> Path {
        if segments.len() == 1 {
            if let Some(one) = segments.pop() {
                return Path::one(one);
            }
        }
        Path(Steps::Many(segments))
    }
}

impl FromIterator<Segment> for Path {
    fn from_iter<I: IntoIterator<Item = Segment>>(iter: I) -> Path {
        Path::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Extend<Segment> for Path {
    fn extend<I: IntoIterator<Item = Segment>>(&mut self, iter: I) {
        for segment in iter {
            self.push(segment);
        }
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Path) -> bool {
        self.segments() == other.segments()
    }
}

impl Eq for Path {}

impl std::hash::Hash for Path {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.segments().hash(state)
    }
}

impl fmt::Debug for Path {
    /// `Path([Key("city")])`, however the steps are held.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Path").field(&self.segments()).finish()
    }
}

impl Path {
    /// The path as `Display` writes it (`filters.tags[2]`), appended to `out`
    /// without the formatting machinery.
    pub fn write_to(&self, out: &mut String) {
        // A member of the arguments object (most paths): its name alone.
        if let [Segment::Key(k)] = self.segments() {
            crate::echo::push_name(out, k, NAME_SHOWN);
            return;
        }
        for (i, seg) in self.segments().iter().enumerate() {
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
        self.segments()
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, RandomState};

    fn key(k: &'static str) -> Segment {
        Segment::Key(Cow::Borrowed(k))
    }

    /// However a path's steps are held (one inline, or a list), the same steps
    /// compare, hash, print and display the same.
    #[test]
    fn one_step_held_inline_is_the_same_path_as_a_list() {
        let hasher = RandomState::new();
        let inline = Path::one(key("city"));
        let listed = Path(Steps::Many(vec![key("city")]));
        let pushed = {
            let mut p = Path::ROOT;
            p.push(key("city"));
            p
        };
        for p in [&listed, &pushed, &Path::from(vec![key("city")])] {
            assert_eq!(&inline, p);
            assert_eq!(hasher.hash_one(&inline), hasher.hash_one(p));
            assert_eq!(format!("{inline:?}"), format!("{p:?}"));
            assert_eq!(inline.to_string(), p.to_string());
        }
        assert_eq!(format!("{inline:?}"), r#"Path([Key("city")])"#);
        assert!(matches!(pushed.0, Steps::One(_)));
        assert!(matches!(Path::from(vec![key("city")]).0, Steps::One(_)));
    }

    #[test]
    fn steps_are_added_in_order() {
        let mut p = Path::default();
        assert!(p.is_root() && p.is_empty() && p.segments().is_empty());
        p.push(key("tags"));
        p.extend([Segment::Index(2), key("x")]);
        assert_eq!(p.len(), 3);
        assert_eq!(p.to_string(), "tags[2].x");
        assert_eq!(p.to_pointer(), "/tags/2/x");
        assert_eq!(p.clone().into_segments(), p.segments());
        let collected: Path = p.segments().iter().cloned().collect();
        assert_eq!(collected, p);
        assert_eq!(Path::one(key("a")).into_segments(), vec![key("a")]);
    }
}
