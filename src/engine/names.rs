//! Matching typed names against the data's names: the edit distance behind every "did you mean".
//! It lives in the engine, which resolves names itself; `crate::data` and the table reuse it.

/// Levenshtein distance between two strings, by characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn distances_count_characters_not_bytes() {
        assert_eq!(edit_distance("vienna", "vienna"), 0);
        assert_eq!(edit_distance("viena", "vienna"), 1);
        assert_eq!(edit_distance("вена", "вена"), 0);
        assert_eq!(edit_distance("вена", "веня"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
