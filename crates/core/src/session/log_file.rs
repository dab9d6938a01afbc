//! The app's log file, for bug reports: what went wrong that the desk could not say at the
//! moment (a copy that failed and was replaced, a view the phones could not be sent, a lock a
//! thread left poisoned), one line each, in `ambush-alley.log` in the data folder. It is
//! bounded: past [`LOG_BYTES`] the file becomes `ambush-alley.log.1` (replacing the one before)
//! and a new one is begun, so the two together never pass twice that.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The log file's name in the data folder.
pub const LOG_FILE: &str = "ambush-alley.log";

/// The most one log file holds before it is set aside and a new one begun.
pub const LOG_BYTES: u64 = 1024 * 1024;

/// The log file, written through the `log` crate's macros from anywhere in the app.
#[derive(Debug)]
pub struct LogFile {
    path: PathBuf,
    limit: u64,
    open: Mutex<Option<(File, u64)>>,
}

impl LogFile {
    /// The log file of this data folder, bounded to `limit` bytes a file.
    pub fn new(folder: &Path, limit: u64) -> Self {
        Self {
            path: folder.join(LOG_FILE),
            limit,
            open: Mutex::new(None),
        }
    }

    /// Where it is written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Makes this the app's logger (warnings and errors), once per process. Fails when the
    /// folder cannot hold the file, or a logger is already set.
    pub fn install(folder: &Path) -> Result<&'static Path, String> {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("{}: {}", folder.display(), crate::files::io_words(&e)))?;
        let file: &'static LogFile = Box::leak(Box::new(LogFile::new(folder, LOG_BYTES)));
        log::set_logger(file).map_err(|e| e.to_string())?;
        log::set_max_level(log::LevelFilter::Info);
        Ok(file.path())
    }

    /// Writes one line; past the bound, the file is set aside first. A log that cannot be
    /// written has nowhere else to say so but standard error.
    pub fn write_line(&self, line: &str) {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Err(e) = self.append(&mut open, line) {
            eprintln!(
                "the log file {} could not be written: {e}",
                self.path.display()
            );
            *open = None;
        }
    }

    fn append(&self, open: &mut Option<(File, u64)>, line: &str) -> std::io::Result<()> {
        let bytes = line.len() as u64 + 1;
        if open
            .as_ref()
            .is_some_and(|(_, len)| len + bytes > self.limit)
        {
            *open = None;
            std::fs::rename(&self.path, self.path.with_extension("log.1"))?;
        }
        if open.is_none() {
            crate::files::writable(&self.path)
                .map_err(|what| crate::files::not_writable(&self.path, what))?;
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.path)?;
            let len = file.metadata()?.len();
            *open = Some((file, len));
            if len + bytes > self.limit {
                return self.append(open, line);
            }
        }
        if let Some((file, len)) = open {
            writeln!(file, "{line}")?;
            file.flush()?;
            *len += bytes;
        }
        Ok(())
    }
}

impl log::Log for LogFile {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Info
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let message = record.args().to_string().replace('\n', " ");
        let message = crate::text::escape_controls(&message);
        self.write_line(&format!(
            "{} {} {}: {message}",
            crate::text::utc_time(std::time::SystemTime::now()),
            record.level(),
            record.target()
        ));
    }

    fn flush(&self) {}
}
