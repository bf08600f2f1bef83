// include! of a valid schema file compiles.
//
// include! paths are relative to CARGO_MANIFEST_DIR, which under trybuild is the
// generated package `<target>/tests/trybuild/tool-schema/` (see tests/ui.rs).
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    pub GetWeather = include!("schemas/weather.json");
}

fn main() {
    assert_eq!(GetWeather::NAME, "get_weather");
    assert_eq!(
        GetWeather::DESCRIPTION,
        "Get the current weather for a city."
    );
    assert!(GetWeather::validate(&serde_json::json!({"city": "Paris"})).is_valid());
    assert!(!GetWeather::validate(&serde_json::json!({})).is_valid());
}
