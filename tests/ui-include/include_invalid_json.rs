// include! of a file that is not valid JSON (a trailing comma): the error is at the
// path literal and names the file, line and column.
//
// include! paths are relative to CARGO_MANIFEST_DIR, which under trybuild is the
// generated package `<target>/tests/trybuild/tool-schema/` (see tests/ui.rs).
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = include!("schemas/invalid_json.json");
}

fn main() {}
