//! A small deterministic generator (xorshift) for the property tests, so that
//! a failure repeats.

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (not 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// One of `items` (not empty). Used by the pattern engine's differential
    /// tests, which the `regex` feature leaves out.
    #[cfg_attr(feature = "regex", allow(dead_code))]
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}
