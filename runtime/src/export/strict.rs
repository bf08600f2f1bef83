//! Strict-mode transforms that keep meaning: OpenAI Structured Outputs (function
//! calling with `strict: true`) and Anthropic strict tool use.
//!
//! Provider facts this module relies on (checked against the documents named; the
//! documents themselves are not copied here):
//!
//! - OpenAI, <https://platform.openai.com/docs/guides/structured-outputs#supported-schemas>
//!   (now served at developers.openai.com/api/docs/guides/structured-outputs):
//!   - every object must carry `additionalProperties: false`, and every property must
//!     be listed in `required`; an optional field is emulated by a union with `null`;
//!   - supported: `type` (string, number, integer, boolean, object, array, null), `enum`,
//!     `const`, `anyOf` (not at the root; each branch itself in the subset), `$ref` to
//!     `$defs` (recursion included, `#` for the root); for strings `pattern` and
//!     `format` (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid); for
//!     numbers `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`,
//!     `multipleOf`; for arrays `minItems`, `maxItems`;
//!   - not supported: `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`,
//!     `then`, `else`, and `oneOf` (the guide says to emulate it with `anyOf`; the API
//!     answers "'oneOf' is not permitted"); `minLength`/`maxLength`, `patternProperties`,
//!     `unevaluatedProperties`, `propertyNames`, `minProperties`, `maxProperties`,
//!     `unevaluatedItems`, `contains`, `minContains`, `maxContains`, `uniqueItems` are
//!     not in the supported list (earlier versions of the guide named them unsupported);
//!   - limits: 5000 object properties in all, 10 levels of nesting (earlier: 100 and
//!     5), 120,000 characters of property names, definition names, enum and const
//!     values together, 1000 enum values in all, and 15,000 characters for one string
//!     enum of more than 250 values.
//! - OpenAI `default`: the API answered "'default' is not permitted" in strict mode
//!   (reports in github.com/567-labs/instructor/issues/1074 and dotnet/extensions#6196;
//!   Azure still did in 2026, openai/openai-agents-python#4390), so a default is moved
//!   into the description.
//! - Anthropic, <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
//!   (strict tool use: `strict: true` on the tool): every object needs
//!   `additionalProperties: false`; optional properties are allowed; supported: the
//!   basic types, `enum` of primitives, `const`, `anyOf`, `allOf` (not with `$ref`),
//!   local `$ref`/`$defs`, `default`, `format` (date-time, time, date, duration, email,
//!   hostname, uri, ipv4, ipv6, uuid), `pattern` (no backreferences, lookaround or
//!   `\b`), `minItems` of 0 or 1; not supported: recursive schemas, `minimum`,
//!   `maximum`, `multipleOf`, `minLength`, `maxLength`, other array constraints. The
//!   SDKs move unsupported constraints into descriptions, as [`Lossy::Describe`] does.
//!   Per request: at most 20 strict tools, 24 optional parameters and 16 parameters
//!   using `anyOf` or type lists, across all strict tools.

use super::common::{
    append_description, describe_constraint, disjointness_budget_message, has_type, is_annotation,
    make_nullable, merge_equivalent, one_level_down, overlapping_pairs, pairs_in_words,
    prepare_root, push, push_index, recursive_ref_into_any_of, ref_pointer, resolve_ref,
    split_type_list, type_names, Levels, TYPE_NAMES,
};
use super::report::{ChangeKind, Ctx, ExportError, ExportReport};
use super::{ExportOptions, Lossy, Target};
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

/// A property that strict mode made required and nullable although the tool's schema
/// lets it be absent: an explicit `null` there stands for "absent" (validate calls of
/// a strict tool with [`Options::null_is_absent`](crate::Options::null_is_absent)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NullableOptional {
    /// JSON pointer to the object schema that declares the property.
    pub object_pointer: String,
    /// The property's name.
    pub property: String,
    /// JSON pointer to the property's schema (`{object_pointer}/properties/{property}`).
    pub pointer: String,
    /// The property already accepted `null` in the tool's schema: there a `null` the
    /// model sends may mean `null` itself or "absent", which the schema cannot tell.
    pub already_nullable: bool,
}

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
/// use tool_schema_runtime::export::{strict, ExportOptions};
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
    let mut ctx = Ctx::with_options(tool, options);
    if !super::admit(schema, &mut ctx) {
        return finish(Value::Null, ctx, profile.target);
    }
    let out = transform(schema, options, profile, &mut ctx);
    finish(out, ctx, profile.target)
}

pub(crate) fn finish(out: Value, ctx: Ctx, target: Target) -> Result<StrictSchema, ExportError> {
    if !ctx.problems.is_empty() {
        return Err(ExportError {
            target,
            problems: ctx.problems,
        });
    }
    Ok(StrictSchema {
        schema: out,
        report: ExportReport::from_changes(ctx.changes),
        nullable_optional: ctx.nullable,
    })
}

/// The transform, recording into `ctx` (shared with the tool-level checks).
pub(crate) fn transform(
    schema: &Value,
    options: &ExportOptions,
    profile: &Profile,
    ctx: &mut Ctx,
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
        check_openai_limits(&out, engine.ctx);
    } else {
        check_recursion(&out, engine.ctx, profile.rule);
    }
    out
}

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
    /// The `format` values the provider supports.
    pub formats: &'static [&'static str],
    /// Is keyword `k` with value `v` a constraint in the subset? `Err(rule)` otherwise.
    pub constraint: fn(&str, &Value) -> Result<(), &'static str>,
    /// The rule named by refusals of shape.
    pub rule: &'static str,
}

const OPENAI_RULE: &str = "OpenAI strict mode";
const ANTHROPIC_RULE: &str = "Anthropic strict tool use";

pub(crate) const OPENAI: Profile = Profile {
    target: Target::OpenAiChatStrict,
    all_required: true,
    split_type_lists: true,
    keep_default: false,
    lossy: Lossy::Refuse,
    formats: &[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "uuid",
    ],
    constraint: openai_constraint,
    rule: OPENAI_RULE,
};

pub(crate) const ANTHROPIC: Profile = Profile {
    target: Target::AnthropicStrict,
    all_required: false,
    split_type_lists: false,
    keep_default: true,
    lossy: Lossy::Describe,
    formats: &[
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
    ],
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

/// Keywords a description can carry when the provider cannot.
fn describable(k: &str) -> bool {
    matches!(
        k,
        "minimum"
            | "maximum"
            | "exclusiveMinimum"
            | "exclusiveMaximum"
            | "multipleOf"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "format"
            | "minItems"
            | "maxItems"
            | "uniqueItems"
            | "minProperties"
            | "maxProperties"
    )
}

struct Engine<'a> {
    /// The prepared input, for resolving `$ref` (targets are transformed where used).
    root: &'a Value,
    profile: &'a Profile,
    lossy: Lossy,
    keep_dialect: bool,
    ctx: &'a mut Ctx,
    /// The `$ref`s being inlined, outermost first (a cycle is refused).
    inlining: Vec<String>,
    /// The schema nesting of the node being transformed (the root is 0).
    depth: usize,
}

impl Levels for Engine<'_> {
    fn levels(&mut self) -> (&mut Ctx, &mut usize) {
        (self.ctx, &mut self.depth)
    }
}

impl Engine<'_> {
    fn refuse(&mut self, ptr: &str, message: impl Into<String>, rule: impl Into<String>) {
        self.ctx.refuse(ptr, message, rule);
    }

    fn node(&mut self, value: Value, ptr: &str) -> Value {
        // A chain of `$ref`s with siblings, inlined, nests as deep as it is long.
        one_level_down(self, value, ptr, Self::node_at_depth)
    }

    fn node_at_depth(&mut self, value: Value, ptr: &str) -> Value {
        let mut m = match value {
            Value::Object(m) => m,
            other => {
                let rule = self.profile.rule;
                self.refuse(
                    ptr,
                    format!("`{other}` is not a schema object with a type"),
                    format!("{rule}: every schema needs a type"),
                );
                return other;
            }
        };
        self.merge_single_all_of(&mut m, ptr);
        let depth = self.inlining.len();
        if !self.inline_ref(&mut m, ptr) || m.contains_key("$ref") {
            // refused, or a bare `$ref` (kept; cycles are checked on the result)
            self.inlining.truncate(depth);
            return Value::Object(m);
        }
        let out = self.node_body(m, ptr);
        self.inlining.truncate(depth);
        out
    }

    fn node_body(&mut self, mut m: Map<String, Value>, ptr: &str) -> Value {
        self.one_of(&mut m, ptr);
        if self.profile.split_type_lists {
            if let Some((split, _)) = split_type_list(&m, true) {
                let names = m.get("type").cloned().unwrap_or_default();
                if m.contains_key("anyOf") {
                    self.refuse(
                        ptr,
                        format!("`type` {names} lists several types beside an `anyOf`"),
                        "OpenAI strict mode documents `type` lists only as a type with \"null\"",
                    );
                } else {
                    self.ctx.change(
                        ptr,
                        ChangeKind::TypeListSplit,
                        format!("`type` {names} split into an `anyOf` of one branch per type"),
                        "OpenAI strict mode documents `type` lists only as a type with \"null\"; a type-specific keyword constrains only its own type, so the branches accept the same values",
                    );
                    m = split;
                }
            }
        }
        let mut described: Vec<String> = Vec::new();
        let keys: Vec<String> = m.keys().cloned().collect();
        for k in keys {
            let here = push(ptr, &k);
            let Some(v) = m.get(&k).cloned() else {
                continue;
            };
            match k.as_str() {
                "type" => self.check_type(&v, &here),
                "properties" => match v {
                    Value::Object(props) => {
                        let out: Map<String, Value> = props
                            .into_iter()
                            .map(|(name, s)| {
                                let p = push(&here, &name);
                                (name, self.node(s, &p))
                            })
                            .collect();
                        m.insert(k, Value::Object(out));
                    }
                    _ => self.refuse(&here, "`properties` is not an object", self.profile.rule),
                },
                "$defs" | "definitions" => {
                    if let Value::Object(defs) = v {
                        let out: Map<String, Value> = defs
                            .into_iter()
                            .map(|(name, s)| {
                                let p = push(&here, &name);
                                (name, self.node(s, &p))
                            })
                            .collect();
                        m.insert(k, Value::Object(out));
                    }
                }
                "items" => match v {
                    Value::Object(_) => {
                        let out = self.node(v, &here);
                        m.insert(k, out);
                    }
                    _ => self.refuse(
                        &here,
                        format!("`items` is `{v}`, not one schema"),
                        format!(
                            "{}: `items` must be a schema with a type",
                            self.profile.rule
                        ),
                    ),
                },
                "anyOf" => match v {
                    Value::Array(branches) if !branches.is_empty() => {
                        let out: Vec<Value> = branches
                            .into_iter()
                            .enumerate()
                            .map(|(i, b)| self.node(b, &push_index(&here, i)))
                            .collect();
                        m.insert(k, Value::Array(out));
                    }
                    _ => self.refuse(&here, "`anyOf` is not a non-empty list", self.profile.rule),
                },
                "enum" => {
                    if !self.profile.target.is_openai()
                        && v.as_array()
                            .is_some_and(|l| l.iter().any(|x| x.is_object() || x.is_array()))
                    {
                        self.refuse(&here, "`enum` lists an object or an array", "Anthropic strict tool use: `enum` values must be strings, numbers, booleans or null");
                    }
                }
                "required" | "additionalProperties" | "const" | "title" | "description" => {}
                "$schema" if ptr.is_empty() && self.keep_dialect => {}
                "default" if self.profile.keep_default => {}
                "default" => {
                    m.shift_remove("default");
                    if v.is_null() {
                        self.ctx.change(&here, ChangeKind::Removed, "removed `default: null`", "OpenAI strict mode does not accept `default`; a nullable property already reads `null` as absent");
                    } else {
                        described.push(describe_constraint("default", &v).unwrap_or_default());
                        self.ctx.change(&here, ChangeKind::Described, format!("`default` {v} moved into the description"), "OpenAI strict mode does not accept `default`; the model reads it in the description, and an optional property's `null` stands for \"absent\"");
                    }
                }
                "format"
                    if v.as_str()
                        .is_some_and(|f| self.profile.formats.contains(&f)) => {}
                "format" => {
                    // `format` only annotates in JSON Schema 2020-12 unless a validator
                    // asserts it: unknown formats are described, never refused.
                    m.shift_remove("format");
                    described.push(describe_constraint("format", &v).unwrap_or_default());
                    self.ctx.change(
                        &here,
                        ChangeKind::Described,
                        format!("`format` {v} moved into the description"),
                        format!(
                            "{}: supported formats are {}",
                            self.profile.rule,
                            self.profile.formats.join(", ")
                        ),
                    );
                }
                k if is_annotation(k) => {
                    m.shift_remove(k);
                    self.ctx.change(
                        &here,
                        ChangeKind::Removed,
                        format!("removed annotation `{k}`"),
                        format!(
                            "not in {}'s documented subset; it has no validation meaning",
                            self.profile.target
                        ),
                    );
                }
                k => {
                    if let Err(rule) = (self.profile.constraint)(k, &v) {
                        if self.lossy == Lossy::Describe && describable(k) {
                            m.shift_remove(k);
                            if let Some(s) = describe_constraint(k, &v) {
                                described.push(s);
                            }
                            self.ctx.change(
                                &here,
                                ChangeKind::Described,
                                format!("`{k}: {v}` moved into the description"),
                                format!("{rule}; tool-schema's validator still enforces it"),
                            );
                        } else {
                            let hint = if describable(k) {
                                " (ExportOptions::lossy(Lossy::Describe) would move it into the description)"
                            } else {
                                ""
                            };
                            self.refuse(&here, format!("`{k}` cannot be expressed{hint}"), rule);
                        }
                    }
                }
            }
        }
        append_description(&mut m, &described);
        self.object_rules(&mut m, ptr);
        if has_type(&m, "array") && !m.contains_key("items") {
            self.refuse(
                ptr,
                "an array without `items`",
                format!(
                    "{}: every array needs an `items` schema with a type",
                    self.profile.rule
                ),
            );
        }
        if !["type", "enum", "const", "anyOf", "$ref"]
            .iter()
            .any(|k| m.contains_key(*k))
        {
            self.refuse(
                ptr,
                "a schema with no `type` (nor `enum`, `const`, `anyOf` or `$ref`) accepts any value",
                format!("{}: every schema needs a type", self.profile.rule),
            );
        }
        Value::Object(m)
    }

    fn check_type(&mut self, v: &Value, ptr: &str) {
        let names: Vec<&Value> = match v {
            Value::Array(l) => l.iter().collect(),
            v => vec![v],
        };
        for n in names {
            if !n.as_str().is_some_and(|s| TYPE_NAMES.contains(&s)) {
                self.refuse(ptr, format!("unknown type {n}"), self.profile.rule);
            }
        }
    }

    /// A one-branch `allOf` merged into its parent when the merge says the same.
    fn merge_single_all_of(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some(Value::Array(branches)) = m.get("allOf") else {
            return;
        };
        if branches.len() != 1 {
            return; // refused (OpenAI) or kept (Anthropic) by the keyword walk
        }
        let Value::Object(only) = branches[0].clone() else {
            return;
        };
        let mut rest = m.clone();
        rest.shift_remove("allOf");
        match merge_equivalent(&rest, &only, true) {
            Ok(merged) => {
                *m = merged;
                self.ctx.change(
                    ptr,
                    ChangeKind::AllOfMerged,
                    "one-branch `allOf` merged into its schema",
                    format!("{}: `allOf` is not supported; a single branch beside keywords it does not contradict says the same", self.profile.rule),
                );
            }
            Err(keys) => self.refuse(
                &push(ptr, "allOf"),
                format!(
                    "a one-branch `allOf` whose {} contradict its parent's",
                    keys.join(", ")
                ),
                format!("{}: `allOf` is not supported", self.profile.rule),
            ),
        }
    }

    /// Inlines a `$ref` that has siblings (returns false when refused); checks a bare
    /// one resolves locally.
    fn inline_ref(&mut self, m: &mut Map<String, Value>, ptr: &str) -> bool {
        let mut guard = 0;
        while let Some(r) = m.get("$ref").cloned() {
            let Value::String(r) = r else {
                self.refuse(
                    &push(ptr, "$ref"),
                    "`$ref` is not a string",
                    self.profile.rule,
                );
                return false;
            };
            let Some(target) = resolve_ref(self.root, &r) else {
                self.refuse(
                    &push(ptr, "$ref"),
                    format!("`$ref` \"{r}\" is not a local reference that resolves"),
                    format!(
                        "{}: only references to definitions in the schema itself",
                        self.profile.rule
                    ),
                );
                return false;
            };
            if m.len() == 1 {
                return true;
            }
            guard += 1;
            if self.inlining.contains(&r) && !self.profile.target.is_openai() {
                // No recursion at all here: the same problem the recursion check of
                // the result states (recorded once).
                self.refuse(
                    &push(ptr, "$ref"),
                    format!("`$ref` \"{r}\" makes the schema recursive"),
                    format!("{}: recursive schemas are not supported", self.profile.rule),
                );
                return false;
            }
            if self.inlining.contains(&r) && !m.contains_key("anyOf") {
                // Recursive: cannot be inlined. The reference stays, bare, as the one
                // branch of an `anyOf` beside its siblings (the same schema).
                recursive_ref_into_any_of(
                    m,
                    &r,
                    self.ctx,
                    ptr,
                    format!("{}: no keyword may stand beside `$ref`; a recursive reference cannot be inlined, and `anyOf` of one schema says the same", self.profile.rule),
                );
                return true;
            }
            if guard > 16 || self.inlining.contains(&r) {
                self.refuse(
                    ptr,
                    format!("`$ref` \"{r}\" with sibling keywords refers to itself"),
                    format!(
                        "{}: keywords beside a `$ref` must be inlined, and a cycle cannot be",
                        self.profile.rule
                    ),
                );
                return false;
            }
            let Value::Object(target) = target.clone() else {
                self.refuse(
                    ptr,
                    format!("`$ref` \"{r}\" names a boolean schema"),
                    self.profile.rule,
                );
                return false;
            };
            if !self
                .ctx
                .charge_inline(ptr, super::limits::weight_of_map(&target))
            {
                return false;
            }
            let mut siblings = m.clone();
            siblings.shift_remove("$ref");
            match merge_equivalent(&siblings, &target, true) {
                Ok(merged) => {
                    let names: Vec<&str> = siblings.keys().map(String::as_str).collect();
                    self.ctx.change(
                        ptr,
                        ChangeKind::Inlined,
                        format!("`$ref` \"{r}\" inlined beside {}", names.join(", ")),
                        format!("{}: no keyword may stand beside `$ref`", self.profile.rule),
                    );
                    *m = merged;
                    self.inlining.push(r);
                }
                Err(keys) => {
                    self.refuse(
                        ptr,
                        format!("`$ref` \"{r}\" cannot be inlined: its siblings {} differ from the target's", keys.join(", ")),
                        format!("{}: no keyword may stand beside `$ref`", self.profile.rule),
                    );
                    return false;
                }
            }
        }
        true
    }

    /// `oneOf` -> `anyOf` when every two branches are provably disjoint.
    fn one_of(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some(v) = m.get("oneOf").cloned() else {
            return;
        };
        let here = push(ptr, "oneOf");
        let Value::Array(branches) = v else {
            self.refuse(&here, "`oneOf` is not a list", self.profile.rule);
            return;
        };
        let rule = format!(
            "{}: `oneOf` is not supported, `anyOf` is",
            self.profile.rule
        );
        if m.contains_key("anyOf") {
            self.refuse(&here, "`oneOf` beside `anyOf`", rule);
            return;
        }
        let Some((named, count)) =
            overlapping_pairs(&branches, self.root, &mut self.ctx.disjoint_work)
        else {
            self.refuse(&here, disjointness_budget_message(branches.len()), rule);
            return;
        };
        if count > 0 {
            self.refuse(
                &here,
                format!(
                    "`oneOf` branches {} may both match a value, so `anyOf` would accept what `oneOf` rejects",
                    pairs_in_words(&named, count)
                ),
                rule,
            );
            return;
        }
        let mut out = Map::new();
        for (k, v) in std::mem::take(m) {
            if k == "oneOf" {
                out.insert("anyOf".into(), v);
            } else {
                out.insert(k, v);
            }
        }
        *m = out;
        self.ctx.change(
            ptr,
            ChangeKind::OneOfToAnyOf,
            "`oneOf` renamed `anyOf`",
            format!("{rule}; no value matches two of its branches (disjoint types, values or a required discriminator), so exactly-one and at-least-one agree"),
        );
    }

    /// Objects: closed, and (OpenAI) every property required, optional ones nullable.
    fn object_rules(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let is_object = has_type(m, "object") || m.contains_key("properties");
        if !is_object {
            return;
        }
        if m.contains_key("properties") && type_names(m).is_none() {
            m.insert("type".into(), Value::from("object"));
            self.ctx.change(
                ptr,
                ChangeKind::Added,
                "added `type: \"object\"` beside `properties`",
                format!(
                    "{}: every schema needs a type; tool arguments there are objects",
                    self.profile.rule
                ),
            );
        }
        let closed_rule = format!(
            "{}: `additionalProperties: false` is required on every object",
            self.profile.rule
        );
        match m.get("additionalProperties") {
            None if m.contains_key("properties") => {
                m.insert("additionalProperties".into(), Value::Bool(false));
                self.ctx.change(
                    ptr,
                    ChangeKind::Closed,
                    "added `additionalProperties: false`",
                    format!("{closed_rule}; tool-call validation already rejects undeclared arguments of an object that declares `properties`"),
                );
            }
            None if m.contains_key("anyOf") => {} // its branches are closed
            None => self.refuse(
                ptr,
                "an object without `properties` accepts any keys",
                closed_rule,
            ),
            Some(Value::Bool(false)) => {
                if !m.contains_key("properties") && !m.contains_key("anyOf") {
                    m.insert("properties".into(), Value::Object(Map::new()));
                    self.ctx.change(
                        ptr,
                        ChangeKind::Added,
                        "added `properties: {}` to a closed object",
                        "a closed object without properties accepts only `{}`, as `properties: {}` says; clients refuse an object schema without `properties`",
                    );
                }
            }
            Some(Value::Bool(true)) => self.refuse(
                &push(ptr, "additionalProperties"),
                "`additionalProperties: true` lets the object hold undeclared keys",
                closed_rule,
            ),
            Some(_) => self.refuse(
                &push(ptr, "additionalProperties"),
                "`additionalProperties` as a schema (a map of arbitrary keys) cannot be expressed",
                closed_rule,
            ),
        }
        // Read in place: once its properties are transformed an object's subtree can be
        // large (inlined references), and a copy per level would be quadratic.
        let Some(Value::Object(props)) = m.get("properties") else {
            return;
        };
        let required: Vec<String> = match m.get("required") {
            None => Vec::new(),
            Some(Value::Array(l)) if l.iter().all(Value::is_string) => l
                .iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect(),
            Some(_) => {
                self.refuse(
                    &push(ptr, "required"),
                    "`required` is not a list of names",
                    self.profile.rule,
                );
                return;
            }
        };
        for r in &required {
            if !props.contains_key(r) {
                self.refuse(
                    &push(ptr, "required"),
                    format!("`required` names '{r}', which `properties` does not declare"),
                    format!(
                        "{}: with `additionalProperties: false` no value could have it",
                        self.profile.rule
                    ),
                );
            }
        }
        if !self.profile.all_required {
            return;
        }
        let props = match m.get_mut("properties") {
            Some(Value::Object(p)) => std::mem::take(p),
            _ => return,
        };
        let required: HashSet<String> = required.into_iter().collect();
        let mut out = Map::new();
        for (name, schema) in props {
            let here = push(&push(ptr, "properties"), &name);
            if required.contains(&name) {
                out.insert(name, schema);
                continue;
            }
            let (schema, already, how) = make_nullable(schema);
            if already {
                self.ctx.change(
                    &here,
                    ChangeKind::Required,
                    format!("optional '{name}' listed in `required` (it already accepts null)"),
                    "OpenAI strict mode requires every property in `required`; the model sends null for \"absent\"",
                );
            } else {
                self.ctx.change(
                    &here,
                    ChangeKind::Nullable,
                    format!("optional '{name}' listed in `required` and made nullable ({how})"),
                    "OpenAI strict mode requires every property in `required`; an optional one is emulated by a union with null, and its null stands for \"absent\"",
                );
            }
            self.ctx.nullable.push(NullableOptional {
                object_pointer: ptr.to_string(),
                property: name.clone(),
                pointer: here,
                already_nullable: already,
            });
            out.insert(name, schema);
        }
        let names: Vec<Value> = out.keys().cloned().map(Value::String).collect();
        m.insert("properties".into(), Value::Object(out));
        m.insert("required".into(), Value::Array(names));
    }
}

/// OpenAI's documented size limits, counted over the transformed schema.
pub(crate) const OPENAI_MAX_PROPERTIES: usize = 5000;
pub(crate) const OPENAI_MAX_NESTING: usize = 10;
pub(crate) const OPENAI_MAX_STRING_TOTAL: usize = 120_000;
pub(crate) const OPENAI_MAX_ENUM_VALUES: usize = 1000;
pub(crate) const OPENAI_LARGE_ENUM: usize = 250;
pub(crate) const OPENAI_LARGE_ENUM_CHARS: usize = 15_000;

fn check_openai_limits(schema: &Value, ctx: &mut Ctx) {
    struct Count {
        properties: usize,
        nesting: usize,
        /// The first object nested deeper than the limit.
        too_deep: Option<String>,
        chars: usize,
        enum_values: usize,
    }
    fn walk(v: &Value, ptr: &str, depth: usize, c: &mut Count, ctx: &mut Ctx) {
        let Value::Object(m) = v else { return };
        let is_object = m.contains_key("properties");
        let depth = depth + usize::from(is_object);
        c.nesting = c.nesting.max(depth);
        if depth > OPENAI_MAX_NESTING && c.too_deep.is_none() {
            c.too_deep = Some(ptr.to_string());
        }
        if let Some(Value::Object(props)) = m.get("properties") {
            c.properties += props.len();
            c.chars += props.keys().map(|k| k.chars().count()).sum::<usize>();
            for (k, s) in props {
                walk(s, &push(&push(ptr, "properties"), k), depth, c, ctx);
            }
        }
        for key in ["$defs", "definitions"] {
            if let Some(Value::Object(defs)) = m.get(key) {
                c.chars += defs.keys().map(|k| k.chars().count()).sum::<usize>();
                for (k, s) in defs {
                    walk(s, &push(&push(ptr, key), k), 0, c, ctx);
                }
            }
        }
        if let Some(items) = m.get("items") {
            walk(items, &push(ptr, "items"), depth, c, ctx);
        }
        if let Some(Value::Array(branches)) = m.get("anyOf") {
            for (i, b) in branches.iter().enumerate() {
                walk(b, &push_index(&push(ptr, "anyOf"), i), depth, c, ctx);
            }
        }
        let chars_of = |x: &Value| match x {
            Value::String(s) => s.chars().count(),
            Value::Null => 0,
            other => other.to_string().chars().count(),
        };
        if let Some(Value::Array(vals)) = m.get("enum") {
            c.enum_values += vals.len();
            let total: usize = vals.iter().map(chars_of).sum();
            c.chars += total;
            if vals.len() > OPENAI_LARGE_ENUM
                && vals.iter().all(|x| x.is_string() || x.is_null())
                && total > OPENAI_LARGE_ENUM_CHARS
            {
                ctx.refuse(
                    &push(ptr, "enum"),
                    format!("a string enum of {} values totalling {total} characters", vals.len()),
                    format!("OpenAI strict mode: a string enum of more than {OPENAI_LARGE_ENUM} values may total at most {OPENAI_LARGE_ENUM_CHARS} characters"),
                );
            }
        }
        if let Some(cv) = m.get("const") {
            c.chars += chars_of(cv);
        }
    }
    let mut c = Count {
        properties: 0,
        nesting: 0,
        too_deep: None,
        chars: 0,
        enum_values: 0,
    };
    walk(schema, "", 0, &mut c, ctx);
    if c.properties > OPENAI_MAX_PROPERTIES {
        ctx.refuse(
            "",
            format!("{} object properties in all", c.properties),
            format!("OpenAI strict mode: at most {OPENAI_MAX_PROPERTIES} object properties"),
        );
    }
    if let Some(ptr) = c.too_deep.as_deref() {
        // At the first object too deep.
        ctx.refuse(
            ptr,
            format!("{} levels of nested objects", c.nesting),
            format!("OpenAI strict mode: at most {OPENAI_MAX_NESTING} levels of nesting"),
        );
    }
    if c.chars > OPENAI_MAX_STRING_TOTAL {
        ctx.refuse(
            "",
            format!(
                "{} characters of property names, definition names, enum and const values",
                c.chars
            ),
            format!("OpenAI strict mode: at most {OPENAI_MAX_STRING_TOTAL} characters"),
        );
    }
    if c.enum_values > OPENAI_MAX_ENUM_VALUES {
        ctx.refuse(
            "",
            format!("{} enum values in all", c.enum_values),
            format!("OpenAI strict mode: at most {OPENAI_MAX_ENUM_VALUES} enum values"),
        );
    }
}

/// Refuses a schema whose `$ref`s form a cycle (Anthropic has no recursive schemas).
///
/// A depth-first search over the reference graph that colours each definition
/// (unvisited, on the path, done) and lists each definition's references once: linear
/// in the schema (each definition is read once however many paths reach it), and
/// iterative (a chain of thousands of references does not recurse on the stack).
fn check_recursion(schema: &Value, ctx: &mut Ctx, rule: &str) {
    /// The `$ref`s in `v` (found at `base`), with their pointers; the root's own
    /// `$defs` are left out (they are read when referenced).
    fn refs(v: &Value, base: &str, skip_defs: bool) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut stack = vec![(v, base.to_string(), skip_defs)];
        while let Some((v, ptr, top)) = stack.pop() {
            match v {
                Value::Object(m) => {
                    for (k, x) in m.iter().rev() {
                        if top && (k == "$defs" || k == "definitions") {
                            continue;
                        }
                        let here = push(&ptr, k);
                        match (k.as_str(), x) {
                            ("$ref", Value::String(r)) => out.push((r.clone(), here)),
                            ("$ref", _) => {}
                            _ => stack.push((x, here, false)),
                        }
                    }
                }
                Value::Array(l) => {
                    for (i, x) in l.iter().enumerate().rev() {
                        stack.push((x, push_index(&ptr, i), false));
                    }
                }
                _ => {}
            }
        }
        out
    }
    const ON_PATH: u8 = 1;
    const DONE: u8 = 2;
    #[allow(clippy::type_complexity)]
    fn search(
        schema: &Value,
        state: &mut HashMap<String, u8>,
        start: String,
        refs_of_start: Vec<(String, String)>,
        ctx: &mut Ctx,
        rule: &str,
    ) {
        state.insert(start.clone(), ON_PATH);
        let mut frames: Vec<(String, Vec<(String, String)>, usize)> =
            vec![(start, refs_of_start, 0)];
        while let Some((key, list, next)) = frames.last_mut() {
            let Some((r, at)) = list.get(*next).cloned() else {
                state.insert(std::mem::take(key), DONE);
                frames.pop();
                continue;
            };
            *next += 1;
            let Some(t) = ref_pointer(&r) else { continue };
            let recursive = t.is_empty() || state.get(&t) == Some(&ON_PATH);
            if recursive {
                ctx.refuse(
                    &at,
                    format!("`$ref` \"{r}\" makes the schema recursive"),
                    format!("{rule}: recursive schemas are not supported"),
                );
                continue;
            }
            if state.contains_key(&t) {
                continue;
            }
            if let Some(target) = resolve_ref(schema, &r) {
                let list = refs(target, &t, false);
                state.insert(t.clone(), ON_PATH);
                frames.push((t, list, 0));
            }
        }
    }
    let mut state: HashMap<String, u8> = HashMap::new();
    search(
        schema,
        &mut state,
        String::new(),
        refs(schema, "", true),
        ctx,
        rule,
    );
    // Definitions reached from nowhere can still be cyclic: check them too.
    for key in ["$defs", "definitions"] {
        if let Some(Value::Object(defs)) = schema.get(key) {
            for (name, def) in defs {
                let t = push(&push("", key), name);
                if !state.contains_key(&t) {
                    let list = refs(def, &t, false);
                    search(schema, &mut state, t, list, ctx, rule);
                }
            }
        }
    }
}

/// Counts, for Anthropic's per-request limits, the optional properties and the
/// properties whose schema is an `anyOf` or a `type` list.
pub(crate) fn anthropic_counts(schema: &Value) -> (usize, usize) {
    let mut optional = 0;
    let mut unions = 0;
    fn walk(v: &Value, optional: &mut usize, unions: &mut usize) {
        let Value::Object(m) = v else { return };
        if let Some(Value::Object(props)) = m.get("properties") {
            let required: HashSet<&str> = m
                .get("required")
                .and_then(Value::as_array)
                .map(|l| l.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for (k, s) in props {
                if !required.contains(&k.as_str()) {
                    *optional += 1;
                }
                if s.get("anyOf").is_some() || s.get("type").is_some_and(Value::is_array) {
                    *unions += 1;
                }
            }
        }
        for (k, x) in m {
            match (k.as_str(), x) {
                ("properties" | "$defs" | "definitions", Value::Object(map)) => {
                    for s in map.values() {
                        walk(s, optional, unions);
                    }
                }
                ("items", s) => walk(s, optional, unions),
                ("anyOf" | "allOf", Value::Array(l)) => {
                    for s in l {
                        walk(s, optional, unions);
                    }
                }
                _ => {}
            }
        }
    }
    walk(schema, &mut optional, &mut unions);
    (optional, unions)
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
            "s": {"type": "string", "minLength": 2},
            "m": {"type": "object", "additionalProperties": {"type": "string"}},
            "f": {"type": "object"},
            "l": {"type": "array"},
            "x": {"description": "anything"}
        }}))
        .unwrap_err();
        assert!(
            e.mentions("/properties/s/minLength", "only `pattern` and `format`"),
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
