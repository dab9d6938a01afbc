//! The parts of the solo opponent's panel, drawn in order: headings with their button at the
//! right, words, questions, rows of buttons, and the Insurgent phase's framed cards.

use egui::{RichText, Ui};

use ambush_core::solo::panel::{Look, Offer, Part};

use super::questions::question_ui;
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};

/// Draws the parts.
pub(super) fn parts_ui(ui: &mut Ui, parts: &[Part], queue: &mut Vec<UiCommand>) {
    for part in parts {
        part_ui(ui, part, queue);
    }
}

fn part_ui(ui: &mut Ui, part: &Part, queue: &mut Vec<UiCommand>) {
    match part {
        Part::Heading { words, offer } => {
            // The button on the heading's line, where it stays in view however many questions
            // follow.
            ui.horizontal(|ui| {
                style::heading(ui, words);
                if let Some(offer) = offer {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        offer_ui(ui, offer, true, queue);
                    });
                }
            });
        }
        Part::Say { words, look } => {
            let text = RichText::new(words);
            ui.label(match look {
                Look::Plain => text,
                Look::Strong => text.strong(),
                Look::Weak => text.weak(),
                Look::Italic => text.italics(),
            });
        }
        Part::Ask { question } => question_ui(ui, question, queue),
        Part::Offers { offers } => {
            ui.horizontal_wrapped(|ui| {
                for offer in offers {
                    offer_ui(ui, offer, false, queue);
                }
            });
        }
        Part::Card {
            name,
            decide,
            parts,
        } => card_ui(ui, name, decide.as_ref(), parts, queue),
    }
}

/// A button of the panel; clicking queues what it does.
fn offer_ui(ui: &mut Ui, offer: &Offer, strong: bool, queue: &mut Vec<UiCommand>) {
    let text = RichText::new(&offer.words);
    let text = if strong { text.strong() } else { text };
    if named_button(ui, text, &offer.name, true).clicked() {
        queue.push(UiCommand::Solo(offer.act.clone()));
    }
}

/// A framed card headed with a unit's (or a marker's) name and, while it has to decide, its
/// Decide button on the same line (in view however many questions follow).
fn card_ui(
    ui: &mut Ui,
    name: &str,
    decide: Option<&Offer>,
    parts: &[Part],
    queue: &mut Vec<UiCommand>,
) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(RichText::new(name).strong());
            if let Some(offer) = decide {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    offer_ui(ui, offer, true, queue);
                });
            }
        });
        parts_ui(ui, parts, queue);
    });
}
