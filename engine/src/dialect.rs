//! Schema dialects other than JSON Schema, translated into JSON Schema so that they
//! run through the one schema model and both back ends.
//!
//! - [`Dialect::Bfcl`]: the Berkeley Function Calling Leaderboard's python-style
//!   function definitions (type names `dict`, `float`, `tuple`, `any`; `enum` on an
//!   array lists the allowed elements; every keyword but `type`, `properties`,
//!   `required`, `items` and `enum` is an annotation). The exact rules are those of
//!   the corpus's `DIALECT.md`; [`crate::render::bfcl_codes`] writes its error codes.

use crate::json::pointer;
use crate::schema::{Diagnostic, Schema, SchemaError};
use serde_json::{Map, Value};

/// A schema dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Dialect {
    /// JSON Schema (2020-12), as [`Schema::parse`] reads it.
    #[default]
    JsonSchema,
    /// BFCL's python-style definitions (the `parameters` of a function).
    Bfcl,
}

impl Dialect {
    /// The dialect called `name` (`"json-schema"`, `"bfcl"`).
    pub fn from_name(name: &str) -> Option<Dialect> {
        match name {
            "json-schema" | "jsonschema" => Some(Dialect::JsonSchema),
            "bfcl" => Some(Dialect::Bfcl),
            _ => None,
        }
    }

    /// Every dialect's name, as [`Dialect::from_name`] reads it.
    pub const NAMES: [&'static str; 2] = ["json-schema", "bfcl"];

    /// The dialect's name (`"json-schema"`, `"bfcl"`).
    pub fn name(self) -> &'static str {
        match self {
            Dialect::JsonSchema => "json-schema",
            Dialect::Bfcl => "bfcl",
        }
    }

    /// Where, in `source` (a schema written in this dialect), is what `pointer`
    /// names in its translation [`Dialect::to_json_schema`]: the same pointer, except
    /// for the BFCL `enum` of an array, which the translation moves into `items`
    /// (`/properties/m/items/enum/1` -> `/properties/m/enum/1`).
    pub fn source_pointer(self, source: &Value, pointer: &str) -> String {
        match self {
            Dialect::JsonSchema => pointer.to_string(),
            Dialect::Bfcl => bfcl_source_pointer(source, pointer),
        }
    }

    /// `schema` in JSON Schema: unchanged for [`Dialect::JsonSchema`].
    pub fn to_json_schema(self, schema: &Value) -> Result<Value, SchemaError> {
        match self {
            Dialect::JsonSchema => Ok(schema.clone()),
            Dialect::Bfcl => bfcl_to_json_schema(schema),
        }
    }

    /// Parses `schema` written in this dialect.
    pub fn parse(self, schema: &Value) -> Result<Schema, SchemaError> {
        match self {
            Dialect::JsonSchema => Schema::parse(schema),
            Dialect::Bfcl => Schema::parse(&bfcl_to_json_schema(schema)?),
        }
    }
}

/// Translates a BFCL `parameters` node (whose type must be `dict`) into JSON Schema.
/// A definition that is not in the dialect is refused with every problem found,
/// each at its JSON pointer in `parameters`.
pub fn bfcl_to_json_schema(parameters: &Value) -> Result<Value, SchemaError> {
    let mut problems = Vec::new();
    let out = match parameters.get("type") {
        Some(t @ Value::String(name)) if name != "dict" => {
            problems.push(Diagnostic::new(
                "/type",
                format!("the parameters of a BFCL function must have type \"dict\", got {t}"),
            ));
            // The members may hold more problems.
            let mut as_dict = parameters.clone();
            as_dict["type"] = Value::from("dict");
            bfcl_node(&as_dict, "", &mut problems)
        }
        _ => bfcl_node(parameters, "", &mut problems),
    };
    match out {
        Some(v) if problems.is_empty() => Ok(v),
        _ => Err(SchemaError {
            problems,
            lints: Vec::new(),
        }),
    }
}

const BFCL_TYPES: &str =
    "\"string\", \"integer\", \"float\", \"boolean\", \"array\", \"tuple\", \"dict\", \"any\"";

/// One schema node in JSON Schema; `None` (with the problems in `problems`) when it
/// is not in the dialect. Goes on after a problem, to report every one.
fn bfcl_node(node: &Value, ptr: &str, problems: &mut Vec<Diagnostic>) -> Option<Value> {
    let Value::Object(map) = node else {
        problems.push(Diagnostic::new(ptr, "a BFCL schema node must be an object"));
        return None;
    };
    let json_type = bfcl_type(map, ptr, problems);
    let mut ok = json_type.is_some();
    let ty = json_type.flatten();
    let unknown = json_type.is_none();
    let mut out = Map::new();
    if let Some(t) = ty {
        out.insert("type".into(), Value::from(t));
    }
    if let Some(Value::String(d)) = map.get("description") {
        out.insert("description".into(), Value::from(d.clone()));
    }
    let enum_values = match map.get("enum") {
        None => None,
        Some(Value::Array(values)) => Some(values.clone()),
        Some(_) => {
            problems.push(Diagnostic::new(
                pointer::join(ptr, "enum"),
                "a BFCL enum must be a list",
            ));
            ok = false;
            None
        }
    };
    let is_array = ty == Some("array");
    if let (Some(values), false) = (&enum_values, is_array) {
        out.insert("enum".into(), Value::Array(values.clone()));
    }
    if ty == Some("object") || unknown {
        ok &= bfcl_members(map, ptr, &mut out, problems);
    }
    if is_array || unknown {
        ok &= bfcl_items(
            map,
            ptr,
            enum_values.filter(|_| is_array),
            &mut out,
            problems,
        );
    }
    ok.then_some(Value::Object(out))
}

/// The JSON Schema type of a node's BFCL `type`: `Some(None)` for `any`; `None`
/// (with a problem) when it is not a BFCL type (the members are still looked at).
fn bfcl_type(
    map: &Map<String, Value>,
    ptr: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<Option<&'static str>> {
    let at = || pointer::join(ptr, "type");
    match map.get("type") {
        Some(Value::String(t)) => match t.as_str() {
            "string" => Some(Some("string")),
            "integer" => Some(Some("integer")),
            "float" => Some(Some("number")),
            "boolean" => Some(Some("boolean")),
            "array" | "tuple" => Some(Some("array")),
            "dict" => Some(Some("object")),
            "any" => Some(None),
            other => {
                problems.push(Diagnostic::new(
                    at(),
                    format!("\"{other}\" is not a BFCL type; expected one of {BFCL_TYPES}"),
                ));
                None
            }
        },
        Some(other) => {
            problems.push(Diagnostic::new(
                at(),
                format!("a BFCL type is a single name, got {other}"),
            ));
            None
        }
        None => {
            problems.push(Diagnostic::new(
                ptr,
                "a BFCL schema node must have a \"type\"",
            ));
            None
        }
    }
}

/// A `dict` node's `properties` and `required`, translated into `out`; false when
/// one of them is not in the dialect.
fn bfcl_members(
    map: &Map<String, Value>,
    ptr: &str,
    out: &mut Map<String, Value>,
    problems: &mut Vec<Diagnostic>,
) -> bool {
    let at = |k: &str| pointer::join(ptr, k);
    let mut ok = true;
    match map.get("properties") {
        None => {}
        Some(Value::Object(props)) => {
            let mut translated = Map::new();
            for (name, sub) in props {
                let sub_ptr = pointer::join(&at("properties"), name);
                match bfcl_node(sub, &sub_ptr, problems) {
                    Some(v) => {
                        translated.insert(name.clone(), v);
                    }
                    None => ok = false,
                }
            }
            out.insert("properties".into(), Value::Object(translated));
        }
        Some(_) => {
            problems.push(Diagnostic::new(
                at("properties"),
                "BFCL properties must be an object",
            ));
            ok = false;
        }
    }
    if let Some(required) = map.get("required") {
        let names = required
            .as_array()
            .is_some_and(|r| r.iter().all(Value::is_string));
        if names {
            out.insert("required".into(), required.clone());
        } else {
            problems.push(Diagnostic::new(
                at("required"),
                "BFCL required must be a list of names",
            ));
            ok = false;
        }
    }
    ok
}

/// An `array`/`tuple` node's `items`, translated into `out`, with the array's
/// `enum` (`array_enum`), which lists the allowed elements, checked after the
/// element's own type; false when `items` is not in the dialect.
fn bfcl_items(
    map: &Map<String, Value>,
    ptr: &str,
    array_enum: Option<Vec<Value>>,
    out: &mut Map<String, Value>,
    problems: &mut Vec<Diagnostic>,
) -> bool {
    let at = pointer::join(ptr, "items");
    let mut ok = true;
    let items = match map.get("items") {
        None => None,
        Some(items @ Value::Object(_)) => {
            let translated = bfcl_node(items, &at, problems);
            ok = translated.is_some();
            translated
        }
        Some(_) => {
            problems.push(Diagnostic::new(
                at,
                "BFCL items must be a single schema node",
            ));
            ok = false;
            None
        }
    };
    let items = match (items, array_enum) {
        (Some(Value::Object(mut i)), Some(values)) => {
            if i.contains_key("enum") {
                let extra = serde_json::json!({ "enum": values });
                i.insert("allOf".into(), Value::Array(vec![extra]));
            } else {
                i.insert("enum".into(), Value::Array(values));
            }
            Some(Value::Object(i))
        }
        (None, Some(values)) => Some(serde_json::json!({ "enum": values })),
        (items, None) => items,
        (Some(other), Some(_)) => Some(other),
    };
    if let Some(items) = items {
        out.insert("items".into(), items);
    }
    ok
}

/// A BFCL function name as a tool name: every `.` becomes `_` (`math.factorial` ->
/// `math_factorial`), as BFCL's own model handlers (`convert_to_tool`) do for
/// providers whose tool names must match `^[a-zA-Z0-9_-]{1,64}$`. All 3270
/// python-style names of the corpus are valid tool names after it.
pub fn bfcl_tool_name(name: &str) -> String {
    name.replace('.', "_")
}

fn bfcl_source_pointer(source: &Value, pointer: &str) -> String {
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    let mut out = String::new();
    let mut node = Some(source);
    let mut i = 0;
    while i < segments.len() {
        let seg = segments[i];
        let rest = |from: usize| {
            segments[from.min(segments.len())..]
                .iter()
                .map(|s| format!("/{s}"))
                .collect::<String>()
        };
        let is_array = node
            .and_then(|n| n.get("type"))
            .is_some_and(|t| t == "array" || t == "tuple");
        let array_enum = is_array && node.is_some_and(|n| n.get("enum").is_some());
        if seg == "properties" && i + 1 < segments.len() {
            let name = pointer::unescape_token(segments[i + 1]);
            out.push_str(&format!("/properties/{}", segments[i + 1]));
            node = node
                .and_then(|n| n.get("properties"))
                .and_then(|p| p.get(name.as_ref()));
            i += 2;
        } else if seg == "items" && array_enum {
            // The array's enum, moved into `items` (or into `items/allOf/0` beside
            // an enum of the items' own).
            let items = node.and_then(|n| n.get("items"));
            let items_enum = items.is_some_and(|i| i.get("enum").is_some());
            let next = segments.get(i + 1).copied();
            if next == Some("enum") && !items_enum {
                return format!("{out}/enum{}", rest(i + 2));
            }
            if next == Some("allOf") && items_enum {
                let tail = &segments[(i + 2).min(segments.len())..];
                if tail.len() >= 2 && tail[0] == "0" && tail[1] == "enum" {
                    return format!("{out}/enum{}", rest(i + 4));
                }
                return format!("{out}/enum");
            }
            if items.is_none() {
                return format!("{out}/enum");
            }
            out.push_str("/items");
            node = items;
            i += 1;
        } else if seg == "items" {
            out.push_str("/items");
            node = node.and_then(|n| n.get("items"));
            i += 1;
        } else {
            return format!("{out}{}", rest(i));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::bfcl_codes;
    use crate::{Options, Undeclared};
    use serde_json::json;

    fn codes(def: &Value, args: Value) -> Vec<String> {
        let s = Dialect::Bfcl.parse(def).unwrap();
        let o = Options::default().undeclared(Undeclared::RejectAlways);
        bfcl_codes(&s.validate_with(&args, &o))
    }

    #[test]
    fn dialect_examples() {
        let def = json!({"type": "dict", "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "body": {"type": "dict", "properties": {"mode": {"type": "string", "enum": ["COOL", "HEAT"]}, "temp": {"type": "integer"}}, "required": ["mode"]},
            "tags": {"type": "array", "items": {"type": "string"}},
            "ratio": {"type": "float"},
            "blob": {"type": "any"},
            "metrics": {"type": "array", "items": {"type": "string"}, "enum": ["a", "b"]}
        }, "required": ["city"]});
        assert!(codes(&def, json!({"city": "Paris", "ratio": 2, "blob": null})).is_empty());
        assert_eq!(codes(&def, json!({})), ["missing:city"]);
        assert_eq!(
            codes(&def, json!({"city": "P", "days": 5.0})),
            ["type:days"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "days": null})),
            ["type:days"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "unit": "Celsius"})),
            ["enum:unit"]
        );
        assert_eq!(codes(&def, json!({"city": "P", "unit": 5})), ["type:unit"]);
        assert_eq!(
            codes(&def, json!({"city": "P", "tags": ["a", 1]})),
            ["type:tags[1]"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "body": {"temp": "20", "fan": 1}})),
            ["missing:body.mode", "type:body.temp", "unexpected:body.fan"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "cty": "x", "Days": 3})),
            ["unexpected:Days", "unexpected:cty"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "metrics": ["a", "c", 3]})),
            ["enum:metrics[1]", "type:metrics[2]"]
        );
    }

    #[test]
    fn source_pointers() {
        let def = json!({"type": "dict", "properties": {
            "m": {"type": "array", "items": {"type": "string"}, "enum": ["a", 3]},
            "n": {"type": "array", "enum": ["a"]},
            "o": {"type": "tuple", "items": {"type": "string", "enum": ["a"]}, "enum": ["b"]},
            "a/b": {"type": "dict", "properties": {"x": {"type": "float", "enum": ["y"]}}}
        }});
        let p = |ptr: &str| Dialect::Bfcl.source_pointer(&def, ptr);
        assert_eq!(p("/properties/m/items/enum/1"), "/properties/m/enum/1");
        assert_eq!(p("/properties/m/items/type"), "/properties/m/items/type");
        assert_eq!(p("/properties/n/items/enum/0"), "/properties/n/enum/0");
        assert_eq!(p("/properties/n/items"), "/properties/n/enum");
        assert_eq!(
            p("/properties/o/items/allOf/0/enum/0"),
            "/properties/o/enum/0"
        );
        assert_eq!(
            p("/properties/o/items/enum/0"),
            "/properties/o/items/enum/0"
        );
        assert_eq!(
            p("/properties/a~1b/properties/x/enum/0"),
            "/properties/a~1b/properties/x/enum/0"
        );
        assert_eq!(p(""), "");
        assert_eq!(p("/required/0"), "/required/0");
        let t = Dialect::Bfcl.to_json_schema(&def).unwrap();
        assert_eq!(
            t.pointer("/properties/m/items/enum/1"),
            def.pointer("/properties/m/enum/1")
        );
        assert_eq!(
            t.pointer("/properties/o/items/allOf/0/enum/0"),
            def.pointer("/properties/o/enum/0")
        );
        assert_eq!(
            Dialect::JsonSchema.source_pointer(&def, "/x/items"),
            "/x/items"
        );
        assert_eq!(bfcl_tool_name("math.factorial"), "math_factorial");
        for name in Dialect::NAMES {
            assert_eq!(Dialect::from_name(name).unwrap().name(), name);
        }
    }

    #[test]
    fn not_in_the_dialect() {
        for bad in [
            json!({"type": "object", "properties": {}}),
            json!({"type": "dict", "properties": {"a": {"type": "String"}}}),
            json!({"type": "dict", "properties": {"a": {"type": "array", "items": []}}}),
            json!({"type": "dict", "required": "a"}),
            json!({"type": "dict", "properties": {"a": {"type": "string", "enum": "x"}}}),
            json!({"type": "dict", "properties": {"a": 3}}),
        ] {
            assert!(Dialect::Bfcl.parse(&bad).is_err(), "{bad}");
        }
        // Annotations of every kind are fine.
        let ok = json!({"type": "dict", "properties": {"a": {"type": "integer", "optional": "True", "default": "x", "maximum": 3, "format": "float"}}, "required": []});
        assert!(Dialect::Bfcl.parse(&ok).is_ok());
    }
}
