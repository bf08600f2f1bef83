//! What describes the value at a path: the description the default words quote
//! after a missing argument (`render::Words::describe_missing`).

use super::{Node, NodeId, Schema};
use crate::render::Described;
use crate::violation::Segment;

impl Described for Schema {
    fn description_at(&self, path: &[Segment]) -> Option<&str> {
        described(self, path)
    }
}

/// The description of the value at `path` in `schema`: the declared property of
/// each step (looked for in the node, then through its `$ref` and `allOf`), and
/// the node's description (or its `$ref` target's).
fn described<'s>(schema: &'s Schema, path: &[Segment]) -> Option<&'s str> {
    let mut node = schema.root();
    for seg in path {
        let next = match seg {
            Segment::Key(k) => member(schema, node, k)?,
            Segment::Index(i) => node.prefix_items.get(*i).copied().or(node.items)?,
        };
        node = schema.node(next);
    }
    let own = node.annotations.description.as_deref();
    own.or_else(|| {
        let target = schema.node(node.reference?);
        target.annotations.description.as_deref()
    })
}

/// The node of the property `name` declared by `node`, or by what it applies in
/// place (`$ref`, `allOf`); at most [`LOOKED_AT`] nodes are looked at.
fn member(schema: &Schema, node: &Node, name: &str) -> Option<NodeId> {
    let mut todo = vec![node];
    let mut seen = 0;
    while let Some(node) = todo.pop() {
        if let Some((_, p)) = node.property(name) {
            return Some(p.node);
        }
        seen += 1;
        if seen >= LOOKED_AT {
            return None;
        }
        let applied = node.reference.iter().chain(node.all_of.iter()).rev();
        todo.extend(applied.map(|id| schema.node(*id)));
    }
    None
}

/// The most nodes [`member`] looks at for one name.
const LOOKED_AT: usize = 32;
