//! Saved games as journals: a header line, then one log entry per line (JSON Lines).
//!
//! The header holds the format version, the whole scenario file the game started from and the
//! settings. Every entry (event, undo, redo) is appended and flushed to disk as it happens, so
//! a crash loses at most the line being written; reading such a journal keeps every complete
//! entry and says what was dropped.

use serde::{Deserialize, Serialize};

mod lines;
mod read;
mod writer;

pub use writer::{JournalWriter, copy_intact, keep_copy, temp_beside, write_whole};

use crate::game::{Game, Settings};
use crate::scenario::check::{LoadedScenario, ScenarioError};
use crate::scenario::file::ScenarioFile;

/// The value of `format` in every journal header.
pub const JOURNAL_FORMAT: &str = "ambush-alley-journal";
/// The journal format version this app writes. Version 1 (no `rules` in the header) is read too.
pub const JOURNAL_VERSION: u32 = 2;
/// The version of the rules this app plays by, recorded in every journal it writes (see
/// [`crate::game::RULES_VERSION`]); a journal replays by the rules its header names.
pub use crate::game::RULES_VERSION;
/// The start of the name an earlier game is kept under when another takes its place
/// (`previous-game-<seconds since 1970>.jsonl`), so no game is ever lost.
pub const PREVIOUS_PREFIX: &str = "previous-game";
/// The largest journal read (a long game is a few megabytes).
pub const MAX_JOURNAL_BYTES: u64 = 512 * 1024 * 1024;

/// The first line of a journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always "ambush-alley-journal".
    pub format: String,
    /// Format version.
    pub version: u32,
    /// The rules the game was played by (1 when the header does not say: format version 1).
    #[serde(default = "rules_v1")]
    pub rules: u32,
    /// The scenario, whole, as its file gave it.
    pub scenario: ScenarioFile,
    /// The settings the game started with.
    pub settings: Settings,
}

fn rules_v1() -> u32 {
    1
}

impl Header {
    /// The header for a new game.
    pub fn new(scenario: ScenarioFile, settings: Settings) -> Self {
        Self {
            format: JOURNAL_FORMAT.to_owned(),
            version: JOURNAL_VERSION,
            rules: RULES_VERSION,
            scenario,
            settings,
        }
    }

    /// The header of a game going on by the rules it was started under.
    pub fn for_game(scenario: ScenarioFile, game: &Game) -> Self {
        Self {
            rules: game.rules(),
            ..Self::new(scenario, game.initial_settings().clone())
        }
    }
}

/// Why a journal could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(String),
    /// A folder, a device, a named pipe: not a file.
    #[error("it is {0}, not a saved game file")]
    NotAFile(&'static str),
    /// The journal being written is no longer at its path (deleted, moved, its folder
    /// removed): what is written to it now would be lost.
    #[error(
        "the autosave {} is gone (it, or its folder, was deleted or moved): nothing more can be written to it",
        .path.display()
    )]
    Gone {
        /// Where it was.
        path: std::path::PathBuf,
    },
    /// Too large to be a saved game.
    #[error(
        "the file is {size} bytes; a saved game is at most {MAX_JOURNAL_BYTES} bytes (512 MiB)"
    )]
    TooLarge {
        /// Its size (at least).
        size: u64,
    },
    /// An empty file.
    #[error("the file is empty (0 bytes): it is not a saved game")]
    Empty,
    /// Nothing but spaces and line ends.
    #[error("the file holds nothing but blank space ({}): it is not a saved game", crate::files::size_words(*.0))]
    BlankOnly(u64),
    /// UTF-16 or another encoding than UTF-8.
    #[error("{0}")]
    Encoding(String),
    /// A scenario file, not a saved game.
    #[error(
        "this is a scenario file, not a saved game: start a game from it (Open in the app, or `ambush-alley play FILE`), or check it with `ambush-alley validate FILE`"
    )]
    ScenarioFile,
    /// Something else than a journal.
    #[error("line {line}: this is not an Ambush Alley saved game: {why}")]
    NotAJournal {
        /// The line of the header (1 unless blank lines come first).
        line: usize,
        /// What it looks like instead.
        why: String,
    },
    /// Written by a newer app.
    #[error(
        "line {line}: this saved game is format version {version}, written by a newer version of the app; this one reads versions 1 to {JOURNAL_VERSION}"
    )]
    NewerVersion {
        /// The line of the header.
        line: usize,
        /// Its version.
        version: u64,
    },
    /// A journal of a newer format or of newer rules than this app's: this one can only look
    /// at it ([`look_at_newer`]).
    #[error("line {line}: {}", .newer.words())]
    Newer {
        /// The line of the header.
        line: usize,
        /// What it needs.
        newer: Newer,
    },
    /// A line longer than any this app writes there (the header: a scenario at its cap and
    /// the settings).
    #[error(
        "line {line} is longer than {}: the header of a saved game holds a scenario of at most {} and its settings",
        crate::files::size_words(*.limit),
        crate::files::size_words(crate::scenario::check::MAX_SCENARIO_BYTES)
    )]
    LineTooLong {
        /// The line.
        line: usize,
        /// The most it may hold, in bytes.
        limit: u64,
    },
    /// The header could not be read.
    #[error("line {line}: {why}")]
    Header {
        /// The line of the header.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The embedded scenario is not valid.
    #[error("line {line}: the scenario inside the saved game is not valid: {error}")]
    Scenario {
        /// The line of the header.
        line: usize,
        /// What is wrong.
        error: ScenarioError,
    },
}

/// What a journal written by a newer version of the app needs that this one does not have.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Newer {
    /// Its format version, when newer than [`JOURNAL_VERSION`].
    pub format: Option<u32>,
    /// Its rules, when newer than [`RULES_VERSION`].
    pub rules: Option<u32>,
}

impl Newer {
    /// What a header needs beyond this app, if anything.
    pub fn of(header: &Header) -> Option<Self> {
        let newer = Self {
            format: (header.version > JOURNAL_VERSION).then_some(header.version),
            rules: (header.rules > RULES_VERSION).then_some(header.rules),
        };
        (newer.format.is_some() || newer.rules.is_some()).then_some(newer)
    }

    /// In words: "this saved game is played by rules version 99, of a newer version of the
    /// app; this one plays by rules 1 to 3".
    pub fn words(&self) -> String {
        let mut what = Vec::new();
        if let Some(format) = self.format {
            what.push(format!(
                "is format version {format} (this app reads versions 1 to {JOURNAL_VERSION})"
            ));
        }
        if let Some(rules) = self.rules {
            what.push(format!(
                "is played by rules version {rules} (this app plays by rules 1 to {RULES_VERSION})"
            ));
        }
        format!(
            "this saved game {}: it was written by a newer version of the app, which it needs to be played on",
            what.join(" and ")
        )
    }
}

/// A line in the middle of a journal that is not a log entry (a flipped byte, an edit by
/// hand): the game was opened as of the last intact entry before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedLine {
    /// Its 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
    /// The line of the last intact entry before it (the header's line when there is none).
    pub last_intact_line: usize,
    /// Entries kept: every one before the damaged line.
    pub kept: usize,
    /// Lines left out, the damaged one included (blank lines are not counted).
    pub left_out: usize,
}

impl DamagedLine {
    /// What the user is told.
    pub fn words(&self) -> String {
        format!(
            "line {} is damaged ({}). The game can be opened as of line {}, with the {} before it; {} from line {} on would be left out. The file itself is kept as it was.",
            self.line,
            self.message,
            self.last_intact_line,
            crate::text::plural(self.kept, "entry", "entries"),
            crate::text::plural(self.left_out, "line", "lines"),
            self.line,
        )
    }
}

/// An entry the current rules refuse: the game was opened as it stood just before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedEntry {
    /// Its 1-based line number.
    pub line: usize,
    /// Why the rules refuse it.
    pub reason: String,
    /// Entries left out: that one and every one after it.
    pub left_out: usize,
    /// The rules the journal was written by.
    pub written_by_rules: u32,
}

impl RefusedEntry {
    /// What the user is told.
    pub fn words(&self) -> String {
        let old = if self.written_by_rules < RULES_VERSION {
            " (it was written by an earlier version of the app, under earlier rules)"
        } else {
            ""
        };
        format!(
            "line {} cannot be replayed{old}: {}. The game opens as it stood just before it; {} from that line on {} left out, and the file itself is kept as it was.",
            self.line,
            self.reason,
            crate::text::plural(self.left_out, "entry", "entries"),
            if self.left_out == 1 { "is" } else { "are" },
        )
    }
}

/// The incomplete last line dropped when a journal was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TornTail {
    /// Its 1-based line number.
    pub line: usize,
    /// Bytes dropped.
    pub bytes: usize,
}

/// A journal, read back.
#[derive(Debug)]
pub struct LoadedJournal {
    /// The game, replayed.
    pub game: Game,
    /// The scenario it was started from.
    pub scenario: LoadedScenario,
    /// What the scenario breaks of today's rules for scenario files (a journal of an earlier
    /// version may hold a name since refused): the game loads and replays as it was played,
    /// with the text at fault written on one line and cut; empty for a journal of today.
    pub scenario_problems: Vec<crate::scenario::check::Problem>,
    /// The incomplete last line, if the journal ended in one (a crash while writing).
    pub dropped: Option<TornTail>,
    /// The entry the current rules refused, if the replay stopped before the end.
    pub refused: Option<RefusedEntry>,
    /// The first damaged line, if one stopped the reading before the end.
    pub damaged: Option<DamagedLine>,
    /// Length in bytes of the intact part; appending must start here.
    pub intact_len: u64,
    /// What it needs of a newer app, when it was read only to be looked at.
    pub newer: Option<Newer>,
}

impl LoadedJournal {
    /// True when the game holds every entry of the file (an unfinished last line aside).
    pub fn is_whole(&self) -> bool {
        self.refused.is_none() && self.damaged.is_none()
    }

    /// What was left out of the file, in words, if anything: a line the rules refuse or a
    /// damaged line, and an unfinished last line.
    pub fn left_out_words(&self) -> Option<String> {
        let mut words = Vec::new();
        if let Some(damaged) = &self.damaged {
            words.push(damaged.words());
        }
        if let Some(refused) = &self.refused {
            words.push(refused.words());
        }
        if let Some(torn) = &self.dropped {
            words.push(format!(
                "its last line ({}) was unfinished ({}, a save cut short) and is left out.",
                torn.line,
                crate::files::size_words(torn.bytes as u64)
            ));
        }
        (!words.is_empty()).then(|| words.join(" "))
    }

    /// What the scenario inside breaks of today's rules for scenario files, in words, if
    /// anything: how many problems, the first, and what was done about it.
    pub fn scenario_words(&self) -> Option<String> {
        let first = self.scenario_problems.first()?;
        let count = self.scenario_problems.len();
        let more = if count > 1 {
            format!(
                " (and {})",
                crate::text::plural(count - 1, "more problem", "more problems")
            )
        } else {
            String::new()
        };
        Some(format!(
            "The scenario inside it breaks today's rules for scenario files: {first}{more}. Written by an earlier version or edited by hand, it is played as it was, its text at fault written on one line and cut."
        ))
    }
}

pub use read::{HEADER_BYTES, is_journal_file, load_path, look_at_newer, read, read_from};
