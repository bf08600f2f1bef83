//! What the text path precomputes per schema node, once per [`Schema`]: how an
//! object or array value is walked in one pass, and each object's property names
//! in a lookup table with the required ones as a bit mask.

use super::lookup::NameTable;
use crate::json::{JsonType, TypeSet};
use crate::keywords::object::rejects_undeclared;
use crate::options::{Options, Undeclared};
use crate::schema::vocabulary::Family;
use crate::schema::{Additional, Node, NodeId, Schema};
use serde_json::Value;

/// The most conjuncts (`$ref` targets and `allOf` branches, flattened) a node may
/// have for the stream to walk it; beyond, objects and arrays are buffered.
const MAX_FLAT: usize = 16;

/// Objects whose schema tracks more names (declared or required) than this are
/// buffered: the names seen are a `u64` bit set.
pub(crate) const MAX_SLOTS: usize = 64;

/// How the stream walks an object (or an array) at some node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compound {
    /// Invalid whatever it holds (wrong type, `false`, an `enum` of scalars, ...).
    Fail,
    /// Read into a `serde_json::Value` and checked by the interpreter (`anyOf`,
    /// `oneOf`, `not`, `if`/`then`/`else`, `uniqueItems`, `contains`,
    /// `patternProperties`, `dependentRequired`, `dependentSchemas`,
    /// `enum`/`const` holding such values, several conjuncts constraining
    /// members, ...).
    Buffer,
    /// Nothing constrains the members: skip them.
    Open,
    /// Walk the members with the keywords of this node (the only conjunct that
    /// constrains them).
    Drive(NodeId),
}

/// The plan of one node.
#[derive(Debug)]
pub(crate) struct NodePlan {
    /// The node accepts every value (no constraint at all).
    pub trivial: bool,
    /// `type`, with `null` added for `nullable`.
    pub types: Option<TypeSet>,
    /// Whether a scalar of an accepted type needs more checks than its type
    /// (`false`, `enum`, `const`, number or string keywords, applicators).
    pub scalar_more: bool,
    /// Number keywords: bounds, `multipleOf`.
    pub number_keywords: bool,
    /// String keywords: lengths, `pattern`, `format`.
    pub string_keywords: bool,
    /// `$ref`, `allOf`, `anyOf`, `oneOf`, `not`.
    pub applicators: bool,
    /// This node, then the conjuncts `$ref` and `allOf` add, flattened and without
    /// repeats; `None` when there are more than [`MAX_FLAT`].
    pub flat: Option<Box<[NodeId]>>,
    /// How an object is walked here, below the root.
    pub object: Compound,
    /// How an array is walked here, below the root.
    pub array: Compound,
    /// Names tracked for an object: the declared properties (slot = index in
    /// `properties`) then the required names not declared.
    keys: NameTable,
    /// Slots of the `required` names.
    pub required: u64,
    /// Whether every tracked name has a slot (at most [`MAX_SLOTS`]).
    pub fits: bool,
    /// The node of each declared property (by slot), `None` where it accepts
    /// everything.
    pub children: Box<[Option<NodeId>]>,
    /// `properties` is present and the node is not a conditional subschema (the
    /// object is closed in tool-call mode, see [`crate::schema::node_checks::object::closed`]).
    pub has_properties: bool,
    /// Whether the object is closed to undeclared names at the arguments object
    /// (see [`crate::schema::node_checks::object::closed`]).
    pub closed_at_root: bool,
    /// `additionalProperties`.
    pub additional: Additional,
    /// `additionalProperties` as a schema, `None` where it accepts everything.
    pub extra: Option<NodeId>,
    /// `propertyNames`.
    pub names: Option<NodeId>,
    /// `minProperties`, `maxProperties`.
    pub min_properties: Option<u64>,
    pub max_properties: Option<u64>,
}

impl NodePlan {
    /// The slot of property name `key`, if the node tracks it.
    #[inline(always)]
    pub fn slot(&self, key: &str) -> Option<u32> {
        self.keys.slot(key)
    }
}

/// Every node's plan.
#[derive(Debug)]
pub(crate) struct Plan {
    pub nodes: Box<[NodePlan]>,
    /// How an object is walked at the root, for each [`Undeclared`] policy (the
    /// only option it depends on).
    root_object: [Compound; 3],
}

impl Plan {
    #[inline]
    pub fn node(&self, id: NodeId) -> &NodePlan {
        &self.nodes[id.0 as usize]
    }

    /// How an object is walked at the root under `options`.
    #[inline]
    pub fn root_object(&self, options: &Options) -> Compound {
        self.root_object[undeclared_index(options.undeclared)]
    }
}

const POLICIES: [Undeclared; 3] = [
    Undeclared::RejectUnlessAllowed,
    Undeclared::RejectAlways,
    Undeclared::RejectIfForbidden,
];

fn undeclared_index(u: Undeclared) -> usize {
    match u {
        Undeclared::RejectUnlessAllowed => 0,
        Undeclared::RejectAlways => 1,
        Undeclared::RejectIfForbidden => 2,
        _ => unreachable!("an `Undeclared` this engine does not know: the runtime and the engine are of the same release"),
    }
}

impl Schema {
    /// The text path's plan, built on first use (the only allocation of the text
    /// path on valid input, once per schema).
    pub(crate) fn text_plan(&self) -> &Plan {
        self.text.get_or_build(|| build(self))
    }
}

fn build(schema: &Schema) -> Plan {
    let nodes = schema.nodes();
    // Loops, not collects of closures: each would compile a collect of its own.
    let mut flats: Vec<Option<Box<[NodeId]>>> = Vec::with_capacity(nodes.len());
    for i in 0..nodes.len() {
        flats.push(flatten(schema, NodeId(i as u32)));
    }
    let effective = |id: NodeId| (!trivial(schema.node(id))).then_some(id);
    let mut plans = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        let flat = flats[i].clone();
        let (keys, required, fits) = keys(node);
        let mut plan = NodePlan {
            trivial: trivial(node),
            types: node.types.map(|t| {
                if node.nullable {
                    t.with(JsonType::Null)
                } else {
                    t
                }
            }),
            scalar_more: scalar_more(node),
            number_keywords: node.has(Family::Number),
            string_keywords: node.has(Family::String),
            applicators: node.has(Family::Applicator),
            flat,
            object: Compound::Open,
            array: Compound::Open,
            keys,
            required,
            fits,
            children: node
                .properties
                .iter()
                .flatten()
                .map(|p| effective(p.node))
                .collect(),
            has_properties: crate::schema::node_checks::object::closed(node, false),
            closed_at_root: crate::schema::node_checks::object::closed(node, true),
            additional: node.additional,
            extra: match node.additional {
                Additional::Schema(x) => effective(x),
                _ => None,
            },
            names: node.property_names,
            min_properties: node.min_properties,
            max_properties: node.max_properties,
        };
        plan.object = compound(
            schema,
            plan.flat.as_deref(),
            JsonType::Object,
            &object_keywords,
        );
        plan.array = compound(
            schema,
            plan.flat.as_deref(),
            JsonType::Array,
            &array_keywords,
        );
        plans.push(plan);
    }
    let mut plan = Plan {
        nodes: plans.into_boxed_slice(),
        root_object: [Compound::Open; 3],
    };
    // A driver whose names do not fit in the bit set is buffered.
    for i in 0..plan.nodes.len() {
        if let Compound::Drive(d) = plan.nodes[i].object {
            if !plan.nodes[d.0 as usize].fits {
                plan.nodes[i].object = Compound::Buffer;
            }
        }
    }
    for (i, u) in POLICIES.into_iter().enumerate() {
        plan.root_object[i] = root_object(schema, &plan, &Options::default().undeclared(u));
    }
    plan
}

/// Whether a scalar whose type the node accepts needs more checks.
fn scalar_more(n: &Node) -> bool {
    n.never
        || [
            Family::Enum,
            Family::Const,
            Family::Number,
            Family::String,
            Family::Applicator,
        ]
        .into_iter()
        .any(|f| n.has(f))
}

/// The node, then its `$ref` target and `allOf` branches, recursively, each once.
fn flatten(schema: &Schema, id: NodeId) -> Option<Box<[NodeId]>> {
    fn walk(schema: &Schema, id: NodeId, out: &mut Vec<NodeId>) -> bool {
        if out.contains(&id) {
            return true;
        }
        if out.len() == MAX_FLAT {
            return false;
        }
        out.push(id);
        let node = schema.node(id);
        if let Some(target) = node.reference {
            if !walk(schema, target, out) {
                return false;
            }
        }
        node.all_of.iter().all(|&b| walk(schema, b, out))
    }
    let mut out = Vec::new();
    walk(schema, id, &mut out).then(|| out.into_boxed_slice())
}

/// Whether the node constrains nothing at all.
fn trivial(n: &Node) -> bool {
    !n.never && n.types.is_none() && !scalar_more(n) && !object_keywords(n) && !array_keywords(n)
}

/// Whether the node constrains an object's members (below the root: such a node
/// declares no `properties`, so it is open unless `additionalProperties` says
/// otherwise).
pub(crate) fn object_keywords(n: &Node) -> bool {
    n.has(Family::Object)
}

/// Whether the node constrains an array's elements.
fn array_keywords(n: &Node) -> bool {
    n.has(Family::Array)
}

/// The names tracked for objects at `node`: declared properties, then required
/// names that are not declared.
fn keys<'n>(node: &'n Node) -> (NameTable, u64, bool) {
    let mut keys: Vec<(Box<str>, u32)> = Vec::new();
    // The slot of each name pushed (a linear scan would make long lists quadratic).
    // (`usize` slots: the crate's one map of `&str`s to numbers.)
    let mut slots: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut push = |name: &'n str, keys: &mut Vec<(Box<str>, u32)>| -> u32 {
        *slots.entry(name).or_insert_with(|| {
            let s = keys.len();
            keys.push((name.into(), s as u32));
            s
        }) as u32
    };
    for p in node.properties.iter().flatten() {
        push(&p.name, &mut keys);
    }
    let mut required = 0u64;
    let mut fits = true;
    for name in &node.required {
        let s = push(name, &mut keys) as usize;
        if s < MAX_SLOTS {
            required |= 1 << s;
        }
    }
    if keys.len() > MAX_SLOTS {
        fits = false;
    }
    (NameTable::new(keys), required, fits)
}

/// How a value of type `ty` (object or array) is walked under the conjuncts
/// `flat`, where `active(m)` says whether conjunct `m` constrains the members
/// (a `dyn`: one compiled copy for every caller).
pub(crate) fn compound(
    schema: &Schema,
    flat: Option<&[NodeId]>,
    ty: JsonType,
    active: &dyn Fn(&Node) -> bool,
) -> Compound {
    let Some(flat) = flat else {
        return Compound::Buffer;
    };
    let same_kind = |v: &Value| match ty {
        JsonType::Object => v.is_object(),
        _ => v.is_array(),
    };
    let mut driver = None;
    let mut buffer = false;
    for &id in flat {
        let m = schema.node(id);
        if m.never {
            return Compound::Fail;
        }
        if let Some(mut types) = m.types {
            if m.nullable {
                types = types.with(JsonType::Null);
            }
            if !types.accepts(ty) {
                return Compound::Fail;
            }
        }
        if let Some(values) = &m.enum_values {
            if !values.iter().any(same_kind) {
                return Compound::Fail;
            }
            buffer = true;
        }
        if let Some(value) = &m.const_value {
            if !same_kind(value) {
                return Compound::Fail;
            }
            buffer = true;
        }
        if !m.any_of.is_empty()
            || !m.one_of.is_empty()
            || m.not.is_some()
            || m.effective_if().is_some()
        {
            buffer = true;
        }
        // What was evaluated needs every member at once (`keywords::unevaluated`).
        let unevaluated = match ty {
            JsonType::Object => m.unevaluated_properties.is_some(),
            _ => m.unevaluated_items.is_some(),
        };
        if unevaluated {
            buffer = true;
        }
        if ty == JsonType::Array && (m.unique_items || m.contains.is_some()) {
            buffer = true;
        }
        if ty == JsonType::Object && buffers_objects(m) {
            buffer = true;
        }
        if active(m) {
            if driver.is_some() {
                buffer = true;
            }
            driver = Some(id);
        }
    }
    match driver {
        _ if buffer => Compound::Buffer,
        Some(d) => Compound::Drive(d),
        None => Compound::Open,
    }
}

/// Whether the node has an object keyword that the stream does not decide
/// (`patternProperties`, `dependentRequired`, `dependentSchemas`, aliases): its
/// objects are read into a value.
fn buffers_objects(m: &Node) -> bool {
    m.has_aliases()
        || !m.dependent_required.is_empty()
        || !m.dependent_schemas.is_empty()
        || !m.pattern_properties.is_empty()
}

/// How an object is walked at the root, where every conjunct whose object is
/// closed under `options` constrains the members.
fn root_object(schema: &Schema, plan: &Plan, options: &Options) -> Compound {
    let root = schema.root_id();
    let c = compound(
        schema,
        plan.node(root).flat.as_deref(),
        JsonType::Object,
        &|m| {
            object_keywords(m)
                || rejects_undeclared(
                    options.undeclared,
                    crate::schema::node_checks::object::closed(m, true),
                    m.additional,
                )
        },
    );
    match c {
        Compound::Drive(d) if !plan.node(d).fits => Compound::Buffer,
        c => c,
    }
}
