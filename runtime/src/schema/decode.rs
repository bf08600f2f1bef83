//! The bytes of [`super::encode`] -> a [`Schema`], without the schema engine: no
//! parsing of schema JSON, no `$ref` resolution, no checks but those that keep
//! the model safe to walk. What the macros checked when the crate compiled is
//! read back as it was; the run time builds only the per-node facts (with the
//! function [`Schema::parse`] uses) and compiles the patterns.
//!
//! # Format
//!
//! [`MAGIC`] (which carries the version), the node count, each node, the lint
//! count, each lint. Integers are LEB128 (seven bits a byte, low first); a
//! string is its length then its UTF-8 bytes; a flag is one byte, 0 or 1; an
//! optional item is a flag then the item, but for node ids and indexes, written
//! plus one with 0 for none; JSON values (`enum`, `const`, `default`,
//! `examples`, other annotations, a discriminator's values) are their JSON text.
//! A node's fields come in the order of [`Node`]'s declaration.
//!
//! Any input is safe: every length is checked against the bytes left before
//! anything is allocated for it, every node id against the node count, every
//! index against its list; a malformed input is a [`DecodeError`], never a panic.

use super::{Additional, Annotations, Diagnostic, Discriminator, Lint, LintKind, Node, NodeId};
use super::{Pattern, PatternSet, Property, Schema};
use crate::json::TypeSet;
use crate::keywords::format;
use crate::pattern::Regex;
use serde_json::{Number, Value};

/// The first bytes of an encoded model: a name and the format's version.
pub(crate) const MAGIC: &[u8; 4] = b"TSM\x01";

/// The byte of a node without `type`.
pub(crate) const NO_TYPES: u8 = 0x80;

/// The tags of an optional number.
pub(crate) const NUMBER_NONE: u8 = 0;
pub(crate) const NUMBER_UNSIGNED: u8 = 1;
pub(crate) const NUMBER_NEGATIVE: u8 = 2;
pub(crate) const NUMBER_FLOAT: u8 = 3;

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
        };
        if !bytes.starts_with(MAGIC) {
            return Err(r.fail());
        }
        r.at = MAGIC.len();
        let count = r.len()?;
        if count == 0 || count > u32::MAX as usize {
            return Err(r.fail());
        }
        r.nodes = count as u64;
        let mut nodes = Vec::new();
        for _ in 0..count {
            nodes.push(r.node()?);
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
        Ok(Schema {
            facts: super::facts::Facts::of(&nodes),
            nodes,
            lints,
            text: Default::default(),
        })
    }
}

/// The bytes being read, and the node count ids are checked against.
struct In<'a> {
    bytes: &'a [u8],
    at: usize,
    nodes: u64,
}

impl<'a> In<'a> {
    fn node(&mut self) -> Read<Node> {
        let mut n = Node {
            pointer: self.string()?,
            never: self.flag()?,
            boolean: self.flag()?,
            ..Node::default()
        };
        let types = self.byte()?;
        n.types = match types {
            NO_TYPES => None,
            bits if bits < NO_TYPES => Some(TypeSet::from_bits(bits)),
            _ => return Err(self.fail()),
        };
        n.nullable = self.flag()?;
        if self.flag()? {
            n.enum_values = Some(self.json_list()?.into());
        }
        n.const_value = self.opt_json()?;
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
        if self.flag()? {
            n.pattern = Some(self.pattern()?);
        }
        n.format = self.opt_string()?;
        n.numeric_format = match self.index()? {
            None => None,
            Some(i) => Some(format::NUMERIC.get(i).ok_or(self.fail())?),
        };
        n.format_asserted = self.flag()?;
        if self.flag()? {
            n.properties = Some(self.properties()?);
        }
        n.required = self.strings()?;
        let count = self.len()?;
        for _ in 0..count {
            let pattern = self.pattern()?;
            n.pattern_properties.push((pattern, self.id()?));
        }
        if !n.pattern_properties.is_empty() {
            let mut translated: Vec<&str> = Vec::new();
            for (p, _) in &n.pattern_properties {
                translated.push(&p.translated);
            }
            let set = PatternSet::from_translated(&translated).map_err(|_| self.fail())?;
            n.pattern_set = Some(set);
        }
        n.additional = match self.byte()? {
            0 => Additional::Unspecified,
            1 => Additional::Allowed,
            2 => Additional::Forbidden,
            3 => Additional::Schema(self.id()?),
            _ => return Err(self.fail()),
        };
        n.members_elsewhere = self.flag()?;
        n.conditional = self.flag()?;
        n.under_unevaluated = self.flag()?;
        n.conditional_names = self.strings()?;
        n.unevaluated_properties = self.opt_id()?;
        n.min_properties = self.opt_uint()?;
        n.max_properties = self.opt_uint()?;
        n.property_names = self.opt_id()?;
        let count = self.len()?;
        for _ in 0..count {
            let name = self.string()?;
            n.dependent_required.push((name, self.strings()?));
        }
        n.dependent_schemas = self.properties()?;
        n.prefix_items = self.ids()?;
        n.items = self.opt_id()?;
        n.min_items = self.opt_uint()?;
        n.max_items = self.opt_uint()?;
        n.unique_items = self.flag()?;
        n.contains = self.opt_id()?;
        n.unevaluated_items = self.opt_id()?;
        n.min_contains = self.opt_uint()?;
        n.max_contains = self.opt_uint()?;
        n.all_of = self.ids()?;
        n.any_of = self.ids()?;
        n.one_of = self.ids()?;
        n.any_of_tag = self.discriminator(n.any_of.len())?;
        n.one_of_tag = self.discriminator(n.one_of.len())?;
        n.not = self.opt_id()?;
        n.if_schema = self.opt_id()?;
        n.then_schema = self.opt_id()?;
        n.else_schema = self.opt_id()?;
        n.reference = self.opt_id()?;
        n.origin = self.opt_string()?;
        let count = self.len()?;
        for _ in 0..count {
            let name = self.string()?;
            n.defs.push((name, self.properties()?));
        }
        n.annotations = self.annotations()?;
        n.keywords = self.strings()?;
        Ok(n)
    }

    fn annotations(&mut self) -> Read<Annotations> {
        let mut a = Annotations {
            title: self.opt_string()?,
            description: self.opt_string()?,
            default: self.opt_json()?,
            ..Annotations::default()
        };
        if self.flag()? {
            a.examples = Some(self.json_list()?);
        }
        a.dialect = self.opt_string()?;
        a.comment = self.opt_string()?;
        let count = self.len()?;
        for _ in 0..count {
            let name = self.string()?;
            a.other.push((name, self.json()?));
        }
        Ok(a)
    }

    /// Properties; an alias names a property before it in the list.
    fn properties(&mut self) -> Read<Vec<Property>> {
        let count = self.len()?;
        let mut props = Vec::with_capacity(count);
        for i in 0..count {
            let name = self.string()?;
            let node = self.id()?;
            let alias_of = self.index()?;
            if alias_of.is_some_and(|d| d >= i) {
                return Err(self.fail());
            }
            props.push(Property {
                name,
                node,
                alias_of,
            });
        }
        Ok(props)
    }

    /// A discriminator of an applicator of `branches` branches.
    fn discriminator(&mut self, branches: usize) -> Read<Option<Discriminator>> {
        if !self.flag()? {
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
        Ok(Some(Discriminator {
            name,
            values,
            branches: selects,
            declared: self.index()?,
            by_name: self.flag()?,
        }))
    }

    fn pattern(&mut self) -> Read<Pattern> {
        let source = self.str()?;
        let translated = self.str()?;
        let regex = Regex::new(translated).map_err(|_| self.fail())?;
        Ok(Pattern {
            source: source.into(),
            translated: translated.to_string(),
            regex,
        })
    }

    fn opt_number(&mut self) -> Read<Option<Number>> {
        let n = match self.byte()? {
            NUMBER_NONE => return Ok(None),
            NUMBER_UNSIGNED => Number::from(self.uint()?),
            NUMBER_NEGATIVE => Number::from(self.uint()? as i64),
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
        if !self.flag()? {
            return Ok(None);
        }
        self.json().map(Some)
    }

    fn json(&mut self) -> Read<Value> {
        let text = self.str()?;
        serde_json::from_str(text).map_err(|_| self.fail())
    }

    /// A list of JSON values, written as the text of one array.
    fn json_list(&mut self) -> Read<Vec<Value>> {
        match self.json()? {
            Value::Array(list) => Ok(list),
            _ => Err(self.fail()),
        }
    }

    fn ids(&mut self) -> Read<Vec<NodeId>> {
        let count = self.len()?;
        let mut ids = Vec::with_capacity(count);
        for _ in 0..count {
            ids.push(self.id()?);
        }
        Ok(ids)
    }

    fn id(&mut self) -> Read<NodeId> {
        let id = self.uint()?;
        if id >= self.nodes {
            return Err(self.fail());
        }
        Ok(NodeId(id as u32))
    }

    fn opt_id(&mut self) -> Read<Option<NodeId>> {
        match self.uint()? {
            0 => Ok(None),
            id if id <= self.nodes => Ok(Some(NodeId(id as u32 - 1))),
            _ => Err(self.fail()),
        }
    }

    /// An optional index, written plus one (0: none).
    fn index(&mut self) -> Read<Option<usize>> {
        match self.uint()? {
            0 => Ok(None),
            i if i <= self.bytes.len() as u64 => Ok(Some(i as usize - 1)),
            _ => Err(self.fail()),
        }
    }

    fn opt_uint(&mut self) -> Read<Option<u64>> {
        if !self.flag()? {
            return Ok(None);
        }
        self.uint().map(Some)
    }

    fn strings(&mut self) -> Read<Vec<String>> {
        let count = self.len()?;
        let mut list = Vec::with_capacity(count);
        for _ in 0..count {
            list.push(self.string()?);
        }
        Ok(list)
    }

    fn opt_string(&mut self) -> Read<Option<String>> {
        if !self.flag()? {
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
