//! The table opened to phones: the server started and stopped, the game published after every
//! change, and what the phones sent put into the waiting dice prompt, as if typed there. The
//! referee accepts the faces with one click ("Apply the dice"), or the desk plays them as soon
//! as the roll is whole (a setting). Nothing a phone sends is played any other way.

use std::net::SocketAddr;

use egui::RichText;

use ambush_phones::{Received, Sender, Table, WaitingRoll};

use super::AssistantApp;
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::Message;

/// Where "Open the table to phones" listens: every address of this computer, port 7878.
pub const DEFAULT_ADDRESS: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), 7878);

impl AssistantApp {
    /// Opens the table for the game on the desk; `print` writes each seat's link on standard
    /// output, one line per seat (`SEAT URL`).
    pub(super) fn open_table(&mut self, address: SocketAddr, print: bool) {
        if self.phones.is_some() {
            return;
        }
        let Some(session) = &self.session else {
            self.message = Some(Message::error("Open a game first, then the table."));
            return;
        };
        let wake = self.wake.clone();
        match Table::open(address, session.game(), move || {
            if let Some(ctx) = wake.get() {
                ctx.request_repaint();
            }
        }) {
            Ok(table) => {
                if print {
                    // A full or closed standard output must not end the game (println! would
                    // panic on a full disk): the links are in the table's window anyway.
                    use std::io::Write;
                    let mut out = std::io::stdout().lock();
                    for link in table.links() {
                        let _ = writeln!(out, "{} {}", link.seat.word(), link.url);
                    }
                    let _ = out.flush();
                }
                // The phones answer the dice prompt: the desk asks for physical dice.
                self.prefs.physical_dice = true;
                self.phones = Some(table);
            }
            Err(e) => {
                self.message = Some(Message::error(format!(
                    "The table could not be opened on {address}: {e}"
                )));
            }
        }
    }

    /// Takes what the phones sent into the waiting prompt, before the frame is drawn.
    pub(super) fn phones_in(&mut self) {
        let (Some(table), Some(prompt)) = (&self.phones, &mut self.prompt) else {
            if let Some(table) = &self.phones {
                // Answers to a prompt that is gone are dropped: the phone was told it is over.
                let _ = table.drain();
            }
            return;
        };
        for sent in table.drain() {
            let Some(group) = prompt.request.groups.get(sent.group) else {
                continue;
            };
            if sent.roll != prompt.number || prompt.from_phone[sent.group].is_some() {
                continue;
            }
            let faces = match sent.faces {
                Some(faces) => faces,
                None => match self.dice.roll_group(group) {
                    Ok(rolled) => rolled.faces,
                    Err(_) => continue,
                },
            };
            prompt.inputs[sent.group] = faces
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            prompt.from_phone[sent.group] = Some(sent.seat);
        }
        let whole = prompt.check().iter().all(Result::is_ok);
        let accept = self
            .session
            .as_ref()
            .is_some_and(|s| s.game().state().settings.phones_accept);
        if accept && whole && prompt.from_phone.iter().any(Option::is_some) {
            let faces = prompt.check().into_iter().filter_map(Result::ok).collect();
            if let Some(prompt) = self.prompt.take() {
                self.queue.push(UiCommand::PlayTyped(prompt.command, faces));
            }
        }
    }

    /// Publishes the game and the roll waiting, after the frame's commands were applied, and
    /// shows the links.
    pub(super) fn phones_out(&mut self, ctx: &egui::Context) {
        let (Some(table), Some(session)) = (&mut self.phones, &self.session) else {
            return;
        };
        let roll = self.prompt.as_ref().map(|p| WaitingRoll {
            number: p.number,
            command: p.command.clone(),
            request: p.request.clone(),
            received: p
                .check()
                .into_iter()
                .zip(&p.request.groups)
                .zip(&p.from_phone)
                .map(|((c, g), from)| {
                    c.ok().filter(|_| g.count > 0).map(|faces| Received {
                        by: from.map_or(Sender::Desk, Sender::Phone),
                        faces,
                    })
                })
                .collect(),
        });
        table.publish(session.game(), roll.as_ref());
        let settings = session.game().state().settings.clone();
        let mut accept = settings.phones_accept;
        let mut close = false;
        // Kept in the bottom right corner, over the log, and folded with its title's arrow once
        // the players have joined: it never covers the Now view's buttons.
        egui::Window::new("The table, open to phones")
            .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
            .collapsible(true)
            .show(ctx, |ui| {
                ui.label("Each player opens their seat's link on a phone on this network:");
                // Side by side, so the window stays low and its title (with its fold arrow)
                // stays on the screen.
                ui.horizontal_top(|ui| {
                    for link in table.links() {
                        ui.vertical(|ui| {
                            ui.set_max_width(200.0);
                            ui.label(RichText::new(link.seat.title()).strong());
                            super::phones_qr::qr_ui(ui, &link.url);
                            ui.add(
                                egui::Label::new(RichText::new(&link.url).monospace().small())
                                    .wrap(),
                            );
                        });
                    }
                });
                ui.checkbox(&mut accept, "Play the phones' faces without my click");
                if ui.button("Close the table").clicked() {
                    close = true;
                }
            });
        if accept != settings.phones_accept {
            // Stored with the game, as every setting is: a logged change.
            self.queue.push(UiCommand::Play(
                ambush_core::game::Command::ChangeSettings {
                    settings: ambush_core::game::Settings {
                        phones_accept: accept,
                        ..settings
                    },
                },
            ));
        }
        if close {
            self.queue.push(UiCommand::Phones(None));
        }
    }
}
