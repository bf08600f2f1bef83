// include! of a file that does not exist: the error is at the path literal.
//
// include! paths are relative to CARGO_MANIFEST_DIR, which under trybuild is the
// generated package `<target>/tests/trybuild/tool-schema/` (see tests/ui.rs).
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = include!("/nonexistent-dir/no_such_file.json");
}

fn main() {}
