//! Words for problems: what a value is, and the nearest of the words that would fit.

use serde_json::Value;

/// What a value is, as a person would point at it: `null`, `10`, `"D10"`, `a list [ … ]`.
pub fn found(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => crate::text::quoted(s),
        Value::Array(_) => "a list [ … ]".to_owned(),
        Value::Object(_) => "an object { … }".to_owned(),
    }
}

/// The option nearest to `word`, if it is near enough to be what was meant (a slip of a
/// letter or two, another case, spaces or hyphens for underscores).
pub fn closest(word: &str, options: &[String]) -> Option<String> {
    let simple = |s: &str| -> String {
        s.to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect()
    };
    // Suggestions are for slips in a word or two: a long text is near nothing (and comparing
    // two long texts letter by letter would cost their lengths multiplied).
    const LONGEST: usize = 64;
    if word.len() > 4 * LONGEST {
        return None;
    }
    let wanted = simple(word);
    if let Some(same) = options.iter().find(|o| simple(o) == wanted) {
        return Some(same.clone());
    }
    let limit = match wanted.chars().count() {
        0..=4 => 1,
        5..=10 => 2,
        _ => 3,
    };
    let length = wanted.chars().count();
    let near = options
        .iter()
        .filter(|o| o.len() <= 4 * LONGEST)
        .map(|o| (o, simple(o)))
        // The distance is at least the difference of the lengths: a long word is never near.
        .filter(|(_, s)| s.chars().count().abs_diff(length) <= limit)
        .map(|(o, s)| (distance(&wanted, &s), o))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, o)| o.clone());
    // A word cut short ("insurgency" for "insurgency_level"): the one option it begins.
    near.or_else(|| {
        let mut starting = options
            .iter()
            .filter(|o| length >= 5 && o.len() <= 4 * LONGEST && simple(o).starts_with(&wanted));
        match (starting.next(), starting.next()) {
            (Some(only), None) => Some(only.clone()),
            _ => None,
        }
    })
}

/// The edit distance between two words: insertions, deletions, substitutions and swaps of
/// two neighbouring letters, one step each.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// "a" or "an" before a word.
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_words_are_found() {
        let options: Vec<String> = ["rifle", "light_support", "leader"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        assert_eq!(closest("riffle", &options).as_deref(), Some("rifle"));
        assert_eq!(
            closest("Light Support", &options).as_deref(),
            Some("light_support")
        );
        assert_eq!(closest("tank", &options), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("nmae", "name"), 1);
        assert_eq!(article("Insurgent"), "an");
        assert_eq!(article("Regular"), "a");
    }
}
