//! The solo opponent's doctrine: how the app commands the Insurgents.
//!
//! Everything the app decides for the Insurgents is decided here, from the state of the game and
//! the player's answers about what only the table shows (who can see whom, who is in the open,
//! what is in range). Every decision comes with its reason in plain words. The doctrine is
//! described for players in `docs/solo-play.md`; the two must agree.
//!
//! What a unit may do is asked of the game's gate; the doctrine only chooses among what it allows.

mod orders;
pub mod plan;

pub use orders::{Order, OrderFor, hot_spot_choice, orders};

use crate::game::{Command, Game, GameState, QualityPurpose, ReactionKind};
use crate::rules::checks::ReactionModifiers;
use crate::rules::fire::{self, FireModifiers};
use crate::unit::{Movement, Side, Unit, UnitId};

/// What the player tells the app about one Insurgent unit's view of one Regular unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The Regular unit seen.
    pub regular: UnitId,
    /// The Regular unit is within the Insurgent unit's Optimum Range (doubled for its RPGs).
    pub in_range: bool,
    /// The Regular unit stands in the open, more than 2" from cover.
    pub exposed: bool,
    /// The Regular unit is behind Solid Cover from this unit.
    pub solid_cover: bool,
}

impl View {
    /// A view of `regular` with nothing reported about it yet.
    pub fn unseen(regular: UnitId) -> Self {
        Self {
            regular,
            in_range: false,
            exposed: false,
            solid_cover: false,
        }
    }
}

/// What the Regular unit that activates does, as the player reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RegularAction {
    /// It moves (first).
    #[default]
    Moves,
    /// It fires (first).
    Fires,
}

/// One Insurgent unit's answer to a Regular activation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterruptDecision {
    /// The Insurgent unit.
    pub unit: UnitId,
    /// Whether it tries to interrupt, and how.
    pub attempt: Option<ReactionKind>,
    /// Why, in words.
    pub reason: String,
}

/// The first command of an interruption by this unit: its Interrupt check if it has no leader,
/// else its Reaction test against the unit activating.
pub fn interrupt_opening(unit: &Unit, regular: &Unit, kind: ReactionKind) -> Command {
    if unit.needs_interrupt_check() {
        Command::QualityCheck {
            unit: unit.id,
            purpose: QualityPurpose::Interrupt,
        }
    } else {
        Command::ReactionTest {
            insurgent: unit.id,
            regular: regular.id,
            kind,
            modifiers: ReactionModifiers::proposed(regular),
        }
    }
}

/// Decides, for every Insurgent unit the player says can see the activating Regular unit,
/// whether it tries to interrupt.
///
/// Doctrine: a unit the rules do not let interrupt (the gate says why: Shaken, done, already
/// interrupted…) holds. A lone leader holds (he joins a unit in the Insurgent phase). A unit with a leader
/// interrupts whenever it has an opening: the target in the open, running (Rapid) or within
/// its Optimum Range. A unit without a leader risks its whole turn on the Interrupt check, so it
/// interrupts only an easy target: one in the open or running.
pub fn interrupts(
    game: &Game,
    regular: UnitId,
    action: RegularAction,
    views: &[(UnitId, View)],
) -> Vec<InterruptDecision> {
    let state = game.state();
    let Some(target) = state.unit(regular) else {
        return Vec::new();
    };
    let speed = target.status.movement.unwrap_or(Movement::Halted);
    // A unit standing still has no movement to interrupt: only its fire.
    let action = if speed == Movement::Halted {
        RegularAction::Fires
    } else {
        action
    };
    let kind = match action {
        RegularAction::Moves => ReactionKind::InterruptMovement,
        RegularAction::Fires => ReactionKind::InterruptFire,
    };
    let mut decisions: Vec<(i32, InterruptDecision)> = Vec::new();
    for (id, view) in views {
        let Some(unit) = state.unit(*id) else {
            continue;
        };
        if unit.side != Side::Insurgent {
            continue;
        }
        let name = &unit.name;
        let hold = |reason: String| InterruptDecision {
            unit: *id,
            attempt: None,
            reason,
        };
        if let Err(why) = game.check(&interrupt_opening(unit, target, kind)) {
            decisions.push((0, hold(format!("{name} holds: {why}."))));
            continue;
        }
        // Its check passed, would the rules let it interrupt this unit at all?
        let test = Command::ReactionTest {
            insurgent: unit.id,
            regular: target.id,
            kind,
            modifiers: ReactionModifiers::proposed(target),
        };
        if let Err(why) = state.check_once_checked(game.scenario(), unit.id, &test) {
            decisions.push((0, hold(format!("{name} holds: {why}."))));
            continue;
        }
        if unit.leaders_only() {
            decisions.push((
                0,
                hold(format!(
                    "{name} holds: a leader alone saves himself to lead a unit."
                )),
            ));
            continue;
        }
        // What makes the target inviting, named once: "Fireteam Bravo is in the open and
        // running", "it is within Optimum Range".
        let mut about_target = Vec::new();
        if view.exposed {
            about_target.push("in the open");
        }
        if speed == Movement::Rapid && action == RegularAction::Moves {
            about_target.push("running");
        }
        let easy = !about_target.is_empty();
        let mut openings = Vec::new();
        if easy {
            openings.push(format!("{} is {}", target.name, about_target.join(" and ")));
        }
        if view.in_range {
            openings.push("it is within Optimum Range".to_owned());
        }
        let firepower = fire::firepower(unit, &FireModifiers::default()).len() as i32;
        let attempt = |reason: String| InterruptDecision {
            unit: *id,
            attempt: Some(kind),
            reason,
        };
        let decision = if unit.has_leader() && !openings.is_empty() {
            attempt(format!(
                "{name} interrupts: it has a leader and {}.",
                openings.join(" and ")
            ))
        } else if unit.has_leader() {
            hold(format!(
                "{name} holds: no opening on {} (not in the open, not running, out of range); it waits for its own turn.",
                target.name
            ))
        } else if easy {
            attempt(format!(
                "{name} tries to interrupt without a leader: {}, too good to miss.",
                openings.join(" and ")
            ))
        } else {
            hold(format!(
                "{name} holds: without a leader it risks its turn on the Interrupt check, and {} is neither in the open nor running.",
                target.name
            ))
        };
        decisions.push((firepower, decision));
    }
    // The strongest interrupt first.
    decisions.sort_by_key(|(firepower, d)| (d.attempt.is_none(), -firepower));
    decisions.into_iter().map(|(_, d)| d).collect()
}

/// The plain-words result of an interruption once the Reaction test is made.
pub fn interrupt_words(
    insurgent: &str,
    regular: &str,
    kind: ReactionKind,
    insurgents_first: bool,
) -> String {
    match (kind, insurgents_first) {
        (ReactionKind::InterruptMovement, true) => {
            format!("{insurgent} fires on {regular} before it reaches cover.")
        }
        (ReactionKind::InterruptFire, true) => {
            format!("{insurgent} fires on {regular} before it can shoot.")
        }
        (_, true) => format!("{insurgent} acts first."),
        (_, false) => format!(
            "{regular} reacts first: it may fire on {insurgent} or get into cover or out of sight; then {insurgent} fires if it still can."
        ),
    }
}

/// The fire modifiers an Insurgent unit uses against a Regular unit, from the player's view.
pub fn fire_modifiers(
    state: &GameState,
    insurgent: &Unit,
    target: &Unit,
    view: &View,
) -> FireModifiers {
    FireModifiers {
        optimum_range: view.in_range,
        target_exposed: view.exposed,
        solid_cover: view.solid_cover,
        ..FireModifiers::proposed(insurgent, target, state.settings.interruption_penalty)
    }
}
