//! Strict-mode transforms that keep meaning: OpenAI Structured Outputs (function
//! calling with `strict: true`) and Anthropic strict tool use.
//!
//! The provider rules this module follows, with their sources, are in
//! `docs/provider-rules.md`.

mod compose;
mod engine;
mod keywords;
mod limits;
mod objects;
mod profile;
mod recursion;

pub use super::report::NullableOptional;

pub(crate) use profile::{Profile, ANTHROPIC, OPENAI};

use super::admit::admit;
use super::ledger::Ledger;
use super::normalize::prepare_root;
use super::report::{ExportError, ExportReport};
use super::{ExportOptions, Target};
use engine::Engine;
use serde_json::Value;

/// A parameters schema transformed for a strict mode, with every change listed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct StrictSchema {
    /// The transformed parameters schema.
    pub schema: serde_json::Value,
    /// Every change made, in order; `Display` prints one per line.
    pub report: ExportReport,
    /// The properties made required-and-nullable although optional (OpenAI only).
    pub nullable_optional: Vec<NullableOptional>,
}

impl StrictSchema {
    /// The properties made required-and-nullable although the tool's schema lets them
    /// be absent: a validator of a strict tool can read an explicit `null` there as
    /// "absent".
    pub fn nullable_optional(&self) -> &[NullableOptional] {
        &self.nullable_optional
    }
}

/// Transforms a tool's parameters schema for OpenAI strict mode (Chat Completions and
/// Responses `strict: true`), keeping its meaning: every object gets
/// `additionalProperties: false`; every property goes into `required`, and each
/// optional one becomes nullable (`type` list with `"null"`, or `anyOf` with
/// `{"type": "null"}`), its `null` standing for "absent"; `oneOf` becomes `anyOf` where
/// its branches are provably disjoint; a one-branch `allOf` is merged; `$ref` siblings
/// are inlined; `type` lists become `anyOf`; defaults move into descriptions;
/// annotations outside the subset are removed. What the subset cannot express is
/// refused ([`ExportOptions::lossy`] can move scalar constraints into descriptions
/// instead).
///
/// ```
/// use serde_json::json;
/// # use tool_schema_engine as tool_schema;
/// use tool_schema::export::{strict, ExportOptions};
///
/// let s = strict::openai(&json!({
///     "type": "object",
///     "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
///     "required": ["city"]
/// }), &ExportOptions::default()).unwrap();
/// assert_eq!(s.schema, json!({
///     "type": "object",
///     "properties": {"city": {"type": "string"}, "days": {"type": ["integer", "null"]}},
///     "required": ["city", "days"],
///     "additionalProperties": false
/// }));
/// assert_eq!(s.nullable_optional()[0].property, "days");
/// println!("{}", s.report); // every change, with its pointer and reason
/// ```
pub fn openai(schema: &Value, options: &ExportOptions) -> Result<StrictSchema, ExportError> {
    run(schema, options, &OPENAI, "")
}

/// Transforms a tool's parameters schema for Anthropic strict tool use: every object
/// gets `additionalProperties: false` (optional properties stay optional); `oneOf`,
/// `allOf`, `$ref` siblings as for [`openai`]; constraints Anthropic does not support
/// (numeric bounds, string lengths, array sizes but `minItems` 0 or 1) are moved into
/// descriptions by default, as Anthropic's SDKs do (tool-schema's validator still
/// enforces them); recursive schemas are refused.
pub fn anthropic(schema: &Value, options: &ExportOptions) -> Result<StrictSchema, ExportError> {
    run(schema, options, &ANTHROPIC, "")
}

/// The properties OpenAI strict mode makes required-and-nullable in `schema` although
/// they are optional: where an explicit `null` stands for "absent".
pub fn nullable_optional(schema: &Value) -> Result<Vec<NullableOptional>, ExportError> {
    openai(schema, &ExportOptions::default()).map(|s| s.nullable_optional)
}

pub(crate) fn run(
    schema: &Value,
    options: &ExportOptions,
    profile: &Profile,
    tool: &str,
) -> Result<StrictSchema, ExportError> {
    let mut ctx = Ledger::with_options(tool, options);
    if !admit(schema, &mut ctx) {
        return finish(Value::Null, ctx, profile.target);
    }
    let without_aliases = super::aliases::removed(schema, &mut ctx);
    let schema = without_aliases.as_ref().unwrap_or(schema);
    let out = transform(schema, options, profile, &mut ctx);
    finish(out, ctx, profile.target)
}

/// The strict schema `out`, or the error listing every problem `ctx` recorded.
fn finish(out: Value, ctx: Ledger, target: Target) -> Result<StrictSchema, ExportError> {
    let (report, nullable_optional) = ctx.finish(target)?;
    Ok(StrictSchema {
        schema: out,
        report,
        nullable_optional,
    })
}

/// The transform, recording into `ctx` (shared with the tool-level checks).
pub(crate) fn transform(
    schema: &Value,
    options: &ExportOptions,
    profile: &Profile,
    ctx: &mut Ledger,
) -> Value {
    let prepared = prepare_root(schema, ctx, options, true, profile.rule);
    if prepared.get("anyOf").is_some() && profile.target.is_openai() {
        ctx.refuse(
            "/anyOf",
            "the root schema is an `anyOf`",
            "OpenAI strict mode: the root must be an object, not `anyOf`",
        );
    }
    let mut engine = Engine {
        root: &prepared,
        profile,
        lossy: options.lossy.unwrap_or(profile.lossy),
        keep_dialect: !matches!(options.schema_dialect, super::SchemaDialect::Omit),
        ctx,
        inlining: vec!["#".to_string()],
        depth: 0,
    };
    let out = engine.node(prepared.clone(), "");
    if profile.target.is_openai() {
        limits::check_openai_limits(&out, engine.ctx);
    } else {
        recursion::check_recursion(&out, engine.ctx, profile.rule);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn oa(v: Value) -> Result<StrictSchema, ExportError> {
        openai(&v, &ExportOptions::default())
    }

    #[test]
    fn optional_properties_become_nullable_and_required() {
        let s = oa(json!({
            "type": "object",
            "properties": {
                "a": {"type": "string", "enum": ["x", "y"]},
                "b": {"const": 1, "description": "one"},
                "c": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                "d": {"type": ["string", "null"]},
                "e": {"type": "integer"}
            },
            "required": ["e"]
        }))
        .unwrap();
        assert_eq!(
            s.schema["properties"],
            json!({
                "a": {"type": ["string", "null"], "enum": ["x", "y", null]},
                "b": {"description": "one", "anyOf": [{"const": 1}, {"type": "null"}]},
                "c": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
                "d": {"type": ["string", "null"]},
                "e": {"type": "integer"}
            })
        );
        assert_eq!(s.schema["required"], json!(["a", "b", "c", "d", "e"]));
        let names: Vec<(&str, bool)> = s
            .nullable_optional()
            .iter()
            .map(|n| (n.property.as_str(), n.already_nullable))
            .collect();
        assert_eq!(
            names,
            [("a", false), ("b", false), ("c", false), ("d", true)]
        );
    }

    #[test]
    fn one_of_becomes_any_of_only_when_disjoint() {
        let s = oa(json!({"type": "object", "properties": {
            "v": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
        }, "required": ["v"]}))
        .unwrap();
        assert_eq!(
            s.schema["properties"]["v"],
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]})
        );
        let e = oa(json!({"type": "object", "properties": {
            "v": {"oneOf": [{"type": "number"}, {"type": "integer"}]}
        }, "required": ["v"]}))
        .unwrap_err();
        assert!(e.mentions("/properties/v/oneOf", "may both match"), "{e}");
    }

    #[test]
    fn refusals_name_pointer_and_rule() {
        let e = oa(json!({"type": "object", "properties": {
            "s": {"type": "string", "maxLength": 2},
            "m": {"type": "object", "additionalProperties": {"type": "string"}},
            "f": {"type": "object"},
            "l": {"type": "array"},
            "x": {"description": "anything"}
        }}))
        .unwrap_err();
        assert!(
            e.mentions("/properties/s/maxLength", "only `pattern` and `format`"),
            "{e}"
        );
        assert!(
            e.mentions("/properties/m/additionalProperties", "map"),
            "{e}"
        );
        assert!(e.mentions("/properties/f", "without `properties`"), "{e}");
        assert!(e.mentions("/properties/l", "without `items`"), "{e}");
        assert!(e.mentions("/properties/x", "no `type`"), "{e}");
    }

    #[test]
    fn anthropic_describes_bounds_and_refuses_recursion() {
        let s = anthropic(
            &json!({"type": "object", "properties": {
            "q": {"type": "integer", "minimum": 1, "maximum": 100, "description": "Quantity"}
        }, "required": ["q"]}),
            &ExportOptions::default(),
        )
        .unwrap();
        assert_eq!(
            s.schema["properties"]["q"],
            json!({"type": "integer", "description": "Quantity. Must be at least 1. Must be at most 100."})
        );
        assert_eq!(s.schema["additionalProperties"], json!(false));
        let e = anthropic(&json!({"$defs": {"N": {"type": "object", "properties": {"next": {"$ref": "#/$defs/N"}}}},
            "type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}}), &ExportOptions::default()).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.message.contains("recursive")),
            "{e}"
        );
    }
}
