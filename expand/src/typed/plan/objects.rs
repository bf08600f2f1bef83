//! Structs: an object schema's, and the merge of an `allOf` of object schemas
//! (each property read by the first declaration met: a valid value meets them
//! all; required by any; the undeclared members kept unless one of them forbids
//! them).

use super::{description, names, unmapped_keyword, Def, Field, Planner, Rest, Ty};
use tool_schema_engine::pattern::Pattern;
use tool_schema_engine::schema::{Additional, Node, NodeId};
use tool_schema_engine::{JsonType, Schema};

/// Why the root cannot be the tool's type, by the keyword at fault (`""`: the
/// node itself) and the reason; `None` when it may be (the planner may still
/// refuse a union or an `allOf` it cannot map).
pub(super) fn root_refusal(schema: &Schema, node: &Node) -> Option<(&'static str, String)> {
    if node.never || node.boolean {
        return Some(("", "a boolean schema has no fields".into()));
    }
    if !node.all_of.is_empty() || !node.one_of.is_empty() || !node.any_of.is_empty() {
        return applied_in_place_refusal(schema, node);
    }
    let target = schema.node(through_refs(schema, schema.root_id()));
    if !std::ptr::eq(target, node) {
        // A root that is a `$ref` alone (zod-to-json-schema's with a name): the
        // schema it names is the root's.
        return root_refusal(schema, target).map(|(_, reason)| ("$ref", reason));
    }
    object_refusal(node, false)
}

/// [`root_refusal`] for a root with `allOf`, `anyOf` or `oneOf`: the keyword
/// that cannot be mapped, if one is sure not to be.
fn applied_in_place_refusal(schema: &Schema, node: &Node) -> Option<(&'static str, String)> {
    let tagged = |branches: &[NodeId], tag: bool| branches.is_empty() || tag;
    if !tagged(&node.one_of, node.one_of_tag.is_some()) && node.all_of.is_empty() {
        return Some(("oneOf", union_refusal("oneOf")));
    }
    if !tagged(&node.any_of, node.any_of_tag.is_some()) && node.all_of.is_empty() {
        return Some(("anyOf", union_refusal("anyOf")));
    }
    if !node.all_of.is_empty() && node.one_of.is_empty() && node.any_of.is_empty() {
        let mergeable = shapes(schema, node).is_some();
        if !mergeable {
            return Some(("allOf", "its `allOf` branches are not all object schemas without `anyOf`, `oneOf`, `patternProperties` and the like (one at most through a `$ref`), so they do not merge into a struct".into()));
        }
    }
    None
}

fn union_refusal(k: &str) -> String {
    format!("its `{k}` branches are not objects told apart by a required property's `const` (a tagged union, read as an enum)")
}

/// Why object schema `node` is not read by a struct (see [`root_refusal`]);
/// `merging`: it is a branch of an `allOf` (or the node holding it), which may
/// leave `type` to the other branches.
fn object_refusal(node: &Node, merging: bool) -> Option<(&'static str, String)> {
    if node.never || node.boolean {
        return Some(("", "a boolean schema has no fields".into()));
    }
    let patterns = pattern_refusal(node);
    let mapped = (!merging && patterns.is_none()).then_some("patternProperties");
    if let Some(k) = unmapped_keyword(node, mapped).filter(|k| !(merging && *k == "allOf")) {
        let reason = match (k, patterns) {
            ("patternProperties", Some(reason)) => reason,
            ("patternProperties", None) => {
                "`patternProperties` is not mapped in a branch of an `allOf`".into()
            }
            _ => format!("`{k}` is not mapped to a struct"),
        };
        return Some((k, reason));
    }
    if node.enum_values.is_some() {
        return Some(("enum", "`enum` is not mapped to a struct".into()));
    }
    match node.types {
        None if merging => {}
        None => {
            return Some((
                "",
                "the schema has no `type`, and a struct reads an object alone".into(),
            ))
        }
        Some(types) => {
            if types.len() != 1 || !types.declares(JsonType::Object) || node.nullable {
                return Some((
                    "type",
                    format!("the schema's type is {types}, and a struct reads an object alone"),
                ));
            }
        }
    }
    if node
        .properties
        .iter()
        .flatten()
        .any(|p| p.alias_of.is_some())
    {
        return Some((
            "x-tool-schema-aliases",
            "aliases (`x-tool-schema-aliases`) are not mapped yet".into(),
        ));
    }
    None
}

/// Why the members `node`'s `patternProperties` names are not read into a map
/// of one type, if they are not: a member must meet every pattern its name
/// matches, and one that no pattern nor `properties` names may be anything
/// `additionalProperties` allows.
fn pattern_refusal(node: &Node) -> Option<String> {
    match node.pattern_properties.len() {
        0 => None,
        1 if node.additional == Additional::Forbidden => None,
        1 => Some("`patternProperties` maps to a map of its schema's type where `additionalProperties` is `false` (other members would need another type)".into()),
        _ => Some("several `patternProperties` are not mapped (a member may have to meet more than one, and a map has one type of value)".into()),
    }
}

/// The schema of every member of object schema `node` that `properties` does not
/// declare, when one schema gives them all: its `additionalProperties`, or its
/// one `patternProperties` entry (with the pattern) where `additionalProperties`
/// is `false`.
fn members_schema(node: &Node) -> Option<(NodeId, Option<&Pattern>)> {
    match (node.pattern_properties.as_slice(), node.additional) {
        ([], Additional::Schema(value)) => Some((value, None)),
        ([(pattern, value)], Additional::Forbidden) => Some((*value, Some(pattern))),
        _ => None,
    }
}

/// A map of `ty`: `serde_json::Map` for a `Value`.
fn map_of(ty: Ty) -> Ty {
    match ty {
        Ty::Value => Ty::Map,
        ty => Ty::MapOf(Box::new(ty)),
    }
}

/// `id`, or the node its `$ref` names when that is all it says (a few hops).
pub(super) fn through_refs(schema: &Schema, mut id: NodeId) -> NodeId {
    for _ in 0..8 {
        let node = schema.node(id);
        match node.reference {
            Some(target)
                if node.types.is_none()
                    && node.properties.is_none()
                    && node.all_of.is_empty()
                    && node.any_of.is_empty()
                    && node.one_of.is_empty() =>
            {
                id = target
            }
            _ => break,
        }
    }
    id
}

/// The object schemas whose properties merge into the struct of `node`'s
/// `allOf`: `node` itself, then each branch (through a bare `$ref`); `None` when
/// one is not an object schema a struct reads (one with no `type` only narrows
/// what the others accept, so it may be one; one of them says `object`).
fn shapes<'s>(schema: &'s Schema, node: &'s Node) -> Option<Vec<&'s Node>> {
    let mut out = vec![node];
    object_refusal(node, true).is_none().then_some(())?;
    for &b in &node.all_of {
        let branch = schema.node(through_refs(schema, b));
        if object_refusal(branch, true).is_some() || !branch.all_of.is_empty() {
            return None;
        }
        out.push(branch);
    }
    let typed = out.iter().any(|n| n.types.is_some());
    typed.then_some(out)
}

impl<'s> Planner<'s> {
    /// The struct of an `allOf` of object schemas (and of `id`'s own properties).
    pub(super) fn merged(&mut self, id: NodeId, hint: String) -> Result<Ty, String> {
        let node = self.node(id);
        let Some(shapes) = shapes(self.schema, node) else {
            return Err("`allOf` maps to a type when its branches are object schemas (through a `$ref` at most) whose properties merge".into());
        };
        let name = self.name_for(id, hint);
        self.declare_struct(&shapes, None, name.clone(), description(node));
        Ok(Ty::Named(name))
    }

    /// The struct of object schema `id`, or a map when it declares no property.
    pub(super) fn object(
        &mut self,
        id: NodeId,
        hint: String,
        doc: &mut Vec<String>,
    ) -> Result<Ty, String> {
        let node = self.node(id);
        if node.properties.is_none() {
            // A map: of the one type of the members when a schema gives it.
            match members_schema(node) {
                // Another keyword narrows the object: a map of `Value`s reads it.
                Some(_) if unmapped_keyword(node, Some("patternProperties")).is_some() => {
                    return Ok(Ty::Map)
                }
                Some((value, _)) => return Ok(map_of(self.ty(value, format!("{hint}Value"), doc))),
                None if node.additional != Additional::Forbidden => return Ok(Ty::Map),
                None => {}
            }
        }
        if let Some((_, reason)) = object_refusal(node, false) {
            return Err(reason);
        }
        let name = self.name_for(id, hint);
        self.declare_struct(&[node], None, name.clone(), description(node));
        Ok(Ty::Named(name))
    }

    /// Declares struct `name` reading the members of every object schema of
    /// `shapes` (each checked by [`object_refusal`]) but `skip` (a union's tag).
    pub(super) fn declare_struct(
        &mut self,
        shapes: &[&'s Node],
        skip: Option<&str>,
        name: String,
        doc: Vec<String>,
    ) {
        let mut fields: Vec<Field> = Vec::new();
        let mut idents: Vec<String> = Vec::new();
        let required = |n: &str| shapes.iter().any(|s| s.required.iter().any(|r| r == n));
        for shape in shapes {
            for p in shape.properties.iter().flatten() {
                if skip == Some(p.name.as_str()) || fields.iter().any(|f| f.name == p.name) {
                    continue;
                }
                let (ident, renamed) = names::field(&p.name);
                let unique = names::unique(ident.clone(), &mut idents);
                let mut doc = description(self.node(p.node));
                let hint = format!("{name}{}", names::camel(&p.name, "Field"));
                let ty = self.ty(p.node, hint, &mut doc);
                fields.push(Field {
                    renamed: renamed || unique != ident,
                    name: p.name.clone(),
                    ident: unique,
                    ty,
                    required: required(&p.name),
                    doc,
                });
            }
        }
        let rest = self.rest(shapes, &name, &mut idents);
        self.defs.push(Def::Struct {
            name,
            doc,
            fields,
            rest,
        });
    }
}

impl<'s> Planner<'s> {
    /// The flattened field of struct `name` (whose fields are named `idents`)
    /// reading the members that `properties` does not declare, from the object
    /// schemas of `shapes`: none when one forbids them; a map of the one type
    /// the schema of one object gives them (its `additionalProperties`, or its
    /// one `patternProperties` where `additionalProperties` is `false`); else a
    /// `serde_json::Map`.
    fn rest(&mut self, shapes: &[&'s Node], name: &str, idents: &mut Vec<String>) -> Option<Rest> {
        let value = match shapes {
            [node] => members_schema(node),
            _ => None,
        };
        if let Some((value, pattern)) = value {
            let (ident, line) = match pattern {
                None => (
                    "additional_properties",
                    "The members `properties` does not declare (`additionalProperties`)."
                        .to_string(),
                ),
                Some(p) => (
                    "pattern_properties",
                    format!(
                        "The members whose names match `{}` (`patternProperties`).",
                        p.source
                    ),
                ),
            };
            let mut doc = vec![line];
            // serde reads a flattened field from its buffer of the other members.
            let buffered = std::mem::replace(&mut self.buffered, true);
            let ty = map_of(self.ty(value, format!("{name}Value"), &mut doc));
            self.buffered = buffered;
            let ident = names::unique(ident.into(), idents);
            return Some(Rest { ident, ty, doc });
        }
        if shapes.iter().any(|s| s.additional == Additional::Forbidden) {
            return None;
        }
        Some(Rest {
            ident: names::unique("additional_properties".into(), idents),
            ty: Ty::Map,
            doc: vec![
                "The members `properties` does not declare, which the".into(),
                "schema allows (`additionalProperties` is not `false`).".into(),
            ],
        })
    }
}

/// Why object schema `node` cannot be a tagged union's variant, if it cannot.
pub(super) fn branch_refusal(node: &Node) -> Option<String> {
    object_refusal(node, false)
        .map(|(_, reason)| format!("a branch of the union is not read by a struct: {reason}"))
}
