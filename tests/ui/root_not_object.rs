// A tool's arguments are an object: a root schema of another type is refused, at
// the root's "type" value.
use tool_schema::tool_schema;

tool_schema! {
    pub Echo = {
        "type": "string",
        "description": "Text to echo"
    }
    pub Maybe = {
        "type": ["array", "null"]
    }
}

fn main() {}
