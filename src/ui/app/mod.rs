//! The app: its state and its frame loop. Applying commands, files and the layout of the window
//! are each in a file of their own; so is what the app draws around the desk and over it: the
//! start screen, the top bar, the dice prompt, the questions before what cannot be taken back,
//! and the preferences kept between runs.

mod commands;
mod confirm;
mod dice_entry;
mod end_game;
mod files;
mod folder;
mod guard;
mod layout;
mod phones;
pub mod phones_qr;
mod prefs;
mod save_state;
mod shortcuts;
mod solo_moves;
mod start;
pub mod table_keys;
mod table_panel;
mod top_bar;

use std::path::PathBuf;

use ambush_core::dice::DiceSource;
use ambush_core::game::Game;
use ambush_core::journal::LoadedJournal;
use ambush_core::scenario::builtin;
use ambush_core::session::Session;

use super::command::UiCommand;
use super::tabs::edit::EditForm;
use super::tabs::fire::FireForm;
use super::tabs::tests_tab::TestsForm;
use super::{StartOptions, Tab};
use crate::ui::widgets::style::Message;
use dice_entry::{DicePrompt, PromptAnswer};

use prefs::PREFS_KEY;
pub use prefs::Prefs;

/// The autosaved game found at start.
pub(super) struct ResumeOffer {
    pub summary: String,
    pub loaded: Option<Box<LoadedJournal>>,
    pub problem: Option<String>,
    /// Written by a newer app: what it needs, in words (it can only be looked at).
    pub newer: Option<String>,
}

pub(super) use folder::Folder;

/// A question the app waits on before it does something that cannot be taken back.
pub(crate) enum Confirm {
    /// A file is already at the path the game or the report would be written to.
    Replace {
        /// Where the game or the report is to be written.
        path: PathBuf,
        /// Writing the report (else the game).
        report: bool,
        /// The files already there that the writing replaces: `path` itself, the report's
        /// charts beside it, or both.
        existing: Vec<PathBuf>,
    },
    /// Only part of a saved game can be opened (a damaged line, an entry the rules refuse).
    OpenPart {
        /// The game as far as it can be opened.
        loaded: Box<LoadedJournal>,
        /// The file.
        path: PathBuf,
    },
    /// The game is to end, and the scenario has items only the referee can judge (a place
    /// held, an item the referee awards): asked about first.
    EndGame,
}

/// The forms of the desk.
#[derive(Default)]
pub(super) struct Desk {
    pub tab: Tab,
    pub now: super::now::NowForm,
    pub log: super::panels::log::LogForm,
    pub fire: FireForm,
    pub tests: TestsForm,
    pub edit: EditForm,
    pub solo: super::solo::SoloForm,
    pub stats: super::tabs::stats::StatsForm,
    /// The page shown of each long text and list of the Scenario tab.
    pub pages: super::widgets::paged::Pages,
    /// The step of the turn the Now view last showed: a new one opens at its top.
    pub step_shown: Option<String>,
    /// The height of the log at which the Now view, as last drawn, just fits without
    /// scrolling: a log at its default height gives the Now view that room.
    pub log_fit: Option<f32>,
}

/// What became of a command the app tried to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Played {
    /// The command is in the journal.
    Applied,
    /// The command waits for faces typed from physical dice.
    AwaitingDice,
    /// The engine (or the disk) refused it; the reason is in the message bar.
    Refused,
}

/// The Ambush Alley Assistant app.
pub struct AssistantApp {
    options: StartOptions,
    /// The data folder, held while the app runs, or why it cannot be.
    folder: Folder,
    /// The question waiting for an answer, if any.
    confirm: Option<Confirm>,
    /// Earlier games kept in the data folder, as last looked up.
    previous: Vec<ambush_core::session::PreviousGame>,
    /// The data folder typed on the start screen.
    folder_input: String,
    session: Option<Session>,
    dice: DiceSource,
    prefs: Prefs,
    applied_prefs: Option<(u32, bool)>,
    offer: Option<ResumeOffer>,
    desk: Desk,
    message: Option<Message>,
    prompt: Option<DicePrompt>,
    /// Keys typed after the Enter that applied a prompt, in the same frame: the next prompt's
    /// first keys, if a series asks one at once; dropped otherwise.
    typed_ahead: Vec<egui::Event>,
    queue: Vec<UiCommand>,
    path_input: String,
    show_path: bool,
    /// The commands still to play of a series the referee started with one click.
    series: Vec<ambush_core::game::Command>,
    /// What the solo opponent will do next, step by step.
    plan: Vec<ambush_core::solo::plan::Step>,
    /// The solo opponent waits after a refusal or a cancelled roll, until the player acts.
    solo_paused: bool,
    /// The player was told this game is not safely on disk and may now leave it anyway.
    leave_anyway: bool,
    builtins: Vec<Result<Box<ambush_core::scenario::check::LoadedScenario>, String>>,
    /// The table opened to phones, and what the desk keeps of it.
    phones: phones::Phones,
    /// The address the command line asked the table to open on, until a game is on the desk.
    phones_wanted: Option<std::net::SocketAddr>,
    /// The window's context once known, so a phone's request wakes the desk.
    wake: std::sync::Arc<std::sync::OnceLock<egui::Context>>,
    /// Dice prompts opened so far: each one's number.
    prompts: u64,
    /// When the autosave was last tried again by itself, after the disk refused it.
    autosave_tried: Option<std::time::Instant>,
    /// Clicks not taken just after a click changed the desk under the pointer.
    guard: guard::ClickGuard,
}

impl AssistantApp {
    /// The app, with preferences from eframe's storage.
    pub fn new(cc: &eframe::CreationContext<'_>, options: StartOptions) -> Self {
        let prefs = cc
            .storage
            .and_then(|s| eframe::get_value::<Prefs>(s, PREFS_KEY))
            .unwrap_or_default();
        Self::with_prefs(options, prefs)
    }

    /// The app with given preferences (tests use this to start from known preferences).
    pub fn with_prefs(options: StartOptions, prefs: Prefs) -> Self {
        let dice = match options.seed {
            Some(seed) => DiceSource::seeded(seed),
            None => DiceSource::from_entropy(),
        };
        let folder = Folder::claim(options.data_dir.as_deref());
        let mut app = Self {
            folder,
            confirm: None,
            previous: Vec::new(),
            folder_input: String::new(),
            path_input: String::new(),
            show_path: false,
            plan: Vec::new(),
            series: Vec::new(),
            solo_paused: false,
            leave_anyway: false,
            options,
            session: None,
            dice,
            prefs,
            applied_prefs: None,
            offer: None,
            desk: Desk::default(),
            message: None,
            prompt: None,
            typed_ahead: Vec::new(),
            queue: Vec::new(),
            builtins: builtin_scenarios(),
            phones: phones::Phones::default(),
            phones_wanted: None,
            wake: Default::default(),
            prompts: 0,
            autosave_tried: None,
            guard: guard::ClickGuard::default(),
        };
        app.refresh_start();
        app.message = app.folder.notice().map(Message::info);
        // Given a file, the app opens it; otherwise it starts on the start screen: a game for
        // two, a solo game, a file, or an earlier game.
        if let Some(path) = app.options.open.clone() {
            app.open_path_as(&path, app.options.solo);
        }
        // The table opens to phones once the game is on the desk (a scenario file starts its
        // game after the first frame).
        app.phones_wanted = app.options.phones;
        app.phones.port = app
            .phones_wanted
            .or(app.prefs.table_address)
            .unwrap_or(phones::DEFAULT_ADDRESS)
            .port()
            .to_string();
        app
    }

    /// Looks up what the start screen offers: the autosaved game and the earlier ones.
    pub(super) fn refresh_start(&mut self) {
        self.offer = self.find_autosave();
        self.previous = self.folder.previous_games();
    }

    /// The game being played, if any.
    pub fn game(&self) -> Option<&Game> {
        self.session.as_ref().map(Session::game)
    }

    /// The current preferences.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// The message shown at the top, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    /// The autosave's work between clicks: a saved game being copied into it is put in place
    /// once made, and entries the disk refused are tried again every few seconds, so they reach
    /// it once there is room again, with no click needed.
    fn autosave_tick(&mut self, ctx: &egui::Context) {
        const AGAIN: std::time::Duration = std::time::Duration::from_secs(3);
        let Some(session) = &mut self.session else {
            return;
        };
        if session.is_copying() {
            session.persist();
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
            return;
        }
        if session.is_read_only() || session.is_gone() || session.save_error().is_none() {
            self.autosave_tried = None;
            return;
        }
        let now = std::time::Instant::now();
        match self.autosave_tried {
            Some(at) if now.duration_since(at) < AGAIN => {}
            Some(_) => {
                session.persist();
                self.autosave_tried = Some(now);
            }
            None => self.autosave_tried = Some(now),
        }
        ctx.request_repaint_after(AGAIN);
    }
}

impl eframe::App for AssistantApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let _ = self.wake.set(ctx.clone());
        self.apply_prefs(&ctx);
        self.phones_in();
        if ctx.input(|i| i.viewport().close_requested()) && !self.may_leave_game() {
            // The message bar now says why; a second close goes through.
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        self.shortcuts(&ctx);
        // Whether the last click's change still guards the place the pointer rests on.
        self.guard.holds(&ctx);
        let changes = self.changes();
        if self.session.is_some() {
            self.game_ui(ui);
            self.table_screen(&ctx);
        } else {
            let Self {
                offer,
                message,
                path_input,
                folder_input,
                queue,
                builtins,
                previous,
                folder,
                prefs,
                ..
            } = self;
            let screen = start::StartScreen {
                offer: offer.as_ref(),
                message: message.as_ref(),
                builtins,
                previous,
                folder_problem: folder.problem().map(|p| {
                    (
                        p,
                        match folder {
                            Folder::InUse(_) => start::FolderSays::InUse,
                            Folder::ReadOnly(..) => start::FolderSays::ReadOnly,
                            _ => start::FolderSays::Unusable,
                        },
                    )
                }),
            };
            egui::CentralPanel::default().show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let inputs = start::StartInputs {
                            path: path_input,
                            folder: folder_input,
                            solo: &mut prefs.solo,
                        };
                        start::start_ui(ui, &screen, inputs, queue);
                    });
            });
        }
        if let Some(confirm) = &self.confirm {
            let answer = match (confirm, &self.session) {
                (Confirm::EndGame, Some(session)) => {
                    let (pages, queue) = (&mut self.desk.pages, &mut self.queue);
                    end_game::end_game_ui(&ctx, session.game(), pages, queue)
                }
                _ => confirm::confirm_ui(&ctx, confirm),
            };
            if let Some(yes) = answer {
                self.queue.push(UiCommand::Answer(yes));
            }
        }
        if let Some(prompt) = &mut self.prompt {
            match dice_entry::dice_prompt_ui(&ctx, prompt, &mut self.typed_ahead) {
                Some(PromptAnswer::Faces(faces)) => {
                    if let Some(prompt) = self.prompt.take() {
                        self.queue.push(UiCommand::PlayTyped(prompt.command, faces));
                    }
                }
                Some(PromptAnswer::Cancel) => {
                    self.prompt = None;
                    self.series.clear();
                    // The solo opponent must not ask again at once for the roll just cancelled.
                    self.plan.clear();
                    self.solo_paused = true;
                }
                None => {}
            }
        }
        // Apply what the panels asked for; then let the solo opponent take its steps, as many
        // as need no physical dice (a prompt stops it until the faces are typed).
        for _ in 0..64 {
            for command in std::mem::take(&mut self.queue) {
                self.apply(command);
            }
            self.solo_next();
            if self.queue.is_empty() || self.prompt.is_some() {
                break;
            }
        }
        if self.prompt.is_none() {
            // No roll asked at once: what was typed ahead belongs to nothing.
            self.typed_ahead.clear();
        } else if !self.typed_ahead.is_empty() {
            // The next roll reads it at its first frame, without waiting for another key.
            ctx.request_repaint();
        }
        if self.session.is_some()
            && let Some(address) = self.phones_wanted.take()
        {
            self.open_table(address, true);
        }
        self.phones_out();
        self.autosave_tick(&ctx);
        // A click that changed the desk arms the guard for the next click at the same place:
        // until the pointer moves or the time is up, a cover over the window takes the clicks.
        // A box ticked is a change too, wherever it is (Physical dice, a setting, a figure
        // picked): the second click would untick it.
        let ticked = ctx.output(|o| {
            o.events.iter().any(|e| {
                matches!(e, egui::output::OutputEvent::Clicked(info)
                    if info.role == egui::accesskit::Role::CheckBox)
            })
        });
        if (self.changes() != changes || ticked) && ctx.input(|i| i.pointer.any_click()) {
            self.guard.arm(&ctx);
        }
        self.guard.cover_ui(&ctx);
        // Commands may queue more (Save asks where): run those next frame.
        if !self.queue.is_empty() {
            ctx.request_repaint();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.prefs);
    }

    fn auto_save_interval(&self) -> std::time::Duration {
        // Preferences are tiny: keep them fresh, so a switch survives a crash.
        std::time::Duration::from_secs(5)
    }
}

/// The built-in scenarios, checked; a broken one is skipped with its error.
pub(super) fn builtin_scenarios()
-> Vec<Result<Box<ambush_core::scenario::check::LoadedScenario>, String>> {
    builtin::ALL
        .iter()
        .map(|(_, name, text)| {
            ambush_core::scenario::check::load_bytes(text.as_bytes())
                .map(Box::new)
                .map_err(|e| format!("{name}: {e}"))
        })
        .collect()
}
