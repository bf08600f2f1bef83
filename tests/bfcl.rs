//! The BFCL dialect on the BFCL corpus sample (`tests/data/bfcl/`, see its README):
//! every python-style definition loads, every ground-truth call gets exactly its
//! `expected` codes (DIALECT.md §5), the java/javascript definitions outside the
//! dialect are refused as schema errors, and mutations of the valid calls get
//! exactly the code computed from the definition. Also `#[tool(dialect = "bfcl")]`.
//!
//! The compiled back end on the same calls: `tests/compiled/tests/bfcl.rs`.

#[path = "support/bfcl.rs"]
mod bfcl;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use tool_schema::dialect::Dialect;
use tool_schema::render::bfcl_codes;
use tool_schema::{tool_schema, Options, Schema, ToolArgs, Undeclared};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/bfcl")
}

/// The options of the `bfcl_check` runner.
fn options() -> Options {
    Options::default().undeclared(Undeclared::RejectAlways)
}

fn codes(schema: &Schema, args: &Value) -> Vec<String> {
    bfcl_codes(&schema.validate_with(args, &options()))
}

/// The schema of every definition in the dialect, by `n`.
fn schemas(defs: &[bfcl::Def]) -> Vec<Option<Schema>> {
    defs.iter()
        .map(|d| Dialect::Bfcl.parse(&d.parameters).ok())
        .collect()
}

#[test]
fn every_python_definition_loads() {
    let defs = bfcl::definitions(&data());
    assert_eq!(defs.len(), 3420);
    let mut failures = Vec::new();
    let mut python = 0;
    for d in defs.iter().filter(|d| d.style == "python") {
        python += 1;
        if let Err(e) = Dialect::Bfcl.parse(&d.parameters) {
            failures.push(format!("#{} {}: {e}", d.n, d.name));
        }
    }
    assert_eq!(python, 3270);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The eight BFCL type names (DIALECT.md §2).
const BFCL_TYPES: [&str; 8] = [
    "string", "integer", "float", "boolean", "array", "tuple", "dict", "any",
];

/// Every `type` outside the eight in `node`, by JSON pointer, found by walking the
/// definition (not by the translation): members are looked at on `dict` nodes and
/// on nodes of an unknown type, `items` on `array`/`tuple` and unknown types.
fn foreign_types(node: &Value, ptr: &str, out: &mut Vec<(String, String)>) {
    let ty = node.get("type").and_then(Value::as_str);
    let unknown = ty.is_some_and(|t| !BFCL_TYPES.contains(&t));
    if let (true, Some(t)) = (unknown, ty) {
        out.push((format!("{ptr}/type"), t.to_string()));
    }
    if ty == Some("dict") || unknown {
        for (k, sub) in node
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let k = k.replace('~', "~0").replace('/', "~1");
            foreign_types(sub, &format!("{ptr}/properties/{k}"), out);
        }
    }
    if matches!(ty, Some("array" | "tuple")) || unknown {
        if let Some(items) = node.get("items").filter(|i| i.is_object()) {
            foreign_types(items, &format!("{ptr}/items"), out);
        }
    }
}

/// The java and javascript definitions (BFCL's `simple_java`, `simple_javascript`)
/// are not in the dialect: those that use a type name of their own are refused as
/// schema errors, with one problem at each such `type`; the others (written with
/// BFCL's names only: `any`, `dict`, `integer`, `boolean`, ...) load. The foreign
/// type names, by how many nodes use them: exactly the corpus README's census.
const FOREIGN_NODES: &[(&str, &str, usize)] = &[
    ("java", "Array", 13),
    ("java", "ArrayList", 6),
    ("java", "HashMap", 7),
    ("java", "String", 56),
    ("java", "char", 1),
    ("java", "double", 1),
    ("java", "long", 7),
    ("javascript", "", 1),
    ("javascript", "Boolean", 4),
    ("javascript", "String", 59),
];

#[test]
fn java_and_javascript_definitions_outside_the_dialect_are_refused() {
    let defs = bfcl::definitions(&data());
    let mut nodes: BTreeMap<(String, String), usize> = BTreeMap::new();
    // style -> (refused, loaded)
    let mut outcome: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for d in defs.iter().filter(|d| d.style != "python") {
        let mut foreign = Vec::new();
        foreign_types(&d.parameters, "", &mut foreign);
        for (_, t) in &foreign {
            *nodes.entry((d.style.clone(), t.clone())).or_default() += 1;
        }
        let entry = outcome.entry(d.style.clone()).or_default();
        match Dialect::Bfcl.parse(&d.parameters) {
            Ok(_) => {
                entry.1 += 1;
                assert!(foreign.is_empty(), "{} loads: {foreign:?}", d.name);
            }
            Err(e) => {
                entry.0 += 1;
                // Every problem, and only those: one per foreign type.
                let got: Vec<(String, String)> = e
                    .problems
                    .iter()
                    .map(|p| (p.pointer.clone(), p.message.clone()))
                    .collect();
                let want: Vec<(String, String)> = foreign
                    .iter()
                    .map(|(ptr, t)| (ptr.clone(), format!("\"{t}\" is not a BFCL type; expected one of \"string\", \"integer\", \"float\", \"boolean\", \"array\", \"tuple\", \"dict\", \"any\"")))
                    .collect();
                assert_eq!(got, want, "{}", d.name);
            }
        }
    }
    let want: BTreeMap<(String, String), usize> = FOREIGN_NODES
        .iter()
        .map(|(s, t, n)| ((s.to_string(), t.to_string()), *n))
        .collect();
    assert_eq!(nodes, want);
    // 94 of the 150 are refused; 56 happen to use BFCL's type names only.
    assert_eq!(outcome["java"], (59, 41));
    assert_eq!(outcome["javascript"], (35, 15));
}

#[test]
fn every_call_gets_its_expected_codes() {
    let defs = bfcl::definitions(&data());
    let schemas = schemas(&defs);
    let calls = bfcl::calls(&data());
    assert_eq!(calls.len(), 3152);
    let mut failures = Vec::new();
    let mut valid = 0;
    for c in &calls {
        let schema = schemas[c.def].as_ref().expect("a python definition");
        let got = codes(schema, &c.arguments);
        if got != c.expected {
            failures.push(format!(
                "{} #{}: expected {:?}, got {got:?}",
                c.id, c.call_index, c.expected
            ));
        }
        valid += usize::from(c.expected.is_empty());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!((valid, calls.len() - valid), (3073, 79));
}

#[test]
fn mutations_get_exactly_their_code() {
    let defs = bfcl::definitions(&data());
    let schemas = schemas(&defs);
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for c in bfcl::calls(&data())
        .iter()
        .filter(|c| c.expected.is_empty())
    {
        let schema = schemas[c.def].as_ref().unwrap();
        for m in bfcl::mutations(&defs[c.def].parameters, &c.arguments) {
            *count.entry(m.kind).or_default() += 1;
            let got = codes(schema, &m.arguments);
            if got != m.expected {
                failures.push(format!(
                    "{} #{} {}: {} -> expected {:?}, got {got:?}",
                    c.id, c.call_index, m.kind, m.arguments, m.expected
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("mutations by kind: {count:?}");
    // Every kind is exercised, most on hundreds of calls.
    for kind in bfcl::KINDS {
        assert!(
            count.get(kind).copied().unwrap_or(0) >= 5,
            "{kind}: {count:?}"
        );
    }
    assert!(count.values().sum::<usize>() > 10_000, "{count:?}");
}

// --- #[tool(dialect = "bfcl")] -------------------------------------------------

tool_schema! {
    /// A whole BFCL function: its name (with `.` as `_`) and description are the
    /// tool's, unless the attributes say otherwise.
    #[tool(dialect = "bfcl")]
    pub Factorial = {
        "name": "math.factorial",
        "description": "Calculate the factorial of a given number.",
        "parameters": {
            "type": "dict",
            "properties": {
                "number": { "type": "integer", "description": "The number.", "optional": "True" },
                "ratio": { "type": "float", "default": "1" },
                "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] },
                "body": {
                    "type": "dict",
                    "properties": {
                        "mode": { "type": "string", "enum": ["COOL", "HEAT"] },
                        "temp": { "type": "integer" }
                    },
                    "required": ["mode"]
                },
                "metrics": { "type": "array", "items": { "type": "string" }, "enum": ["buzz", "admired"] },
                "point": { "type": "tuple", "items": { "type": "float" } },
                "blob": { "type": "any" },
                "extra": { "type": "dict" }
            },
            "required": ["number"]
        },
        "response": { "type": "integer" }
    };
    /// Only the `parameters`: the name comes from the type, as in JSON Schema.
    #[tool(dialect = "bfcl", name = "get-weather")]
    pub Weather = {
        "type": "dict",
        "properties": { "city": { "type": "string" } },
        "required": ["city"]
    };
    #[tool(dialect = "json-schema")]
    pub Plain = { "type": "object", "properties": { "city": { "type": "string" } } }
}

#[test]
fn the_macro_reads_bfcl_definitions() {
    assert_eq!(Factorial::NAME, "math_factorial");
    assert_eq!(
        Factorial::DESCRIPTION,
        "A whole BFCL function: its name (with `.` as `_`) and description are the\ntool's, unless the attributes say otherwise."
    );
    assert_eq!(Weather::NAME, "get-weather");
    assert_eq!(Plain::NAME, "plain");
    // The schema is the translation into JSON Schema, the same as at run time.
    let def: Value = serde_json::from_str(
        r#"{"type": "dict", "properties": {"city": {"type": "string"}}, "required": ["city"]}"#,
    )
    .unwrap();
    let runtime = Dialect::Bfcl.parse(&def).unwrap();
    assert_eq!(Weather::schema(), &runtime.to_value());
    assert_eq!(
        Weather::schema(),
        &json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
    );
    let schema = Schema::parse(Factorial::schema()).unwrap();
    let calls = [
        (
            json!({"number": 5, "ratio": 2, "blob": null, "extra": {"k": 1}}),
            vec![],
        ),
        (json!({}), vec!["missing:number"]),
        (json!({"number": 5.0}), vec!["type:number"]),
        (json!({"number": null}), vec!["type:number"]),
        (json!({"number": 1, "unit": "Celsius"}), vec!["enum:unit"]),
        (json!({"number": 1, "unit": 5}), vec!["type:unit"]),
        (
            json!({"number": 1, "metrics": ["buzz", "Buzz", 3]}),
            vec!["enum:metrics[1]", "type:metrics[2]"],
        ),
        (
            json!({"number": 1, "point": [1, 2.5, "3"]}),
            vec!["type:point[2]"],
        ),
        (
            json!({"number": 1, "body": {"temp": "20", "fan": 1}}),
            vec!["missing:body.mode", "type:body.temp", "unexpected:body.fan"],
        ),
        (json!({"number": 1, "nmber": 1}), vec!["unexpected:nmber"]),
    ];
    for (args, want) in calls {
        // Tool-call mode (what `validate` uses) and the runner's options agree: the
        // translation never writes `additionalProperties`.
        let compiled = Factorial::validate(&args);
        assert_eq!(bfcl_codes(&compiled), want, "{args}");
        assert_eq!(
            compiled,
            Factorial::validate_with(&args, &options()),
            "{args}"
        );
        assert_eq!(compiled, schema.validate(&args), "{args}");
    }
}
