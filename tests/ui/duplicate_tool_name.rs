// Two tools with the same name in one invocation: the error is at the second name
// (here an explicit `name` equal to the name derived from `GetWeather`).
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object"
    }

    #[tool(name = "get_weather")]
    pub GetWeatherV2 = {
        "type": "object"
    }
}

fn main() {}
