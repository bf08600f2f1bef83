// A trailing comma, in an object and in an array: the error is at the comma.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string" },
        },
        "required": ["city",]
    }
}

fn main() {}
