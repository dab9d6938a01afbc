//! A journal's lines, one at a time, each with its number and no longer than a limit: a line
//! ends at a line feed, a carriage return or both, so journals saved on any system read alike.

use std::io::BufRead;

use super::{JournalError, MAX_JOURNAL_BYTES};

/// The lines of a journal with their numbers and where each ends in the file. A line ends at a
/// line feed, a carriage return, or both (CR LF): journals saved on any system read alike.
pub(super) struct Lines<R> {
    reader: R,
    pub(super) buffer: Vec<u8>,
    /// Number of the line in `buffer` (1-based).
    pub(super) number: usize,
    /// Bytes read so far.
    pub(super) read: u64,
    /// The last line ended at a carriage return: a line feed right after it ends it too.
    after_cr: bool,
}

/// One line as read: its number, and whether it ended with a newline.
pub(super) struct Line {
    pub(super) number: usize,
    pub(super) complete: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Self {
        Self {
            reader,
            buffer: Vec::new(),
            number: 0,
            read: 0,
            after_cr: false,
        }
    }

    /// The next line, into `buffer` (without its line end), of at most `limit` bytes: a longer
    /// one is refused before more of it is read.
    pub(super) fn next(&mut self, limit: u64) -> Result<Option<Line>, JournalError> {
        let io = |e: std::io::Error| JournalError::Io(e.to_string());
        self.buffer.clear();
        if std::mem::take(&mut self.after_cr)
            && self.reader.fill_buf().map_err(io)?.first() == Some(&b'\n')
        {
            self.reader.consume(1);
            self.read += 1;
        }
        let mut n: u64 = 0;
        let mut complete = false;
        loop {
            let available = self.reader.fill_buf().map_err(io)?;
            if available.is_empty() {
                break;
            }
            let (taken, end) = match available.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => (i, Some(available[i])),
                None => (available.len(), None),
            };
            // Never hold more than the limit, whatever the file claims its size is; blank space
            // before anything else on the line is not held at all.
            let room = limit.saturating_sub(self.buffer.len() as u64) as usize;
            let chunk = &available[..taken.min(room.saturating_add(1))];
            if !(self.buffer.is_empty() && chunk.iter().all(u8::is_ascii_whitespace)) {
                self.buffer.extend_from_slice(chunk);
            }
            let used = taken + usize::from(end.is_some());
            self.reader.consume(used);
            n += used as u64;
            if self.read + n > MAX_JOURNAL_BYTES {
                return Err(JournalError::TooLarge {
                    size: self.read + n,
                });
            }
            if self.buffer.len() as u64 > limit {
                return Err(JournalError::LineTooLong {
                    line: self.number + 1,
                    limit,
                });
            }
            if let Some(end) = end {
                complete = true;
                self.after_cr = end == b'\r';
                break;
            }
        }
        if n == 0 {
            return Ok(None);
        }
        self.read += n;
        self.number += 1;
        Ok(Some(Line {
            number: self.number,
            complete,
        }))
    }

    pub(super) fn is_blank(&self) -> bool {
        self.buffer.iter().all(u8::is_ascii_whitespace)
    }
}
