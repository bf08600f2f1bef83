//! `oneOf`/`anyOf`: a type and `null` (`Option`), string constants (a string
//! enum), or objects told apart by a required property fixed to one string each (an internally tagged enum, a
//! variant per branch named from its tag's value). Any other union is a
//! `serde_json::Value`: serde's untagged enums take the first branch that reads a
//! value, which need not be the one the value meets, nor write it back as it came.

use super::objects::through_refs;
use super::{description, names, Def, Planner, Ty, Variant};
use serde_json::Value;
use tool_schema_engine::schema::{Discriminator, Node, NodeId};
use tool_schema_engine::JsonType;

/// Whether `node` accepts `null` alone (`{"type": "null"}`).
fn null_only(node: &Node) -> bool {
    node.types
        .is_some_and(|t| t.len() == 1 && t.declares(JsonType::Null))
}

impl<'s> Planner<'s> {
    /// The reading of union `branches` of node `id` (`tag`: how the runtime
    /// tells them apart, if it does).
    pub(super) fn union(
        &mut self,
        id: NodeId,
        branches: &'s [NodeId],
        tag: Option<&'s Discriminator>,
        hint: String,
        doc: &mut Vec<String>,
    ) -> Result<Ty, String> {
        let (nulls, others): (Vec<NodeId>, Vec<NodeId>) = branches
            .iter()
            .partition(|&&b| null_only(self.node(through_refs(self.schema, b))));
        if let ([_, ..], [other]) = (nulls.as_slice(), others.as_slice()) {
            // The other branch reads every value that is not `null`.
            let ty = self.node_reading(*other, hint, doc)?;
            return Ok(if ty.holds_null() {
                ty
            } else {
                Ty::Option(Box::new(ty))
            });
        }
        if let Some(strings) = self.string_constants(branches) {
            return Ok(self.declare_enum(id, strings, hint));
        }
        let not_tagged = "the branches are not objects told apart by a required property's `const` or single-value `enum` (a tagged union), nor a type and `null`".to_string();
        let tag = tag.ok_or(not_tagged)?;
        if tag.by_name {
            return self.by_name(id, branches, tag, hint, doc);
        }
        // Each branch an object selected by one string of the tag.
        let mut selected: Vec<(usize, String)> = Vec::new();
        for (value, &b) in tag.values.iter().zip(&tag.branches) {
            let Value::String(s) = value else {
                return Err(format!(
                    "the tag `{}` takes {value}, and serde's tags are strings",
                    tag.name
                ));
            };
            if selected.iter().any(|(seen, _)| *seen == b) {
                return Err(format!(
                    "a branch takes several values of the tag `{}`",
                    tag.name
                ));
            }
            selected.push((b, s.clone()));
        }
        if selected.len() != branches.len() {
            return Err("a branch of the union is not an object".into());
        }
        let name = self.name_for(id, hint);
        let buffered = std::mem::replace(&mut self.buffered, true);
        let variants = self.variants(&name, branches, &selected, &tag.name);
        self.buffered = buffered;
        let variants = variants?;
        self.defs.push(Def::Union {
            name: name.clone(),
            doc: description(self.node(id)),
            tag: tag.name.clone(),
            variants,
        });
        Ok(Ty::Named(name))
    }

    /// The externally tagged enum of a union of objects each of one member of
    /// its own name (serde's default enum shape: `{"Move": {...}}`): a variant
    /// per branch, named from the member, holding the member's value.
    fn by_name(
        &mut self,
        id: NodeId,
        branches: &'s [NodeId],
        tag: &Discriminator,
        hint: String,
        doc: &mut Vec<String>,
    ) -> Result<Ty, String> {
        if tag.branches.len() != branches.len() {
            return Err("a branch of the union is not an object".into());
        }
        let name = self.name_for(id, hint);
        let mut idents = Vec::new();
        let mut variants = Vec::new();
        for &b in branches {
            let node = self.node(through_refs(self.schema, b));
            let Some([member]) = node.properties.as_deref() else {
                return Err("a branch of the union is not an object of one member".into());
            };
            let ident = names::unique(names::camel(&member.name, "V"), &mut idents);
            let ty = self.ty(member.node, format!("{name}{ident}"), doc);
            variants.push(Variant {
                ident,
                tag_value: member.name.clone(),
                ty,
            });
        }
        self.defs.push(Def::Union {
            name: name.clone(),
            doc: description(self.node(id)),
            tag: String::new(),
            variants,
        });
        Ok(Ty::Named(name))
    }

    /// The strings of `branches` when each is a string constant (`const`, or
    /// an `enum` of one string; schemars' shape for an enum with documented
    /// variants), each once, with the branch's description.
    fn string_constants(&self, branches: &[NodeId]) -> Option<Vec<(String, Vec<String>)>> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for &b in branches {
            let node = self.node(through_refs(self.schema, b));
            let Some(Value::String(s)) = super::constant(node) else {
                return None;
            };
            if out.iter().any(|(seen, _)| seen == s) {
                return None;
            }
            out.push((s.clone(), description(node)));
        }
        Some(out)
    }

    /// The variants of tagged union `union`: for each branch, the struct of its
    /// members but the tag.
    fn variants(
        &mut self,
        union: &str,
        branches: &'s [NodeId],
        selected: &[(usize, String)],
        tag: &str,
    ) -> Result<Vec<Variant>, String> {
        let mut idents = Vec::new();
        let mut out = Vec::new();
        for (b, value) in selected {
            let id = through_refs(self.schema, branches[*b]);
            let node = self.node(id);
            if let Some(reason) = super::objects::branch_refusal(node) {
                return Err(reason);
            }
            let ident = names::unique(names::camel(value, &format!("V{b}")), &mut idents);
            let ty = self.name_for(id, format!("{union}{ident}"));
            self.declare_struct(&[node], Some(tag), ty.clone(), description(node));
            out.push(Variant {
                ident,
                tag_value: value.clone(),
                ty: Ty::Named(ty),
            });
        }
        Ok(out)
    }
}
