//! Reading the files people hand the app: only regular files, never more than a limit, and
//! text in UTF-8 (a byte-order mark is skipped; UTF-16 is named, not misread).

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Why a file could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The file system refused.
    Io(std::io::Error),
    /// Larger than the limit; its size in bytes (at least, for a file still growing).
    TooLarge(u64),
    /// Not a regular file: what it is instead ("a folder", "a named pipe").
    NotAFile(&'static str),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Io(e) => write!(f, "{e}"),
            Self::TooLarge(size) => write!(f, "it is {size} bytes"),
            Self::NotAFile(what) => write!(f, "it is {what}, not a file"),
        }
    }
}

/// What the system said, in words that name a loop of symbolic links as such (the system's
/// own words for it vary, and a check of whether the path exists says only "no such file").
pub fn io_words(error: &std::io::Error) -> String {
    // ELOOP: 40 on Linux, 62 on the BSDs and macOS.
    #[cfg(target_os = "linux")]
    const ELOOP: i32 = 40;
    #[cfg(all(unix, not(target_os = "linux")))]
    const ELOOP: i32 = 62;
    #[cfg(unix)]
    if error.raw_os_error() == Some(ELOOP) {
        return "it is a loop of symbolic links (a link that leads back to itself, at once or through others): point the link at a file".to_owned();
    }
    error.to_string()
}

/// What a path that is not a regular file is, in words.
fn kind_words(file_type: std::fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "something other than a regular file"
}

/// Whether a file may be written at `path`: nothing is there yet, or a regular file (which the
/// caller asked about replacing). A device, a named pipe, a socket or a folder is never
/// replaced: what it is, in words, is the error.
pub fn writable(path: &Path) -> Result<(), &'static str> {
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => Err(kind_words(metadata.file_type())),
        _ => Ok(()),
    }
}

/// The error for a path [`writable`] refuses.
pub fn not_writable(path: &Path, what: &str) -> std::io::Error {
    std::io::Error::other(format!(
        "{} is {what}, not a file: nothing is written there (choose a file name)",
        path.display()
    ))
}

/// Opens a regular file of at most `max` bytes. Anything else (a folder, a device, a named
/// pipe) is refused before it is opened, so nothing blocks or reads without end.
pub(crate) fn open_regular(path: &Path, max: u64) -> Result<File, ReadError> {
    let metadata = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !metadata.is_file() {
        return Err(ReadError::NotAFile(kind_words(metadata.file_type())));
    }
    if metadata.len() > max {
        return Err(ReadError::TooLarge(metadata.len()));
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    // The path may have been swapped between the look and the opening.
    let metadata = file.metadata().map_err(ReadError::Io)?;
    if !metadata.is_file() {
        return Err(ReadError::NotAFile(kind_words(metadata.file_type())));
    }
    Ok(file)
}

/// Reads a whole regular file of at most `max` bytes; the limit holds even for a file that
/// grows while it is read.
pub(crate) fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path, max)?;
    // Room for the size the file says it has (one more byte tells it grew past the most), so
    // a 10 MiB file is not read into a buffer grown by doubling to 16 MiB.
    let said = file.metadata().map_or(0, |m| m.len()).min(max);
    let mut bytes = Vec::with_capacity(usize::try_from(said).unwrap_or(0).saturating_add(1));
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The UTF-8 byte-order mark some editors put at the start of a file.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The start of a text without its UTF-8 byte-order mark.
pub(crate) fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes)
}

/// A second byte-order mark right after the first (a file saved twice by an editor that adds
/// one each time), named: `bytes` is the text after the first one.
pub(crate) fn second_bom(bytes: &[u8]) -> Option<String> {
    bytes.starts_with(UTF8_BOM).then(|| {
        let mut count = 2;
        let mut rest = &bytes[UTF8_BOM.len()..];
        while let Some(after) = rest.strip_prefix(UTF8_BOM) {
            count += 1;
            rest = after;
        }
        format!(
            "the file starts with {count} UTF-8 byte-order marks (the bytes EF BB BF, {count} times over) where one at most may stand: remove the extra ones (save it again as UTF-8, or UTF-8 without BOM)"
        )
    })
}

/// What is wrong with the encoding of a text, judged by its first bytes: UTF-16 or UTF-32
/// (with or without a byte-order mark), in words a person can act on.
pub(crate) fn encoding_problem(start: &[u8]) -> Option<String> {
    let named = if start.starts_with(b"\xFF\xFE\0\0") || start.starts_with(b"\0\0\xFE\xFF") {
        Some("UTF-32 text")
    } else if start.starts_with(b"\xFF\xFE") || start.starts_with(b"\xFE\xFF") {
        Some("UTF-16 text")
    } else if start.len() >= 2 && (start[0] == 0 || start[1] == 0) {
        // ASCII text in UTF-16 has every other byte zero.
        Some("UTF-16 text (a zero byte between its letters)")
    } else {
        None
    };
    named.map(|encoding| {
        format!(
            "the file is {encoding}; the app reads UTF-8: save it again as UTF-8 (most editors offer this under Save As or Encoding)"
        )
    })
}

/// "12 bytes", "3.4 MiB": a size for people.
pub fn size_words(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    } else if bytes >= 1024 {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    } else {
        crate::text::plural(bytes as usize, "byte", "bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_are_named_by_their_first_bytes() {
        assert!(encoding_problem(b"\xFF\xFE{\0").is_some_and(|w| w.contains("UTF-16")));
        assert!(encoding_problem(b"{\0\"\0").is_some_and(|w| w.contains("UTF-16")));
        assert!(encoding_problem(b"\0\0\xFE\xFF").is_some_and(|w| w.contains("UTF-32")));
        assert_eq!(encoding_problem(b"{\"format\""), None);
        assert_eq!(encoding_problem(b"\xEF\xBB\xBF{"), None);
        assert_eq!(strip_bom(b"\xEF\xBB\xBF{}"), b"{}");
    }

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_words(1), "1 byte");
        assert_eq!(size_words(20 * 1024 * 1024), "20.0 MiB");
        assert_eq!(size_words(1536), "1.5 KiB");
    }
}
