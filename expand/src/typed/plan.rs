//! The plan of the typed form: the checked schema model -> the Rust types that
//! read every value the validator accepts and write it back unchanged. A node is
//! given a typed reading only where serde's reading of it is faithful for every
//! valid value; anything else is a `serde_json::Value` (still validated), with the
//! reason in the field's docs.

use super::names;
use serde_json::Number;
use tool_schema_engine::schema::{Additional, Node, NodeId};
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
    Vec(Box<Ty>),
    Option(Box<Ty>),
    /// A type the plan declares.
    Named(String),
}

impl Ty {
    /// Whether `null` is a value of this type (serde reads it as `None` for an
    /// `Option`, and keeps it in a `Value`).
    pub(crate) fn holds_null(&self) -> bool {
        matches!(self, Ty::Option(_) | Ty::Value)
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

/// A type the plan declares.
pub(crate) enum Def {
    Struct {
        name: String,
        doc: Vec<String>,
        fields: Vec<Field>,
        /// The identifier of the flattened map keeping the undeclared members, for
        /// an object that does not forbid them (`additionalProperties` not `false`).
        rest: Option<String>,
    },
    /// A string `enum`: each variant's identifier and its string.
    Enum {
        name: String,
        doc: Vec<String>,
        variants: Vec<(String, String)>,
    },
}

/// Why the root cannot be a struct.
pub(crate) struct RootRefused {
    pub pointer: String,
    pub reason: String,
}

/// The whole plan: the root struct first, then the nested types in the order met.
pub(crate) struct Plan {
    pub defs: Vec<Def>,
}

struct Planner<'s> {
    schema: &'s Schema,
    defs: Vec<Def>,
    taken: Vec<String>,
}

/// The plan of `schema` with its root struct named `root`; refused when the root
/// is not an object schema the typed form maps to a struct.
pub(crate) fn plan(schema: &Schema, root: &str, doc: Vec<String>) -> Result<Plan, RootRefused> {
    let node = schema.root();
    if let Some((key, reason)) = not_a_struct(node) {
        let pointer = match key {
            "" => node.pointer.clone(),
            key => format!("{}/{key}", node.pointer),
        };
        return Err(RootRefused { pointer, reason });
    }
    let mut planner = Planner {
        schema,
        defs: Vec::new(),
        taken: vec![root.to_string()],
    };
    planner.declare_struct(node, root.to_string(), doc);
    // A struct is declared after the types of its fields: the root last, put first.
    planner.defs.rotate_right(1);
    Ok(Plan { defs: planner.defs })
}

/// The first keyword of `node` the typed form does not map (a value satisfying
/// it is not always read faithfully by a plain type), by its JSON name.
fn unmapped_keyword(node: &Node) -> Option<&'static str> {
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
    found.iter().find(|(on, _)| *on).map(|(_, k)| *k)
}

/// Why `node` is not an object schema with a struct reading: the keyword at
/// fault (`""`: the node itself) and the reason.
fn not_a_struct(node: &Node) -> Option<(&'static str, String)> {
    if node.never || node.boolean {
        return Some(("", "a boolean schema has no fields".into()));
    }
    if let Some(k) = unmapped_keyword(node) {
        return Some((k, format!("`{k}` is not mapped to a struct yet")));
    }
    if node.enum_values.is_some() {
        return Some(("enum", "`enum` is not mapped to a struct".into()));
    }
    let Some(types) = node.types else {
        return Some((
            "",
            "the schema has no `type`, and a struct reads an object alone".into(),
        ));
    };
    if types.len() != 1 || !types.declares(JsonType::Object) || node.nullable {
        return Some((
            "type",
            format!("the schema's type is {types}, and a struct reads an object alone"),
        ));
    }
    if node
        .properties
        .iter()
        .flatten()
        .any(|p| p.alias_of.is_some())
    {
        return Some((
            "x-tool-schema-aliases",
            "aliases (`x-tool-schema-aliases`) are not mapped yet".into(),
        ));
    }
    None
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

    /// Declares the struct of object schema `node` (checked by [`not_a_struct`]).
    fn declare_struct(&mut self, node: &'s Node, name: String, doc: Vec<String>) {
        let mut fields = Vec::new();
        let mut idents: Vec<String> = Vec::new();
        for p in node.properties.iter().flatten() {
            let (ident, renamed) = names::field(&p.name);
            let unique = names::unique(ident.clone(), &mut idents);
            let mut doc = description(self.node(p.node));
            let hint = format!("{name}{}", names::camel(&p.name, "Field"));
            let ty = self.ty(p.node, hint, &mut doc);
            fields.push(Field {
                renamed: renamed || unique != ident,
                name: p.name.clone(),
                ident: unique,
                ty,
                required: node.required.contains(&p.name),
                doc,
            });
        }
        let rest = match node.additional {
            Additional::Forbidden => None,
            _ => Some(names::unique("additional_properties".into(), &mut idents)),
        };
        self.defs.push(Def::Struct {
            name,
            doc,
            fields,
            rest,
        });
    }

    /// The type reading node `id`'s values; `hint` names a type it declares, and
    /// `doc` gets why the reading is a `Value` when it is one.
    fn ty(&mut self, id: NodeId, hint: String, doc: &mut Vec<String>) -> Ty {
        let node = self.node(id);
        match self.reading(node, hint, doc) {
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

    fn reading(
        &mut self,
        node: &'s Node,
        hint: String,
        doc: &mut Vec<String>,
    ) -> Result<Ty, String> {
        if node.never {
            return Err("the schema accepts no value".into());
        }
        if let Some(k) = unmapped_keyword(node) {
            return Err(format!("`{k}` is not mapped yet"));
        }
        let Some(types) = node.types else {
            return Err("the schema has no `type`".into());
        };
        let nullable = node.nullable || types.declares(JsonType::Null);
        let others: Vec<JsonType> = types.iter().filter(|t| *t != JsonType::Null).collect();
        let ty = match (others.as_slice(), &node.enum_values) {
            (_, Some(values)) => self.string_enum(node, values, &others, nullable, hint)?,
            ([JsonType::Boolean], None) => Ty::Bool,
            ([JsonType::String], None) => Ty::String,
            ([JsonType::Integer], None) => integer(node),
            ([JsonType::Number], None) | ([JsonType::Integer, JsonType::Number], None) => {
                number(node)
            }
            ([JsonType::Array], None) => self.array(node, hint, doc)?,
            ([JsonType::Object], None) => self.object(node, hint)?,
            ([], None) => return Err("the schema accepts `null` alone".into()),
            _ => return Err(format!("a value may be {types}")),
        };
        Ok(if nullable {
            Ty::Option(Box::new(ty))
        } else {
            ty
        })
    }

    fn string_enum(
        &mut self,
        node: &Node,
        values: &[serde_json::Value],
        others: &[JsonType],
        nullable: bool,
        hint: String,
    ) -> Result<Ty, String> {
        if others != [JsonType::String] {
            return Err("an `enum` is mapped for strings alone".into());
        }
        let mut strings = Vec::new();
        for v in values.iter() {
            match v {
                serde_json::Value::String(s) => strings.push(s.clone()),
                serde_json::Value::Null if nullable => {}
                _ => return Err("the `enum` mixes strings with other values".into()),
            }
        }
        if strings.is_empty() {
            return Err("the `enum` holds no string".into());
        }
        let mut idents = Vec::new();
        let variants = strings
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let ident = names::unique(names::camel(&s, &format!("V{i}")), &mut idents);
                (ident, s)
            })
            .collect();
        let name = names::unique(hint, &mut self.taken);
        self.defs.push(Def::Enum {
            name: name.clone(),
            doc: description(node),
            variants,
        });
        Ok(Ty::Named(name))
    }

    /// An array's `Vec`; the elements' reason for a `Value` goes to `doc`.
    fn array(&mut self, node: &'s Node, hint: String, doc: &mut Vec<String>) -> Result<Ty, String> {
        if !node.prefix_items.is_empty() {
            return Err("`prefixItems` is not mapped yet".into());
        }
        let item = match node.items {
            Some(id) => self.ty(id, format!("{hint}Item"), doc),
            None => Ty::Value,
        };
        Ok(Ty::Vec(Box::new(item)))
    }

    fn object(&mut self, node: &'s Node, hint: String) -> Result<Ty, String> {
        if node.properties.is_none() && node.additional != Additional::Forbidden {
            return Ok(Ty::Map);
        }
        if let Some((_, reason)) = not_a_struct(node) {
            return Err(reason);
        }
        let name = names::unique(hint, &mut self.taken);
        self.declare_struct(node, name.clone(), description(node));
        Ok(Ty::Named(name))
    }
}

/// The Rust integer types, narrowest first, with their ranges.
const INTEGERS: [(&str, i128, i128); 8] = [
    ("u8", 0, u8::MAX as i128),
    ("i8", i8::MIN as i128, i8::MAX as i128),
    ("u16", 0, u16::MAX as i128),
    ("i16", i16::MIN as i128, i16::MAX as i128),
    ("u32", 0, u32::MAX as i128),
    ("i32", i32::MIN as i128, i32::MAX as i128),
    ("u64", 0, u64::MAX as i128),
    ("i64", i64::MIN as i128, i64::MAX as i128),
];

/// `n` as an integer, a float rounded by `round` (`f64::ceil` for a lower
/// bound, `f64::floor` for an upper one); `None` past what a comparison with
/// serde_json's integers needs.
fn to_int(n: &Number, round: fn(f64) -> f64) -> Option<i128> {
    match (n.as_i64(), n.as_u64()) {
        (Some(i), _) => Some(i as i128),
        (_, Some(u)) => Some(u as i128),
        _ => n
            .as_f64()
            .filter(|f| f.abs() < 1e30)
            .map(|f| round(f) as i128),
    }
}

/// The lowest and highest integers `node`'s bounds and numeric format allow
/// (`None`: unbounded on that side). A JSON integer serde_json holds is an `i64`
/// or a `u64`, so those are the widest ends.
fn integer_range(node: &Node) -> (Option<i128>, Option<i128>) {
    use tool_schema_engine::keywords::format::NumericRange;
    let mut low: Option<i128> = None;
    let mut high: Option<i128> = None;
    let mut raise = |v: Option<i128>| {
        if let Some(v) = v {
            low = Some(low.map_or(v, |l| l.max(v)));
        }
    };
    raise(node.minimum.as_ref().and_then(|n| to_int(n, f64::ceil)));
    raise(
        node.exclusive_minimum
            .as_ref()
            .and_then(|n| to_int(n, f64::floor))
            .map(|v| v + 1),
    );
    let mut lower = |v: Option<i128>| {
        if let Some(v) = v {
            high = Some(high.map_or(v, |h| h.min(v)));
        }
    };
    lower(node.maximum.as_ref().and_then(|n| to_int(n, f64::floor)));
    lower(
        node.exclusive_maximum
            .as_ref()
            .and_then(|n| to_int(n, f64::ceil))
            .map(|v| v - 1),
    );
    if let Some(NumericRange::Integer { min, max }) = node.numeric_format.map(|f| f.range) {
        low = Some(low.map_or(min, |l| l.max(min)));
        high = Some(high.map_or(max, |h| h.min(max)));
    }
    (low, high)
}

/// The narrowest Rust integer holding every integer `node` accepts: the bounds
/// and numeric format decide; an integer bounded below by 0 is a `u64` at most,
/// above by `i64::MAX` an `i64`, and an unbounded one an `i128` (serde_json's
/// integers run from `i64::MIN` to `u64::MAX`).
fn integer(node: &Node) -> Ty {
    let (low, high) = integer_range(node);
    let low = low.unwrap_or(i64::MIN as i128);
    let high = high.unwrap_or(u64::MAX as i128);
    for (name, min, max) in INTEGERS {
        if min <= low && high <= max {
            return Ty::Int(name);
        }
    }
    Ty::Int("i128")
}

/// `f64` when every number `node` accepts is one exactly (every float is; an
/// integer is when its magnitude is at most 2^53), else `serde_json::Number`.
fn number(node: &Node) -> Ty {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let bound = |n: &Option<Number>| n.as_ref().and_then(Number::as_f64);
    let low = [bound(&node.minimum), bound(&node.exclusive_minimum)]
        .into_iter()
        .flatten()
        .fold(f64::NEG_INFINITY, f64::max);
    let high = [bound(&node.maximum), bound(&node.exclusive_maximum)]
        .into_iter()
        .flatten()
        .fold(f64::INFINITY, f64::min);
    // An integer format's range bounds the number too.
    let (low, high) = match node.numeric_format.map(|f| f.range) {
        Some(tool_schema_engine::keywords::format::NumericRange::Integer { min, max }) => {
            (low.max(min as f64), high.min(max as f64))
        }
        _ => (low, high),
    };
    if low >= -EXACT && high <= EXACT {
        Ty::F64
    } else {
        Ty::Number
    }
}
