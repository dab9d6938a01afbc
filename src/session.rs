//! A game being played: the game, its autosave journal, and where the user saved it.
//!
//! Every event is appended to the autosave journal as soon as it is applied. If the disk
//! refuses (full, unplugged), play goes on in memory, the problem is reported, and the missing
//! entries are written as soon as the disk accepts them again.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::dice::DiceSource;
use crate::game::{Command, Game, HistoryError, Outcome, PlayError, Settings};
use crate::journal::{self, Header, JournalError, JournalWriter, LoadedJournal};
use crate::scenario::check::{self, LoadedScenario, ScenarioError};

/// The name of the autosave journal in the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.jsonl";
/// The start of the name the previous autosave is given when another game takes its place
/// (`previous-game-<seconds since 1970>.jsonl`), so no game is ever lost.
pub const PREVIOUS_PREFIX: &str = "previous-game";

/// Moves an existing journal aside, under a name no other file has. Returns where it went.
pub fn retire(path: &Path) -> Option<PathBuf> {
    if !path.exists() {
        return None;
    }
    let dir = path.parent()?;
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let target = (0..1000)
        .map(|n| {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            dir.join(format!("{PREVIOUS_PREFIX}-{seconds}{suffix}.jsonl"))
        })
        .find(|candidate| !candidate.exists())?;
    std::fs::rename(path, &target).ok()?;
    Some(target)
}

/// The folder for the autosave: `AMBUSH_ALLEY_DATA_DIR` if set, else the platform's data folder.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("AMBUSH_ALLEY_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "ambush-alley", "Ambush Alley Assistant")
        .map(|dirs| dirs.data_dir().to_owned())
}

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
    let start = head.trim_start_matches('\u{feff}').trim_start();
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

/// The first line of a file (at most 64 KiB of it), or nothing.
fn read_head(path: &Path) -> String {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(path) else {
        return String::new();
    };
    let mut buffer = Vec::new();
    let _ = file.take(64 * 1024).read_to_end(&mut buffer);
    let text = String::from_utf8_lossy(&buffer);
    text.lines().next().unwrap_or_default().to_owned()
}

/// A game in progress with its journal.
#[derive(Debug)]
pub struct Session {
    game: Game,
    header: Header,
    journal: Option<JournalWriter>,
    journal_path: Option<PathBuf>,
    save_path: Option<PathBuf>,
    save_error: Option<String>,
}

impl Session {
    /// Starts a new game. An existing journal at `journal_path` is first moved aside beside it
    /// (see [`retire`]).
    pub fn start(
        scenario: LoadedScenario,
        settings: Settings,
        journal_path: Option<&Path>,
    ) -> Self {
        let header = Header::new(scenario.file, settings.clone());
        let game = Game::new(Arc::new(scenario.scenario), settings);
        let mut session = Self {
            game,
            header,
            journal: None,
            journal_path: journal_path.map(Path::to_owned),
            save_path: None,
            save_error: None,
        };
        if let Some(path) = journal_path {
            if let Err(e) = make_room(path) {
                session.journal_path = None;
                session.save_error = Some(e);
                return session;
            }
            match JournalWriter::create(path, &session.header) {
                Ok(writer) => session.journal = Some(writer),
                Err(e) => session.save_error = Some(e.to_string()),
            }
        }
        session
    }

    /// Goes on with a saved game. When it was read from somewhere other than `journal_path`,
    /// it is copied there whole and the journal continues there; the original is left as it is.
    pub fn resume(loaded: LoadedJournal, from: &Path, journal_path: Option<&Path>) -> Self {
        let header = Header::new(
            loaded.scenario.file.clone(),
            loaded.game.initial_settings().clone(),
        );
        let same_file = journal_path.is_some_and(|p| same_path(p, from));
        let (intact_len, written) = (loaded.intact_len, loaded.game.entries().len());
        // A journal the rules stopped in holds entries after the game as it opens: it is kept
        // as it was, and the game goes on in a journal of its own.
        let refused = loaded.refused.is_some();
        let mut session = Self {
            game: loaded.game,
            header,
            journal: None,
            journal_path: journal_path.map(Path::to_owned),
            save_path: (!same_file).then(|| from.to_owned()),
            save_error: None,
        };
        let Some(path) = journal_path else {
            return session;
        };
        let writer = if same_file && !refused {
            // Reopen in place, after the part just read; a torn last line is cut off first.
            JournalWriter::reopen_at(path, intact_len, written)
        } else if let Err(e) = make_room(path) {
            session.journal_path = None;
            session.save_error = Some(e);
            return session;
        } else {
            JournalWriter::write_game(path, &session.header, &session.game)
        };
        match writer {
            Ok(writer) => session.journal = Some(writer),
            Err(e) => session.save_error = Some(e.to_string()),
        }
        session
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The journal header (scenario file and starting settings).
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Where the user last saved the game ("Save" writes there again).
    pub fn save_path(&self) -> Option<&Path> {
        self.save_path.as_deref()
    }

    /// Where the autosave journal is.
    pub fn journal_path(&self) -> Option<&Path> {
        self.journal_path.as_deref()
    }

    /// The last problem writing the autosave, if it has not been overcome.
    pub fn save_error(&self) -> Option<&str> {
        self.save_error.as_deref()
    }

    /// Plays a command with dice from `dice`, then writes it to the journal.
    pub fn play(&mut self, command: Command, dice: &mut DiceSource) -> Result<Outcome, PlayError> {
        let outcome = self.game.play(command, dice)?;
        self.persist();
        Ok(outcome)
    }

    /// Undoes the last event.
    pub fn undo(&mut self) -> Result<(), HistoryError> {
        self.game.undo()?;
        self.persist();
        Ok(())
    }

    /// Redoes the last undone event.
    pub fn redo(&mut self) -> Result<(), HistoryError> {
        self.game.redo()?;
        self.persist();
        Ok(())
    }

    /// Writes every entry not yet in the journal. Failures are kept for the user to see; the
    /// next call tries again.
    pub fn persist(&mut self) {
        if self.journal.is_none()
            && let Some(path) = self.journal_path.clone()
        {
            // The journal could not be created earlier: try again, writing the whole game.
            match JournalWriter::write_game(&path, &self.header, &self.game) {
                Ok(writer) => {
                    self.journal = Some(writer);
                    self.save_error = None;
                }
                Err(e) => self.save_error = Some(e.to_string()),
            }
            return;
        }
        if let Some(writer) = &mut self.journal {
            match writer.catch_up(&self.game) {
                Ok(_) => self.save_error = None,
                Err(e) => {
                    self.save_error = Some(format!(
                        "{e}. The game is safe in memory; it will be written as soon as the disk allows."
                    ));
                }
            }
        }
    }

    /// Writes the whole game to `path` and remembers it for the next "Save".
    pub fn save_as(&mut self, path: &Path) -> Result<(), JournalError> {
        if self
            .journal_path
            .as_deref()
            .is_some_and(|journal| same_path(journal, path))
        {
            // That is the autosave itself: it only needs to be up to date.
            self.persist();
            if let Some(error) = &self.save_error {
                return Err(JournalError::Io(error.clone()));
            }
        } else {
            journal::write_whole(path, &self.header, &self.game)?;
        }
        self.save_path = Some(path.to_owned());
        Ok(())
    }
}

/// Moves an existing journal at `path` aside so a new one can take its place; refuses (rather
/// than overwrite it) when it cannot be moved.
fn make_room(path: &Path) -> Result<(), String> {
    if path.exists() && retire(path).is_none() {
        return Err(format!(
            "the earlier game at {} could not be moved aside, so this game is not autosaved (the earlier one is left as it was); save it with Game > Save as",
            path.display()
        ));
    }
    Ok(())
}

fn same_path(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
