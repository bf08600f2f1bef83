//! The conditional and counting keywords of JSON Schema 2020-12 in a tool's
//! schema: `if`/`then`/`else`, `dependentRequired`, `dependentSchemas`,
//! `patternProperties` and `contains`. The same schema is compiled by
//! `tool_schema!` and parsed at run time; both give the same violations, whose
//! words say which condition applied.
//!
//! ```text
//! cargo run --example conditional_keywords
//! ```

use serde_json::json;
use tool_schema::{tool_schema, Schema, ToolArgs};

tool_schema! {
    /// Send a notification.
    pub Notify = {
        "type": "object",
        "properties": {
            "channel": {"enum": ["email", "sms"]},
            "address": {"type": "string", "format": "email"},
            "phone": {"type": "string", "pattern": "^[0-9+]+$"},
            "card": {"type": "string"},
            "billing": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string"}, "contains": {"const": "urgent"}, "maxContains": 1}
        },
        "required": ["channel"],
        "patternProperties": {"^x-": {"type": "string"}},
        "if": {"properties": {"channel": {"const": "email"}}},
        "then": {"required": ["address"]},
        "else": {"required": ["phone"]},
        "dependentRequired": {"card": ["billing"]}
    }
}

fn main() {
    let interpreted = Schema::parse(Notify::schema()).expect("the schema is valid");
    let calls = [
        json!({"channel": "email", "address": "a@example.com"}),
        json!({"channel": "email", "phone": "+4712345678"}),
        json!({"channel": "sms", "card": "4111", "x-trace": 7}),
        json!({"channel": "sms", "phone": "1", "tags": ["low"], "colour": "red"}),
    ];
    for call in &calls {
        let report = Notify::validate(call);
        assert_eq!(report, interpreted.validate(call), "the back ends agree");
        println!("{call}");
        if report.is_valid() {
            println!("  valid");
        }
        for message in report.messages() {
            println!("  {message}");
        }
    }
}
