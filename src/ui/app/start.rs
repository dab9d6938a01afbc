//! The start screen: resume the autosave, start a built-in scenario, open a file or an earlier
//! game, and what to do when the data folder is in use or unusable.

use std::path::PathBuf;

use egui::{RichText, Ui};

use ambush_core::scenario::check::LoadedScenario;
use ambush_core::session::PreviousGame;

use super::ResumeOffer;
use crate::ui::command::{SoloStart, UiCommand};
use crate::ui::widgets::style::{self, Message};

/// How many earlier games the start screen lists.
const EARLIER_SHOWN: usize = 8;

/// What the start screen shows.
pub struct StartScreen<'a> {
    /// The autosaved game, if there is one.
    pub offer: Option<&'a ResumeOffer>,
    /// The message to show, if any.
    pub message: Option<&'a Message>,
    /// The built-in scenarios.
    pub builtins: &'a [Result<Box<LoadedScenario>, String>],
    /// Earlier games kept in the data folder, newest first.
    pub previous: &'a [PreviousGame],
    /// Why games are not autosaved, if they are not, and what the folder is.
    pub folder_problem: Option<(String, FolderSays)>,
}

/// Why the data folder is not this window's to write in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FolderSays {
    /// Another window holds it.
    InUse,
    /// It cannot be written.
    ReadOnly,
    /// It cannot be used at all (or there is none).
    Unusable,
}

/// What the start screen lets the player type or choose.
pub struct StartInputs<'a> {
    /// The path typed.
    pub path: &'a mut String,
    /// The data folder typed.
    pub folder: &'a mut String,
    /// How a solo game starts.
    pub solo: &'a mut SoloStart,
}

/// Draws the start screen.
pub fn start_ui(
    ui: &mut Ui,
    screen: &StartScreen<'_>,
    inputs: StartInputs<'_>,
    queue: &mut Vec<UiCommand>,
) {
    let StartInputs {
        path: path_input,
        folder: folder_input,
        solo: solo_start,
    } = inputs;
    ui.vertical_centered(|ui| {
        ui.add_space(20.0);
        ui.label(RichText::new("Ambush Alley Assistant").size(34.0).strong());
        ui.label("The figures stay on the table; this keeps everything else.");
        ui.add_space(12.0);
    });
    if let Some(m) = screen.message
        && style::message_ui(ui, m)
    {
        queue.push(UiCommand::DismissMessage);
    }
    ui.add_space(8.0);
    if let Some((problem, says)) = &screen.folder_problem {
        folder_ui(ui, problem, *says, screen.offer, folder_input, queue);
    } else if let Some(offer) = screen.offer {
        autosave_ui(ui, offer, queue);
    }
    style::heading(ui, "New game");
    // One row per scenario: its name, then a game for two or a solo game.
    egui::Grid::new("builtin_scenarios")
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            for scenario in screen.builtins {
                match scenario {
                    Ok(loaded) => {
                        let name = &loaded.scenario.name;
                        let big = |text: &str| RichText::new(text).size(style::HEADING);
                        ui.label(big(name));
                        let new = format!("New game: {name}");
                        if style::named_button(ui, big("New game"), &new, true).clicked() {
                            queue.push(UiCommand::NewGame(loaded.clone(), None));
                        }
                        let solo = format!("Solo game: {name}");
                        if style::named_button(ui, big("Solo game"), &solo, true).clicked() {
                            queue.push(UiCommand::NewGame(loaded.clone(), Some(*solo_start)));
                        }
                    }
                    Err(e) => {
                        ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
                    }
                }
                ui.end_row();
            }
        });
    solo_start_ui(ui, solo_start);
    if screen.folder_problem.is_none() && screen.offer.is_some_and(|o| o.loaded.is_some()) {
        ui.label(
            RichText::new(
                "A new game keeps the autosaved one as previous-game-….jsonl in the same folder.",
            )
            .weak(),
        );
    }
    ui.add_space(12.0);
    style::heading(ui, "Open a scenario or saved game");
    ui.horizontal_wrapped(|ui| {
        if ui.button("Open… (Ctrl+O)").clicked() {
            queue.push(UiCommand::OpenDialog);
        }
        // Any scenario file plays solo too: the app commands the Insurgents.
        if ui.button("Open as a solo game…").clicked() {
            queue.push(UiCommand::OpenSoloDialog);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("or type its path:");
        let response = ui
            .add(
                egui::TextEdit::singleline(path_input)
                    .hint_text("/home/me/scenarios/my-scenario.json")
                    .desired_width(420.0),
            )
            .labelled_by(label.id);
        let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let has = !path_input.trim().is_empty();
        if (ui
            .add_enabled(has, egui::Button::new("Open path"))
            .clicked()
            || enter)
            && has
        {
            queue.push(UiCommand::OpenPath(PathBuf::from(path_input.trim())));
        }
        if ui
            .add_enabled(has, egui::Button::new("Open path as a solo game"))
            .clicked()
        {
            queue.push(UiCommand::OpenSoloPath(PathBuf::from(path_input.trim())));
        }
    });
    if !screen.previous.is_empty() {
        ui.add_space(12.0);
        style::heading(ui, "Earlier games");
        ui.label(
            RichText::new(
                "Kept in the data folder each time another game took the autosave's place.",
            )
            .weak(),
        );
        for game in screen.previous.iter().take(EARLIER_SHOWN) {
            earlier_game_ui(ui, game, queue);
        }
        if screen.previous.len() > EARLIER_SHOWN {
            ui.label(
                RichText::new(format!(
                    "and {} older ones in the same folder (open them with Open…)",
                    screen.previous.len() - EARLIER_SHOWN
                ))
                .weak(),
            );
        }
    }
}

/// How a solo game starts: the opponent's difficulty, and whether it keeps its reasoning
/// hidden. Both can be changed later (Edit, settings), each change logged.
fn solo_start_ui(ui: &mut Ui, solo: &mut SoloStart) {
    style::solo_opponent_ui(
        ui,
        "Solo games: the app commands the Insurgents as a",
        &mut solo.difficulty,
        &mut solo.reasoning_hidden,
    );
}

fn autosave_ui(ui: &mut Ui, offer: &ResumeOffer, queue: &mut Vec<UiCommand>) {
    style::heading(ui, "Autosaved game");
    if offer.loaded.is_some() && offer.newer.is_some() {
        // A newer app's game: looked at only.
        ui.label(&offer.summary);
        if ui
            .button(RichText::new("Look at it here (read only)").size(style::HEADING))
            .clicked()
        {
            queue.push(UiCommand::LookReadOnly);
        }
    } else if offer.loaded.is_some() {
        ui.label(&offer.summary);
        if ui
            .button(
                RichText::new("Resume the autosaved game")
                    .size(style::HEADING)
                    .strong(),
            )
            .clicked()
        {
            queue.push(UiCommand::ResumeAutosave);
        }
    }
    if let Some(problem) = &offer.problem {
        ui.label(RichText::new(problem).color(ui.visuals().error_fg_color));
    }
    ui.add_space(12.0);
}

/// The data folder is held by another window, or cannot be used: what this window can do.
fn folder_ui(
    ui: &mut Ui,
    problem: &str,
    says: FolderSays,
    offer: Option<&ResumeOffer>,
    folder_input: &mut String,
    queue: &mut Vec<UiCommand>,
) {
    style::heading(
        ui,
        match says {
            FolderSays::InUse => "The game is open in another window",
            FolderSays::ReadOnly => "The data folder cannot be written",
            FolderSays::Unusable => "Games are not autosaved",
        },
    );
    ui.label(
        RichText::new(format!("{}.", ambush_core::text::capitalized(problem)))
            .color(ui.visuals().warn_fg_color),
    );
    // The autosave there can still be looked at, unless the folder cannot be used at all.
    if says != FolderSays::Unusable
        && let Some(offer) = offer.filter(|o| o.loaded.is_some())
    {
        ui.label(&offer.summary);
        if ui
            .button(RichText::new("Look at it here (read only)").size(style::HEADING))
            .clicked()
        {
            queue.push(UiCommand::LookReadOnly);
        }
    }
    if says == FolderSays::InUse {
        ui.label("Or play another game in this window, autosaved in a data folder of its own:");
    } else {
        ui.label("Save games with Game > Save as, or use another data folder:");
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Data folder:");
        ui.add(
            egui::TextEdit::singleline(folder_input)
                .hint_text("/home/me/ambush-alley-2")
                .desired_width(360.0),
        )
        .labelled_by(label.id);
        let has = !folder_input.trim().is_empty();
        if ui
            .add_enabled(has, egui::Button::new("Use this data folder"))
            .clicked()
        {
            queue.push(UiCommand::UseDataFolder(PathBuf::from(folder_input.trim())));
        }
    });
    ui.add_space(12.0);
}

fn earlier_game_ui(ui: &mut Ui, game: &PreviousGame, queue: &mut Vec<UiCommand>) {
    ui.horizontal_wrapped(|ui| {
        let name = game
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let when = game
            .modified
            .map_or("time unknown".to_owned(), ambush_core::text::utc_time);
        let open = egui::Button::new(format!("Open {name}"));
        if ui
            .add(open)
            .on_hover_text(game.path.display().to_string())
            .clicked()
        {
            queue.push(UiCommand::OpenPath(game.path.clone()));
        }
        ui.label(
            RichText::new(format!(
                "last written {when}, {}",
                ambush_core::files::size_words(game.bytes)
            ))
            .weak(),
        );
    });
}
