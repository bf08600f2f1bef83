// OpenAI strict mode's nesting limit (10 levels): the error is at the object nested
// too deep.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(targets(openai_strict))]
    pub Deep = {
          "type": "object",
          "properties": { "a": {
            "type": "object",
            "properties": { "b": {
              "type": "object",
              "properties": { "c": {
                "type": "object",
                "properties": { "d": {
                  "type": "object",
                  "properties": { "e": {
                    "type": "object",
                    "properties": { "f": {
                      "type": "object",
                      "properties": { "g": {
                        "type": "object",
                        "properties": { "h": {
                          "type": "object",
                          "properties": { "i": {
                            "type": "object",
                            "properties": { "j": {
                              "type": "object",
                              "properties": { "k": { "type": "string" } }
                            } }
                          } }
                        } }
                      } }
                    } }
                  } }
                } }
              } }
            } }
          } }
        }
}

fn main() {}
