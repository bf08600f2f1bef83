//! The property names an object's plan tracks, looked up by the text path in
//! constant time: an open-addressing table keyed by the name's length and its
//! first and last 8 bytes (which are the whole name up to 16 bytes, so a match
//! there is the name itself, compared without `memcmp`).

/// One tracked name.
#[derive(Debug)]
struct Entry {
    /// Its length; `u32::MAX` for an empty place of the table.
    len: u32,
    slot: u32,
    /// Its words (see [`words`]).
    words: [u64; 2],
    /// The name itself, compared when longer than 16 bytes.
    name: Box<str>,
}

/// The tracked names of one object and their slots.
#[derive(Debug)]
pub(crate) struct NameTable {
    /// A power of two of places, at least twice the names (at least one empty).
    entries: Box<[Entry]>,
    /// Places minus one.
    mask: usize,
}

/// The first and last 8 bytes of `name` as two words (shorter names: the first
/// and last 4 bytes, or for up to 3 bytes every byte). Two names of the same
/// length up to 16 bytes have the same words only if they are the same name.
#[inline(always)]
fn words(name: &[u8]) -> [u64; 2] {
    let n = name.len();
    let word = |i: usize| u64::from_le_bytes(name[i..i + 8].try_into().unwrap_or([0; 8]));
    let half = |i: usize| {
        u64::from(u32::from_le_bytes(
            name[i..i + 4].try_into().unwrap_or([0; 4]),
        ))
    };
    if n >= 8 {
        [word(0), word(n - 8)]
    } else if n >= 4 {
        [half(0), half(n - 4)]
    } else if n > 0 {
        let b = |i: usize| u64::from(name[i]);
        [b(0) | b(n / 2) << 8 | b(n - 1) << 16, 0]
    } else {
        [0, 0]
    }
}

/// The first place of a name with these words and length.
#[inline(always)]
fn place(words: [u64; 2], len: usize, mask: usize) -> usize {
    let h = (words[0] ^ (len as u64))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(23)
        ^ words[1].wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let h = h ^ (h >> 29);
    h as usize & mask
}

impl NameTable {
    /// The table of `names` (name, slot), each name once.
    pub fn new(names: Vec<(Box<str>, u32)>) -> NameTable {
        let size = (names.len() * 2).next_power_of_two().max(2);
        let mask = size - 1;
        let mut entries: Vec<Entry> = (0..size)
            .map(|_| Entry {
                len: u32::MAX,
                slot: 0,
                words: [0, 0],
                name: Box::from(""),
            })
            .collect();
        for (name, slot) in names {
            let w = words(name.as_bytes());
            let mut i = place(w, name.len(), mask);
            while entries[i].len != u32::MAX {
                i = (i + 1) & mask;
            }
            entries[i] = Entry {
                len: name.len() as u32,
                slot,
                words: w,
                name,
            };
        }
        NameTable {
            entries: entries.into_boxed_slice(),
            mask,
        }
    }

    /// The slot of `key`, if it is tracked.
    #[inline(always)]
    pub fn slot(&self, key: &str) -> Option<u32> {
        self.slot_of(key.as_bytes())
    }

    /// The slot of the name of bytes `key`, if it is tracked.
    #[inline(always)]
    pub fn slot_of(&self, key: &[u8]) -> Option<u32> {
        let len = key.len();
        if len >= u32::MAX as usize {
            return None;
        }
        let w = words(key);
        let mut i = place(w, len, self.mask);
        loop {
            let e = &self.entries[i];
            if e.len == u32::MAX {
                return None;
            }
            if e.len as usize == len && e.words == w && (len <= 16 || e.name.as_bytes() == key) {
                return Some(e.slot);
            }
            i = (i + 1) & self.mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NameTable;

    #[test]
    fn finds_every_name_and_no_other() {
        let names: Vec<String> = [
            "",
            "a",
            "ab",
            "abc",
            "abcd",
            "abcde",
            "abcdefgh",
            "abcdefghi",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain((0..300).map(|i| format!("p{i}")))
        .chain((0..50).map(|i| format!("a_rather_long_property_name_{i}_end")))
        .chain((0..50).map(|i| format!("{i}_same_start_and_end_0123456789")))
        .chain(
            ["é", "日本語", "ab\u{0}", "\u{0}ab"]
                .iter()
                .map(|s| s.to_string()),
        )
        .collect();
        let table = NameTable::new(
            names
                .iter()
                .enumerate()
                .map(|(i, n)| (n.as_str().into(), i as u32))
                .collect(),
        );
        for (i, n) in names.iter().enumerate() {
            assert_eq!(table.slot(n), Some(i as u32), "{n:?}");
        }
        for other in [
            "abcdefg",
            "p300",
            "p-1",
            "b",
            "ab\u{1}",
            "a_rather_long_property_name_1_enD",
            "abcdefghij",
            "\u{0}",
            "\u{0}\u{0}\u{0}",
        ] {
            assert_eq!(table.slot(other), None, "{other:?}");
        }
        let empty = NameTable::new(Vec::new());
        assert_eq!(empty.slot(""), None);
        assert_eq!(empty.slot("a"), None);
    }
}
