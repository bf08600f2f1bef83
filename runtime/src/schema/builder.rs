//! [`SchemaBuilder`]: a schema parsed with resources for its remote references and
//! a default dialect.

use super::{Schema, SchemaError};
use crate::keywords::Draft;
use serde_json::Value;

/// What [`Schema::parse`] reads besides the schema: the documents that remote
/// references may name (nothing is ever fetched) and the dialect of a schema
/// without `$schema`.
///
/// ```
/// use serde_json::json;
/// use tool_schema_runtime::{keywords::Draft, Schema};
///
/// let schema = Schema::builder()
///     .resource("https://example.com/units.json", json!({"enum": ["celsius", "fahrenheit"]}))
///     .draft(Draft::Draft07)
///     .parse(&json!({"properties": {"unit": {"$ref": "https://example.com/units.json"}}}))
///     .unwrap();
/// assert!(!schema.is_valid(&json!({"unit": "kelvin"})));
/// ```
#[derive(Clone, Debug, Default)]
pub struct SchemaBuilder {
    pub(crate) resources: Vec<(String, Value)>,
    pub(crate) draft: Option<Draft>,
}

impl SchemaBuilder {
    /// Registers `document` as the resource at the absolute URI `uri` (a fragment,
    /// if any, is ignored): a `$ref` that resolves to `uri` (or into it) reads it.
    /// An `$id` inside `document` names further resources, as in the schema
    /// itself. A later registration of the same URI replaces the earlier one.
    pub fn resource(mut self, uri: impl Into<String>, document: Value) -> SchemaBuilder {
        let uri = uri.into();
        let uri = super::uri::split_fragment(&uri).0.to_string();
        self.resources.retain(|(u, _)| *u != uri);
        self.resources.push((uri, document));
        self
    }

    /// The dialect of a schema (or resource) that declares no `$schema`: draft
    /// 2020-12 unless set.
    pub fn draft(mut self, draft: Draft) -> SchemaBuilder {
        self.draft = Some(draft);
        self
    }

    /// Checks `schema` and builds the model, as [`Schema::parse`] does, with the
    /// resources and the default dialect of this builder.
    pub fn parse(&self, schema: &Value) -> Result<Schema, SchemaError> {
        super::parse::parse_with(schema, self)
    }
}
