//! Schemas whose meaning depends on their dialect or on identifiers (`$schema`
//! naming draft 7 or 2019-09; `$id`, `$anchor`, `$dynamicAnchor`, `$dynamicRef`)
//! converted before any provider reads them: to the draft 2020-12 form the schema
//! model holds ([`Schema::to_value`](crate::Schema::to_value)): an array `items` as
//! `prefixItems` (and `additionalItems` as `items`), the keywords a draft-07 `$ref`
//! overrides left out, every reference resolved to a JSON pointer into the schema
//! (or, for a document the schema names, its absolute URI, which the providers
//! that need local references refuse), the identifiers dropped. A provider's reader
//! then keeps the meaning the validator gives the schema. A draft-7 schema that
//! reads the same in 2020-12 is left as written.

use crate::keywords::Draft;
use serde_json::Value;

/// The keys that make a schema's references depend on identifiers.
const IDENTIFIERS: [&str; 4] = ["$id", "$anchor", "$dynamicAnchor", "$dynamicRef"];

/// `schema` converted, when it needs to be (`None`: export it as written). The
/// schema has been admitted: its depth is bounded and the model accepts it.
pub(crate) fn converted(schema: &Value) -> Option<Value> {
    let other_draft = schema
        .get("$schema")
        .and_then(Value::as_str)
        .and_then(Draft::from_schema_uri)
        .is_some_and(|d| d != Draft::Draft2020_12);
    let identifiers = has_identifiers(schema);
    if !other_draft && !identifiers {
        return None;
    }
    let model = crate::Schema::parse(schema).ok()?;
    if !identifiers && reads_the_same_in_2020_12(schema, &model) {
        // Exported as written, its `$schema` with it.
        return None;
    }
    let mut converted = model.to_value();
    // The model holds every draft in the 2020-12 form: so does the export.
    if let Some(d) = converted.get_mut("$schema") {
        if d.as_str().and_then(Draft::from_schema_uri).is_some() {
            *d = Value::from(Draft::Draft2020_12.schema_uri());
        }
    }
    Some(converted)
}

/// Whether `schema` (whose model is `model`) gives the same model read in draft
/// 2020-12 (its `$schema` aside).
fn reads_the_same_in_2020_12(schema: &Value, model: &crate::Schema) -> bool {
    let mut as_2020 = schema.clone();
    as_2020["$schema"] = Value::from(Draft::Draft2020_12.schema_uri());
    let Ok(other) = crate::Schema::parse(&as_2020) else {
        return false;
    };
    let without_dialect = |s: &crate::Schema| {
        let mut nodes = s.nodes().to_vec();
        nodes[0].annotations.dialect = None;
        nodes
    };
    without_dialect(model) == without_dialect(&other)
}

/// Whether an object of `schema` (at any depth; an `enum` value too, which only
/// costs a needless conversion) has one of [`IDENTIFIERS`] as a key.
fn has_identifiers(schema: &Value) -> bool {
    let mut stack = vec![schema];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                if IDENTIFIERS.iter().any(|k| map.contains_key(*k)) {
                    return true;
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::converted;
    use serde_json::json;

    #[test]
    fn drafts_and_identifiers_are_converted() {
        let d7 = json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
            "definitions": {"s": {"type": "string"}},
            "properties": {"a": {"$ref": "#/definitions/s", "maxLength": 3},
                           "b": {"type": "array", "items": [{"type": "integer"}], "additionalItems": false}}});
        assert_eq!(
            converted(&d7).unwrap(),
            json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                "definitions": {"s": {"type": "string"}},
                "properties": {"a": {"$ref": "#/definitions/s"},
                               "b": {"type": "array", "prefixItems": [{"type": "integer"}], "items": false}}})
        );
        let ids = json!({"$id": "http://x.example/r", "properties": {"a": {"$ref": "#num"}, "b": {"$ref": "item"}},
            "$defs": {"n": {"$anchor": "num", "type": "number"}, "i": {"$id": "item", "type": "string"}}});
        assert_eq!(
            converted(&ids).unwrap(),
            json!({"properties": {"a": {"$ref": "#/$defs/n"}, "b": {"$ref": "#/$defs/i"}},
                "$defs": {"n": {"type": "number"}, "i": {"type": "string"}}})
        );
        assert_eq!(
            converted(
                &json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {}}})
            ),
            None
        );
    }
}
