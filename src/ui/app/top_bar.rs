//! The bar across the top: where the game stands, and the game-wide buttons.

use std::path::PathBuf;

use egui::{RichText, Ui};

use ambush_core::session::Session;
use ambush_core::unit::Side;

use super::prefs::Prefs;
use super::save_state::{banner_ui, save_banner, save_state_ui};
use crate::ui::command::UiCommand;
use crate::ui::widgets::style;

/// What the top bar shows of the table open to phones, and the port typed to open it on.
pub struct TableMenu<'a> {
    /// The table is open.
    pub open: bool,
    /// The desk asks for physical dice now (the table's choice while it is open).
    pub physical: bool,
    /// The port typed in the Game menu.
    pub port: &'a mut String,
    /// The address the table opens on (every address, unless `--phones` gave one).
    pub ip: std::net::IpAddr,
}

/// Draws the top bar.
#[allow(clippy::too_many_arguments)]
pub fn top_bar_ui(
    ui: &mut Ui,
    session: &Session,
    not_autosaved: Option<&str>,
    prefs: &mut Prefs,
    table: TableMenu<'_>,
    path_input: &mut String,
    show_path: &mut bool,
    queue: &mut Vec<UiCommand>,
) {
    let game = session.game();
    let state = game.state();
    let scenario = game.scenario();
    let (regular, insurgent) = state.victory_points(scenario);
    let dark = ui.visuals().dark_mode;
    ui.add_space(4.0);
    // One line whatever it says: the victory points on the right, the headline in the rest,
    // cut short rather than wrapped, so the desk below never moves. When the autosave fails,
    // the headline's place holds the warning and what to do, on a line of the same height:
    // nothing under it moves when it comes or goes.
    let banner = save_banner(session);
    let height = ui
        .spacing()
        .interact_size
        .y
        .max(line_height(ui, style::HEADLINE))
        + 2.0;
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::right_to_left(egui::Align::Center),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.label(
                RichText::new(format!("Insurgents {insurgent} VP"))
                    .size(style::HEADING)
                    .color(style::side_color(Side::Insurgent, dark))
                    .strong(),
            );
            ui.label(
                RichText::new(format!("Regulars {regular} VP"))
                    .size(style::HEADING)
                    .color(style::side_color(Side::Regular, dark))
                    .strong(),
            );
            ui.separator();
            ui.with_layout(
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| match &banner {
                    Some(banner) => banner_ui(ui, banner, queue),
                    None => {
                        let headline = state.headline();
                        ui.add(
                            egui::Label::new(
                                RichText::new(&headline).size(style::HEADLINE).strong(),
                            )
                            .truncate(),
                        )
                        .on_hover_text(headline);
                    }
                },
            );
        },
    );
    let read_only = session.is_read_only();
    if read_only {
        let words = match session.read_only_why() {
            Some(why) => format!(
                "Read-only look: {why}. Nothing is played or saved here. Game > Close game goes back."
            ),
            None => "Read-only look at the game open in another window: nothing is played or saved here. Game > Close game goes back.".to_owned(),
        };
        ui.label(
            RichText::new(words)
                .color(ui.visuals().warn_fg_color)
                .strong(),
        );
    }
    ui.horizontal(|ui| {
        // Undo and Redo say what they would take back or put back.
        // In the words the desk may read (a solo game's hidden markers stay hidden here too).
        let sight = ambush_core::view::Sight::desk(game);
        let step = |n: usize| {
            sight
                .line(n)
                .map_or_else(|| "a step out of sight".to_owned(), |l| l.summary)
        };
        let undo = game.last_in_effect().map(step);
        let (undo_text, undo_full) = match &undo {
            Some(summary) => (
                format!("Undo: {}", short(summary)),
                format!("Undo: {summary}"),
            ),
            None => ("Undo".to_owned(), "Undo: nothing to undo".to_owned()),
        };
        // A fixed width, whatever it names: the bar never reflows from one event to the next.
        let enabled = game.can_undo() && !read_only;
        let width = (ui.available_width() * 0.3).clamp(120.0, 380.0);
        let response = ui
            .add_enabled_ui(enabled, |ui| {
                ui.add_sized(
                    [width, ui.spacing().interact_size.y],
                    egui::Button::new(undo_text.as_str()).truncate(),
                )
            })
            .inner;
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &undo_full));
        let response = response.on_hover_text(format!("{undo_full} (Ctrl+Z)"));
        if response.clicked() {
            queue.push(UiCommand::Undo);
        }
        let redo = game.next_redo().map(step);
        let redo_full = redo
            .as_ref()
            .map_or("Redo: nothing to redo".to_owned(), |s| format!("Redo: {s}"));
        let response = style::named_button(ui, "Redo", &redo_full, game.can_redo() && !read_only)
            .on_hover_text(format!("{redo_full} (Ctrl+Y)"));
        if response.clicked() {
            queue.push(UiCommand::Redo);
        }
        if state.settings().solo {
            // Short, so the top bar never wraps and pushes the desk down.
            // The opponent's difficulty in sight all game; the rest on hover.
            let settings = state.settings();
            let words = settings.solo_words().unwrap_or_default();
            ui.label(RichText::new(format!("Solo: {}", settings.difficulty.name())).strong())
                .on_hover_text(format!(
                    "The app commands the Insurgents: {words}. {} Changed under Edit > settings.",
                    settings.difficulty.words()
                ));
        }
        let mut physical = table.physical;
        let checkbox = ui.checkbox(&mut physical, "Physical dice");
        let checkbox = if table.open {
            checkbox.on_hover_text(
                "The table is open: the phones answer the dice prompt. Closing the table puts this back as it was.",
            )
        } else {
            checkbox
        };
        if checkbox.changed() {
            queue.push(UiCommand::SetPhysicalDice(physical));
        }
        ui.menu_button("Game", |ui| {
            // A game only looked at is saved in the window that plays it.
            if !read_only && ui.button("Save (Ctrl+S)").clicked() {
                queue.push(UiCommand::Save);
            }
            if !read_only && ui.button("Save as…").clicked() {
                queue.push(UiCommand::SaveAsDialog);
            }
            if ui.button("Open… (Ctrl+O)").clicked() {
                queue.push(UiCommand::OpenDialog);
            }
            if ui.button("Export report…").clicked() {
                queue.push(UiCommand::ExportDialog);
            }
            if ui.button("Type a path…").clicked() {
                *show_path = true;
            }
            ui.separator();
            // Once open, the table's panel shows the links and closes it.
            if table.open {
                if ui.button("Close the table to phones").clicked() {
                    queue.push(UiCommand::Phones(None));
                }
            } else {
                table_menu_ui(ui, table, queue);
            }
            ui.separator();
            if ui.button("Close game").clicked() {
                queue.push(UiCommand::CloseGame);
            }
        });
        ui.menu_button("View", |ui| {
            ui.horizontal(|ui| {
                ui.label("Text size");
                if ui.button("A−").on_hover_text("Ctrl+Minus").clicked() {
                    prefs.ui_scale = super::prefs::clamp_scale(prefs.ui_scale - 0.1);
                }
                ui.label(format!("{:.0}%", prefs.ui_scale * 100.0));
                if ui.button("A+").on_hover_text("Ctrl+Plus").clicked() {
                    prefs.ui_scale = super::prefs::clamp_scale(prefs.ui_scale + 0.1);
                }
            });
            let theme = if prefs.dark {
                "Light theme"
            } else {
                "Dark theme"
            };
            if ui.button(theme).clicked() {
                prefs.dark = !prefs.dark;
            }
            let table = if prefs.table_screen {
                "Close the table screen"
            } else {
                "Table screen for the players"
            };
            if ui
                .button(table)
                .on_hover_text("A second window with large type, for a TV or a monitor turned toward the table")
                .clicked()
            {
                prefs.table_screen = !prefs.table_screen;
            }
        });
        ui.separator();
        save_state_ui(ui, session, not_autosaved);
        // As the desk may know it: in a solo game, the player's, who is not told a rolled or
        // secret length.
        let sight = ambush_core::view::Sight::desk(game);
        if let (Some(brief), Some(whole)) = (sight.length_brief(), sight.length_words()) {
            ui.add(egui::Label::new(RichText::new(brief).weak()).truncate())
                .on_hover_text(format!("Turn limit: {whole}"));
        }
        ui.add(
            egui::Label::new(RichText::new(format!("Insurgency {}", state.insurgency())).weak())
                .truncate(),
        );
        ui.add(egui::Label::new(RichText::new(&scenario.name).italics().weak()).truncate());
    });
    if *show_path {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Path:");
            ui.add(
                egui::TextEdit::singleline(path_input)
                    .hint_text("type a file path")
                    .desired_width(300.0),
            )
            .labelled_by(label.id);
            let path = PathBuf::from(path_input.trim());
            let has_path = !path_input.trim().is_empty();
            if ui
                .add_enabled(has_path, egui::Button::new("Open path"))
                .clicked()
            {
                queue.push(UiCommand::OpenPath(path.clone()));
            }
            if ui
                .add_enabled(has_path && !read_only, egui::Button::new("Save to path"))
                .clicked()
            {
                queue.push(UiCommand::SaveAsPath(path.clone()));
            }
            if ui
                .add_enabled(has_path, egui::Button::new("Export report to path"))
                .clicked()
            {
                queue.push(UiCommand::ExportPath(path));
            }
            if ui.button("Hide").clicked() {
                *show_path = false;
            }
        });
    }
    ui.add_space(2.0);
}

/// The height of a line of text of this size.
fn line_height(ui: &Ui, size: f32) -> f32 {
    ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(size)))
}

/// A summary cut to fit a button, at a word.
fn short(text: &str) -> String {
    const MAX: usize = 48;
    if text.chars().count() <= MAX {
        return text.to_owned();
    }
    let cut: String = text.chars().take(MAX).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{cut}…")
}

/// "Open the table to phones", on the port typed beside it (the one it last opened on).
fn table_menu_ui(ui: &mut Ui, table: TableMenu<'_>, queue: &mut Vec<UiCommand>) {
    let port = table.port.trim().parse::<u16>().ok().filter(|p| *p > 0);
    ui.horizontal(|ui| {
        let open = ui.add_enabled(
            port.is_some(),
            egui::Button::new("Open the table to phones"),
        );
        if let Some(port) = port
            && open.clicked()
        {
            queue.push(UiCommand::Phones(Some(std::net::SocketAddr::new(
                table.ip, port,
            ))));
        }
        let label = ui.label("on port");
        ui.add(
            egui::TextEdit::singleline(table.port)
                .desired_width(56.0)
                .char_limit(5),
        )
        .labelled_by(label.id)
        .on_hover_text("The port the phones' links name: the table opens on it again next time");
    });
    if port.is_none() {
        ui.colored_label(
            ui.visuals().error_fg_color,
            "A port is a number from 1 to 65535",
        );
    }
}
