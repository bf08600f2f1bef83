//! Numeric formats (issue #18: schemars' `int8` .. `uint64`, `int`, `uint`, `float`,
//! `double`; OpenAPI's `int32`, `int64`, `float`, `double`) in every provider export:
//! kept where the provider's dialect has them, otherwise their range written as
//! `minimum`/`maximum` (the tighter end kept), described or refused, never dropped
//! silently. Every export is written to `$CARGO_TARGET_TMPDIR/exports/export_numeric.jsonl`
//! for `tools/check_exports.py`.

mod export_support;

use export_support::{check, record};
use serde_json::{json, Value};
use tool_schema_engine::export::{
    export, ChangeKind, ExportOptions, Exported, Lossy, Target, ToolSpec,
};
use tool_schema_engine::keywords::format::{numeric_violation, NUMERIC};
use tool_schema_engine::Schema;

/// What schemars writes for a struct of integer and float fields (0.8 writes
/// `minimum: 0.0` on unsigned ones), plus OpenAPI's nullable `int32`.
fn generated() -> Value {
    json!({
        "type": "object",
        "properties": {
            "count": {"type": "integer", "format": "uint8", "minimum": 0.0},
            "offset": {"type": ["integer", "null"], "format": "int32"},
            "id": {"type": "integer", "format": "uint64", "minimum": 0},
            "small": {"type": "integer", "format": "int16", "minimum": -10},
            "big": {"type": "integer", "format": "int64"},
            "ratio": {"type": "number", "format": "float"},
            "precise": {"type": "number", "format": "double"},
            "email": {"type": "string", "format": "email"}
        },
        "required": ["count", "offset", "id", "small", "big", "ratio", "precise", "email"],
        "additionalProperties": false
    })
}

const INT32: (i64, i64) = (-2147483648, 2147483647);
const F32: f64 = 3.4028235e38;

fn run(target: Target, schema: &Value, options: &ExportOptions) -> Exported {
    let spec = ToolSpec::new("numbers", "Numbers.", schema);
    let out = export(target, &spec, options).unwrap_or_else(|e| panic!("{target}: {e}"));
    let problems = check(target, &out.value);
    assert!(problems.is_empty(), "{target}: {problems:?}\n{}", out.value);
    record("export_numeric", target, "numbers", &out.value);
    out
}

fn properties(target: Target, out: &Exported) -> &Value {
    &out.value.pointer(target.schema_pointer()).unwrap()["properties"]
}

/// The pointers of the report's changes of `kind`.
fn changed(out: &Exported, kind: ChangeKind) -> Vec<&str> {
    out.report
        .of_kind(kind)
        .map(|c| c.pointer.as_str())
        .collect()
}

#[test]
fn openai_strict_writes_the_ranges_as_bounds() {
    for target in [Target::OpenAiChatStrict, Target::OpenAiResponsesStrict] {
        let out = run(target, &generated(), &ExportOptions::default());
        let p = properties(target, &out);
        assert_eq!(
            p["count"].to_string(),
            r#"{"type":"integer","minimum":0.0,"maximum":255}"#
        );
        assert_eq!(
            p["offset"],
            json!({"type": ["integer", "null"], "minimum": INT32.0, "maximum": INT32.1})
        );
        assert_eq!(
            p["id"],
            json!({"type": "integer", "minimum": 0, "maximum": u64::MAX})
        );
        assert_eq!(
            p["small"],
            json!({"type": "integer", "minimum": -10, "maximum": 32767})
        );
        assert_eq!(
            p["big"],
            json!({"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX})
        );
        assert_eq!(
            p["ratio"],
            json!({"type": "number", "minimum": -F32, "maximum": F32})
        );
        assert_eq!(p["precise"], json!({"type": "number"}));
        assert_eq!(p["email"], json!({"type": "string", "format": "email"}));
        assert_eq!(
            changed(&out, ChangeKind::Converted),
            [
                "/properties/count/format",
                "/properties/offset/format",
                "/properties/id/format",
                "/properties/small/format",
                "/properties/big/format",
                "/properties/ratio/format"
            ]
        );
        assert_eq!(
            changed(&out, ChangeKind::Removed),
            ["/properties/precise/format"]
        );
        let count = out.report.of_kind(ChangeKind::Converted).next().unwrap();
        assert_eq!(count.what, "`format: \"uint8\"` -> `maximum: 255`");
        assert!(count.why.contains("0 to 255"), "{}", count.why);
    }
}

#[test]
fn anthropic_strict_describes_the_ranges_or_refuses_them() {
    let target = Target::AnthropicStrict;
    let out = run(target, &generated(), &ExportOptions::default());
    let p = properties(target, &out);
    assert_eq!(
        p["count"],
        json!({"type": "integer", "description": "Must be at least 0.0. Must be at most 255."})
    );
    assert_eq!(
        p["offset"],
        json!({"type": ["integer", "null"], "description": "Must be at least -2147483648. Must be at most 2147483647."})
    );
    assert_eq!(
        p["ratio"]["description"],
        "Must be at least -3.4028235e+38. Must be at most 3.4028235e+38."
    );
    assert_eq!(p["precise"], json!({"type": "number"}));
    assert_eq!(p["email"], json!({"type": "string", "format": "email"}));
    // the range first becomes bounds, which then move into the description
    assert!(changed(&out, ChangeKind::Described).contains(&"/properties/offset/maximum"));
    assert!(changed(&out, ChangeKind::Converted).contains(&"/properties/offset/format"));

    let e = export(
        target,
        &ToolSpec::new("numbers", "Numbers.", &generated()),
        &ExportOptions::new().lossy(Lossy::Refuse),
    )
    .unwrap_err();
    for name in ["count", "offset", "id", "small", "big", "ratio"] {
        assert!(
            e.mentions(
                &format!("/properties/{name}/format"),
                "bounds cannot be expressed"
            ),
            "{name}: {e}"
        );
    }
    assert!(e.mentions("/properties/count/format", "0 to 255"), "{e}");
    // `double` bounds nothing: removed, not refused
    assert!(
        !e.problems
            .iter()
            .any(|p| p.pointer.starts_with("/properties/precise")),
        "{e}"
    );
}

#[test]
fn gemini_parameters_keep_openapi_formats_and_bound_the_others() {
    let target = Target::Gemini;
    let mut schema = generated();
    schema["properties"]["wide"] = json!({"type": "number", "format": "int32"});
    schema["properties"]["either"] = json!({"type": ["integer", "string"], "format": "int32"});
    schema["properties"]["whole"] = json!({"type": "integer", "format": "double"});
    let out = run(target, &schema, &ExportOptions::default());
    let p = properties(target, &out);
    assert_eq!(
        p["count"].to_string(),
        r#"{"type":"INTEGER","minimum":0.0,"maximum":255}"#
    );
    assert_eq!(
        p["offset"],
        json!({"type": "INTEGER", "format": "int32", "nullable": true})
    );
    assert_eq!(
        p["id"],
        json!({"type": "INTEGER", "minimum": 0, "maximum": u64::MAX})
    );
    assert_eq!(
        p["small"],
        json!({"type": "INTEGER", "minimum": -10, "maximum": 32767})
    );
    assert_eq!(p["big"], json!({"type": "INTEGER", "format": "int64"}));
    assert_eq!(p["ratio"], json!({"type": "NUMBER", "format": "float"}));
    assert_eq!(p["precise"], json!({"type": "NUMBER", "format": "double"}));
    assert_eq!(
        p["wide"],
        json!({"type": "NUMBER", "minimum": INT32.0, "maximum": INT32.1})
    );
    assert_eq!(
        p["either"],
        json!({"anyOf": [{"type": "INTEGER", "minimum": INT32.0, "maximum": INT32.1}, {"type": "STRING"}]})
    );
    assert_eq!(p["whole"], json!({"type": "INTEGER"}));
    assert_eq!(
        changed(&out, ChangeKind::Converted)
            .into_iter()
            .filter(|p| p.ends_with("/format"))
            .collect::<Vec<_>>(),
        [
            "/properties/count/format",
            "/properties/id/format",
            "/properties/small/format",
            "/properties/wide/format",
            "/properties/either/format"
        ]
    );
    assert!(changed(&out, ChangeKind::Removed).contains(&"/properties/whole/format"));
}

#[test]
fn gemini_json_schema_keeps_the_format_and_adds_its_bounds() {
    let target = Target::GeminiJsonSchema;
    let out = run(target, &generated(), &ExportOptions::default());
    let p = properties(target, &out);
    assert_eq!(
        p["count"].to_string(),
        r#"{"type":"integer","format":"uint8","minimum":0.0,"maximum":255}"#
    );
    assert_eq!(
        p["offset"],
        json!({"type": ["integer", "null"], "format": "int32", "minimum": INT32.0, "maximum": INT32.1})
    );
    assert_eq!(
        p["ratio"],
        json!({"type": "number", "format": "float", "minimum": -F32, "maximum": F32})
    );
    assert_eq!(p["precise"], json!({"type": "number", "format": "double"}));
    assert_eq!(
        changed(&out, ChangeKind::Added),
        [
            "/properties/count",
            "/properties/offset",
            "/properties/id",
            "/properties/small",
            "/properties/big",
            "/properties/ratio"
        ]
    );
}

#[test]
fn json_schema_exports_keep_the_schema_as_it_is() {
    for target in [
        Target::Anthropic,
        Target::OpenAiChat,
        Target::OpenAiResponses,
        Target::Mcp,
    ] {
        let out = run(target, &generated(), &ExportOptions::default());
        assert_eq!(
            out.value.pointer(target.schema_pointer()).unwrap(),
            &generated(),
            "{target}"
        );
        assert!(out.report.is_empty(), "{target}: {}", out.report);
    }
}

/// Each numeric format, exported with bounds, accepts exactly what the format
/// allows at and just beyond both ends of its range (the oracle is
/// `keywords::format::numeric_violation`; the exported bounds are judged by
/// tool-schema's validator).
#[test]
fn exported_bounds_accept_what_the_format_allows() {
    for format in NUMERIC {
        let schema = json!({"type": "object", "properties": {"v": {"type": "number", "format": format.name}}, "required": ["v"]});
        let probes: Vec<Value> = match format.range.ends() {
            Some((low, high)) => {
                let step = |n: &serde_json::Number, d: f64| match (n.as_i64(), n.as_u64()) {
                    (Some(i), _) => i
                        .checked_add(d as i64)
                        .map_or(json!(i as f64 + d * 1e4), Value::from),
                    (_, Some(u)) => u
                        .checked_add_signed(d as i64)
                        .map_or(json!(u as f64 * 1.01), Value::from),
                    _ => json!(n.as_f64().unwrap() + d * n.as_f64().unwrap().abs() * 1e-3),
                };
                vec![
                    Value::Number(low.clone()),
                    Value::Number(high.clone()),
                    step(&low, -1.0),
                    step(&high, 1.0),
                    json!(0.5),
                ]
            }
            None => vec![json!(1e308), json!(-1e308)],
        };
        for target in [Target::OpenAiChatStrict, Target::GeminiJsonSchema] {
            let out = run(target, &schema, &ExportOptions::default());
            let params = out.value.pointer(target.schema_pointer()).unwrap();
            let compiled = Schema::parse(params).unwrap_or_else(|e| panic!("{target}: {e}"));
            for v in &probes {
                let allowed = numeric_violation(&format, v.as_number().unwrap()).is_none();
                let accepted = compiled.validate(&json!({"v": v})).is_valid();
                assert_eq!(
                    accepted, allowed,
                    "{} {v} for {target}: {params}",
                    format.name
                );
            }
        }
    }
}
