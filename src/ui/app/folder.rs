//! The data folder as the app holds it: claimed, in use by another window, or unusable; and
//! what the start screen offers for each.

use std::path::{Path, PathBuf};

use crate::ui::widgets::style::Message;
use ambush_core::session::{DataFolder, FolderError, PreviousGame, Session, previous_games};

use super::AssistantApp;

/// The data folder, as this window holds it.
pub(crate) enum Folder {
    /// Claimed: the autosave is written there.
    Claimed(DataFolder),
    /// Another window holds it: this one only reads from it.
    InUse(PathBuf),
    /// It is there but cannot be written (read-only): its autosave may be looked at.
    ReadOnly(PathBuf, String),
    /// It cannot be used: why, in words.
    Unusable(String),
    /// No data folder was given (tests, or no home folder).
    Missing,
}

impl Folder {
    /// Claims the folder at `path`.
    pub(crate) fn claim(path: Option<&Path>) -> Self {
        let Some(path) = path else {
            return Self::Missing;
        };
        match DataFolder::claim(path) {
            Ok(folder) => Self::Claimed(folder),
            Err(FolderError::InUse(path)) => Self::InUse(path),
            Err(e @ FolderError::Unusable { .. }) if path.is_dir() => {
                Self::ReadOnly(path.to_owned(), e.to_string())
            }
            Err(e) => Self::Unusable(e.to_string()),
        }
    }

    /// The folder, to read from (claimed or not).
    pub(crate) fn path(&self) -> Option<&Path> {
        match self {
            Self::Claimed(folder) => Some(folder.path()),
            Self::InUse(path) | Self::ReadOnly(path, _) => Some(path),
            Self::Unusable(_) | Self::Missing => None,
        }
    }

    /// Where this window writes its autosave: only in a folder it claimed.
    pub(crate) fn autosave(&self) -> Option<PathBuf> {
        match self {
            Self::Claimed(folder) => Some(folder.autosave()),
            _ => None,
        }
    }

    /// Something worth telling at the start: half-written files cleaned up.
    pub(crate) fn notice(&self) -> Option<String> {
        let Self::Claimed(folder) = self else {
            return None;
        };
        let cleaned = folder.cleaned();
        (!cleaned.is_empty()).then(|| {
            let names: Vec<String> = cleaned
                .iter()
                .map(|p| {
                    p.file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
                })
                .collect();
            format!(
                "Removed what an interrupted save left half-written in the data folder ({}); every game in it is whole.",
                names.join(", ")
            )
        })
    }

    /// Why games are not autosaved, if they are not.
    pub(crate) fn problem(&self) -> Option<String> {
        match self {
            Self::Claimed(_) => None,
            Self::InUse(path) => Some(FolderError::InUse(path.clone()).to_string()),
            Self::ReadOnly(_, why) => Some(format!("{why}: nothing can be saved there")),
            Self::Unusable(why) => Some(why.clone()),
            Self::Missing => Some("there is no data folder for the autosave".to_owned()),
        }
    }

    /// The earlier games kept in the folder, newest first.
    pub(crate) fn previous_games(&self) -> Vec<PreviousGame> {
        self.path().map(previous_games).unwrap_or_default()
    }
}

impl AssistantApp {
    /// Writes the game again to the autosave's place after it was found gone: the data folder
    /// is made anew and claimed again (its lock went with it), then the whole game is written.
    pub(super) fn write_again(&mut self) {
        if let Folder::Claimed(folder) = &self.folder
            && !folder.path().join(ambush_core::session::LOCK_FILE).exists()
        {
            let path = folder.path().to_owned();
            match DataFolder::claim(&path) {
                Ok(claimed) => self.folder = Folder::Claimed(claimed),
                Err(FolderError::InUse(_)) => {
                    self.message = Some(Message::error(format!(
                        "Another window now uses the data folder {}: save this game elsewhere (Save elsewhere…).",
                        path.display()
                    )));
                    return;
                }
                // The folder may still be there, its lock file only deleted: the write says.
                Err(_) => {}
            }
        }
        let Some(session) = &mut self.session else {
            return;
        };
        session.write_again();
        self.message = Some(match session.save_error() {
            None => Message::info(format!(
                "The whole game is on disk again, in {}.",
                session
                    .journal_path()
                    .map_or(String::new(), |p| p.display().to_string())
            )),
            Some(error) => Message::error(format!(
                "The game could not be written again: {error}. Save it elsewhere (Save elsewhere…)."
            )),
        });
    }

    /// Switches to another data folder, if this window can claim it.
    pub(super) fn use_folder(&mut self, path: &Path) {
        match Folder::claim(Some(path)) {
            folder @ Folder::Claimed(_) => {
                self.folder = folder;
                self.offer = self.find_autosave();
                self.message = Some(Message::info(format!(
                    "Now using the data folder {}: games are autosaved there.",
                    path.display()
                )));
            }
            other => {
                let why = other.problem().unwrap_or_default();
                self.message = Some(Message::error(format!(
                    "Cannot use {} as the data folder: {why}.",
                    path.display()
                )));
            }
        }
    }

    /// Opens the autosaved game to look at only: another window holds the folder, the folder
    /// cannot be written, or a newer app wrote the game.
    pub(super) fn look_read_only(&mut self) {
        let Some(offer) = self.offer.take() else {
            return;
        };
        let Some(loaded) = offer.loaded else {
            return;
        };
        let why = match (&offer.newer, &self.folder) {
            (Some(newer), _) => Some(newer.clone()),
            (None, Folder::ReadOnly(path, _)) => Some(format!(
                "the data folder {} cannot be written",
                path.display()
            )),
            _ => None,
        };
        self.message = Some(Message::info(match &why {
            Some(why) => format!("Opened to read only: {why}."),
            None => "Opened to read only. It does not follow what is played in the other window."
                .to_owned(),
        }));
        self.session = Some(match why {
            Some(why) => Session::view_because(*loaded, why),
            None => Session::view(*loaded),
        });
        let message = self.message.take();
        self.fresh_desk();
        self.message = message;
    }
}
