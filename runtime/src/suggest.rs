//! "Did you mean ...?": the closest known word to a misspelt one.

/// Edit distance (insertions, deletions, substitutions) between two strings, by
/// characters, ASCII case ignored.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The candidate closest to `word`, if it is close enough to be a likely typo (at
/// most a third of the word's characters differ, at least one allowed). Ties go to
/// the earliest candidate.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (distance(word, c), c))
        .filter(|(d, c)| *d <= limit && *c != word)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_typos_only() {
        let kws = ["required", "properties", "type", "enum"];
        assert_eq!(closest("requird", kws), Some("required"));
        assert_eq!(closest("propertes", kws), Some("properties"));
        assert_eq!(closest("Type", kws), Some("type"));
        assert_eq!(closest("bogus", kws), None);
        assert_eq!(closest("strin", ["string", "number"]), Some("string"));
        assert_eq!(closest("", kws), None);
    }
}
