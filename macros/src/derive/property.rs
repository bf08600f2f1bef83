//! A field's schema: its type's (`ty`), with the `#[arg(...)]` keywords that apply
//! to the type (the applicability table of the derive), each example and allowed
//! value checked against it.

use super::ast::Field;
use super::attr::Given;
use super::rust_type::option_inner;
use super::ty::{self, Builder, Shape, JSON_MAX, JSON_MIN};
use crate::codegen::EXTERNAL_TYPE;
use proc_macro2::Span;
use serde_json::{Map, Number, Value};
use tool_schema_runtime::json::pointer;
use tool_schema_runtime::{Options, Schema, Undeclared};

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
    let what = |b: &Builder, given_key: Span, key: &str, applies: &str| {
        b.cx.error(
            given_key,
            format!(
                "`{key}` applies to {applies}, not to `{}`",
                ty::type_text(ty)
            ),
        );
    };

    // Numeric bounds, within the integer type's own range.
    // For an exclusive bound, how far past the type's range it may sit and still
    // leave a value serde reads: (below the minimum, above the maximum).
    for (key, keyword, given, slack) in [
        ("minimum", "minimum", &arg.minimum, (0, 0)),
        ("maximum", "maximum", &arg.maximum, (0, 0)),
        (
            "exclusive_minimum",
            "exclusiveMinimum",
            &arg.exclusive_minimum,
            (1, -1),
        ),
        (
            "exclusive_maximum",
            "exclusiveMaximum",
            &arg.exclusive_maximum,
            (-1, 1),
        ),
        ("multiple_of", "multipleOf", &arg.multiple_of, (0, 0)),
    ] {
        let Some(given) = given else { continue };
        match &core {
            Shape::Integer { name, min, max } if key != "multiple_of" => {
                if let Some(v) = number_i128(&given.value) {
                    let (lo, hi) = (min - slack.0, max + slack.1);
                    if v < lo || v > hi {
                        let msg = if slack == (0, 0) {
                            format!(
                                "{key} {} is outside the range of {name} ({min} to {max}): serde could never read such a value",
                                given.value
                            )
                        } else {
                            format!(
                                "{key} {} does not fit {name} ({min} to {max}): it must be from {lo} to {hi}, so that what it lets through is a value of {name} and some value is let through",
                                given.value
                            )
                        };
                        b.cx.error(given.span, msg);
                        continue;
                    }
                }
            }
            Shape::Integer { .. } => {}
            Shape::Number { name, max } if key != "multiple_of" => {
                let v = given.value.as_f64().unwrap_or(0.0);
                if v.abs() > *max {
                    b.cx.error(
                        given.span,
                        format!(
                            "{key} {} is outside the range of {name} ({:e} to {max:e}): serde would read such a value as an infinity",
                            given.value, -max
                        ),
                    );
                    continue;
                }
            }
            Shape::Number { .. } => {}
            _ => {
                what(b, given.key, key, "numeric fields (integers, f32, f64)");
                continue;
            }
        }
        b.spans.given(&pointer::join(pointer, keyword), given);
        schema.insert(keyword.into(), Value::Number(given.value.clone()));
    }

    // Lengths and item counts: (key, keyword, value, whether it applies here).
    let is_string = matches!(core, Shape::String);
    let is_array = matches!(core, Shape::Array | Shape::Set);
    let counts = [
        ("min_length", "minLength", &arg.min_length, is_string),
        ("max_length", "maxLength", &arg.max_length, is_string),
        ("min_items", "minItems", &arg.min_items, is_array),
        ("max_items", "maxItems", &arg.max_items, is_array),
    ];
    for (key, keyword, given, applies) in counts {
        let Some(given) = given else { continue };
        if !applies {
            let to = match (&core, key.ends_with("length")) {
                (Shape::Char, true) => "string fields (a char is exactly one character)",
                (_, true) => "string fields",
                (Shape::Fixed, false) => {
                    "Vec and set fields (an array's length is fixed by its type)"
                }
                (_, false) => "Vec and set fields",
            };
            what(b, given.key, key, to);
            continue;
        }
        b.spans.given(&pointer::join(pointer, keyword), given);
        schema.insert(keyword.into(), Value::from(given.value));
    }
    if let Some(given) = &arg.pattern {
        if matches!(core, Shape::String) {
            b.spans.given(&pointer::join(pointer, "pattern"), given);
            schema.insert("pattern".into(), Value::String(given.value.clone()));
        } else {
            what(b, given.key, "pattern", "string fields");
        }
    }
    let scalar = matches!(
        core,
        Shape::Integer { .. } | Shape::Number { .. } | Shape::String | Shape::Char | Shape::Bool
    );
    if let Some(given) = arg.values.as_ref().filter(|_| !scalar) {
        what(
            b,
            given.key,
            "values",
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
        if check_examples(b, &schema, name, &each, "allowed value") {
            b.spans.given(&pointer::join(pointer, "enum"), given);
            schema.insert("enum".into(), Value::Array(given.value.clone()));
        }
    }
    let description = arg.description.as_ref().or(field.doc.as_ref());
    if let Some(d) = description {
        b.spans.given(&pointer::join(pointer, "description"), d);
        schema.insert("description".into(), Value::String(d.value.clone()));
    }
    if !arg.examples.is_empty() {
        let at = pointer::join(pointer, "examples");
        for (i, e) in arg.examples.iter().enumerate() {
            b.spans.given(&pointer::join(&at, &i.to_string()), e);
        }
        b.spans.value(&at, arg.examples[0].key);
        let values = arg.examples.iter().map(|e| e.value.clone()).collect();
        schema.insert("examples".into(), Value::Array(values));
        check_examples(b, &schema, name, &arg.examples, "example");
    }
    Some((ty::ordered(ty::ref_alone(schema)), optional))
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
