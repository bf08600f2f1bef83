//! One open value of the streaming checker: its alternatives, where it is in
//! its parent, an object's member names. Frames are kept from value to value (the checker's stack only grows
//! to the deepest nesting seen), so a warm checker allocates nothing per value.

use super::alts::Alt;
use super::names::NameSet;
use super::plan::{NodePlan, Plan};
use crate::schema::NodeId;

/// What an open value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    Object,
    Array,
    Scalar,
}

/// Where a value is in its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Key {
    /// The arguments themselves.
    Root,
    /// The value of the parent's current member (named by the parent's
    /// [`Frame::name`], kept until its next member starts).
    Member,
    /// Item `i` of the parent array.
    Index(usize),
}

/// Where an object is in its current member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NameState {
    /// No name at hand (none yet, or its value started).
    Idle,
    /// A name is being read.
    Reading,
    /// A name was read; its value comes next.
    Pending,
}

/// One open value.
#[derive(Debug)]
pub(super) struct Frame {
    pub shape: Shape,
    pub alts: Vec<Alt>,
    /// The nodes of the alternatives (each alternative a range).
    pub nodes: Vec<NodeId>,
    pub key: Key,
    /// The arguments object itself (closed in tool-call mode).
    pub root: bool,
    /// Members or items begun so far.
    pub count: u64,
    /// An object's member names (a repeated one is a violation).
    pub names: NameSet,
    /// An object's current member name (as far as read).
    pub name: Vec<u8>,
    pub name_state: NameState,
    /// An object's or array's one node whose members or items may be read
    /// whole (see [`super::lean`]).
    pub lean: Option<NodeId>,
}

impl Frame {
    pub fn new() -> Frame {
        Frame {
            shape: Shape::Scalar,
            alts: Vec::new(),
            nodes: Vec::new(),
            key: Key::Root,
            root: false,
            count: 0,
            names: NameSet::default(),
            name: Vec::new(),
            name_state: NameState::Idle,
            lean: None,
        }
    }

    /// Whether its buffers are small enough to keep for another checker.
    pub fn small(&self) -> bool {
        self.alts.capacity() <= 256
            && self.nodes.capacity() <= 1024
            && self.name.capacity() <= 4096
            && self.names.small()
    }

    /// The one node of an object or array frame whose members or items may
    /// be read whole (see [`super::lean`]): the frame has one alternative, of
    /// one node, which asks of a member nothing but its name and value, or
    /// of an item nothing but its value ([`NodePlan::lean_object`],
    /// [`NodePlan::lean_array`](super::plan::NodePlan)).
    ///
    /// [`NodePlan::lean_object`]: super::plan::NodePlan
    pub fn lean_node(&self, plan: &Plan) -> Option<NodeId> {
        let [alt] = self.alts[..] else {
            return None;
        };
        let [id] = self.nodes[alt.start as usize..alt.end as usize] else {
            return None;
        };
        lean(plan.node(id), self.shape).then_some(id)
    }

    /// Where the value that starts in this open frame is: the value of the
    /// member whose name was read (the name now used), or the next item.
    pub fn child_key(&mut self) -> Key {
        if self.name_state == NameState::Pending {
            self.name_state = NameState::Idle;
            Key::Member
        } else {
            self.count += 1;
            Key::Index(self.count as usize - 1)
        }
    }

    /// The frame made ready for a new value (its buffers kept).
    pub fn reset(&mut self, shape: Shape, key: Key, root: bool) {
        self.shape = shape;
        self.alts.clear();
        self.nodes.clear();
        self.key = key;
        self.root = root;
        self.count = 0;
        if shape == Shape::Object {
            self.names.clear();
        }
        self.name.clear();
        self.name_state = NameState::Idle;
        self.lean = None;
    }
}

/// Whether a node of plan `plan`, as the one node of an open value of
/// `shape`, lets its members or items be read whole
/// ([`NodePlan::lean_object`], [`NodePlan::lean_array`]).
#[inline]
pub(super) fn lean(plan: &NodePlan, shape: Shape) -> bool {
    match shape {
        Shape::Object => plan.lean_object,
        Shape::Array => plan.lean_array,
        Shape::Scalar => false,
    }
}

/// The live (alternative, node) pairs of a frame, read by index so that the
/// judge may kill alternatives between two steps.
#[derive(Default)]
pub(super) struct Cursor {
    alt: usize,
    k: Option<u32>,
}

impl Cursor {
    /// The index in the frame's `nodes` of the node [`Cursor::next`] gave last.
    pub fn slot(&self) -> usize {
        self.k.map_or(0, |k| k as usize - 1)
    }

    pub fn next(&mut self, frame: &Frame) -> Option<(usize, NodeId)> {
        while let Some(a) = frame.alts.get(self.alt) {
            let k = *self.k.get_or_insert(a.start);
            if !a.dead && k < a.end {
                self.k = Some(k + 1);
                return Some((self.alt, frame.nodes[k as usize]));
            }
            self.alt += 1;
            self.k = None;
        }
        None
    }
}

/// A member cut after its whole name, waiting for more text: where it starts
/// (its name's opening quote), its name's length, its declared property's
/// slot and that property's schema (see `Judge::declared_new`); for a member
/// cut inside a plain string value, where that value starts and how far its
/// bytes were found plain (offsets from `at`; 0: not so cut).
#[derive(Clone, Copy, Debug)]
pub(super) struct Named {
    pub at: usize,
    pub len: u32,
    pub slot: u32,
    pub child: NodeId,
    pub value: u16,
    pub plain: u16,
}
