//! Writing journals: a line at a time, each flushed to disk, or a whole game at once.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::game::{EntryRef, Game};

use super::{Header, JournalError, LoadedJournal, PREVIOUS_PREFIX};

/// The error for a failed write to `path`.
fn write_error(path: &Path) -> impl Fn(std::io::Error) -> JournalError + Copy + '_ {
    move |e| {
        // A file where a folder on the way should be: said as such, not as the system's
        // "File exists" or "Not a directory".
        if let Some(file) = path.ancestors().skip(1).find(|a| a.is_file()) {
            return JournalError::Io(format!(
                "cannot write {}: {} is a file, not a folder",
                path.display(),
                file.display()
            ));
        }
        JournalError::Io(format!("cannot write {}: {e}", path.display()))
    }
}

/// Refuses to write over what is not a regular file at `path` (a device, a named pipe, a
/// socket, a folder).
fn regular_or_nothing(path: &Path) -> Result<(), JournalError> {
    crate::files::writable(path)
        .map_err(|what| JournalError::Io(crate::files::not_writable(path, what).to_string()))
}

/// One journal line: the value as JSON, then a newline.
fn json_line(value: &impl Serialize) -> Result<Vec<u8>, JournalError> {
    let mut line = serde_json::to_vec(value).map_err(|e| JournalError::Io(e.to_string()))?;
    line.push(b'\n');
    Ok(line)
}

/// Writes a journal line by line, flushing each to disk.
#[derive(Debug)]
pub struct JournalWriter {
    file: File,
    path: PathBuf,
    /// Entries of the game already on disk.
    written: usize,
    /// Length of the file's intact part.
    len: u64,
    /// A write failed and the file may hold part of a line after the intact part.
    dirty: bool,
}

impl JournalWriter {
    /// Creates (or replaces) a journal holding just the header.
    pub fn create(path: &Path, header: &Header) -> Result<Self, JournalError> {
        let io = write_error(path);
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let line = json_line(header)?;
        regular_or_nothing(path)?;
        let mut file = File::create(path).map_err(io)?;
        file.write_all(&line).map_err(io)?;
        file.flush().map_err(io)?;
        file.sync_data().map_err(io)?;
        Ok(Self {
            file,
            path: path.to_owned(),
            written: 0,
            len: line.len() as u64,
            dirty: false,
        })
    }

    /// Opens a journal that was just read, to go on appending after its intact part (a torn
    /// last line is cut off first).
    pub fn reopen(path: &Path, loaded: &LoadedJournal) -> Result<Self, JournalError> {
        Self::reopen_at(path, loaded.intact_len, loaded.game.entry_count())
    }

    /// Opens a journal whose first `intact_len` bytes hold `written` entries, to append after
    /// them. Anything after the intact part is cut off; an intact part that ends without a
    /// newline (a crash just before it, or a file saved by hand) gets one first, so the next
    /// entry starts on a line of its own.
    pub fn reopen_at(path: &Path, intact_len: u64, written: usize) -> Result<Self, JournalError> {
        use std::io::Read;
        let io = write_error(path);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(io)?;
        let mut last = [0u8; 1];
        let ends_in_newline = intact_len == 0
            || (file.seek(SeekFrom::Start(intact_len - 1)).is_ok()
                && file.read_exact(&mut last).is_ok()
                && last[0] == b'\n');
        let mut writer = Self {
            file,
            path: path.to_owned(),
            written,
            len: intact_len,
            dirty: false,
        };
        writer.cut_to_intact().map_err(io)?;
        if !ends_in_newline {
            writer
                .file
                .write_all(b"\n")
                .and_then(|()| writer.file.sync_data())
                .map_err(io)?;
            writer.len += 1;
        }
        Ok(writer)
    }

    /// Where the journal is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Entries already on disk.
    pub fn written(&self) -> usize {
        self.written
    }

    fn cut_to_intact(&mut self) -> std::io::Result<()> {
        self.file.set_len(self.len)?;
        self.file.seek(SeekFrom::Start(self.len))?;
        Ok(())
    }

    /// Whether the file this writer appends to is still the one at its path: not deleted, not
    /// moved, its folder not removed, no other file put in its place. Writing to a file that is
    /// no longer linked succeeds and keeps nothing.
    pub fn still_there(&self) -> Result<(), JournalError> {
        let gone = || JournalError::Gone {
            path: self.path.clone(),
        };
        let open = self.file.metadata().map_err(write_error(&self.path))?;
        let at_path = match std::fs::metadata(&self.path) {
            Ok(metadata) => metadata,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(gone()),
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => return Err(gone()),
            Err(e) => return Err(write_error(&self.path)(e)),
        };
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if open.nlink() == 0 || (open.dev(), open.ino()) != (at_path.dev(), at_path.ino()) {
                return Err(gone());
            }
        }
        #[cfg(not(unix))]
        let _ = (open, at_path);
        Ok(())
    }

    /// Appends one entry and flushes it to disk, once it has made sure the file is still the
    /// journal at its path ([`Self::still_there`]). On failure (a full disk) the file is cut
    /// back to its last complete line, so a later attempt starts clean.
    pub fn append(&mut self, entry: EntryRef<'_>) -> Result<(), JournalError> {
        self.still_there()?;
        if self.dirty {
            // Part of a line may follow the intact part: cut it before writing anything new.
            self.cut_to_intact().map_err(write_error(&self.path))?;
            self.dirty = false;
        }
        let line = json_line(&entry)?;
        let result = self
            .file
            .write_all(&line)
            .and_then(|()| self.file.flush())
            .and_then(|()| self.file.sync_data());
        if let Err(e) = result {
            self.dirty = self.cut_to_intact().is_err();
            return Err(write_error(&self.path)(e));
        }
        self.len += line.len() as u64;
        self.written += 1;
        Ok(())
    }

    /// Appends every entry of the game not yet on disk. Returns how many were written.
    pub fn catch_up(&mut self, game: &Game) -> Result<usize, JournalError> {
        let mut n = 0;
        while let Some(entry) = game.entry(self.written) {
            self.append(entry)?;
            n += 1;
        }
        Ok(n)
    }
}

/// Writes a whole game as a journal in one go (used by "Save as…"), replacing what was at
/// `path` (the user was asked). Returns the file's length.
pub fn write_whole(path: &Path, header: &Header, game: &Game) -> Result<u64, JournalError> {
    regular_or_nothing(path)?;
    let tmp = temp_beside(path);
    let result = write_whole_to(&tmp, header, game).and_then(|len| {
        std::fs::rename(&tmp, path)
            .map_err(write_error(path))
            .map(|()| len)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    sync_folder_of(path);
    result
}

impl JournalWriter {
    /// Writes the whole game to `path` and opens it to go on appending, without a moment when
    /// `path` holds anything but a complete journal: the game is written beside it and synced
    /// first; with `keep_earlier`, the journal already at `path` is kept as a
    /// `previous-game-….jsonl` beside it; only then does the new file take its place, in one
    /// rename. Killed at any moment, the folder holds the earlier journal or the new one, whole.
    /// Returns the writer and where the earlier journal was kept, if one was.
    pub fn replace(
        path: &Path,
        header: &Header,
        game: &Game,
        keep_earlier: bool,
    ) -> Result<(Self, Option<PathBuf>), JournalError> {
        regular_or_nothing(path)?;
        let tmp = temp_beside(path);
        let len = match write_whole_to(&tmp, header, game) {
            Ok(len) => len,
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                return Err(e);
            }
        };
        Self::adopt(&tmp, path, len, game.entry_count(), keep_earlier)
    }

    /// Puts a complete, synced journal written at `tmp` (of `len` bytes holding `written`
    /// entries) in the place of `path`, as [`Self::replace`] does, and opens it to go on.
    pub fn adopt(
        tmp: &Path,
        path: &Path,
        len: u64,
        written: usize,
        keep_earlier: bool,
    ) -> Result<(Self, Option<PathBuf>), JournalError> {
        if let Err(e) = regular_or_nothing(path) {
            let _ = std::fs::remove_file(tmp);
            return Err(e);
        }
        let kept = if keep_earlier && path.exists() {
            match keep_copy(path) {
                Ok(kept) => Some(kept),
                Err(e) => {
                    let _ = std::fs::remove_file(tmp);
                    return Err(e);
                }
            }
        } else {
            None
        };
        if let Err(e) = std::fs::rename(tmp, path) {
            let _ = std::fs::remove_file(tmp);
            return Err(write_error(path)(e));
        }
        sync_folder_of(path);
        let writer = Self::reopen_at(path, len, written)?;
        Ok((writer, kept))
    }
}

/// Copies the first `intact_len` bytes of the journal at `from` to `to` (beside the journal it
/// will replace), byte for byte, ending it with a newline if its last line had none, and syncs
/// it: a saved game opened from elsewhere becomes the autosave without being written out again
/// entry by entry. Returns the copy's length.
pub fn copy_intact(from: &Path, intact_len: u64, to: &Path) -> Result<u64, JournalError> {
    use std::io::Read;
    let io = write_error(to);
    if let Some(dir) = to.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    regular_or_nothing(to)?;
    let source = crate::files::open_regular(from, super::MAX_JOURNAL_BYTES)
        .map_err(|e| JournalError::Io(format!("cannot read {}: {e}", from.display())))?;
    let mut file = File::create(to).map_err(io)?;
    let copied = std::io::copy(&mut source.take(intact_len), &mut file).map_err(io)?;
    if copied != intact_len {
        return Err(JournalError::Io(format!(
            "{} changed while it was copied ({copied} of {intact_len} bytes)",
            from.display()
        )));
    }
    let mut len = copied;
    let mut last = [0u8; 1];
    let ends_in_newline = len == 0 || {
        let mut check = File::open(to).map_err(io)?;
        check.seek(SeekFrom::Start(len - 1)).map_err(io)?;
        check.read_exact(&mut last).map_err(io)?;
        last[0] == b'\n'
    };
    if !ends_in_newline {
        file.write_all(b"\n").map_err(io)?;
        len += 1;
    }
    file.sync_all().map_err(io)?;
    Ok(len)
}

/// Where a file is written before it takes the place of `path`.
pub fn temp_beside(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Keeps a copy of the journal at `path` beside it, as `previous-game-<seconds since
/// 1970>.jsonl` under a name no other file has (a hard link where the file system allows it,
/// else a synced copy). Returns where it is.
pub fn keep_copy(path: &Path) -> Result<PathBuf, JournalError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let refuse = |why: String| {
        JournalError::Io(format!(
            "the earlier game at {} could not be kept ({why}), so it is left as it was",
            path.display()
        ))
    };
    for n in 0..1000 {
        let suffix = if n == 0 {
            String::new()
        } else {
            format!("-{n}")
        };
        let target = dir.join(format!("{PREVIOUS_PREFIX}-{seconds}{suffix}.jsonl"));
        if target.exists() {
            continue;
        }
        return match std::fs::hard_link(path, &target) {
            Ok(()) => {
                sync_folder_of(&target);
                Ok(target)
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) => {
                // No hard links here (some file systems): a copy, synced.
                std::fs::copy(path, &target)
                    .and_then(|_| File::open(&target)?.sync_all())
                    .map_err(|e| {
                        let _ = std::fs::remove_file(&target);
                        refuse(e.to_string())
                    })?;
                sync_folder_of(&target);
                Ok(target)
            }
        };
    }
    Err(refuse(
        "a thousand earlier games of this second already exist".to_owned(),
    ))
}

/// Makes a rename or a new file in the folder of `path` durable (where the system allows).
fn sync_folder_of(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
}

fn write_whole_to(tmp: &Path, header: &Header, game: &Game) -> Result<u64, JournalError> {
    let mut writer = JournalWriter::create(tmp, header)?;
    for entry in game.entries() {
        let line = json_line(&entry)?;
        writer.file.write_all(&line).map_err(write_error(tmp))?;
        writer.len += line.len() as u64;
    }
    writer.file.sync_all().map_err(write_error(tmp))?;
    Ok(writer.len)
}
