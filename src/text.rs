//! Small helpers for the words shown to people.

/// A count with its noun in the right number: `plural(1, "event", "events")` is "1 event".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_everything_else_plural() {
        assert_eq!(plural(1, "casualty", "casualties"), "1 casualty");
        assert_eq!(plural(0, "casualty", "casualties"), "0 casualties");
        assert_eq!(plural(3, "event", "events"), "3 events");
    }
}
