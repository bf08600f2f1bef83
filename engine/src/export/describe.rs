//! Constraints moved into descriptions: which keywords words can carry, the
//! sentence stating one, and its place at the end of a schema's `description`.

use serde_json::{Map, Value};

/// Keywords a description can carry when the provider cannot.
pub(crate) fn describable(k: &str) -> bool {
    matches!(
        k,
        "minimum"
            | "maximum"
            | "exclusiveMinimum"
            | "exclusiveMaximum"
            | "multipleOf"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "format"
            | "minItems"
            | "maxItems"
            | "uniqueItems"
            | "minProperties"
            | "maxProperties"
    )
}

/// A sentence stating a constraint, for a description (`None`: not a scalar constraint
/// that words can carry).
pub(crate) fn describe_constraint(k: &str, v: &Value) -> Option<String> {
    Some(match k {
        "minimum" => format!("Must be at least {v}."),
        "maximum" => format!("Must be at most {v}."),
        "exclusiveMinimum" => format!("Must be greater than {v}."),
        "exclusiveMaximum" => format!("Must be less than {v}."),
        "multipleOf" => format!("Must be a multiple of {v}."),
        "minLength" => format!("At least {}.", counted(v, "character", "characters")),
        "maxLength" => format!("At most {}.", counted(v, "character", "characters")),
        "pattern" => format!("Must match the regular expression {v}."),
        "format" => format!("Format: {}.", v.as_str().unwrap_or_default()),
        "minItems" => format!("At least {}.", counted(v, "item", "items")),
        "maxItems" => format!("At most {}.", counted(v, "item", "items")),
        "uniqueItems" if v == &Value::Bool(true) => "Items must be unique.".to_string(),
        "uniqueItems" => return None,
        "minProperties" => format!("At least {}.", counted(v, "property", "properties")),
        "maxProperties" => format!("At most {}.", counted(v, "property", "properties")),
        "const" => format!("Must be {v}."),
        "enum" => {
            let vals: Vec<String> = v.as_array()?.iter().map(Value::to_string).collect();
            format!("One of {}.", vals.join(", "))
        }
        "default" => format!("Default: {v}."),
        _ => return None,
    })
}

/// `1 character`, `2 characters`: a count with its unit in the right number.
fn counted(v: &Value, one: &str, many: &str) -> String {
    if v.as_f64() == Some(1.0) {
        format!("{v} {one}")
    } else {
        format!("{v} {many}")
    }
}

/// Appends sentences to a schema's `description`.
pub(crate) fn append_description(node: &mut Map<String, Value>, sentences: &[String]) {
    if sentences.is_empty() {
        return;
    }
    let extra = sentences.join(" ");
    let text = match node.get("description").and_then(Value::as_str) {
        Some(d) if !d.trim().is_empty() => {
            let d = d.trim_end();
            if d.ends_with(['.', '!', '?', ':']) {
                format!("{d} {extra}")
            } else {
                format!("{d}. {extra}")
            }
        }
        _ => extra,
    };
    node.insert("description".into(), Value::String(text));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn descriptions_are_appended() {
        let mut m = json!({"description": "Page number"})
            .as_object()
            .unwrap()
            .clone();
        append_description(&mut m, &["Must be at least 1.".into()]);
        assert_eq!(m["description"], "Page number. Must be at least 1.");
        let mut m = Map::new();
        append_description(&mut m, &["At most 3 items.".into()]);
        assert_eq!(m["description"], "At most 3 items.");
    }

    #[test]
    fn counts_are_written_in_the_right_number() {
        let d = |k: &str, v| describe_constraint(k, &v).unwrap();
        assert_eq!(d("minLength", json!(1)), "At least 1 character.");
        assert_eq!(d("maxLength", json!(2)), "At most 2 characters.");
        assert_eq!(d("minItems", json!(1)), "At least 1 item.");
        assert_eq!(d("maxProperties", json!(1)), "At most 1 property.");
        assert_eq!(d("minProperties", json!(0)), "At least 0 properties.");
    }
}
