//! Discriminated unions: an `anyOf` or `oneOf` whose branches that take objects
//! are told apart by one member, so that at most one of them can accept a given
//! object. Two forms:
//!
//! - by a tag's value: each such branch requires one property (the tag) and
//!   fixes its value (`const`, or an `enum` of a few), no value shared by two
//!   branches; serde's internally and adjacently tagged enums derive this shape,
//!   pydantic writes it for a `Literal` discriminator, and OpenAI strict keeps it;
//! - by a member's name: each such branch is an object of exactly one required
//!   member (`additionalProperties: false`), each its own name; serde's
//!   externally tagged enums (`{"Move": {...}}`) derive this shape.
//!
//! Branches whose `type` excludes objects (an externally tagged enum's unit
//! variants, a string enum) take no part: they never accept an object.
//!
//! Recognised once, here, for every schema ([`Node::any_of_tag`],
//! [`Node::one_of_tag`]); both back ends then decide with
//! [`crate::keywords::applicators::tagged`]: the tag picks the one branch that
//! can accept the object, so a call is reported against that branch alone, and an
//! unknown tag as one `enum` miss on the tag.

use super::{Additional, Node, NodeId};
use crate::json::{json_eq, JsonType, TypeSet};
use crate::keywords::applicators::Tag;
use serde_json::Value;

/// How an `anyOf`/`oneOf` is discriminated: by which property (or by which
/// member's name), and which value selects which branch.
#[derive(Clone, Debug, PartialEq)]
pub struct Discriminator {
    /// The tag: a property every object branch requires. Empty when the branch is
    /// chosen by a member's name ([`Discriminator::by_name`]).
    pub name: String,
    /// Every tag value (or member name, as a string), in branch order, each once.
    pub values: Vec<Value>,
    /// For each of `values`, the index of the branch it selects.
    pub branches: Vec<usize>,
    /// The tag's index among the declared `properties` of every object branch,
    /// when it is the same in all of them (the position of a violation on it).
    pub declared: Option<usize>,
    /// Each object branch is one member named by `values`: an object holding
    /// exactly one of those names goes to its branch.
    pub by_name: bool,
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

/// What a branch is, for the recognition: an object shape, or a node that
/// never accepts an object.
enum Branch<'a> {
    Object(&'a Node),
    NoObject,
}

/// The discriminator of `branches`, if they are discriminated (see the module
/// docs).
fn recognise(nodes: &[Node], branches: &[NodeId]) -> Option<Discriminator> {
    let mut shapes: Vec<(usize, &Node)> = Vec::new();
    for (i, &id) in branches.iter().enumerate() {
        if let Branch::Object(node) = shape(nodes, id)? {
            shapes.push((i, node));
        }
    }
    let (_, first) = shapes.first()?;
    by_name(&shapes).or_else(|| {
        first
            .required
            .iter()
            .find_map(|name| by_value(nodes, &shapes, name))
    })
}

/// Every object branch one required member, each its own name.
fn by_name(shapes: &[(usize, &Node)]) -> Option<Discriminator> {
    let mut values: Vec<Value> = Vec::new();
    for (_, node) in shapes {
        let only = match (node.properties.as_deref(), node.required.as_slice()) {
            (Some([p]), [r]) if p.name == *r => r,
            _ => return None,
        };
        if node.additional != Additional::Forbidden || !node.pattern_properties.is_empty() {
            return None;
        }
        let v = Value::String(only.clone());
        if values.contains(&v) {
            return None;
        }
        values.push(v);
    }
    Some(Discriminator {
        name: String::new(),
        values,
        branches: shapes.iter().map(|(i, _)| *i).collect(),
        declared: Some(0),
        by_name: true,
    })
}

/// Every object branch requires `name` and fixes its values, none shared.
fn by_value(nodes: &[Node], shapes: &[(usize, &Node)], name: &str) -> Option<Discriminator> {
    let mut values: Vec<Value> = Vec::new();
    let mut selects = Vec::new();
    let mut declared = None;
    for (k, (b, node)) in shapes.iter().enumerate() {
        if !node.required.iter().any(|r| r == name) {
            return None;
        }
        let (d, property) = node.property(name)?;
        declared = match (k, declared) {
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
            if values.iter().any(|seen| json_eq(seen, v)) {
                return None;
            }
            values.push(v.clone());
            selects.push(*b);
        }
    }
    Some(Discriminator {
        name: name.to_string(),
        values,
        branches: selects,
        declared,
        by_name: false,
    })
}

/// What branch `id` accepts: an object shape when it (or the target of its
/// `$ref`, a few hops at most) declares the object type alone; no object when
/// its `type` leaves objects out. Whatever else the branch says only narrows
/// what it accepts. `None`: neither is known.
fn shape(nodes: &[Node], mut id: NodeId) -> Option<Branch<'_>> {
    let object = TypeSet::single(JsonType::Object);
    for _ in 0..8 {
        let node = &nodes[id.0 as usize];
        match node.types {
            Some(t) if t == object && !node.nullable => return Some(Branch::Object(node)),
            Some(t) if !t.declares(JsonType::Object) => return Some(Branch::NoObject),
            _ => {}
        }
        id = node.reference?;
    }
    None
}

impl Discriminator {
    /// The borrowed view [`tagged`](crate::keywords::applicators::tagged) takes.
    pub fn tag(&self) -> Tag<'_> {
        Tag {
            name: &self.name,
            values: &self.values,
            branches: &self.branches,
            declared: self.declared,
            by_name: self.by_name,
        }
    }
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

    #[test]
    fn numeric_tags_compare_as_json() {
        let one = |tag: serde_json::Value, extra: &str| json!({"type": "object", "properties": {"v": {"const": tag}, extra: {"type": "integer"}}, "required": ["v"]});
        let s = json!({"anyOf": [one(json!(1), "x"), one(json!(2), "y")]});
        assert_eq!(tag_of(s.clone()), Some(("v".into(), 2)));
        assert!(report(&s, json!({"v": 1.0, "x": 3})).is_empty());
        assert_eq!(
            report(&s, json!({"v": 2.0, "y": "s"})),
            [("/y".to_string(), "type")]
        );
        // `1` and `1.0` are one value: not told apart.
        let same = json!({"anyOf": [one(json!(1), "x"), one(json!(1.0), "y")]});
        assert_eq!(tag_of(same), None);
    }

    #[test]
    fn by_member_name_beside_a_string_branch() {
        let union = json!({"anyOf": [
            {"type": "string", "enum": ["Stop"]},
            {"type": "object", "properties": {"Move": {"type": "object",
                "properties": {"x": {"type": "integer"}}, "required": ["x"]}},
             "required": ["Move"], "additionalProperties": false},
            {"type": "object", "properties": {"Say": {"type": "string"}},
             "required": ["Say"], "additionalProperties": false}]});
        let s = json!({"type": "object", "properties": {"do": union}});
        let parsed = Schema::parse(&s).unwrap();
        let node = parsed.node(parsed.root().properties.as_ref().unwrap()[0].node);
        assert!(node.any_of_tag.as_ref().is_some_and(|d| d.by_name));
        assert!(report(&s, json!({"do": "Stop"})).is_empty());
        assert!(report(&s, json!({"do": {"Say": "hi"}})).is_empty());
        assert_eq!(
            report(&s, json!({"do": {"Move": {"x": "far"}}})),
            [("/do/Move/x".to_string(), "type")]
        );
        // No known name, or two: every branch, as without a discriminator.
        assert_eq!(report(&s, json!({"do": {"Jump": 1}}))[0].1, "any-of");
        let both = json!({"do": {"Say": "hi", "Move": {"x": 1}}});
        assert_eq!(report(&s, both)[0].1, "any-of");
    }
}
