//! The run-time back end: walks a [`Schema`] over a value and records every
//! violation. Walking a valid value allocates nothing.

use crate::keywords;
use crate::keywords::alias;
use crate::options::Options;
use crate::schema::facts::{NodeFacts, PropertyIndex};
use crate::schema::{Additional, Node, NodeId, Property, Schema};
use crate::violation::{Kind, Position, Report, Sink, Trail, Violation};

mod stops;
mod unevaluated;
mod valid;
use crate::keywords::applicators::Rule::{AnyOf, OneOf};
use crate::keywords::object::rejects_undeclared;
use serde_json::{Map, Value};
pub(crate) use tool_schema_runtime::collect::root_not_object;

impl Schema {
    /// Validates `args` in tool-call mode ([`Options::default`]).
    pub fn validate(&self, args: &Value) -> Report {
        self.validate_with(args, &Options::default())
    }

    /// Validates `args` with `options`: at most [`Options::max_violations`]
    /// violations are kept (the others counted in [`Report::omitted`]). A call
    /// nested deeper than [`Options::max_depth`] gets one [`Kind::TooDeep`]
    /// violation and no other check.
    ///
    /// # Repeated names
    ///
    /// A `serde_json::Value` cannot hold an object with a member name twice:
    /// parsing `{"city": "Paris", "city": "Rome"}` keeps the last value (in the
    /// place of the first), so this validates `{"city": "Rome"}` and cannot report
    /// the repetition, while another reader of the same text may take `"Paris"`.
    /// Validate the text itself ([`Schema::validate_str`],
    /// [`crate::parse_str`] for typed arguments) to have a repeated name reported
    /// ([`crate::Kind::Duplicate`]).
    pub fn validate_with(&self, args: &Value, options: &Options) -> Report {
        // Made at the first stop noted: a valid call only marks it empty.
        let stops = std::cell::OnceCell::new();
        let run = Run {
            schema: self,
            options: *options,
            stops: Some(&stops),
        };
        let mut out = Vec::new();
        let budget = crate::violation::Budget::new(options.max_violations);
        if root_not_object(self.root().types.is_some(), args, options, &mut out) {
            return Report::collected(out, &budget, options);
        }
        // Past the nesting limit, one violation and no walk (see `crate::depth`).
        if let Some(deep) = crate::depth::check_call(args, options, |k| self.declared(k)) {
            out.push(deep);
        } else {
            let mut sink = Sink::collect_within(&mut out, &budget);
            run.check(
                false,
                self.root_id(),
                args,
                &Trail::ROOT,
                Position::default(),
                &mut sink,
            );
        }
        Report::collected(out, &budget, options)
    }

    /// Whether `args` is valid in tool-call mode, without building a report.
    pub fn is_valid(&self, args: &Value) -> bool {
        self.is_valid_with(args, &Options::default())
    }

    /// Whether `args` is valid with `options`: stops at the first violation and
    /// builds none, so it never allocates.
    pub fn is_valid_with(&self, args: &Value, options: &Options) -> bool {
        if self.root().types.is_none() && options.object_root && !args.is_object() {
            return false;
        }
        if crate::depth::exceeds(args, options.max_depth) {
            return false;
        }
        let run = Run {
            schema: self,
            options: *options,
            stops: None,
        };
        run.valid(self.root_id(), args, true)
    }

    /// Validates `args` at `trail` (a nested type's value, or the root), appending
    /// its violations to `out`: the interpreter as a `ToolArgs::__validate_at`
    /// (a derived type whose schema is only whole once nested types' texts are
    /// joined, see `#[serde(flatten)]`). Not a stable API.
    #[doc(hidden)]
    pub fn __validate_at(
        &self,
        args: &Value,
        trail: &Trail<'_>,
        position: Position,
        options: &Options,
        out: &mut Sink<'_>,
    ) {
        let run = Run {
            schema: self,
            options: *options,
            stops: None,
        };
        run.check(false, self.root_id(), args, trail, position, out);
    }

    /// The index of top-level argument `name` among the root's declared
    /// properties (the position of a violation at the root).
    fn declared(&self, name: &str) -> Option<usize> {
        self.root().declared_index(name)
    }

    /// Whether `value`, a value below the arguments object, satisfies node `id`
    /// (builds no violation). The text path's check of a sub-value it buffered
    /// into a `Value` (`crate::text`).
    pub(crate) fn accepts_below_root(&self, id: NodeId, value: &Value, options: &Options) -> bool {
        let run = Run {
            schema: self,
            options: *options,
            stops: None,
        };
        run.valid(id, value, false)
    }

    /// The violations of `value`, a value below the arguments object, against
    /// node `id`, with paths from `value`: the streaming checker's report of a
    /// scalar that closed (`crate::stream`).
    pub(crate) fn report_below_root(
        &self,
        id: NodeId,
        value: &Value,
        options: &Options,
    ) -> Vec<Violation> {
        let run = Run {
            schema: self,
            options: *options,
            stops: None,
        };
        let mut out = Vec::new();
        let mut sink = Sink::collect(&mut out);
        run.check(
            false,
            id,
            value,
            &Trail::ROOT,
            Position::default(),
            &mut sink,
        );
        out
    }
}

/// `node.property(name)`, looked for from `*next` on first (calls mostly list their
/// arguments in the declared order), then before it; a hit moves `*next` past it.
/// Names in `properties` are distinct, so the entry is `node.property(name)`'s;
/// answered: the index of the declared property (an alias's property,
/// [`Property::canonical`]), the entry's own index, and the entry.
/// A node with many properties (`f.index`) is searched by binary search instead,
/// after a look at `*next`.
#[inline(always)]
fn find_property<'n>(
    node: &'n Node,
    f: &NodeFacts,
    name: &str,
    next: &mut usize,
) -> Option<(usize, usize, &'n Property)> {
    let props = node.properties.as_deref()?;
    if let Some(index) = &f.index {
        // The next property first (inlined: calls mostly follow the declared
        // order), then the index.
        let i = match props.get(*next) {
            Some(p) if same(&p.name, name) => *next,
            _ => index_find(props, index, name)?,
        };
        *next = i + 1;
        return Some((props[i].canonical(i), i, &props[i]));
    }
    let n = props.len();
    let mut i = (*next).min(n);
    for _ in 0..n {
        if i == n {
            i = 0;
        }
        let p = &props[i];
        if same(&p.name, name) {
            *next = i + 1;
            return Some((p.canonical(i), i, p));
        }
        i += 1;
    }
    None
}

/// The declared property of `name`, entry `k` of `node`'s `required` (`next`
/// as [`find_property`] takes it): read from the node's [`PropertyIndex`] when
/// it has one, else looked up.
#[inline]
fn required_declared(
    node: &Node,
    f: &NodeFacts,
    k: usize,
    name: &str,
    next: &mut usize,
) -> Option<usize> {
    match &f.index {
        Some(index) => index.required_declared(k),
        None => find_property(node, f, name, next).map(|(d, _, _)| d),
    }
}

/// [`PropertyIndex::find`], out of line.
#[inline(never)]
fn index_find(props: &[Property], index: &PropertyIndex, name: &str) -> Option<usize> {
    index.find(props, name)
}

/// `a == b`, with names up to 16 bytes compared by two overlapping loads rather
/// than a call to `memcmp`.
#[inline(always)]
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    fn word<const N: usize>(s: &[u8], at: usize) -> [u8; N] {
        let mut w = [0; N];
        w.copy_from_slice(&s[at..at + N]);
        w
    }
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, n - 4) == word::<4>(b, n - 4),
        8..=16 => word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, n - 8) == word::<8>(b, n - 8),
        _ => a == b,
    }
}

struct Run<'s> {
    schema: &'s Schema,
    options: Options,
    /// Where the yes/no walk stopped, for the reporting walk (a run that
    /// reports keeps them, from the first noted).
    stops: Option<&'s std::cell::OnceCell<stops::Stops>>,
}

impl Run<'_> {
    /// Node `id` on `value`: the yes/no walk first ([`Run::valid`]), then, only
    /// when it fails and `out` collects, the reporting walk. A probing `out` only
    /// learns whether the walk failed. `failed`: `value` is the member or element
    /// at which [`Run::walk`] stopped on its parent, so it most likely fails too,
    /// and the reporting walk runs at once (its own members and elements are still
    /// checked one by one, so none is walked twice). A value whose walk was
    /// noted (see [`stops`]) is reported at once too, from where that walk
    /// stopped.
    #[inline(always)]
    fn check(
        &self,
        failed: bool,
        id: NodeId,
        value: &Value,
        trail: &Trail<'_>,
        pos: Position,
        out: &mut Sink<'_>,
    ) {
        if !out.is_probe() {
            let stops = self.stops.and_then(std::cell::OnceCell::get);
            let stopped = stops.and_then(|s| s.find(id, value, trail.is_root()));
            if stopped.is_some() || failed {
                return self.report(id, value, trail, pos, out, stopped);
            }
        }
        let Err(skip) = self.walk(id, value, trail.is_root()) else {
            return;
        };
        if out.is_probe() {
            out.fail();
        } else {
            self.report(id, value, trail, pos, out, Some(skip));
        }
    }

    /// Every check of node `id` on `value`, in the documented order: `false`; type
    /// (a mismatch ends the node's checks); enum, const; numbers; strings; objects;
    /// arrays; then `$ref`, `allOf`, `anyOf`, `oneOf`, `not`. Reached only for a
    /// value that [`Run::walk`] refused, so it reports at least one violation;
    /// each subschema goes through [`Run::check`] again. `resume`: `Some(k)` when
    /// the walk passed the first `k` members of an object or elements of an array
    /// (they are not checked again) and stopped at the next; `None` when unknown.
    #[cold]
    fn report(
        &self,
        id: NodeId,
        value: &Value,
        trail: &Trail<'_>,
        pos: Position,
        out: &mut Sink<'_>,
        resume: Option<usize>,
    ) {
        let node = self.schema.node(id);
        if node.never {
            out.report(|| Kind::NotAllowed, trail, pos);
            return;
        }
        if let Some(types) = node.types {
            let (options, nullable) = (&self.options, node.nullable);
            if !keywords::types::report(types, nullable, value, options, trail, pos, out) {
                return;
            }
        }
        let set = self.schema.facts(id).enum_set.as_deref();
        crate::schema::node_checks::enum_const::report(node, set, value, trail, pos, out);
        match value {
            Value::Number(n) => {
                crate::schema::node_checks::number::report(node, n, &self.options, trail, pos, out)
            }
            Value::String(s) => {
                crate::schema::node_checks::string::report(node, s, &self.options, trail, pos, out)
            }
            Value::Object(map) => self.object(id, node, value, map, trail, pos, out, resume),
            Value::Array(items) => self.array(node, items, trail, pos, out, resume),
            _ => {}
        }
        self.applicators(node, value, trail, pos, out);
        if node.unevaluated_properties.is_some() || node.unevaluated_items.is_some() {
            self.report_unevaluated(id, value, trail, pos, out);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn object(
        &self,
        id: NodeId,
        node: &Node,
        value: &Value,
        map: &Map<String, Value>,
        trail: &Trail<'_>,
        pos: Position,
        out: &mut Sink<'_>,
        resume: Option<usize>,
    ) {
        let f = self.schema.facts(id);
        let root = trail.is_root();
        crate::schema::node_checks::object::report_counts(node, map.len() as u64, trail, pos, out);
        // Missing required properties come first; they are found after the pass
        // over the members (which notes the declared ones present, so that no name
        // is hashed) and put before what the pass reported.
        let start = out.mark();
        let mut seen: u64 = 0;
        let closed = crate::schema::node_checks::object::closed(node, root);
        let reject = rejects_undeclared(self.options.undeclared, closed, node.additional);
        // The declared names kept for the program's life: paths borrow them.
        let kept = self.schema.kept_names(id).unwrap_or(&[]);
        let mut next = 0;
        for (i, (key, v)) in map.iter().enumerate() {
            let declared = find_property(node, f, key, &mut next);
            if let Some((d, _, _)) = declared {
                if d < 64 {
                    seen |= 1 << d;
                }
            }
            if resume.is_some_and(|skip| i < skip) {
                continue;
            }
            // Past the member the walk stopped at, a member is asked yes/no
            // first: one that passes reports nothing.
            let stopped = resume == Some(i);
            if !stopped && self.member_ok(node, f, reject, key, v, declared) {
                continue;
            }
            let at = Position::at(root, Some(i), declared.map(|(d, _, _)| d), pos);
            if let Some(names) = node.property_names {
                let run = |name: &Value, sink: &mut Sink<'_>| {
                    self.check(false, names, name, trail, at, sink)
                };
                keywords::applicators::property_name(key, run, trail, at, out);
            }
            // An optional member given as `null` may count as absent.
            let skip = declared.is_some_and(|(d, _, _)| {
                v.is_null() && self.options.null_is_absent && !valid::is_required(node, f, d, key)
            });
            if skip {
                continue;
            }
            // The failing member (the one the walk stopped at, or one refused
            // since) is reported at once, unless a pattern's schema may be what
            // failed, or (past the stop) its name.
            let failed = node.pattern_set.is_none() && (stopped || node.property_names.is_none());
            let kept_name = declared.and_then(|(_, e, _)| kept.get(e).copied().flatten());
            let member = match kept_name {
                Some(name) => trail.name(name),
                None => trail.key(key),
            };
            if let Some((_, _, p)) = declared {
                self.check(failed, p.node, v, &member, at, out);
            }
            let mut patterned = false;
            crate::schema::node_checks::object::each_pattern_schema(node, key, |s| {
                patterned = true;
                self.check(false, s, v, &member, at, out);
                true
            });
            match node.additional {
                _ if declared.is_some() || patterned => {}
                Additional::Schema(extra) => self.check(failed, extra, v, &member, at, out),
                _ if crate::schema::node_checks::object::refuses_member(node, reject, key) => {
                    out.report(|| Kind::Unexpected, &member, at)
                }
                _ => {}
            }
        }
        if node.has_aliases() && !alias::one_name_each(node.alias_groups().map(|g| g.1), map) {
            alias::report_same_argument(node.alias_groups(), map, root, trail, pos, out);
        }
        if reject && out.mark() > start {
            self.suggest_declared(id, node, map, start, trail, out);
        }
        self.dependents(node, value, map, trail, pos, out);
        let present = |name: &str, declared: Option<usize>| match declared {
            Some(d) if d < 64 => seen & (1 << d) != 0,
            Some(d) => alias::group_present(node.names_of(d), map),
            None => map.contains_key(name),
        };
        let mut next = 0;
        let required = node.required.iter().enumerate();
        if required
            .clone()
            .all(|(k, name)| present(name, required_declared(node, f, k, name, &mut next)))
        {
            return;
        }
        if out.is_probe() {
            out.fail();
            return;
        }
        // Reported after the pass, then moved before what it reported.
        let from = out.mark();
        let mut next = 0;
        for (k, name) in required {
            let declared = required_declared(node, f, k, name, &mut next);
            if !present(name, declared) {
                let at = Position::at(root, None, declared, pos);
                // The declared property's kept name, when `required` names it
                // by that name (not by an alias).
                let kept_name = declared.and_then(|d| kept.get(d).copied().flatten());
                let missing = match kept_name.filter(|k| *k == name.as_str()) {
                    Some(k) => trail.name(k),
                    None => trail.key(name),
                };
                out.report(|| Kind::Missing, &missing, at);
            }
        }
        out.move_back(start, from);
    }

    /// Gives the undeclared members of object `map` refused since `start` the
    /// declared name each likely misspells, among the names the object does
    /// not give (with aliases, among the properties none of whose names it
    /// gives), the declared names' shapes read from the schema's facts.
    #[cold]
    #[inline(never)]
    fn suggest_declared(
        &self,
        id: NodeId,
        node: &Node,
        map: &Map<String, Value>,
        start: usize,
        trail: &Trail<'_>,
        out: &mut Sink<'_>,
    ) {
        let props = node.properties.as_deref().unwrap_or(&[]);
        if node.has_aliases() {
            let entries = props.iter().enumerate();
            let entries = entries.map(|(i, p)| (p.name.as_str(), p.canonical(i)));
            let count = node.declared_properties().len();
            let open = alias::open_names(entries, count, map);
            keywords::object::suggest_names(out, start, trail, open.iter().copied(), |_| false);
            return;
        }
        let names = props.iter().map(|p| p.name.as_str());
        let given = |name: &str| keywords::object::has_member(map, name);
        match self.schema.name_shapes(id) {
            Some(shapes) => keywords::object::suggest_each(out, start, trail, |word, work| {
                let declared = names.clone().zip(shapes.clone());
                let declared = declared.map(|(name, (folded, shape))| (name, folded, shape));
                crate::suggest::declared_folded(word, declared, given, work)
            }),
            None => keywords::object::suggest_names(out, start, trail, names, given),
        }
    }

    /// `dependentRequired`, then `dependentSchemas`, each entry in order.
    fn dependents(
        &self,
        node: &Node,
        value: &Value,
        map: &Map<String, Value>,
        trail: &Trail<'_>,
        pos: Position,
        out: &mut Sink<'_>,
    ) {
        let root = trail.is_root();
        for (name, needs) in &node.dependent_required {
            let declared = |k: &str| node.declared_index(k);
            keywords::object::dependent_required(map, name, needs, root, declared, trail, pos, out);
        }
        for d in &node.dependent_schemas {
            let run = |sink: &mut Sink<'_>| self.check(false, d.node, value, trail, pos, sink);
            keywords::applicators::dependent_schema(map, &d.name, run, trail, out);
        }
    }

    fn array(
        &self,
        node: &Node,
        items: &[Value],
        trail: &Trail<'_>,
        pos: Position,
        out: &mut Sink<'_>,
        resume: Option<usize>,
    ) {
        crate::schema::node_checks::array::report(node, items, trail, pos, out);
        for (i, v) in items.iter().enumerate().skip(resume.unwrap_or(0)) {
            let schema = node.prefix_items.get(i).copied().or(node.items);
            // Past the element the walk stopped at, an element is asked yes/no
            // first: one that passes reports nothing, one that fails is
            // reported at once (from where its walk stopped).
            if let Some(item) = schema {
                if resume == Some(i) || !self.valid_below(item, v) {
                    self.check(true, item, v, &trail.index(i), pos, out);
                }
            }
        }
        if let Some(c) = node.contains {
            let matches = |i: usize| self.valid(c, &items[i], false);
            let schema = || crate::schema::node_value(self.schema, c);
            let (min, max) = (node.min_contains, node.max_contains);
            if let Some(kind) = keywords::array::contains(items.len(), matches, min, max, schema) {
                out.report(|| kind, trail, pos);
            }
        }
    }

    fn applicators(
        &self,
        node: &Node,
        value: &Value,
        trail: &Trail<'_>,
        pos: Position,
        out: &mut Sink<'_>,
    ) {
        if let Some(target) = node.reference {
            self.check(false, target, value, trail, pos, out);
        }
        for &branch in &node.all_of {
            self.check(false, branch, value, trail, pos, out);
        }
        for (rule, list, tag) in [
            (AnyOf, &node.any_of, &node.any_of_tag),
            (OneOf, &node.one_of, &node.one_of_tag),
        ] {
            if list.is_empty() {
                continue;
            }
            let run =
                |i: usize, sink: &mut Sink<'_>| self.check(false, list[i], value, trail, pos, sink);
            match tag {
                Some(d) => keywords::applicators::tagged(
                    rule,
                    list.len(),
                    run,
                    d.tag(),
                    value,
                    trail,
                    pos,
                    out,
                ),
                None => keywords::applicators::alternatives(rule, list.len(), run, trail, pos, out),
            }
        }
        if let Some(not) = node.not {
            let run = |sink: &mut Sink<'_>| self.check(false, not, value, trail, pos, sink);
            let schema = || crate::schema::node_value(self.schema, not);
            keywords::applicators::not(run, schema, trail, pos, out);
        }
        if let Some(condition) = node.effective_if() {
            let run_if =
                |sink: &mut Sink<'_>| self.check(false, condition, value, trail, pos, sink);
            let run_branch = |held: bool, sink: &mut Sink<'_>| {
                if let Some(b) = node.branch(held) {
                    self.check(false, b, value, trail, pos, sink)
                }
            };
            keywords::applicators::if_then_else(run_if, run_branch, trail, out);
        }
    }
}
