//! `unevaluatedProperties` and `unevaluatedItems`: a tool's arguments assembled
//! from pieces (`allOf`, `anyOf`, `if`/`then`) and closed by
//! `unevaluatedProperties: false`, which refuses a name no piece that applied
//! declares. The same schema is compiled by `tool_schema!` and parsed at run
//! time; both give the same violations.
//!
//! ```text
//! cargo run --example unevaluated
//! ```

use serde_json::json;
use tool_schema::{tool_schema, Schema, ToolArgs};

tool_schema! {
    /// Book a trip.
    pub BookTrip = {
        "type": "object",
        "properties": {
            "kind": {"enum": ["flight", "train"]},
            "stops": {
                "type": "array",
                "prefixItems": [{"type": "string"}],
                "unevaluatedItems": {"type": "string", "maxLength": 3}
            }
        },
        "required": ["kind"],
        "allOf": [{"properties": {"from": {"type": "string"}, "to": {"type": "string"}}}],
        "anyOf": [
            {"properties": {"kind": {"const": "flight"}, "seat": {"type": "string"}}},
            {"properties": {"kind": {"const": "train"}, "coach": {"type": "integer"}}}
        ],
        "if": {"properties": {"kind": {"const": "flight"}}},
        "then": {"properties": {"bags": {"type": "integer", "maximum": 3}}},
        "unevaluatedProperties": false
    }
}

fn main() {
    let interpreted = Schema::parse(BookTrip::schema()).expect("the schema is valid");
    let calls = [
        json!({"kind": "flight", "from": "OSL", "to": "CDG", "seat": "3A", "bags": 1}),
        json!({"kind": "train", "from": "OSL", "coach": 4, "bags": 1}),
        json!({"kind": "flight", "form": "OSL"}),
        json!({"kind": "train", "stops": ["Oslo S", "GOT", "Malmo"]}),
    ];
    for call in &calls {
        let report = BookTrip::validate(call);
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
