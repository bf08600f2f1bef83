//! Issue #18: the numeric formats generators write (schemars' `int8` .. `uint64`,
//! `int`, `uint`, `float`, `double`; OpenAPI's `int32`, `int64`, `float`, `double`)
//! asserted as ranges in tool-call mode and annotations in spec mode, identically by
//! the interpreter's reporting walk, its yes/no walk, the text path's report and its
//! checking pass. Each format is tried at both ends of its range and one beyond.

use serde_json::{json, Value};
use tool_schema_engine::text::__pass_accepts;
use tool_schema_engine::{Options, Schema};

/// `{"count": {"type": TYPE, "format": FORMAT, ...extra}}`.
fn schema(ty: &str, format: &str, extra: Value) -> Schema {
    let mut count = json!({"type": ty, "format": format});
    count
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let s = json!({"type": "object", "properties": {"count": count}});
    Schema::parse(&s).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

/// The messages for `{"count": TEXT}` under `options`, after checking that every
/// back end of the runtime agrees: the reporting walk, the yes/no walk, the text
/// path's report and its checking pass.
fn messages(s: &Schema, count: &str, options: &Options) -> Vec<String> {
    let text = format!(r#"{{"count": {count}}}"#);
    let value: Value = serde_json::from_str(&text).unwrap();
    let report = s.validate_with(&value, options);
    assert_eq!(
        s.is_valid_with(&value, options),
        report.is_valid(),
        "yes/no walk on {text}"
    );
    let from_text = s.validate_str(&text, options).unwrap();
    assert_eq!(from_text, report, "text path on {text}");
    if report.is_valid() {
        assert!(__pass_accepts(s, &text, options), "checking pass on {text}");
    } else {
        assert!(
            !__pass_accepts(s, &text, options),
            "checking pass on {text}"
        );
    }
    report.messages()
}

/// `(format, type, lowest, highest, below the lowest, above the highest)`, the
/// values as JSON text.
const CASES: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("int8", "integer", "-128", "127", "-129", "128"),
    ("int16", "integer", "-32768", "32767", "-32769", "32768"),
    (
        "int32",
        "integer",
        "-2147483648",
        "2147483647",
        "-2147483649",
        "2147483648",
    ),
    (
        "int64",
        "integer",
        "-9223372036854775808",
        "9223372036854775807",
        "-9.3e18",
        "9223372036854775808",
    ),
    (
        "int",
        "integer",
        "-9223372036854775808",
        "9223372036854775807",
        "-9.3e18",
        "9223372036854775808",
    ),
    ("uint8", "integer", "0", "255", "-1", "256"),
    ("uint16", "integer", "0", "65535", "-1", "65536"),
    ("uint32", "integer", "0", "4294967295", "-1", "4294967296"),
    (
        "uint64",
        "integer",
        "0",
        "18446744073709551615",
        "-1",
        "1.9e19",
    ),
    (
        "uint",
        "integer",
        "0",
        "18446744073709551615",
        "-1",
        "1.9e19",
    ),
    ("float", "number", "-3.4e38", "3.4e38", "-3.5e38", "3.5e38"),
];

#[test]
fn every_format_holds_at_its_ends_and_refuses_beyond() {
    for &(format, ty, low, high, below, above) in CASES {
        // A type that admits the floats beyond the 64-bit ranges.
        for ty in [ty, "number"] {
            let s = schema(ty, format, json!({}));
            for ok in [low, high] {
                assert_eq!(
                    messages(&s, ok, &Options::TOOL_CALL),
                    Vec::<String>::new(),
                    "{format} {ok}"
                );
            }
            for (bad, end) in [(below, "least"), (above, "most")] {
                if ty == "integer" && bad.contains(['.', 'e']) {
                    continue;
                }
                let got = messages(&s, bad, &Options::TOOL_CALL);
                assert_eq!(got.len(), 1, "{format} {bad}: {got:?}");
                let words = format!("argument 'count' should be at {end} ");
                assert!(
                    got[0].starts_with(&words) && got[0].contains(&format!(" ({format}), got ")),
                    "{format} {bad}: {got:?}"
                );
                // Spec mode: an annotation.
                assert!(
                    messages(&s, bad, &Options::SPEC).is_empty(),
                    "{format} {bad}"
                );
            }
        }
    }
}

#[test]
fn the_words_of_a_range_violation() {
    let s = schema("integer", "uint8", json!({}));
    assert_eq!(
        messages(&s, "300", &Options::TOOL_CALL),
        ["argument 'count' should be at most 255 (uint8), got 300"]
    );
    assert_eq!(
        messages(&s, "-1", &Options::TOOL_CALL),
        ["argument 'count' should be at least 0 (uint8), got -1"]
    );
    let s = schema("integer", "int64", json!({}));
    assert_eq!(
        messages(&s, "-9.3e18", &Options::SPEC.formats(true)),
        ["argument 'count' should be at least -9223372036854775808 (int64), got -9.3e+18"]
    );
}

#[test]
fn float_words() {
    let s = schema("number", "float", json!({}));
    assert_eq!(
        messages(&s, "3.5e38", &Options::TOOL_CALL),
        ["argument 'count' should be at most 3.4028235e+38 (float), got 3.5e+38"]
    );
}

#[test]
fn double_is_every_finite_number() {
    let s = schema("number", "double", json!({}));
    for n in [
        "1e308",
        "-1.7976931348623157e308",
        "0",
        "18446744073709551616",
    ] {
        assert!(messages(&s, n, &Options::TOOL_CALL).is_empty(), "{n}");
    }
}

/// A fraction inside the range is the format's business only through `type`.
#[test]
fn a_fraction_within_the_range_is_not_a_format_violation() {
    let s = schema("number", "uint8", json!({}));
    assert!(messages(&s, "2.5", &Options::TOOL_CALL).is_empty());
    assert_eq!(
        messages(&s, "255.5", &Options::TOOL_CALL),
        ["argument 'count' should be at most 255 (uint8), got 255.5"]
    );
}

/// After the node's own bounds and `multipleOf`, in every back end.
#[test]
fn the_range_comes_after_the_number_keywords() {
    let s = schema("integer", "uint8", json!({"minimum": 0, "multipleOf": 7}));
    assert_eq!(
        messages(&s, "-1", &Options::TOOL_CALL),
        [
            "argument 'count' should be at least 0, got -1",
            "argument 'count' should be a multiple of 7, got -1",
            "argument 'count' should be at least 0 (uint8), got -1",
        ]
    );
}

/// On a node without `type`, the range constrains numbers only; a numeric format
/// on a string constrains nothing (and is a lint).
#[test]
fn the_range_constrains_numbers_only() {
    let s = Schema::parse(&json!({"properties": {"count": {"format": "uint8"}}})).unwrap();
    assert!(messages(&s, r#""300""#, &Options::TOOL_CALL).is_empty());
    assert!(messages(&s, "true", &Options::TOOL_CALL).is_empty());
    assert_eq!(messages(&s, "300", &Options::TOOL_CALL).len(), 1);
    let s = schema("string", "uint8", json!({}));
    assert!(messages(&s, r#""300""#, &Options::TOOL_CALL).is_empty());
    // A string format on an integer constrains nothing either.
    let s = schema("integer", "email", json!({}));
    assert!(messages(&s, "300", &Options::TOOL_CALL).is_empty());
}

/// Under `anyOf` (schemars' `Option<u8>`) and through `$ref`.
#[test]
fn the_range_through_applicators() {
    let s = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "count": {"anyOf": [{"$ref": "#/$defs/Small"}, {"type": "null"}]}
        },
        "$defs": {"Small": {"type": "integer", "format": "uint8", "minimum": 0.0}}
    }))
    .unwrap();
    assert!(messages(&s, "255", &Options::TOOL_CALL).is_empty());
    assert!(messages(&s, "null", &Options::TOOL_CALL).is_empty());
    assert!(!messages(&s, "256", &Options::TOOL_CALL).is_empty());
    assert!(messages(&s, "256", &Options::SPEC).is_empty());
}
