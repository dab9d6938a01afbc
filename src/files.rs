//! Reading the files people hand the app.

use std::path::Path;

/// Why a file could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The file system refused.
    Io(std::io::Error),
    /// Larger than the limit; its size in bytes.
    TooLarge(u64),
}

/// Reads a whole file, refusing one over `max` bytes before reading it.
pub(crate) fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let size = std::fs::metadata(path).map_err(ReadError::Io)?.len();
    if size > max {
        return Err(ReadError::TooLarge(size));
    }
    std::fs::read(path).map_err(ReadError::Io)
}
