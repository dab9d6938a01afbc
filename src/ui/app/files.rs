//! Files: the autosave found at start, opening, saving, exporting, and the file dialogs.

use std::path::{Path, PathBuf};

use crate::journal::{self};
use crate::report;
use crate::session::{self, Opened, Session};

use crate::ui::command::UiCommand;
use crate::ui::style::Message;

use super::{AssistantApp, ResumeOffer};

impl AssistantApp {
    pub(super) fn autosave_path(&self) -> Option<PathBuf> {
        self.options
            .data_dir
            .as_ref()
            .map(|d| d.join(session::AUTOSAVE_FILE))
    }

    pub(super) fn find_autosave(&self) -> Option<ResumeOffer> {
        let path = self.autosave_path()?;
        if !path.exists() {
            return None;
        }
        Some(match journal::load_path(&path) {
            Ok(loaded) => {
                let state = loaded.game.state();
                let mut summary = format!(
                    "{} — {} ({})",
                    loaded.scenario.scenario.name,
                    state.headline(),
                    crate::text::plural(loaded.game.events_in_effect(), "event", "events")
                );
                if let Some(torn) = &loaded.dropped {
                    summary.push_str(&format!(
                        "; an unfinished last line ({} bytes) from an interrupted save will be left out",
                        torn.bytes
                    ));
                }
                if let Some(refused) = &loaded.refused {
                    summary.push_str(&format!("; {}", refused.words()));
                }
                ResumeOffer {
                    summary,
                    loaded: Some(Box::new(loaded)),
                    problem: None,
                }
            }
            Err(e) => ResumeOffer {
                summary: String::new(),
                loaded: None,
                problem: Some(format!(
                    "The autosaved game at {} cannot be read: {e}. It is left untouched; starting a new game moves it aside as {}-….jsonl in the same folder.",
                    path.display(),
                    session::PREVIOUS_PREFIX
                )),
            },
        })
    }

    pub(super) fn open_path(&mut self, path: &Path) {
        self.prefs.last_path = path.display().to_string();
        match session::open(path) {
            Ok(Opened::Scenario(scenario)) => {
                // A scenario file starts a game for two; solo play is one switch away.
                self.queue.push(UiCommand::NewGame(scenario, false));
                self.message = Some(Message::info(format!("Started {}.", path.display())));
            }
            Ok(Opened::Journal(loaded)) => {
                let mut notice = loaded.dropped.as_ref().map(|t| {
                    format!(
                        " Its last line ({}) was unfinished — a save cut short — and was left out.",
                        t.line
                    )
                });
                if let Some(refused) = &loaded.refused {
                    let words = format!(" Its {}", refused.words());
                    notice = Some(notice.unwrap_or_default() + &words);
                }
                if !self.may_leave_game() {
                    return;
                }
                let autosave = self.autosave_path();
                self.session = Some(Session::resume(*loaded, path, autosave.as_deref()));
                self.fresh_desk();
                self.message = Some(Message::info(format!(
                    "Opened the saved game {}.{}",
                    path.display(),
                    notice.unwrap_or_default()
                )));
                self.report_save_error();
            }
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    pub(super) fn save_to(&mut self, path: &Path) {
        let Some(session) = &mut self.session else {
            return;
        };
        self.prefs.last_path = path.display().to_string();
        match session.save_as(path) {
            Ok(()) => self.message = Some(Message::info(format!("Saved to {}.", path.display()))),
            Err(e) => {
                self.message = Some(Message::error(format!(
                    "Could not save to {}: {e}. The game is still in the autosave; try another place.",
                    path.display()
                )));
            }
        }
    }

    pub(super) fn export_to(&mut self, path: &Path) {
        let Some(game) = self.game() else {
            return;
        };
        let text = report::markdown(game);
        self.message = Some(match std::fs::write(path, text) {
            Ok(()) => Message::info(format!(
                "After-action report written to {}.",
                path.display()
            )),
            Err(e) => Message::error(format!("Could not write {}: {e}", path.display())),
        });
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
