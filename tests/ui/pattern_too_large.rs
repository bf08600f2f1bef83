// A pattern whose program is larger than the limit on a pattern's size (issue
// #28: 1,024 steps per character of a text matched): refused at the pattern, in
// a declared schema and on a derived field, by the same check as `Schema::parse`.
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    pub Codes = {
        "type": "object",
        "properties": {
            "code": { "type": "string", "pattern": "^(?:ab|ba){0,200}$" }
        }
    }
}

#[derive(ToolArgs)]
struct Lookup {
    #[arg(pattern = "(?:a?){600}b")]
    slug: String,
}

fn main() {}
