//! Opening a file the user chose: a scenario or a saved game, told apart by how it starts.

use std::path::Path;

use crate::journal::{self, JournalError, LoadedJournal};
use crate::scenario::check::{self, LoadedScenario, ScenarioError};

/// A file opened by the user: a scenario to start, or a saved game to go on with.
#[derive(Debug)]
pub enum Opened {
    /// A scenario file.
    Scenario(Box<LoadedScenario>),
    /// A saved game.
    Journal(Box<LoadedJournal>),
}

/// Why a file could not be opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// A scenario with problems.
    #[error("{path}: {error}")]
    Scenario {
        /// The file.
        path: String,
        /// What is wrong.
        error: ScenarioError,
    },
    /// Neither a scenario nor a saved game.
    #[error("{path}: this is not a scenario or a saved game: {why}")]
    NotAGameFile {
        /// The file.
        path: String,
        /// What it looks like instead.
        why: String,
    },
    /// A saved game that cannot be read.
    #[error("{path}: {error}")]
    Journal {
        /// The file.
        path: String,
        /// What is wrong.
        error: JournalError,
    },
}

/// Opens a scenario or a saved game, telling them apart by their first line.
pub fn open(path: &Path) -> Result<Opened, OpenError> {
    let shown = path.display().to_string();
    let head = read_head(path);
    if let Some(problem) = crate::files::encoding_problem(&head) {
        return Err(OpenError::NotAGameFile {
            path: shown,
            why: problem,
        });
    }
    if let Some(problem) = crate::files::second_bom(crate::files::strip_bom(&head)) {
        return Err(OpenError::NotAGameFile {
            path: shown,
            why: problem,
        });
    }
    let head = String::from_utf8_lossy(crate::files::strip_bom(&head));
    let head = head.trim_start();
    let head = head.lines().next().unwrap_or_default();
    let start = head;
    if !start.is_empty() && !start.starts_with('{') {
        let looks = if start.starts_with('#') {
            "it looks like a Markdown report"
        } else {
            "it does not start with {"
        };
        return Err(OpenError::NotAGameFile {
            path: shown,
            why: format!(
                "{looks}; a scenario (.json) or a saved game (.jsonl) is JSON text starting with {{"
            ),
        });
    }
    let is_journal =
        head.contains(journal::JOURNAL_FORMAT) || path.extension().is_some_and(|e| e == "jsonl");
    if is_journal {
        journal::load_path(path)
            .map(|j| Opened::Journal(Box::new(j)))
            .map_err(|error| OpenError::Journal { path: shown, error })
    } else {
        check::load_path(path)
            .map(|s| Opened::Scenario(Box::new(s)))
            .map_err(|error| OpenError::Scenario { path: shown, error })
    }
}

/// The first 64 KiB of a file, or nothing. Only a regular file is opened (a named pipe would
/// block); the readers then say what is wrong with anything else.
fn read_head(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let Ok(file) = crate::files::open_regular(path, u64::MAX) else {
        return Vec::new();
    };
    let mut buffer = Vec::new();
    let _ = file.take(64 * 1024).read_to_end(&mut buffer);
    buffer
}
