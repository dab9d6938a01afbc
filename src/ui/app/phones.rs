//! The table opened to phones: the server started and stopped, the game published after every
//! change, and what the phones sent put into the waiting dice prompt, as if typed there. The
//! referee accepts the faces with one click ("Apply the dice"), or the desk plays them as soon
//! as the roll is whole (a setting). Nothing a phone sends is played any other way.
//!
//! The table opens where it last did (the address `--phones` gave, or the port the referee
//! chose), with the links the game had before if it was open then: they are kept with the game
//! until it is closed ([`super::table_keys`]). While it is open the desk asks for physical
//! dice, which the phones answer; the referee's own choice comes back when it closes, and is
//! all that is saved. In a solo game the opponent's dice stay the app's.

use std::net::SocketAddr;

use ambush_core::dice::{DiceRequest, Face};
use ambush_core::game::{Command, Seat};
use ambush_phones::{Limits, Received, Sender, Table, WaitingRoll};

use super::AssistantApp;
use super::table_keys;
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::Message;

/// Where "Open the table to phones" listens the first time: every address of this computer,
/// port 7878.
pub const DEFAULT_ADDRESS: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), 7878);

/// The table opened to phones, and what the desk keeps of it.
#[derive(Default)]
pub(super) struct Phones {
    /// The table, while it is open.
    pub table: Option<Table>,
    /// Physical dice while the table is open: on when it opens, as the phones answer the
    /// prompt; the referee may untick it. The preference stays as it was meanwhile.
    pub dice: bool,
    /// The port typed in the Game menu.
    pub port: String,
    /// The links' QR codes, encoded once per table.
    pub codes: super::phones_qr::QrCodes,
    /// The autosave file whose tokens were last kept.
    kept_for: Option<String>,
}

impl AssistantApp {
    /// Whether the desk asks for the faces of physical dice: the referee's choice, or while
    /// the table is open, the table's.
    pub(super) fn physical_dice(&self) -> bool {
        if self.phones.table.is_some() {
            self.phones.dice
        } else {
            self.prefs.physical_dice
        }
    }

    /// Opens the table for the game on the desk; `print` writes each seat's link on standard
    /// output, one line per seat (`SEAT URL`).
    pub(super) fn open_table(&mut self, address: SocketAddr, print: bool) {
        if self.phones.table.is_some() {
            return;
        }
        let Some(session) = &self.session else {
            self.message = Some(Message::error("Open a game first, then the table."));
            return;
        };
        let wake = self.wake.clone();
        let wake = move || {
            if let Some(ctx) = wake.get() {
                ctx.request_repaint();
            }
        };
        // The links this game had, if its table was open before (a restart, say).
        let kept = self
            .kept_identity()
            .zip(self.folder.autosave())
            .and_then(|(game, autosave)| table_keys::kept(autosave.parent()?, &game));
        let opened = match kept {
            Some(tokens) => {
                Table::open_keeping(address, session.game(), tokens, Limits::default(), wake)
            }
            None => Table::open(address, session.game(), wake),
        };
        match opened {
            Ok(mut table) => {
                if let Some(ip) = self.prefs.table_host {
                    table.choose_host(ip);
                }
                if print {
                    // A full or closed standard output must not end the game (println! would
                    // panic on a full disk): the links are on the desk anyway.
                    use std::io::Write;
                    let mut out = std::io::stdout().lock();
                    for link in table.links() {
                        let _ = writeln!(out, "{} {}", link.seat.word(), link.url);
                    }
                    let _ = out.flush();
                }
                // Opened here, it opens here again: the pages of this game find it after a
                // restart.
                let port = table.address().port();
                self.prefs.table_address = Some(SocketAddr::new(address.ip(), port));
                self.phones.port = port.to_string();
                // The phones answer the dice prompt: the desk asks for physical dice.
                self.phones.dice = true;
                self.phones.kept_for = None;
                self.phones.table = Some(table);
            }
            Err(e) => {
                let hint = if e.kind() == std::io::ErrorKind::AddrInUse {
                    " Another program uses this port: type another in Game > Open the table to phones."
                } else {
                    ""
                };
                if print {
                    // Asked for on the command line (`play --phones`): the terminal is told
                    // too, and the desk opens without the table.
                    use std::io::Write;
                    let _ = writeln!(
                        std::io::stderr().lock(),
                        "error: the table could not be opened on {address}: {e}; the desk is open without it (Game > Open the table to phones tries again)"
                    );
                }
                self.message = Some(Message::error(format!(
                    "The table could not be opened on {address}: {e}.{hint}"
                )));
            }
        }
    }

    /// Closes the table: the pages are told, and physical dice are as the referee left them.
    pub(super) fn close_table(&mut self) {
        self.phones.table = None;
        self.phones.codes = Default::default();
    }

    /// The autosave file the game on the desk goes on in, as [`table_keys::identity`] tells
    /// it: none for a game only looked at, one still being copied in, or no autosave.
    fn kept_identity(&self) -> Option<String> {
        let session = self.session.as_ref()?;
        if session.is_read_only() || session.is_copying() {
            return None;
        }
        table_keys::identity(&self.folder.autosave()?)
    }

    /// Another game on the desk (or none): the links kept are forgotten unless they are this
    /// game's, the one resumed from the autosave; an open table draws new ones.
    pub(super) fn table_for_another_game(&mut self) {
        if let Some(autosave) = self.folder.autosave()
            && let Some(folder) = autosave.parent()
        {
            let game = self.kept_identity();
            if let Err(e) = table_keys::forget_unless(folder, game.as_deref()) {
                self.message = Some(Message::error(format!(
                    "The links of the last game could not be removed from {}: {e}",
                    folder.display()
                )));
            }
        }
        self.phones.kept_for = None;
        if let (Some(table), Some(session)) = (&mut self.phones.table, &self.session) {
            table.new_game(session.game());
        }
    }

    /// Keeps the table's tokens with the game, once per autosave file.
    fn keep_tokens(&mut self) {
        let Some(tokens) = self.phones.table.as_ref().and_then(Table::tokens) else {
            return;
        };
        let Some(game) = self.kept_identity() else {
            return;
        };
        if self.phones.kept_for.as_deref() == Some(game.as_str()) {
            return;
        }
        let kept = self
            .folder
            .autosave()
            .and_then(|a| a.parent().map(|f| table_keys::keep(f, &game, &tokens)));
        if let Some(Err(e)) = kept {
            self.message = Some(Message::info(format!(
                "The links could not be kept with the game ({e}): they will change if the desk restarts."
            )));
        }
        self.phones.kept_for = Some(game);
    }

    /// Which groups of a command's dice the app rolls itself though the desk asks for physical
    /// dice: in a solo game with the table open, the opponent's (the Insurgent player's).
    pub(super) fn rolled_by_app(&self, command: &Command, request: &DiceRequest) -> Vec<bool> {
        let Some(state) = self.game().map(|g| g.state()) else {
            return vec![false; request.groups.len()];
        };
        if !state.settings().solo || self.phones.table.is_none() {
            return vec![false; request.groups.len()];
        }
        state
            .dice_seats(command, request)
            .into_iter()
            .map(|seat| seat == Seat::Insurgent)
            .collect()
    }

    /// Takes what the phones sent into the waiting prompt, before the frame is drawn.
    pub(super) fn phones_in(&mut self) {
        let (Some(table), Some(prompt)) = (&self.phones.table, &mut self.prompt) else {
            if let Some(table) = &self.phones.table {
                // Answers to a prompt that is gone are dropped: the phone was told it is over.
                let _ = table.drain();
            }
            return;
        };
        for sent in table.drain() {
            let received: Vec<bool> = prompt.from_phone.iter().map(Option::is_some).collect();
            let Some(group) = prompt.request.groups.get(sent.group) else {
                continue;
            };
            // The app's own dice (the solo opponent's) take no phone's faces.
            if !sent.fits(prompt.number, &received) || prompt.by_app(sent.group) {
                continue;
            }
            let faces = match sent.faces {
                Some(faces) => faces,
                None => match self.dice.roll_group(group) {
                    Ok(rolled) => rolled.faces,
                    Err(e) => {
                        log::error!("the desk could not roll the dice a phone asked for: {e}");
                        continue;
                    }
                },
            };
            prompt.inputs[sent.group] = faces_words(&faces);
            prompt.from_phone[sent.group] = Some(sent.seat);
        }
        let whole = prompt.check().iter().all(Result::is_ok);
        let accept = self
            .session
            .as_ref()
            .is_some_and(|s| s.game().state().settings().phones_accept);
        if accept && whole && prompt.from_phone.iter().any(Option::is_some) {
            let faces = prompt.check().into_iter().filter_map(Result::ok).collect();
            if let Some(prompt) = self.prompt.take() {
                self.queue.push(UiCommand::PlayTyped(prompt.command, faces));
            }
        }
    }

    /// Publishes the game and the roll waiting, after the frame's commands were applied, and
    /// keeps the table's tokens with the game.
    pub(super) fn phones_out(&mut self) {
        self.keep_tokens();
        let (Some(table), Some(session)) = (&mut self.phones.table, &self.session) else {
            return;
        };
        let roll = self.prompt.as_ref().map(|p| WaitingRoll {
            number: p.number,
            command: p.command.clone(),
            request: p.request.clone(),
            received: p
                .check()
                .into_iter()
                .enumerate()
                .map(|(i, check)| {
                    let by = match p.from_phone[i] {
                        Some(seat) => Sender::Phone(seat),
                        None if p.by_app(i) => Sender::App,
                        None => Sender::Desk,
                    };
                    check
                        .ok()
                        .filter(|_| p.request.groups[i].count > 0)
                        .map(|faces| Received { by, faces })
                })
                .collect(),
        });
        table.publish(session.game(), roll.as_ref());
    }
}

/// Faces as the prompt's field holds them.
pub(super) fn faces_words(faces: &[Face]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
