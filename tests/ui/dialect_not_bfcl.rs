// Definitions that are not in the BFCL dialect (DIALECT.md §1) are refused at the
// offending token: a Java type name, a JSON Schema `object` at the top, `items` that
// is a list, an unknown key beside a whole function's `parameters`, a whole function
// without `parameters`, a function name that stays an invalid tool name after
// `.` -> `_`. A lint of the translated schema
// is reported where the source wrote it: the array's `enum`, which the translation
// moves into `items`.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(dialect = "bfcl")]
    pub JavaStyle = {
        "name": "DataLoader.loadData",
        "description": "Loads data.",
        "parameters": {
            "type": "dict",
            "properties": {
                "path": { "type": "String", "description": "the file" }
            },
            "required": ["path"]
        }
    };
    #[tool(dialect = "bfcl")]
    pub ObjectRoot = {
        "type": "object",
        "properties": { "q": { "type": "string" } }
    };
    #[tool(dialect = "bfcl")]
    pub ItemsList = {
        "type": "dict",
        "properties": { "xs": { "type": "array", "items": [{ "type": "integer" }] } }
    };
    #[tool(dialect = "bfcl")]
    pub ExtraKey = {
        "name": "math.factorial",
        "parameter": {},
        "parameters": { "type": "dict", "properties": {} }
    };
    #[tool(dialect = "bfcl")]
    pub NoParameters = {
        "name": "get_time",
        "description": "Current time."
    };
    #[tool(dialect = "bfcl")]
    pub BadName = {
        "name": "get weather",
        "parameters": { "type": "dict", "properties": {} }
    };
    #[tool(dialect = "bfcl")]
    pub ArrayEnum = {
        "type": "dict",
        "properties": {
            "metrics": { "type": "array", "items": { "type": "string" }, "enum": ["buzz", 7] }
        }
    }
}

fn main() {}
