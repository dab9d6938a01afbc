//! A game being played: the game, its autosave journal, and where the user saved it.
//!
//! Every event is appended to the autosave journal as soon as it is applied. If the disk
//! refuses (full, unplugged), play goes on in memory, the save state says how many entries
//! are not yet on disk, and they are written as soon as the disk accepts them again.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::dice::DiceSource;
use crate::game::{Command, Game, HistoryError, Outcome, PlayError, Settings};
use crate::journal::{self, Header, JournalError, JournalWriter, LoadedJournal};
use crate::scenario::check::LoadedScenario;

mod copy;
mod folder;
mod gone;
mod log_file;
mod open;
mod words;

pub use folder::{
    AUTOSAVE_FILE, DataFolder, FolderError, LOCK_FILE, PreviousGame, data_dir, data_dir_from,
    previous_games,
};
pub use journal::PREVIOUS_PREFIX;
pub use log_file::{LOG_BYTES, LOG_FILE, LogFile};
pub use open::{OpenError, Opened, open};

/// How the game stands on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// Every entry is in the autosave.
    Saved {
        /// Entries on disk.
        entries: usize,
    },
    /// The disk refused: this many entries are only in memory.
    Failing {
        /// Entries not yet on disk.
        unsaved: usize,
        /// Not even the start of the game is on disk (its journal could not be written).
        nothing_on_disk: bool,
        /// What the disk said.
        error: String,
    },
    /// The autosave's file (or its folder) was deleted or moved while the game went on: every
    /// entry is only in memory until the game is written whole again
    /// ([`Session::write_again`]) or saved elsewhere ([`Session::move_journal`]).
    Gone {
        /// Entries of the game, all in memory only.
        entries: usize,
        /// Where the autosave was.
        path: PathBuf,
    },
    /// A saved game opened from elsewhere is being copied into the autosave, apart from the
    /// window; entries played meanwhile follow once it is there.
    Copying {
        /// Entries not yet on disk in the autosave.
        unsaved: usize,
    },
    /// The game has no autosave (no usable data folder); only "Save as" keeps it.
    NotAutosaved,
    /// A look at a game another window is playing: nothing is written.
    ReadOnly,
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
    /// The journal found at `journal_path` when the game began, yet to be kept aside (the
    /// first write of the game keeps it, once).
    keep_earlier: bool,
    /// Where the earlier journal was kept, if it was.
    kept_earlier: Option<PathBuf>,
    read_only: bool,
    /// Why the game is only looked at, when not because another window plays it.
    read_only_why: Option<String>,
    /// The autosave was found gone: nothing is written until the referee says where.
    gone: bool,
    /// The copy of the journal the game was opened from, being made into the autosave.
    copying: Option<copy::Copying>,
}

impl Session {
    fn with(game: Game, header: Header, journal_path: Option<&Path>) -> Self {
        Self {
            game,
            header,
            journal: None,
            journal_path: journal_path.map(Path::to_owned),
            save_path: None,
            save_error: None,
            keep_earlier: true,
            kept_earlier: None,
            read_only: false,
            read_only_why: None,
            gone: false,
            copying: None,
        }
    }

    /// Starts a new game. An earlier journal at `journal_path` is kept beside it first (see
    /// [`JournalWriter::replace`]).
    pub fn start(
        scenario: LoadedScenario,
        settings: Settings,
        journal_path: Option<&Path>,
    ) -> Self {
        let header = Header::new(scenario.file, settings.clone());
        let game = Game::new(Arc::new(scenario.scenario), settings);
        let mut session = Self::with(game, header, journal_path);
        session.write_whole_journal();
        session
    }

    /// Goes on with a saved game. When it was read from somewhere other than `journal_path`,
    /// or only part of it could be opened, it is written there whole (the earlier autosave is
    /// kept beside it first) and the original is left as it is; otherwise the journal goes on
    /// where it was read.
    pub fn resume(loaded: LoadedJournal, from: &Path, journal_path: Option<&Path>) -> Self {
        let header = Header::for_game(loaded.scenario.file.clone(), &loaded.game);
        let same_file = journal_path.is_some_and(|p| same_path(p, from));
        let (intact_len, written) = (loaded.intact_len, loaded.game.entry_count());
        // A journal the rules stopped in, or with a damaged line, holds entries after the game
        // as it opens: it is kept as it was, and the game goes on in a journal of its own.
        let whole = loaded.is_whole();
        let mut session = Self::with(loaded.game, header, journal_path);
        session.save_path = (!same_file).then(|| from.to_owned());
        match journal_path {
            Some(path) if same_file && whole => {
                // Reopen in place, after the part just read; a torn last line is cut off first.
                match JournalWriter::reopen_at(path, intact_len, written) {
                    Ok(writer) => session.journal = Some(writer),
                    Err(e) => session.save_error = Some(e.to_string()),
                }
            }
            Some(path) if whole => {
                // The file read holds exactly this game: its bytes become the autosave, copied
                // on a thread of its own, so the window shows the game at once (a 50 MB journal
                // written out again entry by entry took seconds before the first frame).
                let tmp = journal::temp_beside(path);
                let (source, target) = (from.to_owned(), tmp.clone());
                session.copying = Some(copy::Copying {
                    done: std::thread::spawn(move || {
                        journal::copy_intact(&source, intact_len, &target)
                    }),
                    tmp,
                    entries: written,
                });
            }
            Some(_) => session.write_whole_journal(),
            None => {}
        }
        session
    }

    /// Every entry on disk before the game is put away: a copy still being made is waited for,
    /// and the autosave is looked at even with nothing left to write (its folder may have been
    /// deleted since the last entry).
    pub fn settle(&mut self) {
        self.finish_copy(true);
        if let Some(writer) = &self.journal
            && let Err(e @ JournalError::Gone { .. }) = writer.still_there()
        {
            self.found_gone(&e);
        }
        self.persist();
    }

    /// A look at a saved game without playing it or writing anything (it is open in another
    /// window).
    pub fn view(loaded: LoadedJournal) -> Self {
        let header = Header::for_game(loaded.scenario.file.clone(), &loaded.game);
        let mut session = Self::with(loaded.game, header, None);
        session.read_only = true;
        session
    }

    /// A look at a saved game that cannot be played here, saying why (a newer app's journal, a
    /// data folder that cannot be written).
    pub fn view_because(loaded: LoadedJournal, why: String) -> Self {
        let mut session = Self::view(loaded);
        session.read_only_why = Some(why);
        session
    }

    /// Why the game is only looked at, when it is not because another window plays it.
    pub fn read_only_why(&self) -> Option<&str> {
        self.read_only_why.as_deref()
    }

    /// Writes the whole game to the journal path, keeping the earlier journal there the first
    /// time.
    fn write_whole_journal(&mut self) {
        let Some(path) = self.journal_path.clone() else {
            return;
        };
        match JournalWriter::replace(&path, &self.header, &self.game, self.keep_earlier) {
            Ok((writer, kept)) => {
                self.journal = Some(writer);
                self.keep_earlier = false;
                self.kept_earlier = kept;
                self.save_error = None;
            }
            Err(e) => self.save_error = Some(e.to_string()),
        }
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

    /// Forgets where the game was saved, so "Save" asks (the game came from a file that must be
    /// kept as it was).
    pub fn forget_save_path(&mut self) {
        self.save_path = None;
    }

    /// Where the autosave journal is.
    pub fn journal_path(&self) -> Option<&Path> {
        self.journal_path.as_deref()
    }

    /// Where the journal found at the autosave's place when this game began was kept.
    pub fn kept_earlier(&self) -> Option<&Path> {
        self.kept_earlier.as_deref()
    }

    /// True for a look at a game open in another window: nothing can be played or written.
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The last problem writing the autosave, if it has not been overcome.
    pub fn save_error(&self) -> Option<&str> {
        self.save_error.as_deref()
    }

    /// How the game stands on disk, exactly.
    pub fn save_state(&self) -> SaveState {
        if self.read_only {
            return SaveState::ReadOnly;
        }
        let Some(path) = &self.journal_path else {
            return SaveState::NotAutosaved;
        };
        if self.gone {
            return SaveState::Gone {
                entries: self.game.entry_count(),
                path: path.clone(),
            };
        }
        if let Some(copying) = &self.copying {
            return SaveState::Copying {
                unsaved: self.game.entry_count().saturating_sub(copying.entries),
            };
        }
        let written = self.journal.as_ref().map_or(0, JournalWriter::written);
        let unsaved = self.game.entry_count().saturating_sub(written);
        let nothing_on_disk = self.journal.is_none();
        match &self.save_error {
            Some(error) => SaveState::Failing {
                unsaved,
                nothing_on_disk,
                error: error.clone(),
            },
            None if unsaved > 0 || nothing_on_disk => SaveState::Failing {
                unsaved,
                nothing_on_disk,
                error: "not yet written".to_owned(),
            },
            None => SaveState::Saved { entries: written },
        }
    }

    /// Plays a command with dice from `dice`, then writes it to the journal.
    pub fn play(&mut self, command: Command, dice: &mut DiceSource) -> Result<Outcome, PlayError> {
        if self.read_only {
            return Err(PlayError::ReadOnly);
        }
        let outcome = self.game.play(command, dice)?;
        self.persist();
        Ok(outcome)
    }

    /// Undoes the last event.
    pub fn undo(&mut self) -> Result<(), HistoryError> {
        if self.read_only {
            return Err(HistoryError::ReadOnly);
        }
        self.game.undo()?;
        self.persist();
        Ok(())
    }

    /// Redoes the last undone event.
    pub fn redo(&mut self) -> Result<(), HistoryError> {
        if self.read_only {
            return Err(HistoryError::ReadOnly);
        }
        self.game.redo()?;
        self.persist();
        Ok(())
    }

    /// Writes every entry not yet in the journal. Failures are kept for the user to see; the
    /// next call tries again.
    pub fn persist(&mut self) {
        if self.read_only || self.gone {
            return;
        }
        self.finish_copy(false);
        if self.copying.is_some() {
            // The entries follow once the copy is in place.
            return;
        }
        if self.journal.is_none() {
            // The journal could not be written earlier: try again, writing the whole game.
            self.write_whole_journal();
            return;
        }
        if let Some(writer) = &mut self.journal {
            match writer.catch_up(&self.game) {
                Ok(_) => self.save_error = None,
                Err(e @ JournalError::Gone { .. }) => {
                    // Not written again by itself: the folder may have been removed on purpose.
                    self.found_gone(&e);
                }
                Err(e) => {
                    self.save_error = Some(format!(
                        "{e}. The game is safe in memory; it will be written as soon as the disk allows."
                    ));
                }
            }
        }
    }

    /// Writes the whole game to `path` (replacing a file there: the caller asked first) and
    /// remembers it for the next "Save".
    pub fn save_as(&mut self, path: &Path) -> Result<(), JournalError> {
        if self.read_only {
            return Err(JournalError::Io(
                "this is a read-only look at a game open in another window; save it there"
                    .to_owned(),
            ));
        }
        if self
            .journal_path
            .as_deref()
            .is_some_and(|journal| same_path(journal, path))
        {
            // That is the autosave itself: it only needs to be up to date.
            self.settle();
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

/// True when two paths name the same file.
pub fn same_path(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
