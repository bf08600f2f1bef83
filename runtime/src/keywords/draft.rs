//! What a `$schema` URI names, and what each draft changes.

use super::Draft;

impl Draft {
    /// The draft a `$schema` URI names (`"http://json-schema.org/draft-07/schema#"`,
    /// `"https://json-schema.org/draft/2020-12/schema"`, ...); `None` for any other
    /// URI. `http` and `https`, and a trailing empty fragment, are the same.
    pub fn from_schema_uri(uri: &str) -> Option<Draft> {
        let rest = uri
            .strip_prefix("https://")
            .or_else(|| uri.strip_prefix("http://"))?;
        let rest = rest.strip_suffix('#').unwrap_or(rest);
        match rest {
            "json-schema.org/draft/2020-12/schema" => Some(Draft::Draft2020_12),
            "json-schema.org/draft/2019-09/schema" => Some(Draft::Draft2019_09),
            // Draft 6 differs from draft 7 only by keywords draft 7 added.
            "json-schema.org/draft-07/schema" | "json-schema.org/draft-06/schema" => {
                Some(Draft::Draft07)
            }
            _ => None,
        }
    }

    /// The draft's meta-schema URI, as `$schema` writes it.
    pub fn schema_uri(self) -> &'static str {
        match self {
            Draft::Draft07 => "http://json-schema.org/draft-07/schema#",
            Draft::Draft2019_09 => "https://json-schema.org/draft/2019-09/schema",
            Draft::Draft2020_12 => "https://json-schema.org/draft/2020-12/schema",
        }
    }

    /// The URI of the draft 2020-12 validation vocabulary.
    pub const VALIDATION_VOCABULARY: &'static str =
        "https://json-schema.org/draft/2020-12/vocab/validation";

    /// The URI of the draft 2020-12 format-assertion vocabulary: a dialect whose
    /// meta-schema lists it asserts `format` in every mode.
    pub const FORMAT_ASSERTION_VOCABULARY: &'static str =
        "https://json-schema.org/draft/2020-12/vocab/format-assertion";

    /// The keywords of the validation vocabulary: a dialect whose meta-schema's
    /// `$vocabulary` leaves it out reads none of them.
    pub const VALIDATION_KEYWORDS: &'static [&'static str] = &[
        "type",
        "enum",
        "const",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "uniqueItems",
        "maxContains",
        "minContains",
        "maxProperties",
        "minProperties",
        "required",
        "dependentRequired",
    ];

    /// Whether `uri` is one of the draft 2020-12 vocabularies.
    pub fn knows_vocabulary(uri: &str) -> bool {
        uri.strip_prefix("https://json-schema.org/draft/2020-12/vocab/")
            .is_some_and(|v| {
                matches!(
                    v,
                    "core"
                        | "applicator"
                        | "unevaluated"
                        | "validation"
                        | "meta-data"
                        | "format-annotation"
                        | "format-assertion"
                        | "content"
                )
            })
    }

    /// Whether `items` may be an array (one schema per position) with
    /// `additionalItems` for the rest: drafts 7 and 2019-09.
    pub fn items_array(self) -> bool {
        matches!(self, Draft::Draft07 | Draft::Draft2019_09)
    }

    /// Whether `name` is a keyword of this draft's dialect; the keywords a later
    /// draft added, or an earlier one had, are not. (The model reads them in every
    /// draft unless `SchemaBuilder::annotate_unknown_keywords` is set: then, as
    /// the specification has it, they are annotations there.)
    pub fn has_keyword(self, name: &str) -> bool {
        const SINCE_2019_09: [&str; 13] = [
            "$defs",
            "$anchor",
            "$recursiveRef",
            "$recursiveAnchor",
            "$vocabulary",
            "dependentRequired",
            "dependentSchemas",
            "unevaluatedItems",
            "unevaluatedProperties",
            "minContains",
            "maxContains",
            "contentSchema",
            "deprecated",
        ];
        const SINCE_2020_12: [&str; 3] = ["prefixItems", "$dynamicRef", "$dynamicAnchor"];
        const UNTIL_2019_09: [&str; 3] = ["$recursiveRef", "$recursiveAnchor", "additionalItems"];
        match self {
            Draft::Draft07 => !SINCE_2019_09.contains(&name) && !SINCE_2020_12.contains(&name),
            Draft::Draft2019_09 => !SINCE_2020_12.contains(&name),
            Draft::Draft2020_12 => !UNTIL_2019_09.contains(&name),
        }
    }

    /// Whether `$ref` makes the keywords beside it ignored: draft 7.
    pub fn ref_overrides_siblings(self) -> bool {
        self == Draft::Draft07
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_uris() {
        for d in [Draft::Draft07, Draft::Draft2019_09, Draft::Draft2020_12] {
            assert_eq!(Draft::from_schema_uri(d.schema_uri()), Some(d));
        }
        assert_eq!(
            Draft::from_schema_uri("https://json-schema.org/draft-07/schema"),
            Some(Draft::Draft07)
        );
        assert_eq!(
            Draft::from_schema_uri("http://json-schema.org/draft-04/schema#"),
            None
        );
        assert_eq!(Draft::from_schema_uri("draft-07"), None);
    }
}
