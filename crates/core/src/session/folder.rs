//! The data folder: where the autosave lives, held by one window of the app at a time.
//!
//! A window claims the folder with an operating-system lock on a small file in it, held for as
//! long as the window is open (the system lets it go if the app is killed). A second window on
//! the same folder is told the folder is in use, and writes nothing there.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::journal::PREVIOUS_PREFIX;

/// The name of the autosave journal in the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.jsonl";
/// The file the lock is held on.
pub const LOCK_FILE: &str = "in-use.lock";

/// The folder for the autosave: `AMBUSH_ALLEY_DATA_DIR` if set to something, else the
/// platform's data folder. An empty value counts as unset.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_from(std::env::var_os("AMBUSH_ALLEY_DATA_DIR"))
}

/// The data folder for a value of `AMBUSH_ALLEY_DATA_DIR` (`None` when it is not set).
pub fn data_dir_from(value: Option<std::ffi::OsString>) -> Option<PathBuf> {
    if let Some(dir) = value
        && !dir.is_empty()
    {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "ambush-alley", "Ambush Alley Assistant")
        .map(|dirs| dirs.data_dir().to_owned())
}

/// Why the data folder cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FolderError {
    /// Another window of the app holds it.
    #[error(
        "another window of the app is using the data folder {} (its game is open there); this window will not write to it",
        .0.display()
    )]
    InUse(PathBuf),
    /// The path names a file (or something else that is not a folder).
    #[error(
        "the data folder {} is a file, not a folder: move that file away, or set AMBUSH_ALLEY_DATA_DIR to a folder",
        .0.display()
    )]
    NotAFolder(PathBuf),
    /// The folder cannot be created or written (read-only, no permission).
    #[error("the data folder {} cannot be used: {why}", path.display())]
    Unusable {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        why: String,
    },
}

/// The data folder, claimed by this window: the lock is held until it is dropped.
#[derive(Debug)]
pub struct DataFolder {
    path: PathBuf,
    _lock: File,
    /// Half-written files from an interrupted save that were removed when it was claimed.
    cleaned: Vec<PathBuf>,
}

impl DataFolder {
    /// Claims the folder at `path`, creating it if needed, and removes what an interrupted
    /// save left half-written there (`*.jsonl.tmp`: never a game's only copy, see
    /// [`crate::journal::JournalWriter::replace`]).
    pub fn claim(path: &Path) -> Result<Self, FolderError> {
        if path.exists() && !path.is_dir() {
            return Err(FolderError::NotAFolder(path.to_owned()));
        }
        let unusable = |e: std::io::Error| FolderError::Unusable {
            path: path.to_owned(),
            why: e.to_string(),
        };
        std::fs::create_dir_all(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists
                || e.kind() == std::io::ErrorKind::NotADirectory
            {
                // A file on the way to the folder.
                FolderError::NotAFolder(path.to_owned())
            } else {
                unusable(e)
            }
        })?;
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path.join(LOCK_FILE))
            .map_err(unusable)?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(FolderError::InUse(path.to_owned()));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(unusable(e)),
        }
        let cleaned = clean_half_written(path);
        Ok(Self {
            path: path.to_owned(),
            _lock: lock,
            cleaned,
        })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the autosave is.
    pub fn autosave(&self) -> PathBuf {
        self.path.join(AUTOSAVE_FILE)
    }

    /// Half-written files removed when the folder was claimed.
    pub fn cleaned(&self) -> &[PathBuf] {
        &self.cleaned
    }
}

/// Removes `*.jsonl.tmp` files: saves interrupted before they were complete.
fn clean_half_written(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".jsonl.tmp"))
                && path.is_file()
        })
        .filter(|path| std::fs::remove_file(path).is_ok())
        .collect()
}

/// An earlier game kept in the data folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreviousGame {
    /// The file.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: Option<SystemTime>,
    /// Its size.
    pub bytes: u64,
}

/// The earlier games kept in a data folder (`previous-game-*.jsonl`), newest first.
pub fn previous_games(dir: &Path) -> Vec<PreviousGame> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut games: Vec<PreviousGame> = entries
        .flatten()
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(PREVIOUS_PREFIX) && n.ends_with(".jsonl"))
        })
        .filter_map(|entry| {
            let metadata = entry.metadata().ok().filter(std::fs::Metadata::is_file)?;
            Some(PreviousGame {
                path: entry.path(),
                modified: metadata.modified().ok(),
                bytes: metadata.len(),
            })
        })
        .collect();
    games.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
    games
}
