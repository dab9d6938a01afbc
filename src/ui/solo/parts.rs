//! The parts of the solo opponent's panel, drawn in order: headings with their button at the
//! right, words, questions, rows of buttons, and the Insurgent phase's framed cards.

use egui::{RichText, Ui};

use ambush_core::solo::panel::{Look, Offer, Part};

use super::questions::{question_ui, words_width};
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};

/// Draws the parts.
pub(super) fn parts_ui(ui: &mut Ui, parts: &[Part], queue: &mut Vec<UiCommand>) {
    let words_width = words_width(
        ui,
        parts.iter().filter_map(|p| match p {
            Part::Ask { question } => Some(question),
            _ => None,
        }),
    );
    for part in parts {
        part_ui(ui, part, words_width, queue);
    }
}

fn part_ui(ui: &mut Ui, part: &Part, words_width: f32, queue: &mut Vec<UiCommand>) {
    match part {
        Part::Heading { words, offer } => {
            // The button on the heading's line, where it stays in view however many questions
            // follow; the words cut short before it rather than under it.
            ui.horizontal(|ui| {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if let Some(offer) = offer {
                        offer_ui(ui, offer, true, queue);
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        let words = RichText::new(words).size(style::HEADING).strong();
                        ui.add(egui::Label::new(words).truncate());
                    });
                });
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
        Part::Ask { question } => question_ui(ui, question, words_width, queue),
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
