//! Control characters typed raw inside text in quotes: a line break (Enter pressed in a long
//! brief, the likeliest slip of all), a tab, a stray control. JSON refuses them, and a JSON
//! reader stops at the first. Here each is told at its own line and column, in the field it is
//! in, and the rest of the file is checked as if a space stood in its place, so one run lists
//! them all with every other problem.

use super::json::position_of;
use super::locate::{RawControl, raw_controls};
use super::{PER_KIND, Problem, ScenarioError, census, reading, syntax_error};
use crate::scenario::check::LoadedScenario;

/// True for serde_json's refusal of a raw control character inside a string.
pub(super) fn is_raw_control(error: &serde_json::Error) -> bool {
    error.classify() == serde_json::error::Category::Syntax
        && error.to_string().starts_with("control character")
}

/// Reads a text that holds raw control characters inside its text in quotes: every one of
/// them (a few of each field, the rest counted), then the problems of the text with a space in
/// their place, all in the file's order. Never a scenario: the file must be mended.
pub(super) fn read(text: &str, first: &serde_json::Error) -> Result<LoadedScenario, ScenarioError> {
    let raw = raw_controls(text);
    if raw.is_empty() {
        // Not inside text in quotes after all: serde_json's own words and place.
        return Err(syntax_error(first, text.as_bytes()));
    }
    let mut bytes = text.as_bytes().to_vec();
    for control in &raw {
        // ASCII controls are one byte each, and a space is one byte: nothing moves.
        bytes[control.offset] = b' ';
        if control.character == '\r' && bytes.get(control.offset + 1) == Some(&b'\n') {
            bytes[control.offset + 1] = b' ';
        }
    }
    let Ok(blanked) = String::from_utf8(bytes) else {
        return Err(syntax_error(first, text.as_bytes()));
    };
    let mut problems = listed(&raw);
    let rest = match census::take(&blanked) {
        Ok(census) => reading::check_text(&blanked, text, census),
        Err(e) => Err(placed_in(&e, &blanked, text)),
    };
    match rest {
        // Otherwise good: its warnings too, so that one run tells everything.
        Ok(loaded) => problems.extend(loaded.warnings),
        Err(ScenarioError::Invalid(more)) => problems.extend(more),
        Err(ScenarioError::Syntax {
            line,
            column,
            message,
        }) => problems.push(Problem::at("", message, Some((line, column)))),
        Err(other) => return Err(other),
    }
    // In the file's order; problems with no place (a count of the unlisted) last.
    problems.sort_by_key(|p| p.at.unwrap_or((usize::MAX, 0)));
    Err(ScenarioError::Invalid(problems))
}

/// The raw controls as problems: the first few of each field, then how many more and where
/// the last is.
fn listed(raw: &[RawControl]) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let path = &raw[i].path;
        let run = raw[i..].iter().take_while(|r| r.path == *path).count();
        for control in &raw[i..i + run.min(PER_KIND)] {
            out.push(Problem::at(
                control.path.clone(),
                words(control.character),
                Some(control.at),
            ));
        }
        if run > PER_KIND {
            let last = &raw[i + run - 1];
            out.push(Problem::at(
                path.clone(),
                format!(
                    "and {} more like them in this text, the last at line {}, column {}",
                    crate::text::thousands((run - PER_KIND) as u64),
                    last.at.0,
                    last.at.1
                ),
                Some(raw[i + PER_KIND - 1].at),
            ));
        }
        i += run;
    }
    out
}

/// What to say of one raw control character.
fn words(character: char) -> String {
    match character {
        '\n' | '\r' => "a line break typed inside text in quotes (Enter pressed): JSON text in quotes stays on one line; write \\n where the text should break (the brief, the objectives, the special rules and the notes may), or a space".to_owned(),
        '\t' => "a tab typed inside text in quotes: JSON writes it \\t; write \\t, or a space".to_owned(),
        other => format!(
            "a control character (U+{:04X}) inside text in quotes: JSON refuses it; take it out",
            u32::from(other)
        ),
    }
}

/// A syntax error of the blanked text, placed in the text as written (the same bytes, with
/// the author's line breaks).
fn placed_in(error: &serde_json::Error, blanked: &str, text: &str) -> ScenarioError {
    let said = syntax_error(error, blanked.as_bytes());
    let ScenarioError::Syntax { message, .. } = said else {
        return said;
    };
    // serde_json counts a line, and the bytes on it up to the place, that one included.
    let start = if error.line() <= 1 {
        0
    } else {
        blanked
            .as_bytes()
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .nth(error.line() - 2)
            .map_or(0, |(i, _)| i + 1)
    };
    let offset = start + error.column().saturating_sub(1);
    let (line, column) = position_of(text.as_bytes(), offset.min(text.len()));
    ScenarioError::Syntax {
        line,
        column,
        message,
    }
}
