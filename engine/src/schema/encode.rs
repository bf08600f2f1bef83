//! A checked [`Schema`] -> the compact bytes the macros hand to the run time as a
//! constant (`ToolArgs::__MODEL`), which [`super::decode`] reads back without the
//! schema engine. The format is described there; this writes each node's fields
//! in the order the decoder reads them.

use super::decode::{header, LINT_KINDS, NUMBER_FLOAT, NUMBER_NEGATIVE, NUMBER_UNSIGNED};
use super::{Additional, Discriminator, Node, NodeId, Pattern, Property, Schema};
use crate::keywords::format;
use crate::schema::vocabulary::VOCABULARY;
use serde_json::{Number, Value};

impl Schema {
    /// The model as bytes, for [`Schema::__decode`]. Used by the macros only.
    #[doc(hidden)]
    pub fn __encode(&self) -> Vec<u8> {
        let mut out = Out(header().to_vec());
        out.uint(self.nodes.len() as u64);
        let mut previous = "";
        for node in &self.nodes {
            out.node(node, previous);
            previous = &node.pointer;
        }
        out.uint(self.lints.len() as u64);
        for lint in &self.lints {
            let kind = LINT_KINDS.iter().position(|k| *k == lint.kind);
            out.uint(kind.unwrap_or(LINT_KINDS.len()) as u64);
            out.str(&lint.diagnostic.pointer);
            out.str(&lint.diagnostic.message);
            out.byte(u8::from(lint.diagnostic.on_key));
        }
        out.0
    }
}

/// The bytes written so far.
struct Out(Vec<u8>);

/// One node's fields being written: which are present (bit `i` for the `i`th
/// field asked about), and the values of those present.
struct Fields {
    mask: u64,
    next: u32,
    out: Out,
}

impl Fields {
    /// Records whether the next field is present (a flag: its value).
    fn has(&mut self, present: bool) -> bool {
        if present {
            self.mask |= 1 << self.next;
        }
        self.next += 1;
        present
    }

    fn opt_uint(&mut self, v: Option<u64>) {
        self.has(v.is_some());
        if let Some(v) = v {
            self.out.uint(v);
        }
    }

    fn opt_id(&mut self, id: Option<NodeId>) {
        self.opt_uint(id.map(|id| u64::from(id.0)));
    }

    fn opt_number(&mut self, n: Option<&Number>) {
        self.has(n.is_some());
        if let Some(n) = n {
            self.out.number(n);
        }
    }

    fn opt_str(&mut self, s: Option<&str>) {
        self.has(s.is_some());
        if let Some(s) = s {
            self.out.str(s);
        }
    }

    fn opt_json(&mut self, v: Option<&Value>) {
        self.has(v.is_some());
        if let Some(v) = v {
            self.out.json(v);
        }
    }

    fn opt_json_list(&mut self, list: Option<&[Value]>) {
        self.has(list.is_some());
        if let Some(list) = list {
            self.out.json_list(list);
        }
    }

    fn strs(&mut self, list: &[String]) {
        if self.has(!list.is_empty()) {
            self.out.strs(list);
        }
    }

    fn ids(&mut self, ids: &[NodeId]) {
        if self.has(!ids.is_empty()) {
            self.out.uint(ids.len() as u64);
            for id in ids {
                self.out.id(*id);
            }
        }
    }

    fn properties(&mut self, props: &[Property]) {
        if self.has(!props.is_empty()) {
            self.out.properties(props);
        }
    }

    fn discriminator(&mut self, d: Option<&Discriminator>) {
        self.has(d.is_some());
        let Some(d) = d else {
            return;
        };
        self.out.str(&d.name);
        self.out.json_list(&d.values);
        self.out.uint(d.branches.len() as u64);
        for &b in &d.branches {
            self.out.uint(b as u64);
        }
        self.out.uint(d.declared.map_or(0, |d| d as u64 + 1));
        self.out.byte(u8::from(d.by_name));
    }
}

impl Out {
    /// A node: its pointer (the length it shares with the `previous` node's, then
    /// the rest), the mask of its fields present, their values.
    fn node(&mut self, n: &Node, previous: &str) {
        let shared = n
            .pointer
            .bytes()
            .zip(previous.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let shared = (0..=shared)
            .rev()
            .find(|&i| n.pointer.is_char_boundary(i))
            .unwrap_or(0);
        self.uint(shared as u64);
        self.str(&n.pointer[shared..]);
        let mut f = Fields {
            mask: 0,
            next: 0,
            out: Out(Vec::new()),
        };
        if f.has(!n.keywords.is_empty()) {
            f.out.uint(n.keywords.len() as u64);
            for k in &n.keywords {
                match VOCABULARY.iter().position(|v| v.name == k) {
                    Some(i) => f.out.uint(i as u64 + 1),
                    None => {
                        f.out.uint(0);
                        f.out.str(k);
                    }
                }
            }
        }
        f.has(n.types.is_some());
        if let Some(types) = n.types {
            f.out.byte(types.bits());
        }
        f.has(n.nullable);
        f.opt_json_list(n.enum_values.as_deref());
        f.opt_json(n.const_value.as_ref());
        let a = &n.annotations;
        f.opt_str(a.title.as_deref());
        f.opt_str(a.description.as_deref());
        f.opt_json(a.default.as_ref());
        f.opt_json_list(a.examples.as_deref());
        f.has(n.properties.is_some());
        if let Some(props) = &n.properties {
            f.out.properties(props);
        }
        f.strs(&n.required);
        let additional = match n.additional {
            Additional::Unspecified => None,
            Additional::Allowed => Some(0),
            Additional::Forbidden => Some(1),
            Additional::Schema(id) => Some(u64::from(id.0) + 2),
        };
        f.opt_uint(additional);
        for limit in [
            &n.minimum,
            &n.maximum,
            &n.exclusive_minimum,
            &n.exclusive_maximum,
            &n.multiple_of,
        ] {
            f.opt_number(limit.as_ref());
        }
        f.opt_uint(n.min_length);
        f.opt_uint(n.max_length);
        f.has(n.pattern.is_some());
        if let Some(p) = &n.pattern {
            f.out.pattern(p);
        }
        f.opt_str(n.format.as_deref());
        let numeric = n.numeric_format.and_then(|f| format::numeric_index(f.name));
        f.opt_uint(numeric.map(|i| i as u64));
        f.has(n.format_asserted);
        f.opt_id(n.items);
        f.opt_uint(n.min_items);
        f.opt_uint(n.max_items);
        f.has(n.unique_items);
        f.opt_id(n.reference);
        f.opt_str(n.origin.as_deref());
        if f.has(!n.defs.is_empty()) {
            f.out.uint(n.defs.len() as u64);
            for (name, props) in &n.defs {
                f.out.str(name);
                f.out.properties(props);
            }
        }
        f.ids(&n.any_of);
        f.discriminator(n.any_of_tag.as_ref());
        f.ids(&n.one_of);
        f.discriminator(n.one_of_tag.as_ref());
        f.ids(&n.all_of);
        f.has(n.never);
        f.has(n.boolean);
        f.has(n.members_elsewhere);
        f.has(n.conditional);
        f.has(n.under_unevaluated);
        f.strs(&n.conditional_names);
        if f.has(!n.pattern_properties.is_empty()) {
            f.out.uint(n.pattern_properties.len() as u64);
            for (pattern, id) in &n.pattern_properties {
                f.out.pattern(pattern);
                f.out.id(*id);
            }
        }
        f.opt_id(n.unevaluated_properties);
        f.opt_uint(n.min_properties);
        f.opt_uint(n.max_properties);
        f.opt_id(n.property_names);
        if f.has(!n.dependent_required.is_empty()) {
            f.out.uint(n.dependent_required.len() as u64);
            for (name, names) in &n.dependent_required {
                f.out.str(name);
                f.out.strs(names);
            }
        }
        f.properties(&n.dependent_schemas);
        f.ids(&n.prefix_items);
        f.opt_id(n.contains);
        f.opt_id(n.unevaluated_items);
        f.opt_uint(n.min_contains);
        f.opt_uint(n.max_contains);
        for id in [n.not, n.if_schema, n.then_schema, n.else_schema] {
            f.opt_id(id);
        }
        f.opt_str(a.dialect.as_deref());
        f.opt_str(a.comment.as_deref());
        if f.has(!a.other.is_empty()) {
            f.out.uint(a.other.len() as u64);
            for (name, value) in &a.other {
                f.out.str(name);
                f.out.json(value);
            }
        }
        self.uint(f.mask);
        self.0.extend_from_slice(&f.out.0);
    }

    fn properties(&mut self, props: &[Property]) {
        self.uint(props.len() as u64);
        for p in props {
            self.str(&p.name);
            self.id(p.node);
            self.uint(p.alias_of.map_or(0, |d| d as u64 + 1));
        }
    }

    fn pattern(&mut self, p: &Pattern) {
        self.str(&p.source);
        self.str(&p.translated);
    }

    fn number(&mut self, n: &Number) {
        if let Some(u) = n.as_u64() {
            self.byte(NUMBER_UNSIGNED);
            self.uint(u);
        } else if let Some(i) = n.as_i64() {
            self.byte(NUMBER_NEGATIVE);
            self.uint(!(i as u64));
        } else {
            self.byte(NUMBER_FLOAT);
            let f = n.as_f64().unwrap_or(f64::NAN);
            self.0.extend_from_slice(&f.to_le_bytes());
        }
    }

    fn json(&mut self, v: &Value) {
        self.str(&v.to_string());
    }

    /// A list of JSON values as the text of one array (compact, as
    /// `serde_json::to_string` writes it, by `Value`'s `Display`: no serializer
    /// of the crate's own to compile).
    fn json_list(&mut self, list: &[Value]) {
        let mut text = String::from("[");
        for (i, v) in list.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&v.to_string());
        }
        text.push(']');
        self.str(&text);
    }

    fn id(&mut self, id: NodeId) {
        self.uint(u64::from(id.0));
    }

    fn strs(&mut self, list: &[String]) {
        self.uint(list.len() as u64);
        for s in list {
            self.str(s);
        }
    }

    fn str(&mut self, s: &str) {
        self.uint(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }

    fn byte(&mut self, b: u8) {
        self.0.push(b);
    }

    /// LEB128: seven bits a byte, the low ones first, the high bit set on every
    /// byte but the last.
    fn uint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }
}
