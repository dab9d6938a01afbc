//! A saved game opened from elsewhere becomes the autosave by a copy of its bytes, made on a
//! thread of its own so the window shows the game at once; the journal goes on in the copy once
//! it is in place.

use std::path::PathBuf;

use crate::journal::{JournalError, JournalWriter};

use super::Session;

/// A journal being copied into the autosave's place on a thread of its own.
#[derive(Debug)]
pub(super) struct Copying {
    /// The copy's length, once made.
    pub(super) done: std::thread::JoinHandle<Result<u64, JournalError>>,
    /// Where it is written, beside the autosave.
    pub(super) tmp: PathBuf,
    /// Entries it holds.
    pub(super) entries: usize,
}

impl Session {
    /// True while a journal opened from elsewhere is being copied into the autosave: the app
    /// calls [`Self::persist`] now and then to finish it.
    pub fn is_copying(&self) -> bool {
        self.copying.is_some()
    }

    /// Puts the copy in the autosave's place once it is made (waiting for it when `wait`), and
    /// opens it to go on; a copy that failed is replaced by the game written whole.
    pub(super) fn finish_copy(&mut self, wait: bool) {
        let Some(copying) = self.copying.take() else {
            return;
        };
        if !wait && !copying.done.is_finished() {
            self.copying = Some(copying);
            return;
        }
        let Some(path) = self.journal_path.clone() else {
            return;
        };
        let made = copying.done.join().unwrap_or_else(|_| {
            Err(JournalError::Io(
                "the copy of the journal stopped".to_owned(),
            ))
        });
        let adopted = made.and_then(|len| {
            JournalWriter::adopt(&copying.tmp, &path, len, copying.entries, self.keep_earlier)
        });
        match adopted {
            Ok((writer, kept)) => {
                self.journal = Some(writer);
                self.keep_earlier = false;
                self.kept_earlier = kept;
                self.save_error = None;
            }
            Err(why) => {
                // Not in silence: the log file says why; the game is written whole instead, and
                // a failure of that is the session's save error, shown on the desk.
                log::warn!(
                    "the copy of the opened journal into {} failed ({why}); the game is written whole instead",
                    path.display()
                );
                if let Err(e) = std::fs::remove_file(&copying.tmp)
                    && e.kind() != std::io::ErrorKind::NotFound
                {
                    log::warn!("the unfinished copy {} stays: {e}", copying.tmp.display());
                }
                self.write_whole_journal();
            }
        }
    }
}
