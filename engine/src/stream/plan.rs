//! What the streaming checker precomputes per schema node, once per
//! [`Schema`] (on its first checker, kept in the schema like the text path's
//! plan): each node's declared names in sorted order (a member name is
//! narrowed by binary search at each byte, with no list of candidates made
//! per member), whether it applies subschemas in place (the alternatives of
//! a value expand without a product), and whether the checker decides every
//! keyword it asks of an object or array ([`super::decided::container`]),
//! and the strings of its `enum` and `const` in one list of bytes, which the
//! prefix tests name by [`Span`] (see `super::prefix`).

use super::bounds::{growing_breaks, int_bounded};
use super::decided;
use crate::json::JsonType;
use crate::schema::facts::NEVER;
use crate::schema::{Node, NodeId, Schema};
use crate::text::lookup::NameTable;
use serde_json::Value;

/// The plan of one node.
#[derive(Debug)]
pub(super) struct NodePlan {
    /// Indexes into the node's `properties`, sorted by name.
    pub by_name: Box<[u32]>,
    /// The first byte of each name of `by_name` (0 for the empty name), in
    /// that order: sorted.
    pub firsts: Box<[u8]>,
    /// Every prefix of 1 to [`SHORT_PREFIX`] bytes of the declared names (see
    /// [`Prefixes`]): a member name cut that short is tested in constant time.
    pub short_prefixes: Option<Prefixes>,
    /// The integers, from the least to the greatest, that break no bound of
    /// the node as their integer part grows ([`growing_breaks`], monotone on
    /// each side of zero): a cut integer outside breaks one, whatever digits
    /// follow.
    pub growing_within: (i64, i64),
    /// No `$ref`, `allOf`, `anyOf` or `oneOf`: the node is its own only
    /// alternative.
    pub simple: bool,
    /// [`decided::container`] of the node.
    pub decided: bool,
    /// Each declared name's index in `properties` (the first property so
    /// named), found in constant time (none: no property).
    pub names: Option<NameTable>,
    /// The slots (among `properties`, the first so named) of the node's
    /// `required` names, when each is a declared property below slot 64 and
    /// no property has aliases: a member read by its slot is there.
    pub required_slots: Option<u64>,
    /// [`NodePlan::required_slots`], when `required` is all the node
    /// decides at an object's close (no `minProperties`, no
    /// `dependentRequired`): an object of this lean node whose required
    /// slots are all present closes with no decision against it.
    pub closes_by_slots: Option<u64>,
    /// [`lean_object`] of the node.
    pub lean_object: bool,
    /// Whether the node asks of an array's item nothing but its value (no
    /// `maxItems`, `unevaluatedItems`, nor a keyword decided item by item):
    /// as an array's one node, its items may be read whole.
    pub lean_array: bool,
    /// The strings of the node's `enum` (empty: it lists none, or no `enum`).
    pub enum_strings: Box<[Span]>,
    /// The node's `const`, when a string.
    pub const_string: Option<Span>,
}

/// A string of the plan's list of bytes ([`Plan::string`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    start: usize,
    end: usize,
}

/// The root frame of arguments that open as an object, when the plan holds
/// it whole: the root node applies nothing in place (it is the one
/// alternative), takes objects and is not `false` (no `type` decision at
/// the first byte).
#[derive(Clone, Copy, Debug)]
pub(super) struct RootObject {
    /// The root node.
    pub node: NodeId,
    /// The frame's lean node (see `Frame::lean_node`).
    pub lean: Option<NodeId>,
    /// [`NodePlan::decided`] of the root node.
    pub decided: bool,
}

/// Every node's plan.
#[derive(Debug)]
pub(super) struct Plan {
    nodes: Box<[NodePlan]>,
    /// The root frame of arguments that open as an object, when a copy.
    pub root_object: Option<RootObject>,
    /// The strings of the nodes' `enum` and `const`, one after the other.
    strings: Box<[u8]>,
}

impl Plan {
    #[inline]
    pub fn node(&self, id: NodeId) -> &NodePlan {
        &self.nodes[id.0 as usize]
    }

    /// The bytes of the string at `span`.
    #[inline]
    pub fn string(&self, span: Span) -> &[u8] {
        &self.strings[span.start..span.end]
    }
}

/// Adds `s` to `strings`: its span.
fn push_string(strings: &mut Vec<u8>, s: &str) -> Span {
    let start = strings.len();
    strings.extend_from_slice(s.as_bytes());
    Span {
        start,
        end: strings.len(),
    }
}

/// [`NodePlan::growing_within`] of `node`, found by halving each side with
/// [`growing_breaks`] itself: the greatest `n >= 0` that breaks nothing
/// (none: -1) and the least `n < 0` (none: 0), of integer parts of up to 18
/// digits.
fn growing_within(node: &Node) -> (i64, i64) {
    let breaks = |n: i64| growing_breaks(node, n).next().is_some();
    const PAST: i64 = 1_000_000_000_000_000_000;
    (last_within(0, -PAST, breaks), last_within(-1, PAST, breaks))
}

/// Between `ok` (taken as within) and `bad` (taken as broken), either way
/// round, the last integer going from `ok` towards `bad` that `breaks` does
/// not break, when `breaks` is monotone on that side.
fn last_within(mut ok: i64, mut bad: i64, breaks: impl Fn(i64) -> bool) -> i64 {
    while (bad - ok).abs() > 1 {
        let mid = ok + (bad - ok) / 2;
        if breaks(mid) {
            bad = mid;
        } else {
            ok = mid;
        }
    }
    ok
}

/// The longest prefix a [`Prefixes`] holds.
pub(super) const SHORT_PREFIX: usize = 7;

/// A set of byte strings of 1 to [`SHORT_PREFIX`] bytes (the prefixes of a
/// node's declared names), each held as one word: its length in the top byte,
/// its bytes below; found by open addressing (0: an empty place).
#[derive(Debug)]
pub(super) struct Prefixes {
    places: Box<[u64]>,
    shift: u32,
}

impl Prefixes {
    /// The set of the prefixes of `names` up to [`SHORT_PREFIX`] bytes; none
    /// past 4,096 of them (a node of very many names keeps the scan).
    fn of<'n>(names: impl Iterator<Item = &'n [u8]>) -> Option<Prefixes> {
        let mut keys: Vec<u64> = names
            .flat_map(|name| (1..=name.len().min(SHORT_PREFIX)).map(|n| key(&name[..n])))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        if keys.is_empty() || keys.len() > 4096 {
            return None;
        }
        let size = (keys.len() * 2).next_power_of_two();
        let shift = 64 - size.trailing_zeros();
        let mut places = vec![0u64; size].into_boxed_slice();
        for k in keys {
            let mut i = place(k, shift);
            while places[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            places[i] = k;
        }
        Some(Prefixes { places, shift })
    }

    /// Whether `prefix` (1 to [`SHORT_PREFIX`] bytes) is in the set.
    #[inline(always)]
    pub fn contains(&self, prefix: &[u8]) -> bool {
        let k = key(prefix);
        let mask = self.places.len() - 1;
        let mut i = place(k, self.shift);
        loop {
            match self.places[i] {
                0 => return false,
                p if p == k => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

/// The word of a string of 1 to [`SHORT_PREFIX`] bytes: its length in the top
/// byte, its bytes (little-endian) below.
#[inline(always)]
fn key(bytes: &[u8]) -> u64 {
    (bytes.len() as u64) << 56 | head(bytes)
}

/// The first place of key `k` in a table of `1 << (64 - shift)` places.
#[inline(always)]
fn place(k: u64, shift: u32) -> usize {
    (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

/// The first 8 bytes of `bytes` (fewer: zeros follow) as a little-endian
/// word.
#[inline(always)]
fn head(bytes: &[u8]) -> u64 {
    let mut word = [0; 8];
    let n = bytes.len().min(8);
    word[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(word)
}

/// The streaming plan of `schema`, built on first use.
pub(super) fn of(schema: &Schema) -> &Plan {
    schema.stream.get_or_build(|| build(schema))
}

fn build(schema: &Schema) -> Plan {
    let mut nodes = Vec::with_capacity(schema.nodes().len());
    let mut strings = Vec::new();
    for (id, node) in schema.nodes().iter().enumerate() {
        let facts = schema.facts(NodeId(id as u32));
        let props = node.properties.as_deref().unwrap_or_default();
        let mut by_name: Vec<u32> = (0..props.len() as u32).collect();
        by_name.sort_by(|&a, &b| props[a as usize].name.cmp(&props[b as usize].name));
        let names = (!props.is_empty()).then(|| {
            let mut seen = std::collections::HashSet::new();
            let first = props
                .iter()
                .enumerate()
                .filter(|(_, p)| seen.insert(p.name.as_str()))
                .map(|(i, p)| (Box::from(p.name.as_str()), i as u32));
            NameTable::new(first.collect())
        });
        let firsts = by_name
            .iter()
            .map(|&i| {
                props[i as usize]
                    .name
                    .as_bytes()
                    .first()
                    .copied()
                    .unwrap_or(0)
            })
            .collect();
        let short_prefixes = Prefixes::of(props.iter().map(|p| p.name.as_bytes()));
        let enum_strings = node
            .enum_values
            .iter()
            .flat_map(|allowed| allowed.iter().filter_map(Value::as_str))
            .map(|s| push_string(&mut strings, s))
            .collect();
        let const_string = node
            .const_value
            .as_ref()
            .and_then(Value::as_str)
            .map(|s| push_string(&mut strings, s));
        let required_slots = required_slots(node);
        let closes_by_slots = required_slots
            .filter(|_| node.min_properties.is_none() && node.dependent_required.is_empty());
        nodes.push(NodePlan {
            firsts,
            short_prefixes,
            growing_within: match int_bounded(facts) {
                true => growing_within(node),
                false => (i64::MIN, i64::MAX),
            },
            names,
            by_name: by_name.into_boxed_slice(),
            simple: applies_nothing(node),
            lean_object: lean_object(node),
            lean_array: node.max_items.is_none()
                && node.unevaluated_items.is_none()
                && !asks_items(node),
            required_slots,
            closes_by_slots,
            decided: decided::container(node),
            enum_strings,
            const_string,
        });
    }
    Plan {
        root_object: root_object(schema, &nodes),
        nodes: nodes.into_boxed_slice(),
        strings: strings.into_boxed_slice(),
    }
}

/// The root frame of arguments that open as an object (see [`RootObject`]),
/// `nodes` the plans of the schema's nodes.
fn root_object(schema: &Schema, nodes: &[NodePlan]) -> Option<RootObject> {
    let id = schema.root_id();
    let facts = schema.facts(id);
    let takes_objects = facts.accept & (1 << JsonType::Object as u8) != 0;
    let plan = &nodes[id.0 as usize];
    if !plan.simple || !takes_objects || facts.flags & NEVER != 0 {
        return None;
    }
    let node = schema.node(id);
    Some(RootObject {
        node: id,
        lean: lean_object(node).then_some(id),
        decided: plan.decided,
    })
}

/// Whether `node` asks of an array keywords decided item by item
/// (`uniqueItems`, or `contains` with `maxContains`; see `super::items`).
pub(super) fn asks_items(node: &Node) -> bool {
    node.unique_items || (node.contains.is_some() && node.max_contains.is_some())
}

/// Whether `node` asks of an object's member nothing but its name and its
/// value (no `maxProperties`, `propertyNames`, `patternProperties` or
/// `unevaluatedProperties`): as an object's one node, its members may be
/// read whole (see `super::lean`).
pub(super) fn lean_object(node: &Node) -> bool {
    node.max_properties.is_none()
        && node.property_names.is_none()
        && node.pattern_properties.is_empty()
        && node.pattern_set.is_none()
        && node.unevaluated_properties.is_none()
}

/// The mask of `node`'s required names' slots (see
/// [`NodePlan::required_slots`]).
fn required_slots(node: &Node) -> Option<u64> {
    let props = node.properties.as_deref().unwrap_or_default();
    if props.iter().any(|p| p.alias_of.is_some()) {
        return None;
    }
    node.required.iter().try_fold(0u64, |mask, r| {
        let slot = props.iter().position(|p| p.name == *r)?;
        (slot < 64).then(|| mask | 1 << slot)
    })
}

/// Whether `node` applies no subschema in place that the expansion reads.
pub(super) fn applies_nothing(node: &Node) -> bool {
    node.reference.is_none()
        && node.all_of.is_empty()
        && node.any_of.is_empty()
        && node.one_of.is_empty()
}

#[cfg(test)]
mod tests {
    use super::{of, Prefixes, SHORT_PREFIX};
    use crate::schema::Schema;
    use serde_json::json;

    #[test]
    fn growing_within_is_where_growing_breaks_finds_nothing() {
        const MOST: i64 = 999_999_999_999_999_999;
        let bounds = [
            (json!({"minimum": -5, "maximum": 100}), (-5, 100)),
            (
                json!({"exclusiveMinimum": -5, "exclusiveMaximum": 10}),
                (-4, 9),
            ),
            (json!({"minimum": 3}), (0, MOST)),
            (json!({"maximum": -2}), (-MOST, -1)),
            (json!({"maximum": 10.5}), (-MOST, 10)),
        ];
        for (bound, within) in bounds {
            let mut node = json!({"type": "integer"});
            node.as_object_mut()
                .unwrap()
                .extend(bound.as_object().unwrap().clone());
            let schema =
                Schema::parse(&json!({"type": "object", "properties": {"n": node}})).unwrap();
            let id = schema.root().properties.as_deref().unwrap()[0].node;
            let (low, high) = of(&schema).node(id).growing_within;
            assert_eq!((low, high), within, "{bound}");
            for n in [
                -MOST, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 9, 10, 11, 100, 101, MOST,
            ] {
                let breaks = super::growing_breaks(schema.node(id), n).next().is_some();
                assert_eq!(breaks, n < low || n > high, "{bound} at {n}");
            }
        }
    }

    #[test]
    fn short_prefixes_are_exactly_those_of_the_names() {
        let names: [&[u8]; 5] = [
            b"a",
            b"ab\0",
            b"quantity",
            "\u{65e5}\u{672c}".as_bytes(),
            b"",
        ];
        let set = Prefixes::of(names.iter().copied()).unwrap();
        for name in names {
            for n in 1..=name.len().min(SHORT_PREFIX) {
                assert!(set.contains(&name[..n]), "{:?}", &name[..n]);
            }
        }
        let absent: [&[u8]; 8] = [
            b"b",
            b"a\0",
            b"ab\0\0",
            b"qv",
            b"quantiy",
            b"abc",
            b"\0",
            b"\xe6\x97\xa5\xe6\x9c\xad",
        ];
        for other in absent {
            let short = &other[..other.len().min(SHORT_PREFIX)];
            assert!(!set.contains(short), "{other:?}");
        }
        assert!(Prefixes::of([b"".as_slice()].into_iter()).is_none());
    }
}
