//! Facts about each node that the interpreter's yes/no walk reads on every value,
//! computed once by [`Schema::parse`](super::Schema::parse): which keyword groups
//! are present (so that a node with only `type` costs one test), the accepted
//! types as one bit mask, numeric limits ready to compare, and `required` as a
//! bit mask over the declared properties.
//!
//! Derived from the nodes alone, so it plays no part in equality.

use super::{Node, Property};
use crate::json::{JsonType, ValueSet, SCANNED};
use crate::keywords::number::Limits;
use crate::schema::vocabulary::Family;
use crate::suggest::Shape;
use crate::violation::kept_names;
use std::fmt;

/// `false`: no value is accepted.
pub(crate) const NEVER: u16 = 1;
/// `enum`.
pub(crate) const ENUM: u16 = 1 << 1;
/// `const`.
pub(crate) const CONST: u16 = 1 << 2;
/// A keyword of [`Family::Number`].
pub(crate) const NUMBER: u16 = 1 << 3;
/// A keyword of [`Family::String`].
pub(crate) const STRING: u16 = 1 << 4;
/// A keyword of [`Family::Object`].
pub(crate) const OBJECT: u16 = 1 << 5;
/// A keyword of [`Family::Array`].
pub(crate) const ARRAY: u16 = 1 << 6;
/// A keyword of [`Family::Applicator`].
pub(crate) const APPLY: u16 = 1 << 7;
/// `required` is not empty and every name in it is a declared property with an
/// index below 64, so [`NodeFacts::required_bits`] decides `required` alone.
pub(crate) const REQUIRED_BY_BITS: u16 = 1 << 8;
/// `unevaluatedProperties` or `unevaluatedItems`: the node's applicators are
/// walked collecting what they evaluate.
pub(crate) const UNEVAL: u16 = 1 << 9;

/// What the yes/no walk reads about one node.
#[derive(Clone, Debug, Default)]
pub(crate) struct NodeFacts {
    /// Bit `t as u8` is set when a value of JSON type `t` passes `type` (with
    /// `nullable`, and integers under `number`); every bit when `type` is absent.
    pub accept: u8,
    /// Which keyword groups the node has (the constants above).
    pub flags: u16,
    /// Bit `d`: declared property `d` is required (for `d < 64`).
    pub required_bits: u64,
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` prepared;
    /// `None` when the node has none (boxed: the facts of a node stay small).
    pub limits: Option<Box<Limits>>,
    /// For a node with many properties (more than [`INDEXED`]) or a `required`
    /// that the bits do not decide: lookups in logarithmic time.
    pub index: Option<Box<PropertyIndex>>,
    /// For an `enum` of more than [`SCANNED`] values: membership in logarithmic
    /// time.
    pub enum_set: Option<Box<ValueSet>>,
    /// Where the [`Shape`]s of the node's `properties` start in [`Facts`]
    /// (`u32::MAX` past the first 2^32 - 1, whose names have none kept).
    pub shapes_at: u32,
}

/// Nodes with more declared properties than this get a [`PropertyIndex`]; below,
/// the interpreter's linear lookup (which starts where the last hit ended) wins.
pub(crate) const INDEXED: usize = 16;

/// Sorted views of a node's `properties` and `required`.
#[derive(Clone, Debug, Default)]
pub(crate) struct PropertyIndex {
    /// Indexes into `properties`, sorted by name: binary search (the streaming
    /// checker narrows names in this order too).
    pub by_name: Box<[u32]>,
    /// Bit `d` (of word `d / 64`): declared property `d` is required.
    pub required: Box<[u64]>,
    /// Entry `k`: the declared property (an alias's property) named by entry
    /// `k` of `required`, or [`NOT_DECLARED`].
    pub required_at: Box<[u32]>,
}

/// In [`PropertyIndex::required_at`], a required name no property has.
const NOT_DECLARED: u32 = u32::MAX;

impl PropertyIndex {
    /// The index in `properties` of the property called `name`.
    #[inline]
    pub fn find(&self, props: &[super::Property], name: &str) -> Option<usize> {
        self.by_name
            .binary_search_by(|&i| props[i as usize].name.as_str().cmp(name))
            .ok()
            .map(|k| self.by_name[k] as usize)
    }

    /// The declared property (an alias's property) that entry `k` of the
    /// node's `required` names, if one does.
    #[inline]
    pub fn required_declared(&self, k: usize) -> Option<usize> {
        match self.required_at.get(k) {
            Some(&d) if d != NOT_DECLARED => Some(d as usize),
            _ => None,
        }
    }

    /// Whether declared property `d` is required.
    #[inline]
    pub fn is_required(&self, d: usize) -> bool {
        self.required
            .get(d / 64)
            .is_some_and(|w| w & (1 << (d % 64)) != 0)
    }
}

impl NodeFacts {
    /// Whether the node has any keyword of `group`.
    #[inline(always)]
    pub fn has(&self, group: u16) -> bool {
        self.flags & group != 0
    }
}

/// One [`NodeFacts`] per node, in the arena's order, and the [`Shape`] of each
/// node's declared names (for the suggestions of the reporting walk).
#[derive(Clone, Default)]
pub(crate) struct Facts {
    pub(crate) nodes: Vec<NodeFacts>,
    /// Every entry of every node's `properties` folded ([`Shape::folding`]),
    /// with its shape, node after node (a node's first is at its
    /// [`NodeFacts::shapes_at`]).
    shapes: Vec<(Box<str>, Shape)>,
    /// Each of those names kept for the program's life (see
    /// [`kept_names`]), in the same places: the reporting walk's paths
    /// borrow them; `None` for a name not kept.
    kept: Vec<Option<&'static str>>,
}

impl PartialEq for Facts {
    /// Facts follow from the nodes, which equality compares already.
    fn eq(&self, _: &Facts) -> bool {
        true
    }
}

impl fmt::Debug for Facts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Facts")
    }
}

impl Facts {
    /// The facts of every node of `nodes`.
    pub(crate) fn of(nodes: &[Node]) -> Facts {
        let mut shapes = Vec::new();
        let mut kept = Vec::new();
        let nodes = nodes
            .iter()
            .map(|node| {
                let shapes_at = u32::try_from(shapes.len()).unwrap_or(u32::MAX);
                if shapes_at != u32::MAX {
                    let props = node.properties.iter().flatten();
                    shapes.extend(props.clone().map(|p| {
                        let (shape, folded) = Shape::folding(&p.name);
                        (folded.into_boxed_str(), shape)
                    }));
                    kept.extend(props.map(|p| kept_names::keep(&p.name)));
                }
                NodeFacts {
                    shapes_at,
                    ..node_facts(node)
                }
            })
            .collect();
        Facts {
            nodes,
            shapes,
            kept,
        }
    }

    /// The shapes of the names of `node` (node `id` of the arena), one per
    /// entry of its `properties`, with each name folded; `None` when they were
    /// not kept.
    pub(crate) fn shapes(
        &self,
        id: usize,
        node: &Node,
    ) -> Option<impl Iterator<Item = (&str, Shape)> + Clone> {
        let count = node.properties.as_deref().map_or(0, <[_]>::len);
        let at = self.nodes[id].shapes_at as usize;
        let shapes = self.shapes.get(at..at.checked_add(count)?)?;
        Some(shapes.iter().map(|(folded, shape)| (&**folded, *shape)))
    }

    /// The kept names of `node` (node `id` of the arena), one per entry of its
    /// `properties` ([`Facts::shapes`]' places).
    pub(crate) fn kept_names(&self, id: usize, node: &Node) -> Option<&[Option<&'static str>]> {
        let count = node.properties.as_deref().map_or(0, <[_]>::len);
        let at = self.nodes[id].shapes_at as usize;
        self.kept.get(at..at.checked_add(count)?)
    }
}

fn node_facts(node: &Node) -> NodeFacts {
    let accept = match node.types {
        None => u8::MAX,
        Some(mut types) => {
            if node.nullable {
                types = types.with(JsonType::Null);
            }
            let mut bits = 0u8;
            for t in JsonType::ALL {
                if types.accepts(t) {
                    bits |= 1 << t as u8;
                }
            }
            bits
        }
    };
    let mut flags = 0;
    let mut set = |present: bool, group: u16| {
        if present {
            flags |= group;
        }
    };
    set(node.never, NEVER);
    set(node.enum_values.is_some(), ENUM);
    set(node.const_value.is_some(), CONST);
    set(node.has(Family::Number), NUMBER);
    set(node.has(Family::String), STRING);
    set(node.has(Family::Object), OBJECT);
    set(node.has(Family::Array), ARRAY);
    set(node.has(Family::Applicator), APPLY);
    set(
        node.unevaluated_properties.is_some() || node.unevaluated_items.is_some(),
        UNEVAL,
    );
    let props = node.properties.as_deref().unwrap_or(&[]);
    let mut by_name: Vec<u32> = Vec::new();
    if props.len() > INDEXED || node.required.len() > INDEXED {
        by_name = sorted_by_name(props);
    }
    let lookup = |name: &str| -> Option<usize> {
        if by_name.is_empty() {
            node.property(name).map(|(d, _)| d)
        } else {
            by_name
                .binary_search_by(|&i| props[i as usize].name.as_str().cmp(name))
                .ok()
                .map(|k| by_name[k] as usize)
        }
    };
    let mut required_bits = 0u64;
    let mut required_words = vec![0u64; props.len().div_ceil(64)];
    let mut by_bits = true;
    for name in &node.required {
        match lookup(name) {
            Some(d) => {
                required_words[d / 64] |= 1 << (d % 64);
                if d < 64 {
                    required_bits |= 1 << d;
                } else {
                    by_bits = false;
                }
            }
            None => by_bits = false,
        }
    }
    if by_bits && !node.required.is_empty() {
        flags |= REQUIRED_BY_BITS;
    }
    let index = (props.len() > INDEXED || !(by_bits || node.required.is_empty())).then(|| {
        if by_name.is_empty() {
            by_name = sorted_by_name(props);
        }
        let index = PropertyIndex {
            by_name: by_name.into_boxed_slice(),
            required: required_words.into_boxed_slice(),
            required_at: Box::default(),
        };
        let required_at = node.required.iter().map(|name| {
            let d = index.find(props, name).map(|i| props[i].canonical(i));
            d.and_then(|d| u32::try_from(d).ok())
                .unwrap_or(NOT_DECLARED)
        });
        Box::new(PropertyIndex {
            required_at: required_at.collect(),
            ..index
        })
    });
    let limits = crate::schema::node_checks::number::limits(node);
    let enum_set = node
        .enum_values
        .as_ref()
        .filter(|values| values.len() > SCANNED)
        .map(|values| Box::new(ValueSet::new(values.clone())));
    NodeFacts {
        enum_set,
        accept,
        flags,
        required_bits,
        limits,
        index,
        shapes_at: 0,
    }
}

/// Indexes into `props`, sorted by name (one sort for both of
/// `node_facts`'s uses: each closure would be a sort of its own to compile).
fn sorted_by_name(props: &[Property]) -> Vec<u32> {
    let mut by_name: Vec<u32> = (0..props.len() as u32).collect();
    by_name.sort_unstable_by(|&a, &b| props[a as usize].name.cmp(&props[b as usize].name));
    by_name
}
