//! Rust types -> JSON Schema, recording the span each part of the schema came from.
//! What a type is, is `rust_type`'s to say ([`RustShape`]); this module writes the
//! schema of each shape.
//!
//! | Rust | schema |
//! |---|---|
//! | `String` | `{"type": "string"}` |
//! | `char` | `{"type": "string"}`, its string lengths 1 to 1 |
//! | `bool` | `{"type": "boolean"}` |
//! | `u8` .. `u128`, `i8` .. `i128` | `{"type": "integer"}` with the type's range where it is narrower than a JSON integer's (`i64::MIN..=u64::MAX`) |
//! | `usize`, `isize` | as `u32`, `i32`: the same schema on every target |
//! | `f32` | `{"type": "number"}`, its range -3.4028235e38 to 3.4028235e38 (`f32::MAX` as Rust prints it: serde reads a larger number as an infinity) |
//! | `f64` | `{"type": "number"}` (serde_json refuses a number beyond `f64::MAX`) |
//! | `Option<T>` | `T` or `null`; a field: optional too (`#[arg(not_null)]`: optional, not `null`) |
//! | `Vec<T>` | `{"type": "array", "items": T}` |
//! | `[T; N]` | `{"type": "array", "items": T}`, its item counts N to N |
//! | `(A, B, ..)` | `{"type": "array", "prefixItems": [A, B, ..], "items": false, "minItems": n}` |
//! | `HashSet<T>`, `BTreeSet<T>` | `{"type": "array", "items": T, "uniqueItems": true}` |
//! | `HashMap<String, T>`, `BTreeMap<String, T>` | `{"type": "object", "additionalProperties": T}` |
//! | `serde_json::Value` | `{}` (any value) |
//! | `Box<T>` | `T` |
//! | `Self` (or the type's own name) | `{"$ref": "#"}` (the root); nested in another type, `{"$ref": "#/$defs/<Name>"}`, see [`def_pointer`] |
//! | any other path | a type deriving `ToolArgs`, spliced in |
//!
//! The ranges, string lengths and item counts are written by
//! [`Limits`](super::arg::Limits), as the `#[arg]` keys of the same names are.

use super::arg::{Limits, Part};
use super::attr::Given;
use crate::codegen::EXTERNAL_TYPE;
use crate::ctxt::Ctxt;
use crate::spans::{Locate, SpanMap};
use proc_macro2::Span;
use quote::{quote, ToTokens};
use serde_json::{json, Map, Value};
use syn::spanned::Spanned;
use syn::{Ident, Type};
use tool_schema_engine::json::pointer;
use tool_schema_engine::JsonType;

use super::rust_type::{is_string_key, recognise, Foreign, RustShape};

/// Problems of the derived schema, at the spans its parts came from.
pub(crate) struct DerivedSchema<'a>(pub &'a SpanMap);

impl Locate for DerivedSchema<'_> {
    fn span(&self, pointer: &str, on_key: bool) -> Span {
        self.0.span(pointer, on_key)
    }

    fn place(&self, pointer: &str) -> String {
        if pointer.is_empty() {
            " (at the root of the derived schema)".to_string()
        } else {
            format!(" (at {pointer} in the derived schema)")
        }
    }
}

impl SpanMap {
    /// Records where the value at `pointer` and its key came from.
    pub(crate) fn given<T>(&mut self, pointer: &str, given: &Given<T>) {
        self.value(pointer, given.span);
        self.key(pointer, given.key);
    }
}

/// What a Rust type is as a value in a call: what `#[arg(...)]` keys apply to.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Shape {
    /// An integer type, with its range (the whole of it, also where the schema
    /// leaves a bound out).
    Integer {
        name: &'static str,
        min: i128,
        max: i128,
    },
    /// `f32` or `f64`, with the largest magnitude the type holds (`f32::MAX`;
    /// `f64::MAX` for `f64`, whose schema needs no bound: JSON text never holds a
    /// larger number serde reads).
    Number {
        name: &'static str,
        max: f64,
    },
    String,
    Char,
    Bool,
    /// `Vec<T>`, with `T`'s shape.
    Array(Box<Shape>),
    /// `HashSet`/`BTreeSet`, with the item's shape.
    Set(Box<Shape>),
    /// `[T; N]`, with `T`'s shape.
    Fixed(Box<Shape>),
    /// `(A, B, ..)` and tuple structs: items of fixed places and shapes.
    Tuple,
    /// `HashMap`/`BTreeMap`, with the value's shape.
    Map(Box<Shape>),
    /// `serde_json::Value`.
    Any,
    /// A type read from a string of one form (`rust_type::Foreign`): no `#[arg]`
    /// constraint applies (its schema holds the form).
    Formatted,
    /// A type deriving `ToolArgs`.
    External,
    /// `Option<T>` where it is not a field's own type.
    Nullable(Box<Shape>),
}

impl Shape {
    /// The JSON type whose `#[arg]` constraints apply to the shape (a `char`'s
    /// string lengths and an array's item counts are fixed by its type).
    pub(crate) fn constrained_as(&self) -> Option<JsonType> {
        match self {
            Shape::Integer { .. } | Shape::Number { .. } => Some(JsonType::Number),
            Shape::String => Some(JsonType::String),
            Shape::Array(_) | Shape::Set(_) => Some(JsonType::Array),
            _ => None,
        }
    }

    /// The shape of each part `part` of a value of this shape (its items, its
    /// map's values or keys), where it has such parts.
    pub(crate) fn part(&self, part: Part) -> Option<Shape> {
        match (self.core(), part) {
            (Shape::Array(s) | Shape::Set(s) | Shape::Fixed(s), Part::Items) => Some((**s).clone()),
            (Shape::Map(s), Part::Values) => Some((**s).clone()),
            (Shape::Map(_), Part::Keys) => Some(Shape::String),
            _ => None,
        }
    }

    /// The shape without `Nullable`.
    pub(crate) fn core(&self) -> &Shape {
        match self {
            Shape::Nullable(s) => s.core(),
            s => s,
        }
    }
}

/// The bound of an `f32`'s schema (`-F32_MAX..=F32_MAX`): `f32::MAX` as Rust
/// prints it, `3.4028235e38`, a decimal every JSON reader (serde_json's default
/// float parser included) reads as the same `f64`. Any number up to it becomes
/// at most `f32::MAX` in an `f32` (it sits below the midpoint where `as f32`
/// rounds to infinity); a larger one may become an infinity.
pub(crate) const F32_MAX: f64 = 3.4028235e38;

/// The integers a JSON value can hold as an integer (`serde_json` without
/// `arbitrary_precision`): bounds at these limits are left out of the schema.
pub(crate) const JSON_MIN: i128 = i64::MIN as i128;
pub(crate) const JSON_MAX: i128 = u64::MAX as i128;

/// `map` with its `$ref` (the type's own root) moved into a one-branch `anyOf` when
/// it has siblings (a field's description or examples): `{"$ref": "#",
/// "description": "d"}` -> `{"description": "d", "anyOf": [{"$ref": "#"}]}`, the
/// same constraint. A `$ref` is never given siblings: several providers' subsets
/// allow none beside it (Gemini's `parametersJsonSchema`), and an export that
/// inlines the target to make room for them cannot inline a recursive one (OpenAI
/// strict refuses it; see also `constcat::spliced_open` for nested recursive types).
pub(crate) fn ref_alone(mut map: Map<String, Value>) -> Map<String, Value> {
    if map.len() > 1 {
        if let Some(reference) = map.shift_remove("$ref") {
            map.insert("anyOf".into(), json!([{ "$ref": reference }]));
        }
    }
    map
}

/// The schema builder's state for one derive.
pub(crate) struct Builder<'a> {
    pub cx: &'a Ctxt,
    pub spans: SpanMap,
    /// The types deriving `ToolArgs` named in the schema: the marker's text and the
    /// type as written (with its spans).
    pub externals: Vec<(String, Type)>,
    /// The type being derived: `Self` or its name in a field's type is a reference
    /// to the root (`{"$ref": "#"}`).
    pub container: &'a Ident,
    /// Whether the type contains itself.
    pub recursive: bool,
    /// Each place a type deriving `ToolArgs` is nested: the type as written and the
    /// pointer of its node.
    pub occurrences: Vec<(Type, String)>,
    /// The type's type parameters.
    pub params: Vec<Ident>,
    /// Each required member whose field's type is a type parameter (through
    /// `Box`): the pointer of its object, its name, and the parameter, whose
    /// `ToolArgs::__OPTIONAL` (an `Option` argument) takes it out of `required`.
    pub optional_if: Vec<(String, String, Type)>,
}

impl Builder<'_> {
    /// `ty` when it is one of the type's parameters, itself or boxed (serde reads
    /// an absent member of both as the parameter's type reads one).
    pub(crate) fn type_param<'t>(&self, ty: &'t Type) -> Option<&'t Type> {
        if let RustShape::Box(inner) = recognise(ty, None) {
            return self.type_param(inner);
        }
        match super::rust_type::ungroup(ty) {
            Type::Path(p) if p.qself.is_none() => {
                let ident = p.path.get_ident()?;
                self.params.contains(ident).then_some(ty)
            }
            _ => None,
        }
    }
}

/// The pointer of a recursive type's definition in the `$defs` of a schema nesting
/// it: definitions are named after the Rust type and gathered at the root of the
/// outermost schema, so the pointer is the same at any depth.
pub(crate) fn def_pointer(name: &str) -> String {
    pointer::join("#/$defs", name)
}

/// A type as text, as the user wrote it (for messages).
pub(crate) fn type_text(ty: &Type) -> String {
    let text = ty.to_token_stream().to_string();
    // `Vec < u8 >` -> `Vec<u8>`, `std :: time :: Duration` -> `std::time::Duration`.
    text.replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" <", "<")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
        .replace("& ", "&")
}

const SUPPORTED: &str =
    "String, char, bool, integers, f32, f64, Option, Vec, [T; N], tuples, HashSet, \
                         BTreeSet, HashMap/BTreeMap with String keys, Box, serde_json::Value, and \
                         types deriving ToolArgs";

impl Builder<'_> {
    fn unsupported(&self, ty: &Type, hint: &str) {
        self.cx.push(syn::Error::new_spanned(
            ty,
            format!(
                "unsupported type `{}` for a tool argument: {hint}; supported: {SUPPORTED}",
                type_text(ty)
            ),
        ));
    }

    /// The schema of a value of type `ty` at `pointer`, and its shape; `None` (with
    /// the error reported) when the type is not supported.
    pub(crate) fn schema(
        &mut self,
        ty: &Type,
        pointer: &str,
    ) -> Option<(Map<String, Value>, Shape)> {
        self.spans.value(&pointer::join(pointer, "type"), ty.span());
        match recognise(ty, Some(self.container)) {
            RustShape::Own => {
                self.recursive = true;
                self.spans.value(pointer, ty.span());
                Some((object(json!({"$ref": "#"})), Shape::External))
            }
            RustShape::Integer { name, min, max } => Some(integer(name, min, max)),
            RustShape::String => Some((object(json!({"type": "string"})), Shape::String)),
            RustShape::Char => {
                let mut m = object(json!({"type": "string"}));
                self.limits(&mut m, Limits::StringLengths, [1u64, 1], ty.span(), pointer);
                Some((m, Shape::Char))
            }
            RustShape::Bool => Some((object(json!({"type": "boolean"})), Shape::Bool)),
            RustShape::F32 => {
                // serde reads a larger number as an infinity: the type's range, as an
                // integer type has its own.
                let mut m = object(json!({"type": "number"}));
                self.limits(
                    &mut m,
                    Limits::Range,
                    [-F32_MAX, F32_MAX],
                    ty.span(),
                    pointer,
                );
                Some((
                    m,
                    Shape::Number {
                        name: "f32",
                        max: F32_MAX,
                    },
                ))
            }
            RustShape::F64 => Some((
                object(json!({"type": "number"})),
                Shape::Number {
                    name: "f64",
                    max: f64::MAX,
                },
            )),
            RustShape::Value => Some((Map::new(), Shape::Any)),
            RustShape::Box(inner) => self.schema(inner, pointer),
            RustShape::Option(inner) => {
                let (m, shape) = self.schema(inner, pointer)?;
                Some((
                    self.nullable(m, &shape, inner, pointer),
                    Shape::Nullable(Box::new(shape)),
                ))
            }
            RustShape::Vec(inner) => {
                let (m, item) = self.items(inner, pointer)?;
                Some((m, Shape::Array(Box::new(item))))
            }
            RustShape::Set(inner) => {
                let (mut m, item) = self.items(inner, pointer)?;
                self.spans
                    .value(&pointer::join(pointer, "uniqueItems"), ty.span());
                m.insert("uniqueItems".into(), Value::Bool(true));
                Some((m, Shape::Set(Box::new(item))))
            }
            RustShape::Map { key, value } => self.map(key, value, pointer),
            RustShape::Fixed(a) => self.array(a, pointer),
            RustShape::Foreign(f) => Some((foreign_schema(f), Shape::Formatted)),
            RustShape::Tuple(items) => {
                Some((self.tuple(&items, ty.span(), pointer)?, Shape::Tuple))
            }
            RustShape::External => Some(self.external(ty, pointer)),
            RustShape::Refused(hint) => {
                self.unsupported(ty, &hint);
                None
            }
        }
    }

    /// `Vec<T>` or a set: an array of `T`.
    fn items(&mut self, inner: &Type, pointer: &str) -> Option<(Map<String, Value>, Shape)> {
        let (items, shape) = self.schema(inner, &pointer::join(pointer, "items"))?;
        let mut m = object(json!({"type": "array"}));
        m.insert("items".into(), Value::Object(items));
        Some((m, shape))
    }

    /// `HashMap<String, T>` or `BTreeMap<String, T>`: an object of `T`s.
    fn map(
        &mut self,
        key: &Type,
        value: &Type,
        pointer: &str,
    ) -> Option<(Map<String, Value>, Shape)> {
        if !is_string_key(key) {
            self.cx.push(syn::Error::new_spanned(
                key,
                format!(
                    "unsupported map key type `{}`: the keys of a JSON object are strings; use String",
                    type_text(key)
                ),
            ));
            return None;
        }
        let at = pointer::join(pointer, "additionalProperties");
        let (values, shape) = self.schema(value, &at)?;
        let mut m = object(json!({"type": "object"}));
        m.insert("additionalProperties".into(), Value::Object(values));
        Some((m, Shape::Map(Box::new(shape))))
    }

    /// `[T; N]`: exactly N items.
    fn array(&mut self, a: &syn::TypeArray, pointer: &str) -> Option<(Map<String, Value>, Shape)> {
        let len = match &a.len {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => i.base10_parse::<u64>().ok(),
            _ => None,
        };
        let Some(len) = len else {
            self.cx.push(syn::Error::new_spanned(
                &a.len,
                "the length of an array argument must be an integer literal, so it can be written in the schema",
            ));
            return None;
        };
        let (items, item) = self.schema(&a.elem, &pointer::join(pointer, "items"))?;
        let mut m = Map::new();
        m.insert("type".into(), "array".into());
        m.insert("items".into(), Value::Object(items));
        self.limits(
            &mut m,
            Limits::ItemCounts,
            [len, len],
            a.len.span(),
            pointer,
        );
        Some((m, Shape::Fixed(Box::new(item))))
    }

    /// A tuple `(A, B)` (a tuple struct, a tuple variant's content): an array of
    /// exactly those items, as serde reads it (`prefixItems`, `items: false`,
    /// `minItems`), each part at `span`.
    pub(crate) fn tuple(
        &mut self,
        types: &[&Type],
        span: Span,
        pointer: &str,
    ) -> Option<Map<String, Value>> {
        let mut items = Vec::new();
        for (i, ty) in types.iter().enumerate() {
            let at = pointer::join(&pointer::join(pointer, "prefixItems"), &i.to_string());
            items.push(Value::Object(self.schema(ty, &at)?.0));
        }
        for kw in ["type", "prefixItems", "items", "minItems"] {
            self.spans.value(&pointer::join(pointer, kw), span);
        }
        Some(object(
            json!({"type": "array", "prefixItems": items, "items": false, "minItems": types.len()}),
        ))
    }

    /// A type deriving `ToolArgs`: a marker node, validated by that type and
    /// replaced by its schema in the exported JSON.
    fn external(&mut self, ty: &Type, pointer: &str) -> (Map<String, Value>, Shape) {
        let text = quote!(#ty).to_string();
        if !self.externals.iter().any(|(t, _)| *t == text) {
            self.externals.push((text.clone(), ty.clone()));
        }
        self.occurrences.push((ty.clone(), pointer.to_string()));
        self.spans.value(pointer, ty.span());
        let mut m = Map::new();
        m.insert(EXTERNAL_TYPE.into(), Value::String(text));
        (m, Shape::External)
    }

    /// A type's own limits, both written at `span`.
    fn limits<T: Into<Value>>(
        &mut self,
        m: &mut Map<String, Value>,
        limits: Limits,
        [lo, hi]: [T; 2],
        span: Span,
        pointer: &str,
    ) {
        for kw in limits.keywords() {
            self.spans.value(&pointer::join(pointer, kw), span);
        }
        limits.write(m, [Some(lo.into()), Some(hi.into())]);
    }

    /// `T` or `null`: the schema `m` of a value of `shape` (of type `inner`) made
    /// to take `null` as well, keeping what else it takes (`null` joins a `type`
    /// and an `enum`; another type's schema becomes one branch of an `anyOf`
    /// beside `{"type": "null"}`). Unchanged where it takes `null` already
    /// (`Option<Option<T>>`, `Value`).
    pub(crate) fn nullable(
        &mut self,
        mut m: Map<String, Value>,
        shape: &Shape,
        inner: &Type,
        pointer: &str,
    ) -> Map<String, Value> {
        if matches!(shape, Shape::Nullable(_) | Shape::Any) {
            return m;
        }
        if let Some(Value::String(t)) = m.get_mut("type") {
            let t = std::mem::take(t);
            m.insert("type".into(), json!([t, "null"]));
            if let Some(Value::Array(values)) = m.get_mut(super::arg::VALUES.1) {
                values.push(Value::Null);
            }
            return m;
        }
        let at = pointer::join(pointer, "anyOf");
        // A type's own `anyOf` (`IpAddr`): a branch more.
        if let (1, Some(Value::Array(branches))) = (m.len(), m.get_mut("anyOf")) {
            self.spans.value(
                &pointer::join(&at, &branches.len().to_string()),
                inner.span(),
            );
            branches.push(json!({"type": "null"}));
            return m;
        }
        // Another type's schema: one of it or null.
        self.spans.value(&pointer::join(&at, "0"), inner.span());
        self.spans.value(&pointer::join(&at, "1"), inner.span());
        let mut out = Map::new();
        out.insert("anyOf".into(), json!([Value::Object(m), {"type": "null"}]));
        out
    }
}

/// What `chrono::NaiveTime` reads: RFC 3339's `partial-time` (`09:30:00`, a
/// leap second `:60`, up to nine digits of a fraction), which JSON Schema's `time`
/// is not (it requires an offset, which `NaiveTime` refuses).
pub(crate) const NAIVE_TIME_PATTERN: &str =
    r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\.[0-9]{1,9})?$";

/// What `url::Url` reads of what `format: uri` accepts: a scheme, `//`, a host
/// (a DNS name whose last label starts with a letter, a dotted quad, or a
/// bracketed IPv6 address) and a port up to 65535, then a path, query or
/// fragment; `file://` with or without a host and without a port. Left out: URIs
/// without an authority (`mailto:x`, which `Url` reads, and `http:`, which it
/// refuses), user info, hosts `Url::parse` would read as an IPv4 number or
/// through IDNA (`1.2.3.256`, `xn--...`), ports past 65535.
pub(crate) const URL_PATTERN: &str = concat!(
    // (Letters of either case spelled out: JSON Schema's patterns are ECMA-262's,
    // without inline flags.)
    r"^(?:",
    // Any scheme but `file`.
    r"(?:[a-zA-Z][a-zA-Z0-9+.-]{0,2}|[a-zA-Z][a-zA-Z0-9+.-]{4,}",
    r"|[a-eg-zA-EG-Z][a-zA-Z0-9+.-]{3}|[fF][a-hj-zA-HJ-Z0-9+.-][a-zA-Z0-9+.-]{2}",
    r"|[fF][iI][a-km-zA-KM-Z0-9+.-][a-zA-Z0-9+.-]|[fF][iI][lL][a-df-zA-DF-Z0-9+.-])",
    r"://(?:HOST)(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?",
    r"|[fF][iI][lL][eE]://(?:HOST)?",
    r")(?:[/?#].*)?$",
);

/// A host of [`URL_PATTERN`] (in place of `HOST` there).
const URL_HOST: &str = concat!(
    r"(?:[a-zA-Z0-9](?:-?[a-zA-Z0-9])*\.)*[a-zA-Z](?:-?[a-zA-Z0-9])*",
    r"|(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}",
    r"|\[[0-9a-fA-F:.]+\]",
);

/// The schema of a foreign type (see `rust_type::Foreign`).
fn foreign_schema(f: Foreign) -> Map<String, Value> {
    let format = |name: &str| object(json!({"type": "string", "format": name}));
    match f {
        Foreign::DateTime => format("date-time"),
        Foreign::NaiveDate => format("date"),
        Foreign::NaiveTime => object(json!({"type": "string", "pattern": NAIVE_TIME_PATTERN})),
        Foreign::Uuid => format("uuid"),
        Foreign::Url => {
            let pattern = URL_PATTERN.replace("HOST", URL_HOST);
            object(json!({"type": "string", "format": "uri", "pattern": pattern}))
        }
        Foreign::IpAddr => object(json!({"anyOf": [
            {"type": "string", "format": "ipv4"},
            {"type": "string", "format": "ipv6"}
        ]})),
        Foreign::Ipv4Addr => format("ipv4"),
        Foreign::Ipv6Addr => format("ipv6"),
        Foreign::PathBuf => object(json!({"type": "string"})),
    }
}

/// An integer as a JSON number.
pub(crate) fn int_value(n: i128) -> Value {
    if n < 0 {
        Value::from(n as i64)
    } else {
        Value::from(n as u64)
    }
}

/// An integer type's schema: its range where it is narrower than a JSON integer's.
fn integer(name: &'static str, min: i128, max: i128) -> (Map<String, Value>, Shape) {
    let mut m = object(json!({"type": "integer"}));
    let lo = (min > JSON_MIN).then(|| int_value(min));
    let hi = (max < JSON_MAX).then(|| int_value(max));
    Limits::Range.write(&mut m, [lo, hi]);
    (m, Shape::Integer { name, min, max })
}

/// A schema written with `json!`, as the map it is.
fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => unreachable!("schemas here are objects"),
    }
}
