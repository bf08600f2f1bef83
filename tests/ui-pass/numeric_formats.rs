// Issue #18: what schemars writes for integer and float fields (a numeric `format`
// on every one, `minimum: 0.0` on the unsigned) compiles without `allow(...)`:
// the numeric formats are known and constrain numbers.
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    pub SetVolume = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "SetVolume",
        "type": "object",
        "required": ["count"],
        "properties": {
            "count": { "type": "integer", "format": "uint8", "minimum": 0.0 },
            "offset": { "type": ["integer", "null"], "format": "int32" },
            "gain": { "type": "number", "format": "float" },
            "ratio": { "type": "number", "format": "double" },
            "id": { "type": "integer", "format": "uint64", "minimum": 0.0 }
        }
    }
}

fn main() {
    assert!(SetVolume::is_valid(&serde_json::json!({"count": 255})));
    assert!(!SetVolume::is_valid(&serde_json::json!({"count": 256})));
}
