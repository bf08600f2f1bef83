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
//! | `Option<T>` | a field: optional; elsewhere: `T` or `null` |
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

use super::arg::Limits;
use super::attr::Given;
use crate::codegen::EXTERNAL_TYPE;
use crate::ctxt::Ctxt;
use crate::spans::{Locate, SpanMap};
use proc_macro2::Span;
use quote::{quote, ToTokens};
use serde_json::{json, Map, Value};
use syn::spanned::Spanned;
use syn::{Ident, Type};
use tool_schema_runtime::json::pointer;
use tool_schema_runtime::JsonType;

use super::rust_type::{is_string_key, recognise, RustShape};

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
    /// `Vec<T>`.
    Array,
    /// `HashSet`/`BTreeSet`.
    Set,
    /// `[T; N]`.
    Fixed,
    /// `HashMap`/`BTreeMap`.
    Map,
    /// `serde_json::Value`.
    Any,
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
            Shape::Array | Shape::Set => Some(JsonType::Array),
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
                let m = self.items(inner, pointer)?;
                Some((m, Shape::Array))
            }
            RustShape::Set(inner) => {
                let mut m = self.items(inner, pointer)?;
                self.spans
                    .value(&pointer::join(pointer, "uniqueItems"), ty.span());
                m.insert("uniqueItems".into(), Value::Bool(true));
                Some((m, Shape::Set))
            }
            RustShape::Map { key, value } => self.map(key, value, pointer),
            RustShape::Fixed(a) => self.array(a, pointer),
            RustShape::Tuple(items) => {
                Some((self.tuple(&items, ty.span(), pointer)?, Shape::Fixed))
            }
            RustShape::External => Some(self.external(ty, pointer)),
            RustShape::Refused(hint) => {
                self.unsupported(ty, &hint);
                None
            }
        }
    }

    /// `Vec<T>` or a set: an array of `T`.
    fn items(&mut self, inner: &Type, pointer: &str) -> Option<Map<String, Value>> {
        let (items, _) = self.schema(inner, &pointer::join(pointer, "items"))?;
        let mut m = object(json!({"type": "array"}));
        m.insert("items".into(), Value::Object(items));
        Some(m)
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
        let (values, _) = self.schema(value, &at)?;
        let mut m = object(json!({"type": "object"}));
        m.insert("additionalProperties".into(), Value::Object(values));
        Some((m, Shape::Map))
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
        let (items, _) = self.schema(&a.elem, &pointer::join(pointer, "items"))?;
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
        Some((m, Shape::Fixed))
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

    /// `T` or `null`, where `Option<T>` is not a field's own type.
    fn nullable(
        &mut self,
        mut m: Map<String, Value>,
        shape: &Shape,
        inner: &Type,
        pointer: &str,
    ) -> Map<String, Value> {
        match m.get_mut("type") {
            Some(Value::String(t)) => {
                let t = std::mem::take(t);
                m.insert("type".into(), json!([t, "null"]));
                m
            }
            // Already nullable (`Option<Option<T>>`).
            Some(_) => m,
            // Any value (`Value`): null included.
            None if *shape == Shape::Any => m,
            // Another type's schema: one of it or null.
            None => {
                let at = pointer::join(pointer, "anyOf");
                self.spans.value(&pointer::join(&at, "0"), inner.span());
                self.spans.value(&pointer::join(&at, "1"), inner.span());
                let mut out = Map::new();
                out.insert("anyOf".into(), json!([Value::Object(m), {"type": "null"}]));
                out
            }
        }
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
