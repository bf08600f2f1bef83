//! What each provider's strict mode accepts: its profile (required properties,
//! type lists, `default`, formats, the lossy policy) and its constraint subset.

use super::super::{Lossy, Target};
use serde_json::Value;

/// What a provider's strict mode accepts.
pub(crate) struct Profile {
    pub target: Target,
    /// Every property must be in `required` (OpenAI).
    pub all_required: bool,
    /// `type` lists with several non-null types become `anyOf` (OpenAI documents type
    /// lists only with `"null"`).
    pub split_type_lists: bool,
    /// `default` is in the subset (Anthropic) or moved into the description (OpenAI).
    pub keep_default: bool,
    /// The default policy for constraints outside the subset.
    pub lossy: Lossy,
    /// The values of [`STRICT_FORMATS`] the provider does not support.
    pub formats_left_out: &'static [&'static str],
    /// Is keyword `k` with value `v` a constraint in the subset? `Err(rule)` otherwise.
    pub constraint: fn(&str, &Value) -> Result<(), &'static str>,
    /// The rule named by refusals of shape.
    pub rule: &'static str,
}

/// The `format` values a strict mode may support, in the order messages list them
/// (OpenAI documents all but `uri`; Anthropic all).
const STRICT_FORMATS: [&str; 10] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

impl Profile {
    /// The `format` values the provider supports, in order.
    pub fn formats(&self) -> Vec<&'static str> {
        let mut out = Vec::with_capacity(STRICT_FORMATS.len());
        for f in STRICT_FORMATS.iter() {
            if !self.formats_left_out.contains(f) {
                out.push(*f);
            }
        }
        out
    }
}

const OPENAI_RULE: &str = "OpenAI strict mode";
const ANTHROPIC_RULE: &str = "Anthropic strict tool use";

pub(crate) const OPENAI: Profile = Profile {
    target: Target::OpenAiChatStrict,
    all_required: true,
    split_type_lists: true,
    keep_default: false,
    lossy: Lossy::Refuse,
    formats_left_out: &["uri"],
    constraint: openai_constraint,
    rule: OPENAI_RULE,
};

pub(crate) const ANTHROPIC: Profile = Profile {
    target: Target::AnthropicStrict,
    all_required: false,
    split_type_lists: false,
    keep_default: true,
    lossy: Lossy::Describe,
    formats_left_out: &[],
    constraint: anthropic_constraint,
    rule: ANTHROPIC_RULE,
};

fn openai_constraint(k: &str, _v: &Value) -> Result<(), &'static str> {
    match k {
        "pattern" | "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum"
        | "multipleOf" | "minItems" | "maxItems" => Ok(()),
        "minLength" | "maxLength" => {
            Err("OpenAI strict mode supports only `pattern` and `format` on strings")
        }
        "uniqueItems" | "contains" | "minContains" | "maxContains" | "unevaluatedItems"
        | "prefixItems" | "additionalItems" => {
            Err("OpenAI strict mode supports only `items`, `minItems` and `maxItems` on arrays")
        }
        "patternProperties" | "propertyNames" | "minProperties" | "maxProperties"
        | "unevaluatedProperties" | "dependentRequired" | "dependentSchemas" | "dependencies" => {
            Err("OpenAI strict mode supports only `properties`, `required` and `additionalProperties: false` on objects")
        }
        "allOf" | "not" | "if" | "then" | "else" | "oneOf" => {
            Err("OpenAI strict mode does not support `allOf`, `oneOf`, `not` or `if`/`then`/`else`")
        }
        _ => Err("not in OpenAI strict mode's documented subset"),
    }
}

fn anthropic_constraint(k: &str, v: &Value) -> Result<(), &'static str> {
    match k {
        "pattern" => {
            let p = v.as_str().unwrap_or_default();
            let unsupported = ["(?=", "(?!", "(?<=", "(?<!", "\\b", "\\B", "\\k<"]
                .iter()
                .any(|s| p.contains(s))
                || p.as_bytes().windows(2).any(|w| w[0] == b'\\' && w[1].is_ascii_digit() && w[1] != b'0');
            if unsupported {
                Err("Anthropic strict tool use supports regular expressions without backreferences, lookaround or `\\b`")
            } else {
                Ok(())
            }
        }
        "minItems" if v.as_u64().is_some_and(|n| n <= 1) => Ok(()),
        "minItems" | "maxItems" | "uniqueItems" | "contains" | "minContains" | "maxContains"
        | "prefixItems" | "unevaluatedItems" | "additionalItems" => {
            Err("Anthropic strict tool use supports no array constraint but `minItems` of 0 or 1")
        }
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => {
            Err("Anthropic strict tool use does not support numerical constraints")
        }
        "minLength" | "maxLength" => {
            Err("Anthropic strict tool use does not support string length constraints")
        }
        "patternProperties" | "propertyNames" | "minProperties" | "maxProperties"
        | "unevaluatedProperties" | "dependentRequired" | "dependentSchemas" | "dependencies" => {
            Err("Anthropic strict tool use supports only `properties`, `required` and `additionalProperties: false` on objects")
        }
        "not" | "if" | "then" | "else" | "oneOf" => {
            Err("Anthropic strict tool use does not support `oneOf`, `not` or `if`/`then`/`else`")
        }
        _ => Err("not in Anthropic strict tool use's documented subset"),
    }
}
