//! The plan of the typed form: the checked schema model -> the Rust types that
//! read every value the validator accepts and write it back unchanged. A node is
//! given a typed reading only where serde's reading of it is faithful for every
//! valid value; anything else is a `serde_json::Value` (still validated), with the
//! reason in the field's docs.
//!
//! A value the validator accepts meets every keyword of its node, so the type of
//! any one of them that reads all it accepts reads the value faithfully: a node is
//! read by its `const`, else the target of its `$ref`, else its `oneOf`/`anyOf`
//! (a tagged union, or a type and `null`), else its `allOf` merged, else its own
//! `type` (the first of these that maps).

mod enums;
mod numbers;
mod objects;
mod unions;

use super::names;
use tool_schema_engine::schema::{Node, NodeId};
use tool_schema_engine::{JsonType, Schema};

/// The Rust type of one value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ty {
    Bool,
    String,
    /// An integer type by name: `u8`, `i64`, `i128`, ...
    Int(&'static str),
    F64,
    /// `serde_json::Number`: a number no Rust number type holds exactly.
    Number,
    /// `serde_json::Value`.
    Value,
    /// `serde_json::Map<String, Value>`: an object with no declared members.
    Map,
    /// `BTreeMap<String, T>`: an object whose members are each read by `T`
    /// (`additionalProperties` with a schema, one `patternProperties`).
    MapOf(Box<Ty>),
    Vec(Box<Ty>),
    Option(Box<Ty>),
    /// A tuple: the elements of a `prefixItems` array of fixed length.
    Tuple(Vec<Ty>),
    /// `Box<T>`: a reference back to a type being declared (recursion).
    Boxed(Box<Ty>),
    /// A type the plan declares.
    Named(String),
    /// A unit-like type the plan declares for a `const`; `null`: the constant is
    /// `null`.
    Const {
        name: String,
        null: bool,
    },
}

impl Ty {
    /// Whether `null` is a value of this type (serde reads it as `None` for an
    /// `Option`, and keeps it in a `Value`).
    pub(crate) fn holds_null(&self) -> bool {
        match self {
            Ty::Option(_) | Ty::Value => true,
            Ty::Const { null, .. } => *null,
            Ty::Boxed(inner) => inner.holds_null(),
            _ => false,
        }
    }
}

/// One field of a struct: a declared property.
pub(crate) struct Field {
    /// The property's JSON name.
    pub name: String,
    /// The field's identifier (`r#type` for a keyword).
    pub ident: String,
    /// Whether the identifier differs from the JSON name.
    pub renamed: bool,
    /// The type of its value (without the `Option` of an optional property).
    pub ty: Ty,
    pub required: bool,
    /// The doc comment: the description, and why the field is a `Value`.
    pub doc: Vec<String>,
}

/// The last field of a struct, flattened: the members `properties` does not
/// declare.
pub(crate) struct Rest {
    /// The field's identifier.
    pub ident: String,
    /// `Ty::Map`, or `Ty::MapOf` the type reading each of them.
    pub ty: Ty,
    /// Its doc comment.
    pub doc: Vec<String>,
}

/// One variant of a tagged union: its identifier, the tag's value selecting it
/// (or the member's name, externally tagged), and the type of what it holds (the
/// struct of the other members; the member's value, externally tagged).
pub(crate) struct Variant {
    pub ident: String,
    pub tag_value: String,
    pub ty: Ty,
}

/// A type the plan declares.
pub(crate) enum Def {
    Struct {
        name: String,
        doc: Vec<String>,
        fields: Vec<Field>,
        /// The flattened map keeping the members `properties` does not declare,
        /// for an object that allows some (see [`Rest`]).
        rest: Option<Rest>,
    },
    /// A string `enum` (or a union of string constants): each variant's
    /// identifier, its string and its doc comment.
    Enum {
        name: String,
        doc: Vec<String>,
        variants: Vec<(String, String, Vec<String>)>,
    },
    /// A `const`: a unit-like type writing the constant (as JSON text) and
    /// reading it alone.
    Const {
        name: String,
        doc: Vec<String>,
        json: String,
    },
    /// A union of objects told apart by property `tag`: an internally tagged
    /// enum; `tag` empty: by the name of their one member, externally tagged.
    Union {
        name: String,
        doc: Vec<String>,
        tag: String,
        variants: Vec<Variant>,
    },
}

/// Why the root cannot be a struct.
pub(crate) struct RootRefused {
    pub pointer: String,
    pub reason: String,
}

/// The whole plan: the root type first, then the nested types in the order met.
pub(crate) struct Plan {
    pub defs: Vec<Def>,
    /// For each name chosen by JSON pointer (the `chosen` of [`plan`]), whether a
    /// type was declared at that pointer.
    pub chosen_used: Vec<bool>,
}

/// Where the planner stands, to go back when a reading does not map.
struct Mark {
    defs: usize,
    taken: usize,
    memo: usize,
    used: Vec<bool>,
}

struct Planner<'s> {
    schema: &'s Schema,
    defs: Vec<Def>,
    taken: Vec<String>,
    /// The names chosen for the types at some JSON pointers, and whether used.
    chosen: &'s [(String, String)],
    used: Vec<bool>,
    /// The key of each `$defs` (or `definitions`) entry, by its node.
    def_keys: Vec<(NodeId, String)>,
    /// The nodes some `$ref` names: each read by one type, however it is reached
    /// (through a reference or in place, as a property's schema say).
    targets: Vec<NodeId>,
    /// The reading of each referenced node already planned.
    memo: Vec<(NodeId, Ty)>,
    /// The referenced nodes being planned, with the name reserved for their
    /// type: a reference back to one of them is a `Box` of that type.
    open: Vec<(NodeId, String)>,
    /// The open nodes a reference came back to.
    recursed: Vec<NodeId>,
    /// Whether serde buffers the values being read (see [`numbers::integer`]).
    buffered: bool,
}

/// The plan of `schema` with its root type named `root` (a struct, or a tagged
/// union's enum), the types at the JSON pointers of `chosen` named as it says;
/// refused when the root is not an object schema the typed form maps.
pub(crate) fn plan(
    schema: &Schema,
    root: &str,
    doc: Vec<String>,
    chosen: &[(String, String)],
) -> Result<Plan, RootRefused> {
    let node = schema.root();
    if let Some((key, reason)) = objects::root_refusal(schema, node) {
        let pointer = match key {
            "" => node.pointer.clone(),
            key => format!("{}/{key}", node.pointer),
        };
        return Err(RootRefused { pointer, reason });
    }
    let mut taken = vec![root.to_string()];
    taken.extend(chosen.iter().map(|(_, name)| name.clone()));
    let mut planner = Planner {
        schema,
        defs: Vec::new(),
        taken,
        chosen,
        used: vec![false; chosen.len()],
        def_keys: def_keys(schema),
        targets: schema.nodes().iter().filter_map(|n| n.reference).collect(),
        memo: Vec::new(),
        open: vec![(schema.root_id(), root.to_string())],
        recursed: Vec::new(),
        buffered: false,
    };
    // The root's schema: the one its `$ref` names, when that is all it says.
    let root_id = objects::through_refs(schema, schema.root_id());
    let node = schema.node(root_id);
    planner.open.push((root_id, root.to_string()));
    let applied_in_place =
        !node.all_of.is_empty() || !node.any_of.is_empty() || !node.one_of.is_empty();
    let ty = if applied_in_place {
        planner.reading(root_id, root.to_string(), &mut Vec::new())
    } else {
        planner.declare_struct(&[node], None, root.to_string(), Vec::new());
        Ok(Ty::Named(root.to_string()))
    };
    match ty {
        Ok(Ty::Named(name)) if name == root => {}
        Ok(_) | Err(_) => {
            let reason = ty.err().unwrap_or_else(|| "it is not an object".into());
            // At the applicator read first (see `Planner::reading`).
            let key = [
                (!node.one_of.is_empty(), "/oneOf"),
                (!node.any_of.is_empty(), "/anyOf"),
                (!node.all_of.is_empty(), "/allOf"),
            ]
            .into_iter()
            .find_map(|(on, k)| on.then_some(k))
            .unwrap_or("");
            return Err(RootRefused {
                pointer: format!("{}{key}", node.pointer),
                reason,
            });
        }
    }
    // A type is declared after the types it uses: the root last, put first,
    // with the caller's docs.
    planner.defs.rotate_right(1);
    if let Some(first) = planner.defs.first_mut() {
        *first.doc_mut() = doc;
    }
    Ok(Plan {
        defs: planner.defs,
        chosen_used: planner.used,
    })
}

/// The key of every `$defs`/`definitions` entry of `schema`, by its node.
fn def_keys(schema: &Schema) -> Vec<(NodeId, String)> {
    let mut out = Vec::new();
    for node in schema.nodes() {
        for (_, entries) in &node.defs {
            for p in entries {
                out.push((p.node, p.name.clone()));
            }
        }
    }
    out
}

/// The first keyword of `node` the typed form does not map (a value satisfying
/// it is not always read faithfully by a plain type), by its JSON name; the
/// in-place applicators (`allOf`, `anyOf`, `oneOf`, `$ref`) and `const` are
/// read before the node's own type, see [`Planner::reading`].
/// `mapped`: a keyword of that list the caller maps itself.
fn unmapped_keyword(node: &Node, mapped: Option<&str>) -> Option<&'static str> {
    let found = [
        (!node.all_of.is_empty(), "allOf"),
        (!node.any_of.is_empty(), "anyOf"),
        (!node.one_of.is_empty(), "oneOf"),
        (node.not.is_some(), "not"),
        (node.if_schema.is_some(), "if"),
        (node.reference.is_some(), "$ref"),
        (!node.dependent_schemas.is_empty(), "dependentSchemas"),
        (
            node.unevaluated_properties.is_some(),
            "unevaluatedProperties",
        ),
        (node.unevaluated_items.is_some(), "unevaluatedItems"),
        (!node.pattern_properties.is_empty(), "patternProperties"),
        (!node.conditional_names.is_empty(), "then"),
        (node.const_value.is_some(), "const"),
    ];
    found
        .iter()
        .find(|(on, k)| *on && Some(*k) != mapped)
        .map(|(_, k)| *k)
}

/// The one value `node` accepts, if it fixes one: its `const`, or an `enum` of
/// one value.
fn constant(node: &Node) -> Option<&serde_json::Value> {
    match (&node.const_value, node.enum_values.as_deref()) {
        (Some(c), _) => Some(c),
        (None, Some([only])) => Some(only),
        _ => None,
    }
}

/// The description of `node`, as doc lines.
fn description(node: &Node) -> Vec<String> {
    node.annotations
        .description
        .as_deref()
        .map(|d| d.lines().map(str::to_string).collect())
        .unwrap_or_default()
}

impl<'s> Planner<'s> {
    fn node(&self, id: NodeId) -> &'s Node {
        self.schema.node(id)
    }

    fn mark(&self) -> Mark {
        Mark {
            defs: self.defs.len(),
            taken: self.taken.len(),
            memo: self.memo.len(),
            used: self.used.clone(),
        }
    }

    /// Forgets what was planned since `mark` (a reading that did not map).
    fn back_to(&mut self, mark: Mark) {
        self.defs.truncate(mark.defs);
        self.taken.truncate(mark.taken);
        self.memo.truncate(mark.memo);
        self.used = mark.used;
    }

    /// The name of the type declared for node `id`: the one chosen for its JSON
    /// pointer, the one reserved for it, the key of its `$defs` entry, else
    /// `hint`; made unique.
    fn name_for(&mut self, id: NodeId, hint: String) -> String {
        let pointer = &self.node(id).pointer;
        if let Some(i) = self.chosen.iter().position(|(p, _)| p == pointer) {
            if !self.used[i] {
                self.used[i] = true;
                return self.chosen[i].1.clone();
            }
        }
        if let Some((_, name)) = self.open.iter().find(|(n, _)| *n == id) {
            if !self.taken_by_declared(name) {
                return name.clone();
            }
        }
        let base = match self.def_keys.iter().find(|(n, _)| *n == id) {
            Some((_, key)) => names::camel(key, &hint),
            None => hint,
        };
        names::unique(base, &mut self.taken)
    }

    /// Whether a type named `name` is already declared.
    fn taken_by_declared(&self, name: &str) -> bool {
        self.defs.iter().any(|d| d.name() == name)
    }

    /// The type reading node `id`'s values; `hint` names a type it declares, and
    /// `doc` gets why the reading is a `Value` when it is one.
    fn ty(&mut self, id: NodeId, hint: String, doc: &mut Vec<String>) -> Ty {
        match self.node_reading(id, hint, doc) {
            Ok(ty) => ty,
            Err(reason) => {
                if !doc.is_empty() {
                    doc.push(String::new());
                }
                doc.push(format!(
                    "Read as `serde_json::Value` (validated by the schema): {reason}."
                ));
                Ty::Value
            }
        }
    }

    /// The reading of node `id` met in place (a property's schema, an array's
    /// elements, ...): [`Planner::reading`], once for a node some `$ref` names
    /// (see [`Planner::referenced`]).
    pub(super) fn node_reading(
        &mut self,
        id: NodeId,
        hint: String,
        doc: &mut Vec<String>,
    ) -> Result<Ty, String> {
        if self.targets.contains(&id) {
            self.referenced(id, hint, doc)
        } else {
            self.reading(id, hint, doc)
        }
    }

    /// The first reading of node `id` that maps (see the module docs), or why
    /// none does (the first reason); a reading that does not map leaves nothing
    /// declared.
    fn reading(&mut self, id: NodeId, hint: String, doc: &mut Vec<String>) -> Result<Ty, String> {
        let node = self.node(id);
        if node.never {
            return Err("the schema accepts no value".into());
        }
        if let Some(value) = constant(node) {
            return Ok(self.constant(id, value, hint));
        }
        let mut first: Option<String> = None;
        let mut tries: Vec<Reading> = Vec::new();
        if let Some(target) = node.reference {
            tries.push(Reading::Reference(target));
        }
        if !node.one_of.is_empty() {
            tries.push(Reading::Union(&node.one_of, node.one_of_tag.as_ref()));
        }
        if !node.any_of.is_empty() {
            tries.push(Reading::Union(&node.any_of, node.any_of_tag.as_ref()));
        }
        if !node.all_of.is_empty() {
            tries.push(Reading::Merged);
        }
        tries.push(Reading::Own);
        for reading in tries {
            let mark = self.mark();
            let mut notes = Vec::new();
            let found = match reading {
                Reading::Reference(target) => self.referenced(target, hint.clone(), &mut notes),
                Reading::Union(branches, tag) => {
                    self.union(id, branches, tag, hint.clone(), &mut notes)
                }
                Reading::Merged => self.merged(id, hint.clone()),
                Reading::Own => self.own(id, hint.clone(), &mut notes),
            };
            match found {
                Ok(ty) => {
                    doc.extend(notes);
                    return Ok(ty);
                }
                Err(reason) => {
                    self.back_to(mark);
                    first.get_or_insert(reason);
                }
            }
        }
        Err(first.unwrap_or_default())
    }

    /// The reading of node `id` by its own keywords: its `type`.
    fn own(&mut self, id: NodeId, hint: String, doc: &mut Vec<String>) -> Result<Ty, String> {
        let node = self.node(id);
        // `patternProperties` is the object reading's (see `Planner::object`).
        if let Some(k) = unmapped_keyword(node, Some("patternProperties")) {
            return Err(match k {
                "anyOf" | "oneOf" => format!(
                    "`{k}` maps to a type when its branches are objects told apart by a required property's `const` (a tagged union), or a type and `null`"
                ),
                "allOf" => format!("`{k}` maps to a type when its branches are objects whose properties merge"),
                k => format!("`{k}` is not mapped"),
            });
        }
        let nullable = node.nullable || node.types.is_some_and(|t| t.declares(JsonType::Null));
        if let Some(values) = &node.enum_values {
            let ty = self.enum_reading(id, values, node.types, nullable, hint)?;
            return Ok(if nullable && !ty.holds_null() {
                Ty::Option(Box::new(ty))
            } else {
                ty
            });
        }
        let Some(types) = node.types else {
            return Err("the schema has no `type`".into());
        };
        let others: Vec<JsonType> = types.iter().filter(|t| *t != JsonType::Null).collect();
        let ty = match others.as_slice() {
            [JsonType::Boolean] => Ty::Bool,
            [JsonType::String] => Ty::String,
            [JsonType::Integer] => numbers::integer(node, self.buffered),
            [JsonType::Number] | [JsonType::Integer, JsonType::Number] => numbers::number(node),
            [JsonType::Array] => self.array(node, hint, doc)?,
            [JsonType::Object] => self.object(id, hint, doc)?,
            [] => return Err("the schema accepts `null` alone".into()),
            _ => return Err(format!("a value may be {types}")),
        };
        Ok(if nullable && !ty.holds_null() {
            Ty::Option(Box::new(ty))
        } else {
            ty
        })
    }

    /// The unit-like type of a `const` (or an `enum` of one value).
    fn constant(&mut self, id: NodeId, value: &serde_json::Value, hint: String) -> Ty {
        let name = self.name_for(id, hint);
        self.defs.push(Def::Const {
            name: name.clone(),
            doc: description(self.node(id)),
            json: value.to_string(),
        });
        Ty::Const {
            name,
            null: value.is_null(),
        }
    }

    /// The reading of a node some `$ref` names, by a reference or in place:
    /// planned once, its type named from its `$defs` key, else from its place
    /// (see [`Planner::hint_at`]); a reference back to a type being declared is a
    /// `Box`.
    fn referenced(
        &mut self,
        target: NodeId,
        hint: String,
        doc: &mut Vec<String>,
    ) -> Result<Ty, String> {
        if let Some((_, ty)) = self.memo.iter().find(|(n, _)| *n == target) {
            return Ok(ty.clone());
        }
        if let Some((_, name)) = self.open.iter().find(|(n, _)| *n == target) {
            let name = name.clone();
            self.recursed.push(target);
            return Ok(Ty::Boxed(Box::new(Ty::Named(name))));
        }
        let hint = match self.def_keys.iter().find(|(n, _)| *n == target) {
            Some((_, key)) => names::camel(key, &hint),
            None => self.hint_at(&self.node(target).pointer),
        };
        let reserved = self.name_for(target, hint);
        self.open.push((target, reserved.clone()));
        let buffered = std::mem::replace(&mut self.buffered, true);
        let found = self.reading(target, reserved.clone(), doc);
        self.buffered = buffered;
        self.open.pop();
        let came_back = self.recursed.contains(&target);
        self.recursed.retain(|n| *n != target);
        let ty = found?;
        if came_back && ty != Ty::Named(reserved.clone()) {
            return Err(
                "a definition refers back to itself through a value that is not an object or a tagged union"
                    .into(),
            );
        }
        if !matches!(&ty, Ty::Named(n) if *n == reserved) {
            // The reserved name was not used: free it.
            self.taken.retain(|n| *n != reserved);
        }
        self.memo.push((target, ty.clone()));
        Ok(ty)
    }

    /// The name a type declared for the node at JSON pointer `pointer` gets
    /// when it is met in place (the root's name, then each property's name in
    /// UpperCamelCase, `Item` for an array's elements, ...): a node some `$ref`
    /// names is named from its place whichever way it is reached first.
    fn hint_at(&self, pointer: &str) -> String {
        let mut name = self.open[0].1.clone();
        let segments: Vec<String> = pointer
            .split('/')
            .skip(1)
            .map(|s| s.replace("~1", "/").replace("~0", "~"))
            .collect();
        let mut i = 0;
        while i < segments.len() {
            let next = segments.get(i + 1).map(String::as_str).unwrap_or("");
            match segments[i].as_str() {
                "properties" => name += &names::camel(next, "Field"),
                "$defs" | "definitions" => name = names::camel(next, "Def"),
                "prefixItems" => name += next,
                "items" => name += "Item",
                "additionalProperties" | "patternProperties" => name += "Value",
                _ => {}
            }
            let with_key = ["properties", "$defs", "definitions", "prefixItems"];
            let indexed = [
                "oneOf",
                "anyOf",
                "allOf",
                "patternProperties",
                "dependentSchemas",
            ];
            i += if with_key.contains(&segments[i].as_str())
                || indexed.contains(&segments[i].as_str())
            {
                2
            } else {
                1
            };
        }
        name
    }

    /// Declares the enum of node `id` reading `strings` (each with its doc
    /// comment), a variant each.
    pub(super) fn declare_enum(
        &mut self,
        id: NodeId,
        strings: Vec<(String, Vec<String>)>,
        hint: String,
    ) -> Ty {
        let mut idents = Vec::new();
        let variants = strings
            .into_iter()
            .enumerate()
            .map(|(i, (s, doc))| {
                let ident = names::unique(names::camel(&s, &format!("V{i}")), &mut idents);
                (ident, s, doc)
            })
            .collect();
        let name = self.name_for(id, hint);
        self.defs.push(Def::Enum {
            name: name.clone(),
            doc: description(self.node(id)),
            variants,
        });
        Ty::Named(name)
    }

    /// An array's `Vec`, or a tuple for `prefixItems` of fixed length; the
    /// elements' reason for a `Value` goes to `doc`.
    fn array(&mut self, node: &'s Node, hint: String, doc: &mut Vec<String>) -> Result<Ty, String> {
        if !node.prefix_items.is_empty() {
            return self.tuple(node, hint, doc);
        }
        let item = match node.items {
            Some(id) => self.ty(id, format!("{hint}Item"), doc),
            None => Ty::Value,
        };
        Ok(Ty::Vec(Box::new(item)))
    }

    /// The tuple of a `prefixItems` array whose length is fixed: at least as
    /// many elements as `prefixItems` (`minItems`), and no more (`items: false`
    /// or `maxItems`).
    fn tuple(&mut self, node: &'s Node, hint: String, doc: &mut Vec<String>) -> Result<Ty, String> {
        let n = node.prefix_items.len() as u64;
        let closed = node.max_items.is_some_and(|m| m <= n)
            || node.items.is_some_and(|i| self.node(i).never);
        if !closed {
            return Err("`prefixItems` maps to a tuple when no element may follow them (`items: false`, or `maxItems` their number)".into());
        }
        if node.min_items.unwrap_or(0) < n {
            return Err("`prefixItems` maps to a tuple when every element is there (`minItems` their number)".into());
        }
        if n > 16 {
            return Err("serde reads tuples of 16 elements at most".into());
        }
        let elements = node
            .prefix_items
            .iter()
            .enumerate()
            .map(|(i, &e)| self.ty(e, format!("{hint}{i}"), doc))
            .collect();
        Ok(Ty::Tuple(elements))
    }
}

/// One way of reading a node (see [`Planner::reading`]).
enum Reading<'s> {
    Reference(NodeId),
    Union(
        &'s [NodeId],
        Option<&'s tool_schema_engine::schema::Discriminator>,
    ),
    Merged,
    Own,
}

impl Def {
    fn doc_mut(&mut self) -> &mut Vec<String> {
        match self {
            Def::Struct { doc, .. }
            | Def::Enum { doc, .. }
            | Def::Const { doc, .. }
            | Def::Union { doc, .. } => doc,
        }
    }

    pub(crate) fn name(&self) -> &str {
        match self {
            Def::Struct { name, .. }
            | Def::Enum { name, .. }
            | Def::Const { name, .. }
            | Def::Union { name, .. } => name,
        }
    }
}
