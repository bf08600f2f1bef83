//! `unevaluated` keywords at a model node: the node's constants handed to the
//! value-level decisions of `crate::keywords::unevaluated`.

use crate::schema::{Additional, Node, NodeId, Schema};

/// Whether `node`'s own keywords may evaluate members of an object.
#[inline]
pub fn evaluates_members(node: &Node) -> bool {
    node.properties.is_some()
        || !node.pattern_properties.is_empty()
        || node.additional != Additional::Unspecified
        || node.unevaluated_properties.is_some()
}

/// Whether `node` applies a subschema in place whose annotations count
/// (everything but `not`), or has an `unevaluated*` keyword: evaluating it
/// needs the annotation walk rather than the plain one.
#[inline]
pub fn collects(node: &Node) -> bool {
    node.reference.is_some()
        || !node.all_of.is_empty()
        || !node.any_of.is_empty()
        || !node.one_of.is_empty()
        || node.if_schema.is_some()
        || !node.dependent_schemas.is_empty()
}

/// The property names declared by node `id` and the subschemas it applies in
/// place, sorted, each once: the names `unevaluatedProperties: false` suggests
/// for an unexpected one.
pub fn declared_in_place(schema: &Schema, id: NodeId) -> Vec<&str> {
    let mut names = Vec::new();
    let mut seen = vec![id];
    let mut stack = vec![id];
    while let Some(n) = stack.pop() {
        let node = schema.node(n);
        names.extend(node.properties.iter().flatten().map(|p| p.name.as_str()));
        for m in node.in_place_subschemas() {
            if !seen.contains(&m) {
                seen.push(m);
                stack.push(m);
            }
        }
    }
    names.sort_unstable();
    names.dedup();
    names
}
