//! The hostile-input cases of issue #11 at growing sizes, shared by the criterion
//! group (`benches/hostile.rs`) and the growth table (`examples/hostile_growth.rs`).
//!
//! Each [`Case`] builds its input for a size `n` (not measured) and returns the
//! measured work as a closure; the closure answers a number (violations, bytes) so
//! that nothing is optimised away and a reader sees what was done.

use serde_json::{json, Map, Value};
use tool_schema::export::{export, ExportOptions, Target, ToolSpec};
use tool_schema::{json_report, Format, Kind, Options, Path, Position, Report, Schema, Violation};

/// The measured work of one case at one size.
pub type Work = Box<dyn Fn() -> usize>;

/// One class of the issue.
pub struct Case {
    /// Benchmark id.
    pub name: &'static str,
    /// What `n` counts and what is measured.
    pub what: &'static str,
    /// The sizes run, smallest first.
    pub sizes: [usize; 3],
    /// The sizes run with `--old` (the code before the fixes, where some cases are
    /// quadratic or exponential): the whole run stays under a few minutes.
    pub old_sizes: &'static [usize],
    /// Builds the input for size `n`: its size in bytes (schema and value text) and
    /// the work.
    pub prepare: fn(usize) -> (usize, Work),
}

fn parse(schema: &Value) -> Schema {
    Schema::parse(schema).expect("the case's schema parses")
}

/// `Schema::parse` as the measured work: the node count, or the error's length
/// when a limit refuses the schema.
fn parse_answer(schema: &Value) -> usize {
    match Schema::parse(schema) {
        Ok(s) => s.nodes().len(),
        Err(e) => e.to_string().len(),
    }
}

fn bytes(values: &[&Value]) -> usize {
    values.iter().map(|v| v.to_string().len()).sum()
}

/// Validates `value` against `schema`, renders the messages: their total length.
fn validate_and_render(schema: Schema, value: Value) -> Work {
    Box::new(move || {
        let report = schema.validate(&value);
        let messages = Format::Default.render(&report);
        report.len() + messages.iter().map(String::len).sum::<usize>()
    })
}

/// A case that validates `value` against `schema` and renders the messages: the
/// input's size and the work.
fn validating(schema: Value, value: Value) -> (usize, Work) {
    let size = bytes(&[&schema, &value]);
    (size, validate_and_render(parse(&schema), value))
}

/// A case that parses `schema` ([`parse_answer`]): its size and the work.
fn parsing(schema: Value) -> (usize, Work) {
    (bytes(&[&schema]), Box::new(move || parse_answer(&schema)))
}

/// A case that exports `schema` to `targets` ([`export_work`]): its size and the work.
fn exporting(schema: Value, targets: &'static [Target]) -> (usize, Work) {
    (bytes(&[&schema]), export_work(schema, targets))
}

/// A plain tree of nested `anyOf`s, `width` wide and `depth` deep, every node with
/// `unevaluatedProperties: false`; leaf `i` declares `k<i>` and a pattern `^m`
/// (nothing is shared: no `$defs`, no `$ref`).
pub fn anyof_tree(width: usize, depth: usize) -> Value {
    fn node(width: usize, depth: usize, next: &mut usize) -> Value {
        if depth == 0 {
            let i = *next;
            *next += 1;
            return json!({
                "properties": {format!("k{i}"): {"type": "integer"}},
                "patternProperties": {"^m": true},
            });
        }
        let branches: Vec<Value> = (0..width).map(|_| node(width, depth - 1, next)).collect();
        json!({"anyOf": branches, "unevaluatedProperties": false})
    }
    node(width, depth, &mut 0)
}

/// An `anyOf` of `n` object branches, each with its own required property and two
/// more, closed by `additionalProperties: false`.
pub fn object_branches(n: usize) -> Value {
    let branches: Vec<Value> = (0..n)
        .map(|i| {
            json!({
                "type": "object",
                "properties": {
                    format!("b{i}"): {"type": "string", "maxLength": 64},
                    "count": {"type": "integer", "minimum": 0, "maximum": 100 + i},
                    "flag": {"type": "boolean"},
                },
                "required": [format!("b{i}")],
                "additionalProperties": false,
            })
        })
        .collect();
    json!({ "anyOf": branches })
}

/// One object of `n` plain properties (string, bounded integer, boolean in turn).
pub fn plain_properties(n: usize) -> Value {
    let mut props = Map::new();
    for i in 0..n {
        let kind = match i % 3 {
            0 => json!({"type": "string", "maxLength": 64}),
            1 => json!({"type": "integer", "minimum": 0, "maximum": 100}),
            _ => json!({"type": "boolean"}),
        };
        props.insert(format!("p{i}"), kind);
    }
    json!({"type": "object", "properties": props, "additionalProperties": false})
}

/// `n` levels `l0`..`l{n-1}` in `$defs`, each `{keyword: [$ref next; copies]}`, the
/// last level a non-negative integer; the root's property `x` refers to `l0`.
fn shared_branches(n: usize, keyword: &str, copies: usize) -> Value {
    let mut defs = Map::new();
    for i in 0..n {
        let next = json!({"$ref": format!("#/$defs/l{}", i + 1)});
        let mut level = Map::new();
        level.insert(keyword.to_string(), Value::Array(vec![next; copies]));
        defs.insert(format!("l{i}"), Value::Object(level));
    }
    defs.insert(format!("l{n}"), json!({"type": "integer", "minimum": 0}));
    json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/l0"}}, "$defs": defs})
}

/// Exports `schema` to `targets`: the output bytes (0 for a refusal).
fn export_work(schema: Value, targets: &'static [Target]) -> Work {
    Box::new(move || {
        let spec = ToolSpec::new("t", "d", &schema);
        targets
            .iter()
            .map(|&t| match export(t, &spec, &ExportOptions::default()) {
                Ok(e) => e.value.to_string().len(),
                Err(e) => e.to_string().len().min(1),
            })
            .sum()
    })
}

/// `$defs` `d0`..`d{n-1}`, each a `$ref` to the next, the last an integer.
fn ref_chain(n: usize) -> Value {
    let mut defs = Map::new();
    for i in 0..n {
        let body = if i + 1 == n {
            json!({"type": "integer"})
        } else {
            json!({"$ref": format!("#/$defs/d{}", i + 1)})
        };
        defs.insert(format!("d{i}"), body);
    }
    json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/d0"}}, "$defs": defs})
}

/// `levels` object definitions, each with two properties referring to the next.
fn shared_levels(levels: usize) -> Value {
    let mut defs = Map::new();
    for i in 0..levels {
        let body = if i + 1 == levels {
            json!({"type": "string", "description": "leaf"})
        } else {
            let next = format!("#/$defs/l{}", i + 1);
            json!({
                "type": "object",
                "properties": {"a": {"$ref": next}, "b": {"$ref": next}},
                "required": ["a", "b"],
                "additionalProperties": false
            })
        };
        defs.insert(format!("l{i}"), body);
    }
    json!({
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/l0"}},
        "required": ["root"],
        "additionalProperties": false,
        "$defs": defs
    })
}

/// A case that repairs `value` against `schema` with `max_violations` raised to
/// hold every mistake: the input's size and the work (the changes made).
fn repairing(schema: Value, value: Value) -> (usize, Work) {
    let size = bytes(&[&schema, &value]);
    let schema = parse(&schema);
    let options = Options::default().max_violations(1 << 22);
    (
        size,
        Box::new(move || schema.repair(&value, &options).changes.len()),
    )
}

/// The bytes of every format of `report`: the default words and the JSON
/// report's text.
fn every_format(report: &Report) -> usize {
    let words: usize = Format::Default.render(report).iter().map(String::len).sum();
    words + json_report(report).to_string().len()
}

/// A case that validates `value` against `schema` and writes the report in
/// every format ([`every_format`]).
fn reporting(schema: Value, value: Value) -> (usize, Work) {
    let size = bytes(&[&schema, &value]);
    // The report cases measure the words, so a long pattern is let in: the
    // largest program the builder takes (patterns of up to 2^18 steps).
    let schema = Schema::builder()
        .max_pattern_size(1 << 18)
        .parse(&schema)
        .expect("the case's schema parses");
    (
        size,
        Box::new(move || every_format(&schema.validate(&value))),
    )
}

const ALL_TARGETS: &[Target] = &Target::ALL;
const ANTHROPIC_STRICT: &[Target] = &[Target::AnthropicStrict];
const GEMINI: &[Target] = &[Target::Gemini, Target::GeminiJsonSchema];

/// A schema of one string property `s` with `pattern`, and a call giving `s` the
/// `text`: validate + render.
fn matching(pattern: &str, text: String) -> (usize, Work) {
    let schema =
        json!({"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}});
    validating(schema, json!({ "s": text }))
}

/// `unit` repeated to `n` bytes (whole characters).
fn repeated(unit: &str, n: usize) -> String {
    let mut s = String::with_capacity(n + 4);
    for c in unit.chars().cycle() {
        if s.len() + c.len_utf8() > n {
            break;
        }
        s.push(c);
    }
    s
}

/// Every other code point from U+0100 to U+D000 (26,368 ranges), as a class.
fn sparse_class() -> String {
    let members: String = (0x100..0xD000u32)
        .step_by(2)
        .filter_map(char::from_u32)
        .collect();
    format!("[{members}]")
}

/// Every case, in the order.
pub const CASES: &[Case] = &[
    Case {
        name: "unique_items",
        what: "uniqueItems over n distinct integers: validate",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {
                "xs": {"type": "array", "items": {"type": "integer"}, "uniqueItems": true}}});
            let value =
                json!({ "xs": (0..n as i64).map(|i| i * 7919 % 1_000_003).collect::<Vec<_>>() });
            validating(schema, value)
        },
    },
    Case {
        name: "enum_parse",
        what: "an enum of n strings: Schema::parse",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let values: Vec<Value> = (0..n).map(|i| json!(format!("v{i}"))).collect();
            let schema = json!({"type": "object", "properties": {"e": {"enum": values}}});
            parsing(schema)
        },
    },
    Case {
        name: "required_parse",
        what: "n declared properties, all required: Schema::parse",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let mut props = Map::new();
            for i in 0..n {
                props.insert(format!("p{i}"), json!({"type": "integer"}));
            }
            let required: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            let schema = json!({"type": "object", "properties": props, "required": required});
            parsing(schema)
        },
    },
    Case {
        name: "undeclared_keys",
        what: "n declared properties, a call of n undeclared keys: validate + render",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let mut props = Map::new();
            let mut call = Map::new();
            for i in 0..n {
                props.insert(format!("p{i}"), json!({"type": "integer"}));
                call.insert(format!("q{i}"), json!(i));
            }
            let schema = json!({"type": "object", "properties": props});
            let value = Value::Object(call);
            validating(schema, value)
        },
    },
    Case {
        name: "ref_chain",
        what: "a chain of n $ref hops in $defs: Schema::parse + validate",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let schema = ref_chain(n);
            let value = json!({"x": "not an integer"});
            let size = bytes(&[&schema, &value]);
            (
                size,
                Box::new(move || match Schema::parse(&schema) {
                    Ok(s) => s.validate(&value).len() + s.nodes().len(),
                    Err(e) => e.to_string().len(),
                }),
            )
        },
    },
    Case {
        name: "wrong_elements",
        what: "n wrong array elements: validate + render",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 10_000, 100_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {
                "xs": {"type": "array", "items": {"type": "integer"}}}});
            let value = json!({"xs": vec!["x"; n]});
            validating(schema, value)
        },
    },
    Case {
        name: "enum_misses",
        what: "n misses of a 100-value enum: validate + render",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let allowed: Vec<String> = (0..100).map(|i| format!("value-{i}")).collect();
            let schema = json!({"type": "object", "properties": {
                "xs": {"type": "array", "items": {"enum": allowed}}}});
            let value = json!({"xs": vec!["nope"; n]});
            validating(schema, value)
        },
    },
    Case {
        name: "enum_members",
        what: "n items, each one of a 10,000-value enum (issue #28 item 5): validate + render",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let allowed: Vec<String> = (0..10_000).map(|i| format!("value-{i}")).collect();
            let schema = json!({"type": "object", "properties": {
                "xs": {"type": "array", "items": {"enum": allowed}}}});
            let items: Vec<String> = (0..n)
                .map(|i| format!("value-{}", i * 7 % 10_000))
                .collect();
            validating(schema, json!({ "xs": items }))
        },
    },
    Case {
        name: "enum_near_misses",
        what: "n near misses (1.5 against integers) of a 1,000-value enum: validate + render",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {
                "xs": {"type": "array", "items": {"enum": (0..1_000).collect::<Vec<_>>()}}}});
            let items: Vec<f64> = (0..n).map(|i| (i % 1_000) as f64 + 0.5).collect();
            validating(schema, json!({ "xs": items }))
        },
    },
    // The pattern cases of issue #28 (items 2 and 3): each family at its
    // reproducer's count (within the default limit, `schema::DEFAULT_MAX_PATTERN_SIZE`,
    // 1,024 steps a character, now that a counted set is one counter), on the
    // text that keeps the most threads alive, n bytes of it; a pattern without
    // counters at the limit; a family over it, refused at parse time; the
    // 26,368-range class on the small matcher.
    Case {
        name: "pattern_count_runs",
        what: "`a{65535}` (a counter) on runs of 65,534 `a`s, n bytes: validate + render",
        sizes: [10_000, 100_000, 1_000_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let run = format!("{}b", "a".repeat(65_534));
            matching("a{65535}", repeated(&run, n))
        },
    },
    Case {
        name: "pattern_count_alternation",
        what: "`(a|b){0,50000}c` on n `a`s: validate + render",
        sizes: [10_000, 100_000, 1_000_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| matching("(a|b){0,50000}c", "a".repeat(n)),
    },
    Case {
        name: "pattern_count_any",
        what: "`[\\s\\S]{0,1000}x` on n `a`s: validate + render",
        sizes: [10_000, 100_000, 1_000_000],
        old_sizes: &[10_000, 30_000, 100_000],
        prepare: |n| matching("[\\s\\S]{0,1000}x", "a".repeat(n)),
    },
    Case {
        name: "pattern_count_nested",
        what: "`^(?:.{0,65000}|é){2}x$` on n bytes of `é`: validate + render",
        sizes: [10_000, 100_000, 1_000_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| matching("^(?:.{0,65000}|é){2}x$", repeated("é", n)),
    },
    Case {
        name: "pattern_at_limit",
        what: "`(?:a?){511}b` (no counter: 1,023 instructions, the most the default limit takes) on n `a`s: validate + render",
        sizes: [10_000, 100_000, 1_000_000],
        old_sizes: &[10_000, 30_000, 100_000],
        prepare: |n| matching("(?:a?){511}b", "a".repeat(n)),
    },
    Case {
        name: "pattern_over_limit",
        what: "`(?:ab|ba){0,n}c` (7n instructions): Schema::parse, refused",
        sizes: [1_000, 100_000, 10_000_000],
        old_sizes: &[1_000, 10_000, 30_000],
        prepare: |n| {
            let pattern = format!("(?:ab|ba){{0,{n}}}c");
            parsing(json!({"type": "object", "properties": {"s": {"pattern": pattern}}}))
        },
    },
    Case {
        name: "pattern_large_class",
        what: "a class of 26,368 ranges, `^[..]+$` (the small matcher), on n bytes of U+CFFE (its last range): validate + render",
        sizes: [10_000, 100_000, 1_000_000],
        old_sizes: &[10_000, 30_000, 100_000],
        prepare: |n| matching(&format!("^{}+$", sparse_class()), repeated("\u{CFFE}", n)),
    },
    Case {
        name: "deep_value",
        what: "a value n levels deep under a recursive schema: validate + render",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {"a": {"$ref": "#"}}});
            let mut value = json!(5);
            for _ in 0..n {
                // Not `json!({"a": value})`: it copies `value` (through `to_value`).
                let mut m = Map::new();
                m.insert("a".to_string(), value);
                value = Value::Object(m);
            }
            let size = bytes(&[&schema]) + 7 * n;
            (size, validate_and_render(parse(&schema), value))
        },
    },
    Case {
        name: "multiple_of",
        what: "n numbers against multipleOf 0.01: validate + render",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 10_000, 100_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {
                "xs": {"type": "array", "items": {"type": "number", "multipleOf": 0.01}}}});
            let xs: Vec<f64> = (0..n).map(|i| i as f64 * 0.37 + 12345678.005).collect();
            let value = json!({ "xs": xs });
            validating(schema, value)
        },
    },
    Case {
        name: "allof_shared",
        what: "n levels of allOf [$ref next, $ref next]: Schema::parse + validate",
        sizes: [10, 100, 1_000],
        old_sizes: &[10, 14, 18],
        prepare: |n| {
            let schema = shared_branches(n, "allOf", 2);
            let value = json!({"x": -1});
            let size = bytes(&[&schema, &value]);
            (
                size,
                Box::new(move || match Schema::parse(&schema) {
                    Ok(s) => {
                        s.validate(&value).len()
                            + Format::Default
                                .render(&s.validate(&value))
                                .iter()
                                .map(String::len)
                                .sum::<usize>()
                    }
                    Err(e) => e.to_string().len(),
                }),
            )
        },
    },
    Case {
        name: "anyof_shared",
        what: "n levels of a failing anyOf of 3 $refs to the next level: validate + render",
        sizes: [4, 16, 64],
        old_sizes: &[4, 6, 8],
        prepare: |n| {
            let schema = shared_branches(n, "anyOf", 3);
            let value = json!({"x": -1});
            let size = bytes(&[&schema, &value]);
            (
                size,
                Box::new(move || match Schema::parse(&schema) {
                    Ok(s) => Format::Default
                        .render(&s.validate(&value))
                        .iter()
                        .map(String::len)
                        .sum::<usize>(),
                    Err(e) => e.to_string().len(),
                }),
            )
        },
    },
    Case {
        name: "export_flat",
        what: "a schema of n described properties: every export target",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 10_000, 100_000],
        prepare: |n| {
            let mut props = Map::new();
            for i in 0..n {
                props.insert(
                    format!("p{i}"),
                    json!({"type": "integer", "minimum": 0, "description": "a number"}),
                );
            }
            exporting(json!({"type": "object", "properties": props}), ALL_TARGETS)
        },
    },
    Case {
        name: "export_ref_chain",
        what: "a chain of n $ref hops: anthropic_strict export",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[250, 500, 1_000],
        prepare: |n| exporting(ref_chain(n), ANTHROPIC_STRICT),
    },
    Case {
        name: "export_shared_strict",
        what: "n levels, two properties referring to the next: anthropic_strict export",
        sizes: [8, 16, 64],
        old_sizes: &[8, 11, 14],
        prepare: |n| exporting(shared_levels(n), ANTHROPIC_STRICT),
    },
    Case {
        name: "export_shared_gemini",
        what: "n levels, two properties referring to the next: gemini exports",
        sizes: [8, 16, 64],
        old_sizes: &[8, 11, 14],
        prepare: |n| exporting(shared_levels(n), GEMINI),
    },
    Case {
        name: "repair_numbers",
        what: "n numbers written as strings, max_violations raised: Schema::repair",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {
                "xs": {"type": "array", "items": {"type": "integer"}}}});
            let xs: Vec<String> = (0..n).map(|i| i.to_string()).collect();
            repairing(schema, json!({ "xs": xs }))
        },
    },
    Case {
        name: "repair_wraps",
        what:
            "n lone strings where arrays of integers are wanted (wrapped, put back): Schema::repair",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {"ws": {"type": "array",
                "items": {"type": "array", "items": {"type": "integer"}}}}});
            repairing(schema, json!({ "ws": vec!["a"; n] }))
        },
    },
    Case {
        name: "repair_enum_case",
        what: "n values of a 1,000-value enum in another case: Schema::repair",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 3_000, 10_000],
        prepare: |n| {
            let allowed: Vec<String> = (0..1_000).map(|i| format!("v{i}")).collect();
            let schema = json!({"type": "object", "properties": {
                "es": {"type": "array", "items": {"enum": allowed}}}});
            let es: Vec<String> = (0..n).map(|i| format!("V{}", i % 1_000)).collect();
            repairing(schema, json!({ "es": es }))
        },
    },
    Case {
        name: "report_enum",
        what: "a miss of an enum of n 61-character strings: every format (words, JSON report)",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 10_000, 100_000],
        prepare: |n| {
            let allowed: Vec<String> = (0..n).map(|i| format!("{i:061}")).collect();
            let schema = json!({"type": "object", "properties": {"e": {"enum": allowed}}});
            reporting(schema, json!({"e": "nope"}))
        },
    },
    Case {
        name: "report_pattern",
        what: "a miss of a pattern of n characters, a received string of n: every format",
        sizes: [1_000, 10_000, 100_000],
        old_sizes: &[1_000, 10_000, 100_000],
        prepare: |n| {
            let schema = json!({"type": "object", "properties": {
                "p": {"type": "string", "pattern": format!("^{}$", "a".repeat(n))}}});
            reporting(schema, json!({"p": "b".repeat(n)}))
        },
    },
    Case {
        name: "report_unknown_tool",
        what: "an unknown tool name of n bytes among n/100 tools: every format",
        sizes: [10_000, 100_000, 1_000_000],
        old_sizes: &[10_000, 100_000, 1_000_000],
        prepare: |n| {
            let known: Vec<String> = (0..n / 100).map(|i| format!("tool_{i}")).collect();
            let name = "x".repeat(n);
            let size = name.len() + known.iter().map(String::len).sum::<usize>();
            (
                size,
                Box::new(move || {
                    let kind = Kind::UnknownTool {
                        name: name.clone(),
                        known: known.clone(),
                    };
                    let report = Report::new(vec![Violation::new(
                        kind,
                        Path::default(),
                        Position::default(),
                    )]);
                    every_format(&report)
                }),
            )
        },
    },
    Case {
        name: "anyof_tree",
        what: "a tree of nested anyOf, 4 wide, with n leaves, unevaluatedProperties: false: Schema::parse",
        sizes: [4_096, 16_384, 65_536],
        old_sizes: &[256, 1_024, 4_096],
        prepare: |n| parsing(anyof_tree(4, n.max(1).ilog(4) as usize)),
    },
    Case {
        name: "object_branches",
        what: "an anyOf of n object branches: Schema::parse",
        sizes: [1_000, 4_000, 16_000],
        old_sizes: &[1_000, 4_000, 16_000],
        prepare: |n| parsing(object_branches(n)),
    },
    Case {
        name: "plain_properties",
        what: "an object of n plain properties: Schema::parse",
        sizes: [2_500, 10_000, 40_000],
        old_sizes: &[2_500, 10_000, 40_000],
        prepare: |n| parsing(plain_properties(n)),
    },
];

/// The stack the cases run on: the code before the fixes recurses in proportion
/// to a ref chain's length or a value's depth, and its figures are wanted too (the
/// tests check a 2 MiB stack; this only measures).
pub const STACK: usize = 1 << 30;
