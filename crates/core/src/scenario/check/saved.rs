//! The scenario inside a saved game, held to the rules a scenario file is: its shape against
//! the same schema (the caps on counts and lengths, text on one line), so a journal cannot
//! bring in what `validate` refuses.
//!
//! A journal written by an earlier version may hold a scenario today's rules refuse (a name
//! with a character since forbidden, a count since capped). It still loads, and replays as it
//! was played: only the text that breaks the rules is changed, for the screens' sake (written
//! on one line, cut to its field's length), the numbers stay as they were, and every problem
//! is told ([`SavedScenario::problems`]) for the app to say so.

use serde_json::Value;

use super::{LoadedScenario, Problem, ScenarioError, cap, load_file, shape};
use crate::scenario::file::ScenarioFile;

/// A saved game's scenario, checked, with what today's rules for files say of it.
#[derive(Debug)]
pub struct SavedScenario {
    /// The scenario, its text made safe to show where it broke the rules.
    pub loaded: LoadedScenario,
    /// What breaks today's rules for scenario files, by field path (a few of each kind, the
    /// rest counted, as `validate` lists them); empty for a journal of this version.
    pub problems: Vec<Problem>,
}

/// Checks the scenario a journal holds: its shape as a file's, then its meaning as it was
/// when the game began ([`load_file`]). Text out of bounds is mended, never refused; a
/// scenario that cannot be played is.
pub fn load_saved(file: ScenarioFile) -> Result<SavedScenario, ScenarioError> {
    let Ok(mut value) = serde_json::to_value(&file) else {
        return load_file(file).map(|loaded| SavedScenario {
            loaded,
            problems: Vec::new(),
        });
    };
    let mut checked = shape::check(&value);
    if checked.problems.count() == 0 {
        return load_file(file).map(|loaded| SavedScenario {
            loaded,
            problems: Vec::new(),
        });
    }
    let problems = unlocated(std::mem::take(&mut checked.problems));
    drop(checked);
    for (pointer, limit) in shape::text_out_of_bounds(&value) {
        if let Some(Value::String(text)) = value.pointer_mut(&pointer) {
            *text = mended(text, limit);
        }
    }
    let file = serde_json::from_value(value).unwrap_or(file);
    load_file(file).map(|loaded| SavedScenario { loaded, problems })
}

/// Text on one line (what breaks it escaped, `\u{85}`), cut with "…" to `limit` characters,
/// or to a place's length where the rule broken was not a length (the escapes lengthen it).
fn mended(text: &str, limit: Option<usize>) -> String {
    let line = crate::text::one_line(text);
    let limit = limit.unwrap_or(crate::limits::PLACE_CHARS.max as usize);
    if line.chars().nth(limit).is_none() {
        return line.into_owned();
    }
    let mut cut: String = line.chars().take(limit.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The problems to tell, capped as `validate` caps them, without lines and columns (the
/// journal's scenario is one line of its header).
fn unlocated(found: cap::Capper) -> Vec<Problem> {
    let capped = found.finish();
    let listed: Vec<Problem> = capped.listed.iter().map(|f| f.problem.clone()).collect();
    let mut problems = listed.clone();
    for rest in &capped.rest {
        problems.push(cap::rest_problem(&listed[rest.after], rest, None));
    }
    if capped.unlisted > 0 {
        problems.push(cap::unlisted_problem(capped.unlisted, ""));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::mended;

    #[test]
    fn text_is_mended_onto_one_line_and_cut_to_its_length() {
        assert_eq!(mended("Sec\u{85}tion", Some(80)), "Sec\\u{85}tion");
        assert_eq!(mended(&"n".repeat(1000), Some(80)).chars().count(), 80);
        assert!(mended(&"n".repeat(1000), Some(80)).ends_with("n…"));
        assert_eq!(mended("Short", Some(80)), "Short");
        assert_eq!(mended("two\nlines", None), "two\\nlines");
        assert_eq!(mended(&"\u{1b}".repeat(100), None).chars().count(), 300);
    }
}
