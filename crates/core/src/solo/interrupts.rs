//! The Insurgents' answer to a Regular activation: which units may interrupt it, each one's
//! choice between interrupting and waiting, weighed, and the words of how an interruption went.

use crate::game::{Command, Game, GameState, QualityPurpose, ReactionKind};
use crate::rules::checks::ReactionModifiers;
use crate::rules::fire::{self, FireModifiers};
use crate::unit::{Movement, Side, Unit, UnitId};

use super::{View, fire_modifiers, plan, weigh};

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
#[derive(Clone, Debug, PartialEq)]
pub struct InterruptDecision {
    /// The Insurgent unit.
    pub unit: UnitId,
    /// What it would interrupt.
    pub kind: ReactionKind,
    /// Why it holds, when the rules or its nature leave it no choice.
    pub held: Option<String>,
    /// Its choice between interrupting and waiting, weighed: the decision to roll.
    pub decide: Option<Command>,
    /// The words of the option to interrupt (the branch taken when the roll picks it).
    pub interrupt: String,
}

impl InterruptDecision {
    /// What the decision is about, as logged.
    pub fn about(regular: &str) -> String {
        format!("answer to {regular}'s activation")
    }

    /// The words for the player before the roll: why it holds, or its options with chances.
    pub fn summary(&self, state: &GameState) -> String {
        let name = state.shown_name(self.unit);
        if let Some(why) = &self.held {
            return why.clone();
        }
        if state.is_hidden(self.unit) {
            return format!("{name} weighs its options, unseen.");
        }
        match &self.decide {
            Some(Command::SoloDecide { options, .. }) => {
                let weighed: Vec<String> = options
                    .iter()
                    .map(|o| format!("{} {}% ({})", o.words, o.percent, o.odds))
                    .collect();
                format!("{name} weighs: {}", weighed.join(" · "))
            }
            _ => String::new(),
        }
    }
}

/// The Interrupt check the gate asks of this Insurgent unit before it may interrupt, if it asks
/// one now (a unit without a leader that has not passed one this turn).
pub fn interrupt_check(game: &Game, unit: UnitId) -> Option<Command> {
    let check = Command::QualityCheck {
        unit,
        purpose: QualityPurpose::Interrupt,
    };
    game.check(&check).is_ok().then_some(check)
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
/// whether it may interrupt, and weighs interrupting against waiting for those that may.
///
/// Doctrine: a unit the rules do not let interrupt (the gate says why: Shaken, done, already
/// interrupted…) holds, and so does a lone leader (he is worth more leading a unit). Any other
/// unit weighs two options by the exact odds (see `weigh`): interrupting now is worth its
/// chance of passing its Interrupt check (when it has no leader) times, if it wins the Reaction
/// test, the casualties its fire is expected to cause, and, if it loses, half of them less half
/// of the Marines' return fire; a failed check costs the fire it would have had in its own turn.
/// Waiting is worth that fire in its own turn, times the chance the Marines are still in sight
/// (one in two for a unit on the move, four in five for one standing still).
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
    let kind = interrupt_kind(target, action);
    let difficulty = state.settings.difficulty;
    let about = InterruptDecision::about(&target.name);
    let mut decisions: Vec<(i32, InterruptDecision)> = Vec::new();
    for (id, view) in views {
        let Some(unit) = state.unit(*id) else {
            continue;
        };
        if unit.side != Side::Insurgent {
            continue;
        }
        let name = &state.shown_name(unit.id);
        let interrupt = format!("interrupt {}", target.name);
        let hold = |reason: String| InterruptDecision {
            unit: *id,
            kind,
            held: Some(reason),
            decide: None,
            interrupt: interrupt.clone(),
        };
        if let Some(why) = why_it_holds(game, unit, target, kind) {
            decisions.push((0, hold(format!("{name} holds: {why}."))));
            continue;
        }
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
                words: interrupt.clone(),
                score: value,
                odds: format!(
                    "{check_words}first in the Reaction test {}, {fire_words}, return fire {back:.2}",
                    weigh::percent_words(p_first)
                ),
                leaning: weigh::Leaning::Bold,
                action: (),
            },
            weigh::Choice {
                words: "wait for its own turn".to_owned(),
                score: later,
                odds: format!(
                    "{later:.2} casualties expected then ({} chance the target is still in sight)",
                    weigh::percent_words(still_there)
                ),
                leaning: weigh::Leaning::Careful,
                action: (),
            },
        ];
        let (_, options) = weigh::options(choices, weigh::Stance::of(unit), difficulty);
        let firepower = fire::firepower(unit, &FireModifiers::default()).len() as i32;
        decisions.push((
            firepower,
            InterruptDecision {
                unit: *id,
                kind,
                held: None,
                decide: Some(Command::SoloDecide {
                    unit: *id,
                    about: about.clone(),
                    options,
                }),
                interrupt,
            },
        ));
    }
    // A unit under its marker gives nothing away: it holds, or weighs, without saying why.
    for (_, d) in &mut decisions {
        if state.is_hidden(d.unit) && d.held.is_some() {
            d.held = Some(format!("{} holds.", state.shown_name(d.unit)));
        }
    }
    // The strongest first.
    decisions.sort_by_key(|(firepower, d)| (d.decide.is_none(), -firepower));
    decisions.into_iter().map(|(_, d)| d).collect()
}

/// The Insurgent units whose view of the activating Regular unit can change the Insurgents'
/// answer: those that could interrupt it if they saw it (not those the rules hold back, nor
/// lone leaders). Only these are asked about.
pub fn asked_about(game: &Game, regular: UnitId, action: RegularAction) -> Vec<UnitId> {
    let state = game.state();
    let Some(target) = state.unit(regular) else {
        return Vec::new();
    };
    let kind = interrupt_kind(target, action);
    // In the order of the table, not of strength, so the questions never move; and with no
    // odds worked out, as this is asked every frame.
    let mut asked: Vec<UnitId> = state
        .units_in_play(Side::Insurgent)
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
