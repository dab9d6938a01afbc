//! The view of the game a seat has, as plain serde data, built on the gate, the agenda and
//! [`Sight`]: what the front ends used to work out from the raw state each on their own. The
//! desk's Now view and unit cards, the table screen and the phones draw from it.

use serde::Serialize;

use crate::game::{Command, Game, Phase};
use crate::rules::fire::OptimumReach;
use crate::text::plural;
use crate::unit::{Presence, Side, Unit, UnitId, Weapon};

use super::{Line, Sight, Viewer};

/// Who has activated, who interrupted, who is done, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Activations {
    /// Regular units that have activated this turn (not the one activating now), not done.
    pub activated: Vec<String>,
    /// Regular units that may still activate this turn.
    pub to_activate: Vec<String>,
    /// Insurgent units that interrupted this turn.
    pub interrupted: Vec<String>,
    /// Units done for the turn.
    pub done: Vec<String>,
}

/// A unit as a seat may see it: on its card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitCard {
    /// The unit.
    #[serde(skip)]
    pub id: UnitId,
    /// Its side.
    pub side: Side,
    /// Its name, as the seat knows it.
    pub name: String,
    /// On the table, in play.
    pub on_table: bool,
    /// Waiting to come on: held back (in ambush, due later) or waiting for its Hot Spot.
    pub coming: bool,
    /// Where it stands ("the north alley", "the school yard gate (under Contact E)"), or how
    /// it waits off the table ("in ambush").
    pub place: String,
    /// "4 figures · Quality d8 · Morale d10".
    pub strength: String,
    /// "4 figures + 2 dependants": dependants are carried, not fighting figures.
    pub count: String,
    /// "TQ d8 · Morale d10 · Optimum 6\" (12\" support) · Armor 0"; for a unit that never acts,
    /// what it waits for.
    pub profile: String,
    /// A leader's better Troop Quality, which the unit tests with, in words.
    pub tests_with: Option<String>,
    /// How it comes on, while it waits off the table: its ambush, its arrival.
    pub waiting: Vec<String>,
    /// Its figures in the firing line, alike ones once with their count: "2× Rifleman",
    /// "Gunner +1".
    pub figures: Vec<String>,
    /// Its dependants: "Contractor (serious wound)".
    pub dependants: Vec<String>,
    /// Its statuses, in words.
    pub badges: Vec<BadgeWords>,
    /// It never acts (dependants waiting to be picked up).
    pub non_combatant: bool,
    /// It has figures that may fire.
    pub fights: bool,
    /// The unit activating, or acting in the Insurgent phase.
    pub acting: bool,
}

/// A status on a card: its words, and whether it is bad news for the unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BadgeWords {
    /// "Pinned".
    pub label: String,
    /// Bad news (Pinned, Shaken, pulling back…).
    pub bad: bool,
}

/// A marker on the table, as a seat may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MarkerCard {
    /// Its name on the table ("B").
    pub marker: String,
    /// "Contact B".
    pub name: String,
    /// Where it was set.
    pub at: String,
    /// What it hides, when the seat may know ("Watchers", or "nothing").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hides: Option<String>,
}

/// The game as one seat may see it now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// Who looks.
    pub viewer: Viewer,
    /// "Turn 3 — Regular activations, 2 of 3 done".
    pub headline: String,
    /// The step in progress, in one line: "Cautious, 4\" left · Fireteam Alpha activating".
    pub step: String,
    /// The turn.
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
    /// How long the game is, as the seat may know it.
    pub length: Option<String>,
    /// Victory points: Regulars, Insurgents.
    pub victory: [i64; 2],
    /// "1 active · 2 neutralized".
    pub hot_spots: String,
    /// The Regular unit activating, when the seat knows of it.
    pub active: Option<UnitId>,
    /// The unit acting now in either phase: the Regular unit activating, or the Insurgent unit
    /// that acted last in its phase.
    pub acting: Option<UnitId>,
    /// Who has activated, who may still, who interrupted, who is done.
    pub activations: Activations,
    /// Every unit the seat may know of, in the game's order.
    pub units: Vec<UnitCard>,
    /// The markers on the table.
    pub markers: Vec<MarkerCard>,
    /// What is due and whose answer it is.
    pub next: Vec<String>,
    /// What comes next when nothing is due: "a Regular unit activates"; the score once over.
    pub phase_next: String,
    /// The latest event in effect the seat may read.
    pub last: Option<Line>,
    /// The scenario's notes for the players (version 4) given as this turn began: "The convoy
    /// radios that it is close." Everybody reads them.
    pub notes: Vec<String>,
}

impl TableView {
    /// The view of `viewer`.
    pub fn of(game: &Game, viewer: Viewer) -> Self {
        let sight = Sight::new(game, viewer);
        let state = game.state();
        let scenario = game.scenario();
        let (regular, insurgent) = state.victory_points(scenario);
        let active = state
            .active_unit()
            .filter(|u| sight.knows_of(*u) && state.phase() == Phase::RegularActivations);
        let acting = match state.phase() {
            Phase::RegularActivations => active,
            Phase::InsurgentActions => last_to_act(game).filter(|u| sight.knows_of(*u)),
            Phase::Reinforcements | Phase::GameOver => None,
        };
        let phase_next = match state.phase() {
            Phase::Reinforcements => "Next: the Insurgents' reinforcements".to_owned(),
            Phase::RegularActivations => "Next: a Regular unit activates".to_owned(),
            Phase::InsurgentActions => "Next: the Insurgent units act".to_owned(),
            Phase::GameOver => format!("Game over: {}", state.standing(scenario)),
        };
        Self {
            viewer,
            headline: state.headline(),
            step: step_words(game, &sight),
            turn: state.turn(),
            phase: state.phase(),
            length: sight.length_words(),
            victory: [regular, insurgent],
            hot_spots: state.hot_spots_words(scenario, " · "),
            active,
            acting,
            activations: activations(&sight),
            units: sight.units().map(|u| card(&sight, u, acting)).collect(),
            markers: state
                .markers_on_table()
                .map(|c| MarkerCard {
                    marker: c.marker.clone(),
                    name: c.name(),
                    at: c.at.clone(),
                    hides: sight
                        .hidden_by(c)
                        .map(|unit| unit.map_or_else(|| "nothing".to_owned(), |u| u.name.clone())),
                })
                .collect(),
            next: sight.next(),
            phase_next,
            last: sight.last_line(),
            notes: state
                .player_notes()
                .iter()
                .filter(|n| n.turn == state.turn() && state.phase() != Phase::GameOver)
                .map(|n| n.text.clone())
                .collect(),
        }
    }

    /// A unit's card, if the seat may know of it.
    pub fn unit(&self, id: UnitId) -> Option<&UnitCard> {
        self.units.iter().find(|u| u.id == id)
    }

    /// The cards of one side's units on the table.
    pub fn on_table(&self, side: Side) -> impl Iterator<Item = &UnitCard> {
        self.units
            .iter()
            .filter(move |u| u.side == side && u.on_table)
    }

    /// The cards of one side's units off the table (waiting, gone).
    pub fn off_table(&self, side: Side) -> impl Iterator<Item = &UnitCard> {
        self.units
            .iter()
            .filter(move |u| u.side == side && !u.on_table)
    }
}

/// The Insurgent unit that acted last in this turn's Insurgent phase (its own action declared).
fn last_to_act(game: &Game) -> Option<UnitId> {
    (0..game.event_count())
        .rev()
        .filter(|&n| game.in_effect(n))
        .filter_map(|n| game.event(n))
        .take_while(|e| !matches!(e.command, Command::StartInsurgentPhase))
        .find_map(|e| match e.command {
            Command::InsurgentAction { unit, .. } => Some(unit),
            _ => None,
        })
}

/// The step in progress, in one line.
fn step_words(game: &Game, sight: &Sight<'_>) -> String {
    let state = game.state();
    match state.phase() {
        Phase::Reinforcements => format!("Turn {}: Insurgent reinforcements", state.turn()),
        Phase::RegularActivations => match state
            .active_unit()
            .filter(|u| sight.knows_of(*u))
            .and_then(|a| state.unit(a))
        {
            Some(unit) if unit.in_play() => {
                let speed = if let Some(allowance) = state.movement_allowance(unit.id) {
                    format!(
                        "{}, {} left",
                        allowance.speed.name(),
                        crate::scenario::Scale::words(allowance.inches)
                    )
                } else if unit.status.overwatch() {
                    "on Overwatch".to_owned()
                } else {
                    "Halted".to_owned()
                };
                // The speed first: the unit's name is on the line above too.
                format!("{speed} · {} activating", sight.name(unit.id))
            }
            // Short enough for the line it shares with the button that ends the activations at
            // 1024×700; the turn is in the headline above.
            _ => "Choose a Regular unit to activate".to_owned(),
        },
        Phase::InsurgentActions => format!("Turn {}: the Insurgents act", state.turn()),
        Phase::GameOver => "The game is over".to_owned(),
    }
}

/// Who has activated, who may still, who interrupted, who is done, as the seat sees them.
fn activations(sight: &Sight<'_>) -> Activations {
    let state = sight.game().state();
    let active = state.active_unit();
    let names = |side: Side, pick: &dyn Fn(&Unit) -> bool| -> Vec<String> {
        sight
            .units_on_table(side)
            .filter(|u| !u.cannot_fight() && pick(u))
            .map(|u| u.name.clone())
            .collect()
    };
    let s = |u: &Unit| u.status.clone();
    Activations {
        activated: names(Side::Regular, &|u| {
            s(u).activated() && Some(u.id) != active && !s(u).done_for_turn()
        }),
        to_activate: names(Side::Regular, &|u| {
            !s(u).activated() && !s(u).done_for_turn()
        }),
        interrupted: names(Side::Insurgent, &|u| s(u).interrupts_made() > 0),
        done: sight
            .units_on_table(Side::Regular)
            .chain(sight.units_on_table(Side::Insurgent))
            .filter(|u| u.status.done_for_turn())
            .map(|u| u.name.clone())
            .collect(),
    }
}

/// A figure on a card: its name, its support weapon's bonus, its own Troop Quality, a slight
/// wound.
fn figure_words(unit: &Unit, figure: &crate::unit::Figure) -> String {
    let mut text = match figure.weapon {
        Weapon::Leader if figure.name.to_lowercase().contains("leader") => figure.name.clone(),
        Weapon::Leader => format!("{} (leader)", figure.name),
        weapon => match weapon.support_dice() {
            0 => figure.name.clone(),
            bonus => format!("{} +{bonus}", figure.name),
        },
    };
    if figure.weapon == Weapon::AtRpg && !figure.name.contains("AT") {
        text.push_str(" (AT)");
    }
    if let Some(tq) = figure.tq
        && tq != unit.profile.tq
    {
        text.push_str(&format!(" {tq}"));
    }
    if figure.wound == Some(crate::unit::Wound::Slight) {
        text.push_str(" (slight wound)");
    }
    text
}

/// A unit's card, as the seat knows it.
fn card(sight: &Sight<'_>, u: &Unit, acting: Option<UnitId>) -> UnitCard {
    let state = sight.game().state();
    let place = match &u.presence {
        Presence::OnTable => match sight.marker_of(u.id).or_else(|| state.contact_of(u.id)) {
            Some(c) => format!("{} (under {})", u.location, c.name()),
            None => u.location.clone(),
        },
        other => other.words(),
    };
    let reach = OptimumReach::of(u);
    let range = match reach.support {
        Some(support) => format!(
            "{} ({} support)",
            state.distance(reach.base),
            state.distance(support)
        ),
        None => state.distance(reach.base),
    };
    let profile = if let (true, Some(by)) = (u.non_combatant, u.freed_by) {
        // Captives (version 4): held by their side until the other side's unit reaches them.
        format!(
            "Held by the {}s: freed by {} that reaches them",
            u.side,
            by.a_unit()
        )
    } else if u.non_combatant {
        "Does not act: waiting to be picked up".to_owned()
    } else {
        format!(
            "TQ {} · Morale {} · Optimum {} · Armor {}",
            u.profile.tq, u.profile.morale, range, u.profile.armor
        )
    };
    let test = u.test_die();
    let tests_with = (!u.non_combatant && test != u.profile.tq)
        .then(|| u.firing_line().find(|f| u.figure_die(f) == test))
        .flatten()
        .map(|best| format!("Tests with {test}: {}'s Troop Quality", best.name));
    let mut waiting = Vec::new();
    if u.presence == Presence::InReserve {
        if let Some(ambush) = &u.ambush {
            waiting.push(format!("In ambush: {}", ambush.terms()));
        }
        if let Some(arrives) = &u.arrives {
            waiting.push(format!(
                "Arrives on turn {} at {}",
                arrives.turn, arrives.at
            ));
        }
    }
    // Alike figures are shown once with a count: "2× Rifleman".
    let mut figures: Vec<(String, usize)> = Vec::new();
    for figure in u.firing_line() {
        let words = figure_words(u, figure);
        match figures.iter_mut().find(|(w, _)| *w == words) {
            Some((_, n)) => *n += 1,
            None => figures.push((words, 1)),
        }
    }
    UnitCard {
        id: u.id,
        side: u.side,
        name: sight.name(u.id),
        on_table: u.in_play(),
        coming: matches!(u.presence, Presence::InReserve | Presence::AwaitingHotSpot),
        place,
        strength: format!(
            "{} · Quality {} · Morale {}",
            plural(u.firing_count(), "figure", "figures"),
            u.profile.tq,
            u.profile.morale
        ),
        count: if u.dependant_count() > 0 {
            format!(
                "{} + {}",
                plural(u.firing_count(), "figure", "figures"),
                plural(u.dependant_count(), "dependant", "dependants")
            )
        } else {
            plural(u.firing_count(), "figure", "figures")
        },
        profile,
        tests_with,
        waiting,
        figures: figures
            .into_iter()
            .map(|(w, n)| if n > 1 { format!("{n}× {w}") } else { w })
            .collect(),
        dependants: u
            .figures
            .iter()
            .filter(|f| !f.in_firing_line())
            .map(|f| match f.wound {
                Some(w) => format!("{} ({} wound)", f.name, w.name()),
                None => f.name.clone(),
            })
            .collect(),
        badges: u
            .badges(state.turn())
            .iter()
            .map(|b| BadgeWords {
                label: b.label(),
                bad: b.is_bad(),
            })
            .collect(),
        non_combatant: u.non_combatant,
        fights: u.firing_count() > 0 && !u.non_combatant,
        acting: acting == Some(u.id),
    }
}
