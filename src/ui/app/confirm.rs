//! The questions the app asks before it does something that cannot be taken back.

use egui::RichText;

use super::Confirm;
use crate::ui::widgets::style;

/// Shows the question; returns the answer once given (`true` for yes).
pub fn confirm_ui(ctx: &egui::Context, confirm: &Confirm) -> Option<bool> {
    let (title, text, yes) = match confirm {
        Confirm::Replace {
            path,
            report,
            existing,
        } => replace_words(path, *report, existing),
        Confirm::OpenPart { loaded, path } => (
            "Open part of the saved game?",
            format!(
                "{}: {}",
                path.display(),
                loaded.left_out_words().unwrap_or_default()
            ),
            "Open it as far as it goes",
        ),
        Confirm::EndGame => (
            "End the game?",
            "The game ends, and its score is the final one.".to_owned(),
            "End it with these points",
        ),
    };
    question_ui(ctx, "confirm", 560.0, title, yes, "Cancel", |ui| {
        ui.label(text);
    })
}

/// A question in a modal window: its title, what `body` draws, then the two answers (Escape
/// is the second). Returns the answer once given (`true` for `yes`).
pub fn question_ui(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    title: &str,
    yes: &str,
    no: &str,
    body: impl FnOnce(&mut egui::Ui),
) -> Option<bool> {
    let mut answer = None;
    egui::Modal::new(egui::Id::unique(id)).show(ctx, |ui| {
        ui.set_max_width(width);
        ui.label(RichText::new(title).size(style::HEADING).strong());
        ui.add_space(6.0);
        body(ui);
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            if ui.button(RichText::new(yes).size(style::HEADING)).clicked() {
                answer = Some(true);
            }
            if ui.button(RichText::new(no).size(style::HEADING)).clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                answer = Some(false);
            }
        });
    });
    answer
}

/// The question before a file is written over: every file that would be replaced, named.
fn replace_words(
    path: &std::path::Path,
    report: bool,
    existing: &[std::path::PathBuf],
) -> (&'static str, String, &'static str) {
    let what = if report {
        "after-action report and its charts"
    } else {
        "game"
    };
    let names: Vec<String> = existing.iter().map(|p| p.display().to_string()).collect();
    match names.as_slice() {
        [] | [_] => (
            "Replace the file?",
            format!(
                "{} already exists. Writing the {what} to {} replaces what it holds, and that cannot be undone.",
                names
                    .first()
                    .cloned()
                    .unwrap_or_else(|| path.display().to_string()),
                path.display(),
            ),
            "Replace it",
        ),
        [first @ .., last] => (
            "Replace the files?",
            format!(
                "{} and {last} already exist. Writing the {what} to {} replaces what they hold, and that cannot be undone.",
                first.join(", "),
                path.display(),
            ),
            "Replace them",
        ),
    }
}
