//! Reading journals: a line at a time, so a long game never sits in memory twice, and a long
//! run of undos and redos costs only its lines.
//!
//! Blank lines are skipped anywhere (before the header too). The first damaged line stops the
//! reading: the game opens as of the last intact entry before it, and the lines from it on are
//! counted and reported, never silently skipped. An unfinished last line (a save cut short by
//! a crash) is dropped and reported.

use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

use crate::files::{self, ReadError};
use crate::game::{Entry, Replay};
use crate::scenario::check::{MAX_SCENARIO_BYTES, load_saved, plain_words};

use super::lines::Lines;
use super::{
    DamagedLine, Header, JOURNAL_FORMAT, JOURNAL_VERSION, JournalError, LoadedJournal,
    MAX_JOURNAL_BYTES, Newer, RefusedEntry, TornTail,
};

/// Reads a journal from disk. Anything but a regular file is refused before it is opened; so
/// is a journal of a newer format or newer rules than this app's (see [`look_at_newer`]).
pub fn load_path(path: &Path) -> Result<LoadedJournal, JournalError> {
    load_path_as(path, Reading::Play)
}

/// Reads a journal written by a newer version of the app (a newer format, or newer rules) as
/// far as this one can, to be looked at only: [`LoadedJournal::newer`] says what it needs.
pub fn look_at_newer(path: &Path) -> Result<LoadedJournal, JournalError> {
    load_path_as(path, Reading::LookAtNewer)
}

/// What a journal is read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// To go on playing it, or to report on it: only what this app's rules can play.
    Play,
    /// To look at a newer app's journal, read only.
    LookAtNewer,
}

fn load_path_as(path: &Path, reading: Reading) -> Result<LoadedJournal, JournalError> {
    let file = files::open_regular(path, MAX_JOURNAL_BYTES).map_err(|e| match e {
        ReadError::Io(e) => JournalError::Io(format!(
            "cannot read {}: {}",
            path.display(),
            files::io_words(&e)
        )),
        ReadError::TooLarge(size) => JournalError::TooLarge { size },
        ReadError::NotAFile(what) => JournalError::NotAFile(what),
    })?;
    let reader = std::io::BufReader::with_capacity(1 << 16, file);
    read_as(reader, reading).map_err(|e| match e {
        JournalError::Io(e) => JournalError::Io(format!("cannot read {}: {e}", path.display())),
        other => other,
    })
}

/// Reads a journal from bytes.
pub fn read(bytes: &[u8]) -> Result<LoadedJournal, JournalError> {
    read_from(bytes)
}

/// Whether the file at `path` starts as a journal does: its first line an object whose
/// `format` is a journal's (a scenario's checks say so rather than "trailing characters").
pub fn is_journal_file(path: &Path) -> bool {
    let Ok(file) = files::open_regular(path, MAX_JOURNAL_BYTES) else {
        return false;
    };
    let mut lines = Lines::new(std::io::BufReader::new(file));
    loop {
        match lines.next(HEADER_BYTES) {
            Ok(Some(_)) if lines.is_blank() => continue,
            Ok(Some(_)) => {
                let line = files::strip_bom(&lines.buffer);
                return serde_json::from_slice::<Probe>(line).is_ok_and(|p| {
                    p.format.as_ref().and_then(serde_json::Value::as_str) == Some(JOURNAL_FORMAT)
                });
            }
            _ => return false,
        }
    }
}

/// The longest header line read: a scenario at its cap, and room for the settings.
pub const HEADER_BYTES: u64 = MAX_SCENARIO_BYTES + 1024 * 1024;

/// An undo or a redo as this app writes them, read without the JSON parser (a long game may
/// hold millions of them).
fn quick_entry(line: &[u8]) -> Option<Entry> {
    match line.trim_ascii() {
        br#"{"kind":"undo"}"# => Some(Entry::Undo),
        br#"{"kind":"redo"}"# => Some(Entry::Redo),
        _ => None,
    }
}

/// Reads a journal from any reader, a line at a time.
pub fn read_from(reader: impl BufRead) -> Result<LoadedJournal, JournalError> {
    read_as(reader, Reading::Play)
}

fn read_as(reader: impl BufRead, reading: Reading) -> Result<LoadedJournal, JournalError> {
    let mut lines = Lines::new(reader);
    // The header: the first line that is not blank.
    let header_line = loop {
        let Some(line) = lines.next(HEADER_BYTES)? else {
            return Err(if lines.read == 0 {
                JournalError::Empty
            } else {
                JournalError::BlankOnly(lines.read)
            });
        };
        if line.number == 1 {
            if let Some(problem) = files::encoding_problem(&lines.buffer) {
                return Err(JournalError::Encoding(problem));
            }
            if lines.buffer.starts_with(files::UTF8_BOM) {
                lines.buffer.drain(..files::UTF8_BOM.len());
            }
            if let Some(problem) = files::second_bom(&lines.buffer) {
                return Err(JournalError::Encoding(problem));
            }
        }
        if !lines.is_blank() {
            break line;
        }
    };
    let header = match read_header(
        &lines.buffer,
        header_line.number,
        header_line.complete,
        reading,
    ) {
        Ok(header) => header,
        Err(e) => return Err(scenario_instead(&mut lines).unwrap_or(e)),
    };
    let newer = Newer::of(&header);
    if reading == Reading::Play && newer.is_some() {
        return Err(JournalError::Newer {
            line: header_line.number,
            newer: newer.unwrap_or_default(),
        });
    }
    let Header {
        scenario: scenario_file,
        settings,
        rules,
        ..
    } = header;
    let saved = load_saved(scenario_file).map_err(|error| JournalError::Scenario {
        line: header_line.number,
        error,
    })?;
    let (scenario, scenario_problems) = (saved.loaded, saved.problems);

    let mut replay = Replay::under_rules(Arc::new(scenario.scenario.clone()), settings, rules);
    let mut intact_len = lines.read;
    let mut last_intact_line = header_line.number;
    // The line of the first undo or redo since the last event: where a replay that cannot
    // work the state out after them stops.
    let mut marks_from: Option<usize> = None;
    let mut dropped = None;
    let mut damaged = None;
    let mut refused = None;
    while let Some(line) = lines.next(MAX_JOURNAL_BYTES)? {
        if lines.is_blank() {
            intact_len = lines.read;
            continue;
        }
        let entry = match quick_entry(&lines.buffer) {
            Some(entry) => Ok(entry),
            None => serde_json::from_slice::<Entry>(&lines.buffer),
        };
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) if !line.complete => {
                // The last line, cut short.
                dropped = Some(TornTail {
                    line: line.number,
                    bytes: lines.buffer.len(),
                });
                let _ = e;
                break;
            }
            Err(e) => {
                damaged = Some(DamagedLine {
                    line: line.number,
                    message: plain_words(&without_position(&e)),
                    last_intact_line,
                    kept: replay.entry_count(),
                    left_out: 1 + count_lines(&mut lines)?,
                });
                break;
            }
        };
        let is_event = matches!(entry, Entry::Event(_));
        if let Err(refusal) = replay.push(entry) {
            let first = if refusal.index < replay.entry_count() {
                marks_from.unwrap_or(line.number)
            } else {
                line.number
            };
            refused = Some(RefusedEntry {
                line: first,
                reason: refusal.reason,
                left_out: refusal.left_out + count_lines(&mut lines)?,
                written_by_rules: rules,
            });
            break;
        }
        if is_event {
            marks_from = None;
        } else {
            marks_from.get_or_insert(line.number);
        }
        intact_len = lines.read;
        last_intact_line = line.number;
    }
    let replayed = replay.finish();
    if refused.is_none()
        && let Some(refusal) = replayed.refused
    {
        // The state could not be worked out after the last undos and redos.
        refused = Some(RefusedEntry {
            line: marks_from.unwrap_or(last_intact_line),
            reason: refusal.reason,
            left_out: refusal.left_out,
            written_by_rules: rules,
        });
    }
    Ok(LoadedJournal {
        game: replayed.game,
        scenario,
        scenario_problems,
        dropped,
        refused,
        damaged,
        intact_len,
        newer,
    })
}

/// Counts the lines left (blank ones aside), without reading what they say.
fn count_lines<R: BufRead>(lines: &mut Lines<R>) -> Result<usize, JournalError> {
    let mut n = 0;
    while lines.next(MAX_JOURNAL_BYTES)?.is_some() {
        if !lines.is_blank() {
            n += 1;
        }
    }
    Ok(n)
}

/// A serde_json message without the position it ends with (the line is given apart; the
/// column is kept, as words).
fn without_position(error: &serde_json::Error) -> String {
    let message = error.to_string();
    match message.rfind(" at line ") {
        Some(i) => format!("{} at column {}", &message[..i], error.column()),
        None => message,
    }
}

/// When the header cannot be read, whether the file is a scenario instead: a JSON object
/// spread over many lines whose `format` says so.
fn scenario_instead<R: BufRead>(lines: &mut Lines<R>) -> Option<JournalError> {
    let mut text = lines.buffer.clone();
    while (text.len() as u64) < MAX_SCENARIO_BYTES {
        match lines.next(MAX_SCENARIO_BYTES) {
            Ok(Some(_)) => {
                text.push(b'\n');
                text.extend_from_slice(&lines.buffer);
            }
            _ => break,
        }
    }
    let value: serde_json::Value = serde_json::from_slice(&text).ok()?;
    (value.get("format")?.as_str()? == crate::scenario::file::SCENARIO_FORMAT)
        .then_some(JournalError::ScenarioFile)
}

/// Just enough of a header to tell a journal, and its version, from anything else.
#[derive(serde::Deserialize)]
struct Probe {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

fn read_header(
    line: &[u8],
    number: usize,
    complete: bool,
    reading: Reading,
) -> Result<Header, JournalError> {
    let not_a_journal = |why: String| JournalError::NotAJournal { line: number, why };
    let header_error = |why: String| JournalError::Header { line: number, why };
    let probe: Probe = match serde_json::from_slice(line) {
        Ok(probe) => probe,
        Err(e) if !complete && e.is_eof() => {
            return Err(header_error(
                "the first line is incomplete (the save was interrupted before the game began); nothing can be recovered".to_owned(),
            ));
        }
        Err(e) if e.is_eof() => {
            return Err(not_a_journal(format!(
                "its first line is not a whole JSON value ({}); a saved game holds its whole header on one line",
                without_position(&e)
            )));
        }
        Err(e) if line.first() != Some(&b'{') => {
            let _ = e;
            return Err(not_a_journal(
                "it does not start with {; a saved game is JSON text, one value per line"
                    .to_owned(),
            ));
        }
        Err(e) => return Err(not_a_journal(plain_words(&without_position(&e)))),
    };
    match probe.format {
        Some(serde_json::Value::String(format)) if format == JOURNAL_FORMAT => {}
        Some(other) => {
            return Err(not_a_journal(format!(
                "its \"format\" is {}, expected \"{JOURNAL_FORMAT}\"",
                value_words(&other)
            )));
        }
        None => {
            return Err(not_a_journal(
                "the first line has no \"format\" field".to_owned(),
            ));
        }
    }
    let expected = format!("expected a whole number from 1 to {JOURNAL_VERSION}");
    match probe.version {
        None => {
            return Err(header_error(format!(
                "the header has no \"version\": {expected}"
            )));
        }
        Some(version) => match version.as_u64() {
            Some(v) if v > u64::from(JOURNAL_VERSION) && reading == Reading::Play => {
                return Err(JournalError::NewerVersion {
                    line: number,
                    version: v,
                });
            }
            Some(v) if v >= 1 => {}
            _ => {
                return Err(header_error(format!(
                    "the header's \"version\" is {}: {expected}",
                    value_words(&version)
                )));
            }
        },
    }
    // The scenario inside is held to a scenario file's bounds before it is built.
    if let Ok(text) = std::str::from_utf8(line)
        && let Ok(census) = crate::scenario::check::census::take(text)
        && census.values > MAX_HEADER_VALUES
    {
        return Err(header_error(format!(
            "the scenario inside the saved game holds {} values; a scenario holds at most {}",
            crate::text::thousands(census.values as u64),
            crate::text::thousands(crate::scenario::check::MAX_SCENARIO_VALUES as u64)
        )));
    }
    serde_json::from_slice(line).map_err(|e| {
        header_error(scenario_problem(line).unwrap_or_else(|| plain_words(&without_position(&e))))
    })
}

/// When a header cannot be read because of its scenario, the scenario's first problem by
/// its field path, as `validate` would name it: "units[3].id: required …", rather than a
/// column far along one long line.
fn scenario_problem(line: &[u8]) -> Option<String> {
    let header: serde_json::Value = serde_json::from_slice(line).ok()?;
    let text = header.get("scenario")?.to_string();
    match crate::scenario::check::load_bytes(text.as_bytes()) {
        Err(crate::scenario::check::ScenarioError::Invalid(problems)) => {
            let first = problems.first()?;
            Some(format!(
                "the scenario inside the saved game: {}: {}",
                first.shown_path(),
                first.message
            ))
        }
        _ => None,
    }
}

/// The values of a header: its scenario's, and a few of its own (the settings).
const MAX_HEADER_VALUES: usize = crate::scenario::check::MAX_SCENARIO_VALUES + 1_000;

/// A value of the file in a message: cut, its control characters escaped.
fn value_words(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => crate::text::quoted(s),
        other => crate::text::quoted(&other.to_string())
            .trim_matches('"')
            .to_owned(),
    }
}
