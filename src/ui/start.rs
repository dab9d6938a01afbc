//! The start screen: resume the autosave, start a built-in scenario, or open a file.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::scenario::check::LoadedScenario;

use super::app::ResumeOffer;
use super::command::UiCommand;
use super::style::{self, Message};

/// Draws the start screen.
pub fn start_ui(
    ui: &mut Ui,
    offer: Option<&ResumeOffer>,
    message: Option<&Message>,
    builtins: &[Result<Box<LoadedScenario>, String>],
    path_input: &mut String,
    queue: &mut Vec<UiCommand>,
) {
    ui.vertical_centered(|ui| {
        ui.add_space(20.0);
        ui.label(RichText::new("Ambush Alley Assistant").size(34.0).strong());
        ui.label("The figures stay on the table; this keeps everything else.");
        ui.add_space(12.0);
    });
    if let Some(m) = message
        && style::message_ui(ui, m)
    {
        queue.push(UiCommand::DismissMessage);
    }
    ui.add_space(8.0);
    if let Some(offer) = offer {
        style::heading(ui, "Autosaved game");
        if offer.loaded.is_some() {
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
    style::heading(ui, "New game");
    for scenario in builtins {
        match scenario {
            Ok(loaded) => {
                ui.horizontal_wrapped(|ui| {
                    let name = &loaded.scenario.name;
                    let big = |text: String| RichText::new(text).size(style::HEADING);
                    if ui.button(big(format!("New game: {name}"))).clicked() {
                        queue.push(UiCommand::NewGame(loaded.clone(), false));
                    }
                    if ui.button(big(format!("Solo game: {name}"))).clicked() {
                        queue.push(UiCommand::NewGame(loaded.clone(), true));
                    }
                });
            }
            Err(e) => {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
        }
    }
    if offer.is_some_and(|o| o.loaded.is_some()) {
        ui.label(
            RichText::new(
                "A new game keeps the autosaved one, renamed previous-game-….jsonl, in the same folder.",
            )
            .weak(),
        );
    }
    ui.add_space(12.0);
    style::heading(ui, "Open a scenario or saved game");
    if ui.button("Open… (Ctrl+O)").clicked() {
        queue.push(UiCommand::OpenDialog);
    }
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
    });
}
