//! A field's schema: its type's (`ty`), with the `#[arg(...)]` keywords that apply
//! to the type (which JSON type each constrains: `arg`'s table and the runtime's
//! vocabulary), each example and allowed value checked against it.

use super::arg::{
    ordered, ArgAttrs, Part, Read, DEFAULT, DESCRIPTION, EXAMPLE, NOT_NULL, SCHEMA, VALUES,
};
use super::ast::Field;
use super::attr::Given;
use super::rust_type::{option_inner, recognise, RustShape};
use super::ty::{self, Builder, Shape, JSON_MAX, JSON_MIN};
use crate::codegen::EXTERNAL_TYPE;
use proc_macro2::Span;
use serde_json::{Map, Number, Value};
use tool_schema_engine::json::pointer;
use tool_schema_engine::{JsonType, Options, Schema, Undeclared};

/// A field's schema, and whether serde reads it as optional (`Option<T>`).
pub(super) fn property(
    b: &mut Builder,
    field: &Field,
    name: &str,
    pointer: &str,
) -> Option<(Map<String, Value>, bool)> {
    let (ty, optional) = match option_inner(field.ty) {
        Some(inner) => (inner, true),
        None => (field.ty, false),
    };
    if let Some(span) = field.arg.not_null.filter(|_| !optional) {
        b.cx.error(
            span,
            format!(
                "`{NOT_NULL}` applies to Option fields (which then take absence, not `null`), not to `{}`",
                ty::type_text(field.ty)
            ),
        );
    }
    if let Some((given, spans)) = &field.arg.schema {
        return Some((written(b, field, given, spans, name, pointer), optional));
    }
    let (mut schema, shape) = b.schema(ty, pointer)?;
    let arg = &field.arg;
    let core = shape.core().clone();

    let at = FieldAt {
        ty,
        core: &core,
        name,
        pointer,
    };
    constrain(b, arg, &at, &mut schema);
    // serde reads an `Option` field's `null` as `None`: the schema takes it too,
    // unless `not_null` says the field is only ever left out.
    if optional && arg.not_null.is_none() {
        schema = b.nullable(schema, &shape, ty, pointer);
    }
    let description = arg.description.as_ref().or(field.doc.as_ref());
    annotations(b, arg, description, &at, &mut schema);
    Some((ordered(ty::ref_alone(schema)), optional))
}

/// A newtype's schema (`struct Percent(#[arg(maximum = 100)] u8)`): its field's
/// type's, with the `#[arg(...)]` keys that apply to that type, as on a named
/// field's. `schema`, `default` and `not_null` are refused (they speak of a
/// member of an object: how it is written, left out or `null`).
pub(super) fn constrained(
    b: &mut Builder,
    arg: &ArgAttrs,
    ty: &syn::Type,
) -> Option<Map<String, Value>> {
    let member_only = [
        (arg.schema.as_ref().map(|(g, _)| g.key), SCHEMA),
        (arg.default.as_ref().map(|g| g.key), DEFAULT.0),
        (arg.not_null, NOT_NULL),
    ];
    for (span, key) in member_only {
        if let Some(span) = span {
            b.cx.error(
                span,
                format!("`{key}` applies to a struct's named fields, not to a newtype's: serde reads a newtype as its field's value"),
            );
        }
    }
    let (mut schema, shape) = b.schema(ty, "")?;
    if !arg.has_rules() && arg.description.is_none() && arg.examples.is_empty() {
        return Some(schema);
    }
    let core = shape.core().clone();
    let at = FieldAt {
        ty,
        core: &core,
        name: "value",
        pointer: "",
    };
    constrain(b, arg, &at, &mut schema);
    // (A `default` is refused above: not checked against the schema again.)
    if arg.default.is_none() {
        annotations(b, arg, arg.description.as_ref(), &at, &mut schema);
    }
    Some(ordered(ty::ref_alone(schema)))
}

/// `#[arg(schema = ..)]`: the field's schema as written (its type is not
/// read), with the field's description and examples; other constraint keys are
/// refused (they belong in the schema).
fn written(
    b: &mut Builder,
    field: &Field,
    given: &Given<Value>,
    spans: &crate::spans::SpanMap,
    name: &str,
    pointer: &str,
) -> Map<String, Value> {
    let arg = &field.arg;
    b.spans.given(pointer, given);
    b.spans.graft(pointer, spans);
    let keys = arg
        .rules()
        .map(|(r, g)| (r.key, g.key))
        .chain(arg.values.iter().map(|g| (VALUES.0, g.key)))
        .chain(arg.parts.iter().map(|(p, span, _)| (p.key(), *span)))
        .chain(arg.not_null.map(|span| (NOT_NULL, span)));
    for (key, span) in keys {
        b.cx.error(
            span,
            format!("with `schema = ..`, write `{key}` in the schema: the field's schema is the one written"),
        );
    }
    let mut schema = match &given.value {
        Value::Object(m) => m.clone(),
        _ => Map::new(),
    };
    let at = FieldAt {
        ty: field.ty,
        core: &Shape::Any,
        name,
        pointer,
    };
    let description = arg.description.as_ref().or(field.doc.as_ref());
    annotations(b, arg, description, &at, &mut schema);
    schema
}

/// The constraint keys of `arg` that apply to the value at `at`, and those of
/// its parts (`items(..)`, `values(..)`, `keys(..)`), into `schema`.
fn constrain(b: &mut Builder, arg: &ArgAttrs, at: &FieldAt, schema: &mut Map<String, Value>) {
    number_bounds(b, arg, at, schema);
    counts_and_pattern(b, arg, at, schema);
    allowed_values(b, arg, at, schema);
    parts(b, arg, at, schema);
}

/// `items(..)`, `values(..)`, `keys(..)`: the keys of each applied to that part
/// of the value (the items of a `Vec`, set or array; the values or keys of a
/// map), through `Option` and `Box` (`Vec<Option<u32>>`: the non-null items).
fn parts(b: &mut Builder, arg: &ArgAttrs, at: &FieldAt, schema: &mut Map<String, Value>) {
    let string: syn::Type = syn::parse_quote!(String);
    for (part, span, inner) in &arg.parts {
        let (key, keyword) = (part.key(), part.keyword());
        if let Some(span) = inner.not_null {
            b.cx.error(
                span,
                format!("`{NOT_NULL}` applies to Option fields, not to their {key}: an `Option` item or value takes `null`, and only a field may be left out"),
            );
        }
        let (Some(shape), Some(ty)) = (at.core.part(*part), part_type(at.ty, *part, &string))
        else {
            let applies = match part {
                Part::Items => "Vec, set and array fields",
                Part::Values | Part::Keys => "map fields (HashMap, BTreeMap)",
            };
            misplaced(b, at.ty, *span, &format!("{key}(...)"), applies);
            continue;
        };
        let pointer = pointer::join(at.pointer, keyword);
        b.spans.value(&pointer, *span);
        let mut sub = match schema.get(keyword) {
            Some(Value::Object(m)) => m.clone(),
            _ => Map::new(),
        };
        let core = shape.core().clone();
        let sub_at = FieldAt {
            ty,
            core: &core,
            name: at.name,
            pointer: &pointer,
        };
        constrain(b, inner, &sub_at, &mut sub);
        annotations(b, inner, inner.description.as_ref(), &sub_at, &mut sub);
        schema.insert(keyword.into(), Value::Object(ordered(ty::ref_alone(sub))));
    }
}

/// The type of a part of a value of type `ty` (`string` for a map's keys),
/// through `Box` and `Option`.
fn part_type<'a>(ty: &'a syn::Type, part: Part, string: &'a syn::Type) -> Option<&'a syn::Type> {
    match (recognise(ty, None), part) {
        (RustShape::Box(inner) | RustShape::Option(inner), _) => part_type(inner, part, string),
        (RustShape::Vec(t) | RustShape::Set(t), Part::Items) => Some(t),
        (RustShape::Fixed(a), Part::Items) => Some(&a.elem),
        (RustShape::Map { value, .. }, Part::Values) => Some(value),
        (RustShape::Map { .. }, Part::Keys) => Some(string),
        _ => None,
    }
}

/// The field a schema is written for: its type (without `Option`), that type's
/// shape, its name and its schema's pointer.
struct FieldAt<'a> {
    ty: &'a syn::Type,
    core: &'a Shape,
    name: &'a str,
    pointer: &'a str,
}

/// A keyword given by `#[arg]`, into `schema` with its place.
fn put(
    b: &mut Builder,
    at: &FieldAt,
    schema: &mut Map<String, Value>,
    keyword: &str,
    given: &Given<Value>,
) {
    b.spans.given(&pointer::join(at.pointer, keyword), given);
    schema.insert(keyword.into(), given.value.clone());
}

/// The numeric bounds of `arg` that apply to `core`, within an integer type's own
/// range or a float type's finite range, into `schema`.
fn number_bounds(b: &mut Builder, arg: &ArgAttrs, at: &FieldAt, schema: &mut Map<String, Value>) {
    let core = at.core;
    for (rule, given) in arg.rules() {
        if rule.applies_to() != JsonType::Number {
            continue;
        }
        let key = rule.key;
        let n = given
            .value
            .as_number()
            .expect("a number key holds a number");
        match (core, rule.read) {
            (Shape::Integer { name, min, max }, Read::Bound { slack }) => {
                if let Some(v) = number_i128(n) {
                    let (lo, hi) = (min - slack.0, max + slack.1);
                    if v < lo || v > hi {
                        let msg = if slack == (0, 0) {
                            format!(
                                "{key} {n} is outside the range of {name} ({min} to {max}): serde could never read such a value",
                            )
                        } else {
                            format!(
                                "{key} {n} does not fit {name} ({min} to {max}): it must be from {lo} to {hi}, so that what it lets through is a value of {name} and some value is let through",
                            )
                        };
                        b.cx.error(given.span, msg);
                        continue;
                    }
                }
            }
            (Shape::Integer { .. }, _) => {}
            (Shape::Number { name, max }, Read::Bound { .. }) => {
                let v = n.as_f64().unwrap_or(0.0);
                if v.abs() > *max {
                    b.cx.error(
                        given.span,
                        format!(
                            "{key} {n} is outside the range of {name} ({:e} to {max:e}): serde would read such a value as an infinity",
                            -max
                        ),
                    );
                    continue;
                }
            }
            (Shape::Number { .. }, _) => {}
            _ => {
                let applies = fields_of(JsonType::Number, core, rule.read);
                misplaced_rule(b, at, given, key, applies, JsonType::Number);
                continue;
            }
        }
        put(b, at, schema, rule.keyword, given);
    }
}

/// The string lengths and item counts of `arg`, then its pattern, into `schema`
/// where they apply to `core`.
fn counts_and_pattern(
    b: &mut Builder,
    arg: &ArgAttrs,
    at: &FieldAt,
    schema: &mut Map<String, Value>,
) {
    let core = at.core;
    let counts = arg.rules().filter(|(r, _)| r.read == Read::Count);
    let texts = arg
        .rules()
        .filter(|(r, _)| matches!(r.read, Read::Text | Read::Format));
    for (rule, given) in counts.chain(texts) {
        let to = rule.applies_to();
        if core.constrained_as() != Some(to) {
            misplaced_rule(b, at, given, rule.key, fields_of(to, core, rule.read), to);
            continue;
        }
        put(b, at, schema, rule.keyword, given);
    }
}

/// `#[arg(values = [..])]` on a scalar field: each value checked against the
/// field's schema, then its `enum`.
fn allowed_values(b: &mut Builder, arg: &ArgAttrs, at: &FieldAt, schema: &mut Map<String, Value>) {
    let (core, ty, name, pointer) = (at.core, at.ty, at.name, at.pointer);
    let scalar = matches!(
        core,
        Shape::Integer { .. } | Shape::Number { .. } | Shape::String | Shape::Char | Shape::Bool
    );
    if let Some(given) = arg.values.as_ref().filter(|_| !scalar) {
        misplaced(
            b,
            ty,
            given.key,
            VALUES.0,
            "integer, float, string, char and bool fields (a nested type, collection or Value lists its own)",
        );
    }
    if let Some(given) = arg.values.as_ref().filter(|_| scalar) {
        // Each value must be one the field's own schema takes (and serde reads).
        let each: Vec<Given<Value>> = given
            .value
            .iter()
            .map(|v| Given {
                value: v.clone(),
                key: given.key,
                span: given.span,
            })
            .collect();
        // Left out after an error (the schema check would report it again).
        if check_examples(b, schema, name, &each, "allowed value") {
            b.spans.given(&pointer::join(pointer, VALUES.1), given);
            schema.insert(VALUES.1.into(), Value::Array(given.value.clone()));
        }
    }
}

/// The description of the value (for a field, `#[arg(description)]` or its doc
/// comment) and `arg`'s examples (each checked against the value's schema),
/// into `schema`.
fn annotations(
    b: &mut Builder,
    arg: &ArgAttrs,
    description: Option<&Given<String>>,
    at: &FieldAt,
    schema: &mut Map<String, Value>,
) {
    let (name, pointer) = (at.name, at.pointer);
    if let Some(d) = description {
        b.spans.given(&pointer::join(pointer, DESCRIPTION.1), d);
        schema.insert(DESCRIPTION.1.into(), Value::String(d.value.clone()));
    }
    if let Some(default) = &arg.default {
        if check_examples(b, schema, name, std::slice::from_ref(default), "default") {
            b.spans.given(&pointer::join(pointer, DEFAULT.1), default);
            schema.insert(DEFAULT.1.into(), default.value.clone());
        }
    }
    if !arg.examples.is_empty() {
        let at = pointer::join(pointer, EXAMPLE.1);
        for (i, e) in arg.examples.iter().enumerate() {
            b.spans.given(&pointer::join(&at, &i.to_string()), e);
        }
        b.spans.value(&at, arg.examples[0].key);
        let values = arg.examples.iter().map(|e| e.value.clone()).collect();
        schema.insert(EXAMPLE.1.into(), Value::Array(values));
        check_examples(b, schema, name, &arg.examples, "example");
    }
}

/// A constraint key given on a field whose type it does not apply to.
fn misplaced(b: &Builder, ty: &syn::Type, given_key: Span, key: &str, applies: &str) {
    b.cx.error(
        given_key,
        format!(
            "`{key}` applies to {applies}, not to `{}`",
            ty::type_text(ty)
        ),
    );
}

/// A constraint key given on a collection whose items or values it would apply
/// to: the error, with the part key that says so (`items(minimum = 1)`).
fn misplaced_rule(
    b: &Builder,
    at: &FieldAt,
    given: &Given<Value>,
    key: &str,
    applies: &str,
    to: JsonType,
) {
    let part = [Part::Items, Part::Values].into_iter().find(|p| {
        at.core
            .part(*p)
            .is_some_and(|s| s.core().constrained_as() == Some(to))
    });
    let hint = match part {
        Some(p) => format!(
            "; for each of its {}, write `{}({key} = {})`",
            if p == Part::Items { "items" } else { "values" },
            p.key(),
            given.value
        ),
        None => String::new(),
    };
    b.cx.error(
        given.key,
        format!(
            "`{key}` applies to {applies}, not to `{}`{hint}",
            ty::type_text(at.ty)
        ),
    );
}

/// The fields a constraint key of `read` applies to, where it does not apply
/// to `core` (the JSON type `to` its keyword constrains).
fn fields_of(to: JsonType, core: &Shape, read: Read) -> &'static str {
    match (to, core, read) {
        (JsonType::Number, ..) => "numeric fields (integers, f32, f64)",
        (JsonType::String, Shape::Char, Read::Count) => {
            "string fields (a char is exactly one character)"
        }
        (JsonType::String, ..) => "string fields",
        (_, Shape::Fixed(_) | Shape::Tuple, _) => {
            "Vec and set fields (an array's length is fixed by its type)"
        }
        _ => "Vec and set fields",
    }
}

/// An integer bound as `i128`, `None` for a fraction.
fn number_i128(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
        .filter(|v| (JSON_MIN..=JSON_MAX).contains(v))
}

/// Every `example` must be a valid value of the argument: checked with the
/// interpreter (when the argument's schema has no other type's schema in it, nor a
/// reference to the type's own root, which the wrapper below would not be).
fn check_examples(
    b: &Builder,
    schema: &Map<String, Value>,
    name: &str,
    examples: &[Given<Value>],
    what: &str,
) -> bool {
    let text = Value::Object(schema.clone()).to_string();
    if text.contains(EXTERNAL_TYPE) || text.contains("\"$ref\"") {
        return true;
    }
    let mut props = Map::new();
    props.insert(name.to_string(), Value::Object(schema.clone()));
    let wrapper = serde_json::json!({"type": "object", "properties": props});
    // A schema the model refuses is reported by the main check.
    let Ok(checked) = Schema::parse(&wrapper) else {
        return true;
    };
    let options = Options::default().undeclared(Undeclared::RejectIfForbidden);
    let mut all = true;
    for e in examples {
        let mut call = Map::new();
        call.insert(name.to_string(), e.value.clone());
        let report = checked.validate_with(&Value::Object(call), &options);
        if !report.is_valid() {
            b.cx.error(
                e.span,
                format!(
                    "{what} {} is not a valid value of this argument: {}",
                    e.value,
                    report.messages().join("; ")
                ),
            );
            all = false;
        }
    }
    all
}
