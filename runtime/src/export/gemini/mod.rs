//! Gemini `functionDeclarations`: the legacy `parameters` (an OpenAPI 3.0 subset
//! Schema object) and `parametersJsonSchema` (JSON Schema).
//!
//! Provider facts (from the documents named; not copied):
//!
//! - FunctionDeclaration, <https://ai.google.dev/api/caching#FunctionDeclaration>:
//!   `name`, `description`, and either `parameters` (a `Schema`) or
//!   `parametersJsonSchema` (JSON Schema), mutually exclusive; a function without
//!   parameters leaves `parameters` unset. The name: letters, digits, `_`, `.`, `:`,
//!   `-`, at most 64 characters (Vertex AI also asks it to start with a letter or `_`;
//!   older references said 63, or only `_` and `-`: we take the strictest reading
//!   except the length).
//! - Schema, <https://ai.google.dev/api/caching#Schema> (and the same subset in the
//!   js-genai `Schema` type): `type` (an enum: STRING, NUMBER, INTEGER, BOOLEAN, ARRAY,
//!   OBJECT, NULL; one value, not a list), `format`, `title`, `description`,
//!   `nullable`, `enum` (strings), `items`, `minItems`, `maxItems`, `properties`,
//!   `required`, `minProperties`, `maxProperties`, `minLength`, `maxLength`,
//!   `pattern`, `example`, `anyOf`, `propertyOrdering`, `default`, `minimum`,
//!   `maximum`. Nothing else: the request is refused for an unknown field (reported as
//!   "Unknown name \"additionalProperties\" ... Cannot find field" and "Proto field is
//!   not repeating" for a `type` list, prism-php/prism#974). Formats the Gemini
//!   Developer API takes: `enum` and `date-time` for strings (firebase.google.com
//!   ai.schemashared), `float`/`double`, `int32`/`int64` for numbers.
//! - An OBJECT with empty `properties` is refused ("should be non-empty for OBJECT
//!   type"), and an ARRAY needs `items`.
//! - `parametersJsonSchema`
//!   (<https://ai.google.dev/api/caching#FunctionDeclaration>, and the same text for
//!   `responseJsonSchema` in the Vertex AI reference): the keywords supported are
//!   `$id`, `$defs`, `$ref`, `$anchor`, `type`, `format`, `title`, `description`,
//!   `enum` (strings and numbers), `items`, `prefixItems`, `minItems`, `maxItems`,
//!   `minimum`, `maximum`, `anyOf`, `oneOf` (read as `anyOf`), `properties`,
//!   `additionalProperties`, `required`, and `propertyOrdering`; a `$ref` may have no
//!   sibling but `$`-keywords; cycles are unrolled only through optional properties.
//!   Whether other keywords are ignored or refused is not stated: we keep them and
//!   report each as not enforced.

mod json_schema;
mod keywords;
mod parameters;

use super::ctx::Ctx;
use super::{ExportOptions, ToolSpec};
use json_schema::json_schema;
use parameters::parameters;
use serde_json::Value;

/// A `functionDeclarations` entry: `{name, description, parameters}` (legacy Schema;
/// no `parameters` for a tool without arguments) or `{name, description,
/// parametersJsonSchema}`.
pub(crate) fn definition(
    tool: &ToolSpec<'_>,
    json: bool,
    options: &ExportOptions,
    ctx: &mut Ctx,
) -> Value {
    let mut m = tool.name_and_description();
    if json {
        m.insert(
            "parametersJsonSchema".into(),
            json_schema(tool.schema, options, ctx),
        );
    } else if let Some(p) = parameters(tool.schema, options, ctx) {
        m.insert("parameters".into(), p);
    }
    Value::Object(m)
}
