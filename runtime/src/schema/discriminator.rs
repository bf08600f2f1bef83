//! Discriminated unions: an `anyOf` or `oneOf` whose branches are objects that
//! each require one property (the tag) and fix its value (`const`, or an `enum`
//! of a few), no value shared by two branches. Serde's tagged enums derive this
//! shape, pydantic writes it for a `Literal` discriminator, and OpenAI strict
//! keeps it.
//!
//! Recognised once, here, for every schema ([`Node::any_of_tag`],
//! [`Node::one_of_tag`]); both back ends then decide with
//! [`crate::keywords::applicators::tagged`]: the tag picks the one branch that
//! can accept the value, so a call is reported against that branch alone, and an
//! unknown tag as one `enum` miss on the tag.

use super::{Node, NodeId};
use crate::json::{JsonType, TypeSet};
use serde_json::Value;

/// How an `anyOf`/`oneOf` is discriminated: by which property, and which value
/// of it selects which branch.
#[derive(Clone, Debug, PartialEq)]
pub struct Discriminator {
    /// The tag: a property every branch requires.
    pub name: String,
    /// Every tag value, in branch order (each once).
    pub values: Vec<Value>,
    /// For each of `values`, the index of the branch it selects.
    pub branches: Vec<usize>,
    /// The tag's index among the declared `properties` of every branch, when
    /// it is the same in all of them (the position of a violation on the tag).
    pub declared: Option<usize>,
}

/// Sets [`Node::any_of_tag`] and [`Node::one_of_tag`] on every node whose
/// `anyOf`/`oneOf` is discriminated.
pub(crate) fn mark_discriminators(nodes: &mut [Node]) {
    for i in 0..nodes.len() {
        let any = recognise(nodes, &nodes[i].any_of);
        let one = recognise(nodes, &nodes[i].one_of);
        nodes[i].any_of_tag = any;
        nodes[i].one_of_tag = one;
    }
}

/// The discriminator of `branches`, if they are discriminated: every branch
/// (through a `$ref` standing for it) accepts only objects, requires the tag and
/// fixes its values, and no two branches share a tag value.
fn recognise(nodes: &[Node], branches: &[NodeId]) -> Option<Discriminator> {
    let first = shape(nodes, *branches.first()?)?;
    first.required.iter().find_map(|name| {
        let mut values: Vec<Value> = Vec::new();
        let mut selects = Vec::new();
        let mut declared = None;
        for (b, &id) in branches.iter().enumerate() {
            let node = shape(nodes, id)?;
            if !node.required.contains(name) {
                return None;
            }
            let (d, property) = node.property(name)?;
            declared = match (b, declared) {
                (0, _) => Some(d),
                (_, Some(before)) if before == d => Some(d),
                _ => None,
            };
            let tag = &nodes[property.node.0 as usize];
            let fixed: &[Value] = match (&tag.const_value, &tag.enum_values) {
                (Some(c), _) => std::slice::from_ref(c),
                (None, Some(list)) if !list.is_empty() && list.len() <= 16 => list,
                _ => return None,
            };
            for v in fixed {
                if values.contains(v) {
                    return None;
                }
                values.push(v.clone());
                selects.push(b);
            }
        }
        Some(Discriminator {
            name: name.clone(),
            values,
            branches: selects,
            declared,
        })
    })
}

/// The node that says what branch `id` accepts: itself when it declares an
/// object type, else the target of its `$ref` (a few hops at most). Whatever
/// else the branch says only narrows what it accepts.
fn shape(nodes: &[Node], mut id: NodeId) -> Option<&Node> {
    let object = TypeSet::single(JsonType::Object);
    for _ in 0..8 {
        let node = &nodes[id.0 as usize];
        if node.types == Some(object) && !node.nullable {
            return Some(node);
        }
        id = node.reference?;
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::schema::Schema;
    use serde_json::json;

    fn tag_of(schema: serde_json::Value) -> Option<(String, usize)> {
        let s = Schema::parse(&schema).unwrap();
        let root = s.root();
        let d = root.any_of_tag.as_ref().or(root.one_of_tag.as_ref())?;
        Some((d.name.clone(), d.values.len()))
    }

    fn branch(tag: &str, extra: &str) -> serde_json::Value {
        json!({"type": "object", "properties": {"action": {"const": tag}, extra: {"type": "integer"}}, "required": ["action", extra]})
    }

    #[test]
    fn const_tags_recognised() {
        let s = json!({"anyOf": [branch("move", "x"), branch("stop", "y")]});
        assert_eq!(tag_of(s), Some(("action".into(), 2)));
    }

    #[test]
    fn refs_followed() {
        let s = json!({"oneOf": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/b"}],
            "$defs": {"a": branch("a", "x"), "b": branch("b", "y")}});
        assert_eq!(tag_of(s), Some(("action".into(), 2)));
    }

    #[test]
    fn shared_value_optional_tag_or_untyped_branch_not_recognised() {
        let shared = json!({"anyOf": [branch("a", "x"), branch("a", "y")]});
        assert_eq!(tag_of(shared), None);
        let optional = json!({"anyOf": [branch("a", "x"),
            {"type": "object", "properties": {"action": {"const": "b"}}}]});
        assert_eq!(tag_of(optional), None);
        let untyped = json!({"anyOf": [branch("a", "x"),
            {"properties": {"action": {"const": "b"}}, "required": ["action"]}]});
        assert_eq!(tag_of(untyped), None);
    }

    fn report(schema: &serde_json::Value, call: serde_json::Value) -> Vec<(String, &'static str)> {
        let s = Schema::parse(schema).unwrap();
        s.validate(&call)
            .violations()
            .iter()
            .map(|v| (v.path.to_pointer(), v.kind.code()))
            .collect()
    }

    #[test]
    fn reports_the_chosen_branch_or_the_tag() {
        let s = json!({"anyOf": [branch("move", "x"), branch("stop", "y")]});
        assert!(report(&s, json!({"action": "stop", "y": 1})).is_empty());
        assert_eq!(
            report(&s, json!({"action": "move", "x": "far"})),
            [("/x".to_string(), "type")]
        );
        assert_eq!(
            report(&s, json!({"action": "jump", "x": 1})),
            [("/action".to_string(), "enum")]
        );
        assert_eq!(
            report(&s, json!({"x": 1})),
            [("/action".to_string(), "missing")]
        );
        assert_eq!(report(&s, json!(3)), [(String::new(), "type")]);
    }
}
