//! Faces typed from physical dice, read the way a hurried referee types them.
//!
//! A d6 or a d8 never shows more than one digit, so a run of digits is one face per digit:
//! `6442` is four faces, as is `6 4 4 2`. A d10's faces are read the same way, with `0` for the
//! 10 most d10s print (and `10` typed on its own also a 10, unless the roll wants one face more:
//! then it is a 1 and a 10, as a percentile of 10 is typed). A d12's faces must be separated
//! (`12 3 11`), since `121` could be read more than one way.

use super::request::{DiceError, parse_faces, typed_tokens};
use super::{Die, Face};

/// How faces of this die are typed, in a few words for the prompt.
pub const fn typing_hint(die: Die) -> &'static str {
    match die {
        Die::D6 | Die::D8 => "one digit per die, such as 6442 or 6 4 4 2",
        Die::D10 => "one digit per die, 0 for a 10, such as 7302",
        Die::D12 => "faces separated by spaces, such as 12 3 11",
    }
}

/// Reads typed faces of one die type. A face that is not on the die is read as typed, for the
/// group's check to name; text that is not digits is refused by name.
pub fn read_typed(text: &str, die: Die) -> Result<Vec<Face>, DiceError> {
    if die == Die::D12 {
        // Faces apart, as any roll is typed.
        return parse_faces(text);
    }
    let mut faces = Vec::new();
    for token in typed_tokens(text) {
        match token? {
            "10" if die == Die::D10 => faces.push(10),
            token => faces.extend(token.bytes().map(|b| match (die, b - b'0') {
                (Die::D10, 0) => 10,
                (_, digit) => digit,
            })),
        }
    }
    Ok(faces)
}

/// Reads typed faces for a roll of `count` dice: as [`read_typed`], except that a `10` typed
/// on a d10 is read as two faces, a 1 and a 10, when that alone makes the count (a percentile
/// of 10 typed as tens then units, or a 1 and a 10 typed together).
pub fn read_typed_for(text: &str, die: Die, count: usize) -> Result<Vec<Face>, DiceError> {
    let faces = read_typed(text, die)?;
    if die != Die::D10 || faces.len() == count {
        return Ok(faces);
    }
    // Each "10" read as one face may be a 1 and a 0 (a 10): one face more for each.
    let tens = typed_tokens(text)
        .filter(|token| token.as_ref().is_ok_and(|t| *t == "10"))
        .count();
    if tens > 0 && faces.len() + tens == count {
        return Ok(text
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| match b - b'0' {
                0 => 10,
                digit => digit,
            })
            .collect());
    }
    Ok(faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_digits_are_one_face_each_on_small_dice() {
        assert_eq!(read_typed("6442", Die::D6).ok(), Some(vec![6, 4, 4, 2]));
        assert_eq!(read_typed("6 4 42", Die::D8).ok(), Some(vec![6, 4, 4, 2]));
        assert_eq!(read_typed("88,1", Die::D8).ok(), Some(vec![8, 8, 1]));
        // A 0 on a d6 stays a 0, for the check to refuse.
        assert_eq!(read_typed("60", Die::D6).ok(), Some(vec![6, 0]));
        assert_eq!(read_typed("", Die::D6).ok(), Some(vec![]));
    }

    #[test]
    fn a_d10_reads_0_as_10_and_10_alone_as_10() {
        assert_eq!(read_typed("7302", Die::D10).ok(), Some(vec![7, 3, 10, 2]));
        assert_eq!(read_typed("10 7 3", Die::D10).ok(), Some(vec![10, 7, 3]));
        assert_eq!(read_typed("107", Die::D10).ok(), Some(vec![1, 10, 7]));
    }

    #[test]
    fn a_10_on_d10s_is_two_faces_when_that_alone_makes_the_count() {
        // A percentile of 10: tens 1, units 0 (a 10).
        assert_eq!(read_typed_for("10", Die::D10, 2).ok(), Some(vec![1, 10]));
        assert_eq!(read_typed_for("10", Die::D10, 1).ok(), Some(vec![10]));
        assert_eq!(read_typed_for("10 7", Die::D10, 2).ok(), Some(vec![10, 7]));
        assert_eq!(
            read_typed_for("10 7", Die::D10, 3).ok(),
            Some(vec![1, 10, 7])
        );
        // Short of the count either way: read as typed, for the check to say so.
        assert_eq!(read_typed_for("10", Die::D10, 4).ok(), Some(vec![10]));
        assert_eq!(read_typed_for("66", Die::D6, 3).ok(), Some(vec![6, 6]));
    }

    #[test]
    fn a_d12_needs_its_faces_apart() {
        assert_eq!(read_typed("12 3 11", Die::D12).ok(), Some(vec![12, 3, 11]));
        assert_eq!(read_typed("121", Die::D12).ok(), Some(vec![121]));
        assert!(matches!(
            read_typed("6 x", Die::D6),
            Err(DiceError::NotANumber { token }) if token == "x"
        ));
        assert!(matches!(
            read_typed("999", Die::D12),
            Err(DiceError::TooLarge { .. })
        ));
    }
}
