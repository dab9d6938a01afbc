//! A question of the solo opponent, drawn as one row: its words, then its choices side by side,
//! each named in full ("Which of these can see Fireteam Alpha? Insurgents 4") for screen
//! readers and tests, a closed choice greyed in its place. Answers kept from an earlier turn or
//! phase say so, with a button to keep them.

use egui::{RichText, Ui};

use ambush_core::solo::panel::Act;
use ambush_core::solo::{Pick, Question};

use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{choice_button, named_button};

/// The space between two choices, and within a choice's button around its words.
const CHOICE_GAP: f32 = 4.0;
const CHOICE_PADDING: egui::Vec2 = egui::vec2(5.0, 2.0);

/// The width of the questions' words: that of the longest of them, as far as the longest row
/// of choices leaves room for (at least three tenths of the panel; longer words wrap), so the
/// choices of every question start at the same place, each row on one line where it can.
pub(super) fn words_width<'q>(ui: &Ui, questions: impl Iterator<Item = &'q Question>) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: &str| {
        ui.fonts_mut(|f| {
            f.layout_no_wrap(text.to_owned(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
    };
    let (mut words, mut choices) = (0.0f32, 0.0f32);
    for q in questions {
        words = words.max(width(&q.words));
        let row: f32 = q
            .choices
            .iter()
            .map(|c| width(&c.words) + 2.0 * CHOICE_PADDING.x + CHOICE_GAP)
            .sum();
        choices = choices.max(row);
    }
    let room = ui.available_width() - choices - 2.0 * ui.spacing().item_spacing.x;
    words.clamp(100.0, room.max(ui.available_width() * 0.3).max(100.0)) + 2.0
}

/// Draws a question, its words wrapped within `words_width` and its choices beside them; a
/// choice clicked, or the answers kept confirmed, is queued.
pub(super) fn question_ui(
    ui: &mut Ui,
    question: &Question,
    words_width: f32,
    queue: &mut Vec<UiCommand>,
) {
    let role = match question.pick {
        Pick::One => egui::Role::RadioButton,
        Pick::Many => egui::Role::CheckBox,
    };
    ui.horizontal(|ui| {
        ui.allocate_ui_with_layout(
            egui::vec2(words_width, 0.0),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_width(words_width);
                ui.add(egui::Label::new(&question.words).wrap())
                    .on_hover_text(&question.why);
            },
        );
        ui.horizontal_wrapped(|ui| {
            // Close together, so five markers fit on one line beside the words.
            ui.spacing_mut().item_spacing.x = CHOICE_GAP;
            ui.spacing_mut().button_padding = CHOICE_PADDING;
            for choice in &question.choices {
                let name = format!("{} {}", question.words, choice.words);
                if choice_button(ui, &choice.words, &name, choice.picked, role, choice.open)
                    .clicked()
                {
                    queue.push(UiCommand::Solo(Act::Answer {
                        answer: choice.answer.clone(),
                    }));
                }
            }
            if let (Some(when), Some(still_so)) = (question.kept, &question.still_so) {
                ui.label(RichText::new(format!("(answers kept from {})", when.words())).weak());
                let name = format!("{} still so", question.words);
                if named_button(ui, "still so", &name, true).clicked() {
                    queue.push(UiCommand::Solo(Act::Answer {
                        answer: still_so.clone(),
                    }));
                }
            }
        });
    });
}
