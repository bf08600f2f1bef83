//! The draft 2020-12 and draft-07 meta-schemas, bundled so that a reference to one
//! (`{"$ref": "https://json-schema.org/draft/2020-12/schema"}`) resolves offline.
//! Copied byte for byte from json-schema-org/json-schema-spec (BSD-3-Clause; the
//! licence is `meta/LICENSE`, the source in `meta/README.md`).

use serde_json::Value;
use std::sync::OnceLock;

/// `(URI, document text)` of every bundled meta-schema.
const TEXTS: &[(&str, &str)] = &[
    (
        "https://json-schema.org/draft/2020-12/schema",
        include_str!("meta/draft2020-12/schema.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/core",
        include_str!("meta/draft2020-12/meta/core.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/applicator",
        include_str!("meta/draft2020-12/meta/applicator.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/unevaluated",
        include_str!("meta/draft2020-12/meta/unevaluated.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/validation",
        include_str!("meta/draft2020-12/meta/validation.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/meta-data",
        include_str!("meta/draft2020-12/meta/meta-data.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/format-annotation",
        include_str!("meta/draft2020-12/meta/format-annotation.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/format-assertion",
        include_str!("meta/draft2020-12/meta/format-assertion.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/content",
        include_str!("meta/draft2020-12/meta/content.json"),
    ),
    (
        "http://json-schema.org/draft-07/schema",
        include_str!("meta/draft-07/schema.json"),
    ),
];

/// The bundled meta-schemas, parsed once: `(URI without fragment, document)`.
pub(crate) fn documents() -> &'static [(&'static str, Value)] {
    static DOCS: OnceLock<Vec<(&'static str, Value)>> = OnceLock::new();
    DOCS.get_or_init(|| {
        let mut docs = Vec::with_capacity(TEXTS.len());
        for (uri, text) in TEXTS.iter() {
            let doc = serde_json::from_str(text).expect("a bundled meta-schema is JSON");
            docs.push((*uri, doc));
        }
        docs
    })
}

/// The bundled meta-schema at `uri` (without fragment).
pub(crate) fn document(uri: &str) -> Option<&'static Value> {
    documents().iter().find(|(u, _)| *u == uri).map(|(_, d)| d)
}

/// Every bundled meta-schema's URI.
pub fn uris() -> impl Iterator<Item = &'static str> {
    TEXTS.iter().map(|(uri, _)| *uri)
}
