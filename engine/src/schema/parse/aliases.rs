//! `x-tool-schema-aliases` (see [`crate::keywords::alias`]): `{"city": ["town"]}`
//! beside `properties`, read into alias entries of [`Node::properties`] once the
//! node's other keywords are. Refused with its place: a value that is not an
//! object of lists of strings, a name `properties` does not declare, an alias
//! that is already a property's name or another alias, a `required` that names an
//! alias.

use super::{kind_of, Parser};
use crate::json::pointer;
use crate::schema::{Node, Property};
use serde_json::Value;
use std::collections::HashMap;

impl Parser<'_> {
    /// Adds the aliases `v` of the node at `ptr` to its properties (`required_at`:
    /// the source index of each name kept in `required`).
    pub(super) fn aliases(&mut self, v: &Value, ptr: &str, required_at: &[usize], node: &mut Node) {
        let at = &pointer::join(ptr, crate::keywords::alias::KEYWORD);
        let Value::Object(map) = v else {
            let got = kind_of(v);
            self.error(
                at,
                format!("expected an object mapping property names to lists of aliases, got {got}"),
            );
            return;
        };
        let Some(props) = node.properties.as_mut() else {
            if !map.is_empty() {
                let msg = "aliases name properties: this schema declares no properties";
                self.key_error(at.to_string(), msg.to_string());
            }
            return;
        };
        // Every name read so far: a property's (`None`) or an alias of property `d`.
        let mut names: HashMap<String, Option<usize>> =
            props.iter().map(|p| (p.name.clone(), p.alias_of)).collect();
        let declared = props.len();
        let mut added = Vec::new();
        for (name, list) in map {
            let list_at = pointer::join(at, name);
            let Some(d) = props[..declared].iter().position(|p| p.name == *name) else {
                let msg = format!("\"{name}\" is not a property declared in properties");
                self.key_error(list_at, msg);
                continue;
            };
            let Value::Array(items) = list else {
                let got = kind_of(list);
                self.error(list_at, format!("expected an array of aliases, got {got}"));
                continue;
            };
            for (i, item) in items.iter().enumerate() {
                let item_at = pointer::join(&list_at, &i.to_string());
                let Value::String(alias) = item else {
                    let got = kind_of(item);
                    self.error(item_at, format!("expected an alias (a string), got {got}"));
                    continue;
                };
                let clash = match names.get(alias) {
                    None => None,
                    Some(None) if alias == name => Some("is the property's own name".to_string()),
                    Some(None) => Some("is the name of another property".to_string()),
                    Some(Some(o)) if *o == d => Some(format!("is already an alias of \"{name}\"")),
                    Some(Some(o)) => {
                        let other = &props[*o].name;
                        Some(format!("is already an alias of \"{other}\""))
                    }
                };
                if let Some(why) = clash {
                    let msg = format!("alias \"{alias}\" {why}: each name may read one property");
                    self.error(item_at, msg);
                    continue;
                }
                names.insert(alias.clone(), Some(d));
                added.push(Property {
                    name: alias.clone(),
                    node: props[d].node,
                    alias_of: Some(d),
                });
            }
        }
        // Ordered by property (stable: each property's aliases in their order),
        // so that a property's aliases are found by binary search. Sorted as
        // (property, position) pairs: the one sort of pairs the crate compiles.
        let mut order: Vec<(u32, u64)> = Vec::with_capacity(added.len());
        for (i, p) in added.iter().enumerate() {
            order.push((p.alias_of.unwrap_or(0) as u32, i as u64));
        }
        order.sort_unstable();
        for &(_, i) in &order {
            let p = &mut added[i as usize];
            props.push(Property {
                name: std::mem::take(&mut p.name),
                node: p.node,
                alias_of: p.alias_of,
            });
        }
        let required = pointer::join(ptr, "required");
        for (name, i) in node.required.iter().zip(required_at) {
            if let Some(Some(d)) = names.get(name) {
                let property = &node.properties.as_deref().unwrap_or(&[])[*d].name;
                let msg = format!(
                    "required names \"{name}\", an alias of \"{property}\": require \"{property}\" (any of its names then satisfies it)"
                );
                self.error(pointer::join_index(&required, *i), msg);
            }
        }
    }
}
