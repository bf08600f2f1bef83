//! The member names of one open object, for repeated names and `required`:
//! the names' bytes in one buffer, reused from object to object (no
//! allocation per name once the checker is warm). Up to [`SCANNED`] names are
//! compared in turn; past that, found by a hash. In an object whose frame has
//! one node (see `Frame::lean`), a name that node declares below slot 64 is
//! marked by its slot instead, its bytes not kept: every such name of the
//! object comes by its slot, so the mark alone says whether it came.

use std::collections::HashMap;
use std::hash::BuildHasher;

/// Whether two names are equal: their lengths and first bytes compared
/// before the rest (most names differ there, without a call to compare).
#[inline(always)]
pub(super) fn same_name(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.first() == b.first() && a == b
}

/// Up to this many names are found by a scan; past it, by a map.
const SCANNED: usize = 64;

/// A set of names (see the module).
#[derive(Debug, Default)]
pub(super) struct NameSet {
    bytes: Vec<u8>,
    /// Per name: where its bytes start, how many.
    spans: Vec<(u32, u32)>,
    /// Past [`SCANNED`] names: hash to the last span of that hash; `chain`
    /// links each span to the one before of its hash (`u32::MAX`: none).
    /// The map's own hasher hashes the names (random keys: crafted names do
    /// not collide on purpose).
    map: HashMap<u64, u32>,
    chain: Vec<u32>,
    /// Per declared property slot below 64: whether a name was added by it
    /// (see [`NameSet::insert_slot`]).
    slots: u64,
}

impl NameSet {
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.spans.clear();
        self.map.clear();
        self.chain.clear();
        self.slots = 0;
    }

    /// Whether its buffers are small enough to keep for another checker.
    pub fn small(&self) -> bool {
        self.bytes.capacity() <= 16 * 1024 && self.spans.capacity() <= 1024
    }

    fn name(&self, span: usize) -> &[u8] {
        let (start, len) = self.spans[span];
        &self.bytes[start as usize..(start + len) as usize]
    }

    fn hash(&self, name: &[u8]) -> u64 {
        self.map.hasher().hash_one(name)
    }

    /// Whether `name` is in the set.
    #[inline]
    pub fn contains(&self, name: &str) -> bool {
        self.contains_bytes(name.as_bytes())
    }

    /// Whether the name of bytes `name` is in the set.
    #[inline]
    pub fn contains_bytes(&self, name: &[u8]) -> bool {
        if self.spans.len() <= SCANNED {
            return (0..self.spans.len()).any(|span| same_name(self.name(span), name));
        }
        self.hashed(name)
    }

    /// Whether `name` is in the set, past the scan.
    #[inline(never)]
    fn hashed(&self, name: &[u8]) -> bool {
        let mut at = self.map.get(&self.hash(name)).copied();
        while let Some(s) = at.filter(|&s| s != u32::MAX) {
            if self.name(s as usize) == name {
                return true;
            }
            at = Some(self.chain[s as usize]);
        }
        false
    }

    /// Adds `name`; `false` when it was there.
    #[inline]
    pub fn insert(&mut self, name: &str) -> bool {
        if self.contains(name) {
            return false;
        }
        self.insert_new(name.as_bytes());
        true
    }

    /// Whether the name of bytes `name`, the name of the declared property
    /// of slot `slot` (the first so named), is not in the set.
    #[inline]
    pub fn lacks_slot(&self, slot: usize, name: &[u8]) -> bool {
        if slot < 64 {
            return self.slots & (1 << slot) == 0;
        }
        !self.contains_bytes(name)
    }

    /// Whether every slot of the mask `slots` was added by its slot (see
    /// [`NameSet::insert_slot`]).
    #[inline]
    pub fn has_slots(&self, slots: u64) -> bool {
        self.slots & slots == slots
    }

    /// Adds the name of bytes `name`, of the declared property of slot
    /// `slot` (see [`NameSet::lacks_slot`]), known not to be there: below 64,
    /// by its slot alone.
    #[inline]
    pub fn insert_slot(&mut self, slot: usize, name: &[u8]) {
        match slot {
            0..64 => self.slots |= 1 << slot,
            _ => self.insert_new(name),
        }
    }

    /// Adds the name of bytes `name`, known not to be there.
    #[inline]
    pub fn insert_new(&mut self, name: &[u8]) {
        let span = self.spans.len() as u32;
        self.spans
            .push((self.bytes.len() as u32, name.len() as u32));
        self.bytes.extend_from_slice(name);
        if self.spans.len() > SCANNED {
            self.past_scan(span);
        }
    }

    /// Links name `span` into the map, the names before it too when it is
    /// the first past the scan.
    #[inline(never)]
    fn past_scan(&mut self, span: u32) {
        if self.spans.len() == SCANNED + 1 {
            // Past the scan: every name so far goes into the map.
            for s in 0..=span {
                self.link(s);
            }
        } else {
            self.link(span);
        }
    }

    fn link(&mut self, span: u32) {
        let hash = self.hash(self.name(span as usize));
        let before = self.map.insert(hash, span).unwrap_or(u32::MAX);
        self.chain.push(before);
    }
}
