//! The one schema model: a JSON Schema checked once and turned into an IR that both
//! back ends (the interpreter here, the code generator in `tool-schema-expand`) read.
//!
//! [`Schema::parse`] accepts a `serde_json::Value`; a schema it cannot honour is
//! refused with a [`SchemaError`] naming every offending place by JSON pointer. A
//! schema that is meaningful but almost surely a mistake is accepted and its
//! [`Lint`]s are listed by [`Schema::lints`].

mod alias_names;
// Without the `engines` feature only the decoder's loop check and the limits are used.
#[cfg_attr(not(feature = "engines"), allow(dead_code))]
mod budget;
#[cfg(feature = "engines")]
mod builder;
#[cfg(feature = "engines")]
mod closure;
mod decode;
mod derived;
mod described;
mod diag;
#[cfg_attr(not(feature = "engines"), allow(dead_code))]
mod discriminator;
#[cfg(feature = "engines")]
mod encode;
pub(crate) mod facts;
#[cfg(feature = "engines")]
pub mod meta;
#[doc(hidden)]
pub mod node_checks;
#[cfg(feature = "engines")]
mod parse;
mod subschemas;
mod to_json;
#[cfg(feature = "engines")]
mod uri;
pub mod vocabulary;

pub use budget::{ANALYSED_DEPTH, MAX_EVALUATIONS, MAX_HOPS};
#[cfg(feature = "engines")]
pub use builder::SchemaBuilder;
#[doc(hidden)]
pub use decode::DecodeError;
pub use diag::{Diagnostic, Lint, LintKind, SchemaError};
pub use discriminator::Discriminator;

/// The JSON of node `id` (as [`Schema::to_value`] writes it), for messages.
pub fn node_value(schema: &Schema, id: NodeId) -> Value {
    to_json::node_to_value(schema, id)
}

pub use crate::pattern::{Pattern, PatternSet, DEFAULT_MAX_PATTERN_SIZE, MAX_PATTERN_SIZE};

use crate::json::TypeSet;
use crate::keywords::format::NumericFormat;
pub use crate::model_parts::{Additional, NodeId};
use serde_json::{Number, Value};

/// A checked schema: an arena of nodes, the root first.
#[derive(Clone, Debug, PartialEq)]
pub struct Schema {
    nodes: Vec<Node>,
    lints: Vec<Lint>,
    /// What the text path (`Schema::validate_str`) precomputes, built on first use.
    /// Never part of equality or cloning.
    pub(crate) text: derived::Derived,
    /// What the streaming checker (`Schema::stream`) precomputes, built on
    /// first use. Never part of equality or cloning.
    pub(crate) stream: derived::Derived,
    /// What the interpreter reads per node, computed by [`Schema::parse`].
    pub(crate) facts: facts::Facts,
}

/// One declared property, or one alias of a declared property.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    /// The property's name, exactly as declared (an alias: the alias).
    pub name: String,
    /// Its schema (an alias: its property's).
    pub node: NodeId,
    /// `Some(d)`: this entry is an alias of declared property `d` (its index in
    /// [`Node::properties`]), written in `x-tool-schema-aliases` (see
    /// [`crate::keywords::alias`]). Alias entries follow the properties, ordered
    /// by the property they name.
    pub alias_of: Option<usize>,
}

impl Property {
    /// The declared property of this entry, entry `d` of `properties`: `d`
    /// itself, or the property it is an alias of.
    #[inline(always)]
    pub fn canonical(&self, d: usize) -> usize {
        self.alias_of.unwrap_or(d)
    }
}

/// Keywords kept for export that never produce a violation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations {
    pub title: Option<String>,
    pub description: Option<String>,
    pub default: Option<Value>,
    pub examples: Option<Vec<Value>>,
    /// `$schema`.
    pub dialect: Option<String>,
    /// `$comment`.
    pub comment: Option<String>,
    /// Other annotation keywords kept verbatim (`contentEncoding`,
    /// `contentMediaType`, `contentSchema`, `deprecated`, `readOnly`, `writeOnly`,
    /// and vendor extensions `x-...`), in source order.
    pub other: Vec<(String, Value)>,
}

/// One schema node: the constraints of one (sub)schema.
///
/// `None` / empty means the keyword is absent. Each back end emits a check only for
/// the keywords present.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Node {
    /// JSON pointer of this node in the source schema (`""` for the root).
    pub pointer: String,
    /// The boolean schema `false`: no value is accepted.
    pub never: bool,
    /// Written as a boolean schema (`true` or `false`), for export.
    pub boolean: bool,
    /// `type`.
    pub types: Option<TypeSet>,
    /// `nullable: true` (OpenAPI 3.0, as Gemini sends): `null` is accepted too.
    pub nullable: bool,
    /// `enum`.
    pub enum_values: Option<std::sync::Arc<[Value]>>,
    /// `const`.
    pub const_value: Option<Value>,
    /// `minimum` (inclusive).
    pub minimum: Option<Number>,
    /// `maximum` (inclusive).
    pub maximum: Option<Number>,
    /// `exclusiveMinimum` (the 2020-12 number form).
    pub exclusive_minimum: Option<Number>,
    /// `exclusiveMaximum` (the 2020-12 number form).
    pub exclusive_maximum: Option<Number>,
    /// `multipleOf` (positive).
    pub multiple_of: Option<Number>,
    /// `minLength`, in Unicode code points.
    pub min_length: Option<u64>,
    /// `maxLength`, in Unicode code points.
    pub max_length: Option<u64>,
    /// `pattern`.
    pub pattern: Option<Pattern>,
    /// `format`: the name; asserted for the names [`crate::keywords::format`] knows.
    pub format: Option<String>,
    /// `format` when it names a numeric format (`uint8`, `int32`, `double`, ...):
    /// resolved once by the parser, so that the walks compare no names.
    pub numeric_format: Option<&'static NumericFormat>,
    /// Whether `format` is asserted whatever [`crate::Options::formats`] says: the
    /// dialect's meta-schema lists the format-assertion vocabulary.
    pub format_asserted: bool,
    /// `properties`, in declaration order, then the aliases of
    /// `x-tool-schema-aliases` ([`Property::alias_of`]: each a name under which
    /// its property is read too); `None` when `properties` is absent.
    pub properties: Option<Vec<Property>>,
    /// `required`, in declaration order.
    pub required: Vec<String>,
    /// `patternProperties`, in declaration order: a member whose name a pattern
    /// matches must match its schema (several may apply).
    pub pattern_properties: Vec<(Pattern, NodeId)>,
    /// The patterns of `pattern_properties`, matched together.
    pub pattern_set: Option<PatternSet>,
    /// `additionalProperties` (for the members neither `properties` nor
    /// `patternProperties` names).
    pub additional: Additional,
    /// This node declares no `properties` but a subschema applied in place
    /// (`$ref`, `allOf`, `anyOf`, `oneOf`) does: at the arguments object, which
    /// tool-call mode closes to undeclared names, the closing is theirs (see
    /// [`crate::schema::node_checks::object::closed`]).
    pub members_elsewhere: bool,
    /// This node is a conditional subschema (`if`, `then`, `else`, one of
    /// `dependentSchemas`): in tool-call mode it closes no object to undeclared
    /// names (the node applying it does, see [`Node::conditional_names`]).
    pub conditional: bool,
    /// This node is applied in place (through `$ref`, `allOf`, `anyOf`, `oneOf`,
    /// `if`/`then`/`else`, `dependentSchemas`, at any depth) by a node with
    /// `unevaluatedProperties`: in tool-call mode it closes no object, the
    /// `unevaluatedProperties` decides the names nothing evaluated (wherever else
    /// the node is applied too).
    pub under_unevaluated: bool,
    /// The names this node's conditional subschemas declare in `properties`
    /// (sorted, each once): where this node closes an object in tool-call mode,
    /// they are not refused as undeclared (`additionalProperties: false` still
    /// refuses them).
    pub conditional_names: Vec<String>,
    /// `unevaluatedProperties`: the schema of every member that no keyword of this
    /// node, nor of a subschema applied in place and passed, evaluated (see
    /// [`crate::keywords::unevaluated`]).
    pub unevaluated_properties: Option<NodeId>,
    /// `minProperties`.
    pub min_properties: Option<u64>,
    /// `maxProperties`.
    pub max_properties: Option<u64>,
    /// `propertyNames`.
    pub property_names: Option<NodeId>,
    /// `dependentRequired`: when the object has the first name, it must have each
    /// of the others (in declaration order).
    pub dependent_required: Vec<(String, Vec<String>)>,
    /// `dependentSchemas`: when the object has the property `name`, the object
    /// itself must also match `node` (applied in place, like `allOf`).
    pub dependent_schemas: Vec<Property>,
    /// `prefixItems`: one schema per leading element.
    pub prefix_items: Vec<NodeId>,
    /// `items`: the schema of every element after `prefixItems`.
    pub items: Option<NodeId>,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `uniqueItems: true`.
    pub unique_items: bool,
    /// `contains`: how many elements must match it is said by `minContains`
    /// (1 when absent) and `maxContains`.
    pub contains: Option<NodeId>,
    /// `unevaluatedItems`: the schema of every element that no keyword of this
    /// node, nor of a subschema applied in place and passed, evaluated (see
    /// [`crate::keywords::unevaluated`]).
    pub unevaluated_items: Option<NodeId>,
    /// `minContains` (no effect without `contains`).
    pub min_contains: Option<u64>,
    /// `maxContains` (no effect without `contains`).
    pub max_contains: Option<u64>,
    /// `allOf`.
    pub all_of: Vec<NodeId>,
    /// `anyOf`.
    pub any_of: Vec<NodeId>,
    /// `oneOf`.
    pub one_of: Vec<NodeId>,
    /// How `anyOf` is discriminated, when its branches are objects told apart by
    /// a required property's fixed values (see [`Discriminator`]).
    pub any_of_tag: Option<Discriminator>,
    /// How `oneOf` is discriminated, as [`Node::any_of_tag`].
    pub one_of_tag: Option<Discriminator>,
    /// `not`.
    pub not: Option<NodeId>,
    /// `if`: which of `then`/`else` applies (no effect of its own).
    pub if_schema: Option<NodeId>,
    /// `then`: applied in place when `if` accepts the value (no effect without `if`).
    pub then_schema: Option<NodeId>,
    /// `else`: applied in place when `if` refuses the value (no effect without `if`).
    pub else_schema: Option<NodeId>,
    /// `$ref` (or `$dynamicRef`), resolved to the node it names: in the schema, in
    /// a resource registered with [`SchemaBuilder::resource`], or in a bundled
    /// meta-schema ([`meta`]).
    pub reference: Option<NodeId>,
    /// Where a node of a document the schema refers to (a registered resource, a
    /// meta-schema) comes from: `uri#pointer`; `None` for the schema's own nodes.
    /// Such a node's `pointer` is that of the reference that loaded it.
    pub origin: Option<String>,
    /// `$defs` / `definitions`: named schemas, kept for export and `$ref`.
    pub defs: Vec<(String, Vec<Property>)>,
    /// Annotations.
    pub annotations: Annotations,
    /// The keywords of this node in source order, for export.
    pub keywords: Vec<String>,
}

impl Node {
    /// Whether this node's `format` is asserted under `options`: when the options
    /// assert formats, or the node's dialect does (the format-assertion vocabulary).
    #[inline]
    pub fn asserts_format(&self, options: &crate::Options) -> bool {
        options.formats || self.format_asserted
    }

    /// Every subschema this node holds, once per place, in one fixed order
    /// (`$defs` aside: they apply only through references): `properties`,
    /// `additionalProperties`, `patternProperties`, `propertyNames`,
    /// `dependentSchemas`, `prefixItems`, `items`, `contains`,
    /// `unevaluatedProperties`, `unevaluatedItems`, `allOf`, `anyOf`, `oneOf`,
    /// `not`, `if`, `then`, `else`, and the reference last.
    pub fn subschemas(&self) -> impl Iterator<Item = NodeId> + '_ {
        subschemas::Subschemas::new(self)
    }

    /// The places of [`Node::subschemas`], in its order, to rewrite them.
    #[cfg(feature = "engines")]
    pub(crate) fn subschemas_mut(&mut self) -> Vec<&mut NodeId> {
        let mut out: Vec<&mut NodeId> = Vec::new();
        // Loops rather than adaptors: one closure each would compile a collect.
        for p in self.properties.iter_mut().flatten() {
            out.push(&mut p.node);
        }
        if let Additional::Schema(x) = &mut self.additional {
            out.push(x);
        }
        for (_, s) in &mut self.pattern_properties {
            out.push(s);
        }
        out.extend(self.property_names.as_mut());
        for d in &mut self.dependent_schemas {
            out.push(&mut d.node);
        }
        out.extend(self.prefix_items.iter_mut());
        out.extend(self.items.as_mut());
        out.extend(self.contains.as_mut());
        out.extend(self.unevaluated_properties.as_mut());
        out.extend(self.unevaluated_items.as_mut());
        out.extend(self.all_of.iter_mut());
        out.extend(self.any_of.iter_mut());
        out.extend(self.one_of.iter_mut());
        out.extend(self.not.as_mut());
        out.extend(self.if_schema.as_mut());
        out.extend(self.then_schema.as_mut());
        out.extend(self.else_schema.as_mut());
        out.extend(self.reference.as_mut());
        out
    }

    /// `if`, when it has an effect: with `then` or `else`.
    #[inline]
    pub fn effective_if(&self) -> Option<NodeId> {
        self.if_schema
            .filter(|_| self.then_schema.is_some() || self.else_schema.is_some())
    }

    /// The branch that applies when `if` accepted the value (`held`), or refused it.
    #[inline]
    pub fn branch(&self, held: bool) -> Option<NodeId> {
        if held {
            self.then_schema
        } else {
            self.else_schema
        }
    }

    /// The subschemas applied in place to this node's value whose annotations
    /// count (`$ref`, `allOf`, `anyOf`, `oneOf`, `if`, `then`, `else`,
    /// `dependentSchemas`; not `not`), in that order.
    pub fn in_place_subschemas(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.reference
            .iter()
            .chain(&self.all_of)
            .chain(&self.any_of)
            .chain(&self.one_of)
            .chain(&self.if_schema)
            .chain(&self.then_schema)
            .chain(&self.else_schema)
            .copied()
            .chain(self.dependent_schemas.iter().map(|d| d.node))
    }

    /// Whether some declared property has an alias (`x-tool-schema-aliases`).
    #[inline]
    pub fn has_aliases(&self) -> bool {
        self.properties
            .as_deref()
            .and_then(<[Property]>::last)
            .is_some_and(|p| p.alias_of.is_some())
    }

    /// The declared properties without their aliases.
    pub fn declared_properties(&self) -> &[Property] {
        let props = self.properties.as_deref().unwrap_or(&[]);
        &props[..props.partition_point(|p| p.alias_of.is_none())]
    }

    /// The alias entries of `properties`, ordered by the property each names
    /// (the aliases of one property in their order).
    fn alias_entries(&self) -> &[Property] {
        let props = self.properties.as_deref().unwrap_or(&[]);
        &props[props.partition_point(|p| p.alias_of.is_none())..]
    }

    /// The aliases of declared property `d`, in order (found by binary search).
    pub fn aliases_of(&self, d: usize) -> impl Iterator<Item = &str> + Clone + '_ {
        alias_names::Names::new(None, self.alias_run(d))
    }

    /// The alias entries of declared property `d`.
    fn alias_run(&self, d: usize) -> &[Property] {
        let aliases = self.alias_entries();
        let from = aliases.partition_point(|p| p.alias_of < Some(d));
        let to = aliases.partition_point(|p| p.alias_of <= Some(d));
        &aliases[from..to]
    }

    /// The names of declared property `d`: its own, then its aliases in order.
    pub fn names_of(&self, d: usize) -> impl Iterator<Item = &str> + Clone + '_ {
        let own = self.declared_properties().get(d).map(|p| p.name.as_str());
        alias_names::Names::new(own, self.alias_run(d))
    }

    /// The declared index of the entry of `properties` called `name`: its own,
    /// or that of the property it is an alias of.
    pub fn declared_index(&self, name: &str) -> Option<usize> {
        self.property(name).map(|(i, p)| p.canonical(i))
    }

    /// Each declared property that has aliases, in declaration order: its index
    /// and its names, its own first, then its aliases in order (time linear in
    /// the aliases).
    pub fn alias_groups(
        &self,
    ) -> impl Iterator<Item = (usize, impl Iterator<Item = &str> + Clone + '_)> + '_ {
        alias_names::AliasGroups::new(self)
    }

    /// The entry of `properties` called `name` (a property or an alias), with
    /// its index there.
    pub fn property(&self, name: &str) -> Option<(usize, &Property)> {
        self.properties
            .as_deref()?
            .iter()
            .enumerate()
            .find(|(_, p)| p.name == name)
    }
}

impl Schema {
    /// Checks `schema` and builds the model, or lists every problem that makes it
    /// impossible to honour. (With the `engines` feature.)
    #[cfg(feature = "engines")]
    pub fn parse(schema: &Value) -> Result<Schema, SchemaError> {
        parse::parse(schema)
    }

    /// A [`SchemaBuilder`]: resources for remote references, a default dialect.
    #[cfg(feature = "engines")]
    pub fn builder() -> SchemaBuilder {
        SchemaBuilder::default()
    }

    /// The root node.
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// The root node's id.
    pub fn root_id(&self) -> NodeId {
        NodeId(0)
    }

    /// The node with id `id`.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// The precomputed facts of node `id`.
    #[inline(always)]
    pub(crate) fn facts(&self, id: NodeId) -> &facts::NodeFacts {
        &self.facts.nodes[id.0 as usize]
    }

    /// Each name of node `id`'s `properties` folded, with its
    /// [`Shape`](crate::suggest::Shape), in their order (`None` past the first
    /// 2^32 - 1 names of the schema).
    pub(crate) fn name_shapes(
        &self,
        id: NodeId,
    ) -> Option<impl Iterator<Item = (&str, crate::suggest::Shape)> + Clone> {
        self.facts.shapes(id.0 as usize, self.node(id))
    }

    /// Node `id`'s declared names kept for the program's life, one per entry
    /// of its `properties` (`None` for one not kept), for the reporting walk's
    /// paths.
    pub(crate) fn kept_names(&self, id: NodeId) -> Option<&[Option<&'static str>]> {
        self.facts.kept_names(id.0 as usize, self.node(id))
    }

    /// Every node, the root first.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Mistakes that do not stop the schema from working (see [`LintKind`]).
    pub fn lints(&self) -> &[Lint] {
        &self.lints
    }

    /// The schema as JSON: the keywords the model holds, in source order.
    pub fn to_value(&self) -> Value {
        to_json::schema_to_value(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `subschemas` and `subschemas_mut` list the same places in the same order
    /// (the `$dynamicRef` specialisation rewrites the second by the first), and
    /// miss none: every node but the root is some node's subschema here.
    #[test]
    fn the_two_lists_of_subschemas_agree_and_miss_none() {
        let schema = Schema::parse(&json!({
            "type": ["object", "array"],
            "properties": {"a": {"type": "string"}, "b": {"$ref": "#/$defs/d"}},
            "additionalProperties": {"type": "integer"},
            "patternProperties": {"^x": {"type": "boolean"}},
            "propertyNames": {"maxLength": 9},
            "dependentSchemas": {"a": {"required": ["b"]}},
            "prefixItems": [{"type": "null"}],
            "items": {"type": "number"},
            "contains": {"const": 1},
            "unevaluatedProperties": {"type": "string"},
            "unevaluatedItems": {"type": "string"},
            "allOf": [{"minProperties": 1}],
            "anyOf": [{"maxProperties": 9}, {"minItems": 1}],
            "oneOf": [{"type": "object"}, {"type": "array"}],
            "not": {"const": 5},
            "if": {"minProperties": 2},
            "then": {"maxProperties": 8},
            "else": {"maxItems": 3},
            "$defs": {"d": {"type": "string", "minLength": 1}}
        }))
        .unwrap();
        let mut reached = vec![false; schema.nodes().len()];
        for node in schema.nodes() {
            let listed: Vec<NodeId> = node.subschemas().collect();
            let mut copy = node.clone();
            let places: Vec<NodeId> = copy.subschemas_mut().into_iter().map(|c| *c).collect();
            assert_eq!(listed, places);
            for c in listed {
                reached[c.0 as usize] = true;
            }
        }
        let root = schema.root_id().0 as usize;
        let missed: Vec<usize> = (0..reached.len())
            .filter(|&i| i != root && !reached[i])
            .collect();
        assert!(missed.is_empty(), "nodes no list reaches: {missed:?}");
        assert_eq!(schema.node(schema.root_id()).subschemas().count(), 20);
    }
}
