//! The layout of the desk: the top bar, the log, both sides' units and the tabs in the middle.

use crate::unit::Side;

use crate::ui::Tab;
use crate::ui::command::UiCommand;
use crate::ui::style::{self};

use crate::ui::AssistantApp;

impl AssistantApp {
    pub(super) fn game_ui(&mut self, ui: &mut egui::Ui) {
        let Self {
            session,
            desk,
            queue,
            prefs,
            message,
            path_input,
            show_path,
            plan,
            solo_paused,
            ..
        } = self;
        let Some(session) = session.as_ref() else {
            return;
        };
        let game = session.game();
        let dark = ui.visuals().dark_mode;
        let planned = plan.len();
        egui::Panel::top("top_bar").show(ui, |ui| {
            crate::ui::top_bar::top_bar_ui(ui, session, prefs, path_input, show_path, queue);
        });
        egui::Panel::bottom("log")
            .resizable(true)
            .default_size(120.0)
            .min_size(70.0)
            .show(ui, |ui| crate::ui::log::log_ui(ui, game, queue));
        egui::Panel::left("regulars")
            .resizable(true)
            .default_size(265.0)
            .min_size(200.0)
            .show(ui, |ui| {
                crate::ui::units::side_ui(ui, game, Side::Regular, dark, queue);
            });
        egui::Panel::right("insurgents")
            .resizable(true)
            .default_size(265.0)
            .min_size(200.0)
            .show(ui, |ui| {
                crate::ui::units::hot_spots_ui(ui, game);
                ui.separator();
                crate::ui::units::side_ui(ui, game, Side::Insurgent, dark, queue);
            });
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(m) = message.as_ref()
                && style::message_ui(ui, m)
            {
                queue.push(UiCommand::DismissMessage);
            }
            ui.horizontal_wrapped(|ui| {
                for tab in Tab::ALL {
                    if ui
                        .selectable_label(
                            desk.tab == tab,
                            egui::RichText::new(tab.label()).size(style::HEADING - 2.0),
                        )
                        .clicked()
                    {
                        desk.tab = tab;
                    }
                }
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt(("desk", desk.tab))
                .auto_shrink([false, false])
                .show(ui, |ui| match desk.tab {
                    Tab::Turn => crate::ui::turn::turn_ui(ui, game, &mut desk.turn, queue),
                    Tab::Fire => {
                        crate::ui::fire::fire_ui(ui, game, &mut desk.fire, &mut desk.turn, queue)
                    }
                    Tab::Tests => crate::ui::checks::tests_ui(ui, game, &mut desk.tests, queue),
                    Tab::Solo => crate::ui::solo::solo_ui(
                        ui,
                        game,
                        &mut desk.solo,
                        &mut desk.turn,
                        queue,
                        plan,
                    ),
                    Tab::Edit => crate::ui::edit::edit_ui(ui, game, &mut desk.edit, queue),
                    Tab::Scenario => crate::ui::scenario_info::scenario_ui(ui, game),
                });
        });
        // The player asked the opponent for a new plan: it may move again.
        if plan.len() > planned {
            *solo_paused = false;
        }
    }
}
