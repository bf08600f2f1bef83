//! The formats: exact strings of `Format::Default`, `Seed000`..`Seed003` and the JSON
//! report, and that every format is a pure function of the report.

use serde_json::{json, Number, Value};
use tool_schema_engine::render::message;
use tool_schema_engine::seed;
use tool_schema_engine::seed::Format as SeedFormat;
use tool_schema_engine::{
    json_report, Format, JsonType, Kind, Path, Position, Report, Schema, Segment, TypeSet,
    Violation,
};

// ---------------------------------------------------------------------------------
// helpers

fn schema(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("bad JSON {s:?}: {e}"))
}

fn num(s: &str) -> Number {
    serde_json::from_str(s).unwrap()
}

/// Keys separated by `.`, indexes as `[n]`.
fn path(s: &str) -> Path {
    let mut segs = Vec::new();
    for part in s.split('.').filter(|p| !p.is_empty()) {
        let (key, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        segs.push(Segment::Key(key.to_string().into()));
        while let Some(stripped) = rest.strip_prefix('[') {
            let close = stripped.find(']').unwrap();
            segs.push(Segment::Index(stripped[..close].parse().unwrap()));
            rest = &stripped[close + 1..];
        }
    }
    Path::from(segs)
}

fn v(kind: Kind, p: &str, argument: Option<usize>, declared: Option<usize>) -> Violation {
    Violation::new(kind, path(p), Position { argument, declared })
}

fn ty(expected: &[JsonType], received: JsonType) -> Kind {
    Kind::Type {
        expected: expected.iter().fold(TypeSet::EMPTY, |s, t| s.with(*t)),
        received,
    }
}

fn enum_kind(allowed: Value, received: Value) -> Kind {
    let Value::Array(allowed) = allowed else {
        panic!("allowed must be an array")
    };
    Kind::Enum {
        allowed: allowed.into(),
        received,
    }
}

fn render(f: Format, r: &Report) -> Vec<String> {
    f.render(r)
}

/// Every format's name and lines, the seed exercises' formats included.
fn render_all(r: &Report) -> Vec<(&'static str, Vec<String>)> {
    let main = Format::ALL.iter().map(|f| (f.name(), f.render(r)));
    let seeds = SeedFormat::ALL.iter().map(|f| (f.name(), f.render(r)));
    main.chain(seeds).collect()
}

use JsonType::{Array, Boolean, Integer, Null, Number as Num, Object, String as Str};

fn weather() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "days": {"type": "integer", "minimum": 1, "maximum": 7},
            "version": {"const": 2}
        },
        "required": ["city", "days"]
    }))
}

fn nested() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "filters": {
                "type": "object",
                "properties": {
                    "tags": {"type": "array", "items": {"type": "string"}},
                    "range": {
                        "type": "object",
                        "properties": {
                            "lo": {"type": "number", "minimum": 1.5},
                            "hi": {"type": "integer", "maximum": 100}
                        },
                        "required": ["lo"]
                    },
                    "rows": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"kind": {"enum": ["a"]}, "v": {"const": {"x": 1}}}
                        }
                    }
                }
            }
        }
    }))
}

/// A report holding every kind but unknown-tool, as the interpreter writes it.
fn mixed_report() -> Report {
    weather().validate(&json!({
        "unit": "kelvin",
        "days": "3",
        "x": 1,
        "version": 3,
        "zz": true
    }))
}

// ---------------------------------------------------------------------------------
// Format::Default

#[test]
fn default_sentences_for_every_kind_at_top_level() {
    let s = weather();
    let r = s.validate(&json!({"unit": "kelvin", "days": 0, "x": 1, "version": 3}));
    assert_eq!(
        render(Format::Default, &r),
        [
            "missing required argument 'city'",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
            "argument 'days' should be at least 1, got 0",
            "unexpected argument 'x'",
            "argument 'version' should be 2, got 3",
        ]
    );
    let r = s.validate(&json!({"city": 5, "days": 8}));
    assert_eq!(
        render(Format::Default, &r),
        [
            "argument 'city' should be string, got integer",
            "argument 'days' should be at most 7, got 8",
        ]
    );
}

#[test]
fn default_root_level_type_error() {
    let s = weather();
    assert_eq!(
        render(Format::Default, &s.validate(&json!([]))),
        ["arguments should be object, got array"]
    );
    assert_eq!(
        render(Format::Default, &s.validate(&json!(null))),
        ["arguments should be object, got null"]
    );
    assert_eq!(
        render(Format::Default, &s.validate(&text("2.5"))),
        ["arguments should be object, got number"]
    );
}

#[test]
fn default_sentences_on_nested_paths() {
    let r = nested().validate(&json!({
        "filters": {
            "range": {"hi": 101, "x": 1},
            "tags": ["a", "b", 3],
            "rows": [{"kind": "a"}, {"kind": "b", "v": {"x": 2}}]
        }
    }));
    assert_eq!(
        render(Format::Default, &r),
        [
            "missing required argument 'filters.range.lo'",
            "argument 'filters.range.hi' should be at most 100, got 101",
            "unexpected argument 'filters.range.x'",
            "argument 'filters.tags[2]' should be string, got integer",
            "argument 'filters.rows[1].kind' should be \"a\", got \"b\"",
            "argument 'filters.rows[1].v' should be {\"x\":1}, got {\"x\":2}",
        ]
    );
    let r = nested().validate(&json!({"filters": {"range": {"lo": 1}}}));
    assert_eq!(
        render(Format::Default, &r),
        ["argument 'filters.range.lo' should be at least 1.5, got 1"]
    );
}

#[test]
fn default_enum_with_one_value_many_values_and_none() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "one": {"enum": ["only"]},
            "many": {"enum": [1, 2.5, "x", null, true, [1], {"a": 1}]},
            "none": {"enum": []}
        }
    }));
    let r = s.validate(&json!({"one": "other", "many": 3, "none": 1}));
    assert_eq!(
        render(Format::Default, &r),
        [
            "argument 'one' should be \"only\", got \"other\"",
            "argument 'many' should be one of 1, 2.5, \"x\", null, true, [1], {\"a\":1}, got 3",
            "argument 'none' cannot take any value (its enum is empty), got 1",
        ]
    );
}

#[test]
fn default_type_lists_and_numbers() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "s": {"type": ["string", "null"]},
            "m": {"type": ["null", "integer", "string"]},
            "i": {"type": "integer"},
            "n": {"type": "number", "maximum": 10}
        }
    }));
    let r = s.validate(&text(r#"{"s": 1, "m": 1.0, "i": true, "n": 1e3}"#));
    assert_eq!(
        render(Format::Default, &r),
        [
            "argument 's' should be string or null, got integer",
            "argument 'm' should be string, integer or null, got number",
            "argument 'i' should be integer, got boolean",
            "argument 'n' should be at most 10, got 1000.0",
        ]
    );
}

#[test]
fn default_cuts_long_received_values() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "e": {"enum": ["x", "y"]},
            "c": {"const": "x"},
            "o": {"const": 0}
        }
    }));
    // 58 characters quoted make 60: kept whole.
    let fits = "a".repeat(58);
    let r = s.validate(&json!({ "e": fits }));
    assert_eq!(
        render(Format::Default, &r),
        [format!(
            "argument 'e' should be one of \"x\", \"y\", got \"{fits}\""
        )]
    );
    // 59 quoted make 61: cut to 60 characters and an ellipsis.
    let long = "a".repeat(59);
    let r = s.validate(&json!({ "e": long }));
    assert_eq!(
        render(Format::Default, &r),
        [format!(
            "argument 'e' should be one of \"x\", \"y\", got \"{}…",
            "a".repeat(59)
        )]
    );
    let r = s.validate(&json!({ "c": "é".repeat(100) }));
    assert_eq!(
        render(Format::Default, &r),
        [format!(
            "argument 'c' should be \"x\", got \"{}…",
            "é".repeat(59)
        )]
    );
    let big: Vec<u32> = (0..100).collect();
    let r = s.validate(&json!({ "o": big }));
    let full = serde_json::to_string(&big).unwrap();
    let cut: String = full.chars().take(60).collect();
    assert_eq!(
        render(Format::Default, &r),
        [format!("argument 'o' should be 0, got {cut}…")]
    );
}

#[test]
fn default_unknown_tool_and_hand_made_kinds() {
    let r = Report::new(vec![
        v(
            Kind::UnknownTool {
                name: "get_wether".into(),
                known: vec!["get_weather".into(), "search".into()],
            },
            "",
            None,
            None,
        ),
        v(
            Kind::UnknownTool {
                name: "x".into(),
                known: vec![],
            },
            "",
            None,
            None,
        ),
        v(enum_kind(json!(["a", "b"]), json!("c")), "", None, None),
        v(
            Kind::Const {
                expected: json!({}),
                received: json!([]),
            },
            "",
            None,
            None,
        ),
        v(
            Kind::BelowMinimum {
                limit: num("-1.5"),
                received: num("-2"),
            },
            "a[0][1]",
            Some(0),
            Some(0),
        ),
    ]);
    assert_eq!(
        render(Format::Default, &r),
        [
            "unknown tool 'get_wether' (did you mean 'get_weather'?); available tools: 'get_weather', 'search'",
            "unknown tool 'x'; no tools are available",
            "arguments should be one of \"a\", \"b\", got \"c\"",
            "arguments should be {}, got []",
            "argument 'a[0][1]' should be at least -1.5, got -2",
        ]
    );
}

#[test]
fn default_is_what_display_and_messages_give() {
    let r = mixed_report();
    let lines = render(Format::Default, &r);
    assert_eq!(r.messages(), lines);
    assert_eq!(r.to_string(), lines.join("; "));
    for (violation, line) in r.violations.iter().zip(&lines) {
        assert_eq!(&violation.to_string(), line);
        assert_eq!(&message(violation), line);
    }
    assert_eq!(Report::default().to_string(), "");
    assert!(render(Format::Default, &Report::default()).is_empty());
}

// ---------------------------------------------------------------------------------
// SeedFormat::Seed000

#[test]
fn seed000_keeps_missing_unexpected_and_type_only() {
    let r = mixed_report();
    assert_eq!(
        render(Format::Default, &r),
        [
            "missing required argument 'city'",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
            "argument 'days' should be integer, got string",
            "unexpected argument 'x'",
            "argument 'version' should be 2, got 3",
            "unexpected argument 'zz'",
        ]
    );
    assert_eq!(
        SeedFormat::Seed000.render(&r),
        [
            "missing required argument 'city'",
            "argument 'days' should be integer, got string",
            "unexpected argument 'x'",
            "unexpected argument 'zz'",
        ]
    );
    let bounds = weather().validate(&json!({"city": "a", "days": 0}));
    assert_eq!(bounds.len(), 1);
    assert!(SeedFormat::Seed000.render(&bounds).is_empty());
}

#[test]
fn seed000_operation_examples() {
    let s = json!({"type": "object",
        "properties": {"city": {"type": "string"}, "units": {"type": "string"}},
        "required": ["city"]});
    let run = |args: Value, schema: &Value| seed::validate_arguments(&args, schema).unwrap();
    assert!(run(json!({"city": "Paris"}), &s).is_empty());
    assert_eq!(run(json!({}), &s), ["missing required argument 'city'"]);
    assert_eq!(
        run(json!({"city": "Lima", "country": "PE"}), &s),
        ["unexpected argument 'country'"]
    );
    let ab = json!({"type": "object",
        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
        "required": ["a", "b"]});
    assert_eq!(
        run(json!({"a": "2", "b": 3}), &ab),
        ["argument 'a' should be number, got string"]
    );
    // `additionalProperties: true` does not make an extra argument acceptable.
    let open = json!({"type": "object", "properties": {"a": {}}, "additionalProperties": true});
    assert_eq!(
        run(json!({"a": 1, "b": 2}), &open),
        ["unexpected argument 'b'"]
    );
    // No enum or bounds lines.
    let e = json!({"type": "object", "properties": {
        "u": {"type": "string", "enum": ["c"]},
        "n": {"type": "integer", "minimum": 1, "maximum": 2},
        "k": {"const": 1}
    }});
    assert!(run(json!({"u": "f", "n": 0, "k": 2}), &e).is_empty());
    assert!(run(json!({"n": 9}), &e).is_empty());
    assert_eq!(
        run(text(r#"{"n": 1.0, "u": true, "b": 1}"#), &e),
        [
            "argument 'n' should be integer, got number",
            "argument 'u' should be string, got boolean",
            "unexpected argument 'b'",
        ]
    );
}

// ---------------------------------------------------------------------------------
// SeedFormat::Seed001

#[test]
fn seed001_order_by_hand() {
    let r = Report::new(vec![
        v(ty(&[Integer], Str), "late", Some(0), Some(2)),
        v(Kind::Unexpected, "zeta", Some(1), None),
        v(Kind::Missing, "b", None, Some(1)),
        v(Kind::Unexpected, "Alpha", Some(2), None),
        v(ty(&[Str], Integer), "early", Some(3), Some(0)),
        v(enum_kind(json!(["a"]), json!("b")), "e", Some(4), Some(3)),
        v(Kind::Unexpected, "beta", Some(5), None),
        v(Kind::Missing, "a", None, Some(0)),
        v(Kind::Unexpected, "é", Some(6), None),
        v(Kind::Unexpected, "_", Some(7), None),
    ]);
    assert_eq!(
        SeedFormat::Seed001.render(&r),
        [
            "missing:b",
            "missing:a",
            "extra:Alpha",
            "extra:_",
            "extra:beta",
            "extra:zeta",
            "extra:é",
            "type:early:str",
            "type:late:int",
        ]
    );
}

#[test]
fn seed001_flat_type_names() {
    let names = [
        (Str, "str"),
        (Integer, "int"),
        (Num, "float"),
        (Boolean, "bool"),
        (Array, "list"),
        (Object, "dict"),
    ];
    for (i, (t, flat)) in names.into_iter().enumerate() {
        let r = Report::new(vec![v(ty(&[t], Null), "f", Some(0), Some(i))]);
        assert_eq!(SeedFormat::Seed001.render(&r), [format!("type:f:{flat}")]);
    }
    // A type list (never produced by the flat format) joins names in canonical order.
    let r = Report::new(vec![v(ty(&[Null, Str], Integer), "f", Some(0), Some(0))]);
    assert_eq!(SeedFormat::Seed001.render(&r), ["type:f:str|null"]);
}

#[test]
fn seed001_operation() {
    let s = json!({"search": {"required": {"query": "str", "limit": "int"}}});
    let run = |call: Value, schemas: &Value| seed::validate_call(&call, schemas).unwrap();
    assert_eq!(
        run(
            json!({"name": "search", "args": {"limit": true, "debug": 1}}),
            &s
        ),
        ["missing:query", "extra:debug", "type:limit:int"]
    );
    assert!(run(
        json!({"name": "search", "args": {"query": "q", "limit": 2}}),
        &s
    )
    .is_empty());
    // `args` absent means {}.
    assert_eq!(
        run(json!({"name": "search"}), &s),
        ["missing:query", "missing:limit"]
    );
    let fetch = json!({"fetch": {"required": {"url": "str", "timeout": "float"}}});
    assert_eq!(
        run(
            json!({"name": "fetch", "args": {"url": "https://x"}}),
            &fetch
        ),
        ["missing:timeout"]
    );
    assert!(run(
        json!({"name": "fetch", "args": {"url": "u", "timeout": 3}}),
        &fetch
    )
    .is_empty());
    // Type errors: required map first, then optional, each in map order, whatever
    // the order of the maps and of the arguments.
    let all = json!({"t": {
        "optional": {"o2": "int", "o1": "str"},
        "required": {"s": "str", "i": "int", "f": "float", "b": "bool", "l": "list", "d": "dict"}
    }});
    assert_eq!(
        run(
            text(
                r#"{"name": "t", "args": {"o1": 1, "o2": "x", "d": [], "l": {}, "b": 1, "f": true, "i": 3.0, "s": null, "zz": 1, "aa": 2}}"#
            ),
            &all
        ),
        [
            "extra:aa",
            "extra:zz",
            "type:s:str",
            "type:i:int",
            "type:f:float",
            "type:b:bool",
            "type:l:list",
            "type:d:dict",
            "type:o2:int",
            "type:o1:str",
        ]
    );
    assert!(run(
        text(
            r#"{"name": "t", "args": {"s": "", "i": -1, "f": 2.5, "b": false, "l": [1, "x"], "d": {"k": [null]}}}"#
        ),
        &all
    )
    .is_empty());
    // An optional field with null is a type error; an absent one is fine.
    assert_eq!(
        run(
            json!({"name": "t", "args": {"s": "", "i": 1, "f": 1, "b": true, "l": [], "d": {}, "o1": null}}),
            &all
        ),
        ["type:o1:str"]
    );
}

#[test]
fn seed001_unknown_tool_is_alone() {
    let r = Report::new(vec![
        v(Kind::Missing, "a", None, Some(0)),
        v(
            Kind::UnknownTool {
                name: "nope".into(),
                known: vec!["a".into()],
            },
            "",
            None,
            None,
        ),
        v(Kind::Unexpected, "z", Some(0), None),
    ]);
    assert_eq!(SeedFormat::Seed001.render(&r), ["unknown_tool:nope"]);
    assert_eq!(SeedFormat::Seed003.render(&r), ["unknown_tool:nope"]);
    assert_eq!(
        seed::validate_call(&json!({"name": "delete_all", "args": {}}), &json!({})).unwrap(),
        ["unknown_tool:delete_all"]
    );
}

// ---------------------------------------------------------------------------------
// SeedFormat::Seed002

#[test]
fn seed002_codes_by_hand() {
    let r = Report::new(vec![
        v(Kind::Missing, "a", None, Some(0)),
        v(Kind::Unexpected, "z", Some(0), None),
        v(ty(&[Str], Integer), "t", Some(1), Some(1)),
        v(enum_kind(json!(["x"]), json!("y")), "e", Some(2), Some(2)),
        v(
            Kind::Const {
                expected: json!(1),
                received: json!(2),
            },
            "c",
            Some(3),
            Some(3),
        ),
        v(
            Kind::BelowMinimum {
                limit: num("1"),
                received: num("0"),
            },
            "q",
            Some(4),
            Some(4),
        ),
        v(
            Kind::AboveMaximum {
                limit: num("1"),
                received: num("2"),
            },
            "q",
            Some(4),
            Some(4),
        ),
        v(ty(&[Str], Integer), "f.tags[2]", Some(5), Some(5)),
        v(
            Kind::UnknownTool {
                name: "u".into(),
                known: vec![],
            },
            "",
            None,
            None,
        ),
    ]);
    assert_eq!(
        SeedFormat::Seed002.render(&r),
        [
            "missing:a",
            "unexpected:z",
            "type:t",
            "enum:e",
            "const:c",
            "min:q",
            "max:q",
            "type:f.tags[2]",
            "unknown_tool:u",
        ]
    );
}

#[test]
fn seed002_operation() {
    let s = json!({
        "properties": {
            "qty": {"type": "integer", "minimum": 1, "maximum": 100},
            "note": {"type": "string"},
            "unit": {"enum": ["c", "f"]}
        },
        "required": ["qty"],
        "additionalProperties": false
    });
    let run = |args: Value, schema: &Value| seed::validate_args(schema, &args).unwrap();
    assert_eq!(run(json!({"note": 5}), &s), ["missing:qty", "type:note"]);
    assert_eq!(run(json!({"qty": 0}), &s), ["min:qty"]);
    assert_eq!(run(json!({"qty": 101}), &s), ["max:qty"]);
    assert!(run(json!({"qty": 1}), &s).is_empty());
    assert!(run(json!({"qty": 100}), &s).is_empty());
    assert_eq!(run(text(r#"{"qty": 5.0}"#), &s), ["type:qty"]);
    assert_eq!(run(json!({"qty": true}), &s), ["type:qty"]);
    assert_eq!(run(json!({"qty": 3, "extra": 1}), &s), ["unexpected:extra"]);
    assert_eq!(
        run(json!({"unit": "k", "qty": 0, "x": 1}), &s),
        ["enum:unit", "min:qty", "unexpected:x"]
    );
    let mut open = s.clone();
    open["additionalProperties"] = json!(true);
    assert!(run(json!({"qty": 3, "extra": 1}), &open).is_empty());
    open.as_object_mut().unwrap().remove("additionalProperties");
    assert!(run(json!({"qty": 3, "extra": 1}), &open).is_empty());
    // Const codes come from the same walk.
    let c = json!({"properties": {"v": {"const": 2}}});
    assert_eq!(run(json!({"v": 3}), &c), ["const:v"]);
}

// ---------------------------------------------------------------------------------
// SeedFormat::Seed003

#[test]
fn seed003_sorted_and_one_per_argument_by_hand() {
    let r = Report::new(vec![
        v(Kind::Missing, "b", None, Some(1)),
        v(Kind::Missing, "B", None, Some(0)),
        // Not kept, and does not use up argument 0's one error.
        v(
            Kind::BelowMinimum {
                limit: num("1"),
                received: num("0"),
            },
            "q",
            Some(0),
            Some(2),
        ),
        v(enum_kind(json!([5]), json!(0)), "q", Some(0), Some(2)),
        v(ty(&[Str], Integer), "q.deeper", Some(0), Some(2)),
        v(
            Kind::Const {
                expected: json!(1),
                received: json!(2),
            },
            "c",
            Some(1),
            Some(3),
        ),
        v(Kind::Unexpected, "a", Some(2), None),
        v(ty(&[Str], Integer), "t", Some(3), Some(4)),
    ]);
    // Sorted by code point: "B" < "b".
    assert_eq!(
        SeedFormat::Seed003.render(&r),
        ["enum:q", "missing:B", "missing:b", "type:t", "unexpected:a"]
    );
}

#[test]
fn seed003_operation() {
    let schemas = json!({"get_weather": {"parameters": {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer"},
            "units": {"type": "string", "enum": ["c", "f"]},
            "where": {
                "type": "object",
                "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}}
            }
        },
        "required": ["city"]
    }}, "ping": {}});
    let run = |call: Value| seed::validate_tool_call(&schemas, &call).unwrap();

    let out = run(json!({"name": "get_weather", "arguments": {"days": true, "tz": "UTC"}}));
    assert!(!out.ok);
    assert_eq!(out.errors, ["missing:city", "type:days", "unexpected:tz"]);
    assert_eq!(
        out.to_value(),
        json!({"ok": false, "errors": ["missing:city", "type:days", "unexpected:tz"]})
    );

    let out = run(json!({"name": "get_weather", "arguments": {"city": "Oslo", "units": "k"}}));
    assert_eq!(out.errors, ["enum:units"]);
    let out = run(json!({"name": "get_weather", "arguments": {"city": "Oslo", "units": 1}}));
    assert_eq!(out.errors, ["type:units"]);

    // At most one error per argument, nested ones included.
    let out = run(json!({"name": "get_weather",
        "arguments": {"where": {"lon": "x", "lat": "y", "alt": 1}, "city": "Oslo"}}));
    assert_eq!(out.errors, ["type:where.lon"]);

    let out = run(json!({"name": "get_weather", "arguments": {"city": "Oslo"}}));
    assert!(out.ok);
    assert!(out.errors.is_empty());
    assert_eq!(out.to_value(), json!({"ok": true, "errors": []}));

    // `arguments` absent means {}.
    assert_eq!(run(json!({"name": "get_weather"})).errors, ["missing:city"]);
    // A tool without parameters takes no arguments.
    assert!(run(json!({"name": "ping"})).ok);
    assert_eq!(
        run(json!({"name": "ping", "arguments": {"x": 1}})).errors,
        ["unexpected:x"]
    );
    // Unknown tool: alone.
    let out = run(json!({"name": "nope", "arguments": {"x": 1}}));
    assert_eq!(
        (out.ok, out.errors),
        (false, vec!["unknown_tool:nope".to_string()])
    );
}

// ---------------------------------------------------------------------------------
// json_report

#[test]
fn json_report_every_kind() {
    let r = Report::new(vec![
        v(Kind::Missing, "city", None, Some(0)),
        v(Kind::Unexpected, "f.x", Some(1), Some(2)),
        v(ty(&[Null, Str], Integer), "s", Some(2), Some(1)),
        v(
            enum_kind(json!(["c", "f"]), json!("k")),
            "unit",
            Some(3),
            Some(3),
        ),
        v(
            Kind::Const {
                expected: json!({"a": 1}),
                received: json!(null),
            },
            "l[0]",
            Some(4),
            Some(4),
        ),
        v(
            Kind::BelowMinimum {
                limit: num("1.5"),
                received: num("1"),
            },
            "q",
            Some(5),
            Some(5),
        ),
        v(
            Kind::AboveMaximum {
                limit: num("7"),
                received: num("8"),
            },
            "a/b",
            Some(6),
            Some(6),
        ),
        v(
            Kind::UnknownTool {
                name: "nope".into(),
                known: vec!["a".into(), "b".into()],
            },
            "",
            None,
            None,
        ),
        v(ty(&[Object], Array), "", None, None),
    ]);
    let expected = json!([
        {"kind": "missing", "path": "city", "pointer": "/city", "argument": null,
         "message": "missing required argument 'city'"},
        {"kind": "unexpected", "path": "f.x", "pointer": "/f/x", "argument": 1,
         "message": "unexpected argument 'f.x'"},
        {"kind": "type", "path": "s", "pointer": "/s", "argument": 2,
         "expected": ["string", "null"], "received": "integer",
         "message": "argument 's' should be string or null, got integer"},
        {"kind": "enum", "path": "unit", "pointer": "/unit", "argument": 3,
         "allowed": ["c", "f"], "received": "k",
         "message": "argument 'unit' should be one of \"c\", \"f\", got \"k\""},
        {"kind": "const", "path": "l[0]", "pointer": "/l/0", "argument": 4,
         "expected": {"a": 1}, "received": null,
         "message": "argument 'l[0]' should be {\"a\":1}, got null"},
        {"kind": "below-minimum", "path": "q", "pointer": "/q", "argument": 5,
         "limit": 1.5, "received": 1,
         "message": "argument 'q' should be at least 1.5, got 1"},
        {"kind": "above-maximum", "path": "a/b", "pointer": "/a~1b", "argument": 6,
         "limit": 7, "received": 8,
         "message": "argument 'a/b' should be at most 7, got 8"},
        {"kind": "unknown-tool", "path": "", "pointer": "", "argument": null,
         "received": "nope", "allowed": ["a", "b"],
         "message": "unknown tool 'nope'; available tools: 'a', 'b'"},
        {"kind": "type", "path": "", "pointer": "", "argument": null,
         "expected": ["object"], "received": "array",
         "message": "arguments should be object, got array"}
    ]);
    let got = json_report(&r);
    assert_eq!(got["violations"], expected);
    assert_eq!(got["omitted"], json!(0));
    // Same keys in the same order.
    assert_eq!(got["violations"].to_string(), expected.to_string());
    assert_eq!(
        json_report(&Report::default()),
        json!({"violations": [], "omitted": 0})
    );
}

#[test]
fn json_report_from_a_validation() {
    let r = weather().validate(&json!({"unit": "kelvin", "days": 0}));
    assert_eq!(
        json_report(&r)["violations"].to_string(),
        json!([
            {"kind": "missing", "path": "city", "pointer": "/city", "argument": null,
             "message": "missing required argument 'city'"},
            {"kind": "enum", "path": "unit", "pointer": "/unit", "argument": 0,
             "allowed": ["celsius", "fahrenheit"], "received": "kelvin",
             "message": "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\""},
            {"kind": "below-minimum", "path": "days", "pointer": "/days", "argument": 1,
             "limit": 1, "received": 0,
             "message": "argument 'days' should be at least 1, got 0"}
        ])
        .to_string()
    );
}

// ---------------------------------------------------------------------------------
// purity

fn reports() -> Vec<Report> {
    vec![
        Report::default(),
        mixed_report(),
        nested().validate(&json!({"filters": {"tags": [1, 2], "range": {}}})),
        weather().validate(&json!([])),
        Report::new(vec![
            v(Kind::Unexpected, "b", Some(1), None),
            v(Kind::Unexpected, "a", Some(0), None),
            v(
                Kind::UnknownTool {
                    name: "t".into(),
                    known: vec![],
                },
                "",
                None,
                None,
            ),
        ]),
    ]
}

#[test]
fn every_format_is_a_pure_function_of_the_report() {
    let rs = reports();
    let first: Vec<Vec<Vec<String>>> = rs
        .iter()
        .map(|r| render_all(r).into_iter().map(|(_, lines)| lines).collect())
        .collect();
    let first_json: Vec<Value> = rs.iter().map(json_report).collect();
    // Again, in the other order, from clones.
    for (i, r) in rs.iter().enumerate().rev() {
        let c = r.clone();
        let (again, from_clone) = (render_all(r), render_all(&c));
        for j in (0..again.len()).rev() {
            let f = again[j].0;
            assert_eq!(from_clone[j].1, first[i][j], "{f} on report {i}");
            assert_eq!(again[j].1, first[i][j], "{f} on report {i}");
        }
        assert_eq!(json_report(&c), first_json[i]);
    }
}

#[test]
fn equal_reports_from_different_schemas_render_the_same() {
    // Two different schemas and calls that yield the same report.
    let a = schema(json!({
        "type": "object",
        "properties": {"n": {"type": "integer", "description": "one"}, "m": {}},
        "required": ["m"]
    }))
    .validate(&json!({"n": "x"}));
    let b = schema(json!({
        "title": "other",
        "properties": {"n": {"type": ["integer"], "minimum": 3}, "m": {"type": "string"}},
        "required": ["m"],
        "additionalProperties": false
    }))
    .validate(&json!({"n": 7.5}));
    assert_ne!(a, b);
    // A type violation does not carry the received value: "y" gives the same report.
    let b = schema(json!({
        "title": "other",
        "properties": {"n": {"type": ["integer"], "minimum": 3}, "m": {"type": "string"}},
        "required": ["m"],
        "additionalProperties": false
    }))
    .validate(&json!({"n": "y"}));
    assert_eq!(a, b);
    assert_eq!(render_all(&a), render_all(&b));
    assert_eq!(json_report(&a), json_report(&b));
    assert_eq!(
        Format::Default.render(&a),
        [
            "missing required argument 'm'",
            "argument 'n' should be integer, got string"
        ]
    );
}

#[test]
fn every_format_on_one_hand_made_report() {
    let r = Report::new(vec![
        v(ty(&[Integer], Boolean), "n", Some(0), Some(1)),
        v(Kind::Missing, "m", None, Some(0)),
        v(Kind::Unexpected, "b", Some(1), None),
        v(Kind::Unexpected, "a", Some(2), None),
        v(enum_kind(json!([1]), json!(2)), "e", Some(3), Some(2)),
    ]);
    assert_eq!(
        Format::Default.render(&r),
        [
            "argument 'n' should be integer, got boolean",
            "missing required argument 'm'",
            "unexpected argument 'b'",
            "unexpected argument 'a'",
            "argument 'e' should be 1, got 2",
        ]
    );
    assert_eq!(
        SeedFormat::Seed000.render(&r),
        [
            "argument 'n' should be integer, got boolean",
            "missing required argument 'm'",
            "unexpected argument 'b'",
            "unexpected argument 'a'",
        ]
    );
    assert_eq!(
        SeedFormat::Seed001.render(&r),
        ["missing:m", "extra:a", "extra:b", "type:n:int"]
    );
    assert_eq!(
        SeedFormat::Seed002.render(&r),
        [
            "type:n",
            "missing:m",
            "unexpected:b",
            "unexpected:a",
            "enum:e"
        ]
    );
    assert_eq!(
        SeedFormat::Seed003.render(&r),
        [
            "enum:e",
            "missing:m",
            "type:n",
            "unexpected:a",
            "unexpected:b"
        ]
    );
}

#[test]
fn format_names() {
    let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(names, ["default"]);
    let seeds: Vec<&str> = SeedFormat::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(seeds, ["seed000", "seed001", "seed002", "seed003"]);
    for f in Format::ALL {
        assert_eq!(Format::from_name(f.name()), Some(f));
    }
    for f in SeedFormat::ALL {
        assert_eq!(SeedFormat::from_name(f.name()), Some(f));
        assert_eq!(Format::from_name(f.name()), None);
    }
    assert_eq!(Format::from_name("Default"), None);
    assert_eq!(SeedFormat::from_name("default"), None);
    assert_eq!(SeedFormat::from_name("seed004"), None);
    assert_eq!(Format::default(), Format::Default);
}

/// The default sentences write numbers, escaped strings and indexed paths exactly as
/// serde_json and `Path`'s `Display` do (they are appended without `fmt`).
#[test]
fn default_numbers_escapes_and_indices_read_as_json() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "e": {"enum": ["a\"b", "tab\there", -3, 2.5, 18446744073709551615u64]},
            "n": {"type": "array", "items": {"type": "object", "properties": {
                "q": {"type": "integer", "minimum": -9223372036854775808i64, "maximum": 10}
            }}},
            "f": {"type": "number", "exclusiveMaximum": 0.5}
        }
    }));
    let r = s.validate(&json!({
        "e": "back\\slash",
        "n": [{}, {"q": 11}, {"q": 12}],
        "f": 0.5
    }));
    assert_eq!(
        render(Format::Default, &r),
        [
            "argument 'e' should be one of \"a\\\"b\", \"tab\\there\", -3, 2.5, \
             18446744073709551615, got \"back\\\\slash\"",
            "argument 'n[1].q' should be at most 10, got 11",
            "argument 'n[2].q' should be at most 10, got 12",
            "argument 'f' should be less than 0.5, got 0.5",
        ]
    );
    // Every sentence is what `Display` of the path and the values give.
    for v in r.violations() {
        let via_fmt = format!("{}", v.path);
        let mut direct = String::new();
        v.path.write_to(&mut direct);
        assert_eq!(direct, via_fmt);
    }
    let r = s.validate(&json!({ "e": -12, "n": [{"q": -1}], "f": -1e300 }));
    assert_eq!(
        render(Format::Default, &r),
        [
            "argument 'e' should be one of \"a\\\"b\", \"tab\\there\", -3, 2.5, \
          18446744073709551615, got -12"
        ]
    );
}
