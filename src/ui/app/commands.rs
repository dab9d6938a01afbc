//! Applying what the panels asked for, once per frame, after they were drawn.

use std::path::Path;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Settings};
use ambush_core::session::Session;
use ambush_core::view::Sight;

use super::dice_entry::DicePrompt;
use crate::ui::Tab;
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::Message;

use super::{AssistantApp, Desk, Played};

/// The dice the app rolls with: the game's own when they stay after undo, or the app's
/// generator, taken out for the roll and put back after.
enum AppDice {
    Staying(DiceSource),
    Own(DiceSource),
}

impl AppDice {
    fn source(&mut self) -> &mut DiceSource {
        match self {
            AppDice::Staying(d) | AppDice::Own(d) => d,
        }
    }
}

impl AssistantApp {
    pub(super) fn apply(&mut self, command: UiCommand) {
        match command {
            UiCommand::Play(Command::EndGame) if self.asks_before_the_end() => {
                // What only the referee can judge is asked first: a place held, an award.
                self.confirm = Some(super::Confirm::EndGame);
            }
            UiCommand::Play(mut command) => {
                // Dice that stay need the game's seed: drawn once, the first time, by the app's
                // own generator (seeded in tests and by AMBUSH_ALLEY_SEED).
                if let Command::ChangeSettings { settings } = &mut command
                    && settings.dice_stay
                    && settings.dice_seed.is_none()
                {
                    settings.dice_seed = Some(self.draw_seed());
                }
                self.solo_paused = false;
                self.series.clear();
                self.play(command);
            }
            UiCommand::PlaySeries(mut commands) => {
                self.solo_paused = false;
                if commands.is_empty() {
                    return;
                }
                let first = commands.remove(0);
                self.series = commands;
                self.play(first);
            }
            UiCommand::SoloPlay(command) => {
                if self.play(command) == Played::Refused {
                    // A refusal stops the opponent until the player sorts it out.
                    self.plan.clear();
                    self.solo_paused = true;
                }
            }
            UiCommand::Plan(steps) => {
                // The player asked the opponent for a new plan: it may move again.
                if !steps.is_empty() {
                    self.solo_paused = false;
                }
                self.plan.extend(steps);
            }
            UiCommand::Solo(act) => self.solo_act(act),
            UiCommand::PlayTyped(command, faces) => {
                let mut source = DiceSource::typed(faces);
                self.play_with(command, &mut source);
            }
            UiCommand::Undo | UiCommand::Redo => {
                // The solo opponent waits: otherwise it would at once replay the step an undo
                // just took back (with the same dice, when they stay; with new ones, when not).
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
                let mut settings = Settings {
                    scale: scenario.scenario.scale,
                    ..Settings::default()
                };
                if let Some(start) = solo {
                    // A solo game's dice stay after undo: asking the opponent again gives the
                    // same roll.
                    settings = Settings {
                        solo: true,
                        difficulty: start.difficulty,
                        doctrine_hidden: start.reasoning_hidden,
                        dice_stay: true,
                        dice_seed: Some(self.draw_seed()),
                        ..settings
                    };
                }
                let warnings = super::files::warning_words(&scenario.warnings);
                let session = Session::start(*scenario, settings, autosave.as_deref());
                self.message = session.kept_earlier().map(|kept| {
                    Message::info(format!(
                        "The game autosaved before is kept as {}.",
                        kept.display()
                    ))
                });
                if !warnings.is_empty() {
                    let before = self.message.take().map(|m| format!("{}\n", m.text));
                    self.message = Some(Message::info(format!(
                        "{}{warnings}",
                        before.unwrap_or_default()
                    )));
                }
                self.session = Some(session);
                self.fresh_desk();
            }
            UiCommand::ResumeAutosave => {
                let Some(path) = self.autosave_path() else {
                    return;
                };
                if let Some(loaded) = self.offer.take().and_then(|o| o.loaded) {
                    let whole = loaded.is_whole();
                    self.session = Some(Session::resume(*loaded, &path, Some(&path)));
                    self.fresh_desk();
                    self.message = Some(Message::info(if whole {
                        "Resumed the autosaved game.".to_owned()
                    } else {
                        format!(
                            "Resumed the autosaved game as far as it could be read; the file as it was is kept as {}.",
                            self.session
                                .as_ref()
                                .and_then(Session::kept_earlier)
                                .map_or("an earlier game".to_owned(), |p| p.display().to_string())
                        )
                    }));
                }
            }
            UiCommand::OpenDialog => {
                if let Some(path) = self.pick_file(false) {
                    self.open_path(&path);
                }
            }
            UiCommand::OpenPath(path) => self.open_path(&path),
            UiCommand::OpenSoloDialog => {
                if let Some(path) = self.pick_file(false) {
                    self.open_path_as(&path, Some(self.prefs.solo));
                }
            }
            // A solo game starts with the opponent's settings chosen on the start screen.
            UiCommand::OpenSoloPath(path) => self.open_path_as(&path, Some(self.prefs.solo)),
            UiCommand::Save => {
                let target = self
                    .session
                    .as_ref()
                    .and_then(|s| s.save_path().map(Path::to_owned));
                match target {
                    Some(path) => self.save_to(&path, false),
                    None => self.queue.push(UiCommand::SaveAsDialog),
                }
            }
            UiCommand::SaveAsDialog => {
                // The file dialog asks before it names an existing file.
                if let Some(path) = self.pick_file(true) {
                    self.save_to(&path, true);
                }
            }
            UiCommand::SaveAsPath(path) => self.save_to(&path, false),
            UiCommand::ExportDialog => {
                if let Some(path) = self.pick_report_file() {
                    self.export_to(&path, true);
                }
            }
            UiCommand::ExportPath(path) => self.export_to(&path, false),
            UiCommand::LookReadOnly => self.look_read_only(),
            UiCommand::UseDataFolder(path) => self.use_folder(&path),
            UiCommand::Answer(yes) => self.answer(yes),
            UiCommand::WriteAgain => self.write_again(),
            UiCommand::CloseGame => {
                if !self.may_leave_game() {
                    return;
                }
                self.session = None;
                self.close_table();
                self.message = None;
                // The game is closed: its links are forgotten.
                self.table_for_another_game();
                self.refresh_start();
            }
            // While the table is open, the table's choice; the referee's own comes back after.
            UiCommand::SetPhysicalDice(on) if self.phones.table.is_some() => self.phones.dice = on,
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
            UiCommand::FoldLog(folded) => self.prefs.log_folded = folded,
            UiCommand::Phones(Some(address)) => self.open_table(address, false),
            UiCommand::Phones(None) => self.close_table(),
            UiCommand::FoldTable(folded) => self.prefs.table_folded = folded,
            UiCommand::ChooseHost(ip) => {
                self.prefs.table_host = Some(ip);
                if let Some(table) = &mut self.phones.table {
                    table.choose_host(ip);
                }
            }
        }
    }

    pub(super) fn play(&mut self, command: Command) -> Played {
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
        let app = self.rolled_by_app(&command, &request);
        let typed = request
            .groups
            .iter()
            .zip(&app)
            .any(|(g, app)| g.count > 0 && !app);
        // Physical dice are asked for what is not the app's own to roll (the solo opponent's
        // dice while the table is open); a roll that is all the app's is rolled at once.
        if self.physical_dice() && typed {
            let words = self
                .game()
                .map(|game| Sight::desk(game).roll_words(&command, &request))
                .unwrap_or_default();
            let mut prompt = DicePrompt::new(command, request, words);
            if app.iter().any(|a| *a) {
                let faces = match self.roll_for_app(&prompt.command, &prompt.request) {
                    Ok(faces) => faces,
                    Err(e) => {
                        self.message = Some(Message::error(e));
                        return Played::Refused;
                    }
                };
                prompt = prompt.with_app_dice(app, faces);
            }
            self.prompts += 1;
            prompt.number = self.prompts;
            self.prompt = Some(prompt);
            return Played::AwaitingDice;
        }
        let mut dice = self.app_dice(&command);
        let played = self.play_with(command, dice.source());
        if let AppDice::Own(own) = dice {
            self.dice = own;
        }
        played
    }

    /// The app's dice for a command: the game's when they stay after undo (fixed by its
    /// place), else the app's own generator (handed back after).
    fn app_dice(&mut self, command: &Command) -> AppDice {
        match self.game().and_then(|g| g.staying_dice(command)) {
            Some(placed) => AppDice::Staying(placed),
            None => AppDice::Own(std::mem::replace(
                &mut self.dice,
                DiceSource::typed(Vec::new()),
            )),
        }
    }

    /// The faces the app rolls for a command's groups, all of them, by the same dice it would
    /// roll the whole command with.
    fn roll_for_app(
        &mut self,
        command: &Command,
        request: &ambush_core::dice::DiceRequest,
    ) -> Result<Vec<Vec<ambush_core::dice::Face>>, String> {
        let mut dice = self.app_dice(command);
        let rolled = dice.source().roll(request).map_err(|e| e.to_string());
        if let AppDice::Own(own) = dice {
            self.dice = own;
        }
        Ok(rolled?.into_iter().map(|r| r.faces).collect())
    }

    /// A fresh seed for a game's dice that stay after undo, from the app's generator (seeded
    /// in tests, so their games roll alike).
    pub(super) fn draw_seed(&mut self) -> u64 {
        match &mut self.dice {
            DiceSource::Generator(generator) => generator.draw_seed(),
            DiceSource::Typed(_) => ambush_core::dice::Generator::from_entropy().draw_seed(),
        }
    }

    pub(super) fn play_with(&mut self, command: Command, dice: &mut DiceSource) -> Played {
        let Some(session) = &mut self.session else {
            return Played::Refused;
        };
        match session.play(command, dice) {
            Ok(_) => {
                self.message = None;
                self.continue_series();
                Played::Applied
            }
            Err(e) => {
                self.series.clear();
                self.message = Some(Message::error(e.to_string()));
                Played::Refused
            }
        }
    }

    /// The next command of a series, if the gate still allows it (a failed Interrupt check ends
    /// the series quietly: its outcome already says why).
    fn continue_series(&mut self) {
        if self.series.is_empty() {
            self.settle_what_decides_nothing();
            return;
        }
        let rest = std::mem::take(&mut self.series);
        if self.game().is_some_and(|g| g.check(&rest[0]).is_ok()) {
            self.queue.push(UiCommand::PlaySeries(rest));
        }
    }

    /// After a step played, the next step due, when it decides nothing (a roll with nothing
    /// to choose, casualties among figures all alike), is given at once: its dice asked for in
    /// the prompt that follows, or rolled by the app, its event in the log as any other. Never
    /// after an undo or a redo, which would give back at once what was taken back. The solo
    /// opponent gives its own.
    fn settle_what_decides_nothing(&mut self) {
        let Some(game) = self.game() else {
            return;
        };
        let state = game.state();
        let Some(step) = state.due_steps(game.scenario()).into_iter().next() else {
            return;
        };
        let solo_gives_it =
            state.settings().solo && step.answers == ambush_core::game::Seat::Insurgent;
        if !step.decides_nothing || solo_gives_it {
            return;
        }
        if let Some(item) = step.choices.into_iter().next() {
            self.queue.push(UiCommand::Play(item.command));
        }
    }

    /// A fresh desk for another game: forms, the solo opponent's plan, its pause.
    pub(super) fn fresh_desk(&mut self) {
        self.desk = Desk::default();
        // Another game: the links of the last one let nobody in (unless it is the same game,
        // resumed).
        self.table_for_another_game();
        self.series.clear();
        self.plan.clear();
        self.solo_paused = false;
        self.offer = None;
        self.leave_anyway = false;
        self.confirm = None;
        // A path typed for one game is never offered for another.
        self.path_input = self
            .session
            .as_ref()
            .and_then(Session::save_path)
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        self.show_path = false;
    }

    /// Whether the game on the desk may be put away. A game the disk refused to take would be
    /// lost: the first attempt is refused with an explanation, a second one goes ahead.
    pub(super) fn may_leave_game(&mut self) -> bool {
        let Some(session) = &mut self.session else {
            return true;
        };
        session.settle();
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
}
