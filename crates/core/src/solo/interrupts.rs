//! The Insurgents' answer to a Regular activation: which units may interrupt it, each one's
//! choice between interrupting and waiting, weighed, and the words of how an interruption went.

use crate::game::{Command, Game, QualityPurpose, ReactionKind, SoloOption};
use crate::rules::checks::ReactionModifiers;
use crate::rules::fire::{self, FireModifiers};
use crate::unit::{Movement, Side, Unit, UnitId};

use super::{View, fire_modifiers, plan, weigh};

/// What the Regular unit that activates does, as the player reports it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum RegularAction {
    /// It moves (first).
    #[default]
    Moves,
    /// It fires (first).
    Fires,
}

/// The answer to a Regular activation of one Insurgent unit in view, or of one marker (whatever
/// it hides).
#[derive(Clone, Debug, PartialEq)]
pub struct InterruptDecision {
    /// The Insurgent unit, in view or under its marker; none for a marker that hides nothing.
    pub unit: Option<UnitId>,
    /// The marker it answers under, while it is not revealed.
    pub marker: Option<String>,
    /// What it would interrupt.
    pub kind: ReactionKind,
    /// Why a unit in view holds, when the rules or its nature leave it no choice (a marker
    /// never holds in words: it decides, as every marker does).
    pub held: Option<String>,
    /// Its choice between interrupting and waiting, weighed: the decision to roll.
    pub decide: Option<Command>,
    /// The words of the option to interrupt (the branch taken when the roll picks it).
    pub interrupt: String,
    /// Its Firepower with no modifier: the strongest interrupt first.
    pub strength: usize,
}

impl InterruptDecision {
    /// What the decision is about, as logged.
    pub fn about(regular: &str) -> String {
        format!("answer to {regular}'s activation")
    }
}

/// The option every marker has when it does not interrupt.
pub const WAIT: &str = "wait for its own turn";

/// The decision of a marker: a unit under it weighs its options as any unit does; an empty one
/// and a unit under one that may not interrupt wait; every one of them is rolled for alike.
fn marker_decide(marker: &str, about: &str, options: Vec<SoloOption>) -> Command {
    Command::MarkerDecide {
        marker: marker.to_owned(),
        about: about.to_owned(),
        options,
    }
}

/// A marker's one certain option: it waits.
fn wait_only() -> Vec<SoloOption> {
    vec![SoloOption {
        words: WAIT.to_owned(),
        percent: 100,
        odds: "nothing it could do now".to_owned(),
    }]
}

/// The Interrupt check the gate asks of this Insurgent unit before it may interrupt, if it asks
/// one now (a unit without a leader that has not passed one this turn).
pub fn interrupt_check(game: &Game, unit: UnitId) -> Option<Command> {
    let check = Command::QualityCheck {
        unit,
        purpose: QualityPurpose::Interrupt,
    };
    // Asked as it will stand once the steps of a fire now due are settled: a plan waits for
    // them, and the check must not be left out of it meanwhile.
    game.state()
        .as_if_settled()
        .allows(game.scenario(), &check)
        .then_some(check)
}

/// The commands that open an interruption by this unit: its Interrupt check when the gate asks
/// one, then its Reaction test against the unit activating.
pub fn interrupt_opening(
    game: &Game,
    unit: UnitId,
    regular: &Unit,
    kind: ReactionKind,
) -> Vec<Command> {
    let test = Command::ReactionTest {
        insurgent: unit,
        regular: regular.id,
        kind,
        modifiers: ReactionModifiers::proposed(regular),
    };
    interrupt_check(game, unit)
        .into_iter()
        .chain([test])
        .collect()
}

/// Decides, for every Insurgent unit the player says can see the activating Regular unit,
/// whether it may interrupt, and weighs interrupting against waiting for those that may; and
/// has each marker seen (`markers`, those that hide nothing; a unit under a marker comes with
/// the views) decide as a marker. The answers come in the order of the table: the units in
/// view, then the markers in their order.
///
/// Doctrine: a unit the rules do not let interrupt (the gate says why: Shaken, done, already
/// interrupted…) holds, and so does a lone leader (he is worth more leading a unit). Any other
/// unit weighs two options by the exact odds (see `weigh`): interrupting now is worth its
/// chance of passing its Interrupt check (when it has no leader) times, if it wins the Reaction
/// test, the casualties its fire is expected to cause, and, if it loses, half of them less half
/// of the Marines' return fire; a failed check costs the fire it would have had in its own turn.
/// Waiting is worth that fire in its own turn, times the chance the Marines are still in sight
/// (one in two for a unit on the move, four in five for one standing still). A unit under a
/// marker that holds, and a marker that hides nothing, wait: rolled for all the same.
pub fn interrupts(
    game: &Game,
    regular: UnitId,
    action: RegularAction,
    views: &[(UnitId, View)],
    markers: &[String],
) -> Vec<InterruptDecision> {
    let state = game.state();
    let Some(target) = state.unit(regular) else {
        return Vec::new();
    };
    let kind = interrupt_kind(target, action);
    let about = InterruptDecision::about(&target.name);
    let interrupt = format!("interrupt {}", target.name);
    let mut decisions: Vec<InterruptDecision> = Vec::new();
    for (id, view) in views {
        let Some(unit) = state.unit(*id).filter(|u| u.side == Side::Insurgent) else {
            continue;
        };
        let marker = state.contact_of(unit.id).map(|c| c.marker.clone());
        let weighed = match why_it_holds(game, unit, target, kind) {
            Some(why) => Err(why),
            None => Ok(weigh_interrupting(game, unit, target, view, &interrupt)),
        };
        let decide = match (&marker, weighed) {
            (Some(marker), Ok(options)) => Some(marker_decide(marker, &about, options)),
            (Some(marker), Err(_)) => Some(marker_decide(marker, &about, wait_only())),
            (None, Ok(options)) => Some(Command::SoloDecide {
                unit: unit.id,
                about: about.clone(),
                options,
            }),
            (None, Err(why)) => {
                decisions.push(InterruptDecision {
                    unit: Some(unit.id),
                    marker: None,
                    kind,
                    held: Some(format!("{} holds: {why}.", unit.name)),
                    decide: None,
                    interrupt: interrupt.clone(),
                    strength: 0,
                });
                continue;
            }
        };
        decisions.push(InterruptDecision {
            unit: Some(unit.id),
            marker,
            kind,
            held: None,
            decide,
            interrupt: interrupt.clone(),
            strength: fire::firepower(unit, &FireModifiers::default()).len(),
        });
    }
    for marker in markers {
        let empty = state
            .markers_on_table()
            .any(|c| &c.marker == marker && c.unit.is_none());
        if empty {
            decisions.push(InterruptDecision {
                unit: None,
                marker: Some(marker.clone()),
                kind,
                held: None,
                decide: Some(marker_decide(marker, &about, wait_only())),
                interrupt: interrupt.clone(),
                strength: 0,
            });
        }
    }
    // The order of the table: the units in view by their number, then the markers in theirs.
    let place = |d: &InterruptDecision| match &d.marker {
        Some(m) => (
            1,
            state
                .contacts
                .iter()
                .position(|c| &c.marker == m)
                .unwrap_or(usize::MAX),
        ),
        None => (0, d.unit.map_or(usize::MAX, |u| u.0 as usize)),
    };
    decisions.sort_by_key(place);
    decisions
}

/// A unit's two options against the activating Regular unit, weighed: interrupt now, or wait
/// for its own turn.
fn weigh_interrupting(
    game: &Game,
    unit: &Unit,
    target: &Unit,
    view: &View,
    interrupt: &str,
) -> Vec<SoloOption> {
    let state = game.state();
    let difficulty = state.settings.difficulty;
    let speed = target.status.movement.unwrap_or(Movement::Halted);
    let modifiers = fire_modifiers(state, unit, target, view);
    let (now, fire_words) = weigh::fire_value(unit, target, &modifiers);
    let checked = interrupt_check(game, unit.id).is_some();
    let p_check = weigh::check_chance(unit, checked);
    let p_first = weigh::first_chance(unit, target);
    let back = weigh::return_fire(state, target, unit, view.in_range);
    let still_there = if speed == Movement::Halted { 0.8 } else { 0.5 };
    let later = now * still_there;
    let value = p_check * (p_first * now + (1.0 - p_first) * (0.5 * now - 0.5 * back))
        - (1.0 - p_check) * later
        + weigh::interrupt_readiness(difficulty);
    let check_words = if checked {
        format!("Interrupt check {}, ", weigh::percent_words(p_check))
    } else {
        String::new()
    };
    let choices = vec![
        weigh::Choice {
            words: interrupt.to_owned(),
            score: value,
            odds: format!(
                "{check_words}first in the Reaction test {}, {fire_words}, return fire {back:.2}",
                weigh::percent_words(p_first)
            ),
            leaning: weigh::Leaning::Bold,
            action: (),
        },
        weigh::Choice {
            words: WAIT.to_owned(),
            score: later,
            odds: format!(
                "{later:.2} casualties expected then ({} chance the target is still in sight)",
                weigh::percent_words(still_there)
            ),
            leaning: weigh::Leaning::Careful,
            action: (),
        },
    ];
    weigh::options(choices, weigh::Stance::of(unit), difficulty).1
}

/// The Insurgent units in view whose view of the activating Regular unit can change the
/// Insurgents' answer: those that could interrupt it if they saw it (not those the rules hold
/// back, nor lone leaders). Only these are asked about, and every marker on the table besides,
/// whatever it hides.
pub fn asked_about(game: &Game, regular: UnitId, action: RegularAction) -> Vec<UnitId> {
    let state = game.state();
    let Some(target) = state.unit(regular) else {
        return Vec::new();
    };
    let kind = interrupt_kind(target, action);
    // In the order of the table, not of strength, so the questions never move; and with no
    // odds worked out, as this is asked every frame.
    let mut asked: Vec<UnitId> = state
        .units_seen(Side::Insurgent)
        .filter(|u| why_it_holds(game, u, target, kind).is_none())
        .map(|u| u.id)
        .collect();
    asked.sort();
    asked
}

/// What an Insurgent unit would interrupt of the activating Regular unit, as
/// [`ReactionKind::interrupting`] decides: its movement, or its fire.
fn interrupt_kind(target: &Unit, action: RegularAction) -> ReactionKind {
    ReactionKind::interrupting(target, action != RegularAction::Moves)
}

/// Whether the player is asked what the activating Regular unit does first: only when an
/// interruption would break into something else if it moved first than if it fired first.
pub fn asks_what_first(target: &Unit) -> bool {
    interrupt_kind(target, RegularAction::Moves) != interrupt_kind(target, RegularAction::Fires)
}

/// Why an Insurgent unit may not interrupt the Regular unit, if it may not: the gate's refusal
/// of its Interrupt check or its Reaction test, as it would stand once the check is passed
/// (Shaken, done, already interrupted…), or a leader on his own, worth more leading a unit.
fn why_it_holds(game: &Game, unit: &Unit, target: &Unit, kind: ReactionKind) -> Option<String> {
    if let Some(why) = plan::refusal(game, &interrupt_opening(game, unit.id, target, kind)) {
        return Some(why.to_string());
    }
    unit.leaders_only()
        .then(|| "a leader alone saves himself to lead a unit".to_owned())
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
