//! The bounds every export keeps, so that no schema (a hostile one included) makes an
//! export take time or memory out of proportion to its input, or recurse on the
//! native stack without bound.
//!
//! - Before anything else, every export refuses a schema whose JSON (objects and
//!   arrays, annotation values included) nests deeper than [`MAX_JSON_DEPTH`] levels
//!   (checked without recursion), then runs the schema model's own check
//!   ([`Schema::parse`](crate::Schema::parse)) and refuses what it refuses, with its
//!   problems. So an export never accepts a schema the validator cannot honour, and
//!   everything after works on schemas nested at most 64 schema levels.
//! - Inlining a `$ref` (Gemini `parameters`, which has no `$ref`; a `$ref` with
//!   sibling keywords in the strict modes and Gemini `parametersJsonSchema`) copies
//!   its target, and shared definitions multiply when copied: the JSON values copied
//!   are charged to a budget, [`ExportOptions::inline_budget`](super::ExportOptions::inline_budget)
//!   (default [`DEFAULT_INLINE_BUDGET`]); past it the export is refused. An export's
//!   output, and its report, are therefore linear in its input plus the budget.
//! - The exported schema nests at most [`MAX_SCHEMA_DEPTH`] schema levels (inlining
//!   can nest a chain of definitions); deeper is refused. This is fixed: the walks
//!   recurse once per level.
//! - Checks over the reference graph (Anthropic strict's recursion check) visit each
//!   definition once; proofs that `oneOf` branches are disjoint have a work budget
//!   ([`MAX_DISJOINTNESS_WORK`]) and refuse the rewrite past it.

use serde_json::Value;

/// Deepest JSON nesting (objects and arrays, counting the root as level 1) a schema
/// to export may have. serde_json refuses text nested deeper than 128 levels, so only
/// values built in code can reach it.
pub const MAX_JSON_DEPTH: usize = 256;

/// Deepest schema nesting of an exported schema (the root is level 0), `$ref`s
/// inlined: twice the schema model's own limit of 64, so no schema the model accepts
/// is refused unless inlining nests it deeper.
pub const MAX_SCHEMA_DEPTH: usize = 128;

/// The default [`ExportOptions::inline_budget`](super::ExportOptions::inline_budget):
/// the JSON values (every object, array, string, number, boolean and null) that
/// inlining `$ref`s may copy in one tool's export.
pub const DEFAULT_INLINE_BUDGET: usize = 50_000;

/// The comparisons one export may spend proving `oneOf` branches disjoint (each pair
/// of branches costs at least one); past it a `oneOf` is refused as if its branches
/// could overlap.
pub const MAX_DISJOINTNESS_WORK: usize = 1_000_000;

/// The most characters of a name, pointer, message or rule the `Display` impls of
/// [`ExportError`](super::ExportError), [`Problem`](super::Problem) and
/// [`ExportReport`](super::ExportReport) print (longer ones are cut, with `...`;
/// control and bidirectional-formatting characters are printed as `\u{..}`). The
/// fields themselves keep the full text.
pub const MAX_SHOWN_CHARS: usize = 2000;

/// The most characters of a tool name quoted in the message refusing it.
pub const MAX_QUOTED_NAME_CHARS: usize = 80;

/// The JSON pointer of the first value nested deeper than `limit` levels (the root
/// is level 1), found without recursion; `None` when there is none.
pub(crate) fn too_deep(value: &Value, limit: usize) -> Option<String> {
    enum Level<'a> {
        Object(serde_json::map::Iter<'a>),
        Array(std::iter::Enumerate<std::slice::Iter<'a, Value>>),
    }
    fn open(v: &Value) -> Option<Level<'_>> {
        match v {
            Value::Object(m) if !m.is_empty() => Some(Level::Object(m.iter())),
            Value::Array(l) if !l.is_empty() => Some(Level::Array(l.iter().enumerate())),
            _ => None,
        }
    }
    let pointer = |tokens: &[String]| {
        let mut s = String::new();
        for t in tokens {
            s = crate::json::pointer::join(&s, t);
        }
        s
    };
    if limit == 0 {
        return Some(String::new());
    }
    let mut stack: Vec<Level<'_>> = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    stack.extend(open(value));
    while let Some(top) = stack.last_mut() {
        let next = match top {
            Level::Object(it) => it.next().map(|(k, v)| (k.clone(), v)),
            Level::Array(it) => it.next().map(|(i, v)| (i.to_string(), v)),
        };
        match next {
            None => {
                stack.pop();
                tokens.pop();
            }
            Some((token, child)) => {
                if !(child.is_object() || child.is_array()) {
                    continue;
                }
                // the child is at level stack.len() + 1
                tokens.truncate(stack.len() - 1);
                tokens.push(token);
                if stack.len() + 1 > limit {
                    return Some(pointer(&tokens));
                }
                match open(child) {
                    Some(level) => stack.push(level),
                    None => {
                        tokens.pop();
                    }
                }
            }
        }
    }
    None
}

/// The number of JSON values in `value` (itself included), counted without recursion
/// (linear time, memory linear in the widest level). The measure the inline budget
/// charges; public for the tests and examples that measure exports with it.
#[doc(hidden)]
pub fn weight(value: &Value) -> usize {
    let mut n = 0;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        n += 1;
        match v {
            Value::Object(m) => stack.extend(m.values()),
            Value::Array(l) => stack.extend(l.iter()),
            _ => {}
        }
    }
    n
}

/// [`weight`] of an object schema.
pub(crate) fn weight_of_map(m: &serde_json::Map<String, Value>) -> usize {
    1 + m.values().map(weight).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn depth_is_found_with_its_pointer() {
        let v = json!({"a": [1, {"b": {"c": []}}], "d": {}});
        assert_eq!(too_deep(&v, 5), None);
        assert_eq!(too_deep(&v, 4).as_deref(), Some("/a/1/b/c"));
        assert_eq!(too_deep(&v, 2).as_deref(), Some("/a/1"));
        assert_eq!(too_deep(&v, 1).as_deref(), Some("/a"));
        assert_eq!(
            too_deep(&json!({"x/y": {"~": {}}}), 2).as_deref(),
            Some("/x~1y/~0")
        );
        assert_eq!(too_deep(&json!(1), 1), None);
    }

    #[test]
    fn weight_counts_every_value() {
        assert_eq!(weight(&json!({"a": [1, 2, {"b": null}]})), 6);
        assert_eq!(weight(&json!("s")), 1);
    }
}
