//! A checked [`Schema`] -> the compact bytes the macros hand to the run time as a
//! constant (`ToolArgs::__MODEL`), which [`super::decode`] reads back without the
//! schema engine. The format is described there; this writes it field by field in
//! the order the decoder reads.

use super::decode::{LINT_KINDS, MAGIC, NO_TYPES};
use super::decode::{NUMBER_FLOAT, NUMBER_NEGATIVE, NUMBER_NONE, NUMBER_UNSIGNED};
use super::{Additional, Annotations, Discriminator, Node, NodeId, Pattern, Property, Schema};
use crate::keywords::format;
use serde_json::{Number, Value};

impl Schema {
    /// The model as bytes, for [`Schema::__decode`]. Used by the macros only.
    #[doc(hidden)]
    pub fn __encode(&self) -> Vec<u8> {
        let mut out = Out(MAGIC.to_vec());
        out.uint(self.nodes.len() as u64);
        for node in &self.nodes {
            out.node(node);
        }
        out.uint(self.lints.len() as u64);
        for lint in &self.lints {
            let kind = LINT_KINDS.iter().position(|k| *k == lint.kind);
            out.uint(kind.unwrap_or(LINT_KINDS.len()) as u64);
            out.str(&lint.diagnostic.pointer);
            out.str(&lint.diagnostic.message);
            out.flag(lint.diagnostic.on_key);
        }
        out.0
    }
}

/// The bytes written so far.
struct Out(Vec<u8>);

impl Out {
    fn node(&mut self, n: &Node) {
        self.str(&n.pointer);
        self.flag(n.never);
        self.flag(n.boolean);
        self.byte(n.types.map_or(NO_TYPES, |t| t.bits()));
        self.flag(n.nullable);
        self.opt_json_list(n.enum_values.as_deref());
        self.opt_json(n.const_value.as_ref());
        for limit in [
            &n.minimum,
            &n.maximum,
            &n.exclusive_minimum,
            &n.exclusive_maximum,
            &n.multiple_of,
        ] {
            self.opt_number(limit.as_ref());
        }
        self.opt_uint(n.min_length);
        self.opt_uint(n.max_length);
        self.opt_pattern(n.pattern.as_ref());
        self.opt_str(n.format.as_deref());
        let numeric = n.numeric_format.and_then(|f| format::numeric_index(f.name));
        self.uint(numeric.map_or(0, |i| i as u64 + 1));
        self.flag(n.format_asserted);
        match &n.properties {
            None => self.flag(false),
            Some(props) => {
                self.flag(true);
                self.properties(props);
            }
        }
        self.strs(&n.required);
        self.uint(n.pattern_properties.len() as u64);
        for (pattern, id) in &n.pattern_properties {
            self.pattern(pattern);
            self.id(*id);
        }
        match n.additional {
            Additional::Unspecified => self.byte(0),
            Additional::Allowed => self.byte(1),
            Additional::Forbidden => self.byte(2),
            Additional::Schema(id) => {
                self.byte(3);
                self.id(id);
            }
        }
        self.flag(n.members_elsewhere);
        self.flag(n.conditional);
        self.flag(n.under_unevaluated);
        self.strs(&n.conditional_names);
        self.opt_id(n.unevaluated_properties);
        self.opt_uint(n.min_properties);
        self.opt_uint(n.max_properties);
        self.opt_id(n.property_names);
        self.uint(n.dependent_required.len() as u64);
        for (name, names) in &n.dependent_required {
            self.str(name);
            self.strs(names);
        }
        self.properties(&n.dependent_schemas);
        self.ids(&n.prefix_items);
        self.opt_id(n.items);
        self.opt_uint(n.min_items);
        self.opt_uint(n.max_items);
        self.flag(n.unique_items);
        self.opt_id(n.contains);
        self.opt_id(n.unevaluated_items);
        self.opt_uint(n.min_contains);
        self.opt_uint(n.max_contains);
        self.ids(&n.all_of);
        self.ids(&n.any_of);
        self.ids(&n.one_of);
        self.discriminator(n.any_of_tag.as_ref());
        self.discriminator(n.one_of_tag.as_ref());
        for id in [
            n.not,
            n.if_schema,
            n.then_schema,
            n.else_schema,
            n.reference,
        ] {
            self.opt_id(id);
        }
        self.opt_str(n.origin.as_deref());
        self.uint(n.defs.len() as u64);
        for (name, props) in &n.defs {
            self.str(name);
            self.properties(props);
        }
        self.annotations(&n.annotations);
        self.strs(&n.keywords);
    }

    fn annotations(&mut self, a: &Annotations) {
        self.opt_str(a.title.as_deref());
        self.opt_str(a.description.as_deref());
        self.opt_json(a.default.as_ref());
        self.opt_json_list(a.examples.as_deref());
        self.opt_str(a.dialect.as_deref());
        self.opt_str(a.comment.as_deref());
        self.uint(a.other.len() as u64);
        for (name, value) in &a.other {
            self.str(name);
            self.json(value);
        }
    }

    fn properties(&mut self, props: &[Property]) {
        self.uint(props.len() as u64);
        for p in props {
            self.str(&p.name);
            self.id(p.node);
            self.uint(p.alias_of.map_or(0, |d| d as u64 + 1));
        }
    }

    fn discriminator(&mut self, d: Option<&Discriminator>) {
        let Some(d) = d else {
            self.flag(false);
            return;
        };
        self.flag(true);
        self.str(&d.name);
        self.json_list(&d.values);
        self.uint(d.branches.len() as u64);
        for &b in &d.branches {
            self.uint(b as u64);
        }
        self.uint(d.declared.map_or(0, |d| d as u64 + 1));
        self.flag(d.by_name);
    }

    fn opt_pattern(&mut self, p: Option<&Pattern>) {
        self.flag(p.is_some());
        if let Some(p) = p {
            self.pattern(p);
        }
    }

    fn pattern(&mut self, p: &Pattern) {
        self.str(&p.source);
        self.str(&p.translated);
    }

    fn opt_number(&mut self, n: Option<&Number>) {
        let Some(n) = n else {
            self.byte(NUMBER_NONE);
            return;
        };
        if let Some(u) = n.as_u64() {
            self.byte(NUMBER_UNSIGNED);
            self.uint(u);
        } else if let Some(i) = n.as_i64() {
            self.byte(NUMBER_NEGATIVE);
            self.uint(i as u64);
        } else {
            self.byte(NUMBER_FLOAT);
            self.0
                .extend_from_slice(&n.as_f64().unwrap_or(f64::NAN).to_le_bytes());
        }
    }

    fn opt_json(&mut self, v: Option<&Value>) {
        self.flag(v.is_some());
        if let Some(v) = v {
            self.json(v);
        }
    }

    fn json(&mut self, v: &Value) {
        self.str(&v.to_string());
    }

    fn opt_json_list(&mut self, list: Option<&[Value]>) {
        self.flag(list.is_some());
        if let Some(list) = list {
            self.json_list(list);
        }
    }

    /// A list of JSON values as the text of one array.
    fn json_list(&mut self, list: &[Value]) {
        let text = serde_json::to_string(list).unwrap_or_default();
        self.str(&text);
    }

    fn ids(&mut self, ids: &[NodeId]) {
        self.uint(ids.len() as u64);
        for id in ids {
            self.id(*id);
        }
    }

    fn id(&mut self, id: NodeId) {
        self.uint(u64::from(id.0));
    }

    fn opt_id(&mut self, id: Option<NodeId>) {
        self.uint(id.map_or(0, |id| u64::from(id.0) + 1));
    }

    fn opt_uint(&mut self, v: Option<u64>) {
        self.flag(v.is_some());
        if let Some(v) = v {
            self.uint(v);
        }
    }

    fn strs(&mut self, list: &[String]) {
        self.uint(list.len() as u64);
        for s in list {
            self.str(s);
        }
    }

    fn opt_str(&mut self, s: Option<&str>) {
        self.flag(s.is_some());
        if let Some(s) = s {
            self.str(s);
        }
    }

    fn str(&mut self, s: &str) {
        self.uint(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }

    fn flag(&mut self, b: bool) {
        self.byte(u8::from(b));
    }

    fn byte(&mut self, b: u8) {
        self.0.push(b);
    }

    /// LEB128: seven bits a byte, the high bit set on every byte but the last.
    fn uint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }
}
