//! Where the game stands on disk, in the top bar: a few words with the details on hover, and
//! the banner (with what to do) when the autosave fails or is gone.

use egui::{RichText, Ui};

use ambush_core::session::{SaveState, Session};

use crate::ui::command::UiCommand;

/// Where the game stands on disk, in a few words, with the details on hover.
pub(super) fn save_state_ui(ui: &mut Ui, session: &Session, not_autosaved: Option<&str>) {
    match session.save_state() {
        SaveState::Saved { entries } => {
            let path = session
                .journal_path()
                .map_or(String::new(), |p| p.display().to_string());
            ui.label(RichText::new("Autosaved").weak())
                .on_hover_text(format!(
                    "All {} of the game are on disk, in {path}",
                    ambush_core::text::plural(entries, "entry", "entries")
                ));
        }
        SaveState::Failing { unsaved, error, .. } => {
            ui.label(
                RichText::new(format!("Not on disk: {unsaved}"))
                    .color(ui.visuals().error_fg_color)
                    .strong(),
            )
            .on_hover_text(error);
        }
        SaveState::Gone { entries, .. } => {
            ui.label(
                RichText::new(format!("Not on disk: {entries}"))
                    .color(ui.visuals().error_fg_color)
                    .strong(),
            )
            .on_hover_text("The autosave is gone: every entry is only in memory");
        }
        SaveState::Copying { .. } => {
            ui.label(RichText::new("Autosaving…").weak()).on_hover_text(
                "The saved game opened is being copied into the autosave; what is played meanwhile follows it",
            );
        }
        SaveState::NotAutosaved => {
            ui.label(
                RichText::new("Not autosaved: save it with Game > Save as")
                    .color(ui.visuals().warn_fg_color),
            )
            .on_hover_text(not_autosaved.unwrap_or("there is no data folder for the autosave"));
        }
        SaveState::ReadOnly => {
            ui.label(RichText::new("Read only").color(ui.visuals().warn_fg_color));
        }
    }
}

/// What the banner says when the autosave fails: the warning, its details, and whether the
/// autosave is gone (the game is then written again only when the referee says where).
pub(super) struct Banner {
    text: String,
    details: String,
    gone: bool,
}

pub(super) fn save_banner(session: &Session) -> Option<Banner> {
    match session.save_state() {
        SaveState::Failing {
            unsaved,
            nothing_on_disk,
            error,
        } => {
            let what = if nothing_on_disk {
                format!(
                    "none of this game is on disk yet ({} in memory)",
                    ambush_core::text::plural(unsaved, "entry", "entries")
                )
            } else {
                format!(
                    "{} only in memory, not yet on disk",
                    ambush_core::text::plural(unsaved, "entry", "entries")
                )
            };
            Some(Banner {
                text: format!("Autosave failing: {what}. Tried again every few seconds."),
                details: error,
                gone: false,
            })
        }
        SaveState::Gone { entries, path } => Some(Banner {
            text: format!(
                "The autosave is gone: all {} only in memory.",
                ambush_core::text::plural(entries, "entry", "entries")
            ),
            details: format!(
                "{} was deleted or moved, or its folder was: the game is kept in memory. Write it again there (the folder is made anew), or save it elsewhere and go on there.",
                path.display()
            ),
            gone: true,
        }),
        _ => None,
    }
}

/// The banner, one line cut short, its details on hover, and what to do.
pub(super) fn banner_ui(ui: &mut Ui, banner: &Banner, queue: &mut Vec<UiCommand>) {
    if banner.gone {
        if ui
            .button("Write it again")
            .on_hover_text("Writes the whole game to the autosave's place, its folder made anew")
            .clicked()
        {
            queue.push(UiCommand::WriteAgain);
        }
        if ui
            .button("Save elsewhere…")
            .on_hover_text(
                "Writes the whole game to a file you choose, and goes on autosaving there",
            )
            .clicked()
        {
            queue.push(UiCommand::SaveAsDialog);
        }
    }
    ui.add(
        egui::Label::new(
            RichText::new(&banner.text)
                .color(ui.visuals().error_fg_color)
                .strong(),
        )
        .truncate(),
    )
    .on_hover_text(&banner.details);
}
