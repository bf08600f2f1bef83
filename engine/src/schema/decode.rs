//! The bytes of [`super::encode`] -> a [`Schema`], without the schema engine: no
//! parsing of schema JSON, no `$ref` resolution, no checks but those that keep
//! the model safe to walk. What the macros checked when the crate compiled is
//! read back as it was; the run time builds only the per-node facts (with the
//! function [`Schema::parse`] uses) and compiles the patterns.
//!
//! # Format
//!
//! The [`header`] (a name, the format's version, a fingerprint of the keyword
//! table the nodes' keyword lists index), the node count, each node, the lint
//! count, each lint. Integers are LEB128 (seven bits a byte, the low ones
//! first); a string is its length then its UTF-8 bytes; JSON values (`enum`,
//! `const`, `default`, `examples`, other annotations, a discriminator's values)
//! are their JSON text. A node is its pointer (the length it shares with the
//! node before, then the rest), a mask of the fields it holds (bit `i`: the
//! `i`th field in the order [`In::node`] reads them; a flag is its bit alone),
//! then the value of each field it holds, in that order.
//!
//! Any input is safe: every length is checked against the bytes left before
//! anything is allocated for it, every node id against the node count, every
//! index against its list; a malformed input is a [`DecodeError`], never a panic.

use super::{Additional, Diagnostic, Discriminator, Lint, LintKind, Node, NodeId};
use super::{Pattern, PatternSet, Property, Schema};
use crate::json::TypeSet;
use crate::keywords::format;
use crate::pattern::Regex;
use crate::schema::vocabulary::VOCABULARY;
use serde_json::{Number, Value};

/// The first bytes of an encoded model: a name and the format's version, then
/// [`VOCABULARY_FINGERPRINT`] (little-endian).
pub(crate) const fn header() -> [u8; 8] {
    let f = VOCABULARY_FINGERPRINT.to_le_bytes();
    [b'T', b'S', b'M', 2, f[0], f[1], f[2], f[3]]
}

/// A hash of the names of [`VOCABULARY`] in order (FNV-1a): a node's keywords
/// are written as indexes into it, read only by a table that has the same.
const VOCABULARY_FINGERPRINT: u32 = {
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < VOCABULARY.len() {
        let name = VOCABULARY[i].name.as_bytes();
        let mut j = 0;
        while j <= name.len() {
            let b = if j < name.len() { name[j] } else { 0 };
            h = (h ^ b as u32).wrapping_mul(0x0100_0193);
            j += 1;
        }
        i += 1;
    }
    h
};

/// The tags of a number: a `u64`; an `i64` below zero (its bits inverted); an
/// `f64` (its eight bytes, little-endian).
pub(crate) const NUMBER_UNSIGNED: u8 = 0;
pub(crate) const NUMBER_NEGATIVE: u8 = 1;
pub(crate) const NUMBER_FLOAT: u8 = 2;

/// Every lint kind, by its number in the format.
pub(crate) const LINT_KINDS: [LintKind; 12] = [
    LintKind::RequiredUndeclared,
    LintKind::DuplicateRequired,
    LintKind::MinimumAboveMaximum,
    LintKind::EmptyEnum,
    LintKind::EnumTypeMismatch,
    LintKind::DuplicateEnum,
    LintKind::ConstTypeMismatch,
    LintKind::KeywordTypeMismatch,
    LintKind::DuplicateType,
    LintKind::UnknownFormat,
    LintKind::WithoutIf,
    LintKind::WithoutContains,
];

/// An encoded model that cannot be read: where reading stopped.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// The offset of the byte that could not be read.
    pub at: usize,
}

type Read<T> = Result<T, DecodeError>;

impl Schema {
    /// The schema [`Schema::__encode`] wrote into `bytes`. Used by generated code
    /// only.
    #[doc(hidden)]
    pub fn __decode(bytes: &[u8]) -> Result<Schema, DecodeError> {
        let mut r = In {
            bytes,
            at: 0,
            nodes: 0,
            mask: 0,
        };
        let header = header();
        if !bytes.starts_with(&header) {
            return Err(r.fail());
        }
        r.at = header.len();
        let count = r.len()?;
        if count == 0 || count > u32::MAX as usize {
            return Err(r.fail());
        }
        r.nodes = count as u64;
        let mut nodes: Vec<Node> = Vec::new();
        for _ in 0..count {
            let previous = nodes.last().map_or("", |n| n.pointer.as_str());
            let node = r.node(previous)?;
            nodes.push(node);
        }
        let count = r.len()?;
        let mut lints = Vec::new();
        for _ in 0..count {
            let kind = r.uint()?;
            let kind = *LINT_KINDS.get(kind as usize).ok_or(r.fail())?;
            let diagnostic = Diagnostic {
                pointer: r.string()?,
                message: r.string()?,
                on_key: r.flag()?,
            };
            lints.push(Lint { kind, diagnostic });
        }
        if r.at != bytes.len() {
            return Err(r.fail());
        }
        // A loop no validation could leave, which the parser refuses (the macros
        // only write models it built; a constant written otherwise may hold one).
        if super::budget::in_place_cycle(&nodes).is_some() {
            return Err(r.fail());
        }
        Ok(Schema {
            facts: super::facts::Facts::of(&nodes),
            nodes,
            lints,
            text: Default::default(),
            stream: Default::default(),
        })
    }
}

/// The bytes being read, the node count ids are checked against, and the
/// fields of the node being read that are still to come.
struct In<'a> {
    bytes: &'a [u8],
    at: usize,
    nodes: u64,
    mask: u64,
}

impl<'a> In<'a> {
    /// A node, after one whose pointer is `previous`.
    fn node(&mut self, previous: &str) -> Read<Node> {
        let shared = self.uint()?;
        let shared = previous.get(..shared as usize).ok_or(self.fail())?;
        let mut n = Node {
            pointer: shared.to_string() + self.str()?,
            ..Node::default()
        };
        self.mask = self.uint()?;
        if self.has() {
            let count = self.len()?;
            for _ in 0..count {
                let k = self.uint()?;
                let name = match k {
                    0 => self.string()?,
                    k => VOCABULARY
                        .get(k as usize - 1)
                        .ok_or(self.fail())?
                        .name
                        .to_string(),
                };
                n.keywords.push(name);
            }
        }
        if self.has() {
            let bits = self.byte()?;
            if bits >= 0x80 {
                return Err(self.fail());
            }
            n.types = Some(TypeSet::from_bits(bits));
        }
        n.nullable = self.has();
        n.enum_values = self.opt_json_list()?.map(Into::into);
        n.const_value = self.opt_json()?;
        let a = &mut n.annotations;
        a.title = self.opt_string()?;
        a.description = self.opt_string()?;
        a.default = self.opt_json()?;
        a.examples = self.opt_json_list()?;
        if self.has() {
            n.properties = Some(self.properties()?);
        }
        n.required = self.strings()?;
        n.additional = match self.opt_uint()? {
            None => Additional::Unspecified,
            Some(0) => Additional::Allowed,
            Some(1) => Additional::Forbidden,
            Some(id) => Additional::Schema(self.check_id(id - 2)?),
        };
        n.minimum = self.opt_number()?;
        n.maximum = self.opt_number()?;
        n.exclusive_minimum = self.opt_number()?;
        n.exclusive_maximum = self.opt_number()?;
        n.multiple_of = self.opt_number()?;
        if n.multiple_of
            .as_ref()
            .is_some_and(|m| !m.as_f64().is_some_and(|m| m > 0.0))
        {
            return Err(self.fail());
        }
        n.min_length = self.opt_uint()?;
        n.max_length = self.opt_uint()?;
        if self.has() {
            n.pattern = Some(self.pattern()?);
        }
        n.format = self.opt_string()?;
        if let Some(i) = self.opt_uint()? {
            n.numeric_format = Some(format::NUMERIC.get(i as usize).ok_or(self.fail())?);
        }
        n.format_asserted = self.has();
        n.items = self.opt_id()?;
        n.min_items = self.opt_uint()?;
        n.max_items = self.opt_uint()?;
        n.unique_items = self.has();
        n.reference = self.opt_id()?;
        n.origin = self.opt_string()?;
        if self.has() {
            let count = self.len()?;
            for _ in 0..count {
                let name = self.string()?;
                n.defs.push((name, self.properties()?));
            }
        }
        n.any_of = self.ids()?;
        n.any_of_tag = self.discriminator(n.any_of.len())?;
        n.one_of = self.ids()?;
        n.one_of_tag = self.discriminator(n.one_of.len())?;
        n.all_of = self.ids()?;
        n.never = self.has();
        n.boolean = self.has();
        n.members_elsewhere = self.has();
        n.conditional = self.has();
        n.under_unevaluated = self.has();
        n.conditional_names = self.strings()?;
        if self.has() {
            let count = self.len()?;
            let mut translated: Vec<&str> = Vec::new();
            for _ in 0..count {
                let (pattern, text) = self.pattern_text()?;
                translated.push(text);
                n.pattern_properties.push((pattern, self.id()?));
            }
            let set = PatternSet::from_translated(&translated).map_err(|_| self.fail())?;
            n.pattern_set = Some(set);
        }
        n.unevaluated_properties = self.opt_id()?;
        n.min_properties = self.opt_uint()?;
        n.max_properties = self.opt_uint()?;
        n.property_names = self.opt_id()?;
        if self.has() {
            let count = self.len()?;
            for _ in 0..count {
                let name = self.string()?;
                n.dependent_required.push((name, self.list_of_strings()?));
            }
        }
        if self.has() {
            n.dependent_schemas = self.properties()?;
        }
        n.prefix_items = self.ids()?;
        n.contains = self.opt_id()?;
        n.unevaluated_items = self.opt_id()?;
        n.min_contains = self.opt_uint()?;
        n.max_contains = self.opt_uint()?;
        n.not = self.opt_id()?;
        n.if_schema = self.opt_id()?;
        n.then_schema = self.opt_id()?;
        n.else_schema = self.opt_id()?;
        let a = &mut n.annotations;
        a.dialect = self.opt_string()?;
        a.comment = self.opt_string()?;
        if self.has() {
            let count = self.len()?;
            for _ in 0..count {
                let name = self.string()?;
                a.other.push((name, self.json()?));
            }
        }
        if self.mask != 0 {
            return Err(self.fail());
        }
        Ok(n)
    }

    /// Whether the node holds its next field (a flag: its value).
    fn has(&mut self) -> bool {
        let held = self.mask & 1 != 0;
        self.mask >>= 1;
        held
    }

    /// Properties; an alias names a property before it in the list.
    fn properties(&mut self) -> Read<Vec<Property>> {
        let count = self.len()?;
        let mut props = Vec::with_capacity(count);
        for i in 0..count {
            let name = self.string()?;
            let node = self.id()?;
            let alias_of = match self.uint()? {
                0 => None,
                d if d <= i as u64 => Some(d as usize - 1),
                _ => return Err(self.fail()),
            };
            props.push(Property {
                name,
                node,
                alias_of,
            });
        }
        Ok(props)
    }

    /// A discriminator, when the node holds it, of an applicator of `branches`
    /// branches.
    fn discriminator(&mut self, branches: usize) -> Read<Option<Discriminator>> {
        if !self.has() {
            return Ok(None);
        }
        let name = self.string()?;
        let values = self.json_list()?;
        let count = self.len()?;
        if count != values.len() {
            return Err(self.fail());
        }
        let mut selects = Vec::with_capacity(count);
        for _ in 0..count {
            let b = self.uint()?;
            if b >= branches as u64 {
                return Err(self.fail());
            }
            selects.push(b as usize);
        }
        let declared = match self.uint()? {
            0 => None,
            d if d <= self.bytes.len() as u64 => Some(d as usize - 1),
            _ => return Err(self.fail()),
        };
        Ok(Some(Discriminator {
            name,
            values,
            branches: selects,
            declared,
            by_name: self.flag()?,
        }))
    }

    fn pattern(&mut self) -> Read<Pattern> {
        self.pattern_text().map(|(p, _)| p)
    }

    /// A pattern, and its translated text as the input holds it.
    fn pattern_text(&mut self) -> Read<(Pattern, &'a str)> {
        let source = self.str()?;
        let translated = self.str()?;
        let regex = Regex::new(translated).map_err(|_| self.fail())?;
        let pattern = Pattern {
            source: source.into(),
            translated: translated.to_string(),
            regex,
        };
        Ok((pattern, translated))
    }

    fn opt_number(&mut self) -> Read<Option<Number>> {
        if !self.has() {
            return Ok(None);
        }
        let n = match self.byte()? {
            NUMBER_UNSIGNED => Number::from(self.uint()?),
            NUMBER_NEGATIVE => match !self.uint()? as i64 {
                i if i < 0 => Number::from(i),
                _ => return Err(self.fail()),
            },
            NUMBER_FLOAT => {
                let end = self.at + 8;
                let bytes = self.bytes.get(self.at..end).ok_or(self.fail())?;
                let mut bits = [0u8; 8];
                bits.copy_from_slice(bytes);
                self.at = end;
                Number::from_f64(f64::from_le_bytes(bits)).ok_or(self.fail())?
            }
            _ => return Err(self.fail()),
        };
        Ok(Some(n))
    }

    fn opt_json(&mut self) -> Read<Option<Value>> {
        if !self.has() {
            return Ok(None);
        }
        self.json().map(Some)
    }

    fn json(&mut self) -> Read<Value> {
        let text = self.str()?;
        serde_json::from_str(text).map_err(|_| self.fail())
    }

    fn opt_json_list(&mut self) -> Read<Option<Vec<Value>>> {
        if !self.has() {
            return Ok(None);
        }
        self.json_list().map(Some)
    }

    /// A list of JSON values, written as the text of one array.
    fn json_list(&mut self) -> Read<Vec<Value>> {
        match self.json()? {
            Value::Array(list) => Ok(list),
            _ => Err(self.fail()),
        }
    }

    /// Node ids, when the node holds the field (else none).
    fn ids(&mut self) -> Read<Vec<NodeId>> {
        if !self.has() {
            return Ok(Vec::new());
        }
        let count = self.len()?;
        let mut ids = Vec::with_capacity(count);
        for _ in 0..count {
            ids.push(self.id()?);
        }
        Ok(ids)
    }

    fn opt_id(&mut self) -> Read<Option<NodeId>> {
        match self.opt_uint()? {
            None => Ok(None),
            Some(id) => self.check_id(id).map(Some),
        }
    }

    fn id(&mut self) -> Read<NodeId> {
        let id = self.uint()?;
        self.check_id(id)
    }

    fn check_id(&self, id: u64) -> Read<NodeId> {
        if id >= self.nodes {
            return Err(self.fail());
        }
        Ok(NodeId(id as u32))
    }

    fn opt_uint(&mut self) -> Read<Option<u64>> {
        if !self.has() {
            return Ok(None);
        }
        self.uint().map(Some)
    }

    /// Strings, when the node holds the field (else none).
    fn strings(&mut self) -> Read<Vec<String>> {
        if !self.has() {
            return Ok(Vec::new());
        }
        self.list_of_strings()
    }

    fn list_of_strings(&mut self) -> Read<Vec<String>> {
        let count = self.len()?;
        let mut list = Vec::with_capacity(count);
        for _ in 0..count {
            list.push(self.string()?);
        }
        Ok(list)
    }

    fn opt_string(&mut self) -> Read<Option<String>> {
        if !self.has() {
            return Ok(None);
        }
        self.string().map(Some)
    }

    fn string(&mut self) -> Read<String> {
        self.str().map(str::to_string)
    }

    fn str(&mut self) -> Read<&'a str> {
        let len = self.len()?;
        let bytes = &self.bytes[self.at..self.at + len];
        let s = std::str::from_utf8(bytes).map_err(|_| self.fail())?;
        self.at += len;
        Ok(s)
    }

    fn flag(&mut self) -> Read<bool> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(self.fail()),
        }
    }

    /// A count or a length: never more than the bytes left (every item takes
    /// one at least), so nothing is allocated beyond the input's size.
    fn len(&mut self) -> Read<usize> {
        let len = self.uint()?;
        if len > (self.bytes.len() - self.at) as u64 {
            return Err(self.fail());
        }
        Ok(len as usize)
    }

    fn uint(&mut self) -> Read<u64> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let b = self.byte()?;
            if shift == 63 && b > 1 {
                return Err(self.fail());
            }
            v |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Ok(v);
            }
            shift += 7;
        }
    }

    fn byte(&mut self) -> Read<u8> {
        let b = *self.bytes.get(self.at).ok_or(self.fail())?;
        self.at += 1;
        Ok(b)
    }

    fn fail(&self) -> DecodeError {
        DecodeError { at: self.at }
    }
}

#[cfg(test)]
mod tests {
    use crate::schema::{NodeId, Schema};
    use serde_json::json;

    /// A well-formed constant whose model the parser would refuse (a `$ref` loop
    /// that never descends into the value: a validator following it would never
    /// finish) is refused: a model written by hand is checked as a parsed one.
    #[test]
    fn a_model_the_parser_would_refuse_is_refused() {
        let mut schema = Schema::parse(&json!({
            "properties": {"a": {"$ref": "#/$defs/x"}},
            "$defs": {"x": {"allOf": [{"type": "integer"}]}}
        }))
        .unwrap();
        assert_eq!(Schema::__decode(&schema.__encode()).unwrap(), schema);
        // The `allOf` member refers back to the definition holding it.
        let x = schema
            .nodes
            .iter()
            .position(|n| n.pointer == "/$defs/x")
            .unwrap();
        let member = schema.nodes[x].all_of[0];
        schema.nodes[member.0 as usize].reference = Some(NodeId(x as u32));
        assert!(Schema::__decode(&schema.__encode()).is_err());
    }
}
