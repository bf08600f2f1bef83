//! `Report` and `Violation` implement `serde::Serialize` as `json_report` writes
//! them: the same JSON, through the same code.

use serde_json::{json, Value};
use tool_schema_engine::{json_report, Options, Report, Schema};

fn reports() -> Vec<Report> {
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"enum": ["celsius", "fahrenheit"]},
            "days": {"type": "integer", "minimum": 1, "maximum": 14},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
            "when": {"anyOf": [{"type": "string"}, {"type": "integer"}]}
        },
        "required": ["city"],
        "additionalProperties": false
    }))
    .unwrap();
    let calls = [
        json!({"city": "Oslo"}),
        json!({"citty": "Oslo", "unit": "Celsius", "days": 0, "tags": ["a", 1, "c"], "when": true}),
        json!({"city": 7, "days": 20}),
    ];
    let mut reports: Vec<Report> = calls.iter().map(|c| schema.validate(c)).collect();
    // A capped report: violations omitted.
    let capped = Options::default().max_violations(1);
    reports.push(schema.validate_with(&calls[1], &capped));
    reports
}

#[test]
fn a_report_serializes_as_its_json_report() {
    for report in reports() {
        assert_eq!(serde_json::to_value(&report).unwrap(), json_report(&report));
        // As text too (the order of the members included).
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            json_report(&report).to_string()
        );
    }
}

#[test]
fn a_violation_serializes_as_its_entry() {
    let mut seen = 0;
    for report in reports() {
        let entries = json_report(&report)["violations"].clone();
        let Value::Array(entries) = entries else {
            panic!("an array")
        };
        for (v, entry) in report.violations().iter().zip(&entries) {
            assert_eq!(&serde_json::to_value(v).unwrap(), entry);
            seen += 1;
        }
    }
    assert!(seen >= 8, "{seen} violations");
}
