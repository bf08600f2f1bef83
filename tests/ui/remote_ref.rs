// A `tool_schema!` schema may refer to what its literal holds (an embedded resource,
// named by its `$id`) and to the bundled meta-schemas; any other remote reference is
// refused at the `$ref`: nothing is fetched, and a macro has no registry.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "schema": { "$ref": "https://json-schema.org/draft/2020-12/schema" },
            "unit": { "$ref": "https://example.com/units.json" },
            "sku": { "$ref": "https://example.com/sku.json" }
        },
        "$defs": {
            "sku": { "$id": "https://example.com/sku.json", "type": "string" }
        }
    }
}

fn main() {}
