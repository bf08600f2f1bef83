//! Issue #18 on generated code: a schemars-like schema whose integer and float
//! fields carry numeric formats (`uint8` .. `uint64`, `int`, `uint`, `float`,
//! `double`) compiles without `allow(...)`, and the code `tool_schema!` generates
//! asserts each format's range exactly as the interpreter and the text path do: in
//! tool-call mode, and not at all in spec mode.

use serde_json::{json, Value};
use tool_schema::{tool_schema, validate_str_with, Options, Schema, ToolArgs};

tool_schema! {
    /// What schemars 0.8 writes for a struct of every width (`minimum: 0.0`, no
    /// upper bound, on the unsigned ones), with `Option<u8>` as a type list.
    pub Widths = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "Widths",
        "type": "object",
        "required": ["a", "b"],
        "properties": {
            "a": {"type": "integer", "format": "int8"},
            "b": {"type": "integer", "format": "int16"},
            "c": {"type": "integer", "format": "int32"},
            "d": {"type": "integer", "format": "int64"},
            "e": {"type": "integer", "format": "int"},
            "f": {"type": "integer", "format": "uint8", "minimum": 0.0},
            "g": {"type": "integer", "format": "uint16", "minimum": 0.0},
            "h": {"type": "integer", "format": "uint32", "minimum": 0.0},
            "i": {"type": "integer", "format": "uint64", "minimum": 0.0},
            "j": {"type": "integer", "format": "uint", "minimum": 0.0},
            "k": {"type": "number", "format": "float"},
            "l": {"type": "number", "format": "double"},
            "m": {"type": ["integer", "null"], "format": "uint8", "minimum": 0.0},
            "n": {"type": "number", "format": "uint8", "multipleOf": 2},
            "o": {"anyOf": [{"$ref": "#/definitions/Small"}, {"type": "null"}]}
        },
        "definitions": {
            "Small": {"type": "integer", "format": "int8", "maximum": 100}
        }
    }
}

fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

/// `(member, value as JSON text)`, at and beyond every range.
const VALUES: &[(&str, &str)] = &[
    ("a", "-128"),
    ("a", "127"),
    ("a", "-129"),
    ("a", "128"),
    ("b", "-32768"),
    ("b", "32767"),
    ("b", "-32769"),
    ("b", "32768"),
    ("c", "-2147483648"),
    ("c", "2147483647"),
    ("c", "-2147483649"),
    ("c", "2147483648"),
    ("d", "-9223372036854775808"),
    ("d", "9223372036854775807"),
    ("d", "9223372036854775808"),
    ("d", "-9.3e18"),
    ("e", "-9223372036854775808"),
    ("e", "9223372036854775808"),
    ("f", "0"),
    ("f", "255"),
    ("f", "256"),
    ("f", "-1"),
    ("f", "300"),
    ("g", "65535"),
    ("g", "65536"),
    ("h", "4294967295"),
    ("h", "4294967296"),
    ("i", "18446744073709551615"),
    ("i", "1.9e19"),
    ("i", "-1"),
    ("j", "18446744073709551615"),
    ("j", "-1"),
    ("k", "3.4e38"),
    ("k", "-3.4e38"),
    ("k", "3.5e38"),
    ("k", "-3.5e38"),
    ("k", "1"),
    ("l", "1e308"),
    ("l", "-1.7976931348623157e308"),
    ("m", "null"),
    ("m", "255"),
    ("m", "256"),
    ("n", "254"),
    ("n", "255.5"),
    ("n", "257"),
    ("n", "258"),
    ("o", "100"),
    ("o", "101"),
    ("o", "-128"),
    ("o", "-129"),
    ("o", "null"),
];

/// Generated code, the interpreter and the text path give the same report for every
/// value, in both modes; in tool-call mode the first value outside each range is
/// refused, in spec mode only the other keywords speak.
#[test]
fn generated_code_agrees_with_the_interpreter() {
    let interp = Schema::parse(Widths::schema()).unwrap();
    for options in [
        Options::TOOL_CALL,
        Options::SPEC,
        Options::SPEC.formats(true),
        Options::TOOL_CALL.formats(false),
    ] {
        for &(member, value) in VALUES {
            let call = json!({"a": 0, "b": 0, member: text(value)});
            let compiled = Widths::validate_with(&call, &options);
            assert_eq!(
                compiled,
                interp.validate_with(&call, &options),
                "{call} under {options:?}"
            );
            assert_eq!(
                Widths::is_valid_with(&call, &options),
                compiled.is_valid(),
                "{call} under {options:?}"
            );
            let from_text = validate_str_with::<Widths>(&call.to_string(), &options).unwrap();
            assert_eq!(from_text, compiled, "text path on {call} under {options:?}");
        }
    }
}

#[test]
fn each_range_is_asserted_in_tool_call_mode_only() {
    let refused = |member: &str, value: &str, options: &Options| {
        let call = json!({"a": 0, "b": 0, member: text(value)});
        Widths::validate_with(&call, options).messages()
    };
    let tool = Options::TOOL_CALL;
    assert_eq!(
        refused("f", "300", &tool),
        ["argument 'f' should be at most 255 (uint8), got 300"]
    );
    assert_eq!(
        refused("f", "-1", &tool),
        [
            "argument 'f' should be at least 0.0, got -1",
            "argument 'f' should be at least 0 (uint8), got -1"
        ]
    );
    for (member, ok, beyond) in [
        ("a", "127", "128"),
        ("a", "-128", "-129"),
        ("b", "32767", "32768"),
        ("c", "2147483647", "2147483648"),
        ("d", "9223372036854775807", "9223372036854775808"),
        ("e", "9223372036854775807", "9223372036854775808"),
        ("g", "65535", "65536"),
        ("h", "4294967295", "4294967296"),
        ("i", "18446744073709551615", "-1"),
        ("j", "0", "-1"),
        ("k", "3.4e38", "3.5e38"),
        ("m", "255", "256"),
        ("n", "254", "256"),
    ] {
        assert!(refused(member, ok, &tool).is_empty(), "{member}: {ok}");
        let got = refused(member, beyond, &tool);
        assert!(
            got.last().is_some_and(|m| m.contains("), got ")),
            "{member}: {beyond}: {got:?}"
        );
        assert!(
            !refused(member, beyond, &Options::SPEC)
                .iter()
                .any(|m| m.contains("), got ")),
            "{member}: {beyond} in spec mode"
        );
    }
    assert!(refused("l", "1e308", &tool).is_empty());
}
