// `#[typed(...)]` takes `derive(Trait, ...)` and `name(TypeName = "/json/pointer")`:
// an unknown option, a name that is not a JSON pointer, a pointer at which no type
// is declared, the root's own name, the root's pointer, and the attribute on the
// untyped form are each an error at its token, saying what to write.
use tool_schema::tool_schema;

tool_schema! {
    #[typed(rename_all = "camelCase")]
    pub struct Unknown = { "type": "object", "properties": { "x": { "type": "string" } } };

    #[typed(name(Place = "properties/place"))]
    #[tool(name = "no_slash")]
    pub struct NoSlash = {
        "type": "object",
        "properties": { "place": { "type": "object", "properties": { "city": { "type": "string" } } } }
    };

    #[typed(name(City = "/properties/place/properties/city"))]
    #[tool(name = "not_a_type")]
    pub struct NotAType = {
        "type": "object",
        "properties": { "place": { "type": "object", "properties": { "city": { "type": "string" } } } }
    };

    #[typed(name(RootName = "/properties/place"))]
    pub struct RootName = {
        "type": "object",
        "properties": { "place": { "type": "object", "properties": { "city": { "type": "string" } } } }
    };

    #[typed(name(Whole = ""))]
    pub struct Whole2 = { "type": "object" };

    #[typed(derive(Eq))]
    pub Untyped = { "type": "object" }
}

fn main() {}
