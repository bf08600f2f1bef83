//! The names of one object seen by a pass, by hash, to find a repeated one
//! (shared by the derived fast path and the engine's checking pass).

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// The hash [`Names`] keeps of a name (fixed keys: the same name always hashes
/// the same; a collision only sends the call to the exact path).
#[inline]
pub fn name_hash(key: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

/// The names of one object that no slot tracks, by hash, to find a repeated one:
/// the first [`Names::INLINE`] in place (no allocation), then in a hash set.
/// Constant time per name.
#[doc(hidden)]
pub struct Names {
    inline: [u64; Names::INLINE],
    n: usize,
    spill: Option<HashSet<u64>>,
}

impl Default for Names {
    fn default() -> Names {
        Names::new()
    }
}

impl Names {
    /// Names kept without allocating.
    pub const INLINE: usize = 8;

    #[inline]
    pub fn new() -> Names {
        Names {
            inline: [0; Names::INLINE],
            n: 0,
            spill: None,
        }
    }

    /// Notes a name by its hash; `false` when it was (probably) seen before.
    #[inline]
    pub fn insert(&mut self, hash: u64) -> bool {
        if self.inline[..self.n.min(Names::INLINE)].contains(&hash) {
            return false;
        }
        if self.n < Names::INLINE {
            self.inline[self.n] = hash;
            self.n += 1;
            return true;
        }
        self.n += 1;
        self.spill.get_or_insert_with(HashSet::new).insert(hash)
    }
}
