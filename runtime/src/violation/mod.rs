//! The facts a validator reports: one [`Violation`] per problem, collected in a
//! [`Report`]. Words are written by [`crate::render`], never here.

#[doc(hidden)]
pub mod kept_names;
mod kind;
mod path;
#[doc(hidden)]
pub mod suggest;

pub use kind::*;
pub use path::*;

use serde_json::{Map, Value};
use std::borrow::Cow;
use std::cell::Cell;

impl Violation {
    /// The violation `kind` of the value at `path`, found at `position` of the
    /// call's text (or [`Position::default`] when there is none), with the
    /// suggestion `kind`'s own facts give (an allowed value close to the one
    /// received, a known tool close to the unknown one).
    pub fn new(kind: Kind, path: Path, position: Position) -> Violation {
        let suggestion = crate::suggest::of_kind(&kind, &mut crate::suggest::Work::new());
        Violation {
            kind,
            path,
            position,
            suggestion,
        }
    }
}

/// Every violation of one call, in a deterministic order: at each object, missing
/// required properties (in `required` order), then each present property in the
/// call's order with its own violations (type; else enum, const, bounds; then what
/// is nested inside it, depth first).
///
/// A report is bounded: at most [`Options::max_violations`] violations are kept
/// (counting those inside `anyOf`/`oneOf` alternatives), the rest are only
/// counted in [`Report::omitted`], and missing required arguments are kept before
/// the members' violations they come before. Words are cut at
/// [`Options::max_report_bytes`] (see [`crate::render`]).
///
/// [`Options::max_violations`]: crate::Options::max_violations
/// [`Options::max_report_bytes`]: crate::Options::max_report_bytes
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Report {
    /// The violations kept, in report order.
    pub violations: Vec<Violation>,
    /// How many violations were found but not kept (the cap of
    /// [`Options::max_violations`](crate::Options::max_violations) was reached);
    /// `0` when the report is complete.
    pub omitted: usize,
    /// The most bytes the words of this report take
    /// ([`Options::max_report_bytes`](crate::Options::max_report_bytes) of the run).
    pub max_report_bytes: usize,
}

impl Default for Report {
    fn default() -> Report {
        Report {
            violations: Vec::new(),
            omitted: 0,
            max_report_bytes: crate::options::DEFAULT_MAX_REPORT_BYTES,
        }
    }
}

impl Report {
    /// The report of a call naming no tool: one [`Kind::UnknownTool`]
    /// violation listing the `known` tools, written within `options`'
    /// [`max_report_bytes`](crate::Options::max_report_bytes).
    pub fn unknown_tool(name: &str, known: Vec<String>, options: &crate::Options) -> Report {
        let kind = Kind::UnknownTool {
            name: name.to_owned(),
            known,
        };
        let mut report = Report::new(vec![Violation::new(
            kind,
            Path::default(),
            Position::default(),
        )]);
        report.max_report_bytes = options.max_report_bytes;
        report
    }

    /// A complete report of `violations` (nothing omitted), with the default
    /// rendering limit.
    pub fn new(violations: Vec<Violation>) -> Report {
        Report {
            violations,
            ..Report::default()
        }
    }

    /// The report of one run: what a [`Sink`] collected within `budget`, with
    /// `options`' limits.
    #[doc(hidden)]
    pub fn collected(
        mut violations: Vec<Violation>,
        budget: &Budget,
        options: &crate::Options,
    ) -> Report {
        let mut omitted = budget.omitted.get();
        // Only a cap of 0 (or a violation recorded outside the sink) gets here.
        if violations.len() > options.max_violations {
            omitted += violations.len() - options.max_violations;
            violations.truncate(options.max_violations);
        }
        Report {
            violations,
            omitted,
            max_report_bytes: options.max_report_bytes,
        }
    }

    /// The report of a valid call validated with `options`: nothing kept or
    /// omitted, `options`' rendering limit.
    #[inline]
    pub fn valid_for(options: &crate::Options) -> Report {
        Report {
            violations: Vec::new(),
            omitted: 0,
            max_report_bytes: options.max_report_bytes,
        }
    }

    /// No violations: the call may run.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty() && self.omitted == 0
    }

    /// The violations.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Number of violations kept (see [`Report::omitted`] for the others).
    pub fn len(&self) -> usize {
        self.violations.len()
    }

    /// Whether there are no violations, kept or omitted.
    pub fn is_empty(&self) -> bool {
        self.is_valid()
    }

    /// `Ok(())` when valid, else the report itself.
    pub fn into_result(self) -> Result<(), Report> {
        if self.is_valid() {
            Ok(())
        } else {
            Err(self)
        }
    }

    /// Puts the violations of repeated properties (the text path's
    /// [`Kind::Duplicate`]) after the missing arguments that open the report,
    /// within the report's cap.
    #[doc(hidden)]
    pub fn add_duplicates(
        &mut self,
        duplicates: Vec<Violation>,
        more: usize,
        options: &crate::Options,
    ) {
        self.omitted += more;
        if duplicates.is_empty() {
            return;
        }
        let at = self
            .violations
            .iter()
            .take_while(|v| v.kind == Kind::Missing && v.path.len() == 1)
            .count();
        self.violations.splice(at..at, duplicates);
        let cap = options.max_violations;
        if self.violations.len() > cap {
            self.omitted += self.violations.len() - cap;
            self.violations.truncate(cap);
        }
    }
}

impl std::error::Error for Report {}

/// How many more violations one run may keep, shared by the sinks of the run
/// (nested ones collect `anyOf`/`oneOf` alternatives), and how many it dropped.
/// Every violation held in a list costs 1 (plus what it holds nested).
#[doc(hidden)]
#[derive(Debug)]
pub struct Budget {
    left: Cell<usize>,
    /// Missing properties kept beyond the cap, until `move_back` puts them before
    /// the violations they displace.
    over: Cell<usize>,
    omitted: Cell<usize>,
    /// What the run's suggestions may still compute (see [`crate::suggest::Work`]).
    work: Cell<usize>,
}

impl Budget {
    /// A budget of `max` violations.
    pub fn new(max: usize) -> Budget {
        Budget {
            left: Cell::new(max),
            over: Cell::new(0),
            omitted: Cell::new(0),
            work: Cell::new(crate::suggest::WORK_CELLS),
        }
    }

    /// How many violations were dropped.
    pub fn omitted(&self) -> usize {
        self.omitted.get()
    }

    fn charge(&self, weight: usize) -> bool {
        let left = self.left.get();
        if left >= weight {
            self.left.set(left - weight);
            true
        } else {
            false
        }
    }

    fn release(&self, weight: usize) {
        self.left.set(self.left.get() + weight);
    }
}

/// What a violation costs in a [`Budget`]: itself and the violations it holds.
fn weight(kind: &Kind) -> usize {
    1 + nested(kind)
}

fn nested(kind: &Kind) -> usize {
    match kind {
        Kind::AnyOf { alternatives } | Kind::OneOfNone { alternatives } => alternatives
            .iter()
            .flat_map(|vs| vs.iter())
            .map(|v| weight(&v.kind))
            .sum(),
        Kind::PropertyName { problem, .. } | Kind::Conditional { problem, .. } => nested(problem),
        _ => 0,
    }
}

/// Where a validator puts what it finds: a list of violations, or (to probe an
/// `anyOf` alternative, a `not`, ...) only whether there was one. Violations are
/// built lazily, so probing a value, valid or not, allocates nothing.
#[doc(hidden)]
pub struct Sink<'a> {
    list: Option<&'a mut Vec<Violation>>,
    failed: bool,
    budget: Option<&'a Budget>,
}

impl<'a> Sink<'a> {
    /// A sink that keeps every violation in `list`.
    #[inline]
    pub fn collect(list: &'a mut Vec<Violation>) -> Sink<'a> {
        Sink {
            list: Some(list),
            failed: false,
            budget: None,
        }
    }

    /// A sink that keeps violations in `list` while `budget` lasts, and counts
    /// the others.
    #[inline]
    pub fn collect_within(list: &'a mut Vec<Violation>, budget: &'a Budget) -> Sink<'a> {
        Sink {
            list: Some(list),
            failed: false,
            budget: Some(budget),
        }
    }

    /// [`Sink::collect_within`] for a value the boolean walk already refused:
    /// [`Sink::knows_refused`] says so from the start, and the generated walk
    /// goes straight to reporting.
    #[inline]
    pub fn collect_refused(list: &'a mut Vec<Violation>, budget: &'a Budget) -> Sink<'a> {
        Sink {
            list: Some(list),
            failed: true,
            budget: Some(budget),
        }
    }

    /// Whether this sink collects and has failed (something was reported, or it
    /// was made by [`Sink::collect_refused`]): asking the boolean walk before
    /// reporting would then gain nothing (the reporting walk finds nothing in a
    /// valid value either way).
    #[inline]
    pub fn knows_refused(&self) -> bool {
        self.failed && self.list.is_some()
    }

    /// A sink collecting into `list` within this sink's budget (for the
    /// violations of an alternative, which end up in this sink's report).
    #[inline]
    pub fn nested<'b>(&self, list: &'b mut Vec<Violation>) -> Sink<'b>
    where
        'a: 'b,
    {
        Sink {
            list: Some(list),
            failed: false,
            budget: self.budget,
        }
    }

    /// Gives back the budget of violations collected by [`Sink::nested`] sinks
    /// that are dropped or rewrapped (the caller records what it keeps anew).
    pub fn release(&self, violations: &[Violation]) {
        if let Some(b) = self.budget {
            b.release(violations.iter().map(|v| weight(&v.kind)).sum());
        }
    }

    /// [`Sink::release`] for each list.
    pub fn release_all(&self, lists: &[Vec<Violation>]) {
        for l in lists {
            self.release(l);
        }
    }

    /// A sink that only notes whether anything was reported.
    #[inline]
    pub fn probe() -> Sink<'static> {
        Sink {
            list: None,
            failed: false,
            budget: None,
        }
    }

    /// Records a violation; `kind` is built only when collecting.
    #[inline]
    pub fn report(&mut self, kind: impl FnOnce() -> Kind, trail: &Trail<'_>, position: Position) {
        self.failed = true;
        if self.list.is_some() {
            self.push(kind(), trail, position);
        }
    }

    /// [`Sink::report`] of a violation already made (one a decision returned, or
    /// one that holds nothing to build): not generic, so that generated code's
    /// reports call one function rather than each making a copy of `report` for
    /// its closure.
    #[inline]
    pub fn report_kind(&mut self, kind: Kind, trail: &Trail<'_>, position: Position) {
        self.failed = true;
        if self.list.is_some() {
            self.push(kind, trail, position);
        }
    }

    /// Whether a violation of `kind` may be kept (charging the budget with its
    /// weight, the violations it holds included: what a nested sink collected
    /// for it was given back with [`Sink::release`]); counts it as omitted when
    /// not. A missing property is always kept: `move_back` then drops what it
    /// displaces.
    fn admit(&self, kind: &Kind) -> bool {
        let Some(b) = self.budget else { return true };
        if b.charge(weight(kind)) {
            return true;
        }
        if matches!(kind, Kind::Missing) {
            b.over.set(b.over.get() + 1);
            return true;
        }
        b.omitted.set(b.omitted.get() + 1);
        false
    }

    /// The out-of-line part of [`Sink::report`]: every call site stays small, so
    /// that validators inline where no violation is found.
    #[cold]
    #[inline(never)]
    fn push(&mut self, kind: Kind, trail: &Trail<'_>, position: Position) {
        if !self.admit(&kind) {
            return;
        }
        let mut work = self.work();
        let suggestion = crate::suggest::of_kind(&kind, &mut work);
        self.keep_work(work);
        if let Some(list) = self.list.as_deref_mut() {
            // The path made before `kind` is moved: `kind` is then copied
            // once less on the way into the list.
            let path = trail.to_path();
            make_room(list);
            list.push(Violation {
                kind,
                path,
                position,
                suggestion,
            });
        }
    }

    /// Records violations already built (collecting) or only the failure (probing).
    pub fn extend(&mut self, violations: Vec<Violation>) {
        if violations.is_empty() {
            return;
        }
        self.failed = true;
        if self.list.is_none() {
            return;
        }
        for v in violations {
            if self.admit(&v.kind) {
                if let Some(list) = self.list.as_deref_mut() {
                    list.push(v);
                }
            }
        }
    }

    /// After the boolean walk refused a value: whether the reporting walk must
    /// run on it. A probe notes the failure and answers no (walking the value
    /// again would only find the same answer, and in generated code, where each
    /// level asks the boolean walk first, double the work at every level of a
    /// recursive schema); a collecting sink answers yes.
    #[inline]
    pub fn must_report(&mut self) -> bool {
        if self.list.is_none() {
            self.failed = true;
            return false;
        }
        true
    }

    /// Notes a failure without a violation (for probes).
    #[inline]
    pub fn fail(&mut self) {
        self.failed = true;
    }

    /// Whether anything was reported.
    #[inline]
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Whether this sink only probes.
    #[inline]
    pub fn is_probe(&self) -> bool {
        self.list.is_none()
    }

    /// How many violations are collected so far (0 when probing).
    #[inline]
    pub fn mark(&self) -> usize {
        self.list.as_deref().map_or(0, Vec::len)
    }

    /// What the run's suggestions may still compute: taken from the run's budget
    /// (a whole budget without one), given back with [`Sink::keep_work`].
    pub fn work(&self) -> crate::suggest::Work {
        match self.budget {
            Some(b) => crate::suggest::Work::with(b.work.get()),
            None => crate::suggest::Work::new(),
        }
    }

    /// Gives back what is left of the work [`Sink::work`] took.
    pub fn keep_work(&self, work: crate::suggest::Work) {
        if let Some(b) = self.budget {
            b.work.set(work.left());
        }
    }

    /// The violations collected since `mark` (none when probing), for a pass
    /// that adds facts to them (see
    /// [`keywords::object::suggest_names`](crate::keywords::object::suggest_names)).
    #[inline]
    pub fn since(&mut self, mark: usize) -> &mut [Violation] {
        match self.list.as_deref_mut() {
            Some(list) if mark < list.len() => &mut list[mark..],
            _ => &mut [],
        }
    }

    /// Whether missing properties may be recorded before the members they come
    /// before ([`Sink::missing`] with `first`): no missing property kept beyond
    /// the cap is waiting to displace what follows it (always so without a
    /// budget). When one is, its displacement could reach those recorded first,
    /// so the members go first and the missing ones are moved before them
    /// ([`Sink::move_back`]), as they always were.
    #[inline]
    pub fn settled(&self) -> bool {
        self.budget.is_none_or(|b| b.over.get() == 0)
    }

    /// Records the required property at `trail` as missing: `first`, before the
    /// members' violations (charged to the budget only by
    /// [`Sink::charge_missing`] after them, so that the cap keeps what it kept
    /// when they were found last); otherwise as [`Sink::report`] does.
    #[inline]
    pub fn missing(&mut self, first: bool, trail: &Trail<'_>, position: Position) {
        if first {
            self.missing_first(trail, position);
        } else {
            self.report(|| Kind::Missing, trail, position);
        }
    }

    /// The out-of-line part of [`Sink::missing`] with `first`.
    #[cold]
    #[inline(never)]
    fn missing_first(&mut self, trail: &Trail<'_>, position: Position) {
        self.failed = true;
        if let Some(list) = self.list.as_deref_mut() {
            let path = trail.to_path();
            make_room(list);
            list.push(Violation {
                kind: Kind::Missing,
                path,
                position,
                suggestion: None,
            });
        }
    }

    /// Charges the `count` missing properties [`Sink::missing`] recorded first,
    /// once the members were walked: what admitting each then did (a missing
    /// property is always kept), and what [`Sink::move_back`] then did (those
    /// kept beyond the cap displace the last violations of the list). The list
    /// is the one `move_back` left, so the same ones are displaced.
    pub fn charge_missing(&mut self, count: usize) {
        let Some(b) = self.budget else { return };
        if count == 0 {
            return;
        }
        for _ in 0..count {
            if !b.charge(1) {
                b.over.set(b.over.get() + 1);
            }
        }
        if b.over.get() > 0 {
            if let Some(list) = self.list.as_deref_mut() {
                displace(list, b);
            }
        }
    }

    /// Moves the violations collected since `from` before those collected from
    /// `mark` to `from` (missing properties, found after the pass over the members,
    /// come first), keeping the order within each run. Missing properties kept
    /// beyond the cap then displace the last violations of the list (those that
    /// come after them), which are counted as omitted.
    #[inline]
    pub fn move_back(&mut self, mark: usize, from: usize) {
        if let Some(list) = self.list.as_deref_mut() {
            let len = list.len();
            if mark < from && from < len {
                move_tail_to(list, mark, from);
            }
            if let Some(b) = self.budget {
                if b.over.get() > 0 {
                    displace(list, b);
                }
            }
        }
    }
}

/// Moves `list[from..]` to `mark` (before `list[mark..from]`), keeping the order
/// within each part. A few violations (the common case: a missing property or
/// two) are moved one by one, each by one shift of the others: cheaper than a
/// rotation, which moves large elements piecewise.
fn move_tail_to(list: &mut Vec<Violation>, mark: usize, from: usize) {
    const FEW: usize = 4;
    let moved = list.len() - from;
    if moved > FEW {
        list[mark..].rotate_right(moved);
        return;
    }
    // The last one first: each goes before those moved after it.
    for _ in 0..moved {
        if let Some(v) = list.pop() {
            list.insert(mark, v);
        }
    }
}

/// How many violations a list first has room for: most refused calls have a
/// few, and room for three (some 800 bytes) stays within the sizes allocators
/// serve fastest (glibc's per-thread cache takes up to 1 KiB; the four a `Vec`
/// would first make room for take more).
const FIRST_ROOM: usize = 3;

/// Gives a list of violations not yet allocated room for [`FIRST_ROOM`], made
/// at that size (not grown to it).
#[inline(always)]
fn make_room(list: &mut Vec<Violation>) {
    if list.capacity() == 0 {
        *list = Vec::with_capacity(FIRST_ROOM);
    }
}

/// Drops violations from the end of `list` until the missing properties kept
/// beyond the cap are paid for.
#[cold]
fn displace(list: &mut Vec<Violation>, budget: &Budget) {
    while budget.over.get() > 0 {
        let Some(last) = list.pop() else {
            budget.over.set(0);
            break;
        };
        budget.omitted.set(budget.omitted.get() + 1);
        let w = weight(&last.kind);
        let over = budget.over.get();
        if w >= over {
            budget.over.set(0);
            budget.release(w - over);
        } else {
            budget.over.set(over - w);
        }
    }
}

/// The longest name (in bytes) a [`Path`] keeps of a name the call sent; longer
/// ones are cut (on a character boundary) and end with `…`.
pub const KEPT_NAME_BYTES: usize = 256;

/// The most bytes of strings (and string-like parts) a received value keeps.
pub const KEPT_VALUE_BYTES: usize = 1024;

/// The deepest a received value is kept; deeper arrays and objects become `"…"`.
/// Above 60, so that the quoted text of a message (60 characters) is the same as
/// for the whole value.
pub const KEPT_VALUE_DEPTH: usize = 64;

/// A copy of `s` of at most `max` bytes (cut on a character boundary, ending with
/// `…` when cut).
fn cut(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = String::with_capacity(end + 3);
    out.push_str(&s[..end]);
    out.push('…');
    out
}

/// The copy of a received string a violation keeps: the first
/// [`KEPT_VALUE_BYTES`] bytes, then `…`.
#[doc(hidden)]
pub fn received_str(s: &str) -> String {
    cut(s, KEPT_VALUE_BYTES)
}

/// One container of [`received_value`] being copied.
enum Copying<'v> {
    Array(Vec<Value>, std::slice::Iter<'v, Value>),
    Object(Map<String, Value>, serde_json::map::Iter<'v>, String),
}

/// The copy of a received value a violation keeps: strings, names and elements up
/// to [`KEPT_VALUE_BYTES`] in all, nesting up to [`KEPT_VALUE_DEPTH`]; what is
/// left out is marked `"…"` (a cut string ends with `…`, a cut array with a `"…"`
/// element, a cut object with a `"…": "…"` member, a container too deep is
/// `"…"`). Built without recursion, so a value of any depth is copied in bounded
/// stack; a value within the bounds is copied whole.
#[doc(hidden)]
pub fn received_value(value: &Value) -> Value {
    value_within(value, KEPT_VALUE_BYTES)
}

/// [`received_value`] keeping up to `max` bytes of strings and string-like parts
/// instead of [`KEPT_VALUE_BYTES`].
pub fn value_within(value: &Value, max: usize) -> Value {
    const MARK: &str = "…";
    let mut left = max;
    let mut stack: Vec<Copying<'_>> = Vec::new();
    let mut next = Some(value);
    loop {
        // The value copied, when one is complete.
        let mut done: Option<Value> = None;
        if let Some(v) = next.take() {
            match v {
                Value::Array(items) if stack.len() < KEPT_VALUE_DEPTH => {
                    left = left.saturating_sub(1);
                    stack.push(Copying::Array(Vec::new(), items.iter()));
                }
                Value::Object(map) if stack.len() < KEPT_VALUE_DEPTH => {
                    left = left.saturating_sub(1);
                    stack.push(Copying::Object(Map::new(), map.iter(), String::new()));
                }
                Value::Array(_) | Value::Object(_) => done = Some(Value::String(MARK.into())),
                Value::String(s) => {
                    let kept = cut(s, left);
                    left = left.saturating_sub(kept.len());
                    done = Some(Value::String(kept));
                }
                scalar => {
                    left = left.saturating_sub(8);
                    done = Some(scalar.clone());
                }
            }
        } else {
            // The next member of the innermost container, or the container itself.
            let Some(top) = stack.last_mut() else {
                return Value::Null;
            };
            let exhausted = left == 0;
            match top {
                Copying::Array(out, it) => match it.next() {
                    Some(_) if exhausted => {
                        out.push(Value::String(MARK.into()));
                        let Some(Copying::Array(out, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Array(out));
                    }
                    Some(v) => next = Some(v),
                    None => {
                        let Some(Copying::Array(out, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Array(out));
                    }
                },
                Copying::Object(out, it, key) => match it.next() {
                    Some(_) if exhausted => {
                        out.insert(MARK.into(), Value::String(MARK.into()));
                        let Some(Copying::Object(out, _, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Object(out));
                    }
                    Some((k, v)) => {
                        let kept = cut(k, left.max(1));
                        left = left.saturating_sub(kept.len());
                        *key = kept;
                        next = Some(v);
                    }
                    None => {
                        let Some(Copying::Object(out, _, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Object(out));
                    }
                },
            }
        }
        let Some(v) = done else { continue };
        match stack.last_mut() {
            None => return v,
            Some(Copying::Array(out, _)) => out.push(v),
            Some(Copying::Object(out, _, key)) => {
                out.insert(std::mem::take(key), v);
            }
        }
    }
}

/// A path under construction on the call stack: borrowed segments linked to their
/// parent, so that walking valid input allocates nothing. Turned into a [`Path`]
/// only when a violation is recorded.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Trail<'a> {
    parent: Option<&'a Trail<'a>>,
    seg: TrailSeg<'a>,
    depth: usize,
}

#[derive(Clone, Copy)]
enum TrailSeg<'a> {
    Root,
    Key(&'a str),
    Name(&'static str),
    Index(usize),
}

impl<'a> Trail<'a> {
    /// The arguments object.
    pub const ROOT: Trail<'static> = Trail {
        parent: None,
        seg: TrailSeg::Root,
        depth: 0,
    };

    /// The property `key` of the value at `self`.
    #[inline]
    pub fn key(&'a self, key: &'a str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            seg: TrailSeg::Key(key),
            depth: self.depth + 1,
        }
    }

    /// The property `name` of the value at `self`, a name the schema declares:
    /// kept borrowed in the [`Path`] of a violation (no allocation).
    #[inline]
    pub fn name(&'a self, name: &'static str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            seg: TrailSeg::Name(name),
            depth: self.depth + 1,
        }
    }

    /// Element `index` of the array at `self`.
    #[inline]
    pub fn index(&'a self, index: usize) -> Trail<'a> {
        Trail {
            parent: Some(self),
            seg: TrailSeg::Index(index),
            depth: self.depth + 1,
        }
    }

    /// How many steps the path has (0 at the arguments object).
    #[inline]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Whether this is the arguments object itself.
    #[inline]
    pub fn is_root(&self) -> bool {
        self.depth == 0
    }

    /// The owned path.
    pub fn to_path(&self) -> Path {
        // A member of the arguments object (most violations): one step.
        if self.depth == 1 {
            if let Some(seg) = self.seg.segment() {
                return Path::one(seg);
            }
        }
        let mut segs = Vec::with_capacity(self.depth);
        let mut cur = Some(self);
        while let Some(t) = cur {
            if let Some(seg) = t.seg.segment() {
                segs.push(seg);
            }
            cur = t.parent;
        }
        segs.reverse();
        Path::from(segs)
    }
}

impl TrailSeg<'_> {
    /// The step as a [`Path`] keeps it; `None` for the arguments object.
    #[inline(always)]
    fn segment(self) -> Option<Segment> {
        match self {
            TrailSeg::Root => None,
            TrailSeg::Key(k) => Some(Segment::Key(Cow::Owned(cut(k, KEPT_NAME_BYTES)))),
            TrailSeg::Name(k) => Some(Segment::Key(Cow::Borrowed(k))),
            TrailSeg::Index(i) => Some(Segment::Index(i)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_display_and_point() {
        let root = Trail::ROOT;
        let a = root.key("filters");
        let b = a.key("tags");
        let c = b.index(2);
        let p = c.to_path();
        assert_eq!(p.to_string(), "filters.tags[2]");
        assert_eq!(p.to_pointer(), "/filters/tags/2");
        assert!(Trail::ROOT.to_path().is_root());
        let odd = root.key("a/b~c");
        assert_eq!(odd.to_path().to_pointer(), "/a~1b~0c");
        assert_eq!(odd.to_path().to_string(), "a/b~c");
    }

    #[test]
    fn moving_the_tail_is_a_rotation() {
        let at = |i: usize| {
            Violation::new(
                Kind::TooDeep { limit: i },
                Path::default(),
                Position::default(),
            )
        };
        for len in 0..12 {
            for mark in 0..=len {
                for from in mark..=len {
                    let mut moved: Vec<Violation> = (0..len).map(at).collect();
                    let mut rotated = moved.clone();
                    move_tail_to(&mut moved, mark, from);
                    rotated[mark..].rotate_right(len - from);
                    assert_eq!(moved, rotated, "len {len}, mark {mark}, from {from}");
                }
            }
        }
    }
}
