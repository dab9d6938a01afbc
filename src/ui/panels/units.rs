//! Unit cards for each side, and the Hot Spots.

use egui::{Color32, CornerRadius, RichText, Stroke, Ui};

use ambush_core::game::Game;
use ambush_core::unit::Side;
use ambush_core::view::{TableView, UnitCard};

use crate::ui::command::UiCommand;
use crate::ui::widgets::desk_view;
use crate::ui::widgets::style::{self, named_button};

/// The cards of one side, as the desk's view has them: units on the table first, then those
/// off it.
pub fn side_ui(ui: &mut Ui, game: &Game, side: Side, dark: bool, queue: &mut Vec<UiCommand>) {
    let view = desk_view(ui.ctx(), game);
    let in_play = view.on_table(side).count();
    style::heading(ui, format!("{side} units ({in_play})"));
    egui::ScrollArea::vertical()
        .id_salt(("units", side))
        .auto_shrink([false, false])
        .show_viewport(ui, |ui, viewport| {
            // Only the cards in view are laid out; the others take the height they had when
            // last drawn, so a long list costs about as much as a short one.
            let top = ui.min_rect().top();
            let heights_id = ui.scope_id().with("card_heights");
            let mut heights: std::collections::HashMap<ambush_core::unit::UnitId, f32> =
                ui.data(|d| d.get_temp(heights_id)).unwrap_or_default();
            for unit in view.on_table(side) {
                let y = ui.cursor().top() - top;
                let height = heights.get(&unit.id).copied();
                let visible =
                    height.is_none_or(|h| y + h >= viewport.top() && y <= viewport.bottom());
                if visible {
                    let before = ui.cursor().top();
                    card_ui(ui, unit, dark, queue);
                    heights.insert(unit.id, ui.cursor().top() - before);
                } else if let Some(h) = height {
                    ui.allocate_space(egui::vec2(
                        ui.available_width(),
                        h - ui.spacing().item_spacing.y,
                    ));
                }
            }
            ui.data_mut(|d| d.insert_temp(heights_id, heights));
            let waiting: Vec<&UnitCard> = view.off_table(side).collect();
            if side == Side::Insurgent {
                contacts_ui(ui, game, &view, queue);
            }
            if !waiting.is_empty() {
                ui.collapsing(format!("Not on the table ({})", waiting.len()), |ui| {
                    for unit in waiting {
                        ui.label(format!("{} — {}", unit.name, unit.place));
                    }
                });
            }
        });
}

fn card_ui(ui: &mut Ui, unit: &UnitCard, dark: bool, queue: &mut Vec<UiCommand>) {
    let color = style::side_color(unit.side, dark);
    let stroke = if unit.acting {
        Stroke::new(3.0, color)
    } else {
        Stroke::new(1.0, color.gamma_multiply(0.6))
    };
    egui::Frame::group(ui.style())
        .stroke(stroke)
        .corner_radius(CornerRadius::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(&unit.name)
                        .size(style::HEADING - 2.0)
                        .strong()
                        .color(color),
                );
                if unit.acting {
                    ui.label(RichText::new("(active)").strong());
                }
            });
            ui.label(&unit.profile);
            if let Some(words) = &unit.tests_with {
                ui.label(RichText::new(words).weak());
            }
            for words in &unit.waiting {
                ui.label(RichText::new(words).weak());
            }
            ui.horizontal_wrapped(|ui| {
                for figure in &unit.figures {
                    weapon_chip(ui, figure);
                }
            });
            if !unit.dependants.is_empty() {
                ui.label(format!("Dependants: {}", unit.dependants.join(", ")));
            }
            if !unit.place.is_empty() {
                ui.label(RichText::new(format!("Position: {}", unit.place)).weak());
            }
            if !unit.badges.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    for b in &unit.badges {
                        style::badge_words(ui, b);
                    }
                });
            }
            if !unit.non_combatant {
                actions_ui(unit, ui, queue);
            }
        });
    ui.add_space(4.0);
}

fn weapon_chip(ui: &mut Ui, words: &str) {
    let dark = ui.visuals().dark_mode;
    let (fill, on) = if dark {
        (Color32::from_gray(55), Color32::from_gray(235))
    } else {
        (Color32::from_gray(225), Color32::from_gray(20))
    };
    style::chip(ui, words, fill, on);
}

fn actions_ui(unit: &UnitCard, ui: &mut Ui, queue: &mut Vec<UiCommand>) {
    let name = &unit.name;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().button_padding = egui::vec2(5.0, 1.0);
        let small = |text: &str| RichText::new(text).size(13.0);
        if named_button(ui, small("Fire"), &format!("{name} fires"), unit.fights).clicked() {
            queue.push(UiCommand::FireFrom(unit.id));
        }
        if named_button(ui, small("Target"), &format!("Target {name}"), true).clicked() {
            queue.push(UiCommand::FireAt(unit.id));
        }
        if named_button(
            ui,
            small("Morale"),
            &format!("Morale check for {name}"),
            true,
        )
        .clicked()
        {
            queue.push(UiCommand::MoraleFor(unit.id));
        }
        if named_button(ui, small("Edit"), &format!("Edit {name}"), true).clicked() {
            queue.push(UiCommand::EditUnit(unit.id));
        }
    });
}

/// The five Hot Spots.
pub fn hot_spots_ui(ui: &mut Ui, game: &Game) {
    style::heading(ui, "Hot Spots");
    ui.horizontal_wrapped(|ui| {
        let dark = ui.visuals().dark_mode;
        for spot in game.state().hot_spots() {
            let words = game.state().hot_spot_words(game.scenario(), spot.number);
            let (fill, on) = match (spot.active, dark) {
                (true, true) => (Color32::from_rgb(120, 70, 20), Color32::WHITE),
                (true, false) => (
                    Color32::from_rgb(255, 225, 180),
                    Color32::from_rgb(110, 50, 0),
                ),
                (false, true) => (Color32::from_gray(50), Color32::from_gray(170)),
                (false, false) => (Color32::from_gray(220), Color32::from_gray(90)),
            };
            let where_ = if spot.location.is_empty() {
                format!("Hot Spot {}", spot.number)
            } else {
                format!("Hot Spot {}: {}", spot.number, spot.location)
            };
            style::chip(ui, &format!("{} {words}", spot.number), fill, on).on_hover_text(where_);
        }
    });
}

/// The markers of a solo game still on the table, each with the button that reports a Marine
/// unit seeing it.
fn contacts_ui(ui: &mut Ui, game: &Game, view: &TableView, queue: &mut Vec<UiCommand>) {
    if view.markers.is_empty() {
        return;
    }
    style::heading(ui, format!("Contacts ({})", view.markers.len()));
    for contact in &view.markers {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&contact.name).strong());
            ui.label(RichText::new(&contact.at).weak());
            style::command_button(
                ui,
                game,
                "Marines see it",
                &format!("Marines see {}", contact.name),
                ambush_core::game::Command::RevealContact {
                    marker: contact.marker.clone(),
                },
                queue,
            );
        });
    }
}
