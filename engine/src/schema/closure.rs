//! Which nodes leave the closing of the arguments object to their in-place
//! subschemas: a root `{"$ref": "#/definitions/Args"}` (as zod-to-json-schema writes
//! it) or an `anyOf` of object shapes declares no `properties` itself, so the names
//! it would refuse as undeclared are those its subschemas declare.

use super::{Lint, LintKind, Node, NodeId};
use std::collections::HashMap;

/// Sets [`Node::members_elsewhere`] on every node without `properties` from which a
/// node with `properties` is reached through in-place subschemas (`$ref`, `allOf`,
/// `anyOf`, `oneOf`; not `not`, whose names are the ones refused, nor the
/// conditional subschemas, see [`mark_conditional`]). Linear: one
/// backward walk from the nodes that declare `properties`.
pub(crate) fn mark_members_elsewhere(nodes: &mut [Node]) {
    let mut callers: Vec<Vec<u32>> = vec![Vec::new(); nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        let in_place = node
            .reference
            .iter()
            .chain(&node.all_of)
            .chain(&node.any_of)
            .chain(&node.one_of);
        for &NodeId(to) in in_place {
            callers[to as usize].push(i as u32);
        }
    }
    let declares = crate::schema::node_checks::object::declares_names;
    let mut reaches: Vec<bool> = nodes.iter().map(declares).collect();
    let mut stack: Vec<u32> = (0..nodes.len() as u32)
        .filter(|&i| reaches[i as usize])
        .collect();
    while let Some(i) = stack.pop() {
        for &from in &callers[i as usize] {
            if !reaches[from as usize] {
                reaches[from as usize] = true;
                stack.push(from);
            }
        }
    }
    for (node, reaches) in nodes.iter_mut().zip(reaches) {
        node.members_elsewhere = reaches && !declares(node);
    }
}

/// The subschemas a node applies only under a condition: `if`, `then`, `else`
/// and each of `dependentSchemas`.
pub(crate) fn conditional_subschemas(node: &Node) -> Vec<NodeId> {
    let mut out = Vec::new();
    out.extend(node.if_schema);
    out.extend(node.then_schema);
    out.extend(node.else_schema);
    for d in &node.dependent_schemas {
        out.push(d.node);
    }
    out
}

/// Marks the conditional subschemas ([`Node::conditional`]: they close no object
/// in tool-call mode) and gives each node that applies them the names they
/// declare in `properties` ([`Node::conditional_names`], sorted, each once), which
/// its own closing then lets through.
pub(crate) fn mark_conditional(nodes: &mut [Node]) {
    for i in 0..nodes.len() {
        let subs = conditional_subschemas(&nodes[i]);
        if subs.is_empty() {
            continue;
        }
        for &NodeId(c) in &subs {
            nodes[c as usize].conditional = true;
        }
        // Sorted as `&str`s (the order of `String`s), then copied once each.
        let mut names: Vec<&str> = Vec::new();
        for &NodeId(c) in &subs {
            names.extend(
                nodes[c as usize]
                    .properties
                    .iter()
                    .flatten()
                    .map(|p| p.name.as_str()),
            );
        }
        names.sort_unstable();
        names.dedup();
        let names: Vec<String> = names.into_iter().map(String::from).collect();
        nodes[i].conditional_names = names;
    }
}

/// Drops the lint `required_undeclared` of a name that a conditional
/// subschema requires (`"then": {"required": ["address"]}`) and the node
/// applying it declares: the usual way to write a conditional requirement.
pub(crate) fn excuse_conditional_required(nodes: &[Node], lints: &mut Vec<Lint>) {
    // The subschema's `required` pointer -> the node applying it.
    let mut applied_by: HashMap<String, usize> = HashMap::new();
    for (i, node) in nodes.iter().enumerate() {
        for NodeId(c) in conditional_subschemas(node) {
            let sub = &nodes[c as usize];
            if !sub.required.is_empty() {
                applied_by.insert(format!("{}/required", sub.pointer), i);
            }
        }
    }
    if applied_by.is_empty() {
        return;
    }
    lints.retain(|l| {
        if l.kind != LintKind::RequiredUndeclared {
            return true;
        }
        let d = &l.diagnostic;
        let name = d
            .message
            .strip_prefix("required property \"")
            .and_then(|m| m.strip_suffix("\" is not declared in properties"));
        let list = d.pointer.rsplit_once('/').map(|(list, _)| list);
        let parent = list.and_then(|list| applied_by.get(list));
        let excused = match (name, parent) {
            (Some(n), Some(&p)) => nodes[p].property(n).is_some(),
            _ => false,
        };
        !excused
    });
}

/// Marks the nodes applied in place by a node with `unevaluatedProperties`
/// ([`Node::under_unevaluated`]): through `$ref`, `allOf`, `anyOf`, `oneOf`,
/// `if`/`then`/`else` and `dependentSchemas` (not `not`), at any depth. Linear:
/// each node is entered once.
pub(crate) fn mark_under_unevaluated(nodes: &mut [Node]) {
    let mut stack: Vec<NodeId> = Vec::new();
    let push_subs = |node: &Node, stack: &mut Vec<NodeId>| {
        stack.extend(node.reference);
        stack.extend(&node.all_of);
        stack.extend(&node.any_of);
        stack.extend(&node.one_of);
        stack.extend(conditional_subschemas(node));
    };
    for node in nodes.iter() {
        if node.unevaluated_properties.is_some() {
            push_subs(node, &mut stack);
        }
    }
    while let Some(NodeId(i)) = stack.pop() {
        if std::mem::replace(&mut nodes[i as usize].under_unevaluated, true) {
            continue;
        }
        push_subs(&nodes[i as usize], &mut stack);
    }
}
