//! A field's schema: its type's (`ty`), with the `#[arg(...)]` keywords that apply
//! to the type (which JSON type each constrains: `arg`'s table and the runtime's
//! vocabulary), each example and allowed value checked against it.

use super::arg::{ordered, ArgAttrs, Read, DEFAULT, DESCRIPTION, EXAMPLE, VALUES};
use super::ast::Field;
use super::attr::Given;
use super::rust_type::option_inner;
use super::ty::{self, Builder, Shape, JSON_MAX, JSON_MIN};
use crate::codegen::EXTERNAL_TYPE;
use proc_macro2::Span;
use serde_json::{Map, Number, Value};
use tool_schema_runtime::json::pointer;
use tool_schema_runtime::{JsonType, Options, Schema, Undeclared};

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
    let (mut schema, shape) = b.schema(ty, pointer)?;
    let arg = &field.arg;
    let core = shape.core().clone();

    let at = FieldAt {
        ty,
        core: &core,
        name,
        pointer,
    };
    number_bounds(b, arg, &at, &mut schema);
    counts_and_pattern(b, arg, &at, &mut schema);
    allowed_values(b, arg, &at, &mut schema);
    annotations(b, field, &at, &mut schema);
    Some((ordered(ty::ref_alone(schema)), optional))
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
    let (core, ty) = (at.core, at.ty);
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
                misplaced(
                    b,
                    ty,
                    given.key,
                    key,
                    fields_of(JsonType::Number, core, rule.read),
                );
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
    let (core, ty) = (at.core, at.ty);
    let counts = arg.rules().filter(|(r, _)| r.read == Read::Count);
    let texts = arg.rules().filter(|(r, _)| r.read == Read::Text);
    for (rule, given) in counts.chain(texts) {
        let to = rule.applies_to();
        if core.constrained_as() != Some(to) {
            misplaced(b, ty, given.key, rule.key, fields_of(to, core, rule.read));
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

/// The field's description (`#[arg(description)]` or its doc comment) and
/// examples (each checked against the field's schema), into `schema`.
fn annotations(b: &mut Builder, field: &Field, at: &FieldAt, schema: &mut Map<String, Value>) {
    let (name, pointer) = (at.name, at.pointer);
    let arg = &field.arg;
    let description = arg.description.as_ref().or(field.doc.as_ref());
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

/// The fields a constraint key of `read` applies to, where it does not apply
/// to `core` (the JSON type `to` its keyword constrains).
fn fields_of(to: JsonType, core: &Shape, read: Read) -> &'static str {
    match (to, core, read) {
        (JsonType::Number, ..) => "numeric fields (integers, f32, f64)",
        (JsonType::String, Shape::Char, Read::Count) => {
            "string fields (a char is exactly one character)"
        }
        (JsonType::String, ..) => "string fields",
        (_, Shape::Fixed, _) => "Vec and set fields (an array's length is fixed by its type)",
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
