//! What each seat receives: plain data built from the game on the desk, filtered for the seat
//! before it is written out. The Regular seat and the Table view get what the table shows: no
//! unit hidden under a marker or held back in ambush, not its place, not what a marker hides,
//! and no line of the log or the agenda that names such a unit. The Insurgent seat gets its own
//! units, hidden or not, and what each marker hides.

use ambush_core::game::{Game, GameState};
use ambush_core::text::plural;
use ambush_core::unit::{Presence, Side, Unit};
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

/// One seat's view.
pub fn seat_view(
    game: &Game,
    seat: PhoneSeat,
    roll: Option<&WaitingRoll>,
    check: Option<&RollCheck>,
) -> SeatView {
    let state = game.state();
    let scenario = game.scenario();
    let sees_all = seat == PhoneSeat::Insurgent;
    let secret = if sees_all {
        Vec::new()
    } else {
        secret_names(state)
    };
    let masked = |text: String, instead: &str| {
        if mentions(&text, &secret) {
            instead.to_owned()
        } else {
            text
        }
    };
    let (regular, insurgent) = state.victory_points(scenario);
    let next = state
        .due_steps(scenario)
        .into_iter()
        .map(|step| {
            masked(
                format!("{} — {}", step.words, step.answers.name()),
                "A step for the Insurgent player, out of sight",
            )
        })
        .collect();
    let log = (0..game.event_count())
        .rev()
        .filter(|&n| game.in_effect(n))
        .filter_map(|n| game.outcome(n))
        .take(LOG_LINES)
        .map(|o| {
            masked(
                o.summary.clone(),
                "The Insurgent player did something out of sight",
            )
        })
        .collect();
    let sides = [Side::Regular, Side::Insurgent]
        .into_iter()
        .map(|side| SideView {
            name: format!("{side} units"),
            units: state
                .units
                .iter()
                .filter(|u| u.side == side && shown_to(state, u, sees_all))
                // A unit named after a hidden one (a leader who left it) would tell of it.
                .filter(|u| !mentions(&u.name, &secret))
                .map(|u| unit_view(state, u))
                .collect(),
        })
        .collect();
    let markers = state
        .markers_on_table()
        .map(|c| MarkerView {
            name: c.name(),
            at: c.at.clone(),
            hides: sees_all.then(|| {
                c.unit
                    .and_then(|u| state.unit(u))
                    .map_or_else(|| "nothing".to_owned(), |u| u.name.clone())
            }),
        })
        .collect();
    SeatView {
        seat,
        title: seat.title().to_owned(),
        scenario: scenario.name.clone(),
        headline: state.headline(),
        victory: format!("Regulars {regular} VP · Insurgents {insurgent} VP"),
        hot_spots: format!("Hot Spots: {}", state.hot_spots_words(" · ")),
        active: state
            .active_unit
            .and_then(|u| state.unit(u))
            .map(|u| u.name.clone()),
        next,
        sides,
        markers,
        log,
        roll: roll
            .zip(check)
            .map(|(roll, check)| roll_view(game, seat, roll, check, &secret)),
    }
}

/// The roll as a seat sees it: what it is for (masked where it names a unit the seat may not
/// know of), and which dice are the seat's.
fn roll_view(
    game: &Game,
    seat: PhoneSeat,
    roll: &WaitingRoll,
    check: &RollCheck,
    secret: &[String],
) -> RollView {
    let groups: Vec<GroupView> = check
        .groups
        .iter()
        .enumerate()
        .map(|(index, g)| {
            let out_of_sight = mentions(&g.group.label, secret);
            let sender = g.received.as_ref().map(|r| r.by);
            let sees_faces =
                (!out_of_sight && !check.secret) || sender == Some(Sender::Phone(seat));
            GroupView {
                index,
                label: if out_of_sight {
                    "Dice out of sight".to_owned()
                } else {
                    g.group.label.clone()
                },
                sides: g.group.die.sides(),
                count: g.group.count,
                each: if g.group.each.iter().any(|e| mentions(e, secret)) {
                    Vec::new()
                } else {
                    g.group.each.clone()
                },
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
    let label = roll.command.facts(game.state()).label;
    let label = if mentions(&label, secret) {
        "a roll out of sight".to_owned()
    } else {
        label
    };
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

/// A unit's card.
fn unit_view(state: &GameState, u: &Unit) -> UnitView {
    let place = match &u.presence {
        Presence::OnTable => match state.contact_of(u.id) {
            Some(c) => format!("{} (under {})", u.location, c.name()),
            None => u.location.clone(),
        },
        other => other.words(),
    };
    UnitView {
        name: u.name.clone(),
        place,
        strength: format!(
            "{} · Quality {} · Morale {}",
            plural(u.firing_count(), "figure", "figures"),
            u.profile.tq,
            u.profile.morale
        ),
        badges: u.badges(state.turn).iter().map(|b| b.label()).collect(),
    }
}

/// Whether a seat is shown a unit's card: units on the table the table shows, and for the
/// Insurgent seat its own units hidden or waiting too.
fn shown_to(state: &GameState, u: &Unit, sees_all: bool) -> bool {
    let waiting = matches!(u.presence, Presence::InReserve | Presence::AwaitingHotSpot)
        || (u.arrives.is_some() && !u.in_play() && !gone(u));
    if sees_all {
        u.in_play() || (u.side == Side::Insurgent && waiting)
    } else {
        u.in_play() && !state.is_hidden(u.id)
    }
}

fn gone(u: &Unit) -> bool {
    matches!(
        u.presence,
        Presence::LeftTable | Presence::Eliminated { .. }
    )
}

/// The names of the units the table does not show and has never shown: hidden under a marker,
/// waiting to be put under one, held back in ambush or due later. Any line naming one of them
/// is kept from the Regular seat and the Table view.
pub fn secret_names(state: &GameState) -> Vec<String> {
    state
        .units
        .iter()
        .filter(|u| u.side == Side::Insurgent)
        .filter(|u| {
            state.is_hidden(u.id)
                || matches!(u.presence, Presence::InReserve)
                || (u.arrives.is_some() && !u.in_play() && !gone(u))
        })
        .map(|u| u.name.clone())
        .filter(|name| !name.is_empty())
        .collect()
}

/// True when the text names one of these units (by a plain search: a name inside a longer one
/// counts too, which may hide a line too many but never shows one too many).
fn mentions(text: &str, names: &[String]) -> bool {
    names.iter().any(|name| text.contains(name.as_str()))
}
