//! The decisions of the streaming checker, as the reader ([`super::lex`])
//! tells what the text holds: one frame ([`super::frame`]) per open value,
//! each with the alternatives ([`super::alts`]) the value can still satisfy.
//! Every decision is a keyword's own, from [`crate::keywords`], or the
//! interpreter's on a scalar checked whole when it closes.

use super::alts;
use super::bounds::{growing_breaks, int_bounded};
use super::early::{Early, Failure};
use super::frame::{Cursor, Frame, Key, NameState, Named, Shape};
use super::items::{self, Items};
use super::lex::{Events, Scalar, Start, Take};
use super::plan::{Plan, RootObject};
use super::prefix::{Prefixes, What};
use crate::json::{JsonType, ScalarProbe, TypeSet};
use crate::keywords;
use crate::keywords::object::rejects_undeclared;
use crate::options::Options;
use crate::schema::facts::{APPLY, CONST, ENUM, NEVER, NUMBER, STRING};
use crate::schema::node_checks::object::closed;
use crate::schema::node_checks::{enum_const, number, string};
use crate::schema::{Node, NodeId, Schema};
use crate::violation::{received_value, Condition, Kind, Path, Position, Segment, Violation};
use serde_json::Value;
use std::borrow::Cow;

/// The decisions on the text as the reader tells it, for one chunk: what
/// they ask of (the schema, its plan, the options) and the checker's early
/// tests, beside the [`State`] kept from chunk to chunk.
pub(super) struct Judge<'a, 's> {
    pub(super) schema: &'a Schema,
    /// What the checker precomputed per node of `schema`.
    pub(super) plan: &'a Plan,
    pub(super) options: &'s Options,
    /// The early tests of the string being read that patterns and
    /// `propertyNames` decide (made when a string first meets one: most
    /// calls never do).
    early: &'s mut Option<Box<Early<'a>>>,
    /// The frames, tests and decisions, kept from chunk to chunk.
    pub(super) state: &'s mut State,
}

/// What the judge keeps from chunk to chunk that borrows nothing from the
/// schema, with its buffers: kept per thread from checker to checker (see
/// [`super::spare`]), made ready for the next by [`State::reset`].
#[derive(Default)]
pub(super) struct State {
    /// The open values are `frames[..depth]`; the others wait for reuse.
    pub(super) frames: Vec<Frame>,
    pub(super) depth: usize,
    /// The early tests of the string being read.
    prefixes: Prefixes,
    /// The open arrays decided item by item (made when one first opens).
    items: Option<Box<Items>>,
    /// The nodes a child value must satisfy, per parent alternative (reused).
    pub(super) scratch: Vec<NodeId>,
    /// The violations of the decisions that doomed the call.
    pub found: Vec<Violation>,
    /// The byte at which the call was doomed.
    pub doomed_at: Option<usize>,
    /// A keyword this checker leaves to `finish` was met (see
    /// [`super::decided`]): the whole text's report is asked of `validate_str`.
    pub deferred: bool,
    /// The number being read has an integer-only node with a bound (see
    /// [`Events::digits`]), as its first byte found.
    int_bounded: bool,
    /// A member cut after its name, waiting for more text: its name read
    /// and found declared once (see [`super::lean`]).
    pub(super) named: Option<Named>,
}

impl State {
    /// Whether its buffers are small enough to keep for another checker.
    pub(super) fn small(&self) -> bool {
        self.frames.len() <= KEPT_DEPTH
            && self.frames.iter().all(Frame::small)
            && self.prefixes.small()
    }

    /// Made ready for another call, its buffers kept.
    pub(super) fn reset(&mut self) {
        self.depth = 0;
        self.prefixes.clear();
        self.items = None;
        self.scratch.clear();
        self.found.clear();
        self.doomed_at = None;
        self.deferred = false;
        self.int_bounded = false;
        self.named = None;
    }

    /// The key of frame `i` as a path segment.
    fn segment(&self, i: usize) -> Option<Segment> {
        match self.frames[i].key {
            Key::Root => None,
            Key::Member => Some(Segment::Key(Cow::Owned(
                text_of(&self.frames[i - 1].name).into_owned(),
            ))),
            Key::Index(index) => Some(Segment::Index(index)),
        }
    }

    /// The path of the innermost open value (of the member whose name is being
    /// read, or whose value comes next, included).
    pub(super) fn path(&self) -> Path {
        let mut path: Path = (0..self.depth).filter_map(|i| self.segment(i)).collect();
        if let Some(top) = self.depth.checked_sub(1).map(|f| &self.frames[f]) {
            let named = match top.name_state {
                NameState::Pending => true,
                NameState::Reading => top.shape == Shape::Object && !top.name.is_empty(),
                NameState::Idle => false,
            };
            if named {
                path.push(Segment::Key(Cow::Owned(text_of(&top.name).into_owned())));
            }
        }
        path
    }
}

/// A kept frame stack is at most this deep.
const KEPT_DEPTH: usize = 32;

/// Whether a node's accepted types (`NodeFacts::accept`) take a value starting
/// as `start`: a number may still become an integer or not.
pub(super) fn accepts(accept: u8, start: Start) -> bool {
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

/// Whether a `true`, `false` or `null` of a node with these facts is
/// decided by `type` alone, which its first byte decided.
#[inline(always)]
pub(super) fn by_type_alone(facts: &crate::schema::facts::NodeFacts) -> bool {
    facts.flags & (NEVER | APPLY | ENUM | CONST | NUMBER) == 0
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

/// A member name as a path segment.
fn key(name: &str) -> Segment {
    Segment::Key(Cow::Owned(name.to_owned()))
}

/// A name read from the text (complete names were checked as UTF-8).
fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

impl<'a, 's> Judge<'a, 's> {
    /// The judge of one chunk: `state` (kept from chunk to chunk) and
    /// `early` decided on `schema` (whose plan is `plan`) with `options`.
    #[inline]
    pub(super) fn new(
        schema: &'a Schema,
        plan: &'a Plan,
        options: &'s Options,
        early: &'s mut Option<Box<Early<'a>>>,
        state: &'s mut State,
    ) -> Judge<'a, 's> {
        Judge {
            schema,
            plan,
            options,
            early,
            state,
        }
    }

    /// The position of a violation at `path`, as the value path gives it.
    fn position(&self, path: &Path) -> Position {
        match path.segments().first() {
            Some(Segment::Key(name)) => Position {
                argument: (self.state.depth > 0)
                    .then(|| self.state.frames[0].count.saturating_sub(1) as usize),
                declared: self.schema.root().declared_index(name),
            },
            _ => Position::default(),
        }
    }

    /// A violation at the path of frame `f` (the current value's own frame)
    /// extended by `tail`.
    fn violation(&self, f: usize, kind: Kind, tail: Option<Segment>) -> Violation {
        let mut path: Path = (0..=f).filter_map(|i| self.state.segment(i)).collect();
        path.extend(tail);
        let position = self.position(&path);
        Violation::new(kind, path, position)
    }

    /// Alternative `alt` of frame `f` is dead for `found`'s reasons; so is the
    /// alternative of the parent it served, when none other serves it, up to
    /// the root, where the last death dooms the call.
    fn kill(&mut self, mut f: usize, mut alt: usize, found: Vec<Violation>, at: usize) {
        if self.state.doomed_at.is_some() || self.state.frames[f].alts[alt].dead {
            return;
        }
        let limit = self.options.max_violations.max(1);
        for v in found {
            if self.state.found.len() < limit {
                self.state.found.push(v);
            }
        }
        loop {
            let frame = &mut self.state.frames[f];
            frame.alts[alt].dead = true;
            let parent = frame.alts[alt].parent;
            if frame.alts.iter().any(|a| !a.dead && a.parent == parent) {
                return;
            }
            if f == 0 {
                self.state.doomed_at = Some(at);
                return;
            }
            f -= 1;
            alt = parent;
            if self.state.frames[f].alts[alt].dead {
                return;
            }
        }
    }

    /// Dooms the call outright (a fact of the text, not of one alternative).
    pub(super) fn doom(&mut self, v: Violation, at: usize) {
        if self.state.doomed_at.is_none() {
            self.state.found.push(v);
            self.state.doomed_at = Some(at);
        }
    }

    /// Opens a frame for a value starting as `start` (a member's value or an
    /// item of the top frame, or the root), with its alternatives. Returns
    /// `false` when a bound cut their expansion.
    fn open(&mut self, start: Start) -> bool {
        let shape = match start {
            Start::Object => Shape::Object,
            Start::Array => Shape::Array,
            _ => Shape::Scalar,
        };
        let depth = self.state.depth;
        if self.state.frames.len() == depth {
            self.state.frames.push(Frame::new());
        }
        self.state.depth += 1;
        let Judge {
            schema,
            plan,
            options,
            state,
            ..
        } = self;
        let State {
            frames,
            scratch,
            deferred,
            ..
        } = &mut **state;
        let schema: &'a Schema = schema;
        let (open, rest) = frames.split_at_mut(depth);
        let child = &mut rest[0];
        let Some(parent) = open.last_mut() else {
            child.reset(shape, Key::Root, true);
            let root = [schema.root_id()];
            let (alts, nodes) = (&mut child.alts, &mut child.nodes);
            return alts::expand_all(schema, plan, &root, usize::MAX, alts, nodes);
        };
        let key = parent.child_key();
        child.reset(shape, key, false);
        // A `null` member read as absent is checked by nothing but `required`,
        // which `finish` leaves to `validate_str`.
        let free = key == Key::Member && start == Start::Null && options.null_is_absent;
        *deferred |= free;
        // The name's bytes (the reader checked them as UTF-8).
        let name = &parent.name[..];
        // A member's declared properties per parent node, as the name's end
        // left them at the start of `scratch`; the child's nodes follow.
        let base = match key {
            Key::Member => parent.nodes.len(),
            _ => 0,
        };
        debug_assert!(scratch.len() >= base);
        // Each live parent alternative's nodes for the value, expanded while
        // the value has at most `MAX_ALTERNATIVES` alternatives in all; past
        // that, again with one alternative per parent alternative, its nodes
        // unexpanded (what they apply in place is left to a scalar's close or
        // to `finish`). So no frame has more alternatives than
        // `MAX_ALTERNATIVES` or than its parent: the count never grows with
        // the depth.
        // (Each expansion has at most `MAX_ALTERNATIVES`, so this first
        // reading makes at most their square.)
        let mut whole = true;
        for (i, a) in parent.alts.iter().enumerate() {
            if a.dead {
                continue;
            }
            scratch.truncate(base);
            if !free {
                child_nodes(schema, &parent.nodes, a, key, name, scratch);
            }
            let (alts, nodes) = (&mut child.alts, &mut child.nodes);
            whole &= alts::expand_all(schema, plan, &scratch[base..], i, alts, nodes);
        }
        if child.alts.len() > alts::MAX_ALTERNATIVES {
            unexpanded(schema, parent, child, key, free, base, scratch);
            whole = false;
        }
        whole
    }

    /// Opens the root frame of arguments that open as an object, as the plan
    /// holds it (see [`RootObject`]): what [`Judge::open`], the `type`
    /// decision and the lean node would give.
    fn open_root_object(&mut self, root: RootObject) {
        if self.state.frames.is_empty() {
            self.state.frames.push(Frame::new());
        }
        self.state.depth = 1;
        self.state.int_bounded = false;
        let frame = &mut self.state.frames[0];
        frame.reset(Shape::Object, Key::Root, true);
        alts::one(root.node, usize::MAX, &mut frame.alts, &mut frame.nodes);
        frame.lean = root.lean;
        self.state.deferred |= !root.decided;
    }

    /// The schema of an object or array starting as `start` in frame `p`,
    /// when `open` and `first_byte` would make its frame of that one node
    /// with nothing to decide: `p` is lean (one live alternative of one
    /// node), the value is a member of a declared property or an item, and
    /// its schema applies nothing in place, takes values starting so, is not
    /// `false`, and (for an array) decides nothing item by item.
    #[inline]
    fn lean_child(&self, p: usize, start: Start) -> Option<NodeId> {
        let frame = &self.state.frames[p];
        let n = frame.lean.filter(|_| !frame.alts[0].dead)?;
        let child = match (frame.shape, start) {
            (Shape::Object, _) if frame.name_state == NameState::Pending => {
                Some(*self.state.scratch.first()?).filter(|&d| d != alts::UNDECLARED)?
            }
            (Shape::Array, _) => alts::item_node(self.schema.node(n), frame.count as usize)?,
            _ => return None,
        };
        let (facts, plan) = (self.schema.facts(child), self.plan.node(child));
        let plain = plan.simple
            && facts.flags & NEVER == 0
            && accepts(facts.accept, start)
            && !(start == Start::Array && items::asks(self.schema, child));
        plain.then_some(child)
    }

    /// Opens the frame of an object or array of schema `child` (see
    /// [`Judge::lean_child`]): the frame `open` and `first_byte` make.
    fn open_lean(&mut self, child: NodeId, start: Start) {
        let shape = match start {
            Start::Object => Shape::Object,
            _ => Shape::Array,
        };
        let depth = self.state.depth;
        let frames = &mut self.state.frames;
        if frames.len() == depth {
            frames.push(Frame::new());
        }
        self.state.depth += 1;
        self.state.int_bounded = false;
        let (open, rest) = frames.split_at_mut(depth);
        let (parent, frame) = (&mut open[depth - 1], &mut rest[0]);
        let key = parent.child_key();
        frame.reset(shape, key, false);
        alts::one(child, 0, &mut frame.alts, &mut frame.nodes);
        let plan = self.plan.node(child);
        frame.lean = super::frame::lean(plan, shape).then_some(child);
        self.state.deferred |= !plan.decided;
    }

    /// A decision on the count of frame `f`'s items or members, per live node.
    fn count_decided(&mut self, f: usize, at: usize, decide: fn(&Node, u64) -> Option<Kind>) {
        let count = self.state.frames[f].count;
        let mut live = Cursor::default();
        while let Some((alt, n)) = live.next(&self.state.frames[f]) {
            if let Some(kind) = decide(self.schema.node(n), count) {
                let v = self.violation(f, kind, None);
                self.kill(f, alt, vec![v], at);
            }
        }
    }

    /// `type` at a value's first byte, and the string tests of a string.
    fn first_byte(&mut self, start: Start, at: usize) {
        let f = self.state.depth - 1;
        let mut live = Cursor::default();
        self.state.int_bounded = false;
        while let Some((alt, n)) = live.next(&self.state.frames[f]) {
            let node: &'a Node = self.schema.node(n);
            let facts = self.schema.facts(n);
            self.state.int_bounded |= start == Start::Number && int_bounded(facts);
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
            self.state.prefixes.max_lengths.push((alt, max));
        }
        let plan = self.plan.node(n);
        if node.enum_values.is_some() {
            if plan.enum_strings.is_empty() {
                // No listed value is a string: the keyword fails whatever follows.
                self.prefix_dead(f, alt, n, What::Enum, b"", at);
            } else {
                let strings = plan.enum_strings.iter().copied();
                self.state.prefixes.add(alt, n, What::Enum, strings);
            }
        }
        if node.const_value.is_some() {
            match plan.const_string {
                Some(s) => {
                    let one = std::iter::once(s);
                    self.state.prefixes.add(alt, n, What::Const, one);
                }
                None => self.prefix_dead(f, alt, n, What::Const, b"", at),
            }
        }
        // An anchored pattern (the others cannot die before the close).
        let Some(state) = node.pattern.as_ref().and_then(|p| p.prefix_match()) else {
            return;
        };
        if state.is_live() {
            self.early().value(alt, n, state);
        } else {
            // The pattern matches no string.
            let failure = Failure {
                alt,
                node: n,
                why: super::early::Why::Pattern,
                at: 0,
            };
            self.early_dead(f, failure, b"", at);
        }
    }

    /// The early tests, made on first use.
    fn early(&mut self) -> &mut Early<'a> {
        self.early.get_or_insert_with(Box::default)
    }

    /// An early test of frame `f` failed on the string `token[..=failure.at]`
    /// (`at` the offset of that byte).
    fn early_dead(&mut self, f: usize, failure: Failure, token: &[u8], at: usize) {
        if self.state.frames[f].alts[failure.alt].dead {
            return;
        }
        let so_far = text_of(token.get(..=failure.at).unwrap_or_default()).into_owned();
        let names = match failure.why {
            super::early::Why::NamePattern(id) | super::early::Why::NameLength(id) => {
                Some(self.schema.node(id))
            }
            _ => None,
        };
        let node = self.schema.node(failure.node);
        let kind = failure.kind(node, names, &so_far);
        let on_name = failure.why != super::early::Why::Pattern;
        let v = self.violation(f, kind, on_name.then(|| key(&so_far)));
        self.kill(f, failure.alt, vec![v], at);
    }

    /// Runs the early tests on `token[new..]`, whose first byte is at `at`.
    fn run_early(&mut self, f: usize, token: &[u8], new: usize, at: usize) {
        let failed = self.early().run(token).to_vec();
        for failure in failed {
            let at = (at + failure.at).saturating_sub(new);
            self.early_dead(f, failure, token, at);
        }
    }

    /// The early tests of a member name of an object of node `n` (alternative
    /// `alt`, `reject` as [`alts::names_closed`] reads it): `propertyNames`
    /// (`enum`, `const`, `pattern`, `maxLength`), and whether a name of an
    /// object closed to all but its `properties` and `patternProperties` can
    /// still be one of those.
    fn name_tests(&mut self, alt: usize, n: NodeId, reject: bool) {
        let node: &'a Node = self.schema.node(n);
        let patterned = !node.pattern_properties.is_empty();
        let closed = (patterned && alts::closed_but_patterns(node, reject))
            .then(|| &*self.plan.node(n).by_name);
        let names = node.property_names.map(|id| (id, self.schema.node(id)));
        if closed.is_some() || names.is_some() {
            self.early().member(alt, n, node, closed, names);
        }
        let Some((id, names)) = names else {
            return;
        };
        // `enum` and `const` of the names, as of a string value; one that
        // lists no string fails at the name's close.
        let plan = self.plan.node(id);
        if names.enum_values.is_some() {
            let strings = plan.enum_strings.iter().copied();
            self.state.prefixes.add(alt, id, What::NameEnum, strings);
        }
        if let Some(c) = plan.const_string {
            let one = std::iter::once(c);
            self.state.prefixes.add(alt, id, What::NameConst, one);
        }
    }

    /// A prefix test of frame `f` failed: the string (`so_far`) can be none of
    /// its values.
    fn prefix_dead(
        &mut self,
        f: usize,
        alt: usize,
        n: NodeId,
        what: What,
        so_far: &[u8],
        at: usize,
    ) {
        if self.state.frames[f].alts[alt].dead {
            return;
        }
        let node = self.schema.node(n);
        let so_far = text_of(so_far).into_owned();
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
            (What::NameEnum | What::NameConst, allowed, expected) => {
                let problem = match (what, allowed, expected) {
                    (What::NameEnum, Some(allowed), _) => Kind::Enum {
                        allowed: allowed.clone(),
                        received: received(),
                    },
                    (_, _, Some(expected)) => Kind::Const {
                        expected: expected.clone(),
                        received: received(),
                    },
                    _ => Kind::NotAllowed,
                };
                let kind = Kind::PropertyName {
                    name: so_far.clone(),
                    problem: Box::new(problem),
                };
                self.violation(f, kind, Some(key(&so_far)))
            }
            _ => {
                let name = Segment::Key(Cow::Owned(so_far.clone()));
                self.violation(f, Kind::Unexpected, Some(name))
            }
        };
        self.kill(f, alt, vec![v], at);
    }

    /// `maxLength` on the current string of frame `f`, one character longer.
    fn max_lengths(&mut self, f: usize, at: usize) {
        let chars = self.state.prefixes.chars;
        let mut i = 0;
        while i < self.state.prefixes.max_lengths.len() {
            let (alt, max) = self.state.prefixes.max_lengths[i];
            match keywords::string::max_length(max, chars) {
                Some(kind) if chars > max => {
                    self.state.prefixes.max_lengths.remove(i);
                    let v = self.violation(f, kind, None);
                    self.kill(f, alt, vec![v], at);
                }
                _ => i += 1,
            }
        }
    }

    /// Runs the prefix tests on `token[new..]`, whose first byte is at `at`.
    #[inline]
    fn run_prefixes(&mut self, f: usize, token: &[u8], new: usize, at: usize) {
        if !self
            .state
            .prefixes
            .run(token, new, self.schema, self.plan)
            .is_empty()
        {
            self.prefixes_failed(f, token, new, at);
        }
    }

    /// The prefix tests that failed in the last run, each at its byte.
    #[inline(never)]
    fn prefixes_failed(&mut self, f: usize, token: &[u8], new: usize, at: usize) {
        let failed = self.state.prefixes.failed().to_vec();
        for (k, t) in failed {
            self.prefix_dead(f, t.alt, t.node, t.what, &token[..=k], at + (k - new));
        }
    }

    /// Whether scalar `value` satisfies node `n` (`owned`: the value, made
    /// once, where the interpreter needs it).
    pub(super) fn scalar_ok(
        &self,
        n: NodeId,
        value: &Scalar<'_>,
        owned: &mut Option<Value>,
    ) -> bool {
        let facts = self.schema.facts(n);
        if let Scalar::Text(text) = value {
            // `type` was decided at the first byte.
            if facts.flags & (NEVER | APPLY | ENUM | CONST | STRING) == 0 {
                return true;
            }
            // The node's own keywords in the interpreter's order, without a `Value`.
            if facts.flags & (NEVER | APPLY) == 0 {
                let node = self.schema.node(n);
                let set = facts.enum_set.as_deref();
                return enum_const::valid_by(node, set, &ScalarProbe::Str(text))
                    && (facts.flags & STRING == 0 || string::valid(node, text, self.options));
            }
        } else if let Scalar::Value(v) = value {
            let decided = match v {
                Value::Number(number) => self.number_ok(n, number),
                _ => by_type_alone(facts).then_some(true),
            };
            if let Some(ok) = decided {
                return ok;
            }
        }
        let value = owned.get_or_insert_with(|| match value {
            Scalar::Text(text) => Value::String((*text).to_owned()),
            Scalar::Value(v) => v.clone(),
        });
        self.schema.accepts_below_root(n, value, self.options)
    }

    /// Whether `number` satisfies node `n`, when that is decided without the
    /// interpreter's walk (`None`: ask it). `type` was decided at the first
    /// byte, but for a number read as a float, which a node taking integers
    /// only may still refuse.
    #[inline]
    pub(super) fn number_ok(&self, n: NodeId, number: &serde_json::Number) -> Option<bool> {
        let facts = self.schema.facts(n);
        let any_number = facts.accept & (1 << JsonType::Number as u8) != 0;
        if !any_number && number.is_f64() {
            return None;
        }
        if facts.flags & (NEVER | APPLY | ENUM | CONST | NUMBER) == 0 {
            return Some(true);
        }
        // Bounds alone: the interpreter's own check of them, without its walk.
        (facts.flags == NUMBER).then(|| {
            let (node, limits) = (self.schema.node(n), facts.limits.as_deref());
            number::valid_prepared(node, limits, number, self.options)
        })
    }

    /// The violations of `value` against node `n`, at frame `f`'s path.
    fn scalar_violations(&self, f: usize, n: NodeId, value: &Value) -> Vec<Violation> {
        let base = self.violation(f, Kind::NotAllowed, None);
        let mut found = self.schema.report_below_root(n, value, self.options);
        for v in &mut found {
            let mut path = base.path.clone();
            path.extend(std::mem::take(&mut v.path).into_segments());
            v.path = path;
            v.position = self.position(&v.path);
        }
        if found.is_empty() {
            found.push(base);
        }
        found
    }

    /// Whether object frame `f` closes with no decision to make: its lean
    /// node asks nothing at the close but `required` names, all present by
    /// their slots (see [`NodePlan::closes_by_slots`](super::plan::NodePlan)).
    #[inline]
    fn closes_by_slots(&self, f: usize) -> bool {
        let frame = &self.state.frames[f];
        frame.lean.is_some_and(|n| {
            let by_slots = self.plan.node(n).closes_by_slots;
            by_slots.is_some_and(|m| frame.names.has_slots(m))
        })
    }

    /// Whether a member `name` came in object frame `f`: by its slot, when
    /// the frame's one node declares it below slot 64 (see
    /// [`NameSet`](super::names::NameSet)), else among the names kept.
    fn came(&self, f: usize, name: &str) -> bool {
        let frame = &self.state.frames[f];
        match frame.lean.and_then(|n| self.slot_of(n, name.as_bytes())) {
            Some(slot) if slot < 64 => !frame.names.lacks_slot(slot, name.as_bytes()),
            _ => frame.names.contains(name),
        }
    }

    /// The keywords decided at an object's close: `required`, `minProperties`,
    /// `dependentRequired`.
    fn object_closes(&mut self, f: usize, at: usize) {
        let count = self.state.frames[f].count;
        let mut live = Cursor::default();
        while let Some((alt, n)) = live.next(&self.state.frames[f]) {
            let names = &self.state.frames[f].names;
            let came = |name: &str| self.came(f, name);
            let node = self.schema.node(n);
            let mut found = Vec::new();
            // Alias entries follow the properties: without them a required
            // name is present under its own name only.
            let props = node.properties.as_deref().unwrap_or_default();
            let aliased = props.last().is_some_and(|p| p.alias_of.is_some());
            // Every required name present by its slot (see `NameSet::has_slots`).
            let required = self.plan.node(n).required_slots;
            let present = self.state.frames[f].lean == Some(n)
                && required.is_some_and(|m| names.has_slots(m));
            for r in node.required.iter().filter(|_| !present) {
                let present = match aliased.then(|| node.declared_index(r)).flatten() {
                    Some(d) => node.names_of(d).any(came),
                    None => came(r.as_str()),
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
            // `dependentRequired`: the names a present member asks for.
            for (name, needs) in &node.dependent_required {
                if keywords::object::dependencies_met(came, name, needs) {
                    continue;
                }
                let member = self.violation(f, Kind::NotAllowed, Some(key(name))).path;
                for need in needs.iter().filter(|n| !came(n)) {
                    let kind = Kind::Conditional {
                        condition: Condition::Present {
                            member: member.clone(),
                        },
                        problem: Box::new(Kind::Missing),
                    };
                    found.push(self.violation(f, kind, Some(key(need))));
                }
            }
            if !found.is_empty() {
                self.kill(f, alt, found, at);
            }
        }
    }
}

/// The alternatives of `child` again, one per live alternative of `parent`
/// with its nodes unexpanded (see [`Judge::open`]).
#[cold]
fn unexpanded(
    schema: &Schema,
    parent: &Frame,
    child: &mut Frame,
    key: Key,
    free: bool,
    base: usize,
    scratch: &mut Vec<NodeId>,
) {
    child.alts.clear();
    child.nodes.clear();
    for (i, a) in parent.alts.iter().enumerate().filter(|(_, a)| !a.dead) {
        scratch.truncate(base);
        if !free {
            child_nodes(schema, &parent.nodes, a, key, &parent.name, scratch);
        }
        alts::unexpanded(&scratch[base..], i, &mut child.alts, &mut child.nodes);
    }
}

/// Appends to `scratch` the schemas the value keyed `key` (a member named
/// `name`, or an item) must satisfy under the parent's alternative `alt` (of
/// the parent's `nodes`): for a member, `scratch` starts with the declared
/// property the name's end found per parent node (`alts::UNDECLARED`: none).
#[inline(always)]
fn child_nodes(
    schema: &Schema,
    nodes: &[NodeId],
    alt: &alts::Alt,
    key: Key,
    name: &[u8],
    scratch: &mut Vec<NodeId>,
) {
    for k in alt.start as usize..alt.end as usize {
        let node = schema.node(nodes[k]);
        match key {
            Key::Member => {
                let declared = Some(scratch[k]).filter(|&d| d != alts::UNDECLARED);
                alts::member_nodes(node, name, declared, scratch)
            }
            Key::Index(index) => scratch.extend(alts::item_node(node, index)),
            Key::Root => {}
        }
    }
}

impl<'a> Events for Judge<'a, '_> {
    fn begin(&mut self, start: Start, at: usize) {
        let container = matches!(start, Start::Object | Start::Array);
        if container && self.state.depth >= self.options.max_depth {
            let path = self.state.path();
            let kind = Kind::TooDeep {
                limit: self.options.max_depth,
            };
            let position = self.position(&path);
            self.doom(Violation::new(kind, path, position), at);
        }
        let parent = self.state.depth.checked_sub(1);
        self.state.prefixes.clear();
        if let Some(early) = &mut self.early {
            early.clear();
        }
        if parent.is_none() && start == Start::Object {
            if let Some(root) = self.plan.root_object {
                return self.open_root_object(root);
            }
        }
        if let Some(child) = parent
            .filter(|_| container)
            .and_then(|p| self.lean_child(p, start))
        {
            return self.open_lean(child, start);
        }
        let whole = self.open(start);
        if let Some(p) = parent {
            let frame = &self.state.frames[p];
            // `maxItems` as an item begins (a lean array's one node has none).
            if frame.shape == Shape::Array && frame.lean.is_none() {
                self.count_decided(p, at, |node, count| {
                    node.max_items
                        .and_then(|max| keywords::array::max_items(max, count))
                });
            }
        }
        self.first_byte(start, at);
        if start == Start::Array {
            let f = self.state.depth - 1;
            let (frame, schema) = (&self.state.frames[f], self.schema);
            if frame.nodes.iter().any(|&n| items::asks(schema, n)) {
                let items = self.state.items.get_or_insert_with(Box::default);
                items.open(f, frame, schema);
            }
        }
        if container {
            let frame = &mut self.state.frames[self.state.depth - 1];
            frame.lean = frame.lean_node(self.plan);
        }
        if container {
            let frame = &self.state.frames[self.state.depth - 1];
            let plan = self.plan;
            self.state.deferred |= !whole || !frame.nodes.iter().all(|&n| plan.node(n).decided);
        }
        // The value path's own rules for a root that is no object.
        self.state.deferred |= parent.is_none() && start != Start::Object;
    }

    fn member(&mut self, at: usize) {
        let f = self.state.depth - 1;
        self.state.prefixes.clear();
        if let Some(early) = &mut self.early {
            early.clear();
        }
        let frame = &mut self.state.frames[f];
        frame.count += 1;
        frame.name.clear();
        frame.name_state = NameState::Reading;
        let count = frame.count;
        let root = frame.root;
        let mut live = Cursor::default();
        while let Some((alt, n)) = live.next(&self.state.frames[f]) {
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
                let props = node.properties.as_deref().unwrap_or_default();
                if props.is_empty() {
                    // No name is declared: any name is refused.
                    self.state
                        .prefixes
                        .add(alt, n, What::Name, std::iter::empty());
                } else {
                    // Narrowed in the names' sorted order (see `super::plan`).
                    let names = self.plan.node(n).by_name.len();
                    self.state.prefixes.add_sorted(alt, n, What::Name, names);
                }
            }
            self.name_tests(alt, n, reject);
        }
    }

    fn string_run(&mut self, name: bool, token: &[u8], new: usize, at: usize) {
        let f = self.state.depth - 1;
        if name {
            self.state.frames[f].name.extend_from_slice(&token[new..]);
        }
        let early = self.early.as_ref().is_some_and(|e| e.any());
        let lengths = !name && !self.state.prefixes.max_lengths.is_empty();
        match (early, lengths || self.state.prefixes.any()) {
            (false, _) if !lengths => {
                if self.state.prefixes.any() {
                    self.run_prefixes(f, token, new, at);
                }
                return;
            }
            (true, false) => return self.run_early(f, token, new, at),
            _ => {}
        }
        // Tests of several kinds (early tests, `maxLength`, prefix tests): byte
        // by byte, so that the test failing at the first byte decides, however
        // the string was cut into runs.
        for k in new..token.len() {
            let at = at + (k - new);
            if self.early.as_ref().is_some_and(|e| e.any()) {
                self.run_early(f, &token[..=k], k, at);
            }
            if lengths && token[k] & 0xC0 != 0x80 {
                self.state.prefixes.chars += 1;
                self.max_lengths(f, at);
            }
            if self.state.prefixes.any() {
                self.run_prefixes(f, &token[..=k], k, at);
            }
            if self.state.doomed_at.is_some() {
                return;
            }
        }
    }

    fn digits(&mut self, token: &[u8], at: usize) {
        // Where `1.0` is an integer, or past 18 digits, the close decides.
        if self.options.integer_floats || token.len() > 18 {
            return;
        }
        // Only an integer-only node with a bound decides anything here (one
        // that lives: a node killed since the first byte decides nothing).
        if !self.state.int_bounded {
            return;
        }
        let f = self.state.depth - 1;
        let bounded = int_bounded;
        let Some(n) = super::lex::small_integer(token) else {
            return;
        };
        let mut live = Cursor::default();
        while let Some((alt, id)) = live.next(&self.state.frames[f]) {
            if !bounded(self.schema.facts(id)) {
                continue;
            }
            for kind in growing_breaks(self.schema.node(id), n) {
                let v = self.violation(f, kind, None);
                self.kill(f, alt, vec![v], at);
            }
        }
    }

    fn name_end(&mut self, name: &str, at: usize) {
        let f = self.state.depth - 1;
        self.state.prefixes.clear();
        if let Some(early) = &mut self.early {
            early.clear();
        }
        let frame = &mut self.state.frames[f];
        // `string_run` read the name into the frame already.
        debug_assert_eq!(frame.name, name.as_bytes());
        frame.name_state = NameState::Pending;
        let key = || Some(Segment::Key(Cow::Owned(name.to_owned())));
        // A name declared by the frame's lean node is kept by its slot (see
        // `NameSet::insert_slot`).
        let slot = frame.lean.and_then(|n| self.slot_of(n, name.as_bytes()));
        let frame = &mut self.state.frames[f];
        let new = match slot {
            Some(slot) => {
                let new = frame.names.lacks_slot(slot, name.as_bytes());
                if new {
                    frame.names.insert_slot(slot, name.as_bytes());
                }
                new
            }
            None => frame.names.insert(name),
        };
        if !new {
            let v = self.violation(f, Kind::Duplicate, key());
            self.doom(v, at);
        }
        // The declared property of the name, per node of the frame: kept in
        // `scratch` until the member's value opens (see `open`).
        let schema = self.schema;
        self.state.scratch.clear();
        let nodes = &self.state.frames[f].nodes;
        let declared = nodes
            .iter()
            .map(|&n| alts::declared(schema.node(n), name.as_bytes()));
        self.state
            .scratch
            .extend(declared.map(|d| d.unwrap_or(alts::UNDECLARED)));
        let root = self.state.frames[f].root;
        let mut live = Cursor::default();
        while let Some((alt, n)) = live.next(&self.state.frames[f]) {
            let node = self.schema.node(n);
            let reject =
                rejects_undeclared(self.options.undeclared, closed(node, root), node.additional);
            let declared = self.state.scratch[live.slot()] != alts::UNDECLARED;
            if alts::refuses_name(node, reject, name, declared) {
                let v = self.violation(f, Kind::Unexpected, key());
                self.kill(f, alt, vec![v], at);
            } else if let Some(names) = node.property_names {
                let value = Value::String(name.to_owned());
                if !self.schema.accepts_below_root(names, &value, self.options) {
                    let found = self.schema.report_below_root(names, &value, self.options);
                    let problem = found.into_iter().next().map(|v| v.kind);
                    let kind = Kind::PropertyName {
                        name: name.to_owned(),
                        problem: Box::new(problem.unwrap_or(Kind::NotAllowed)),
                    };
                    let v = self.violation(f, kind, key());
                    self.kill(f, alt, vec![v], at);
                }
            }
        }
    }

    fn scalar_end(&mut self, value: Scalar<'_>, at: usize) {
        let f = self.state.depth - 1;
        let mut owned = None;
        let mut live = Cursor::default();
        while let Some((alt, n)) = live.next(&self.state.frames[f]) {
            if !self.scalar_ok(n, &value, &mut owned) {
                let value = owned.get_or_insert_with(|| match &value {
                    Scalar::Text(text) => Value::String((*text).to_owned()),
                    Scalar::Value(v) => v.clone(),
                });
                let value = value.clone();
                let found = self.scalar_violations(f, n, &value);
                self.kill(f, alt, found, at);
            }
        }
        self.state.depth -= 1;
        // An item of an array decided item by item.
        let Some(p) = f.checked_sub(1) else {
            return;
        };
        let Some(items) = self.state.items.as_mut().filter(|i| i.wants(p)) else {
            return;
        };
        let value = owned.get_or_insert_with(|| match &value {
            Scalar::Text(text) => Value::String((*text).to_owned()),
            Scalar::Value(v) => v.clone(),
        });
        let index = self.state.frames[p].count.saturating_sub(1) as usize;
        let mut killed = Vec::new();
        let context = (self.schema, self.options);
        items.item(&self.state.frames[p], index, value, context, &mut killed);
        for (alt, kind) in killed {
            let v = self.violation(p, kind, None);
            self.kill(p, alt, vec![v], at);
        }
    }

    fn close(&mut self, at: usize) {
        let f = self.state.depth - 1;
        if let Some(items) = &mut self.state.items {
            items.close(f);
        }
        match self.state.frames[f].shape {
            Shape::Object if self.closes_by_slots(f) => {}
            Shape::Object => self.object_closes(f, at),
            _ => self.count_decided(f, at, |node, count| {
                node.min_items
                    .and_then(|min| keywords::array::min_items(min, count))
            }),
        }
        self.state.depth -= 1;
    }

    fn doomed(&self) -> bool {
        self.state.doomed_at.is_some()
    }

    fn whole_member(&mut self, bytes: &[u8], at: usize) -> Take {
        self.take_member(bytes, at)
    }

    fn whole_item(&mut self, bytes: &[u8]) -> Take {
        self.take_item(bytes)
    }

    #[inline]
    fn tests_digits(&self) -> bool {
        self.state.int_bounded && !self.options.integer_floats
    }

    #[inline]
    fn tests_value(&self) -> bool {
        self.state.prefixes.any()
            || !self.state.prefixes.max_lengths.is_empty()
            || self.early.as_ref().is_some_and(|e| e.any())
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
