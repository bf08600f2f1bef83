//! A schema's JSON (`Schema::to_value`, which is also what `tool_schema!` gives as
//! a tool's schema and exports from) means what the schema means: written and
//! parsed again, it is accepted and answers every instance alike, for every
//! schema of the JSON-Schema-Test-Suite copy the runtime accepts; and writing it
//! is stable from the second time on (the first resolves `$id`s, anchors and
//! dynamic references into pointers; parsing that collapses chains of `$ref`s).

mod suite_support;

use serde_json::{json, Value};
use tool_schema_runtime::export::{self, ExportOptions, Target, ToolSpec};
use tool_schema_runtime::{Options, Schema};

fn same_answers(label: &str, a: &Schema, b: &Schema, instances: &[Value]) {
    for options in [
        Options::SPEC,
        Options::TOOL_CALL,
        Options::SPEC.formats(true),
    ] {
        for instance in instances {
            assert_eq!(
                a.validate_with(instance, &options),
                b.validate_with(instance, &options),
                "{label}: {instance}"
            );
        }
    }
}

#[test]
fn the_json_of_every_suite_schema_means_the_schema() {
    let mut groups = suite_support::groups("draft2020-12");
    groups.extend(suite_support::groups("draft7"));
    let mut checked = 0;
    for (label, value, instances) in groups {
        let Ok(parsed) = Schema::parse(&value) else {
            continue;
        };
        let first = parsed.to_value();
        let again = Schema::parse(&first)
            .unwrap_or_else(|e| panic!("{label}: its JSON {first} is refused: {e}"));
        same_answers(&label, &parsed, &again, &instances);
        let second = again.to_value();
        let third = Schema::parse(&second).unwrap().to_value();
        assert_eq!(third.to_string(), second.to_string(), "{label}");
        checked += 1;
    }
    assert!(checked > 500, "only {checked} schemas");
}

/// `$defs` names that a URI fragment may not hold as written: each `$ref` to them
/// is written `%`-escaped, and the JSON parses back to the same model.
#[test]
fn references_to_names_a_fragment_cannot_hold_are_escaped() {
    let names = [
        "50%",
        "a b",
        "quote\"d",
        "hash#",
        "é",
        "tilde~slash/",
        "{x}|y",
    ];
    let mut defs = serde_json::Map::new();
    let mut properties = serde_json::Map::new();
    for (i, name) in names.iter().enumerate() {
        defs.insert(name.to_string(), json!({"type": "integer", "minimum": i}));
        let token = name.replace('~', "~0").replace('/', "~1");
        let escaped: String = format!("/$defs/{token}")
            .bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'/' | b'$' | b'~' | b'-' => {
                    char::from(b).to_string()
                }
                b => format!("%{b:02X}"),
            })
            .collect();
        properties.insert(format!("p{i}"), json!({"$ref": format!("#{escaped}")}));
    }
    let schema = Schema::parse(&json!({"$defs": defs, "properties": properties})).unwrap();
    let written = schema.to_value();
    assert_eq!(written["properties"]["p0"]["$ref"], "#/$defs/50%25");
    assert_eq!(written["properties"]["p1"]["$ref"], "#/$defs/a%20b");
    assert_eq!(
        written["properties"]["p5"]["$ref"],
        "#/$defs/tilde~0slash~1"
    );
    let again = Schema::parse(&written).unwrap();
    assert_eq!(again, schema);
    let instances: Vec<Value> = (0..names.len())
        .flat_map(|i| [json!({format!("p{i}"): i}), json!({format!("p{i}"): -1})])
        .collect();
    same_answers("escaped names", &schema, &again, &instances);
}

/// Two dynamic paths into one `$dynamicRef`: the parser gives each path a copy of
/// the schema it reaches, which has no place of its own in the document; the JSON
/// writes the copy under the root's `$defs` and points there.
#[test]
fn a_copy_made_for_a_second_dynamic_path_is_written_where_its_reference_points() {
    let source = json!({
        "$id": "https://example.com/lists",
        "if": {"properties": {"kind": {"const": "numbers"}}, "required": ["kind"]},
        "then": {"$ref": "numbers"},
        "else": {"$ref": "strings"},
        "$defs": {
            "generic": {
                "$id": "generic",
                "properties": {"list": {"items": {"$dynamicRef": "#item"}}},
                "$defs": {"default": {"$dynamicAnchor": "item"}}
            },
            "numbers": {
                "$id": "numbers",
                "$defs": {"item": {"$dynamicAnchor": "item", "type": "number"}},
                "$ref": "generic"
            },
            "strings": {
                "$id": "strings",
                "$defs": {"item": {"$dynamicAnchor": "item", "type": "string"}},
                "$ref": "generic"
            },
            "copy-9": true
        }
    });
    let schema = Schema::parse(&source).unwrap();
    let written = schema.to_value();
    let defs = written["$defs"].as_object().unwrap();
    let copies: Vec<&String> = defs.keys().filter(|k| k.starts_with("copy-")).collect();
    assert!(copies.len() >= 2, "{written}");
    assert_eq!(
        defs["copy-9"],
        json!(true),
        "a name of the source's is kept"
    );
    let again = Schema::parse(&written).unwrap();
    let instances = [
        json!({"kind": "numbers", "list": [1, 2]}),
        json!({"kind": "numbers", "list": ["a"]}),
        json!({"kind": "strings", "list": ["a"]}),
        json!({"kind": "strings", "list": [1]}),
        json!({"list": ["a", "b"]}),
        json!({"list": [true]}),
    ];
    let answers: Vec<bool> = instances
        .iter()
        .map(|i| schema.validate_with(i, &Options::SPEC).is_valid())
        .collect();
    assert_eq!(answers, [true, false, true, false, true, false]);
    same_answers("two dynamic paths", &schema, &again, &instances);
    // The exports resolve identifiers through this JSON: Anthropic's and MCP's
    // definitions mean what the schema means.
    for (target, key) in [
        (Target::Anthropic, "input_schema"),
        (Target::Mcp, "inputSchema"),
    ] {
        let spec = ToolSpec::new("lists", "Lists of one kind.", &source);
        let exported = export::export(target, &spec, &ExportOptions::default()).unwrap();
        let read = Schema::parse(&exported.value[key]).unwrap();
        same_answers("two dynamic paths, exported", &schema, &read, &instances);
    }
}
