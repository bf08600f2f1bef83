//! Exports of hostile schemas (issue #11, items 1, 7 and 9): no export loops, blows up,
//! recurses on the native stack in proportion to its input, or accepts a schema the
//! schema model refuses. Every case runs every target (and `toolbox`) where it
//! applies; those whose subject is the stack run on a thread with a 2 MiB stack (the
//! default of a spawned thread and of tokio's workers) and pass in debug builds.
//!
//! No test times anything: the blow-ups checked here took minutes or ran out of memory
//! before (a 2^40 expansion, an endless inlining), and the assertions are on sizes
//! and counts.

mod rng_support;

use rng_support::Rng;
use serde_json::{json, Map, Value};
use tool_schema_engine::export::limits::weight;
use tool_schema_engine::export::{
    self, limits, strict, ExportError, ExportOptions, Exported, Target, ToolSpec,
};
use tool_schema_engine::Schema;

const SMALL_STACK: usize = 2 << 20;

/// Runs `f` on a thread with a 2 MiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .expect("the export overflowed a 2 MiB stack or panicked")
}

fn export_to(target: Target, schema: &Value) -> Result<Exported, ExportError> {
    export::export(
        target,
        &ToolSpec::new("t", "A tool.", schema),
        &ExportOptions::default(),
    )
}

/// `D_i` has properties `a` and `b`, both `{"$ref": D_{i+1}, ..sibling}` (bare refs
/// when `sibling` is `None`); `D_n` is a string. The schema's `x` is `D_0`.
fn diamond(n: usize, sibling: Option<(&str, Value)>) -> Value {
    let mut defs = Map::new();
    for i in 0..n {
        let mut r = Map::new();
        r.insert("$ref".into(), json!(format!("#/$defs/D{}", i + 1)));
        if let Some((k, v)) = &sibling {
            r.insert(k.to_string(), v.clone());
        }
        defs.insert(
            format!("D{i}"),
            json!({"type": "object", "properties": {"a": r, "b": r}, "required": ["a", "b"]}),
        );
    }
    defs.insert(format!("D{n}"), json!({"type": "string"}));
    json!({"$defs": defs, "type": "object", "properties": {"x": {"$ref": "#/$defs/D0"}}, "required": ["x"]})
}

/// `D_i = {"type": "object", "properties": {"n": {"$ref": D_{i+1}, ..sibling}}}`, `D_n`
/// a string (or, with `cycle`, a reference back to `D_0`).
fn chain(n: usize, sibling: Option<(&str, Value)>, cycle: bool) -> Value {
    let mut defs = Map::new();
    for i in 0..n {
        let next = if cycle && i + 1 == n { 0 } else { i + 1 };
        let mut r = Map::new();
        r.insert("$ref".into(), json!(format!("#/$defs/D{next}")));
        if let Some((k, v)) = &sibling {
            r.insert(k.to_string(), v.clone());
        }
        defs.insert(
            format!("D{i}"),
            json!({"type": "object", "properties": {"n": r}, "required": ["n"]}),
        );
    }
    if !cycle {
        defs.insert(format!("D{n}"), json!({"type": "string"}));
    }
    json!({"$defs": defs, "type": "object", "properties": {"x": {"$ref": "#/$defs/D0"}}, "required": ["x"]})
}

// ---------------------------------------------------------------------------------
// Item 1: a recursive `$ref` with siblings (gemini_json_schema looped until memory ran
// out: the refs inlined were remembered per node, not along the path).

#[test]
fn recursive_ref_with_a_sibling_stays_a_reference() {
    let schema = json!({"type": "object", "properties": {"x": {"$ref": "#", "description": "d"}}});
    let out = on_small_stack(move || export_to(Target::GeminiJsonSchema, &schema));
    let out = out.unwrap();
    let x = &out.value["parametersJsonSchema"]["properties"]["x"];
    assert_eq!(x, &json!({"description": "d", "anyOf": [{"$ref": "#"}]}));
    // what is exported is a schema the model reads, with the same meaning
    Schema::parse(&out.value["parametersJsonSchema"]).unwrap();
}

/// Variants: other siblings, references through `$defs`, mutual recursion, a cycle
/// entered below the root; every target terminates with a small output.
#[test]
fn recursive_ref_variants_terminate_on_every_target() {
    let variants = [
        json!({"type": "object", "properties": {"x": {"$ref": "#", "title": "t", "x-ui": {"w": 1}}}}),
        json!({"type": "object", "properties": {"x": {"$ref": "#", "minProperties": 0}}}),
        json!({"type": "object", "properties": {"l": {"type": "array", "items": {"$ref": "#", "description": "d"}}}}),
        json!({"$defs": {"N": {"type": "object", "properties": {"next": {"$ref": "#/$defs/N", "description": "n"}}}},
               "type": "object", "properties": {"n": {"$ref": "#/$defs/N", "description": "top"}}}),
        json!({"$defs": {
                  "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B", "description": "to B"}}},
                  "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "title": "to A"}}}},
               "type": "object", "properties": {"a": {"$ref": "#/$defs/A", "description": "start"}}}),
        json!({"$defs": {"N": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/N", "description": "again"}]}}},
               "type": "object", "properties": {"n": {"$ref": "#/$defs/N", "title": "n"}}}),
    ];
    for schema in variants {
        let input = weight(&schema);
        let results = on_small_stack({
            let schema = schema.clone();
            move || {
                Target::ALL
                    .map(|t| (t, export_to(t, &schema)))
                    .into_iter()
                    .collect::<Vec<_>>()
            }
        });
        for (target, r) in results {
            if let Ok(out) = &r {
                // a recursive definition is unrolled at most once or twice
                assert!(
                    weight(&out.value) < 40 * input,
                    "{target}: {} values from {input}: {schema}",
                    weight(&out.value)
                );
                assert!(out.report.changes().len() < 40 * input, "{target}");
            }
            if target == Target::GeminiJsonSchema {
                let out = r.unwrap_or_else(|e| panic!("{schema}: {e}"));
                Schema::parse(&out.value["parametersJsonSchema"]).unwrap();
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Item 7: blow-ups.

/// 40 levels of definitions each used twice: Anthropic strict's recursion check walked
/// every path (2^40). Now each definition is read once.
#[test]
fn anthropic_strict_recursion_check_is_linear() {
    let schema = diamond(40, None);
    let out = export_to(Target::AnthropicStrict, &schema).unwrap();
    assert!(out.report.changes().len() < 200);
    // and a recursive one is refused once, where the cycle closes
    let e = export_to(Target::AnthropicStrict, &chain(4000, None, true)).unwrap_err();
    let recursive: Vec<&str> = e
        .problems
        .iter()
        .filter(|p| p.message.contains("recursive"))
        .map(|p| p.pointer.as_str())
        .collect();
    assert_eq!(recursive, ["/$defs/D3999/properties/n/$ref"], "{e}");
}

/// A 4,000-definition chain: checked in one pass on every target, on a 2 MiB stack
/// (the reference graph is searched without recursion; Gemini's `parameters`, which
/// inlines every reference, refuses the depth).
#[test]
fn long_reference_chains_on_every_target() {
    let results = on_small_stack(|| {
        let schema = chain(4000, None, false);
        Target::ALL.map(|t| (t, export_to(t, &schema).map(|o| o.report.changes().len())))
    });
    for (target, r) in results {
        match target {
            Target::Gemini => {
                let e = r.unwrap_err();
                assert!(e.problems.iter().any(|p| p
                    .message
                    .contains(&format!("deeper than {} levels", limits::MAX_SCHEMA_DEPTH))));
                assert!(e.problems.len() < 10, "{e}");
            }
            // OpenAI strict: more than 10 levels of nesting through the references
            Target::OpenAiChatStrict | Target::OpenAiResponsesStrict => {
                let _ = r;
            }
            _ => {
                let changes = r.unwrap_or_else(|e| panic!("{target}: {e}"));
                assert!(changes < 20_000, "{target}: {changes}");
            }
        }
    }
}

/// Gemini's `parameters` inlines every reference: 20 levels of shared definitions were
/// 2^20 copies (a 3 KB schema became 84 MB and 3.1M report entries). Now the copies are
/// charged to `ExportOptions::inline_budget` and the export refused past it.
#[test]
fn gemini_inlining_is_bounded() {
    for n in [20, 40] {
        let e = export_to(Target::Gemini, &diamond(n, None)).unwrap_err();
        assert!(
            e.problems
                .iter()
                .any(|p| p.rule.contains("inline_budget") && p.message.contains("50000")),
            "{e}"
        );
        assert!(e.problems.len() < 10, "{e}");
    }
    // a few levels of sharing fit the default budget, not a tiny one
    let small = diamond(5, None);
    let out = export_to(Target::Gemini, &small).unwrap();
    assert_eq!(
        out.value["parameters"]["properties"]["x"]["properties"]["a"]["properties"]["b"]["type"],
        "OBJECT"
    );
    let e = export::export(
        Target::Gemini,
        &ToolSpec::new("t", "", &small),
        &ExportOptions::new().inline_budget(100),
    )
    .unwrap_err();
    assert!(
        e.problems
            .iter()
            .any(|p| p.message.contains("100 JSON values")),
        "{e}"
    );
    // and a larger budget lets a larger expansion through
    let out = export::export(
        Target::Gemini,
        &ToolSpec::new("t", "", &diamond(13, None)),
        &ExportOptions::new().inline_budget(1_000_000),
    )
    .unwrap();
    assert!(weight(&out.value) > 50_000);
}

/// `$ref`s with siblings are inlined by the strict modes and Gemini
/// `parametersJsonSchema`: shared ones multiply the same way.
#[test]
fn sibling_inlining_is_bounded_everywhere() {
    let schema = diamond(40, Some(("description", json!("shared"))));
    let results = on_small_stack(move || Target::ALL.map(|t| (t, export_to(t, &schema))));
    for (target, r) in results {
        match target {
            Target::AnthropicStrict
            | Target::OpenAiChatStrict
            | Target::OpenAiResponsesStrict
            | Target::GeminiJsonSchema
            | Target::Gemini => {
                let e = r.unwrap_err();
                assert!(
                    e.problems.iter().any(|p| p.rule.contains("inline_budget")),
                    "{target}: {e}"
                );
                assert!(e.problems.len() < 10, "{target}: {e}");
            }
            // the others keep `$ref` siblings as JSON Schema 2020-12 allows
            _ => {
                let out = r.unwrap();
                assert!(weight(&out.value) < 2 * 40 * 40, "{target}");
            }
        }
    }
    // a chain of them nests the output: refused at the depth bound, on a small stack
    let results = on_small_stack(|| {
        let schema = chain(1000, Some(("title", json!("next"))), false);
        Target::ALL.map(|t| (t, export_to(t, &schema)))
    });
    for (target, r) in results {
        if matches!(
            target,
            Target::AnthropicStrict
                | Target::OpenAiChatStrict
                | Target::OpenAiResponsesStrict
                | Target::GeminiJsonSchema
                | Target::Gemini
        ) {
            let e = r.unwrap_err();
            assert!(
                e.problems
                    .iter()
                    .any(|p| p.message.contains("deeper than 128 levels")),
                "{target}: {e}"
            );
        }
    }
}

/// A `oneOf` of many branches: proving every pair disjoint is quadratic, so the proof
/// has a work budget; past it the rewrite to `anyOf` is refused, saying why.
#[test]
fn one_of_proofs_are_bounded() {
    let branches: Vec<Value> = (0..3000)
        .map(|i| json!({"const": format!("v{i}")}))
        .collect();
    let schema =
        json!({"type": "object", "properties": {"v": {"oneOf": branches}}, "required": ["v"]});
    for target in [
        Target::OpenAiChatStrict,
        Target::AnthropicStrict,
        Target::Gemini,
    ] {
        let e = export_to(target, &schema).unwrap_err();
        assert!(
            e.mentions("/properties/v/oneOf", "would take more than"),
            "{target}: {e}"
        );
    }
    let branches: Vec<Value> = (0..100)
        .map(|i| json!({"const": format!("v{i}")}))
        .collect();
    let schema =
        json!({"type": "object", "properties": {"v": {"oneOf": branches}}, "required": ["v"]});
    let out = export_to(Target::OpenAiChatStrict, &schema).unwrap();
    assert_eq!(
        out.value["function"]["parameters"]["properties"]["v"]["anyOf"]
            .as_array()
            .unwrap()
            .len(),
        100
    );
    // overlapping branches are named, a few of them
    let branches: Vec<Value> = (0..100).map(|_| json!({"type": "string"})).collect();
    let schema =
        json!({"type": "object", "properties": {"v": {"oneOf": branches}}, "required": ["v"]});
    let e = export_to(Target::OpenAiChatStrict, &schema).unwrap_err();
    assert!(
        e.mentions("/properties/v/oneOf", "and 4942 more pairs"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------
// Item 7: schemas nested deeper than any parser would allow, built in code.

/// Builds a schema nested `n` levels by `wrap` (on the calling thread, without
/// recursion).
fn nested(n: usize, wrap: Wrap) -> Value {
    let mut v = json!({"type": "string"});
    for _ in 0..n {
        v = wrap(v);
    }
    v
}

/// An object with these members, the values moved in (`json!` would copy an
/// interpolated value through `to_value`, quadratic in the nesting).
fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// A way to nest a schema one level deeper.
type Wrap = fn(Value) -> Value;

fn deep_shapes() -> Vec<(&'static str, Wrap)> {
    vec![
        ("properties", |v| {
            obj(vec![
                ("type", json!("object")),
                ("properties", obj(vec![("a", v)])),
            ])
        }),
        ("items", |v| {
            obj(vec![("type", json!("array")), ("items", v)])
        }),
        ("anyOf", |v| obj(vec![("anyOf", Value::Array(vec![v]))])),
        ("allOf", |v| {
            obj(vec![(
                "allOf",
                Value::Array(vec![v, json!({"type": "object"})]),
            )])
        }),
        ("$defs", |v| {
            obj(vec![
                ("$defs", obj(vec![("d", v)])),
                ("type", json!("object")),
            ])
        }),
        ("default", |v| {
            obj(vec![
                ("type", json!("object")),
                ("default", Value::Array(vec![v])),
            ])
        }),
        ("enum", |v| {
            obj(vec![("enum", Value::Array(vec![Value::Array(vec![v])]))])
        }),
    ]
}

/// Every target, `toolbox` and the strict transforms refuse a 10,000-level schema on a
/// 2 MiB stack, whatever nests it. The values are built and dropped on a thread with
/// a large stack: serde_json's own `Drop` recurses once per level.
#[test]
fn deep_schemas_are_refused_on_a_small_stack() {
    let big = std::thread::Builder::new().stack_size(512 << 20);
    big.spawn(|| {
        for (shape, wrap) in deep_shapes() {
            let schema = nested(10_000, wrap);
            let tool = obj(vec![
                ("type", json!("object")),
                ("properties", obj(vec![("p", schema.clone())])),
            ]);
            let (schema, tool) = (&schema, &tool);
            std::thread::scope(|s| {
                std::thread::Builder::new()
                    .stack_size(SMALL_STACK)
                    .spawn_scoped(s, move || {
                        for target in Target::ALL {
                            for v in [schema, tool] {
                                let e = export_to(target, v).unwrap_err();
                                assert!(
                                    e.problems.iter().any(|p| p
                                        .message
                                        .contains("nests deeper than 256 levels")),
                                    "{shape} {target}: {e}"
                                );
                            }
                            let specs =
                                [ToolSpec::new("a", "", schema), ToolSpec::new("b", "", tool)];
                            let e = export::toolbox(target, &specs, &ExportOptions::default())
                                .unwrap_err();
                            assert_eq!(e.problems.len(), 2, "{shape} {target}: {e}");
                        }
                        for f in [strict::openai, strict::anthropic] {
                            assert!(f(schema, &ExportOptions::default()).is_err());
                        }
                        assert!(strict::nullable_optional(tool).is_err());
                    })
                    .unwrap()
                    .join()
                    .unwrap_or_else(|_| panic!("{shape}: overflowed a 2 MiB stack"));
            });
        }
    })
    .unwrap()
    .join()
    .unwrap();
}

/// The deepest schemas the model accepts (64 levels), and 100 levels (refused by the
/// model), through every target on a 2 MiB stack in a debug build.
#[test]
fn deepest_accepted_schemas_fit_a_small_stack() {
    for (shape, wrap) in deep_shapes() {
        for n in [60, 100] {
            let results = on_small_stack(move || {
                let schema = nested(n, wrap);
                let r = Target::ALL.map(|t| export_to(t, &schema).err());
                let tb = export::toolbox(
                    Target::Mcp,
                    &[ToolSpec::new("a", "", &schema)],
                    &ExportOptions::default(),
                )
                .err();
                // dropped here, on this thread: 100 levels is nothing for Drop
                (r, tb)
            });
            if n == 100 && !matches!(shape, "default" | "enum") {
                for e in results.0 {
                    let e = e.expect("refused by the model");
                    assert!(
                        e.problems
                            .iter()
                            .any(|p| p.message.contains("nested deeper than 64")),
                        "{shape}: {e}"
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Item 9: what the model refuses, no export accepts.

#[test]
fn exports_refuse_what_the_model_refuses() {
    let refused = [
        // the root refers to itself: validation could never finish
        (json!({"$ref": "#"}), ""),
        (json!({"type": "object", "properties": {}, "$ref": "#"}), ""),
        (
            json!({"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"allOf": [{"$ref": "#/$defs/A"}]}},
                   "type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}}),
            "/$defs/",
        ),
        // a reference to nothing
        (
            json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/nope"}}}),
            "/properties/x/$ref",
        ),
        (
            json!({"type": "object", "properties": {"x": {"$ref": "#/properties/y"}}}),
            "/properties/x/$ref",
        ),
        // a type the model does not know
        (
            json!({"type": "object", "properties": {"x": {"type": "strin"}}}),
            "/properties/x/type",
        ),
    ];
    for (schema, at) in &refused {
        let model = Schema::parse(schema).unwrap_err();
        for target in Target::ALL {
            let e = export_to(target, schema).unwrap_err();
            let theirs: Vec<(&str, &str)> = e
                .problems
                .iter()
                .filter(|p| p.rule.contains("only the schemas its validator accepts"))
                .map(|p| (p.pointer.as_str(), p.message.as_str()))
                .collect();
            let ours: Vec<(&str, &str)> = model
                .problems
                .iter()
                .map(|d| (d.pointer.as_str(), d.message.as_str()))
                .collect();
            assert_eq!(theirs, ours, "{target}: {schema}");
            assert!(
                e.problems.iter().any(|p| p.pointer.starts_with(at)),
                "{target}: {schema}: {e}"
            );
            // every problem once
            let mut seen = std::collections::HashSet::new();
            assert!(e.problems.iter().all(|p| seen.insert(p)), "{target}: {e}");
            // toolbox too, naming the tool
            let e = export::toolbox(
                target,
                &[
                    ToolSpec::new("ok", "", &json!({"type": "object"})),
                    ToolSpec::new("bad", "", schema),
                ],
                &ExportOptions::default(),
            )
            .unwrap_err();
            assert!(e.problems.iter().all(|p| p.tool == "bad"), "{target}: {e}");
        }
        for f in [strict::openai, strict::anthropic] {
            assert!(f(schema, &ExportOptions::default()).is_err());
        }
    }
}

/// The strict modes keep a recursive `$ref` with siblings the same way: OpenAI strict
/// mode takes recursion (and an optional one becomes nullable), Anthropic strict tool
/// use refuses it once, as recursive.
#[test]
fn strict_modes_keep_recursive_refs_with_siblings() {
    let schema = json!({"type": "object", "properties": {
        "parent": {"$ref": "#", "description": "The parent node."},
        "first": {"$ref": "#", "title": "First child"}
    }, "required": ["parent"]});
    let out = export_to(Target::OpenAiChatStrict, &schema).unwrap();
    let props = &out.value["function"]["parameters"]["properties"];
    assert_eq!(
        props["parent"],
        json!({"description": "The parent node.", "anyOf": [{"$ref": "#"}]})
    );
    assert_eq!(
        props["first"],
        json!({"title": "First child", "anyOf": [{"$ref": "#"}, {"type": "null"}]})
    );
    let e = export_to(Target::AnthropicStrict, &schema).unwrap_err();
    assert!(
        e.problems.iter().all(|p| p.message.contains("recursive")),
        "{e}"
    );
    let at: Vec<&str> = e.problems.iter().map(|p| p.pointer.as_str()).collect();
    assert_eq!(
        at,
        ["/properties/parent/$ref", "/properties/first/$ref"],
        "{e}"
    );
}

// ---------------------------------------------------------------------------------
// Random schemas (a bounded, deterministic stand-in for the fuzz target): no export
// panics, an export never accepts what the model refuses, outputs stay within the
// budgets, and what the JSON Schema targets export is a schema the model reads.

fn random_schema(rng: &mut Rng, depth: usize) -> Value {
    const TYPES: [&str; 8] = [
        "string", "integer", "number", "boolean", "object", "array", "null", "strin",
    ];
    const REFS: [&str; 7] = [
        "#",
        "#/$defs/a",
        "#/$defs/b",
        "#/properties/a",
        "#/$defs/a/properties/b",
        "#/$defs/nope",
        "#/$defs/a/items",
    ];
    const NAMES: [&str; 3] = ["a", "b", "c"];
    if rng.below(8) == 0 {
        return Value::Bool(rng.below(4) != 0);
    }
    let mut m = Map::new();
    let keys = rng.below(5);
    for _ in 0..keys {
        let sub = |rng: &mut Rng| {
            if depth == 0 {
                json!({"type": "string"})
            } else {
                random_schema(rng, depth - 1)
            }
        };
        match rng.below(18) {
            0 => {
                let t = if rng.below(4) == 0 {
                    json!([rng.pick(&TYPES), rng.pick(&TYPES)])
                } else {
                    json!(rng.pick(&TYPES))
                };
                m.insert("type".into(), t);
            }
            1 | 2 => {
                let mut props = Map::new();
                for _ in 0..rng.below(4) {
                    props.insert((*rng.pick(&NAMES)).into(), sub(rng));
                }
                m.insert("properties".into(), Value::Object(props));
            }
            3 => {
                m.insert("items".into(), sub(rng));
            }
            4 | 5 => {
                let k = *rng.pick(&["anyOf", "oneOf", "allOf"]);
                let list: Vec<Value> = (0..1 + rng.below(3)).map(|_| sub(rng)).collect();
                m.insert(k.into(), Value::Array(list));
            }
            6 => {
                let mut defs = Map::new();
                for _ in 0..rng.below(3) {
                    defs.insert((*rng.pick(&NAMES)).into(), sub(rng));
                }
                m.insert("$defs".into(), Value::Object(defs));
            }
            7..=9 => {
                m.insert("$ref".into(), json!(rng.pick(&REFS)));
            }
            10 => {
                m.insert("description".into(), json!("d"));
            }
            11 => {
                m.insert("enum".into(), json!(["x", 1, null]));
            }
            12 => {
                m.insert("const".into(), json!(rng.pick(&NAMES)));
            }
            13 => {
                m.insert("required".into(), json!([rng.pick(&NAMES)]));
            }
            14 => {
                let v = if rng.below(2) == 0 {
                    json!(rng.below(2) == 0)
                } else {
                    sub(rng)
                };
                m.insert("additionalProperties".into(), v);
            }
            15 => {
                let k = *rng.pick(&["minimum", "maxLength", "minItems", "exclusiveMinimum"]);
                m.insert(k.into(), json!(rng.below(3)));
            }
            16 => {
                m.insert("nullable".into(), json!(true));
            }
            _ => {
                m.insert("title".into(), json!("t"));
            }
        }
    }
    Value::Object(m)
}

#[test]
fn random_schemas_export_within_bounds() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for _ in 0..400 {
        let mut schema = random_schema(&mut rng, 4);
        if rng.below(2) == 0 {
            // most tools: an object root
            if let Value::Object(m) = &mut schema {
                m.insert("type".into(), json!("object"));
            }
        }
        let model = Schema::parse(&schema);
        let input = weight(&schema);
        for target in Target::ALL {
            let r = export_to(target, &schema);
            match (&model, &r) {
                (Err(_), Ok(_)) => panic!("{target} accepted what the model refuses: {schema}"),
                (_, Ok(out)) => {
                    accepted += 1;
                    let bound = 8 * (input + limits::DEFAULT_INLINE_BUDGET);
                    assert!(weight(&out.value) <= bound, "{target}: {schema}");
                    assert!(out.report.changes().len() <= bound, "{target}: {schema}");
                    if target != Target::Gemini {
                        let exported = out.value.pointer(target.schema_pointer()).unwrap();
                        if let Err(e) = Schema::parse(exported) {
                            panic!("{target} exported what the model refuses: {e}\n{schema}\n{exported}");
                        }
                    }
                }
                (_, Err(e)) => assert!(!e.problems.is_empty()),
            }
        }
    }
    assert!(accepted > 100, "{accepted}");
}

/// Tool names and schema keys reach messages escaped and shortened: control and
/// bidirectional characters as `\u{..}`, a name quoted at most 80 characters, every
/// printed field at most 2,000.
#[test]
fn echoed_names_are_escaped_and_shortened() {
    let schema = json!({"type": "object", "properties": {}});
    let evil = "\u{1b}[31mred\u{1b}[0m\u{202e}\n";
    let e = export::export(
        Target::Anthropic,
        &ToolSpec::new(evil, "", &schema),
        &ExportOptions::default(),
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        !text.chars().any(|c| c == '\u{1b}' || c == '\u{202e}'),
        "{text}"
    );
    assert!(text.contains("\\u{001b}[31mred"), "{text}");
    assert_eq!(text.lines().count(), 2, "{text}");
    let long = "x".repeat(1_000_000);
    let e = export::export(
        Target::OpenAiChat,
        &ToolSpec::new(&long, "", &schema),
        &ExportOptions::default(),
    )
    .unwrap_err();
    assert!(
        e.problems[0].message.len() < 300,
        "{}",
        e.problems[0].message.len()
    );
    assert!(e.to_string().len() < 5000);
    // a long key in a pointer, printed cut
    let mut props = Map::new();
    props.insert(long.clone(), json!({"type": "strin"}));
    let schema = json!({"type": "object", "properties": props});
    let e = export_to(Target::Mcp, &schema).unwrap_err();
    assert!(
        e.problems[0].pointer.len() <= 4_100,
        "{}",
        e.problems[0].pointer.len()
    );
    assert!(e.to_string().len() < 3 * limits::MAX_SHOWN_CHARS + 200);
}
