//! The Edit tab: the table is the truth, so anything can be changed by hand — each change an
//! event in the log. Edits of the game as a whole (a unit added, the Hot Spots, the turn) are in
//! `game.rs`.

mod game;

use egui::{RichText, Ui};

use ambush_core::dice::Die;
use ambush_core::game::command::{NewFigure, NewUnit, UnitChanges};
use ambush_core::game::{Command, Game};
use ambush_core::unit::{Presence, PullBack, Side, UnitId, UnitStatus, Weapon};

use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button, unit_picker};

/// A status flag's setter, as the Statuses list ticks it.
type StatusSetter = fn(&mut UnitStatus, bool) -> &mut UnitStatus;

/// The edit form.
#[derive(Debug)]
pub struct EditForm {
    /// The unit being edited.
    pub unit: Option<UnitId>,
    /// Profile fields being typed, for the unit and moment they were filled from.
    profile: Option<(UnitId, usize, UnitChanges)>,
    new_figure: NewFigure,
    move_to: Option<UnitId>,
    pub(super) new_unit: NewUnit,
    pub(super) riflemen: u8,
}

impl Default for EditForm {
    fn default() -> Self {
        Self {
            unit: None,
            profile: None,
            new_figure: NewFigure {
                name: "Rifleman".to_owned(),
                weapon: Weapon::Rifle,
                tq: None,
            },
            move_to: None,
            new_unit: NewUnit {
                name: String::new(),
                side: Side::Insurgent,
                profile: ambush_core::unit::Profile {
                    tq: Die::D6,
                    morale: Die::D10,
                    optimum_range: 6,
                    armor: 0,
                },
                location: String::new(),
                figures: Vec::new(),
            },
            riflemen: 4,
        }
    }
}

pub(super) fn name_it(response: &egui::Response, role: egui::Role, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(role, true, name));
}

pub(super) fn die_picker(ui: &mut Ui, id: &str, name: &str, die: &mut Die) {
    let response = egui::ComboBox::from_id_salt(id)
        .selected_text(die.to_string())
        .show_ui(ui, |ui| {
            for d in Die::ALL {
                ui.selectable_value(die, d, d.to_string());
            }
        })
        .response;
    name_it(&response, egui::Role::ComboBox, name);
}

pub(super) fn weapon_picker(
    ui: &mut Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    name: &str,
    weapon: &mut Weapon,
) -> bool {
    let before = *weapon;
    let response = egui::ComboBox::from_id_salt(id)
        .selected_text(weapon.name())
        .show_ui(ui, |ui| {
            for w in Weapon::ALL {
                ui.selectable_value(weapon, w, w.name());
            }
        })
        .response;
    name_it(&response, egui::Role::ComboBox, name);
    before != *weapon
}

/// Draws the Edit tab.
pub fn edit_ui(ui: &mut Ui, game: &Game, form: &mut EditForm, queue: &mut Vec<UiCommand>) {
    style::heading(ui, "Edit by hand");
    ui.label("Every change here is an event in the log, and can be undone.");
    ui.horizontal_wrapped(|ui| {
        unit_picker(ui, "edit_unit", "Unit", game, |_| true, &mut form.unit);
    });
    if let Some(id) = form.unit
        && game.state().unit(id).is_some()
    {
        unit_edit_ui(ui, game, form, id, queue);
    }
    ui.separator();
    game::new_unit_ui(ui, form, queue);
    ui.separator();
    game::game_edit_ui(ui, game, queue);
}

fn unit_edit_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut EditForm,
    id: UnitId,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let Some(unit) = state.unit(id) else {
        return;
    };
    let moment = game.revision();
    if form
        .profile
        .as_ref()
        .is_none_or(|(u, m, _)| *u != id || *m != moment)
    {
        form.profile = Some((
            id,
            moment,
            UnitChanges {
                name: Some(unit.name.clone()),
                tq: Some(unit.profile.tq),
                morale: Some(unit.profile.morale),
                optimum_range: Some(unit.profile.optimum_range),
                armor: Some(unit.profile.armor),
                location: Some(unit.location.clone()),
            },
        ));
    }
    ui.collapsing(RichText::new("Profile").strong(), |ui| {
        let Some((_, _, p)) = form.profile.as_mut() else {
            return;
        };
        egui::Grid::new("profile_grid")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label("Name");
                if let Some(name) = p.name.as_mut() {
                    ui.text_edit_singleline(name);
                }
                ui.end_row();
                ui.label("Troop Quality");
                if let Some(tq) = p.tq.as_mut() {
                    die_picker(ui, "edit_tq", "Troop Quality", tq);
                }
                ui.end_row();
                ui.label("Morale");
                if let Some(m) = p.morale.as_mut() {
                    die_picker(ui, "edit_morale", "Morale", m);
                }
                ui.end_row();
                ui.label("Optimum Range (inches)");
                if let Some(r) = p.optimum_range.as_mut() {
                    name_it(
                        &ui.add(
                            egui::DragValue::new(r)
                                .range(ambush_core::limits::OPTIMUM_RANGE.range::<u32>()),
                        ),
                        egui::Role::SpinButton,
                        "Optimum Range (inches)",
                    );
                }
                ui.end_row();
                ui.label("Armor dice");
                if let Some(a) = p.armor.as_mut() {
                    name_it(
                        &ui.add(
                            egui::DragValue::new(a).range(ambush_core::limits::ARMOR.range::<u8>()),
                        ),
                        egui::Role::SpinButton,
                        "Armor dice",
                    );
                }
                ui.end_row();
                ui.label("Position");
                if let Some(l) = p.location.as_mut() {
                    ui.text_edit_singleline(l);
                }
                ui.end_row();
            });
        let changes = UnitChanges {
            name: p.name.clone().filter(|n| *n != unit.name),
            tq: p.tq.filter(|d| *d != unit.profile.tq),
            morale: p.morale.filter(|d| *d != unit.profile.morale),
            optimum_range: p.optimum_range.filter(|r| *r != unit.profile.optimum_range),
            armor: p.armor.filter(|a| *a != unit.profile.armor),
            location: p.location.clone().filter(|l| *l != unit.location),
        };
        let changed = changes != UnitChanges::default();
        if named_button(
            ui,
            "Apply profile changes",
            &format!("Apply profile changes to {}", unit.name),
            changed,
        )
        .clicked()
        {
            queue.push(UiCommand::Play(Command::EditUnit { unit: id, changes }));
        }
    });

    ui.collapsing(RichText::new("Statuses").strong(), |ui| {
        let mut s: UnitStatus = unit.status.clone();
        let before = s.clone();
        ui.horizontal_wrapped(|ui| {
            let flags: [(&str, bool, StatusSetter); 9] = [
                ("Pinned", s.pinned(), UnitStatus::set_pinned),
                ("In Cover", s.in_cover(), UnitStatus::set_in_cover),
                ("Overwatch", s.overwatch(), UnitStatus::set_overwatch),
                (
                    "Activated / acted",
                    s.activated(),
                    UnitStatus::set_activated,
                ),
                (
                    "Done for the turn",
                    s.done_for_turn(),
                    UnitStatus::set_done_for_turn,
                ),
                ("Fire only", s.fire_only(), UnitStatus::set_fire_only),
                (
                    "Has casualties",
                    s.has_casualties(),
                    UnitStatus::set_has_casualties,
                ),
                (
                    "Passed its Interrupt check",
                    s.passed_interrupt_check(),
                    UnitStatus::set_passed_interrupt_check,
                ),
                (
                    "Passed its Quality check to act",
                    s.passed_action_check(),
                    UnitStatus::set_passed_action_check,
                ),
            ];
            for (words, mut on, set) in flags {
                if ui.checkbox(&mut on, words).changed() {
                    set(&mut s, on);
                }
            }
            let mut shaken = unit.is_shaken(state.turn());
            if ui.checkbox(&mut shaken, "Shaken").changed() {
                s.set_shaken_on_turn(shaken.then_some(state.turn()));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Pull Back:");
            let mut pull_back = s.pull_back();
            ui.radio_value(&mut pull_back, PullBack::None, "no");
            ui.radio_value(&mut pull_back, PullBack::PullingBack, "pulling back");
            ui.radio_value(&mut pull_back, PullBack::Regrouping, "regrouping");
            s.set_pull_back(pull_back);
        });
        let mut times = s.times_interrupted();
        style::stepper(ui, "Times interrupted this turn", &mut times, 9);
        s.set_times_interrupted(times);
        let mut made = s.interrupts_made();
        style::stepper(
            ui,
            "Interrupts made this turn",
            &mut made,
            ambush_core::limits::INTERRUPTS.max as u8,
        );
        s.set_interrupts_made(made);
        if s != before {
            queue.push(UiCommand::Play(Command::SetStatus {
                unit: id,
                status: s,
            }));
        }
    });

    ui.collapsing(RichText::new("Figures").strong(), |ui| {
        for figure in &unit.figures {
            ui.horizontal_wrapped(|ui| {
                ui.label(&figure.name);
                let mut weapon = figure.weapon;
                if weapon_picker(
                    ui,
                    ("weapon", figure.id),
                    &format!("Weapon of {}", figure.name),
                    &mut weapon,
                ) {
                    queue.push(UiCommand::Play(Command::SetWeapon {
                        unit: id,
                        figure: figure.id,
                        weapon,
                    }));
                }
                if named_button(
                    ui,
                    "Remove",
                    &format!("Remove {} from {}", figure.name, unit.name),
                    true,
                )
                .clicked()
                {
                    queue.push(UiCommand::Play(Command::RemoveFigure {
                        unit: id,
                        figure: figure.id,
                    }));
                }
                // Offered where the gate allows it (a Regular figure).
                let killed = Command::RecordKilled {
                    unit: id,
                    figure: figure.id,
                };
                if game.check(&killed).is_ok()
                    && named_button(
                        ui,
                        "Killed",
                        &format!("Record {} of {} killed", figure.name, unit.name),
                        true,
                    )
                    .on_hover_text("Taken off, and counted for victory points for Regulars killed")
                    .clicked()
                {
                    queue.push(UiCommand::Play(killed));
                }
                // Offered where the gate allows it (a leader with figures to leave behind).
                let detach = Command::DetachLeader {
                    unit: id,
                    figure: figure.id,
                };
                if game.check(&detach).is_ok()
                    && named_button(ui, "Detach", &format!("Detach {}", figure.name), true)
                        .clicked()
                {
                    queue.push(UiCommand::Play(detach));
                }
                if let Some(to) = form.move_to
                    && to != id
                    && named_button(
                        ui,
                        "Move",
                        &format!("Move {} to the chosen unit", figure.name),
                        true,
                    )
                    .clicked()
                {
                    queue.push(UiCommand::Play(Command::MoveFigure {
                        figure: figure.id,
                        to,
                    }));
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            unit_picker(
                ui,
                "move_to",
                "Move figures to",
                game,
                |u| u.side == unit.side && u.id != id && u.in_play(),
                &mut form.move_to,
            );
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("New figure:");
            ui.add(egui::TextEdit::singleline(&mut form.new_figure.name).desired_width(140.0))
                .labelled_by(label.id);
            weapon_picker(
                ui,
                "new_figure_weapon",
                "Weapon of the new figure",
                &mut form.new_figure.weapon,
            );
            if named_button(
                ui,
                "Add figure",
                &format!("Add a figure to {}", unit.name),
                !form.new_figure.name.trim().is_empty(),
            )
            .clicked()
            {
                queue.push(UiCommand::Play(Command::AddFigure {
                    unit: id,
                    figure: form.new_figure.clone(),
                }));
            }
        });
    });

    ui.horizontal_wrapped(|ui| {
        if unit.in_play() {
            if named_button(
                ui,
                "Take off the table",
                &format!("Take {} off the table", unit.name),
                true,
            )
            .clicked()
            {
                queue.push(UiCommand::Play(Command::SetPresence {
                    unit: id,
                    presence: Presence::Eliminated {
                        cause: ambush_core::unit::Elimination::RemovedByReferee,
                    },
                }));
            }
        } else if named_button(
            ui,
            "Put back on the table",
            &format!("Put {} back on the table", unit.name),
            !unit.figures.is_empty(),
        )
        .clicked()
        {
            queue.push(UiCommand::Play(Command::SetPresence {
                unit: id,
                presence: Presence::OnTable,
            }));
        }
    });
}
