//! The decisions of the streaming checker, as the reader ([`super::lex`])
//! tells what the text holds: one frame per open value, each with the
//! alternatives ([`super::alts`]) the value can still satisfy. Every decision
//! is a keyword's own, from [`crate::keywords`], or the interpreter's on a
//! scalar checked whole when it closes.

use super::alts::{self, Alt};
use super::lex::{Events, Scalar, Start};
use crate::json::{JsonType, TypeSet};
use crate::keywords;
use crate::keywords::number::Bound;
use crate::keywords::object::rejects_undeclared;
use crate::options::Options;
use crate::schema::facts::NEVER;
use crate::schema::node_checks::object::closed;
use crate::schema::{Node, NodeId, Schema};
use crate::violation::{received_value, Kind, Path, Position, Segment, Violation};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashSet;

/// What a prefix test stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum What {
    /// A member name against the declared names.
    Name,
    Enum,
    Const,
}

/// An early test on a string's decoded bytes: it lives while some candidate
/// starts with the bytes read so far.
#[derive(Debug)]
struct Prefix<'a> {
    alt: usize,
    node: NodeId,
    what: What,
    candidates: Vec<&'a [u8]>,
}

/// What an open value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Object,
    Array,
    Scalar,
}

/// One open value.
#[derive(Debug)]
struct Frame<'a> {
    shape: Shape,
    alts: Vec<Alt>,
    /// Where it is in its parent.
    key: Option<Segment>,
    /// The arguments object itself (closed in tool-call mode).
    root: bool,
    /// Members or items begun so far.
    count: u64,
    /// An object's member names (a repeated one is a violation).
    names: HashSet<String>,
    /// The member whose value comes next.
    name: Option<String>,
    /// The decoded bytes of the current string (a name or a string value).
    partial: Vec<u8>,
    /// Code points of the current string value.
    chars: u64,
    prefixes: Vec<Prefix<'a>>,
    /// `maxLength` bounds of a string value: (alternative, limit).
    max_lengths: Vec<(usize, u64)>,
}

/// The live (alternative, node) pairs of a frame.
enum Live {
    One(Option<(usize, NodeId)>),
    Many(std::vec::IntoIter<(usize, NodeId)>),
}

impl Iterator for Live {
    type Item = (usize, NodeId);

    fn next(&mut self) -> Option<(usize, NodeId)> {
        match self {
            Live::One(one) => one.take(),
            Live::Many(all) => all.next(),
        }
    }
}

/// The decisions so far.
pub(super) struct Judge<'a> {
    schema: &'a Schema,
    options: Options,
    frames: Vec<Frame<'a>>,
    /// The violations of the decisions that doomed the call.
    pub found: Vec<Violation>,
    /// The byte at which the call was doomed.
    pub doomed_at: Option<usize>,
}

/// Whether a node's accepted types (`NodeFacts::accept`) take a value starting
/// as `start`: a number may still become an integer or not.
fn accepts(accept: u8, start: Start) -> bool {
    let bit = |t: JsonType| accept & (1 << t as u8) != 0;
    match start {
        Start::Number => bit(JsonType::Integer) || bit(JsonType::Number),
        other => bit(received_type(other)),
    }
}

/// The type a value starting as `start` has (a number: `number` until it closes).
fn received_type(start: Start) -> JsonType {
    match start {
        Start::Object => JsonType::Object,
        Start::Array => JsonType::Array,
        Start::String => JsonType::String,
        Start::Number => JsonType::Number,
        Start::True | Start::False => JsonType::Boolean,
        Start::Null => JsonType::Null,
    }
}

/// The types a node declares, as a `type` violation names them.
fn expected_types(node: &Node) -> TypeSet {
    let types = node.types.unwrap_or(TypeSet::EMPTY);
    if node.nullable {
        types.with(JsonType::Null)
    } else {
        types
    }
}

impl<'a> Judge<'a> {
    pub(super) fn new(schema: &'a Schema, options: &Options) -> Judge<'a> {
        Judge {
            schema,
            options: *options,
            frames: Vec::new(),
            found: Vec::new(),
            doomed_at: None,
        }
    }

    /// The path of the innermost open value (of the member whose name is being
    /// read, or whose value comes next, included).
    pub(super) fn path(&self) -> Path {
        let mut path = Path(self.frames.iter().filter_map(|f| f.key.clone()).collect());
        if let Some(top) = self.frames.last() {
            if let Some(name) = &top.name {
                path.0.push(Segment::Key(Cow::Owned(name.clone())));
            } else if top.shape == Shape::Object && !top.partial.is_empty() {
                let name = String::from_utf8_lossy(&top.partial).into_owned();
                path.0.push(Segment::Key(Cow::Owned(name)));
            }
        }
        path
    }

    /// The position of a violation at `path`, as the value path gives it.
    fn position(&self, path: &Path) -> Position {
        match path.0.first() {
            Some(Segment::Key(name)) => Position {
                argument: self
                    .frames
                    .first()
                    .map(|f| f.count.saturating_sub(1) as usize),
                declared: self.schema.root().declared_index(name),
            },
            _ => Position::default(),
        }
    }

    /// A violation at the path of frame `f` (the current value's own frame)
    /// extended by `tail`.
    fn violation(&self, f: usize, kind: Kind, tail: Option<Segment>) -> Violation {
        let mut path = Path(
            self.frames[..=f]
                .iter()
                .filter_map(|x| x.key.clone())
                .collect(),
        );
        path.0.extend(tail);
        let position = self.position(&path);
        Violation::new(kind, path, position)
    }

    /// Alternative `alt` of frame `f` is dead for `found`'s reasons; so is the
    /// alternative of the parent it served, when none other serves it, up to
    /// the root, where the last death dooms the call.
    fn kill(&mut self, mut f: usize, mut alt: usize, found: Vec<Violation>, at: usize) {
        if self.doomed_at.is_some() || self.frames[f].alts[alt].dead {
            return;
        }
        let limit = self.options.max_violations.max(1);
        for v in found {
            if self.found.len() < limit {
                self.found.push(v);
            }
        }
        loop {
            let frame = &mut self.frames[f];
            frame.alts[alt].dead = true;
            let parent = frame.alts[alt].parent;
            if frame.alts.iter().any(|a| !a.dead && a.parent == parent) {
                return;
            }
            if f == 0 {
                self.doomed_at = Some(at);
                return;
            }
            f -= 1;
            alt = parent;
            if self.frames[f].alts[alt].dead {
                return;
            }
        }
    }

    /// Dooms the call outright (a fact of the text, not of one alternative).
    pub(super) fn doom(&mut self, v: Violation, at: usize) {
        if self.doomed_at.is_none() {
            self.found.push(v);
            self.doomed_at = Some(at);
        }
    }

    /// The live (alternative, node) pairs of frame `f` (one without allocating).
    fn live(&self, f: usize) -> Live {
        let alts = &self.frames[f].alts;
        let mut pairs = alts
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.dead)
            .flat_map(|(i, a)| a.nodes.iter().map(move |&n| (i, n)));
        let first = pairs.next();
        match pairs.next() {
            None => Live::One(first),
            Some(second) => {
                let mut all = vec![first.unwrap_or(second), second];
                all.extend(pairs);
                Live::Many(all.into_iter())
            }
        }
    }

    fn is_dead(&self, f: usize, alt: usize) -> bool {
        self.frames[f].alts[alt].dead
    }

    /// The alternatives and the key of a value starting now in the top frame
    /// (or at the root).
    fn child(&mut self, start: Start) -> (Vec<Alt>, Option<Segment>) {
        let schema = self.schema;
        let null_is_absent = self.options.null_is_absent;
        let Some(frame) = self.frames.last_mut() else {
            let alts = alts::expand_all(schema, &[schema.root_id()], usize::MAX);
            return (alts, None);
        };
        let key = match frame.name.take() {
            Some(name) => Segment::Key(Cow::Owned(name)),
            None => {
                frame.count += 1;
                Segment::Index(frame.count as usize - 1)
            }
        };
        // A `null` member read as absent is checked by nothing but `required`.
        let free = matches!(key, Segment::Key(_)) && start == Start::Null && null_is_absent;
        let mut out = Vec::new();
        let mut nodes = Vec::new();
        for (i, a) in frame.alts.iter().enumerate() {
            if a.dead {
                continue;
            }
            nodes.clear();
            if !free {
                for &n in &a.nodes {
                    let node = schema.node(n);
                    match &key {
                        Segment::Key(name) => alts::member_nodes(node, name, &mut nodes),
                        Segment::Index(index) => nodes.extend(alts::item_node(node, *index)),
                    }
                }
            }
            out.extend(alts::expand_all(schema, &nodes, i));
        }
        (out, Some(key))
    }

    /// `maxItems` as an item of frame `f` (an array) begins.
    fn item_begun(&mut self, f: usize, at: usize) {
        self.count_decided(f, at, |node, count| {
            node.max_items
                .and_then(|max| keywords::array::max_items(max, count))
        });
    }

    /// A decision on the count of frame `f`'s items or members, per live node.
    fn count_decided(&mut self, f: usize, at: usize, decide: fn(&Node, u64) -> Option<Kind>) {
        let count = self.frames[f].count;
        for (alt, n) in self.live(f) {
            if let Some(kind) = decide(self.schema.node(n), count) {
                let v = self.violation(f, kind, None);
                self.kill(f, alt, vec![v], at);
            }
        }
    }

    /// `type` at a value's first byte, and the string tests of a string.
    fn first_byte(&mut self, start: Start, at: usize) {
        let f = self.frames.len() - 1;
        for (alt, n) in self.live(f) {
            if self.is_dead(f, alt) {
                continue;
            }
            let node: &'a Node = self.schema.node(n);
            let facts = self.schema.facts(n);
            let kind = if facts.flags & NEVER != 0 {
                Some(Kind::NotAllowed)
            } else if !accepts(facts.accept, start) {
                Some(Kind::Type {
                    expected: expected_types(node),
                    received: received_type(start),
                })
            } else {
                None
            };
            if let Some(kind) = kind {
                let v = self.violation(f, kind, None);
                self.kill(f, alt, vec![v], at);
            } else if start == Start::String {
                self.string_tests(f, alt, n, at);
            }
        }
    }

    /// The `enum`/`const` prefix tests and `maxLength` of a string value.
    fn string_tests(&mut self, f: usize, alt: usize, n: NodeId, at: usize) {
        let node: &'a Node = self.schema.node(n);
        if let Some(max) = node.max_length {
            self.frames[f].max_lengths.push((alt, max));
        }
        let mut tests = Vec::new();
        if let Some(allowed) = &node.enum_values {
            let candidates = allowed.iter().filter_map(|v| v.as_str().map(str::as_bytes));
            tests.push((What::Enum, candidates.collect::<Vec<_>>()));
        }
        if let Some(c) = &node.const_value {
            tests.push((
                What::Const,
                c.as_str().map(str::as_bytes).into_iter().collect(),
            ));
        }
        for (what, candidates) in tests {
            if candidates.is_empty() {
                // No listed value is a string: the keyword fails whatever follows.
                self.prefix_dead(f, alt, n, what, at);
            } else {
                self.frames[f].prefixes.push(Prefix {
                    alt,
                    node: n,
                    what,
                    candidates,
                });
            }
        }
    }

    /// Runs frame `f`'s prefix tests on its string's last byte.
    fn run_prefixes(&mut self, f: usize, at: usize) {
        let frame = &mut self.frames[f];
        let (Some(&byte), read) = (frame.partial.last(), frame.partial.len() - 1) else {
            return;
        };
        let mut dead = Vec::new();
        frame.prefixes.retain_mut(|p| {
            p.candidates.retain(|c| c.get(read) == Some(&byte));
            if p.candidates.is_empty() {
                dead.push((p.alt, p.node, p.what));
            }
            !p.candidates.is_empty()
        });
        for (alt, n, what) in dead {
            self.prefix_dead(f, alt, n, what, at);
        }
    }

    /// A prefix test of frame `f` failed: the string can be none of its values.
    fn prefix_dead(&mut self, f: usize, alt: usize, n: NodeId, what: What, at: usize) {
        if self.is_dead(f, alt) {
            return;
        }
        let node = self.schema.node(n);
        let so_far = String::from_utf8_lossy(&self.frames[f].partial).into_owned();
        let received = || received_value(&Value::String(so_far.clone()));
        let v = match (what, &node.enum_values, &node.const_value) {
            (What::Enum, Some(allowed), _) => {
                let kind = Kind::Enum {
                    allowed: allowed.clone(),
                    received: received(),
                };
                self.violation(f, kind, None)
            }
            (What::Const, _, Some(expected)) => {
                let kind = Kind::Const {
                    expected: expected.clone(),
                    received: received(),
                };
                self.violation(f, kind, None)
            }
            _ => {
                let name = Segment::Key(Cow::Owned(so_far.clone()));
                self.violation(f, Kind::Unexpected, Some(name))
            }
        };
        self.kill(f, alt, vec![v], at);
    }

    /// The violations of `value` against node `n`, at frame `f`'s path.
    fn scalar_violations(&self, f: usize, n: NodeId, value: &Value) -> Vec<Violation> {
        let base = self.violation(f, Kind::NotAllowed, None);
        let mut found = self.schema.report_below_root(n, value, &self.options);
        for v in &mut found {
            let mut path = base.path.0.clone();
            path.append(&mut v.path.0);
            v.path = Path(path);
            v.position = self.position(&v.path);
        }
        if found.is_empty() {
            found.push(base);
        }
        found
    }

    /// The keywords decided at an object's close: `required`, `minProperties`.
    fn object_closes(&mut self, f: usize, at: usize) {
        let count = self.frames[f].count;
        for (alt, n) in self.live(f) {
            let node = self.schema.node(n);
            let names = &self.frames[f].names;
            let mut found = Vec::new();
            for r in &node.required {
                let present = match node.declared_index(r) {
                    Some(d) => node.names_of(d).any(|x| names.contains(x)),
                    None => names.contains(r.as_str()),
                };
                if !present {
                    let name = Segment::Key(Cow::Owned(r.clone()));
                    found.push(self.violation(f, Kind::Missing, Some(name)));
                }
            }
            if let Some(min) = node.min_properties {
                if let Some(kind) = keywords::object::min_properties(min, count) {
                    found.push(self.violation(f, kind, None));
                }
            }
            if !found.is_empty() {
                self.kill(f, alt, found, at);
            }
        }
    }

    /// `minItems`, decided at an array's close.
    fn array_closes(&mut self, f: usize, at: usize) {
        self.count_decided(f, at, |node, count| {
            node.min_items
                .and_then(|min| keywords::array::min_items(min, count))
        });
    }
}

impl<'a> Events for Judge<'a> {
    fn begin(&mut self, start: Start, at: usize) {
        let container = matches!(start, Start::Object | Start::Array);
        if container && self.frames.len() >= self.options.max_depth {
            let path = self.path();
            let kind = Kind::TooDeep {
                limit: self.options.max_depth,
            };
            let position = self.position(&path);
            self.doom(Violation::new(kind, path, position), at);
        }
        let parent = self.frames.len().checked_sub(1);
        let (alts, key) = self.child(start);
        if let Some(p) = parent {
            if self.frames[p].shape == Shape::Array {
                self.item_begun(p, at);
            }
        }
        self.frames.push(Frame {
            shape: match start {
                Start::Object => Shape::Object,
                Start::Array => Shape::Array,
                _ => Shape::Scalar,
            },
            alts,
            key,
            root: parent.is_none(),
            count: 0,
            names: HashSet::new(),
            name: None,
            partial: Vec::new(),
            chars: 0,
            prefixes: Vec::new(),
            max_lengths: Vec::new(),
        });
        self.first_byte(start, at);
    }

    fn member(&mut self, at: usize) {
        let f = self.frames.len() - 1;
        self.frames[f].count += 1;
        self.frames[f].partial.clear();
        let count = self.frames[f].count;
        let root = self.frames[f].root;
        for (alt, n) in self.live(f) {
            let node: &'a Node = self.schema.node(n);
            if let Some(max) = node.max_properties {
                if let Some(kind) = keywords::object::max_properties(max, count) {
                    let v = self.violation(f, kind, None);
                    self.kill(f, alt, vec![v], at);
                    continue;
                }
            }
            let reject =
                rejects_undeclared(self.options.undeclared, closed(node, root), node.additional);
            if alts::names_closed(node, reject) {
                let candidates = node.properties.iter().flatten();
                self.frames[f].prefixes.push(Prefix {
                    alt,
                    node: n,
                    what: What::Name,
                    candidates: candidates.map(|p| p.name.as_bytes()).collect(),
                });
            }
        }
    }

    fn string_byte(&mut self, name: bool, byte: u8, at: usize) {
        let f = self.frames.len() - 1;
        let frame = &mut self.frames[f];
        frame.partial.push(byte);
        if !name && byte & 0xC0 != 0x80 {
            frame.chars += 1;
            let chars = frame.chars;
            let over: Vec<(usize, u64)> = frame
                .max_lengths
                .iter()
                .copied()
                .filter(|&(_, max)| chars > max)
                .collect();
            for (alt, max) in over {
                if let Some(kind) = keywords::string::max_length(max, chars) {
                    self.frames[f].max_lengths.retain(|&(a, _)| a != alt);
                    let v = self.violation(f, kind, None);
                    self.kill(f, alt, vec![v], at);
                }
            }
        }
        if !self.frames[f].prefixes.is_empty() {
            self.run_prefixes(f, at);
        }
    }

    fn digits(&mut self, token: &[u8], at: usize) {
        // Where `1.0` is an integer, or past 18 digits, the close decides.
        if self.options.integer_floats || token.len() > 18 {
            return;
        }
        let Some(n) = std::str::from_utf8(token)
            .ok()
            .and_then(|t| t.parse::<i64>().ok())
        else {
            return;
        };
        // More digits move the value away from zero; a fraction or an exponent
        // makes it a number, which an integer-only node refuses.
        let bounds = if n < 0 {
            [Bound::Minimum, Bound::ExclusiveMinimum]
        } else {
            [Bound::Maximum, Bound::ExclusiveMaximum]
        };
        let n = serde_json::Number::from(n);
        let f = self.frames.len() - 1;
        for (alt, id) in self.live(f) {
            if self.schema.facts(id).accept & (1 << JsonType::Number as u8) != 0 {
                continue;
            }
            let node = self.schema.node(id);
            for b in bounds {
                let kind = crate::schema::node_checks::number::limit_of(b, node)
                    .and_then(|limit| keywords::number::bound(b, limit, &n));
                if let Some(kind) = kind {
                    let v = self.violation(f, kind, None);
                    self.kill(f, alt, vec![v], at);
                }
            }
        }
    }

    fn name_end(&mut self, name: &str, at: usize) {
        let f = self.frames.len() - 1;
        self.frames[f].prefixes.clear();
        self.frames[f].partial.clear();
        let key = Some(Segment::Key(Cow::Owned(name.to_owned())));
        if !self.frames[f].names.insert(name.to_owned()) {
            let v = self.violation(f, Kind::Duplicate, key.clone());
            self.doom(v, at);
        }
        let root = self.frames[f].root;
        for (alt, n) in self.live(f) {
            if self.is_dead(f, alt) {
                continue;
            }
            let node = self.schema.node(n);
            let reject =
                rejects_undeclared(self.options.undeclared, closed(node, root), node.additional);
            if alts::refuses_name(node, reject, name) {
                let v = self.violation(f, Kind::Unexpected, key.clone());
                self.kill(f, alt, vec![v], at);
            } else if let Some(names) = node.property_names {
                let value = Value::String(name.to_owned());
                if !self.schema.accepts_below_root(names, &value, &self.options) {
                    let found = self.schema.report_below_root(names, &value, &self.options);
                    let problem = found.into_iter().next().map(|v| v.kind);
                    let kind = Kind::PropertyName {
                        name: name.to_owned(),
                        problem: Box::new(problem.unwrap_or(Kind::NotAllowed)),
                    };
                    let v = self.violation(f, kind, key.clone());
                    self.kill(f, alt, vec![v], at);
                }
            }
        }
        self.frames[f].name = Some(name.to_owned());
    }

    fn scalar_end(&mut self, value: Scalar<'_>, at: usize) {
        let f = self.frames.len() - 1;
        let mut owned = None;
        for (alt, n) in self.live(f) {
            if self.is_dead(f, alt) {
                continue;
            }
            // `type` was decided at the first byte; a string needs its value only
            // for the node's other keywords.
            if matches!(value, Scalar::Text(_)) && self.schema.facts(n).flags == 0 {
                continue;
            }
            let value = owned.get_or_insert_with(|| match &value {
                Scalar::Text(text) => Value::String((*text).to_owned()),
                Scalar::Value(v) => v.clone(),
            });
            if !self.schema.accepts_below_root(n, value, &self.options) {
                let found = self.scalar_violations(f, n, value);
                self.kill(f, alt, found, at);
            }
        }
        self.frames.pop();
    }

    fn close(&mut self, at: usize) {
        let f = self.frames.len() - 1;
        match self.frames[f].shape {
            Shape::Object => self.object_closes(f, at),
            _ => self.array_closes(f, at),
        }
        self.frames.pop();
    }

    fn malformed(&mut self, what: &'static str, at: usize) {
        let kind = Kind::NotJson {
            message: format!("{what} at byte {at}"),
        };
        self.doom(
            Violation::new(kind, Path::default(), Position::default()),
            at,
        );
    }
}
