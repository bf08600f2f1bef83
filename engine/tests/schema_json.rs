//! A schema's JSON (`Schema::to_value`, which is also what `tool_schema!` gives as
//! a tool's schema and exports from) means what the schema means: written and
//! parsed again, it is accepted and answers every instance alike, for every
//! schema of the JSON-Schema-Test-Suite copy the runtime accepts; and writing it
//! is stable from the second time on (the first resolves `$id`s, anchors and
//! dynamic references into pointers; parsing that collapses chains of `$ref`s).

mod rng_support;
mod suite_support;

use rng_support::Rng;
use serde_json::{json, Value};
use tool_schema_engine::export::{self, ExportOptions, Target, ToolSpec};
use tool_schema_engine::{Options, Schema};

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

/// Characters a definition's or property's name is made of: those a pointer
/// escapes (`~`, `/`), those a fragment may not hold (`%`, space, `#`, quotes,
/// brackets, non-ASCII) and plain ones.
const NAME_CHARS: [char; 16] = [
    'a', 'b', 'Z', '0', '~', '/', '%', ' ', '#', '"', '{', '|', 'é', '€', '$', '?',
];

fn name(rng: &mut Rng) -> String {
    (0..1 + rng.below(4))
        .map(|_| NAME_CHARS[rng.below(NAME_CHARS.len())])
        .collect()
}

/// `pointer` as a reference, each byte a fragment may hold written as it is or,
/// at random, `%`-escaped (parsers decode both).
fn reference(pointer: &str, rng: &mut Rng) -> String {
    let mut out = String::from("#");
    for (i, c) in pointer.char_indices() {
        let plain = c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=:@/?".contains(c);
        if plain && (c == '/' || rng.below(4) != 0) {
            out.push(c);
        } else {
            for b in pointer[i..i + c.len_utf8()].bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

fn token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// Schemas whose definitions (some nested in others) and properties have such
/// names, each property a reference to a definition or into one, written with
/// escapes chosen at random: the JSON written back parses to the same model.
#[test]
fn references_with_every_escape_are_written_back_to_the_same_model() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..400 {
        // Definitions: pointers to integer schemas, some inside an object
        // definition's properties or its own `$defs`.
        let mut defs = serde_json::Map::new();
        let mut targets = Vec::new();
        for d in 0..1 + rng.below(4) {
            let n = name(&mut rng);
            if defs.contains_key(&n) {
                continue;
            }
            let at = format!("/$defs/{}", token(&n));
            if rng.below(2) == 0 {
                defs.insert(n, json!({"type": "integer", "minimum": d}));
                targets.push(at);
            } else {
                let (p, inner) = (name(&mut rng), name(&mut rng));
                defs.insert(
                    n,
                    json!({
                        "type": "object",
                        "properties": {p.clone(): {"type": "string", "maxLength": d}},
                        "$defs": {inner.clone(): {"type": "boolean"}}
                    }),
                );
                targets.push(format!("{at}/properties/{}", token(&p)));
                targets.push(format!("{at}/$defs/{}", token(&inner)));
            }
        }
        let mut properties = serde_json::Map::new();
        for _ in 0..1 + rng.below(5) {
            let target = targets[rng.below(targets.len())].clone();
            properties.insert(
                name(&mut rng),
                json!({"$ref": reference(&target, &mut rng)}),
            );
        }
        let source = json!({"type": "object", "properties": properties, "$defs": defs});
        let schema = Schema::parse(&source)
            .unwrap_or_else(|e| panic!("case {case}: {source} is refused: {e}"));
        let written = schema.to_value();
        let again = Schema::parse(&written)
            .unwrap_or_else(|e| panic!("case {case}: {written} is refused: {e}"));
        assert_eq!(again, schema, "case {case}: {source} written {written}");
    }
}
