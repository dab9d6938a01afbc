//! What each seat receives: plain data built from the game on the desk, filtered for the seat
//! before it is written out, by the core's one owner of secrecy (`ambush_core::view::Sight`).
//! The Regular seat and the Table view get what the table shows: no unit hidden under a marker
//! or held back in ambush, not its place, not what a marker hides, and no line of the log or
//! the agenda that names such a unit. The Insurgent seat gets its own units, hidden or not,
//! and what each marker hides.

use ambush_core::game::Game;
use ambush_core::unit::Side;
use ambush_core::view::{Sight, TableView, Viewer};
use serde::Serialize;

use crate::roll::{RollCheck, Sender, WaitingRoll};
use crate::token::PhoneSeat;

/// How many of the latest log lines a page shows.
pub const LOG_LINES: usize = 8;

/// One seat's page, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The seat.
    pub seat: PhoneSeat,
    /// What the seat is called.
    pub title: String,
    /// The scenario's title.
    pub scenario: String,
    /// "Turn 3 — Regular activations, 2 of 3 done".
    pub headline: String,
    /// "Regulars 2 VP · Insurgents 1 VP".
    pub victory: String,
    /// "Hot Spots: 1 active · 2 neutralized".
    pub hot_spots: String,
    /// The Regular unit activated, if any.
    pub active: Option<String>,
    /// What is due, and whose answer it is.
    pub next: Vec<String>,
    /// The scenario's notes for the players (version 4) given as this turn began.
    pub notes: Vec<String>,
    /// Each side's units as this seat may see them.
    pub sides: Vec<SideView>,
    /// Markers on the table (what each hides: the Insurgent seat only).
    pub markers: Vec<MarkerView>,
    /// The latest lines of the log, newest first.
    pub log: Vec<String>,
    /// The roll the desk waits for, if any.
    pub roll: Option<RollView>,
}

/// One side's units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    /// "Regular units".
    pub name: String,
    /// The units.
    pub units: Vec<UnitView>,
}

/// One unit's card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitView {
    /// Its name.
    pub name: String,
    /// Where it stands, or how it waits off the table.
    pub place: String,
    /// "4 figures · Quality d8 · Morale d10".
    pub strength: String,
    /// Its statuses.
    pub badges: Vec<String>,
}

/// A marker on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MarkerView {
    /// "Contact A".
    pub name: String,
    /// Where it was set.
    pub at: String,
    /// What it hides: the Insurgent seat only ("Watchers", or "nothing").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hides: Option<String>,
}

/// The roll the desk waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollView {
    /// The prompt's number, which an answer names.
    pub number: u64,
    /// "Roll 6d8: Fireteam Alpha fires at Insurgents 1", or whose roll it is.
    pub words: String,
    /// True when some of its dice are this seat's to roll and not in yet.
    pub yours: bool,
    /// Its groups.
    pub groups: Vec<GroupView>,
}

/// One group of dice of the roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupView {
    /// Its place in the roll, which an answer names.
    pub index: usize,
    /// "Firepower".
    pub label: String,
    /// The die's faces (6, 8, 10 or 12).
    pub sides: u8,
    /// How many dice.
    pub count: u8,
    /// What each die is for, in order, when they are not alike.
    pub each: Vec<String>,
    /// Who rolls them ("the Regular player").
    pub whose: String,
    /// This seat rolls them.
    pub yours: bool,
    /// Their faces are in.
    pub received: bool,
    /// Who gave them, once in ("the Regular player's phone", "the desk", "the app").
    pub sent_by: Option<String>,
    /// Their faces, once in: for every seat when the dice are in sight, else for the seat
    /// that sent them alone.
    pub faces: Vec<u8>,
}

/// Every seat's view of the game now, and the roll's check for the server.
pub fn views(game: &Game, roll: Option<&WaitingRoll>) -> ([SeatView; 3], Option<RollCheck>) {
    let check = roll.map(|r| RollCheck::of(game, r));
    let views = PhoneSeat::ALL.map(|seat| seat_view(game, seat, roll, check.as_ref()));
    (views, check)
}

/// Who a phone seat is, to the core's owner of secrecy.
pub const fn viewer(seat: PhoneSeat) -> Viewer {
    match seat {
        PhoneSeat::Regular => Viewer::Regular,
        PhoneSeat::Insurgent => Viewer::Insurgent,
        PhoneSeat::Table => Viewer::Table,
    }
}

/// One seat's view.
pub fn seat_view(
    game: &Game,
    seat: PhoneSeat,
    roll: Option<&WaitingRoll>,
    check: Option<&RollCheck>,
) -> SeatView {
    let sight = Sight::new(game, viewer(seat));
    let scenario = game.scenario();
    let view = TableView::of(game, viewer(seat));
    let [regular, insurgent] = view.victory;
    let log = sight
        .lines()
        .filter(|line| line.in_effect)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .take(LOG_LINES)
        .map(|line| line.summary)
        .collect();
    let sides = [Side::Regular, Side::Insurgent]
        .into_iter()
        .map(|side| SideView {
            name: format!("{side} units"),
            units: view
                .units
                .iter()
                .filter(|u| u.side == side && (u.on_table || u.coming))
                .map(|u| UnitView {
                    name: u.name.clone(),
                    place: u.place.clone(),
                    strength: u.strength.clone(),
                    badges: u.badges.iter().map(|b| b.label.clone()).collect(),
                })
                .collect(),
        })
        .collect();
    let markers = view
        .markers
        .iter()
        .map(|c| MarkerView {
            name: c.name.clone(),
            at: c.at.clone(),
            hides: c.hides.clone(),
        })
        .collect();
    SeatView {
        seat,
        title: seat.title().to_owned(),
        scenario: scenario.name.clone(),
        headline: view.headline.clone(),
        victory: format!("Regulars {regular} VP · Insurgents {insurgent} VP"),
        hot_spots: format!("Hot Spots: {}", view.hot_spots),
        active: view
            .active
            .and_then(|u| view.unit(u))
            .map(|u| u.name.clone()),
        next: view.next.clone(),
        notes: view.notes.clone(),
        sides,
        markers,
        log,
        roll: roll
            .zip(check)
            .map(|(roll, check)| roll_view(&sight, seat, roll, check)),
    }
}

/// The roll as a seat sees it: what it is for (said only in brief when it names a unit the
/// seat may not know of), and which dice are the seat's.
fn roll_view(
    sight: &Sight<'_>,
    seat: PhoneSeat,
    roll: &WaitingRoll,
    check: &RollCheck,
) -> RollView {
    let label = sight.label(&roll.command);
    let readable = label.is_some();
    let words = sight.roll_words(&roll.command, &roll.request);
    let groups: Vec<GroupView> = check
        .groups
        .iter()
        .zip(words)
        .enumerate()
        .map(|(index, (g, words))| {
            let sender = g.received.as_ref().map(|r| r.by);
            // Faces the log keeps to itself reach only the phone that sent them.
            let sees_faces = (readable && !check.secret) || sender == Some(Sender::Phone(seat));
            GroupView {
                index,
                label: words.label,
                sides: g.group.die.sides(),
                count: g.group.count,
                each: words.each,
                whose: g.whose.to_owned(),
                yours: g.seat == Some(seat) && g.group.count > 0,
                received: g.received.is_some(),
                sent_by: sender.map(Sender::words),
                faces: g
                    .received
                    .as_ref()
                    .filter(|_| sees_faces)
                    .map(|r| r.faces.clone())
                    .unwrap_or_default(),
            }
        })
        .collect();
    let label = label.unwrap_or_else(|| "a roll out of sight".to_owned());
    let mine: Vec<String> = groups
        .iter()
        .filter(|g| g.yours && !g.received)
        .map(|g| format!("{}d{}", g.count, g.sides))
        .collect();
    // Whose dice are still to come: once every group is in, the referee plays them.
    let waiting: Vec<&str> = groups
        .iter()
        .filter(|g| g.count > 0 && !g.received)
        .map(|g| g.whose.as_str())
        .collect();
    let waiting = dedup(waiting);
    let words = if !mine.is_empty() {
        format!("Roll {}: {label}", mine.join(" + "))
    } else if waiting.is_empty() {
        format!("Every die is in; the referee plays them: {label}")
    } else {
        format!("Waiting for {}: {label}", waiting.join(" and "))
    };
    RollView {
        number: roll.number,
        words,
        yours: !mine.is_empty(),
        groups,
    }
}

fn dedup(mut words: Vec<&str>) -> Vec<&str> {
    let mut seen = Vec::new();
    words.retain(|w| {
        let first = !seen.contains(w);
        seen.push(*w);
        first
    });
    words
}
