//! What each export target makes of the standard types' schemas, as a part of
//! another tool's (`ToolArgs::__TARGET_PROBLEMS`), the derive's finding for a
//! field of that type: generated from it, and compared with it by
//! `tests/derive_generics.rs` (`standard_types_have_the_target_problems_of_fields`).
//! A set's, a map's and a tuple's are their own (their parameters' come after).

use crate::constcat::TargetProblems;
use crate::export_records::Target;

pub(super) const U8: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `u8` at /minimum: `minimum: 0` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const U16: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `u16` at /minimum: `minimum: 0` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const U32: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `u32` at /minimum: `minimum: 0` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const U64: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `u64` at /minimum: `minimum: 0` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const U128: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `u128` at /minimum: `minimum: 0` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const USIZE: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `usize` at /minimum: `minimum: 0` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const I8: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `i8` at /minimum: `minimum: -128` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const I16: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `i16` at /minimum: `minimum: -32768` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const I32: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `i32` at /minimum: `minimum: -2147483648` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const I64: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `i64` at /maximum: `maximum: 9223372036854775807` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const I128: TargetProblems = &[];

pub(super) const ISIZE: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `isize` at /minimum: `minimum: -2147483648` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const F32: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `f32` at /minimum: `minimum: -3.4028235e+38` moved into the description; rule: Anthropic strict tool use does not support numerical constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
];

pub(super) const F64: TargetProblems = &[];

pub(super) const BOOL: TargetProblems = &[];

pub(super) const STRING: TargetProblems = &[];

pub(super) const CHAR: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `char` at /minLength: `minLength: 1` moved into the description; rule: Anthropic strict tool use does not support string length constraints; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("refuses `char` at /minLength: `minLength` cannot be expressed (ExportOptions::lossy(Lossy::Describe) would move it into the description); rule: OpenAI strict mode supports only `pattern` and `format` on strings", ""),
    ("", ""),
    ("refuses `char` at /minLength: `minLength` cannot be expressed (ExportOptions::lossy(Lossy::Describe) would move it into the description); rule: OpenAI strict mode supports only `pattern` and `format` on strings", ""),
    ("", ""),
    ("", "would not enforce `char` at /minLength: `minLength` kept; rule: Gemini `parametersJsonSchema` does not list `minLength` among the keywords it supports; tool-schema's validator enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
];

pub(super) const VALUE: TargetProblems = &[
    ("", ""),
    ("refuses `Value`: a schema with no `type` (nor `enum`, `const`, `anyOf` or `$ref`) accepts any value; rule: Anthropic strict tool use: every schema needs a type", ""),
    ("", ""),
    ("refuses `Value`: a schema with no `type` (nor `enum`, `const`, `anyOf` or `$ref`) accepts any value; rule: OpenAI strict mode: every schema needs a type", ""),
    ("", ""),
    ("refuses `Value`: a schema with no `type` (nor `enum`, `const`, `anyOf` or `$ref`) accepts any value; rule: OpenAI strict mode: every schema needs a type", ""),
    ("refuses `Value`: a schema with no `type` (nor a string `enum` or `anyOf`); rule: Gemini `parameters` (an OpenAPI 3.0 subset): every Schema has a type", ""),
    ("", ""),
    ("", ""),
];

pub(super) const PATHBUF: TargetProblems = &[];

pub(super) const IPADDR: TargetProblems = &[
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", "would not enforce `IpAddr` at /anyOf/0/format: `format` \"ipv4\" moved into the description; rule: Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
];

pub(super) const IPV4ADDR: TargetProblems = &[
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", "would not enforce `Ipv4Addr` at /format: `format` \"ipv4\" moved into the description; rule: Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
];

pub(super) const IPV6ADDR: TargetProblems = &[
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", "would not enforce `Ipv6Addr` at /format: `format` \"ipv6\" moved into the description; rule: Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
];

#[cfg(feature = "chrono")]
pub(super) const DATETIME: TargetProblems = &[];

#[cfg(feature = "chrono")]
pub(super) const NAIVEDATE: TargetProblems = &[
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", "would not enforce `NaiveDate` at /format: `format` \"date\" moved into the description; rule: Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
];

#[cfg(feature = "chrono")]
pub(super) const NAIVETIME: TargetProblems = &[
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", "would not enforce `NaiveTime` at /pattern: `pattern` kept; rule: Gemini `parametersJsonSchema` does not list `pattern` among the keywords it supports; tool-schema's validator enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
];

#[cfg(feature = "uuid")]
pub(super) const UUID: TargetProblems = &[
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", "would not enforce `Uuid` at /format: `format` \"uuid\" moved into the description; rule: Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", ""),
];

#[cfg(feature = "url")]
pub(super) const URL: TargetProblems = &[
    ("", ""),
    ("", ""),
    ("", ""),
    ("", "would not enforce `Url` at /format: `format` \"uri\" moved into the description; rule: OpenAI strict mode: supported formats are date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("", "would not enforce `Url` at /format: `format` \"uri\" moved into the description; rule: OpenAI strict mode: supported formats are date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", "would not enforce `Url` at /format: `format` \"uri\" moved into the description; rule: Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", "would not enforce `Url` at /pattern: `pattern` kept; rule: Gemini `parametersJsonSchema` does not list `pattern` among the keywords it supports; tool-schema's validator enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
];

pub(super) const SET: TargetProblems = &[
    ("", ""),
    ("", "would not enforce `HashSet` at /uniqueItems: `uniqueItems: true` moved into the description; rule: Anthropic strict tool use supports no array constraint but `minItems` of 0 or 1; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
    ("refuses `HashSet` at /uniqueItems: `uniqueItems` cannot be expressed (ExportOptions::lossy(Lossy::Describe) would move it into the description); rule: OpenAI strict mode supports only `items`, `minItems` and `maxItems` on arrays", ""),
    ("", ""),
    ("refuses `HashSet` at /uniqueItems: `uniqueItems` cannot be expressed (ExportOptions::lossy(Lossy::Describe) would move it into the description); rule: OpenAI strict mode supports only `items`, `minItems` and `maxItems` on arrays", ""),
    ("refuses `HashSet` at /uniqueItems: `uniqueItems` cannot be expressed (ExportOptions::lossy(Lossy::Describe) would move it into the description); rule: Gemini's Schema has no `uniqueItems`", ""),
    ("", "would not enforce `HashSet` at /uniqueItems: `uniqueItems` kept; rule: Gemini `parametersJsonSchema` does not list `uniqueItems` among the keywords it supports; tool-schema's validator enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target"),
    ("", ""),
];

pub(super) const MAP: TargetProblems = &[
    ("", ""),
    ("refuses `HashMap` at /additionalProperties: `additionalProperties` as a schema (a map of arbitrary keys) cannot be expressed; rule: Anthropic strict tool use: `additionalProperties: false` is required on every object", ""),
    ("", ""),
    ("refuses `HashMap` at /additionalProperties: `additionalProperties` as a schema (a map of arbitrary keys) cannot be expressed; rule: OpenAI strict mode: `additionalProperties: false` is required on every object", ""),
    ("", ""),
    ("refuses `HashMap` at /additionalProperties: `additionalProperties` as a schema (a map of arbitrary keys) cannot be expressed; rule: OpenAI strict mode: `additionalProperties: false` is required on every object", ""),
    ("refuses `HashMap` at /additionalProperties: `additionalProperties` (an object of arbitrary keys) cannot be expressed; rule: Gemini's Schema has no `additionalProperties`, and an OBJECT needs `properties`", ""),
    ("", ""),
    ("", ""),
];

pub(super) const TUPLE: TargetProblems = &[
    ("", ""),
    ("refuses `tuple` at /prefixItems: `prefixItems` cannot be expressed; rule: Anthropic strict tool use supports no array constraint but `minItems` of 0 or 1", ""),
    ("", ""),
    ("refuses `tuple` at /prefixItems: `prefixItems` cannot be expressed; rule: OpenAI strict mode supports only `items`, `minItems` and `maxItems` on arrays", ""),
    ("", ""),
    ("refuses `tuple` at /prefixItems: `prefixItems` cannot be expressed; rule: OpenAI strict mode supports only `items`, `minItems` and `maxItems` on arrays", ""),
    ("refuses `tuple` at /prefixItems: `prefixItems` cannot be expressed; rule: Gemini's Schema has no `prefixItems`", ""),
    ("", ""),
    ("", ""),
];

/// An array of a fixed length's (`[T; N]`): Anthropic strict's change,
/// `anthropic_lossy`, which names the length.
pub(super) const fn array(
    anthropic_lossy: &'static str,
) -> [(&'static str, &'static str); Target::ALL.len()] {
    let mut problems = [("", ""); Target::ALL.len()];
    let mut i = 0;
    while i < Target::ALL.len() {
        if matches!(Target::ALL[i], Target::AnthropicStrict) {
            problems[i].1 = anthropic_lossy;
        }
        i += 1;
    }
    problems
}
