//! The app: its state, the layout of the window, and the application of commands.

use std::path::{Path, PathBuf};

use egui::{Key, KeyboardShortcut, Modifiers};
use serde::{Deserialize, Serialize};

use crate::dice::DiceSource;
use crate::game::{Command, Game, Settings};
use crate::journal::{self, LoadedJournal};
use crate::report;
use crate::scenario::builtin;
use crate::session::{self, Opened, Session};
use crate::unit::Side;

use super::checks::TestsForm;
use super::command::UiCommand;
use super::dice_entry::{self, DicePrompt, PromptAnswer};
use super::edit::EditForm;
use super::fire::FireForm;
use super::style::{self, Message};
use super::turn::TurnForm;
use super::{StartOptions, Tab};

/// Preferences kept between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Zoom: 1.0 is egui's normal size; the default is larger, to read at arm's length.
    pub ui_scale: f32,
    /// Dark theme.
    pub dark: bool,
    /// Ask for the faces of physical dice instead of rolling.
    pub physical_dice: bool,
    /// The last path typed or chosen.
    pub last_path: String,
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            ui_scale: 1.25,
            dark: true,
            physical_dice: false,
            last_path: String::new(),
        }
    }
}

const PREFS_KEY: &str = "ambush-alley-prefs";

/// The autosaved game found at start.
pub(super) struct ResumeOffer {
    pub summary: String,
    pub loaded: Option<Box<LoadedJournal>>,
    pub problem: Option<String>,
}

/// The forms of the desk.
#[derive(Default)]
pub(super) struct Desk {
    pub tab: Tab,
    pub turn: TurnForm,
    pub fire: FireForm,
    pub tests: TestsForm,
    pub edit: EditForm,
    pub solo: super::solo::SoloForm,
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
    session: Option<Session>,
    dice: DiceSource,
    prefs: Prefs,
    applied_prefs: Option<(u32, bool)>,
    offer: Option<ResumeOffer>,
    desk: Desk,
    message: Option<Message>,
    prompt: Option<DicePrompt>,
    queue: Vec<UiCommand>,
    path_input: String,
    show_path: bool,
    /// What the solo opponent will do next, step by step.
    plan: Vec<crate::solo::plan::Step>,
    /// The solo opponent waits after a refusal or a cancelled roll, until the player acts.
    solo_paused: bool,
    /// The player was told this game is not safely on disk and may now leave it anyway.
    leave_anyway: bool,
    builtins: Vec<Result<Box<crate::scenario::check::LoadedScenario>, String>>,
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
        let mut app = Self {
            path_input: prefs.last_path.clone(),
            show_path: false,
            plan: Vec::new(),
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
            queue: Vec::new(),
            builtins: builtin_scenarios(),
        };
        app.offer = app.find_autosave();
        if let Some(path) = app.options.open.clone() {
            app.open_path(&path);
        } else if app.offer.is_none()
            && let Some(Ok(first)) = app.builtins.first().cloned()
        {
            // Given nothing else (no file, no game to resume), the app opens on the booklet's
            // scenario, ready to play.
            let name = first.scenario.name.clone();
            app.apply(UiCommand::NewGame(first, false));
            app.message = Some(Message::info(format!(
                "New game of {name} For another scenario: Game > Close game. To let the app command the Insurgents: the Solo tab."
            )));
        }
        app
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

    fn autosave_path(&self) -> Option<PathBuf> {
        self.options
            .data_dir
            .as_ref()
            .map(|d| d.join(session::AUTOSAVE_FILE))
    }

    fn find_autosave(&self) -> Option<ResumeOffer> {
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

    fn apply_prefs(&mut self, ctx: &egui::Context) {
        let key = (self.prefs.ui_scale.to_bits(), self.prefs.dark);
        if self.applied_prefs == Some(key) {
            return;
        }
        ctx.set_zoom_factor(self.prefs.ui_scale.clamp(0.75, 2.5));
        ctx.set_theme(if self.prefs.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        ctx.global_style_mut(|style| {
            style.spacing.button_padding = egui::vec2(8.0, 4.0);
            style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        });
        self.applied_prefs = Some(key);
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        // Ctrl+Z in a text field undoes the typing, not a game event.
        if self.prompt.is_some() || ctx.egui_wants_keyboard_input() {
            return;
        }
        let shortcut = |key| KeyboardShortcut::new(Modifiers::COMMAND, key);
        ctx.input_mut(|i| {
            if i.consume_shortcut(&shortcut(Key::Z)) {
                self.queue.push(UiCommand::Undo);
            }
            if i.consume_shortcut(&shortcut(Key::Y)) {
                self.queue.push(UiCommand::Redo);
            }
            if i.consume_shortcut(&shortcut(Key::S)) {
                self.queue.push(UiCommand::Save);
            }
            if i.consume_shortcut(&shortcut(Key::O)) {
                self.queue.push(UiCommand::OpenDialog);
            }
        });
    }

    // --- Applying commands ---

    fn apply(&mut self, command: UiCommand) {
        match command {
            UiCommand::Play(command) => {
                self.solo_paused = false;
                // In a solo game the Insurgents answer an activation, and give their orders,
                // on the Solo tab.
                let solo_turn = matches!(
                    command,
                    Command::Activate { .. } | Command::StartInsurgentPhase
                );
                self.play(command);
                if solo_turn
                    && self.game().is_some_and(|g| g.state().settings.solo)
                    && self.message.is_none()
                {
                    self.desk.tab = Tab::Solo;
                }
            }
            UiCommand::SoloPlay(command) => {
                if self.play(command) == Played::Refused {
                    // A refusal stops the opponent until the player sorts it out.
                    self.plan.clear();
                    self.solo_paused = true;
                }
            }
            UiCommand::PlayTyped(command, faces) => {
                let mut source = DiceSource::typed(faces);
                self.play_with(command, &mut source);
            }
            UiCommand::Undo | UiCommand::Redo => {
                // The solo opponent waits: otherwise it would at once replay, with new dice,
                // the step an undo just took back.
                self.plan.clear();
                self.solo_paused = true;
                if let Some(s) = &mut self.session {
                    let result = if matches!(command, UiCommand::Undo) {
                        s.undo()
                    } else {
                        s.redo()
                    };
                    match result {
                        Ok(()) => self.message = None,
                        Err(e) => self.message = Some(Message::info(e.to_string())),
                    }
                }
            }
            UiCommand::NewGame(scenario, solo) => {
                if !self.may_leave_game() {
                    return;
                }
                let autosave = self.autosave_path();
                let settings = Settings {
                    scale: scenario.scenario.scale,
                    solo,
                    ..Settings::default()
                };
                self.session = Some(Session::start(*scenario, settings, autosave.as_deref()));
                self.fresh_desk();
                self.report_save_error();
            }
            UiCommand::ResumeAutosave => {
                let Some(path) = self.autosave_path() else {
                    return;
                };
                if let Some(loaded) = self.offer.take().and_then(|o| o.loaded) {
                    self.session = Some(Session::resume(*loaded, &path, Some(&path)));
                    self.fresh_desk();
                    self.message = Some(Message::info("Resumed the autosaved game."));
                    self.report_save_error();
                }
            }
            UiCommand::OpenDialog => {
                if let Some(path) = self.pick_file(false) {
                    self.open_path(&path);
                }
            }
            UiCommand::OpenPath(path) => self.open_path(&path),
            UiCommand::Save => {
                let target = self
                    .session
                    .as_ref()
                    .and_then(|s| s.save_path().map(Path::to_owned));
                match target {
                    Some(path) => self.save_to(&path),
                    None => self.queue.push(UiCommand::SaveAsDialog),
                }
            }
            UiCommand::SaveAsDialog => {
                if let Some(path) = self.pick_file(true) {
                    self.save_to(&path);
                }
            }
            UiCommand::SaveAsPath(path) => self.save_to(&path),
            UiCommand::ExportDialog => {
                if let Some(path) = self.pick_report_file() {
                    self.export_to(&path);
                }
            }
            UiCommand::ExportPath(path) => self.export_to(&path),
            UiCommand::CloseGame => {
                if !self.may_leave_game() {
                    return;
                }
                self.session = None;
                self.offer = self.find_autosave();
                self.message = None;
            }
            UiCommand::SetPhysicalDice(on) => self.prefs.physical_dice = on,
            UiCommand::ShowTab(tab) => self.desk.tab = tab,
            UiCommand::FireFrom(unit) => {
                self.desk.fire.attacker = Some(unit);
                self.desk.tab = Tab::Fire;
            }
            UiCommand::FireAt(unit) => {
                self.desk.fire.target = Some(unit);
                self.desk.tab = Tab::Fire;
            }
            UiCommand::MoraleFor(unit) => {
                self.desk.tests.morale_unit = Some(unit);
                self.desk.tab = Tab::Tests;
            }
            UiCommand::EditUnit(unit) => {
                self.desk.edit.unit = Some(unit);
                self.desk.tab = Tab::Edit;
            }
            UiCommand::DismissMessage => self.message = None,
        }
    }

    fn play(&mut self, command: Command) -> Played {
        let Some(session) = &self.session else {
            return Played::Refused;
        };
        // The gate first: a refused command asks for no dice.
        let request = match session.game().check(&command) {
            Ok(request) => request,
            Err(e) => {
                self.message = Some(Message::error(e.to_string()));
                return Played::Refused;
            }
        };
        if self.prefs.physical_dice && !request.is_empty() {
            self.prompt = Some(DicePrompt::new(command, request));
            return Played::AwaitingDice;
        }
        let mut dice = std::mem::replace(&mut self.dice, DiceSource::typed(Vec::new()));
        let played = self.play_with(command, &mut dice);
        self.dice = dice;
        played
    }

    fn play_with(&mut self, command: Command, dice: &mut DiceSource) -> Played {
        let Some(session) = &mut self.session else {
            return Played::Refused;
        };
        match session.play(command, dice) {
            Ok(_) => {
                self.message = None;
                self.report_save_error();
                Played::Applied
            }
            Err(e) => {
                self.message = Some(Message::error(e.to_string()));
                Played::Refused
            }
        }
    }

    /// A fresh desk for another game: forms, the solo opponent's plan, its pause.
    fn fresh_desk(&mut self) {
        self.desk = Desk::default();
        self.plan.clear();
        self.solo_paused = false;
        self.offer = None;
        self.leave_anyway = false;
    }

    /// Whether the game on the desk may be put away. A game the disk refused to take would be
    /// lost: the first attempt is refused with an explanation, a second one goes ahead.
    fn may_leave_game(&mut self) -> bool {
        let Some(session) = &mut self.session else {
            return true;
        };
        session.persist();
        let Some(error) = session.save_error().map(str::to_owned) else {
            return true;
        };
        if self.leave_anyway {
            return true;
        }
        self.leave_anyway = true;
        self.message = Some(Message::error(format!(
            "This game is not safely on disk ({error}). Save it somewhere else first (Game > Save as, or Type a path); do the same again to leave it anyway and lose it."
        )));
        false
    }

    fn report_save_error(&mut self) {
        if let Some(error) = self.session.as_ref().and_then(Session::save_error) {
            self.message = Some(Message::error(format!("Autosave: {error}")));
        }
    }

    fn open_path(&mut self, path: &Path) {
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

    fn save_to(&mut self, path: &Path) {
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

    fn export_to(&mut self, path: &Path) {
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

    fn no_dialog(&mut self) {
        self.show_path = true;
        self.message = Some(Message::info(
            "No file dialog is available here (no desktop portal answered, or it was cancelled). Type the path in the Path box and press the button beside it.",
        ));
    }

    fn pick_file(&mut self, save: bool) -> Option<PathBuf> {
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

    fn pick_report_file(&mut self) -> Option<PathBuf> {
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

    /// Queues the solo opponent's next move, if it has one and nothing else is waiting.
    fn solo_next(&mut self) {
        if self.prompt.is_some() || !self.queue.is_empty() || self.solo_paused {
            return;
        }
        let Some(game) = self.session.as_ref().map(Session::game) else {
            return;
        };
        while !self.plan.is_empty() {
            let step = self.plan.remove(0);
            if let Some(command) = crate::solo::plan::command(game, &step) {
                self.queue.push(UiCommand::SoloPlay(command));
                return;
            }
        }
        if let Some(step) = crate::solo::plan::automatic_step(game)
            && let Some(command) = crate::solo::plan::command(game, &step)
        {
            self.queue.push(UiCommand::SoloPlay(command));
        }
    }

    // --- Drawing ---

    fn game_ui(&mut self, ui: &mut egui::Ui) {
        let Self {
            session,
            desk,
            queue,
            prefs,
            message,
            path_input,
            show_path,
            plan,
            solo_paused,
            ..
        } = self;
        let Some(session) = session.as_ref() else {
            return;
        };
        let game = session.game();
        let dark = ui.visuals().dark_mode;
        let planned = plan.len();
        egui::Panel::top("top_bar").show(ui, |ui| {
            super::top_bar::top_bar_ui(ui, session, prefs, path_input, show_path, queue);
        });
        egui::Panel::bottom("log")
            .resizable(true)
            .default_size(120.0)
            .min_size(70.0)
            .show(ui, |ui| super::log::log_ui(ui, game, queue));
        egui::Panel::left("regulars")
            .resizable(true)
            .default_size(265.0)
            .min_size(200.0)
            .show(ui, |ui| {
                super::units::side_ui(ui, game, Side::Regular, dark, queue);
            });
        egui::Panel::right("insurgents")
            .resizable(true)
            .default_size(265.0)
            .min_size(200.0)
            .show(ui, |ui| {
                super::units::hot_spots_ui(ui, game);
                ui.separator();
                super::units::side_ui(ui, game, Side::Insurgent, dark, queue);
            });
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(m) = message.as_ref()
                && style::message_ui(ui, m)
            {
                queue.push(UiCommand::DismissMessage);
            }
            ui.horizontal_wrapped(|ui| {
                for tab in Tab::ALL {
                    if ui
                        .selectable_label(
                            desk.tab == tab,
                            egui::RichText::new(tab.label()).size(style::HEADING - 2.0),
                        )
                        .clicked()
                    {
                        desk.tab = tab;
                    }
                }
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt(("desk", desk.tab))
                .auto_shrink([false, false])
                .show(ui, |ui| match desk.tab {
                    Tab::Turn => super::turn::turn_ui(ui, game, &mut desk.turn, queue),
                    Tab::Fire => {
                        super::fire::fire_ui(ui, game, &mut desk.fire, &mut desk.turn, queue)
                    }
                    Tab::Tests => super::checks::tests_ui(ui, game, &mut desk.tests, queue),
                    Tab::Solo => {
                        super::solo::solo_ui(ui, game, &mut desk.solo, &mut desk.turn, queue, plan)
                    }
                    Tab::Edit => super::edit::edit_ui(ui, game, &mut desk.edit, queue),
                    Tab::Scenario => super::scenario_info::scenario_ui(ui, game),
                });
        });
        // The player asked the opponent for a new plan: it may move again.
        if plan.len() > planned {
            *solo_paused = false;
        }
    }
}

impl eframe::App for AssistantApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.apply_prefs(&ctx);
        if ctx.input(|i| i.viewport().close_requested()) && !self.may_leave_game() {
            // The message bar now says why; a second close goes through.
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        self.shortcuts(&ctx);
        if self.session.is_some() {
            self.game_ui(ui);
        } else {
            let Self {
                offer,
                message,
                path_input,
                queue,
                builtins,
                ..
            } = self;
            egui::CentralPanel::default().show(ui, |ui| {
                super::start::start_ui(
                    ui,
                    offer.as_ref(),
                    message.as_ref(),
                    builtins,
                    path_input,
                    queue,
                );
            });
        }
        if let Some(prompt) = &mut self.prompt {
            match dice_entry::dice_prompt_ui(&ctx, prompt) {
                Some(PromptAnswer::Faces(faces)) => {
                    if let Some(prompt) = self.prompt.take() {
                        self.queue.push(UiCommand::PlayTyped(prompt.command, faces));
                    }
                }
                Some(PromptAnswer::Cancel) => {
                    self.prompt = None;
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
pub(super) fn builtin_scenarios() -> Vec<Result<Box<crate::scenario::check::LoadedScenario>, String>>
{
    builtin::ALL
        .iter()
        .map(|(_, name, text)| {
            crate::scenario::check::load_bytes(text.as_bytes())
                .map(Box::new)
                .map_err(|e| format!("{name}: {e}"))
        })
        .collect()
}
