//! The yes/no walk: whether a value satisfies a node, stopping at the first
//! failure and building nothing. [`Run::valid`] answers exactly as the reporting
//! walk (`Run::report`) reports nothing; `is_valid` runs it alone, and `validate`
//! runs it first on every subtree so that only failing subtrees are reported.

use super::{find_property, Run};
use crate::json::JsonType;
use crate::keywords;
use crate::keywords::alias;
use crate::keywords::object::rejects_undeclared;
use crate::schema::facts::{self, NodeFacts};
use crate::schema::{Additional, Node, NodeId, Property};
use serde_json::{Map, Number, Value};

/// The JSON type of `value` as a bit index of [`NodeFacts::accept`], under
/// [`Options::integer_floats`](crate::Options::integer_floats) when `integer_floats`.
#[inline(always)]
fn type_bit(value: &Value, integer_floats: bool) -> u8 {
    match value {
        Value::Null => JsonType::Null as u8,
        Value::Bool(_) => JsonType::Boolean as u8,
        Value::Number(n) if !n.is_f64() => JsonType::Integer as u8,
        Value::Number(n) if integer_floats => float_type(n) as u8,
        Value::Number(_) => JsonType::Number as u8,
        Value::String(_) => JsonType::String as u8,
        Value::Array(_) => JsonType::Array as u8,
        Value::Object(_) => JsonType::Object as u8,
    }
}

/// The type of a float under `integer_floats`: `1.0` is an integer.
#[cold]
#[inline(never)]
fn float_type(n: &Number) -> JsonType {
    match n.as_f64() {
        Some(f) if f.fract() == 0.0 => JsonType::Integer,
        _ => JsonType::Number,
    }
}

impl Run<'_> {
    /// Whether `value` satisfies node `id`. `root`: `value` is the arguments
    /// object itself (which is closed to undeclared properties).
    #[inline]
    pub(super) fn valid(&self, id: NodeId, value: &Value, root: bool) -> bool {
        self.walk(id, value, root).is_ok()
    }

    /// [`Run::valid`], saying on failure how many leading members (of an object)
    /// or elements (of an array) are known to report nothing: the reporting walk
    /// starts after them.
    #[inline]
    pub(super) fn walk(&self, id: NodeId, value: &Value, root: bool) -> Result<(), usize> {
        self.walk_as::<true>(id, value, root)
    }

    /// Whether member or element `value` satisfies node `id`; when it does not,
    /// where its walk stopped is noted for the reporting walk (see
    /// `interp::stops`): the walks of containers ask their members and
    /// elements through it, so the failing chain of a refused call is noted
    /// from its innermost container out.
    #[inline(always)]
    pub(super) fn valid_below(&self, id: NodeId, value: &Value) -> bool {
        match self.walk(id, value, false) {
            Ok(()) => true,
            Err(passed) => {
                self.stopped(id, value, passed);
                false
            }
        }
    }

    /// Notes where the walk of `value` against `id` stopped, when it passed
    /// something and the run keeps stops.
    #[cold]
    #[inline(never)]
    fn stopped(&self, id: NodeId, value: &Value, passed: usize) {
        if let (1.., Some(stops)) = (passed, self.stops) {
            stops
                .get_or_init(Default::default)
                .note(id, value, false, passed);
        }
    }

    /// [`Run::walk`] without the node's in-place applicators (`$ref`, `allOf`,
    /// ..., `dependentSchemas`) and `unevaluated*`: the walk that collects what
    /// was evaluated applies those itself (`interp::unevaluated`).
    pub(super) fn walk_own(&self, id: NodeId, value: &Value, root: bool) -> Result<(), usize> {
        self.walk_as::<false>(id, value, root)
    }

    /// [`Run::walk`] (`APPLY`) or [`Run::walk_own`].
    #[inline(always)]
    fn walk_as<const APPLY: bool>(
        &self,
        id: NodeId,
        value: &Value,
        root: bool,
    ) -> Result<(), usize> {
        let f = self.schema.facts(id);
        if f.accept & (1 << type_bit(value, self.options.integer_floats)) == 0 {
            return Err(0);
        }
        if f.flags == 0 && !root {
            return Ok(());
        }
        self.keywords(id, f, value, root, APPLY)
    }

    /// [`Run::walk`] past `type`, for a node with other keywords; `apply`: with
    /// the in-place applicators and `unevaluated*`.
    #[inline(never)]
    fn keywords(
        &self,
        id: NodeId,
        f: &NodeFacts,
        value: &Value,
        root: bool,
        apply: bool,
    ) -> Result<(), usize> {
        // `dependentSchemas` on the plain walk only: the collecting walk applies
        // it with the other in-place subschemas.
        let plain = apply && !f.has(facts::UNEVAL);
        // The commonest nodes with keywords beyond `type` hold one group only:
        // straight to its check.
        match value {
            Value::Number(n) if f.flags == facts::NUMBER => {
                return if crate::schema::node_checks::number::valid_prepared(
                    self.schema.node(id),
                    f.limits.as_deref(),
                    n,
                    &self.options,
                ) {
                    Ok(())
                } else {
                    Err(0)
                };
            }
            Value::Object(map) if f.flags & !facts::REQUIRED_BY_BITS == facts::OBJECT => {
                return self.object_ok(self.schema.node(id), f, value, map, root, plain);
            }
            _ if f.flags == facts::ENUM && !root => {
                return match &self.schema.node(id).enum_values {
                    Some(allowed)
                        if !keywords::enum_const::in_enum(
                            allowed,
                            f.enum_set.as_deref(),
                            value,
                        ) =>
                    {
                        Err(0)
                    }
                    _ => Ok(()),
                };
            }
            _ => {}
        }
        let node = self.schema.node(id);
        if f.has(facts::NEVER) {
            return Err(0);
        }
        if f.has(facts::ENUM | facts::CONST)
            && !crate::schema::node_checks::enum_const::valid_by(node, f.enum_set.as_deref(), value)
        {
            return Err(0);
        }
        let passed = match value {
            Value::Number(n)
                if f.has(facts::NUMBER)
                    && !crate::schema::node_checks::number::valid_prepared(
                        node,
                        f.limits.as_deref(),
                        n,
                        &self.options,
                    ) =>
            {
                return Err(0)
            }
            Value::String(s)
                if f.has(facts::STRING)
                    && !crate::schema::node_checks::string::valid(node, s, &self.options) =>
            {
                return Err(0)
            }
            Value::Object(map) if root || f.has(facts::OBJECT) => {
                self.object_ok(node, f, value, map, root, plain)?;
                map.len()
            }
            Value::Array(items) if f.has(facts::ARRAY) => {
                self.array_ok(node, items)?;
                items.len()
            }
            Value::Object(map) => map.len(),
            Value::Array(items) => items.len(),
            _ => 0,
        };
        if !apply {
            return Ok(());
        }
        if f.has(facts::UNEVAL) {
            if !self.collecting_ok(id, value, root) {
                return Err(passed);
            }
        } else if f.has(facts::APPLY) && !self.applicators_ok(node, value, root) {
            return Err(passed);
        }
        Ok(())
    }

    #[inline(never)]
    fn object_ok(
        &self,
        node: &Node,
        f: &NodeFacts,
        value: &Value,
        map: &Map<String, Value>,
        root: bool,
        schemas: bool,
    ) -> Result<(), usize> {
        if !crate::schema::node_checks::object::counts_valid(node, map.len() as u64) {
            return Err(0);
        }
        let closed = crate::schema::node_checks::object::closed(node, root);
        let reject = rejects_undeclared(self.options.undeclared, closed, node.additional);
        let mut seen: u64 = 0;
        let mut next = 0;
        for (i, (key, v)) in map.iter().enumerate() {
            if let Some(names) = node.property_names {
                if !self.name_ok(names, key) {
                    return Err(i);
                }
            }
            match find_property(node, f, key, &mut next) {
                Some((d, _, p)) => {
                    if d < 64 {
                        seen |= 1 << d;
                    }
                    if !self.declared_ok(node, f, d, p, key, v) {
                        return Err(i);
                    }
                }
                None => {
                    if !self.undeclared_ok(node, reject, key, v) {
                        return Err(i);
                    }
                }
            }
        }
        if node.has_aliases() && !one_name_each(node, map) {
            return Err(map.len());
        }
        let complete = if f.has(facts::REQUIRED_BY_BITS) {
            seen & f.required_bits == f.required_bits
        } else {
            required_present(node, f, map, seen)
        };
        if complete && self.dependents_ok(node, value, map, root, schemas) {
            Ok(())
        } else {
            Err(map.len())
        }
    }

    /// Whether member `key: v` of an object of `node` reports nothing:
    /// `propertyNames`, then [`Run::declared_ok`] or [`Run::undeclared_ok`]
    /// (`declared`: the member's property as [`find_property`] found it). The
    /// reporting walk asks it of each member past the one where the yes/no walk
    /// ([`Run::object_ok`], which asks the same of each member) stopped, so that
    /// a member that passes is not reported.
    #[inline(always)]
    pub(super) fn member_ok(
        &self,
        node: &Node,
        f: &NodeFacts,
        reject: bool,
        key: &str,
        v: &Value,
        declared: Option<(usize, usize, &Property)>,
    ) -> bool {
        if let Some(names) = node.property_names {
            if !self.name_ok(names, key) {
                return false;
            }
        }
        match declared {
            Some((d, _, p)) => self.declared_ok(node, f, d, p, key, v),
            None => self.undeclared_ok(node, reject, key, v),
        }
    }

    /// Whether member `key: v`, of declared property `d` (`p`), reports
    /// nothing: an optional member given as `null` may count as absent; else
    /// the property's schema and those of the patterns its name matches.
    #[inline(always)]
    fn declared_ok(
        &self,
        node: &Node,
        f: &NodeFacts,
        d: usize,
        p: &Property,
        key: &str,
        v: &Value,
    ) -> bool {
        let skip = v.is_null() && self.options.null_is_absent && !is_required(node, f, d, key);
        skip || (self.valid_below(p.node, v) && self.patterns_ok(node, key, v))
    }

    /// Whether undeclared member `key: v` reports nothing: the schemas of the
    /// patterns its name matches, else `additionalProperties`, else whether the
    /// object refuses it (`reject`).
    #[inline]
    fn undeclared_ok(&self, node: &Node, reject: bool, key: &str, v: &Value) -> bool {
        let mut patterned = false;
        let ok = crate::schema::node_checks::object::each_pattern_schema(node, key, |s| {
            patterned = true;
            self.valid(s, v, false)
        });
        match node.additional {
            _ if !ok => false,
            _ if patterned => true,
            Additional::Schema(extra) => self.valid(extra, v, false),
            _ => !crate::schema::node_checks::object::refuses_member(node, reject, key),
        }
    }

    /// `dependentRequired`, and `dependentSchemas` when `schemas`.
    #[inline]
    fn dependents_ok(
        &self,
        node: &Node,
        value: &Value,
        map: &Map<String, Value>,
        root: bool,
        schemas: bool,
    ) -> bool {
        let has = |k: &str| map.contains_key(k);
        node.dependent_required
            .iter()
            .all(|(name, needs)| keywords::object::dependencies_met(has, name, needs))
            && (!schemas
                || node
                    .dependent_schemas
                    .iter()
                    .all(|d| !has(&d.name) || self.valid(d.node, value, root)))
    }

    /// `patternProperties` on a member: whether it matches the schema of every
    /// pattern its name matches.
    #[inline]
    fn patterns_ok(&self, node: &Node, key: &str, v: &Value) -> bool {
        crate::schema::node_checks::object::each_pattern_schema(node, key, |s| {
            self.valid(s, v, false)
        })
    }

    /// `propertyNames` on one name (as a string value).
    #[cold]
    #[inline(never)]
    fn name_ok(&self, names: NodeId, key: &str) -> bool {
        self.valid(names, &Value::String(key.to_string()), false)
    }

    #[inline(never)]
    fn array_ok(&self, node: &Node, items: &[Value]) -> Result<(), usize> {
        if !crate::schema::node_checks::array::valid(node, items) {
            return Err(0);
        }
        let prefix = &node.prefix_items;
        for (i, (&schema, v)) in prefix.iter().zip(items).enumerate() {
            if !self.valid_below(schema, v) {
                return Err(i);
            }
        }
        if let Some(schema) = node.items {
            for (i, v) in items.iter().enumerate().skip(prefix.len()) {
                if !self.valid_below(schema, v) {
                    return Err(i);
                }
            }
        }
        if let Some(c) = node.contains {
            let matches = |i: usize| self.valid(c, &items[i], false);
            let (min, max) = (node.min_contains, node.max_contains);
            if !keywords::array::contains_ok(items.len(), matches, min, max) {
                return Err(items.len());
            }
        }
        Ok(())
    }

    #[inline(never)]
    fn applicators_ok(&self, node: &Node, value: &Value, root: bool) -> bool {
        if let Some(target) = node.reference {
            if !self.valid(target, value, root) {
                return false;
            }
        }
        if !node.all_of.iter().all(|&b| self.valid(b, value, root)) {
            return false;
        }
        if !node.any_of.is_empty() && !node.any_of.iter().any(|&b| self.valid(b, value, root)) {
            return false;
        }
        if !node.one_of.is_empty() {
            let mut matched = 0;
            for &b in &node.one_of {
                if self.valid(b, value, root) {
                    matched += 1;
                    if matched > 1 {
                        return false;
                    }
                }
            }
            if matched != 1 {
                return false;
            }
        }
        if let Some(not) = node.not {
            if self.valid(not, value, root) {
                return false;
            }
        }
        match node.effective_if() {
            Some(condition) => node
                .branch(self.valid(condition, value, root))
                .is_none_or(|b| self.valid(b, value, root)),
            None => true,
        }
    }
}

/// Whether every name in `required` is present, where `seen` has bit `d` for each
/// declared property `d < 64` present: the general case of `required`.
#[inline(never)]
fn required_present(node: &Node, f: &NodeFacts, map: &Map<String, Value>, seen: u64) -> bool {
    let mut next = 0;
    node.required
        .iter()
        .all(|name| match find_property(node, f, name, &mut next) {
            Some((d, _, _)) if d < 64 => seen & (1 << d) != 0,
            Some((d, _, _)) => alias::group_present(node.names_of(d), map),
            None => map.contains_key(name),
        })
}

/// [`alias::one_name_each`] for `node`'s aliases: out of line, so that objects
/// without aliases (nearly all) keep `object_ok` as small as before aliases.
#[cold]
#[inline(never)]
fn one_name_each(node: &Node, map: &Map<String, Value>) -> bool {
    alias::one_name_each(node.alias_groups().map(|g| g.1), map)
}

/// Whether declared property `d`, given as `name` (its name or an alias), is in
/// `required`. Out of line: inlined, it made `object_ok`'s loop over the members
/// larger and slower (`probe interp-valid`: 798 / 2,139 / 22,976 / 8,320
/// instructions inlined, 769 / 2,073 / 22,223 / 8,193 out of line); the inliner's
/// choice moved with unrelated changes to the crate.
#[inline(never)]
pub(super) fn is_required(node: &Node, f: &NodeFacts, d: usize, name: &str) -> bool {
    if f.has(facts::REQUIRED_BY_BITS) {
        d < 64 && f.required_bits & (1 << d) != 0
    } else if let Some(index) = &f.index {
        index.is_required(d)
    } else {
        let name = node.names_of(d).next().unwrap_or(name);
        node.required.iter().any(|r| r == name)
    }
}
