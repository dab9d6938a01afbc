//! Unit cards for each side, and the Hot Spots.

use egui::{Color32, CornerRadius, RichText, Stroke, Ui};

use ambush_core::game::Game;
use ambush_core::rules::fire::OptimumReach;
use ambush_core::unit::{Side, Unit, Weapon};

use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};

/// The cards of one side: units on the table first, then those off it.
pub fn side_ui(ui: &mut Ui, game: &Game, side: Side, dark: bool, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let in_play = state
        .units
        .iter()
        .filter(|u| u.side == side && u.in_play() && !state.is_hidden(u.id))
        .count();
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
            for unit in state
                .units
                .iter()
                .filter(|u| u.side == side && u.in_play() && !state.is_hidden(u.id))
            {
                let y = ui.cursor().top() - top;
                let height = heights.get(&unit.id).copied();
                let visible =
                    height.is_none_or(|h| y + h >= viewport.top() && y <= viewport.bottom());
                if visible {
                    let before = ui.cursor().top();
                    card_ui(ui, game, unit, dark, queue);
                    heights.insert(unit.id, ui.cursor().top() - before);
                } else if let Some(h) = height {
                    ui.allocate_space(egui::vec2(
                        ui.available_width(),
                        h - ui.spacing().item_spacing.y,
                    ));
                }
            }
            ui.data_mut(|d| d.insert_temp(heights_id, heights));
            let waiting: Vec<&Unit> = state
                .units
                .iter()
                .map(|u| &**u)
                .filter(|u| u.side == side && !u.in_play())
                .collect();
            if side == Side::Insurgent {
                contacts_ui(ui, game, queue);
            }
            if !waiting.is_empty() {
                ui.collapsing(format!("Not on the table ({})", waiting.len()), |ui| {
                    for unit in waiting {
                        ui.label(format!("{} — {}", unit.name, unit.presence.words()));
                    }
                });
            }
        });
}

fn weapon_chip(ui: &mut Ui, unit: &Unit, figure: &ambush_core::unit::Figure, count: usize) {
    let dark = ui.visuals().dark_mode;
    let (fill, on) = if dark {
        (Color32::from_gray(55), Color32::from_gray(235))
    } else {
        (Color32::from_gray(225), Color32::from_gray(20))
    };
    let mut text = match figure.weapon {
        Weapon::Leader if figure.name.to_lowercase().contains("leader") => figure.name.clone(),
        Weapon::Leader => format!("{} (leader)", figure.name),
        Weapon::LightSupport => format!("{} +1", figure.name),
        Weapon::MediumSupport | Weapon::AtRpg => format!("{} +2", figure.name),
        _ => figure.name.clone(),
    };
    if figure.weapon == Weapon::AtRpg && !figure.name.contains("AT") {
        text.push_str(" (AT)");
    }
    if let Some(tq) = figure.tq
        && tq != unit.profile.tq
    {
        text.push_str(&format!(" {tq}"));
    }
    if figure.wound == Some(ambush_core::unit::Wound::Slight) {
        text.push_str(" (slight wound)");
    }
    if count > 1 {
        text = format!("{count}× {text}");
    }
    style::chip(ui, &text, fill, on);
}

fn card_ui(ui: &mut Ui, game: &Game, unit: &Unit, dark: bool, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let color = style::side_color(unit.side, dark);
    let active = state.active_unit == Some(unit.id);
    let stroke = if active {
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
                if active {
                    ui.label(RichText::new("(active)").strong());
                }
            });
            let reach = OptimumReach::of(unit);
            let range = match reach.support {
                Some(support) => format!(
                    "{} ({} support)",
                    state.distance(reach.base),
                    state.distance(support)
                ),
                None => state.distance(reach.base),
            };
            if unit.non_combatant {
                ui.label("Does not act: waiting to be picked up");
            } else {
                ui.label(format!(
                    "TQ {} · Morale {} · Optimum {} · Armor {}",
                    unit.profile.tq, unit.profile.morale, range, unit.profile.armor
                ));
                let test = unit.test_die();
                if test != unit.profile.tq
                    && let Some(best) = unit.firing_line().find(|f| unit.figure_die(f) == test)
                {
                    ui.label(
                        RichText::new(format!("Tests with {test}: {}'s Troop Quality", best.name))
                            .weak(),
                    );
                }
            }
            if unit.presence == ambush_core::unit::Presence::InReserve {
                if let Some(ambush) = &unit.ambush {
                    ui.label(RichText::new(format!("In ambush: {}", ambush.terms())).weak());
                }
                if let Some(arrives) = &unit.arrives {
                    ui.label(
                        RichText::new(format!(
                            "Arrives on turn {} at {}",
                            arrives.turn, arrives.at
                        ))
                        .weak(),
                    );
                }
            }
            ui.horizontal_wrapped(|ui| {
                // Alike figures are shown once with a count: "2× Rifleman".
                let mut shown: Vec<(&ambush_core::unit::Figure, usize)> = Vec::new();
                for figure in unit.firing_line() {
                    match shown.iter_mut().find(|(f, _)| {
                        f.name == figure.name
                            && f.weapon == figure.weapon
                            && f.tq == figure.tq
                            && f.wound == figure.wound
                    }) {
                        Some((_, n)) => *n += 1,
                        None => shown.push((figure, 1)),
                    }
                }
                for (figure, n) in shown {
                    weapon_chip(ui, unit, figure, n);
                }
            });
            let dependants: Vec<String> = unit
                .figures
                .iter()
                .filter(|f| !f.in_firing_line())
                .map(|f| match f.wound {
                    Some(w) => format!("{} ({} wound)", f.name, w.name()),
                    None => f.name.clone(),
                })
                .collect();
            if !dependants.is_empty() {
                ui.label(format!("Dependants: {}", dependants.join(", ")));
            }
            if !unit.location.is_empty() {
                ui.label(RichText::new(format!("Position: {}", unit.location)).weak());
            }
            let badges = unit.badges(state.turn);
            if !badges.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    for b in &badges {
                        style::badge(ui, b);
                    }
                });
            }
            if !unit.non_combatant {
                actions_ui(unit, ui, queue);
            }
        });
    ui.add_space(4.0);
}

fn actions_ui(unit: &Unit, ui: &mut Ui, queue: &mut Vec<UiCommand>) {
    let name = &unit.name;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().button_padding = egui::vec2(5.0, 1.0);
        let small = |text: &str| RichText::new(text).size(13.0);
        if named_button(
            ui,
            small("Fire"),
            &format!("{name} fires"),
            unit.firing_count() > 0,
        )
        .clicked()
        {
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
        for spot in &game.state().hot_spots {
            let (fill, on, words) = match (spot.active, dark) {
                (true, true) => (Color32::from_rgb(120, 70, 20), Color32::WHITE, "active"),
                (true, false) => (
                    Color32::from_rgb(255, 225, 180),
                    Color32::from_rgb(110, 50, 0),
                    "active",
                ),
                (false, true) => (
                    Color32::from_gray(50),
                    Color32::from_gray(170),
                    "neutralized",
                ),
                (false, false) => (
                    Color32::from_gray(220),
                    Color32::from_gray(90),
                    "neutralized",
                ),
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
fn contacts_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let markers: Vec<_> = state.markers_on_table().collect();
    if markers.is_empty() {
        return;
    }
    style::heading(ui, format!("Contacts ({})", markers.len()));
    for contact in markers {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(contact.name()).strong());
            ui.label(RichText::new(&contact.at).weak());
            style::command_button(
                ui,
                game,
                "Marines see it",
                &format!("Marines see {}", contact.name()),
                ambush_core::game::Command::RevealContact {
                    marker: contact.marker.clone(),
                },
                queue,
            );
        });
    }
}
