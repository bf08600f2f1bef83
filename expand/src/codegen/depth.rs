//! The deepest value a schema accepts, when the schema bounds it: a call that the
//! boolean walk accepts is then known to be within `Options::max_depth` whenever
//! that bound is within it, and the valid path skips the walk that measures the
//! call's depth (`depth_exceeds`).

use super::{fold_nodes, recursive_nodes};
use tool_schema_engine::schema::{Additional, Node, NodeId, Schema};
use tool_schema_engine::JsonType;

/// The most levels of objects and arrays (as `depth_exceeds` counts them: a
/// scalar 0, `{}` 1) of any value the root accepts, or `None` when it accepts
/// values of any depth (open objects, arrays without `items`, `{}`, `$ref`
/// cycles, ...). An over-estimate is allowed, an under-estimate never.
pub(super) fn bound(schema: &Schema) -> Option<usize> {
    let recursive = recursive_nodes(schema);
    let bounds = fold_nodes(schema, &recursive, None, |id, of| {
        node_bound(schema.node(id), of)
    });
    bounds[schema.root_id().0 as usize]
}

/// `node`'s bound from its subschemas' (`of`).
fn node_bound(node: &Node, of: &dyn Fn(NodeId) -> Option<usize>) -> Option<usize> {
    if node.never {
        return Some(0);
    }
    let mut own = own_bound(node, of);
    // Every one of these must accept the value too.
    for target in node.reference.iter().chain(&node.all_of) {
        own = tighter(own, of(*target));
    }
    // One of these must.
    for list in [&node.any_of, &node.one_of] {
        if !list.is_empty() {
            let widest = list.iter().try_fold(0usize, |m, id| Some(m.max(of(*id)?)));
            own = tighter(own, widest);
        }
    }
    own
}

fn tighter(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// The bound of the node's own keywords: `enum`/`const`, else `type` and the
/// object and array keywords.
fn own_bound(node: &Node, of: &dyn Fn(NodeId) -> Option<usize>) -> Option<usize> {
    if let Some(values) = &node.enum_values {
        return Some(values.iter().map(value_depth).max().unwrap_or(0));
    }
    if let Some(value) = &node.const_value {
        return Some(value_depth(value));
    }
    let types = node.types?;
    let mut deepest = 0;
    if types.declares(JsonType::Object) {
        deepest = deepest.max(object_bound(node, of)?);
    }
    if types.declares(JsonType::Array) {
        deepest = deepest.max(array_bound(node, of)?);
    }
    Some(deepest)
}

/// An object: one level above its deepest member, if every member it accepts
/// is checked against a bounded schema.
fn object_bound(node: &Node, of: &dyn Fn(NodeId) -> Option<usize>) -> Option<usize> {
    let mut members = 0;
    for p in node.properties.as_deref().unwrap_or(&[]) {
        members = members.max(of(p.node)?);
    }
    for (_, s) in &node.pattern_properties {
        members = members.max(of(*s)?);
    }
    match node.additional {
        // Undeclared names refused under every option (`rejects_undeclared`).
        Additional::Forbidden => {}
        Additional::Schema(s) => members = members.max(of(s)?),
        // Open, or closed only by the options of the run.
        _ => return None,
    }
    Some(members + 1)
}

/// An array: one level above its deepest element, if every element is checked
/// against a bounded schema.
fn array_bound(node: &Node, of: &dyn Fn(NodeId) -> Option<usize>) -> Option<usize> {
    let mut elements = of(node.items?)?;
    for id in &node.prefix_items {
        elements = elements.max(of(*id)?);
    }
    Some(elements + 1)
}

/// The levels of objects and arrays of `v` (a scalar 0).
fn value_depth(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Array(items) => 1 + items.iter().map(value_depth).max().unwrap_or(0),
        serde_json::Value::Object(m) => 1 + m.values().map(value_depth).max().unwrap_or(0),
        _ => 0,
    }
}
