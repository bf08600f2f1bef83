// A format for another type than the declared one (lint `keyword_type_mismatch`): a
// numeric format (`uint8`) on a string, a string format (`email`) on an integer.
// The error is at the keyword's value.
use tool_schema::tool_schema;

tool_schema! {
    pub SendMail = {
        "type": "object",
        "properties": {
            "count": { "type": "string", "format": "uint8" },
            "to": { "type": "integer", "format": "email" }
        }
    }
}

fn main() {}
