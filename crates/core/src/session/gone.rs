//! The autosave found gone (its file or its folder deleted while the game was open): every
//! entry is kept in memory and nothing is written until the referee says where, the data folder
//! again or elsewhere.

use std::path::Path;

use crate::journal::{JournalError, JournalWriter};

use super::Session;

impl Session {
    /// The autosave was found gone: nothing more is written until the referee says where.
    pub(super) fn found_gone(&mut self, error: &JournalError) {
        self.journal = None;
        self.gone = true;
        self.save_error = Some(format!(
            "{error}. Every entry of the game is kept in memory: write it whole again, to the data folder or elsewhere."
        ));
    }

    /// Writes the whole game again to the autosave's path (its folder re-created if need be),
    /// after it was found gone; a file found there meanwhile is kept beside it first.
    pub fn write_again(&mut self) {
        if self.read_only {
            return;
        }
        self.gone = false;
        self.keep_earlier = true;
        self.write_whole_journal();
    }

    /// Writes the whole game to `path` and goes on autosaving there: where the referee chose
    /// after the autosave was found gone (the caller asked before replacing a file there).
    pub fn move_journal(&mut self, path: &Path) -> Result<(), JournalError> {
        if self.read_only {
            return Err(JournalError::Io(
                "a read-only look writes nothing".to_owned(),
            ));
        }
        let (writer, _) = JournalWriter::replace(path, &self.header, &self.game, false)?;
        self.journal = Some(writer);
        self.journal_path = Some(path.to_owned());
        self.save_path = Some(path.to_owned());
        self.gone = false;
        self.save_error = None;
        Ok(())
    }

    /// True when the autosave was found gone and nothing is written until the referee says
    /// where.
    pub fn is_gone(&self) -> bool {
        self.gone
    }
}
