//! The recursion check of Anthropic strict tool use, which has no recursive schemas.

use super::super::ledger::Ledger;
use crate::json::pointer;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashMap;

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
                    let here = pointer::join(&ptr, k);
                    match (k.as_str(), x) {
                        ("$ref", Value::String(r)) => out.push((r.clone(), here)),
                        ("$ref", _) => {}
                        _ => stack.push((x, here, false)),
                    }
                }
            }
            Value::Array(l) => {
                for (i, x) in l.iter().enumerate().rev() {
                    stack.push((x, pointer::join_index(&ptr, i), false));
                }
            }
            _ => {}
        }
    }
    out
}

/// A definition's colour in the search: on the path from the root, or done (`usize`:
/// the value type of the crate's other map of `String`s, one map type compiled).
const ON_PATH: usize = 1;
const DONE: usize = 2;

/// The depth-first search from `start` (whose references are `refs_of_start`),
/// iterative: a stack of frames, each a definition and its next reference.
#[allow(clippy::type_complexity)]
fn search(
    schema: &Value,
    state: &mut HashMap<String, usize>,
    start: String,
    refs_of_start: Vec<(String, String)>,
    ctx: &mut Ledger,
    rule: &str,
) {
    state.insert(start.clone(), ON_PATH);
    let mut frames: Vec<(String, Vec<(String, String)>, usize)> = vec![(start, refs_of_start, 0)];
    while let Some((key, list, next)) = frames.last_mut() {
        let Some((r, at)) = list.get(*next).cloned() else {
            state.insert(std::mem::take(key), DONE);
            frames.pop();
            continue;
        };
        *next += 1;
        let Some(t) = pointer::local_ref_pointer(&r).map(Cow::into_owned) else {
            continue;
        };
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
        if let Some(target) = pointer::resolve_local(schema, &r) {
            let list = refs(target, &t, false);
            state.insert(t.clone(), ON_PATH);
            frames.push((t, list, 0));
        }
    }
}

/// Refuses a schema whose `$ref`s form a cycle (Anthropic has no recursive schemas).
///
/// A depth-first search over the reference graph that colours each definition
/// (unvisited, on the path, done) and lists each definition's references once: linear
/// in the schema (each definition is read once however many paths reach it), and
/// iterative (a chain of thousands of references does not recurse on the stack).
pub(super) fn check_recursion(schema: &Value, ctx: &mut Ledger, rule: &str) {
    let mut state: HashMap<String, usize> = HashMap::new();
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
                let t = pointer::join(&pointer::join("", key), name);
                if !state.contains_key(&t) {
                    let list = refs(def, &t, false);
                    search(schema, &mut state, t, list, ctx, rule);
                }
            }
        }
    }
}
