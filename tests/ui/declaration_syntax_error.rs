// A mistake in the declaration syntax itself (here a missing `=`) is reported at its
// token, but it stops the whole invocation: the schema error in `GetWeather` is not
// reported, and no tool of the invocation is declared (rustc does not add
// "cannot find type" errors for the uses in `main`).
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": { "city": { "type": "str" } }
    }

    pub Order {
        "type": "object"
    }
}

fn main() {
    let _ = <GetWeather as tool_schema::ToolArgs>::validate(&serde_json::json!({}));
    let _ = <Order as tool_schema::ToolArgs>::NAME;
}
