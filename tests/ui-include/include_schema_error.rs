// include! of valid JSON that is not a valid schema (type "int"): the error is at
// the path literal and names the file and the JSON pointer.
//
// include! paths are relative to CARGO_MANIFEST_DIR, which under trybuild is the
// generated package `<target>/tests/trybuild/tool-schema/` (see tests/ui.rs).
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = include!("schemas/schema_error.json");
}

fn main() {}
