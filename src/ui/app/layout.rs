//! The layout of the desk: the top bar, the log, both sides' units and the tabs in the middle.

use ambush_core::unit::Side;

use crate::ui::Tab;
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self};

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
            folder,
            phones,
            ..
        } = self;
        let Some(session) = session.as_ref() else {
            return;
        };
        let game = session.game();
        let dark = ui.visuals().dark_mode;
        // Wide windows give the side panels and the log more room; their defaults follow the
        // window the game is first shown in, and the referee may resize them.
        let screen = ui.ctx().content_rect();
        let side_width = (screen.width() * 0.22).clamp(180.0, 460.0);
        // Growing the window grows the panels too: they never fall below a share of it.
        let side_min = (screen.width() * 0.17).clamp(170.0, 400.0);
        let row = ui.text_style_height(&egui::TextStyle::Body) + crate::ui::panels::log::ROW_GAP;
        // Ten lines of the log on a window of 1280×800 or more, and more on a tall one; on a
        // smaller window the log gives way to the desk (five lines), and it may be shrunk to
        // three, or folded to one, as the referee likes: the window remembers.
        let log_default = if screen.height() >= 600.0 {
            (screen.height() * 0.26).max(row * 10.0 + 40.0)
        } else {
            row * 5.0 + 40.0
        };
        let log_min = row * 3.0 + 40.0;
        let log_max = (screen.height() * 0.6).max(log_min);
        // The log at its default height gives way to a Now view that would otherwise need
        // scrolling, down to its latest line (the Now view shows the last result whole); a
        // height the referee dragged it to is kept as it is.
        let squeezed_min = row + 40.0;
        let log_height = match prefs.log_height {
            Some(dragged) => dragged.clamp(log_min, log_max),
            None => {
                let chosen = log_default.clamp(log_min, log_max);
                desk.log_fit
                    .filter(|_| desk.tab == Tab::Now)
                    .map_or(chosen, |fit| fit.clamp(squeezed_min, chosen))
            }
        };
        egui::Panel::top("top_bar").show(ui, |ui| {
            let not_autosaved = folder.problem();
            let table = super::top_bar::TableMenu {
                open: phones.table.is_some(),
                physical: if phones.table.is_some() {
                    phones.dice
                } else {
                    prefs.physical_dice
                },
                port: &mut phones.port,
                ip: prefs
                    .table_address
                    .unwrap_or(super::phones::DEFAULT_ADDRESS)
                    .ip(),
            };
            super::top_bar::top_bar_ui(
                ui,
                session,
                not_autosaved.as_deref(),
                prefs,
                table,
                path_input,
                show_path,
                queue,
            );
        });
        let mut shown_log = None;
        if prefs.log_folded {
            egui::Panel::bottom("log_folded").show(ui, |ui| {
                crate::ui::panels::log::folded_log_ui(ui, game, queue)
            });
        } else {
            // The panel keeps the height it was last drawn at: this one is set here (a drag
            // in progress goes by the pointer).
            let id = ui.scope_id().with("log");
            let dragging = ui.input(|i| i.pointer.is_decidedly_dragging());
            if let Some(state) = egui::containers::panel::PanelState::load(ui.ctx(), id)
                && !dragging
                && (state.outer_rect.height() - log_height).abs() > 0.5
            {
                let mut outer_rect = state.outer_rect;
                outer_rect.set_top(outer_rect.bottom() - log_height);
                ui.ctx().data_mut(|d| {
                    d.insert_persisted(id, egui::containers::panel::PanelState { outer_rect })
                });
            }
            let panel = egui::Panel::bottom("log")
                .resizable(true)
                .default_size(log_height)
                .min_size(log_min.min(log_height))
                .max_size(log_max)
                .show(ui, |ui| {
                    crate::ui::panels::log::log_ui(ui, game, &mut desk.log, queue)
                });
            // A height the referee dragged the log to is kept for the next run.
            let height = panel.response.rect.height();
            if dragging && (height - log_height).abs() > 1.0 {
                prefs.log_height = Some(height);
            }
            shown_log = Some(height);
        }
        // The table open to phones, docked above the log: it covers nothing of the desk.
        if phones.table.is_some() {
            egui::Panel::bottom("table_links").show(ui, |ui| {
                super::table_panel::table_panel_ui(
                    ui,
                    phones,
                    prefs.table_folded,
                    game.state().settings(),
                    queue,
                );
            });
        }
        // A look at a game open in another window: everything can be read, nothing played.
        let read_only = session.is_read_only();
        egui::Panel::left("regulars")
            .resizable(true)
            .default_size(side_width)
            .min_size(side_min)
            .show(ui, |ui| {
                if read_only {
                    ui.disable();
                }
                crate::ui::panels::units::side_ui(ui, game, Side::Regular, dark, queue);
            });
        egui::Panel::right("insurgents")
            .resizable(true)
            .default_size(side_width)
            .min_size(side_min)
            .show(ui, |ui| {
                if read_only {
                    ui.disable();
                }
                crate::ui::panels::units::hot_spots_ui(ui, game);
                ui.separator();
                crate::ui::panels::units::side_ui(ui, game, Side::Insurgent, dark, queue);
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let area = ui.max_rect();
            if let Some(m) = message.as_ref()
                && style::message_toast(ui.ctx(), area, m)
            {
                queue.push(UiCommand::DismissMessage);
            }
            ui.horizontal_wrapped(|ui| {
                for tab in Tab::ALL {
                    if ui
                        .selectable_label(
                            desk.tab == tab,
                            egui::RichText::new(tab.label()).size(style::ACTION),
                        )
                        .clicked()
                    {
                        desk.tab = tab;
                    }
                }
            });
            // A line under the tabs that takes as little of the desk's height as it can.
            ui.add(egui::Separator::default().spacing(1.0));
            if read_only {
                ui.disable();
            }
            // A new step of the turn opens at its top, its header and buttons in view, however
            // far the step before was scrolled.
            let step = crate::ui::widgets::desk_view(ui.ctx(), game).step.clone();
            let mut area = egui::ScrollArea::vertical()
                .id_salt(("desk", desk.tab))
                .auto_shrink([false, false]);
            if desk.tab == Tab::Now && desk.step_shown.as_ref() != Some(&step) {
                area = area.vertical_scroll_offset(0.0);
                desk.step_shown = Some(step);
            }
            let output = area.show(ui, |ui| match desk.tab {
                Tab::Now => crate::ui::now::now_ui(ui, game, &mut desk.now, &mut desk.solo, queue),
                Tab::Fire => crate::ui::tabs::fire::fire_ui(ui, game, &mut desk.fire, queue),
                Tab::Tests => {
                    crate::ui::tabs::tests_tab::tests_ui(ui, game, &mut desk.tests, queue)
                }
                Tab::Edit => crate::ui::tabs::edit::edit_ui(ui, game, &mut desk.edit, queue),
                Tab::Scenario => {
                    crate::ui::tabs::scenario::scenario_ui(ui, game, &mut desk.pages, queue)
                }
                Tab::Stats => crate::ui::tabs::stats::stats_ui(ui, game, &mut desk.stats),
            });
            // The log's height at which this Now view's steps and actions (down to the last
            // result, which the log's newest line tells too) would just fit: what they lack
            // (or have to spare) taken from (or given to) the log as drawn this frame.
            let fit = shown_log
                .filter(|_| desk.tab == Tab::Now)
                .map(|log| log - (desk.now.actions_height - output.inner_rect.height()));
            if fit.is_some_and(|f| desk.log_fit.is_none_or(|was| (was - f).abs() > 0.5)) {
                ui.ctx().request_repaint();
            }
            desk.log_fit = fit;
        });
    }
}

impl AssistantApp {
    /// The table screen for the players, in a window of its own while it is open: it reads the
    /// game, never changes it, and remembers its size, place and text size.
    pub(super) fn table_screen(&mut self, ctx: &egui::Context) {
        if !self.prefs.table_screen {
            return;
        }
        // Not before the desk has been painted once. The font atlas is shared by both
        // windows, and the first pass that uses it hands its whole image to the window whose
        // pass ends first: a table screen drawn inside the desk's very first pass took it (its
        // window not yet able to paint), the desk got only later glyphs, and both windows drew
        // words with letters missing until the app was closed.
        if ctx.cumulative_frame_nr() == 0 {
            ctx.request_repaint();
            return;
        }
        let Some(game) = self
            .session
            .as_ref()
            .map(ambush_core::session::Session::game)
        else {
            return;
        };
        let mut builder = egui::ViewportBuilder::default()
            .with_title("Ambush Alley — table screen")
            .with_inner_size([1280.0, 720.0]);
        if let Some([x, y, w, h]) = self.prefs.table_rect {
            builder = builder.with_position([x, y]).with_inner_size([w, h]);
        }
        let scale = self.prefs.table_scale;
        let (closed, rect, new_scale) = ctx.show_viewport_immediate(
            crate::ui::table_screen::viewport_id(),
            builder,
            |ui, class| {
                let mut scale = scale;
                let mut show = |ui: &mut egui::Ui| {
                    ui.horizontal(|ui| {
                        if ui.small_button("A−").clicked() {
                            scale = (scale - 0.1).max(0.6);
                        }
                        if ui.small_button("A+").clicked() {
                            scale = (scale + 0.1).min(3.0);
                        }
                    });
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        crate::ui::table_screen::table_screen_ui(ui, game, scale);
                    });
                };
                if class == egui::ViewportClass::EmbeddedWindow {
                    show(ui);
                } else {
                    egui::CentralPanel::default().show(ui, |ui| show(ui));
                }
                let (closed, rect) = ui.ctx().input(|i| {
                    let v = i.viewport();
                    (v.close_requested(), v.outer_rect.zip(v.inner_rect))
                });
                (closed, rect, scale)
            },
        );
        self.prefs.table_scale = new_scale;
        if let Some((outer, inner)) = rect {
            self.prefs.table_rect = Some([outer.min.x, outer.min.y, inner.width(), inner.height()]);
        }
        if closed {
            self.prefs.table_screen = false;
        }
    }
}
