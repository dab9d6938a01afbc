//! Saved games as journals: a header line, then one log entry per line (JSON Lines).
//!
//! The header holds the format version, the whole scenario file the game started from and the
//! settings. Every entry (event, undo, redo) is appended and flushed to disk as it happens, so
//! a crash loses at most the line being written; reading such a journal keeps every complete
//! entry and says what was dropped.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

mod writer;

pub use writer::{JournalWriter, write_whole};

use crate::game::{Entry, Game, Settings};
use crate::scenario::check::{LoadedScenario, ScenarioError, load_file};
use crate::scenario::file::ScenarioFile;

/// The value of `format` in every journal header.
pub const JOURNAL_FORMAT: &str = "ambush-alley-journal";
/// The journal format version this app writes. Version 1 (no `rules` in the header) is read too.
pub const JOURNAL_VERSION: u32 = 2;
/// The version of the rules this app plays by, recorded in every journal it writes. Version 1
/// is the app before the gate (513b515 and earlier); version 2 decides every command in one
/// place, by the booklet. An older journal is replayed by the current rules: an entry they
/// refuse stops the replay, and the game opens as it stood before it.
pub const RULES_VERSION: u32 = 2;
/// The largest journal read (a long game is a few megabytes).
pub const MAX_JOURNAL_BYTES: u64 = 512 * 1024 * 1024;

/// The first line of a journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always "ambush-alley-journal".
    pub format: String,
    /// Format version.
    pub version: u32,
    /// The rules the game was played by (1 when the header does not say: format version 1).
    #[serde(default = "rules_v1")]
    pub rules: u32,
    /// The scenario, whole, as its file gave it.
    pub scenario: ScenarioFile,
    /// The settings the game started with.
    pub settings: Settings,
}

fn rules_v1() -> u32 {
    1
}

impl Header {
    /// The header for a new game.
    pub fn new(scenario: ScenarioFile, settings: Settings) -> Self {
        Self {
            format: JOURNAL_FORMAT.to_owned(),
            version: JOURNAL_VERSION,
            rules: RULES_VERSION,
            scenario,
            settings,
        }
    }
}

/// Just enough of a header to tell a journal, and its version, from anything else.
#[derive(Deserialize)]
struct Probe {
    format: Option<String>,
    version: Option<u32>,
}

/// Why a journal could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(String),
    /// Too large to be a saved game.
    #[error("the file is {size} bytes; a saved game is at most {MAX_JOURNAL_BYTES} bytes")]
    TooLarge {
        /// Its size.
        size: u64,
    },
    /// An empty file.
    #[error("the file is empty: it is not a saved game")]
    Empty,
    /// Something else than a journal.
    #[error("line 1: this is not an Ambush Alley saved game ({0})")]
    NotAJournal(String),
    /// Written by a newer app.
    #[error(
        "line 1: this saved game is format version {0}, written by a newer version of the app; this one reads version {JOURNAL_VERSION}"
    )]
    NewerVersion(u32),
    /// The header could not be read.
    #[error("line 1: {0}")]
    Header(String),
    /// The embedded scenario is not valid.
    #[error("line 1: the scenario inside the saved game is not valid: {0}")]
    Scenario(ScenarioError),
    /// A line in the middle that is not a log entry.
    #[error(
        "line {line}: {message}; the lines before it are intact, but nothing after it can be trusted"
    )]
    CorruptLine {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// An entry the current rules refuse: the game was opened as it stood just before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedEntry {
    /// Its 1-based line number.
    pub line: usize,
    /// Why the rules refuse it.
    pub reason: String,
    /// Entries left out: that one and every one after it.
    pub left_out: usize,
    /// The rules the journal was written by.
    pub written_by_rules: u32,
}

impl RefusedEntry {
    /// What the user is told.
    pub fn words(&self) -> String {
        let old = if self.written_by_rules < RULES_VERSION {
            " (it was written by an earlier version of the app, under earlier rules)"
        } else {
            ""
        };
        format!(
            "line {} cannot be replayed{old}: {}. The game opens as it stood just before it; {} from that line on {} left out, and the file itself is kept as it was.",
            self.line,
            self.reason,
            crate::text::plural(self.left_out, "entry", "entries"),
            if self.left_out == 1 { "is" } else { "are" },
        )
    }
}

/// The incomplete last line dropped when a journal was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TornTail {
    /// Its 1-based line number.
    pub line: usize,
    /// Bytes dropped.
    pub bytes: usize,
}

/// A journal, read back.
#[derive(Debug)]
pub struct LoadedJournal {
    /// The game, replayed.
    pub game: Game,
    /// The scenario it was started from.
    pub scenario: LoadedScenario,
    /// The incomplete last line, if the journal ended in one (a crash while writing).
    pub dropped: Option<TornTail>,
    /// The entry the current rules refused, if the replay stopped before the end.
    pub refused: Option<RefusedEntry>,
    /// Length in bytes of the intact part; appending must start here.
    pub intact_len: u64,
}

/// Reads a journal from disk.
pub fn load_path(path: &Path) -> Result<LoadedJournal, JournalError> {
    use crate::files::{ReadError, read_capped};
    let bytes = read_capped(path, MAX_JOURNAL_BYTES).map_err(|e| match e {
        ReadError::Io(e) => JournalError::Io(format!("cannot read {}: {e}", path.display())),
        ReadError::TooLarge(size) => JournalError::TooLarge { size },
    })?;
    read(&bytes)
}

/// Reads a journal from bytes.
pub fn read(bytes: &[u8]) -> Result<LoadedJournal, JournalError> {
    if bytes.len() as u64 > MAX_JOURNAL_BYTES {
        return Err(JournalError::TooLarge {
            size: bytes.len() as u64,
        });
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(JournalError::Empty);
    }
    // Each line with its end in the file (after its newline) and whether it had a newline.
    let mut end = 0;
    let lines: Vec<(&[u8], usize, bool)> = bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|piece| {
            end += piece.len();
            let (line, complete) = match piece.strip_suffix(b"\n") {
                Some(line) => (line, true),
                None => (piece, false),
            };
            (line, end, complete)
        })
        .collect();
    let Some(&(first, first_end, first_complete)) = lines.first() else {
        return Err(JournalError::Empty);
    };
    let Header {
        scenario: scenario_file,
        settings,
        rules,
        ..
    } = read_header(trim_cr(first), first_complete)?;
    let scenario = load_file(scenario_file).map_err(JournalError::Scenario)?;

    let mut entries = Vec::new();
    let mut entry_lines = Vec::new();
    let mut dropped = None;
    let mut intact_len = first_end;
    let count = lines.len();
    for (index, &(raw, line_end, complete)) in lines.iter().enumerate().skip(1) {
        let number = index + 1;
        let line = trim_cr(raw);
        if line.iter().all(u8::is_ascii_whitespace) {
            intact_len = line_end;
            continue;
        }
        match serde_json::from_slice::<Entry>(line) {
            Ok(entry) => {
                entries.push(entry);
                entry_lines.push(number);
                intact_len = line_end;
            }
            Err(e) => {
                let last = index + 1 == count;
                if last && !complete {
                    dropped = Some(TornTail {
                        line: number,
                        bytes: raw.len(),
                    });
                } else {
                    return Err(JournalError::CorruptLine {
                        line: number,
                        message: e.to_string(),
                    });
                }
            }
        }
    }

    let replayed = Game::replay(Arc::new(scenario.scenario.clone()), settings, entries);
    let refused = replayed.refused.map(|r| RefusedEntry {
        line: entry_lines.get(r.index).copied().unwrap_or(0),
        reason: r.reason,
        left_out: r.left_out,
        written_by_rules: rules,
    });
    Ok(LoadedJournal {
        game: replayed.game,
        scenario,
        dropped,
        refused,
        intact_len: intact_len as u64,
    })
}

/// A line without the carriage returns that end it (a file saved on Windows).
fn trim_cr(mut line: &[u8]) -> &[u8] {
    while let Some(rest) = line.strip_suffix(b"\r") {
        line = rest;
    }
    line
}

fn read_header(line: &[u8], complete: bool) -> Result<Header, JournalError> {
    let probe: Probe = match serde_json::from_slice(line) {
        Ok(probe) => probe,
        Err(e) if !complete && e.is_eof() => {
            return Err(JournalError::Header(
                "the first line is incomplete (the save was interrupted before the game began); nothing can be recovered".to_owned(),
            ));
        }
        Err(e) => return Err(JournalError::NotAJournal(e.to_string())),
    };
    match probe.format.as_deref() {
        Some(JOURNAL_FORMAT) => {}
        Some(other) => {
            return Err(JournalError::NotAJournal(format!(
                "its format is \"{other}\", expected \"{JOURNAL_FORMAT}\""
            )));
        }
        None => {
            return Err(JournalError::NotAJournal(
                "the first line has no \"format\" field".to_owned(),
            ));
        }
    }
    match probe.version {
        Some(v) if v > JOURNAL_VERSION => return Err(JournalError::NewerVersion(v)),
        Some(v) if v >= 1 => {}
        Some(v) => {
            return Err(JournalError::Header(format!(
                "the header's \"version\" is {v}: expected 1 to {JOURNAL_VERSION}"
            )));
        }
        None => {
            return Err(JournalError::Header(format!(
                "the header has no \"version\": expected a number from 1 to {JOURNAL_VERSION}"
            )));
        }
    }
    serde_json::from_slice(line).map_err(|e| JournalError::Header(e.to_string()))
}
