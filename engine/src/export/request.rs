//! The providers' limits on the tools of one request, checked over a tool list
//! (and over one tool, which is a request too).

use super::ledger::Ledger;
use super::Target;
use serde_json::Value;
use std::collections::HashSet;

/// OpenAI: functions in one request's `tools`.
const OPENAI_MAX_TOOLS: usize = 128;
/// Anthropic strict tool use, per request: strict tools ...
const ANTHROPIC_MAX_STRICT_TOOLS: usize = 20;
/// ... optional parameters in all of them ...
const ANTHROPIC_MAX_STRICT_OPTIONAL: usize = 24;
/// ... and parameters using `anyOf` or a type list in all of them.
const ANTHROPIC_MAX_STRICT_UNIONS: usize = 16;

/// The provider's limits on the tools of one request.
pub(super) fn check_request_limits(target: Target, defs: &[Value], ctx: &mut Ledger) {
    if target.is_openai() && defs.len() > OPENAI_MAX_TOOLS {
        ctx.refuse(
            "",
            format!("{} tools", defs.len()),
            format!("OpenAI: at most {} functions in `tools`", OPENAI_MAX_TOOLS),
        );
    }
    if target == Target::AnthropicStrict {
        if defs.len() > ANTHROPIC_MAX_STRICT_TOOLS {
            ctx.refuse(
                "",
                format!("{} strict tools", defs.len()),
                format!(
                    "Anthropic strict tool use: at most {} strict tools per request",
                    ANTHROPIC_MAX_STRICT_TOOLS
                ),
            );
        }
        check_anthropic_strict_totals(defs, ctx);
    }
}

/// Anthropic strict's totals over the strict tools of one request.
pub(super) fn check_anthropic_strict_totals(defs: &[Value], ctx: &mut Ledger) {
    let (mut optional, mut unions) = (0, 0);
    for d in defs {
        let (o, u) = anthropic_counts(&d["input_schema"]);
        optional += o;
        unions += u;
    }
    if optional > ANTHROPIC_MAX_STRICT_OPTIONAL {
        ctx.refuse(
            "",
            format!("{optional} optional parameters in all strict tools"),
            format!(
                "Anthropic strict tool use: at most {} optional parameters per request",
                ANTHROPIC_MAX_STRICT_OPTIONAL
            ),
        );
    }
    if unions > ANTHROPIC_MAX_STRICT_UNIONS {
        ctx.refuse(
            "",
            format!("{unions} parameters using `anyOf` or a type list in all strict tools"),
            format!(
                "Anthropic strict tool use: at most {} such parameters per request",
                ANTHROPIC_MAX_STRICT_UNIONS
            ),
        );
    }
}

/// Counts, for Anthropic's per-request limits, the optional properties and the
/// properties whose schema is an `anyOf` or a `type` list.
fn anthropic_counts(schema: &Value) -> (usize, usize) {
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
