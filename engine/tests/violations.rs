//! The structured violations `Schema::validate` / `validate_with` report: every kind
//! with its data, its path and its position, and the deterministic order of a report.

use serde_json::{json, Number, Value};
use tool_schema_engine::seed;
use tool_schema_engine::{
    JsonType, Kind, Options, Path, Position, Report, Schema, Segment, TypeSet, Undeclared,
    Violation,
};

// ---------------------------------------------------------------------------------
// helpers

fn schema(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

/// A value parsed from JSON text, so that `3.0` stays a float.
fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("bad JSON {s:?}: {e}"))
}

fn num(s: &str) -> Number {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("bad number {s:?}: {e}"))
}

/// `filters.tags[2]` -> `[Key("filters"), Key("tags"), Index(2)]` (keys without `.`
/// or `[`; `""` is the root).
fn path(s: &str) -> Path {
    let mut segs = Vec::new();
    for part in s.split('.').filter(|p| !p.is_empty()) {
        let mut rest = part;
        if let Some(open) = rest.find('[') {
            segs.push(Segment::Key(rest[..open].to_string().into()));
            rest = &rest[open..];
            while let Some(stripped) = rest.strip_prefix('[') {
                let close = stripped.find(']').expect("unclosed [");
                segs.push(Segment::Index(stripped[..close].parse().unwrap()));
                rest = &stripped[close + 1..];
            }
            assert!(rest.is_empty(), "junk after index in {s:?}");
        } else {
            segs.push(Segment::Key(rest.to_string().into()));
        }
    }
    Path::from(segs)
}

fn at(argument: Option<usize>, declared: Option<usize>) -> Position {
    Position { argument, declared }
}

fn viol(kind: Kind, p: &str, position: Position) -> Violation {
    Violation::new(kind, path(p), position)
}

fn types(ts: &[JsonType]) -> TypeSet {
    ts.iter().fold(TypeSet::EMPTY, |s, t| s.with(*t))
}

fn type_kind(expected: &[JsonType], received: JsonType) -> Kind {
    Kind::Type {
        expected: types(expected),
        received,
    }
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

fn check(s: &Schema, args: &Value, expected: Vec<Violation>) {
    let report = s.validate(args);
    assert_eq!(report.violations, expected, "args: {args}");
    assert_eq!(report.is_valid(), expected.is_empty());
    assert_eq!(s.is_valid(args), expected.is_empty());
}

// ---------------------------------------------------------------------------------
// each kind, exactly

#[test]
fn valid_call_has_no_violations() {
    let s = weather();
    check(&s, &json!({"city": "Paris", "days": 3}), vec![]);
    check(
        &s,
        &json!({"version": 2, "unit": "celsius", "days": 7, "city": ""}),
        vec![],
    );
    let r = s.validate(&json!({"city": "Paris", "days": 3}));
    assert!(r.is_empty());
    assert_eq!(r.len(), 0);
    assert_eq!(r.into_result(), Ok(()));
}

#[test]
fn missing_in_required_order_with_declared_index() {
    let s = weather();
    check(
        &s,
        &json!({}),
        vec![
            viol(Kind::Missing, "city", at(None, Some(0))),
            viol(Kind::Missing, "days", at(None, Some(2))),
        ],
    );
    // `required` order, not `properties` order.
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {}, "b": {}, "c": {}},
        "required": ["c", "a"]
    }));
    check(
        &s,
        &json!({"b": 1}),
        vec![
            viol(Kind::Missing, "c", at(None, Some(2))),
            viol(Kind::Missing, "a", at(None, Some(0))),
        ],
    );
}

#[test]
fn missing_but_null_is_present() {
    let s = weather();
    check(
        &s,
        &json!({"city": null, "days": 2}),
        vec![viol(type_kind(&[Str], Null), "city", at(Some(0), Some(0)))],
    );
}

#[test]
fn unexpected_with_call_index_and_no_declared_index() {
    let s = weather();
    check(
        &s,
        &json!({"city": "Lima", "country": "PE", "days": 1}),
        vec![viol(Kind::Unexpected, "country", at(Some(1), None))],
    );
}

#[test]
fn type_violation_data() {
    let s = weather();
    check(
        &s,
        &json!({"days": "3", "city": ["Paris"]}),
        vec![
            viol(type_kind(&[Integer], Str), "days", at(Some(0), Some(2))),
            viol(type_kind(&[Str], Array), "city", at(Some(1), Some(0))),
        ],
    );
}

#[test]
fn enum_violation_data() {
    let s = weather();
    check(
        &s,
        &json!({"city": "Paris", "days": 1, "unit": "kelvin"}),
        vec![viol(
            Kind::Enum {
                allowed: vec![json!("celsius"), json!("fahrenheit")].into(),
                received: json!("kelvin"),
            },
            "unit",
            at(Some(2), Some(1)),
        )],
    );
}

#[test]
fn const_violation_data() {
    let s = weather();
    check(
        &s,
        &json!({"version": "2", "city": "Paris", "days": 1}),
        vec![viol(
            Kind::Const {
                expected: json!(2),
                received: json!("2"),
            },
            "version",
            at(Some(0), Some(3)),
        )],
    );
}

#[test]
fn bound_violation_data() {
    let s = weather();
    check(
        &s,
        &json!({"city": "Paris", "days": 0}),
        vec![viol(
            Kind::BelowMinimum {
                limit: num("1"),
                received: num("0"),
            },
            "days",
            at(Some(1), Some(2)),
        )],
    );
    check(
        &s,
        &json!({"days": 8, "city": "Paris"}),
        vec![viol(
            Kind::AboveMaximum {
                limit: num("7"),
                received: num("8"),
            },
            "days",
            at(Some(0), Some(2)),
        )],
    );
}

#[test]
fn root_that_is_not_an_object() {
    let s = weather();
    for (args, received) in [
        (json!([]), Array),
        (json!(null), Null),
        (json!("city=Paris"), Str),
        (json!(3), Integer),
        (text("3.5"), Num),
        (json!(true), Boolean),
    ] {
        check(
            &s,
            &args,
            vec![viol(type_kind(&[Object], received), "", at(None, None))],
        );
    }
}

#[test]
fn unknown_tool_through_the_seed_operations() {
    let flat = json!({"search": {"required": {"query": "str"}}});
    let call = json!({"name": "delete_all", "args": {"x": 1}});
    assert_eq!(
        seed::validate_call(&call, &flat).unwrap(),
        ["unknown_tool:delete_all"]
    );
    assert_eq!(
        seed::validate_call(&json!({"name": "delete_all", "args": {}}), &json!({})).unwrap(),
        ["unknown_tool:delete_all"]
    );
    // Names are case-sensitive.
    assert_eq!(
        seed::validate_call(&json!({"name": "Search"}), &flat).unwrap(),
        ["unknown_tool:Search"]
    );

    let schemas = json!({"get_weather": {"parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"]
    }}});
    let out = seed::validate_tool_call(&schemas, &json!({"name": "get_wether", "arguments": {}}))
        .unwrap();
    assert!(!out.ok);
    assert_eq!(out.errors, ["unknown_tool:get_wether"]);
    assert_eq!(
        out.to_value(),
        json!({"ok": false, "errors": ["unknown_tool:get_wether"]})
    );
    // The unknown-tool answer is alone even when the arguments are bad too.
    let out =
        seed::validate_tool_call(&schemas, &json!({"name": "x", "arguments": {"a": 1}})).unwrap();
    assert_eq!(out.errors, ["unknown_tool:x"]);
}

// ---------------------------------------------------------------------------------
// nesting

fn search() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "filters": {
                "type": "object",
                "properties": {
                    "tags": {"type": "array", "items": {"type": "string"}},
                    "range": {
                        "type": "object",
                        "properties": {
                            "lo": {"type": "integer", "minimum": 0},
                            "hi": {"type": "integer", "maximum": 100}
                        },
                        "required": ["lo", "hi"]
                    },
                    "rows": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "id": {"type": "integer"},
                                "kind": {"enum": ["a", "b"]},
                                "cells": {
                                    "type": "array",
                                    "items": {"type": "array", "items": {"type": "number"}}
                                }
                            },
                            "required": ["id"]
                        }
                    }
                },
                "required": ["tags"]
            }
        },
        "required": ["query"]
    }))
}

#[test]
fn nested_valid_call() {
    check(
        &search(),
        &json!({
            "query": "q",
            "filters": {
                "tags": [],
                "range": {"lo": 0, "hi": 100},
                "rows": [{"id": 1, "kind": "a", "cells": [[1, 2.5], []]}, {"id": 2}]
            }
        }),
        vec![],
    );
}

#[test]
fn nested_objects_and_arrays_depth_first_in_call_order() {
    let args = json!({
        "filters": {
            "range": {"hi": 101, "x": 1},
            "tags": ["a", "b", 3, null],
            "rows": [
                {"id": 1, "kind": "a"},
                {"kind": "c", "extra": true, "cells": [[1], [2, "x"], 3]}
            ]
        },
        "query": 5
    });
    // Every violation inside `filters` belongs to argument 0, declared 1.
    let f = at(Some(0), Some(1));
    check(
        &search(),
        &args,
        vec![
            viol(Kind::Missing, "filters.range.lo", f),
            viol(
                Kind::AboveMaximum {
                    limit: num("100"),
                    received: num("101"),
                },
                "filters.range.hi",
                f,
            ),
            viol(Kind::Unexpected, "filters.range.x", f),
            viol(type_kind(&[Str], Integer), "filters.tags[2]", f),
            viol(type_kind(&[Str], Null), "filters.tags[3]", f),
            viol(Kind::Missing, "filters.rows[1].id", f),
            viol(
                Kind::Enum {
                    allowed: vec![json!("a"), json!("b")].into(),
                    received: json!("c"),
                },
                "filters.rows[1].kind",
                f,
            ),
            viol(Kind::Unexpected, "filters.rows[1].extra", f),
            viol(type_kind(&[Num], Str), "filters.rows[1].cells[1][1]", f),
            viol(type_kind(&[Array], Integer), "filters.rows[1].cells[2]", f),
            viol(type_kind(&[Str], Integer), "query", at(Some(1), Some(0))),
        ],
    );
}

#[test]
fn nested_paths_display_and_point() {
    let r = search().validate(&json!({"query": "q", "filters": {"tags": ["a", "b", 3]}}));
    assert_eq!(r.len(), 1);
    let v = &r.violations[0];
    assert_eq!(v.path.to_string(), "filters.tags[2]");
    assert_eq!(v.path.to_pointer(), "/filters/tags/2");
    assert_eq!(
        v.path.segments(),
        [
            Segment::Key("filters".into()),
            Segment::Key("tags".into()),
            Segment::Index(2)
        ]
    );
    assert!(!v.path.is_root());
}

#[test]
fn nested_type_error_stops_descent() {
    // `filters` is not an object: its own properties are not looked at.
    check(
        &search(),
        &json!({"query": "q", "filters": [{"tags": 1}]}),
        vec![viol(
            type_kind(&[Object], Array),
            "filters",
            at(Some(1), Some(1)),
        )],
    );
    // An undeclared argument is not looked into either.
    check(
        &search(),
        &json!({"query": "q", "other": {"tags": 1}}),
        vec![viol(Kind::Unexpected, "other", at(Some(1), None))],
    );
}

#[test]
fn property_names_may_be_anything() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "": {"type": "integer"},
            "é-ü": {"type": "integer"},
            "a.b": {"type": "object", "properties": {"x/y~z": {"type": "integer"}}}
        },
        "required": ["", "é-ü"]
    }));
    let r = s.validate(&json!({"a.b": {"x/y~z": "s"}}));
    assert_eq!(
        r.violations,
        [
            Violation::new(
                Kind::Missing,
                Path::from(vec![Segment::Key(String::new().into())]),
                at(None, Some(0))
            ),
            Violation::new(
                Kind::Missing,
                Path::from(vec![Segment::Key("é-ü".into())]),
                at(None, Some(1))
            ),
            Violation::new(
                type_kind(&[Integer], Str),
                Path::from(vec![
                    Segment::Key("a.b".into()),
                    Segment::Key("x/y~z".into())
                ]),
                at(Some(0), Some(2))
            ),
        ]
    );
    assert_eq!(r.violations[2].path.to_pointer(), "/a.b/x~1y~0z");
}

// ---------------------------------------------------------------------------------
// the order rule

#[test]
fn order_missing_then_each_argument_in_call_order() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "a": {"type": "integer"},
            "b": {"type": "integer"},
            "c": {"type": "integer"},
            "d": {"type": "integer"}
        },
        "required": ["d", "b"]
    }));
    check(
        &s,
        &json!({"z": 0, "c": "x", "a": "y", "y": 1}),
        vec![
            viol(Kind::Missing, "d", at(None, Some(3))),
            viol(Kind::Missing, "b", at(None, Some(1))),
            viol(Kind::Unexpected, "z", at(Some(0), None)),
            viol(type_kind(&[Integer], Str), "c", at(Some(1), Some(2))),
            viol(type_kind(&[Integer], Str), "a", at(Some(2), Some(0))),
            viol(Kind::Unexpected, "y", at(Some(3), None)),
        ],
    );
}

#[test]
fn order_for_one_value_enum_const_min_max() {
    // Unsatisfiable on purpose, so that every check fires.
    let s = schema(json!({
        "type": "object",
        "properties": {"n": {"enum": [5, 6], "const": 5, "minimum": 7, "maximum": 4}}
    }));
    let p = at(Some(0), Some(0));
    check(
        &s,
        &json!({"n": 5.5}),
        vec![
            viol(
                Kind::Enum {
                    allowed: vec![json!(5), json!(6)].into(),
                    received: json!(5.5),
                },
                "n",
                p,
            ),
            viol(
                Kind::Const {
                    expected: json!(5),
                    received: json!(5.5),
                },
                "n",
                p,
            ),
            viol(
                Kind::BelowMinimum {
                    limit: num("7"),
                    received: num("5.5"),
                },
                "n",
                p,
            ),
            viol(
                Kind::AboveMaximum {
                    limit: num("4"),
                    received: num("5.5"),
                },
                "n",
                p,
            ),
        ],
    );
    // In the enum and equal to the const: only the bounds.
    check(
        &s,
        &json!({"n": 5}),
        vec![
            viol(
                Kind::BelowMinimum {
                    limit: num("7"),
                    received: num("5"),
                },
                "n",
                p,
            ),
            viol(
                Kind::AboveMaximum {
                    limit: num("4"),
                    received: num("5"),
                },
                "n",
                p,
            ),
        ],
    );
}

#[test]
fn type_short_circuits_every_other_check_of_the_value() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "n": {"type": "integer", "enum": [5, 6], "const": 5, "minimum": 7, "maximum": 4},
            "o": {
                "type": "object",
                "const": {"a": 1},
                "properties": {"a": {"type": "integer"}},
                "required": ["a", "b"]
            }
        }
    }));
    check(
        &s,
        &text(r#"{"n": 5.0, "o": [1]}"#),
        vec![
            viol(type_kind(&[Integer], Num), "n", at(Some(0), Some(0))),
            viol(type_kind(&[Object], Array), "o", at(Some(1), Some(1))),
        ],
    );
    // The value's own checks come before what is nested inside it.
    check(
        &s,
        &json!({"o": {"a": "x", "c": 1}}),
        vec![
            viol(
                Kind::Const {
                    expected: json!({"a": 1}),
                    received: json!({"a": "x", "c": 1}),
                },
                "o",
                at(Some(0), Some(1)),
            ),
            viol(Kind::Missing, "o.b", at(Some(0), Some(1))),
            viol(type_kind(&[Integer], Str), "o.a", at(Some(0), Some(1))),
            viol(Kind::Unexpected, "o.c", at(Some(0), Some(1))),
        ],
    );
}

#[test]
fn array_own_checks_before_items() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "l": {"type": "array", "enum": [[1, 2]], "items": {"type": "integer", "maximum": 1}}
        }
    }));
    let p = at(Some(0), Some(0));
    check(
        &s,
        &json!({"l": [2, "x", 0]}),
        vec![
            viol(
                Kind::Enum {
                    allowed: vec![json!([1, 2])].into(),
                    received: json!([2, "x", 0]),
                },
                "l",
                p,
            ),
            viol(
                Kind::AboveMaximum {
                    limit: num("1"),
                    received: num("2"),
                },
                "l[0]",
                p,
            ),
            viol(type_kind(&[Integer], Str), "l[1]", p),
        ],
    );
}

// ---------------------------------------------------------------------------------
// numbers and booleans

fn numeric() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "i": {"type": "integer"},
            "n": {"type": "number"},
            "b": {"type": "boolean"}
        }
    }))
}

#[test]
fn float_from_text_is_never_an_integer() {
    let s = numeric();
    for t in ["3.0", "-0.0", "1e3", "1E0", "2.5", "-7.25", "1e-2"] {
        check(
            &s,
            &text(&format!(r#"{{"i": {t}}}"#)),
            vec![viol(type_kind(&[Integer], Num), "i", at(Some(0), Some(0)))],
        );
        check(&s, &text(&format!(r#"{{"n": {t}}}"#)), vec![]);
    }
    // `json!` floats are floats too.
    check(
        &s,
        &json!({"i": 3.0}),
        vec![viol(type_kind(&[Integer], Num), "i", at(Some(0), Some(0)))],
    );
}

#[test]
fn integer_is_a_valid_number() {
    let s = numeric();
    for t in [
        "3",
        "-7",
        "0",
        "18446744073709551615",
        "-9223372036854775808",
    ] {
        check(&s, &text(&format!(r#"{{"i": {t}, "n": {t}}}"#)), vec![]);
    }
}

#[test]
fn integer_tokens_serde_json_reads_as_floats_are_a_known_limit() {
    // SEED-OPS.md: "a number token with no fraction and no exponent is an integer".
    // Without serde_json's `arbitrary_precision` feature (which this library does not
    // force on its users' whole dependency graph), `-0` and integer tokens beyond the
    // 64-bit range arrive as floats, so they read as `number`. This test pins that
    // documented limit (docs/keywords.md, "Numbers") so a change is noticed.
    let s = numeric();
    for t in [
        "-0",
        "18446744073709551616",
        "100000000000000000000",
        "-9223372036854775809",
    ] {
        check(
            &s,
            &text(&format!(r#"{{"i": {t}, "n": {t}}}"#)),
            vec![viol(type_kind(&[Integer], Num), "i", at(Some(0), Some(0)))],
        );
    }
    // In range, every integer token is an integer.
    for t in ["0", "-1", "18446744073709551615", "-9223372036854775808"] {
        check(&s, &text(&format!(r#"{{"i": {t}, "n": {t}}}"#)), vec![]);
    }
}

#[test]
fn booleans_are_never_numbers_and_numbers_never_booleans() {
    let s = numeric();
    check(
        &s,
        &json!({"i": true, "n": false, "b": 1}),
        vec![
            viol(type_kind(&[Integer], Boolean), "i", at(Some(0), Some(0))),
            viol(type_kind(&[Num], Boolean), "n", at(Some(1), Some(1))),
            viol(type_kind(&[Boolean], Integer), "b", at(Some(2), Some(2))),
        ],
    );
    check(
        &s,
        &json!({"b": 0.0}),
        vec![viol(type_kind(&[Boolean], Num), "b", at(Some(0), Some(2)))],
    );
}

#[test]
fn bounds_are_inclusive_on_integers() {
    let s = schema(json!({
        "type": "object",
        "properties": {"q": {"type": "integer", "minimum": 1, "maximum": 100}}
    }));
    check(&s, &json!({"q": 1}), vec![]);
    check(&s, &json!({"q": 100}), vec![]);
    check(
        &s,
        &json!({"q": 0}),
        vec![viol(
            Kind::BelowMinimum {
                limit: num("1"),
                received: num("0"),
            },
            "q",
            at(Some(0), Some(0)),
        )],
    );
    check(
        &s,
        &json!({"q": 101}),
        vec![viol(
            Kind::AboveMaximum {
                limit: num("100"),
                received: num("101"),
            },
            "q",
            at(Some(0), Some(0)),
        )],
    );
    check(
        &s,
        &json!({"q": -5}),
        vec![viol(
            Kind::BelowMinimum {
                limit: num("1"),
                received: num("-5"),
            },
            "q",
            at(Some(0), Some(0)),
        )],
    );
}

#[test]
fn bounds_compare_integers_and_floats_exactly() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "x": {"type": "number", "minimum": 1.5, "maximum": 2.5},
            "y": {"type": "number", "minimum": 1, "maximum": 2}
        }
    }));
    let x = at(Some(0), Some(0));
    check(
        &s,
        &json!({"x": 1}),
        vec![viol(
            Kind::BelowMinimum {
                limit: num("1.5"),
                received: num("1"),
            },
            "x",
            x,
        )],
    );
    check(&s, &json!({"x": 2}), vec![]);
    check(&s, &json!({"x": 1.5}), vec![]);
    check(&s, &json!({"x": 2.5}), vec![]);
    check(
        &s,
        &json!({"x": 3}),
        vec![viol(
            Kind::AboveMaximum {
                limit: num("2.5"),
                received: num("3"),
            },
            "x",
            x,
        )],
    );
    check(
        &s,
        &json!({"x": 1.4999}),
        vec![viol(
            Kind::BelowMinimum {
                limit: num("1.5"),
                received: num("1.4999"),
            },
            "x",
            x,
        )],
    );
    // Integer limits, float values: equal by value is inside.
    let y = at(Some(0), Some(1));
    check(&s, &text(r#"{"y": 1.0}"#), vec![]);
    check(&s, &text(r#"{"y": 2.0}"#), vec![]);
    check(
        &s,
        &text(r#"{"y": 2.000001}"#),
        vec![viol(
            Kind::AboveMaximum {
                limit: num("2"),
                received: num("2.000001"),
            },
            "y",
            y,
        )],
    );
    check(
        &s,
        &text(r#"{"y": 0.999}"#),
        vec![viol(
            Kind::BelowMinimum {
                limit: num("1"),
                received: num("0.999"),
            },
            "y",
            y,
        )],
    );
}

#[test]
fn bounds_on_large_integers_do_not_round_through_f64() {
    let s = schema(text(
        r#"{"type": "object", "properties": {"big": {"type": "integer", "maximum": 9007199254740992.0, "minimum": -9223372036854775808}}}"#,
    ));
    check(&s, &text(r#"{"big": 9007199254740992}"#), vec![]);
    check(
        &s,
        &text(r#"{"big": 9007199254740993}"#),
        vec![viol(
            Kind::AboveMaximum {
                limit: num("9007199254740992.0"),
                received: num("9007199254740993"),
            },
            "big",
            at(Some(0), Some(0)),
        )],
    );
    check(&s, &text(r#"{"big": -9223372036854775808}"#), vec![]);
}

#[test]
fn bounds_apply_to_numbers_only() {
    let s = schema(json!({
        "type": "object",
        "properties": {"v": {"minimum": 5, "maximum": 6}}
    }));
    for v in [
        json!("1"),
        json!("99"),
        json!(true),
        json!(false),
        json!(null),
        json!([1]),
        json!({"a": 100}),
    ] {
        check(&s, &json!({ "v": v }), vec![]);
    }
    check(
        &s,
        &json!({"v": 7}),
        vec![viol(
            Kind::AboveMaximum {
                limit: num("6"),
                received: num("7"),
            },
            "v",
            at(Some(0), Some(0)),
        )],
    );
}

// ---------------------------------------------------------------------------------
// JSON equality in enum and const

#[test]
fn one_equals_one_point_zero_in_enum_and_const() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "e": {"enum": [1, "a", null]},
            "f": {"enum": [2.0]},
            "c": {"const": 1},
            "d": {"const": 1.0}
        }
    }));
    check(&s, &text(r#"{"e": 1.0, "f": 2, "c": 1.0, "d": 1}"#), vec![]);
    check(&s, &text(r#"{"e": 1, "f": 2.0, "c": 1, "d": 1.0}"#), vec![]);
    check(&s, &json!({"e": null}), vec![]);
    check(
        &s,
        &text(r#"{"e": 1.5, "c": 2.0}"#),
        vec![
            viol(
                Kind::Enum {
                    allowed: vec![json!(1), json!("a"), json!(null)].into(),
                    received: json!(1.5),
                },
                "e",
                at(Some(0), Some(0)),
            ),
            viol(
                Kind::Const {
                    expected: json!(1),
                    received: json!(2.0),
                },
                "c",
                at(Some(1), Some(2)),
            ),
        ],
    );
}

#[test]
fn booleans_never_equal_numbers_and_strings_compare_exactly() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "e": {"enum": [1, 0]},
            "c": {"const": true},
            "s": {"enum": ["1", "A"]}
        }
    }));
    check(
        &s,
        &json!({"e": true, "c": 1, "s": 1}),
        vec![
            viol(
                Kind::Enum {
                    allowed: vec![json!(1), json!(0)].into(),
                    received: json!(true),
                },
                "e",
                at(Some(0), Some(0)),
            ),
            viol(
                Kind::Const {
                    expected: json!(true),
                    received: json!(1),
                },
                "c",
                at(Some(1), Some(1)),
            ),
            viol(
                Kind::Enum {
                    allowed: vec![json!("1"), json!("A")].into(),
                    received: json!(1),
                },
                "s",
                at(Some(2), Some(2)),
            ),
        ],
    );
    check(
        &s,
        &json!({"e": false}),
        vec![viol(
            Kind::Enum {
                allowed: vec![json!(1), json!(0)].into(),
                received: json!(false),
            },
            "e",
            at(Some(0), Some(0)),
        )],
    );
    check(
        &s,
        &json!({"s": "a"}),
        vec![viol(
            Kind::Enum {
                allowed: vec![json!("1"), json!("A")].into(),
                received: json!("a"),
            },
            "s",
            at(Some(0), Some(2)),
        )],
    );
}

#[test]
fn arrays_and_objects_compare_deeply() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "o": {"const": {"a": [1, {"b": null}], "c": "x"}},
            "l": {"enum": [[1, 2], {"k": 1}]}
        }
    }));
    // Key order does not matter, numbers by value.
    check(
        &s,
        &text(r#"{"o": {"c": "x", "a": [1.0, {"b": null}]}, "l": {"k": 1.0}}"#),
        vec![],
    );
    check(&s, &json!({"l": [1, 2]}), vec![]);
    check(
        &s,
        &json!({"l": [2, 1], "o": {"a": [1, {"b": null}], "c": "x", "d": 1}}),
        vec![
            viol(
                Kind::Enum {
                    allowed: vec![json!([1, 2]), json!({"k": 1})].into(),
                    received: json!([2, 1]),
                },
                "l",
                at(Some(0), Some(1)),
            ),
            viol(
                Kind::Const {
                    expected: json!({"a": [1, {"b": null}], "c": "x"}),
                    received: json!({"a": [1, {"b": null}], "c": "x", "d": 1}),
                },
                "o",
                at(Some(1), Some(0)),
            ),
        ],
    );
}

// ---------------------------------------------------------------------------------
// undeclared properties: three policies x additionalProperties x place

const POLICIES: [Undeclared; 3] = [
    Undeclared::RejectUnlessAllowed,
    Undeclared::RejectAlways,
    Undeclared::RejectIfForbidden,
];

/// `additionalProperties`: absent, true, false.
const ADDITIONAL: [Option<bool>; 3] = [None, Some(true), Some(false)];

/// Where the object with the undeclared property is: the root or nested, its schema
/// declaring `properties` or not (a free-form map).
#[derive(Clone, Copy, Debug)]
enum Place {
    RootDeclaring,
    RootFreeForm,
    NestedDeclaring,
    NestedFreeForm,
}

fn object_schema(with_properties: bool, additional: Option<bool>) -> Value {
    let mut o = json!({"type": "object"});
    if with_properties {
        o["properties"] = json!({"a": {}});
    }
    if let Some(b) = additional {
        o["additionalProperties"] = json!(b);
    }
    o
}

/// The schema, the arguments (one undeclared property `z`) and the violation if
/// `z` is rejected.
fn undeclared_case(place: Place, additional: Option<bool>) -> (Schema, Value, Violation) {
    match place {
        Place::RootDeclaring => (
            schema(object_schema(true, additional)),
            json!({"a": 1, "z": 2}),
            viol(Kind::Unexpected, "z", at(Some(1), None)),
        ),
        Place::RootFreeForm => (
            schema(object_schema(false, additional)),
            json!({"z": 2}),
            viol(Kind::Unexpected, "z", at(Some(0), None)),
        ),
        Place::NestedDeclaring => (
            schema(json!({
                "type": "object",
                "properties": {"o": object_schema(true, additional)}
            })),
            json!({"o": {"a": 1, "z": 2}}),
            viol(Kind::Unexpected, "o.z", at(Some(0), Some(0))),
        ),
        Place::NestedFreeForm => (
            schema(json!({
                "type": "object",
                "properties": {"o": object_schema(false, additional)}
            })),
            json!({"o": {"z": 2}}),
            viol(Kind::Unexpected, "o.z", at(Some(0), Some(0))),
        ),
    }
}

/// The intended rule of `options.rs`, written out as a table: the root and objects
/// declaring `properties` are closed.
fn rejected(policy: Undeclared, additional: Option<bool>, place: Place) -> bool {
    let closed = !matches!(place, Place::NestedFreeForm);
    match (policy, additional) {
        // `additionalProperties: false` closes any object, under every policy.
        (_, Some(false)) => true,
        (Undeclared::RejectUnlessAllowed, None) => closed,
        (Undeclared::RejectUnlessAllowed, Some(true)) => false,
        (Undeclared::RejectAlways, None) => closed,
        (Undeclared::RejectAlways, Some(true)) => closed,
        (Undeclared::RejectIfForbidden, _) => false,
        (other, _) => panic!("no rule written for {other:?}"),
    }
}

#[test]
fn undeclared_policy_matrix() {
    let places = [
        Place::RootDeclaring,
        Place::RootFreeForm,
        Place::NestedDeclaring,
        Place::NestedFreeForm,
    ];
    let mut rejections = 0;
    for policy in POLICIES {
        for additional in ADDITIONAL {
            for place in places {
                let (s, args, v) = undeclared_case(place, additional);
                let expected = if rejected(policy, additional, place) {
                    rejections += 1;
                    vec![v]
                } else {
                    vec![]
                };
                let got = s.validate_with(&args, &Options::default().undeclared(policy));
                assert_eq!(
                    got.violations, expected,
                    "{policy:?}, additionalProperties {additional:?}, {place:?}"
                );
            }
        }
    }
    // Sanity: the table is not trivial.
    // false: every policy and place; absent: closed places under two policies;
    // true: closed places under RejectAlways.
    assert_eq!(rejections, 3 * 4 + 3 + 3 + 3);
}

#[test]
fn undeclared_spot_checks() {
    // Default options are tool-call mode.
    assert_eq!(Options::default(), Options::TOOL_CALL);
    assert_eq!(
        Options::default().undeclared,
        Undeclared::RejectUnlessAllowed
    );
    let (s, args, v) = undeclared_case(Place::RootDeclaring, None);
    assert_eq!(s.validate(&args).violations, vec![v.clone()]);
    assert_eq!(
        s.validate_with(&args, &Options::TOOL_CALL).violations,
        vec![v.clone()]
    );
    // Seed 002 (JSON Schema): absent additionalProperties tolerates extras.
    let lax = Options::default().undeclared(Undeclared::RejectIfForbidden);
    assert!(s.validate_with(&args, &lax).is_valid());
    // Seeds 000/001/003: additionalProperties true does not open the root.
    let (s, args, v) = undeclared_case(Place::RootDeclaring, Some(true));
    assert!(s.validate(&args).is_valid());
    let strict = Options::default().undeclared(Undeclared::RejectAlways);
    assert_eq!(s.validate_with(&args, &strict).violations, [v]);
    // A free-form map nested inside stays open even in strict mode.
    let (s, args, _) = undeclared_case(Place::NestedFreeForm, Some(true));
    assert!(s.validate_with(&args, &strict).is_valid());
}

#[test]
fn empty_properties_is_closed_and_free_form_maps_are_open() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "none": {"type": "object", "properties": {}},
            "map": {"type": "object"},
            "any": {}
        }
    }));
    check(
        &s,
        &json!({"none": {"x": 1}, "map": {"x": 1}, "any": {"x": 1}}),
        vec![viol(Kind::Unexpected, "none.x", at(Some(0), Some(0)))],
    );
}

#[test]
fn undeclared_inside_arrays_of_objects() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "rows": {"type": "array", "items": {"type": "object", "properties": {"id": {}}}},
            "maps": {"type": "array", "items": {"type": "object", "additionalProperties": false}}
        }
    }));
    for policy in POLICIES {
        let opts = Options::default().undeclared(policy);
        let r = s.validate_with(
            &json!({"rows": [{"id": 1, "x": 2}], "maps": [{}, {"k": 1}]}),
            &opts,
        );
        let mut expected = vec![];
        if policy != Undeclared::RejectIfForbidden {
            expected.push(viol(Kind::Unexpected, "rows[0].x", at(Some(0), Some(0))));
        }
        expected.push(viol(Kind::Unexpected, "maps[1].k", at(Some(1), Some(1))));
        assert_eq!(r.violations, expected, "{policy:?}");
    }
}

// ---------------------------------------------------------------------------------
// type lists and untyped properties

#[test]
fn type_lists() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "s": {"type": ["string", "null"]},
            "m": {"type": ["null", "integer", "string"]},
            "n": {"type": ["number", "boolean"]}
        }
    }));
    check(&s, &json!({"s": "x", "m": 1, "n": 1}), vec![]);
    check(&s, &json!({"s": null, "m": null, "n": true}), vec![]);
    check(&s, &json!({"m": "x", "n": 2.5}), vec![]);
    check(
        &s,
        &text(r#"{"s": 1, "m": 1.0, "n": "1"}"#),
        vec![
            viol(type_kind(&[Str, Null], Integer), "s", at(Some(0), Some(0))),
            viol(
                type_kind(&[Null, Integer, Str], Num),
                "m",
                at(Some(1), Some(1)),
            ),
            viol(type_kind(&[Num, Boolean], Str), "n", at(Some(2), Some(2))),
        ],
    );
    // A type list with enum: the type passes, the enum applies.
    let s = schema(json!({
        "type": "object",
        "properties": {"u": {"type": ["string", "null"], "enum": ["c", "f", null]}}
    }));
    check(&s, &json!({"u": null}), vec![]);
    check(
        &s,
        &json!({"u": "k"}),
        vec![viol(
            Kind::Enum {
                allowed: vec![json!("c"), json!("f"), json!(null)].into(),
                received: json!("k"),
            },
            "u",
            at(Some(0), Some(0)),
        )],
    );
}

#[test]
fn property_without_type_accepts_anything() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "any": {},
            "doc": {"description": "whatever"},
            "list": {"type": "array", "items": {}}
        },
        "required": ["any"]
    }));
    for v in [
        json!(null),
        json!(true),
        json!(0),
        text("1.5"),
        json!("s"),
        json!([1, "a", null]),
        json!({"k": {"deep": [1]}}),
    ] {
        check(
            &s,
            &json!({"any": v.clone(), "doc": v.clone(), "list": [v]}),
            vec![],
        );
    }
}

#[test]
fn report_helpers() {
    let s = weather();
    let r = s.validate(&json!({"unit": "kelvin", "x": 1}));
    assert_eq!(r.len(), 4);
    assert!(!r.is_empty());
    assert_eq!(r.violations().len(), 4);
    let codes: Vec<&str> = r.violations().iter().map(|v| v.kind.code()).collect();
    assert_eq!(codes, ["missing", "missing", "enum", "unexpected"]);
    let err: Report = r.clone().into_result().unwrap_err();
    assert_eq!(err, r);
}

#[test]
fn kind_codes() {
    let codes = [
        (Kind::Missing, "missing"),
        (Kind::Unexpected, "unexpected"),
        (type_kind(&[Str], Null), "type"),
        (
            Kind::Enum {
                allowed: vec![].into(),
                received: json!(1),
            },
            "enum",
        ),
        (
            Kind::Const {
                expected: json!(1),
                received: json!(2),
            },
            "const",
        ),
        (
            Kind::BelowMinimum {
                limit: num("1"),
                received: num("0"),
            },
            "below-minimum",
        ),
        (
            Kind::AboveMaximum {
                limit: num("1"),
                received: num("2"),
            },
            "above-maximum",
        ),
        (
            Kind::UnknownTool {
                name: "x".into(),
                known: vec![],
            },
            "unknown-tool",
        ),
    ];
    for (kind, code) in codes {
        assert_eq!(kind.code(), code);
    }
}

/// Past the member where the yes/no walk stopped, each member's name and value
/// are asked apart: a refused name is reported once, a refused value once, and
/// a member whose name and value both pass reports nothing; the text path and
/// the value walk agree.
#[test]
fn property_names_and_values_past_the_stop_are_each_reported_once() {
    let s = schema(json!({
        "type": "object",
        "propertyNames": {"maxLength": 3},
        "additionalProperties": {"type": "integer"}
    }));
    let call = r#"{"ok":1,"abcd":1,"ab":"x","a":2,"abcde":"y","b":true}"#;
    let report = s.validate_with(&text(call), &Options::SPEC);
    let messages = report.messages();
    assert_eq!(
        messages,
        [
            "arguments has a property name 'abcd' that should be at most 3 characters long, got 4",
            "argument 'ab' should be integer, got string",
            "arguments has a property name 'abcde' that should be at most 3 characters long, got 5",
            "argument 'abcde' should be integer, got string",
            "argument 'b' should be integer, got boolean",
        ],
        "{messages:#?}"
    );
    assert_eq!(s.validate_str(call, &Options::SPEC).unwrap(), report);
}
