//! Files: the autosave found at start, opening, saving, exporting, and the file dialogs.

use std::path::{Path, PathBuf};

use ambush_core::journal::{self};
use ambush_core::report;
use ambush_core::scenario::check::ScenarioError;
use ambush_core::session::{self, Opened, Session};

use crate::ui::command::{SoloStart, UiCommand};
use crate::ui::widgets::style::Message;

use super::{AssistantApp, Confirm, ResumeOffer};

impl AssistantApp {
    /// Where this window writes its autosave (only in a data folder it holds).
    pub(super) fn autosave_path(&self) -> Option<PathBuf> {
        self.folder.autosave()
    }

    /// The autosaved game of the data folder, to resume, or only to look at when another
    /// window holds the folder.
    pub(super) fn find_autosave(&self) -> Option<ResumeOffer> {
        let path = self.folder.path()?.join(session::AUTOSAVE_FILE);
        if !path.exists() {
            return None;
        }
        let read = match journal::load_path(&path) {
            Err(
                journal::JournalError::Newer { .. } | journal::JournalError::NewerVersion { .. },
            ) => journal::look_at_newer(&path),
            other => other,
        };
        Some(match read {
            Ok(loaded) => {
                let newer = loaded.newer.as_ref().map(journal::Newer::words);
                let state = loaded.game.state();
                let mut summary = format!(
                    "{} — {} ({})",
                    loaded.scenario.scenario.name,
                    state.headline(),
                    ambush_core::text::plural(loaded.game.events_in_effect(), "event", "events")
                );
                if let Some(left_out) = loaded.left_out_words() {
                    summary.push_str(&format!(". From the file: {left_out}"));
                }
                if let Some(scenario) = loaded.scenario_words() {
                    summary.push_str(&format!(". {scenario}"));
                }
                ResumeOffer {
                    summary,
                    loaded: Some(Box::new(loaded)),
                    problem: newer.as_ref().map(|n| {
                        format!(
                            "{}: it can be looked at here, read only.",
                            ambush_core::text::capitalized(n)
                        )
                    }),
                    newer,
                }
            }
            Err(e) => ResumeOffer {
                summary: String::new(),
                loaded: None,
                problem: Some(format!(
                    "The autosaved game at {} cannot be read: {e}. It is left as it is; a new game keeps it as {}-….jsonl in the same folder.",
                    path.display(),
                    session::PREVIOUS_PREFIX
                )),
                newer: None,
            },
        })
    }

    pub(super) fn open_path(&mut self, path: &Path) {
        self.open_path_as(path, None);
    }

    /// Opens a scenario or saved game from a path: a scenario starts a game for two, or a solo
    /// game with these settings of the opponent (the app commands the Insurgents, and the
    /// file's contacts are used); a saved game goes on as it was played.
    pub(super) fn open_path_as(&mut self, path: &Path, solo: Option<SoloStart>) {
        match session::open(path) {
            Ok(Opened::Scenario(scenario)) => {
                // The new game says what the file warns about, if anything.
                self.queue.push(UiCommand::NewGame(scenario, solo));
            }
            Ok(Opened::Journal(_)) if solo.is_some() => {
                self.message = Some(Message::info(format!(
                    "{} is a saved game: it goes on as it was played, for two or solo; open it with Open… (\"Open as a solo game\" starts a scenario file solo).",
                    path.display()
                )));
            }
            Ok(Opened::Journal(loaded)) if !loaded.is_whole() => {
                // Only part of it can be opened: the referee decides.
                self.confirm = Some(Confirm::OpenPart {
                    loaded,
                    path: path.to_owned(),
                });
            }
            Ok(Opened::Journal(loaded)) => self.open_journal(*loaded, path),
            Err(session::OpenError::Journal {
                error:
                    journal::JournalError::Newer { .. } | journal::JournalError::NewerVersion { .. },
                ..
            }) => self.look_at_newer(path),
            Err(session::OpenError::Scenario {
                path: shown,
                error: ScenarioError::Invalid(problems),
            }) => self.message = Some(Message::error(problem_words(&shown, &problems))),
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    /// A saved game of a newer app: opened to look at only, saying what it needs.
    fn look_at_newer(&mut self, path: &Path) {
        match journal::look_at_newer(path) {
            Ok(loaded) => {
                if !self.may_leave_game() {
                    return;
                }
                let why = loaded
                    .newer
                    .as_ref()
                    .map(journal::Newer::words)
                    .unwrap_or_default();
                self.session = Some(Session::view_because(loaded, why.clone()));
                self.fresh_desk();
                self.message = Some(Message::info(format!(
                    "{}: {}. Opened to read only.",
                    path.display(),
                    ambush_core::text::capitalized(&why)
                )));
            }
            Err(e) => self.message = Some(Message::error(format!("{}: {e}", path.display()))),
        }
    }

    /// Goes on with a saved game read from `path`.
    pub(super) fn open_journal(&mut self, loaded: journal::LoadedJournal, path: &Path) {
        let notice = [loaded.left_out_words(), loaded.scenario_words()]
            .into_iter()
            .flatten()
            .reduce(|a, b| format!("{a} {b}"));
        let whole = loaded.is_whole();
        if !self.may_leave_game() {
            return;
        }
        let autosave = self.autosave_path();
        let mut session = Session::resume(loaded, path, autosave.as_deref());
        if !whole {
            // "Save" must never write over the file that was only partly opened.
            session.forget_save_path();
        }
        self.session = Some(session);
        self.fresh_desk();
        self.message = Some(Message::info(format!(
            "Opened the saved game {}.{}",
            path.display(),
            notice.map(|n| format!(" {n}")).unwrap_or_default()
        )));
    }

    /// Saves the game to `path`; a file already there (other than this game's own save) is
    /// replaced only once the referee said so (`confirmed`).
    pub(super) fn save_to(&mut self, path: &Path, confirmed: bool) {
        let Some(session) = &mut self.session else {
            return;
        };
        if let Err(what) = ambush_core::files::writable(path) {
            // A device, a named pipe, a folder: never offered for replacing.
            self.message = Some(Message::error(format!(
                "Could not save to {}: it is {what}, not a file. Choose a file name.",
                path.display()
            )));
            return;
        }
        let own = session
            .save_path()
            .is_some_and(|p| session::same_path(p, path))
            || session
                .journal_path()
                .is_some_and(|p| session::same_path(p, path));
        if !confirmed && !own && path.exists() {
            self.confirm = Some(Confirm::Replace {
                path: path.to_owned(),
                report: false,
                existing: vec![path.to_owned()],
            });
            return;
        }
        // With the autosave gone, the game goes on autosaving where it is saved now.
        let saved = if session.is_gone() {
            session.move_journal(path)
        } else {
            session.save_as(path)
        };
        match saved {
            Ok(()) => {
                self.path_input = path.display().to_string();
                self.message = Some(Message::info(format!("Saved to {}.", path.display())));
            }
            Err(e) => {
                self.message = Some(Message::error(format!(
                    "Could not save to {}: {e}. {}; try another place.",
                    path.display(),
                    session.where_the_game_is()
                )));
            }
        }
    }

    /// Writes the after-action report to `path`: never over a saved game, and over another
    /// file only once the referee said so.
    pub(super) fn export_to(&mut self, path: &Path, confirmed: bool) {
        let Some(game) = self.game() else {
            return;
        };
        if let Some(why) = not_for_a_report(path) {
            self.message = Some(Message::error(why));
            return;
        }
        if let Err(what) = ambush_core::files::writable(path) {
            self.message = Some(Message::error(format!(
                "Could not write {}: it is {what}, not a file. Choose a file name ending in .md.",
                path.display()
            )));
            return;
        }
        // The charts beside the report are written too: asked about like the report itself.
        let existing: Vec<_> = report::story::files_written(path)
            .into_iter()
            .filter(|file| file.exists())
            .collect();
        if !confirmed && !existing.is_empty() {
            self.confirm = Some(Confirm::Replace {
                path: path.to_owned(),
                report: true,
                existing,
            });
            return;
        }
        self.message = Some(match report::story::write(path, game) {
            Ok(written) => Message::info(format!(
                "After-action report written to {}, with {} chart(s) beside it.",
                path.display(),
                written.len() - 1
            )),
            Err(e) => Message::error(format!("Could not write {}: {e}", path.display())),
        });
    }

    /// Answers the question waiting: yes does what was asked, no drops it.
    pub(super) fn answer(&mut self, yes: bool) {
        let Some(confirm) = self.confirm.take() else {
            return;
        };
        if !yes {
            self.message = Some(Message::info(if matches!(confirm, Confirm::EndGame) {
                "The game goes on."
            } else {
                "Nothing was changed."
            }));
            return;
        }
        match confirm {
            Confirm::Replace {
                path,
                report: false,
                ..
            } => self.save_to(&path, true),
            Confirm::Replace {
                path, report: true, ..
            } => self.export_to(&path, true),
            Confirm::OpenPart { loaded, path } => self.open_journal(*loaded, &path),
            Confirm::EndGame => {
                self.play(ambush_core::game::Command::EndGame);
            }
        }
    }

    pub(super) fn no_dialog(&mut self) {
        self.show_path = true;
        self.message = Some(Message::info(
            "No file dialog is available here (no desktop portal answered, or it was cancelled). Type the path in the Path box and press the button beside it.",
        ));
    }

    pub(super) fn pick_file(&mut self, save: bool) -> Option<PathBuf> {
        if !self.options.native_dialogs {
            self.no_dialog();
            return None;
        }
        let dialog = rfd::FileDialog::new()
            .add_filter("Saved games and scenarios", &["jsonl", "json"])
            .add_filter("All files", &["*"]);
        let picked = if save {
            dialog.set_file_name("game.jsonl").save_file()
        } else {
            dialog.pick_file()
        };
        if picked.is_none() {
            self.no_dialog();
        }
        picked
    }

    pub(super) fn pick_report_file(&mut self) -> Option<PathBuf> {
        if !self.options.native_dialogs {
            self.no_dialog();
            return None;
        }
        let picked = rfd::FileDialog::new()
            .add_filter("Markdown", &["md"])
            .set_file_name("after-action-report.md")
            .save_file();
        if picked.is_none() {
            self.no_dialog();
        }
        picked
    }
}

/// The warnings of a scenario file, after the words that it started: the first few, then how
/// many more there are.
pub(super) fn warning_words(warnings: &[ambush_core::scenario::check::Problem]) -> String {
    if warnings.is_empty() {
        return String::new();
    }
    let head = format!(
        "The scenario file has {} (harmless, likely not meant):",
        ambush_core::text::plural(warnings.len(), "warning", "warnings")
    );
    bullets(head, warnings, 5, |more| {
        format!("… and {more} more: `ambush-alley validate` lists them with their places.")
    })
}

/// A scenario's problems for the message bar: the first few, one a line, then how many more
/// there are and where all of them are listed.
fn problem_words(path: &str, problems: &[ambush_core::scenario::check::Problem]) -> String {
    let head = format!("{path} is not a scenario this app can start:");
    bullets(head, problems, 12, |more| {
        format!(
            "… and {more} more lines: `ambush-alley validate {path}` lists them with their places."
        )
    })
}

/// `head`, then the first `shown` items one a line, then what `more` says of the rest.
fn bullets(
    head: String,
    items: &[ambush_core::scenario::check::Problem],
    shown: usize,
    more: impl Fn(usize) -> String,
) -> String {
    let mut words = head;
    for item in items.iter().take(shown) {
        // A warning listed among a refused file's problems says so.
        let warning = if item.warning { "warning: " } else { "" };
        words.push_str(&format!("\n• {warning}{item}"));
    }
    if items.len() > shown {
        words.push('\n');
        words.push_str(&more(items.len() - shown));
    }
    words
}

/// Why a report must not be written at `path`: a saved game's name, or a folder.
fn not_for_a_report(path: &Path) -> Option<String> {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if matches!(extension.as_deref(), Some("jsonl" | "json")) {
        return Some(format!(
            "{} is the name of a saved game or a scenario; the after-action report is Markdown: give it a name ending in .md",
            path.display()
        ));
    }
    if path.is_dir() {
        return Some(format!(
            "{} is a folder; give the report a file name ending in .md",
            path.display()
        ));
    }
    None
}
