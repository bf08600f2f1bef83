//! What `Schema::parse` refuses (every `SchemaError` with its pointer and message),
//! the lints it accepts with, and that no JSON value whatsoever makes `parse` or
//! `validate` panic.

mod rng_support;

use rng_support::Rng;
use serde_json::{json, Map, Number, Value};
use tool_schema_engine::seed::Format as SeedFormat;
use tool_schema_engine::{
    json_report, Format, Kind, LintKind, Options, Schema, SchemaError, Undeclared,
};

// ---------------------------------------------------------------------------------
// helpers

/// The problems of a refused schema as (pointer, message).
fn problems(v: Value) -> Vec<(String, String)> {
    match Schema::parse(&v) {
        Ok(_) => panic!("schema accepted: {v}"),
        Err(e) => e
            .problems
            .into_iter()
            .map(|d| (d.pointer, d.message))
            .collect(),
    }
}

/// The single problem of a refused schema.
fn problem(v: Value) -> (String, String) {
    let mut all = problems(v.clone());
    assert_eq!(all.len(), 1, "{v}: {all:?}");
    all.pop().unwrap()
}

fn pm(pointer: &str, message: &str) -> (String, String) {
    (pointer.to_string(), message.to_string())
}

fn accepted(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

/// The lints of an accepted schema as (kind, pointer, message).
fn lints(v: Value) -> Vec<(LintKind, String, String)> {
    accepted(v)
        .lints()
        .iter()
        .map(|l| {
            (
                l.kind,
                l.diagnostic.pointer.clone(),
                l.diagnostic.message.clone(),
            )
        })
        .collect()
}

fn lint(kind: LintKind, pointer: &str, message: &str) -> (LintKind, String, String) {
    (kind, pointer.to_string(), message.to_string())
}

const EXPECTED_TYPES: &str = "expected one of \"string\", \"number\", \"integer\", \"boolean\", \"object\", \"array\", \"null\"";

fn unknown_type(name: &str, hint: Option<&str>) -> String {
    match hint {
        Some(h) => format!("unknown type \"{name}\" (did you mean \"{h}\"?); {EXPECTED_TYPES}"),
        None => format!("unknown type \"{name}\"; {EXPECTED_TYPES}"),
    }
}

// ---------------------------------------------------------------------------------
// malformed keyword values

#[test]
fn malformed_type() {
    let msg = "expected a type name or a list of type names, got ";
    for (v, what) in [
        (json!(5), "a number"),
        (json!(1.5), "a number"),
        (json!(true), "a boolean"),
        (json!(null), "null"),
        (json!({"a": "string"}), "an object"),
    ] {
        assert_eq!(
            problem(json!({ "type": v })),
            pm("/type", &format!("{msg}{what}"))
        );
    }
    assert_eq!(
        problem(json!({"type": []})),
        pm("/type", "an empty type list accepts no value")
    );
    assert_eq!(
        problems(json!({"type": ["string", 3, null, ["null"], {}]})),
        [
            pm("/type/1", "expected a type name, got a number"),
            pm("/type/2", "expected a type name, got null"),
            pm("/type/3", "expected a type name, got an array"),
            pm("/type/4", "expected a type name, got an object"),
        ]
    );
}

#[test]
fn malformed_enum_minimum_maximum() {
    assert_eq!(
        problem(json!({"enum": 1})),
        pm("/enum", "expected an array, got a number")
    );
    assert_eq!(
        problem(json!({"enum": {"a": 1}})),
        pm("/enum", "expected an array, got an object")
    );
    assert_eq!(
        problem(json!({"enum": "a"})),
        pm("/enum", "expected an array, got a string")
    );
    for kw in ["minimum", "maximum"] {
        for (v, what) in [
            (json!("1"), "a string"),
            (json!(true), "a boolean"),
            (json!(null), "null"),
            (json!([1]), "an array"),
            (json!({}), "an object"),
        ] {
            assert_eq!(
                problem(json!({ kw: v })),
                pm(&format!("/{kw}"), &format!("expected a number, got {what}"))
            );
        }
    }
    assert_eq!(
        problem(json!({"properties": {"qty": {"type": "integer", "minimum": "1"}}})),
        pm("/properties/qty/minimum", "expected a number, got a string")
    );
}

#[test]
fn malformed_properties() {
    for (v, what) in [
        (json!([]), "an array"),
        (json!("a"), "a string"),
        (json!(null), "null"),
        (json!(1), "a number"),
    ] {
        assert_eq!(
            problem(json!({ "properties": v })),
            pm(
                "/properties",
                &format!("expected an object mapping names to schemas, got {what}")
            )
        );
    }
    assert_eq!(
        problems(json!({"properties": {"a": "string", "b": 1, "c": null, "d": [{}]}})),
        [
            pm(
                "/properties/a",
                "expected a schema (an object or a boolean), got a string"
            ),
            pm(
                "/properties/b",
                "expected a schema (an object or a boolean), got a number"
            ),
            pm(
                "/properties/c",
                "expected a schema (an object or a boolean), got null"
            ),
            pm(
                "/properties/d",
                "expected a schema (an object or a boolean), got an array"
            ),
        ]
    );
}

#[test]
fn malformed_required() {
    for (v, what) in [
        (json!("city"), "a string"),
        (json!({"city": true}), "an object"),
        (json!(true), "a boolean"),
    ] {
        assert_eq!(
            problem(json!({ "required": v })),
            pm(
                "/required",
                &format!("expected an array of property names, got {what}")
            )
        );
    }
    assert_eq!(
        problems(json!({"properties": {"a": {}}, "required": ["a", 1, null, ["a"]]})),
        [
            pm("/required/1", "expected a property name, got a number"),
            pm("/required/2", "expected a property name, got null"),
            pm("/required/3", "expected a property name, got an array"),
        ]
    );
}

#[test]
fn malformed_additional_properties() {
    for (v, what) in [
        (json!("no"), "a string"),
        (json!(0), "a number"),
        (json!(null), "null"),
        (json!([]), "an array"),
    ] {
        assert_eq!(
            problem(json!({ "additionalProperties": v })),
            pm(
                "/additionalProperties",
                &format!("expected a boolean or a schema, got {what}")
            )
        );
    }
    for v in [json!({}), json!({"type": "string"})] {
        assert!(Schema::parse(&json!({ "additionalProperties": v })).is_ok());
    }
}

#[test]
fn malformed_items() {
    for (v, what) in [
        (json!(3), "a number"),
        (json!("string"), "a string"),
        (json!(null), "null"),
    ] {
        assert_eq!(
            problem(json!({ "items": v })),
            pm(
                "/items",
                &format!("expected a schema (an object or a boolean), got {what}")
            )
        );
    }
    assert_eq!(
        problem(json!({"items": [{"type": "string"}]})),
        pm(
            "/items",
            "the array form of items is not supported; use prefixItems for per-position schemas"
        )
    );
    assert_eq!(
        problem(json!({"type": "array", "items": {"type": "strng"}})),
        pm("/items/type", &unknown_type("strng", Some("string")))
    );
}

#[test]
fn malformed_annotations() {
    for kw in ["title", "description", "$comment", "$schema"] {
        for (v, what) in [
            (json!(5), "a number"),
            (json!(null), "null"),
            (json!(["x"]), "an array"),
            (json!(false), "a boolean"),
        ] {
            assert_eq!(
                problem(json!({ kw: v })),
                pm(&format!("/{kw}"), &format!("expected a string, got {what}"))
            );
        }
    }
    assert_eq!(
        problem(json!({"examples": "x"})),
        pm("/examples", "expected an array of examples, got a string")
    );
    assert_eq!(
        problem(json!({"examples": {"a": 1}})),
        pm("/examples", "expected an array of examples, got an object")
    );
}

#[test]
fn keywords_that_take_any_value() {
    for v in [
        json!(null),
        json!(true),
        json!(0),
        json!("s"),
        json!([1, {}]),
        json!({"x": [null]}),
    ] {
        accepted(json!({
            "const": v,
            "default": v,
            "deprecated": v,
            "readOnly": v,
            "writeOnly": v,
            "contentEncoding": v,
            "contentMediaType": v,
            "contentSchema": v,
            "x-vendor": v,
            "x-": v
        }));
    }
    accepted(json!({"examples": [], "enum": []}));
}

// ---------------------------------------------------------------------------------
// unknown type names

#[test]
fn unknown_type_names_with_hints() {
    for (name, hint) in [
        ("float", "number"),
        ("double", "number"),
        ("str", "string"),
        ("text", "string"),
        ("int", "integer"),
        ("long", "integer"),
        ("bool", "boolean"),
        ("dict", "object"),
        ("map", "object"),
        ("list", "array"),
        ("tuple", "array"),
        ("None", "null"),
        ("nil", "null"),
        ("String", "string"),
        ("INTEGER", "integer"),
    ] {
        assert_eq!(
            problem(json!({"properties": {"a": {"type": name}}})),
            pm("/properties/a/type", &unknown_type(name, Some(hint))),
            "{name}"
        );
    }
    // Typos get the closest name.
    for (name, hint) in [("strin", "string"), ("nul", "null"), ("intger", "integer")] {
        assert_eq!(
            problem(json!({ "type": name })),
            pm("/type", &unknown_type(name, Some(hint))),
            "{name:?}"
        );
    }
    for name in ["", "any", "xyz"] {
        assert_eq!(
            problem(json!({ "type": name })),
            pm("/type", &unknown_type(name, None)),
            "{name:?}"
        );
    }
}

#[test]
fn unknown_type_names_inside_lists() {
    assert_eq!(
        problems(json!({"type": ["int", "string", "nul", "str"]})),
        [
            pm("/type/0", &unknown_type("int", Some("integer"))),
            pm("/type/2", &unknown_type("nul", Some("null"))),
            pm("/type/3", &unknown_type("str", Some("string"))),
        ]
    );
}

// ---------------------------------------------------------------------------------
// unsupported and unknown keywords

#[test]
fn no_keyword_is_refused_as_not_supported_yet() {
    assert!(
        tool_schema_engine::schema::vocabulary::not_yet().is_empty(),
        "{:?}",
        tool_schema_engine::schema::vocabulary::not_yet()
    );
    // The last ones to leave the list, each read where it may stand.
    for (kw, v) in [
        ("unevaluatedItems", json!({"type": "string"})),
        ("unevaluatedProperties", json!(false)),
        ("contentEncoding", json!("base64")),
        ("contentMediaType", json!("application/json")),
        ("contentSchema", json!({"type": "object"})),
    ] {
        accepted(json!({ kw: v.clone() }));
        accepted(json!({"properties": {"s": { kw: v }}}));
    }
}

#[test]
fn unknown_keywords() {
    for (kw, pointer, hint) in [
        ("requird", "/requird", Some("required")),
        ("Type", "/Type", Some("type")),
        ("x_vendor", "/x_vendor", None),
        ("X-vendor", "/X-vendor", None),
        ("", "/", None),
        ("a/b~c", "/a~1b~0c", None),
        ("minimun", "/minimun", Some("minimum")),
        (
            "additionalproperties",
            "/additionalproperties",
            Some("additionalProperties"),
        ),
    ] {
        let msg = match hint {
            Some(h) => format!("unknown keyword \"{kw}\" (did you mean \"{h}\"?)"),
            None => format!("unknown keyword \"{kw}\""),
        };
        assert_eq!(problem(json!({ kw: 1 })), pm(pointer, &msg));
    }
    assert_eq!(
        problem(json!({"type": "array", "items": {"bogus": true}})),
        pm("/items/bogus", "unknown keyword \"bogus\"")
    );
}

// ---------------------------------------------------------------------------------
// non-object and boolean schemas

#[test]
fn non_object_schemas() {
    for (v, what) in [
        (json!([1]), "an array"),
        (json!("object"), "a string"),
        (json!(1), "a number"),
        (json!(null), "null"),
    ] {
        assert_eq!(
            problem(v.clone()),
            pm(
                "",
                &format!("expected a schema (an object or a boolean), got {what}")
            )
        );
        assert_eq!(
            problem(json!({"properties": {"o": {"properties": {"p": v.clone()}}}})),
            pm(
                "/properties/o/properties/p",
                &format!("expected a schema (an object or a boolean), got {what}")
            )
        );
        if !v.is_array() {
            assert_eq!(
                problem(json!({"type": "array", "items": v})),
                pm(
                    "/items",
                    &format!("expected a schema (an object or a boolean), got {what}")
                )
            );
        }
    }
}

#[test]
fn boolean_schemas_are_accepted_everywhere() {
    for b in [true, false] {
        for schema in [
            json!(b),
            json!({"properties": {"any": b}}),
            json!({"type": "array", "items": b}),
            json!({"additionalProperties": b}),
            json!({"not": b}),
        ] {
            let s = Schema::parse(&schema).unwrap_or_else(|e| panic!("{schema}: {e}"));
            assert_eq!(s.to_value(), schema, "boolean schemas export as written");
        }
    }
}

#[test]
fn schema_error_display() {
    let e = Schema::parse(&json!([1])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "(root): expected a schema (an object or a boolean), got an array"
    );
    let e = Schema::parse(&json!({"type": "float", "bogus": 1})).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "/type: {}; /bogus: unknown keyword \"bogus\"",
            unknown_type("float", Some("number"))
        )
    );
    assert_eq!(
        SchemaError::single("/a", "bad").to_string(),
        "/a: bad".to_string()
    );
    assert_eq!(
        e.problems[1].to_string(),
        "/bogus: unknown keyword \"bogus\""
    );
}

// ---------------------------------------------------------------------------------
// depth

fn nest_items(levels: usize) -> Value {
    let mut v = json!({"type": "string"});
    for _ in 0..levels {
        v = json!({"type": "array", "items": v});
    }
    v
}

fn nest_properties(levels: usize) -> Value {
    let mut v = json!({"type": "integer"});
    for _ in 0..levels {
        v = json!({"type": "object", "properties": {"a": v}});
    }
    v
}

#[test]
fn sixty_four_levels_are_accepted() {
    let s = accepted(nest_items(64));
    let mut ok = json!("x");
    let mut bad = json!(1);
    for _ in 0..64 {
        ok = json!([ok]);
        bad = json!([bad]);
    }
    assert!(s.validate(&ok).is_valid());
    let r = s.validate(&bad);
    assert_eq!(r.len(), 1);
    assert_eq!(r.violations[0].path.segments().len(), 64);
    accepted(nest_properties(64));
}

#[test]
fn too_deep_nesting_is_refused_at_the_first_level_too_deep() {
    let msg = "the schema is nested deeper than 64 levels";
    // The root is at depth 0, so the first node too deep is the 65th nested one,
    // and nothing below it is looked at.
    for levels in [65, 66, 200] {
        assert_eq!(
            problems(nest_items(levels)),
            [pm(&"/items".repeat(65), msg)],
            "{levels}"
        );
    }
    assert_eq!(
        problems(nest_properties(65)),
        [pm(&"/properties/a".repeat(65), msg)]
    );
    // Mixed nesting, with a problem above the cut and one below it.
    let mut v = json!({"bogus_below": 1});
    for i in 0..70 {
        v = if i % 2 == 0 {
            json!({"items": v})
        } else {
            json!({"properties": {"p": v}})
        };
    }
    v["bogus_above"] = json!(1);
    let mut deep = String::new();
    for i in (0..70).rev().take(65) {
        deep.push_str(if i % 2 == 0 {
            "/items"
        } else {
            "/properties/p"
        });
    }
    assert_eq!(
        problems(v),
        [
            pm(&deep, msg),
            pm("/bogus_above", "unknown keyword \"bogus_above\""),
        ]
    );
}

// ---------------------------------------------------------------------------------
// every problem at once, in source order

#[test]
fn every_problem_is_reported_together_in_source_order() {
    let v = json!({
        "title": 1,
        "type": ["object", "dict", "object"],
        "properties": {
            "a": {"type": "strin", "if": 1},
            "b": 7,
            "c": {"items": {"enum": 3, "bogus": 1, "type": "array", "items": [{}]}},
            "d": {"required": ["x", 2], "minimum": 2, "maximum": 1},
            "e": "string",
            "f": {"type": "integer", "enum": []}
        },
        "required": "a",
        "additionalProperties": 3,
        "oneOf": [],
        "x-ok": 1,
        "zzz": null
    });
    assert_eq!(
        problems(v),
        [
            pm("/title", "expected a string, got a number"),
            pm("/type/1", &unknown_type("dict", Some("object"))),
            pm("/properties/a/type", &unknown_type("strin", Some("string"))),
            pm(
                "/properties/a/if",
                "expected a schema (an object or a boolean), got a number",
            ),
            pm(
                "/properties/b",
                "expected a schema (an object or a boolean), got a number"
            ),
            pm(
                "/properties/c/items/enum",
                "expected an array, got a number"
            ),
            pm("/properties/c/items/bogus", "unknown keyword \"bogus\""),
            pm(
                "/properties/c/items/items",
                "the array form of items is not supported; use prefixItems for per-position schemas"
            ),
            pm(
                "/properties/d/required/1",
                "expected a property name, got a number"
            ),
            pm(
                "/properties/e",
                "expected a schema (an object or a boolean), got a string"
            ),
            pm(
                "/required",
                "expected an array of property names, got a string"
            ),
            pm(
                "/additionalProperties",
                "expected a boolean or a schema, got a number"
            ),
            pm("/oneOf", "expected a non-empty array of schemas"),
            pm("/zzz", "unknown keyword \"zzz\""),
        ]
    );
}

#[test]
fn source_order_follows_the_text_not_the_keyword() {
    let a = problems(json!({"bogus": 1, "type": "float"}));
    let b = problems(json!({"type": "float", "bogus": 1}));
    assert_eq!(a, [b[1].clone(), b[0].clone()]);
}

#[test]
fn a_refused_schema_reports_errors_only_not_lints() {
    // Lints (duplicate type, empty enum, min above max) are not problems.
    assert_eq!(
        problems(json!({
            "type": ["integer", "integer"],
            "enum": [],
            "minimum": 3,
            "maximum": 1,
            "bogus": 0
        })),
        [pm("/bogus", "unknown keyword \"bogus\"")]
    );
}

// ---------------------------------------------------------------------------------
// lints

#[test]
fn lint_required_undeclared() {
    assert_eq!(
        lints(json!({"properties": {"a": {}}, "required": ["a", "b"]})),
        [lint(
            LintKind::RequiredUndeclared,
            "/required/1",
            "required property \"b\" is not declared in properties"
        )]
    );
    // Without `properties` at all, every required name is undeclared.
    assert_eq!(
        lints(json!({"properties": {"o": {"type": "object", "required": ["k"]}}})),
        [lint(
            LintKind::RequiredUndeclared,
            "/properties/o/required/0",
            "required property \"k\" is not declared in properties"
        )]
    );
}

#[test]
fn lint_required_undeclared_points_at_the_offending_entry_after_a_duplicate() {
    // The pointer names the entry in the source: "b" is `/required/2`, not the
    // duplicate "a" at `/required/1`.
    assert_eq!(
        lints(json!({"properties": {"a": {}}, "required": ["a", "a", "b"]})),
        [
            lint(
                LintKind::DuplicateRequired,
                "/required/1",
                "\"a\" is already required"
            ),
            lint(
                LintKind::RequiredUndeclared,
                "/required/2",
                "required property \"b\" is not declared in properties"
            ),
        ]
    );
}

#[test]
fn lint_duplicate_required() {
    assert_eq!(
        lints(json!({"properties": {"a": {}, "b": {}}, "required": ["a", "b", "a", "b"]})),
        [
            lint(
                LintKind::DuplicateRequired,
                "/required/2",
                "\"a\" is already required"
            ),
            lint(
                LintKind::DuplicateRequired,
                "/required/3",
                "\"b\" is already required"
            ),
        ]
    );
}

#[test]
fn lint_minimum_above_maximum() {
    assert_eq!(
        lints(json!({"properties": {"q": {"type": "integer", "minimum": 5, "maximum": 1}}})),
        [lint(
            LintKind::MinimumAboveMaximum,
            "/properties/q/minimum",
            "minimum 5 is greater than maximum 1: no number is accepted"
        )]
    );
    assert_eq!(
        lints(json!({"type": "number", "minimum": 2.5, "maximum": 2})),
        [lint(
            LintKind::MinimumAboveMaximum,
            "/minimum",
            "minimum 2.5 is greater than maximum 2: no number is accepted"
        )]
    );
    // Equal bounds are fine, 1 equals 1.0.
    assert!(lints(json!({"type": "number", "minimum": 1, "maximum": 1.0})).is_empty());
}

#[test]
fn lint_empty_enum() {
    assert_eq!(
        lints(json!({"properties": {"u": {"type": "string", "enum": []}}})),
        [lint(
            LintKind::EmptyEnum,
            "/properties/u/enum",
            "an empty enum accepts no value"
        )]
    );
}

#[test]
fn lint_enum_type_mismatch() {
    assert_eq!(
        lints(json!({"type": "integer", "enum": [1, 1.5, "x", true]})),
        [
            lint(
                LintKind::EnumTypeMismatch,
                "/enum/1",
                "enum value 1.5 is number, not integer: it can never be accepted"
            ),
            lint(
                LintKind::EnumTypeMismatch,
                "/enum/2",
                "enum value \"x\" is string, not integer: it can never be accepted"
            ),
            lint(
                LintKind::EnumTypeMismatch,
                "/enum/3",
                "enum value true is boolean, not integer: it can never be accepted"
            ),
        ]
    );
    // An integer is a number; null fits a nullable type.
    assert!(lints(json!({"type": "number", "enum": [1, 2.5]})).is_empty());
    assert!(lints(json!({"type": ["string", "null"], "enum": ["a", null]})).is_empty());
    assert_eq!(
        lints(json!({"type": ["string", "null"], "enum": [0]})),
        [lint(
            LintKind::EnumTypeMismatch,
            "/enum/0",
            "enum value 0 is integer, not string or null: it can never be accepted"
        )]
    );
}

#[test]
fn lint_duplicate_enum() {
    assert_eq!(
        lints(json!({"enum": [1, "a", 1.0, "a", true, [1], [1.0]]})),
        [
            lint(
                LintKind::DuplicateEnum,
                "/enum/2",
                "enum value 1.0 is listed twice"
            ),
            lint(
                LintKind::DuplicateEnum,
                "/enum/3",
                "enum value \"a\" is listed twice"
            ),
            lint(
                LintKind::DuplicateEnum,
                "/enum/6",
                "enum value [1.0] is listed twice"
            ),
        ]
    );
}

#[test]
fn lint_const_type_mismatch() {
    assert_eq!(
        lints(json!({"properties": {"v": {"type": "string", "const": 3}}})),
        [lint(
            LintKind::ConstTypeMismatch,
            "/properties/v/const",
            "const value 3 is integer, not string: no value is accepted"
        )]
    );
    assert!(lints(json!({"type": "number", "const": 3})).is_empty());
}

#[test]
fn lint_keyword_type_mismatch() {
    assert_eq!(
        lints(json!({"type": "string", "minimum": 1, "maximum": 2})),
        [
            lint(
                LintKind::KeywordTypeMismatch,
                "/minimum",
                "minimum has no effect on a value of type string"
            ),
            lint(
                LintKind::KeywordTypeMismatch,
                "/maximum",
                "maximum has no effect on a value of type string"
            ),
        ]
    );
    assert_eq!(
        lints(json!({"type": "array", "properties": {}, "required": ["a"]})),
        [
            lint(
                LintKind::RequiredUndeclared,
                "/required/0",
                "required property \"a\" is not declared in properties"
            ),
            lint(
                LintKind::KeywordTypeMismatch,
                "/properties",
                "properties has no effect on a value of type array"
            ),
            lint(
                LintKind::KeywordTypeMismatch,
                "/required",
                "required has no effect on a value of type array"
            ),
        ]
    );
    assert_eq!(
        lints(json!({"properties": {"o": {"type": ["object", "null"], "items": {}}}})),
        [lint(
            LintKind::KeywordTypeMismatch,
            "/properties/o/items",
            "items has no effect on a value of type object or null"
        )]
    );
    // Keywords that apply to one of the listed types are fine.
    assert!(lints(json!({"type": ["string", "integer"], "minimum": 0})).is_empty());
    assert!(lints(json!({"type": ["array", "object"], "items": {}, "properties": {}})).is_empty());
    // Without `type`, nothing is out of place.
    assert!(lints(json!({"minimum": 0, "items": {}, "properties": {}})).is_empty());
}

/// Issue #18: a numeric format (schemars' `uint8`, OpenAPI's `int64`) is known and
/// constrains numbers: no lint on `integer`/`number`, the type lint on a `string`;
/// a string format on an integer stays a lint.
#[test]
fn numeric_formats_are_known_number_keywords() {
    for f in [
        "int8", "int16", "int32", "int64", "int", "uint8", "uint16", "uint32", "uint64", "uint",
        "float", "double",
    ] {
        for t in ["integer", "number"] {
            assert!(
                lints(json!({"type": t, "format": f})).is_empty(),
                "{f} on {t}"
            );
        }
        assert!(lints(json!({"type": ["integer", "null"], "format": f})).is_empty());
        assert!(lints(json!({"format": f})).is_empty(), "{f} without type");
        assert_eq!(
            lints(json!({"properties": {"n": {"type": "string", "format": f}}})),
            [lint(
                LintKind::KeywordTypeMismatch,
                "/properties/n/format",
                "format has no effect on a value of type string"
            )]
        );
    }
    assert_eq!(
        lints(json!({"type": "integer", "format": "email"})),
        [lint(
            LintKind::KeywordTypeMismatch,
            "/format",
            "format has no effect on a value of type integer"
        )]
    );
    assert!(lints(json!({"type": "string", "format": "email"})).is_empty());
    assert_eq!(
        lints(json!({"type": "integer", "format": "uint7"})),
        [
            lint(
                LintKind::UnknownFormat,
                "/format",
                "format \"uint7\" is not one this validator checks; it is kept as an annotation only"
            ),
            lint(
                LintKind::KeywordTypeMismatch,
                "/format",
                "format has no effect on a value of type integer"
            ),
        ]
    );
}

#[test]
fn lint_duplicate_type() {
    assert_eq!(
        lints(json!({"type": ["string", "null", "string"]})),
        [lint(
            LintKind::DuplicateType,
            "/type/2",
            "type \"string\" is listed twice"
        )]
    );
}

#[test]
fn lint_codes_and_display() {
    let codes = [
        (LintKind::RequiredUndeclared, "required-undeclared"),
        (LintKind::DuplicateRequired, "duplicate-required"),
        (LintKind::MinimumAboveMaximum, "minimum-above-maximum"),
        (LintKind::EmptyEnum, "empty-enum"),
        (LintKind::EnumTypeMismatch, "enum-type-mismatch"),
        (LintKind::DuplicateEnum, "duplicate-enum"),
        (LintKind::ConstTypeMismatch, "const-type-mismatch"),
        (LintKind::KeywordTypeMismatch, "keyword-type-mismatch"),
        (LintKind::DuplicateType, "duplicate-type"),
    ];
    for (k, c) in codes {
        assert_eq!(k.code(), c);
    }
    let s = accepted(json!({"type": ["string", "string"], "enum": []}));
    let shown: Vec<String> = s.lints().iter().map(|l| l.to_string()).collect();
    assert_eq!(
        shown,
        [
            "/type/1: type \"string\" is listed twice [duplicate-type]",
            "/enum: an empty enum accepts no value [empty-enum]",
        ]
    );
    assert!(accepted(json!({"type": "object"})).lints().is_empty());
}

// ---------------------------------------------------------------------------------
// lint-carrying schemas validate as given

fn kinds(s: &Schema, args: Value) -> Vec<(String, String)> {
    s.validate(&args)
        .violations
        .iter()
        .map(|v| (v.kind.code().to_string(), v.path.to_string()))
        .collect()
}

fn k(code: &str, path: &str) -> (String, String) {
    (code.to_string(), path.to_string())
}

#[test]
fn lint_carrying_schemas_still_validate_as_given() {
    // required-undeclared: required and, being undeclared, unexpected when present.
    let s = accepted(json!({"type": "object", "properties": {"a": {}}, "required": ["b"]}));
    assert_eq!(s.lints().len(), 1);
    assert_eq!(kinds(&s, json!({"a": 1})), [k("missing", "b")]);
    assert_eq!(kinds(&s, json!({"b": 1})), [k("unexpected", "b")]);
    let r = s.validate(&json!({}));
    assert_eq!(r.violations[0].position.declared, None);
    let open = Options::default().undeclared(Undeclared::RejectIfForbidden);
    assert!(s.validate_with(&json!({"b": 1}), &open).is_valid());

    // duplicate-required: missing once.
    let s = accepted(json!({"type": "object", "properties": {"a": {}}, "required": ["a", "a"]}));
    assert_eq!(kinds(&s, json!({})), [k("missing", "a")]);

    // minimum-above-maximum: every number fails, other values pass.
    let s = accepted(json!({"type": "object", "properties": {"n": {"minimum": 5, "maximum": 1}}}));
    assert_eq!(
        kinds(&s, json!({"n": 3})),
        [k("below-minimum", "n"), k("above-maximum", "n")]
    );
    assert_eq!(kinds(&s, json!({"n": 5})), [k("above-maximum", "n")]);
    assert_eq!(kinds(&s, json!({"n": 1})), [k("below-minimum", "n")]);
    assert!(kinds(&s, json!({"n": "x"})).is_empty());

    // empty-enum: nothing is accepted.
    let s = accepted(json!({"type": "object", "properties": {"e": {"enum": []}}}));
    for v in [json!(null), json!(1), json!("")] {
        let r = s.validate(&json!({ "e": v }));
        assert_eq!(
            r.violations[0].kind,
            Kind::Enum {
                allowed: vec![].into(),
                received: v
            }
        );
    }

    // enum-type-mismatch: the odd value fails on type.
    let s = accepted(
        json!({"type": "object", "properties": {"e": {"type": "integer", "enum": [1, "x"]}}}),
    );
    assert_eq!(kinds(&s, json!({"e": "x"})), [k("type", "e")]);
    assert!(kinds(&s, json!({"e": 1})).is_empty());

    // duplicate-enum: harmless.
    let s = accepted(json!({"type": "object", "properties": {"e": {"enum": [1, 1]}}}));
    assert!(kinds(&s, json!({"e": 1})).is_empty());
    assert_eq!(kinds(&s, json!({"e": 2})), [k("enum", "e")]);

    // const-type-mismatch: type or const fails, always.
    let s =
        accepted(json!({"type": "object", "properties": {"c": {"type": "string", "const": 3}}}));
    assert_eq!(kinds(&s, json!({"c": 3})), [k("type", "c")]);
    assert_eq!(kinds(&s, json!({"c": "3"})), [k("const", "c")]);

    // keyword-type-mismatch: the keyword has no effect.
    let s = accepted(json!({"type": "object", "properties": {
        "s": {"type": "string", "minimum": 10},
        "o": {"type": "object", "items": {"type": "integer"}},
        "l": {"type": "array", "properties": {"a": {"type": "integer"}}, "required": ["z"]}
    }}));
    assert_eq!(s.lints().len(), 5, "{:?}", s.lints());
    assert!(kinds(&s, json!({"s": "a", "o": {"x": "y"}, "l": [{"a": "b"}]})).is_empty());
    // ... but a free-form object stays free-form and `items` is not applied.
    assert!(kinds(&s, json!({"o": {"0": "x"}})).is_empty());

    // duplicate-type: the type is the one listed.
    let s =
        accepted(json!({"type": "object", "properties": {"t": {"type": ["string", "string"]}}}));
    assert!(kinds(&s, json!({"t": "a"})).is_empty());
    let r = s.validate(&json!({"t": 1}));
    assert_eq!(
        Format::Default.render(&r),
        ["argument 't' should be string, got integer"]
    );
}

// ---------------------------------------------------------------------------------
// no value makes parse or validate panic

const NAMES: &[&str] = &["a", "b", "c", "", "é", "a.b", "x/y~z", "0"];

const TYPE_NAMES: &[&str] = &[
    "string", "number", "integer", "boolean", "object", "array", "null", "float", "str", "nul",
];

const KEYWORDS: &[&str] = &[
    "type",
    "type",
    "type",
    "properties",
    "properties",
    "required",
    "required",
    "enum",
    "const",
    "minimum",
    "maximum",
    "items",
    "items",
    "additionalProperties",
    "description",
    "title",
    "default",
    "examples",
    "x-extra",
    "deprecated",
    "pattern",
    "bogus",
];

fn number(rng: &mut Rng) -> Value {
    let pick = rng.below(12);
    let text = match pick {
        0 => "0",
        1 => "1",
        2 => "-1",
        3 => "1.0",
        4 => "1.5",
        5 => "-2.5",
        6 => "18446744073709551615",
        7 => "-9223372036854775808",
        8 => "1e300",
        9 => "-1e-300",
        10 => "9007199254740993",
        _ => "100",
    };
    serde_json::from_str(text).unwrap()
}

fn any_value(rng: &mut Rng, depth: usize) -> Value {
    let leaf = depth >= 3;
    match rng.below(if leaf { 5 } else { 7 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.chance(50)),
        2 => number(rng),
        3 => Value::String(rng.pick(NAMES).to_string()),
        4 => Value::String(rng.pick(TYPE_NAMES).to_string()),
        5 => Value::Array(
            (0..rng.below(4))
                .map(|_| any_value(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut m = Map::new();
            for _ in 0..rng.below(4) {
                m.insert(rng.pick(NAMES).to_string(), any_value(rng, depth + 1));
            }
            Value::Object(m)
        }
    }
}

fn keyword_value(rng: &mut Rng, kw: &str, depth: usize) -> Value {
    if rng.chance(10) {
        return any_value(rng, depth);
    }
    match kw {
        "type" => {
            if rng.chance(70) {
                json!(rng.pick(&TYPE_NAMES[..7]))
            } else {
                let n = 1 + rng.below(3);
                Value::Array((0..n).map(|_| json!(rng.pick(TYPE_NAMES))).collect())
            }
        }
        "properties" => {
            let mut m = Map::new();
            for _ in 0..rng.below(4) {
                m.insert(rng.pick(NAMES).to_string(), schema_value(rng, depth + 1));
            }
            Value::Object(m)
        }
        "required" => Value::Array((0..rng.below(4)).map(|_| json!(rng.pick(NAMES))).collect()),
        "enum" | "examples" => Value::Array(
            (0..rng.below(4))
                .map(|_| any_value(rng, depth + 1))
                .collect(),
        ),
        "minimum" | "maximum" => number(rng),
        "items" => schema_value(rng, depth + 1),
        "additionalProperties" | "deprecated" => Value::Bool(rng.chance(50)),
        "description" | "title" => json!("text"),
        _ => any_value(rng, depth + 1),
    }
}

fn schema_value(rng: &mut Rng, depth: usize) -> Value {
    if depth > 4 || rng.chance(5) {
        return any_value(rng, 3);
    }
    let mut m = Map::new();
    for _ in 0..rng.below(5) {
        let kw = *rng.pick(KEYWORDS);
        // Keep most generated schemas acceptable.
        if matches!(kw, "pattern" | "bogus") && rng.chance(80) {
            continue;
        }
        let v = keyword_value(rng, kw, depth);
        m.insert(kw.to_string(), v);
    }
    Value::Object(m)
}

fn arguments(rng: &mut Rng) -> Value {
    if rng.chance(10) {
        return any_value(rng, 0);
    }
    let mut m = Map::new();
    for _ in 0..rng.below(5) {
        m.insert(rng.pick(NAMES).to_string(), any_value(rng, 1));
    }
    Value::Object(m)
}

#[test]
fn pseudo_random_schemas_and_arguments_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut ok, mut refused, mut violations) = (0usize, 0usize, 0usize);
    for round in 0..600 {
        let v = if round % 10 == 0 {
            any_value(&mut rng, 0)
        } else {
            schema_value(&mut rng, 0)
        };
        match Schema::parse(&v) {
            Err(e) => {
                refused += 1;
                assert!(!e.problems.is_empty(), "{v}");
                // Every problem names a place that exists in the schema.
                for p in &e.problems {
                    assert!(v.pointer(&p.pointer).is_some(), "{p} in {v}");
                    assert!(!p.message.is_empty());
                }
                let _ = e.to_string();
            }
            Ok(s) => {
                ok += 1;
                for l in s.lints() {
                    assert!(v.pointer(&l.diagnostic.pointer).is_some(), "{l} in {v}");
                    let _ = l.to_string();
                }
                // The exported schema is a schema too.
                let exported = s.to_value();
                if let Err(e) = Schema::parse(&exported) {
                    panic!("export of {v} is refused: {e}");
                }
                for _ in 0..5 {
                    let args = arguments(&mut rng);
                    for policy in [
                        Undeclared::RejectUnlessAllowed,
                        Undeclared::RejectAlways,
                        Undeclared::RejectIfForbidden,
                    ] {
                        let opts = Options::default().undeclared(policy);
                        let r = s.validate_with(&args, &opts);
                        assert_eq!(r, s.validate_with(&args, &opts), "not deterministic");
                        violations += r.len();
                        for f in Format::ALL {
                            let _ = f.render(&r);
                        }
                        for f in SeedFormat::ALL {
                            let _ = f.render(&r);
                        }
                        let _ = json_report(&r);
                        let _ = r.to_string();
                    }
                    assert_eq!(s.is_valid(&args), s.validate(&args).is_valid());
                }
            }
        }
    }
    // The generator explores both sides.
    assert!(ok >= 150, "only {ok} schemas accepted");
    assert!(refused >= 60, "only {refused} schemas refused");
    assert!(violations > 0);
}

#[test]
fn numbers_in_schemas_parse_exactly() {
    let s = accepted(
        serde_json::from_str::<Value>(r#"{"minimum": 1.0, "maximum": 18446744073709551615}"#)
            .unwrap(),
    );
    assert_eq!(
        s.root().minimum,
        Some(serde_json::from_str::<Number>("1.0").unwrap())
    );
    assert_eq!(
        s.root().maximum.as_ref().and_then(Number::as_u64),
        Some(u64::MAX)
    );
}

#[test]
fn content_keywords_are_kept_as_annotations() {
    let v = json!({
        "type": "object",
        "properties": {"doc": {
            "type": "string",
            "contentEncoding": "base64",
            "contentMediaType": "application/json",
            "contentSchema": {"type": "object", "required": ["a"]}
        }}
    });
    let schema = accepted(v.clone());
    assert_eq!(schema.to_value(), v);
    // Annotations only: neither the encoding nor the content schema is asserted.
    assert!(schema.is_valid(&json!({"doc": "%% not base64"})));
}
