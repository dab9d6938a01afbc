//! The table opened to phones, docked above the log: a line saying where it listens and how
//! many pages follow each seat, with "Fold" and "Close the table"; unfolded, each seat's link
//! as a QR code and as text, side by side, the address the links name (a choice, when this
//! computer has several) and whether the phones' faces are played without a click. Docked,
//! it covers nothing of the Now view: the desk gives it its room, and takes it back folded.

use egui::RichText;

use ambush_core::game::{Command, Settings};
use ambush_core::text::plural;

use super::phones::Phones;
use crate::ui::command::UiCommand;

/// The width of a seat's text beside its code, in points.
const TEXT_WIDTH: f32 = 150.0;

/// Draws the table's panel, if the table is open.
pub(super) fn table_panel_ui(
    ui: &mut egui::Ui,
    phones: &mut Phones,
    folded: bool,
    settings: &Settings,
    queue: &mut Vec<UiCommand>,
) {
    let Some(table) = &phones.table else {
        return;
    };
    let links = table.links();
    let live = table.live_pages();
    // The count of pages changes with no click: looked at again every second.
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs(1));
    let (hosts, chosen) = table.hosts();
    let host = &hosts[chosen];
    ui.horizontal(|ui| {
        ui.label(RichText::new("The table is open to phones").strong());
        ui.label(format!("at {}:{}", host.in_link(), table.address().port()));
        let pages: Vec<String> = links
            .iter()
            .map(|l| {
                let n = live[l.seat.index()];
                format!("{} {}", l.seat.title(), plural(n, "page", "pages"))
            })
            .collect();
        ui.label(RichText::new(pages.join(" · ")).weak());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Close the table").clicked() {
                queue.push(UiCommand::Phones(None));
            }
            let (words, hint) = if folded {
                ("Show the codes", "The links and their QR codes")
            } else {
                (
                    "Fold",
                    "Fold the links to this line, once the players have joined",
                )
            };
            if ui.button(words).on_hover_text(hint).clicked() {
                queue.push(UiCommand::FoldTable(!folded));
            }
        });
    });
    if folded {
        return;
    }
    if !host.reachable() {
        let why = table
            .hosts_problem()
            .map(|p| format!(" ({p})"))
            .unwrap_or_default();
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "No network address found on this computer{why}: a phone cannot reach these links. Join a network, then open the table again."
            ),
        );
    }
    let urls: Vec<&str> = links.iter().map(|l| l.url.as_str()).collect();
    phones.codes.keep_only(&urls);
    ui.horizontal_top(|ui| {
        for link in &links {
            ui.horizontal_top(|ui| {
                super::phones_qr::qr_ui(ui, &mut phones.codes, &link.url);
                ui.vertical(|ui| {
                    ui.set_max_width(TEXT_WIDTH);
                    ui.label(RichText::new(link.seat.title()).strong());
                    ui.add(egui::Label::new(RichText::new(&link.url).monospace().small()).wrap());
                });
            });
            ui.add_space(8.0);
        }
    });
    ui.horizontal(|ui| {
        if hosts.len() > 1 {
            ui.label("The links name");
            let words = |h: &ambush_phones::Host| format!("{} ({})", h.ip, h.interface);
            egui::ComboBox::from_id_salt("table_host")
                .selected_text(words(host))
                .show_ui(ui, |ui| {
                    for (n, other) in hosts.iter().enumerate() {
                        if ui.selectable_label(n == chosen, words(other)).clicked() {
                            queue.push(UiCommand::ChooseHost(other.ip));
                        }
                    }
                })
                .response
                .on_hover_text(
                    "This computer has several addresses: if a phone cannot open its link, try another.",
                );
            ui.separator();
        }
        let mut accept = settings.phones_accept;
        if ui
            .checkbox(&mut accept, "Play the phones' faces without my click")
            .changed()
        {
            // Stored with the game, as every setting is: a logged change.
            queue.push(UiCommand::Play(Command::ChangeSettings {
                settings: Settings {
                    phones_accept: accept,
                    ..settings.clone()
                },
            }));
        }
    });
}
