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
pub mod weigh;

pub use orders::{
    ORDERS, Order, OrderFor, UnitOrders, asked_in_phase, chosen, failed_checks, hot_spot_choice,
    orders,
};

use crate::game::{Command, Game, GameState, QualityPurpose, ReactionKind};
use crate::rules::checks::ReactionModifiers;
use crate::rules::fire::{self, FireModifiers, OptimumReach};
use crate::unit::{Movement, Side, Unit, UnitId, Weapon};

/// What the player tells the app about one Insurgent unit's view of one Regular unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The Regular unit seen.
    pub regular: UnitId,
    /// The Regular unit is within the Insurgent unit's Optimum Range (doubled for its support
    /// weapons): what the player answered, read by [`within_optimum_range`].
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

    /// The view the player reported: `regular` seen by this Insurgent unit at `distance`, the
    /// Optimum Range die following the unit's own reach.
    pub fn seen(
        insurgent: &Unit,
        regular: UnitId,
        distance: Distance,
        exposed: bool,
        solid_cover: bool,
    ) -> Self {
        Self {
            regular,
            in_range: within_optimum_range(insurgent, distance),
            exposed,
            solid_cover,
        }
    }
}

/// How far a Regular unit in sight stands from an Insurgent unit, as the player answers: within
/// which of the unit's own ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Distance {
    /// Beyond every range it is asked about.
    Farther,
    /// Within the doubled range of its support weapons, beyond that of its riflemen.
    SupportRange,
    /// Within the Optimum Range of its riflemen.
    RifleRange,
}

/// The answers to "does it see them, and how far?" besides "no", at the scale the game is
/// played at: farther, then the unit's own ranges, the longest first: the doubled range of
/// its support weapons where it has any, and that of its riflemen (an RPG gunner on his own is
/// asked only about his RPG's). A unit under a marker, and a marker that hides nothing
/// (`None`), are asked as every marker is, about both ranges of the arriving Insurgents, so
/// the question gives nothing away.
pub fn distance_answers(game: &Game, insurgent: Option<UnitId>) -> Vec<(Distance, String)> {
    let state = game.state();
    let within = |inches: u32, whose: Option<String>| match whose {
        Some(whose) => format!("yes, within {} of its {whose}", state.distance(inches)),
        None => format!("yes, within {}", state.distance(inches)),
    };
    let mut answers = vec![(Distance::Farther, "yes, farther".to_owned())];
    let shown = insurgent
        .filter(|id| !state.is_hidden(*id))
        .and_then(|id| state.unit(id));
    let Some(unit) = shown else {
        let reach = OptimumReach::new(game.scenario().insurgents.profile.optimum_range, true);
        if let Some(support) = reach.support {
            answers.push((Distance::SupportRange, within(support, None)));
        }
        answers.push((Distance::RifleRange, within(reach.base, None)));
        return answers;
    };
    let reach = OptimumReach::of(unit);
    match reach.support {
        None => answers.push((Distance::RifleRange, within(reach.base, None))),
        Some(support) => {
            answers.push((
                Distance::SupportRange,
                within(support, Some(support_words(unit))),
            ));
            if let Some(riflemen) = riflemen_words(unit) {
                answers.push((Distance::RifleRange, within(reach.base, Some(riflemen))));
            }
        }
    }
    answers
}

/// Whether a Regular unit at this distance is within the Insurgent unit's Optimum Range, as the
/// rules of fire count it (once, whichever of its ranges it is in): what the +1 die follows.
pub fn within_optimum_range(insurgent: &Unit, distance: Distance) -> bool {
    let reach = OptimumReach::of(insurgent);
    match distance {
        Distance::Farther => false,
        Distance::SupportRange => reach.support.is_some_and(|s| reach.covers(s as f32)),
        Distance::RifleRange => reach.covers(reach.base as f32),
    }
}

/// Whether a Regular unit surely has an Insurgent unit within its own Optimum Range, from
/// the player's answer about the Insurgent unit's reach: the answer says how far it is at
/// most, and the Regular unit's reach (doubled for its support weapons) must cover that.
pub fn regular_reaches(regular: &Unit, insurgent: &Unit, distance: Distance) -> bool {
    let theirs = OptimumReach::of(insurgent);
    let at_most = match distance {
        Distance::Farther => return false,
        Distance::SupportRange => theirs.support.unwrap_or(theirs.base),
        Distance::RifleRange => theirs.base,
    };
    OptimumReach::of(regular).covers(at_most as f32)
}

/// Its longest range in words, at the game's scale: "12\" for its RPG", or "6\"".
pub fn reach_words(state: &GameState, unit: &Unit) -> String {
    let reach = OptimumReach::of(unit);
    match reach.support {
        Some(support) => format!(
            "{} for its {}",
            state.distance(support),
            support_words(unit)
        ),
        None => state.distance(reach.base),
    }
}

/// The support weapons of a unit in words: "RPG", "RPGs", "light support weapon", "support
/// weapons".
fn support_words(unit: &Unit) -> String {
    let support: Vec<Weapon> = unit
        .firing_line()
        .map(|f| f.weapon)
        .filter(|w| w.is_support())
        .collect();
    let rpg = |w: &Weapon| matches!(w, Weapon::MediumSupport | Weapon::AtRpg);
    let one = support.len() == 1;
    let words = if support.iter().all(rpg) {
        if one { "RPG" } else { "RPGs" }
    } else if support.iter().all(|w| *w == Weapon::LightSupport) {
        if one {
            "light support weapon"
        } else {
            "light support weapons"
        }
    } else {
        "support weapons"
    };
    words.to_owned()
}

/// The figures of a unit that fire without a support weapon, in words ("riflemen", "leader"),
/// if it has any.
fn riflemen_words(unit: &Unit) -> Option<String> {
    let small_arms: Vec<_> = unit
        .firing_line()
        .filter(|f| !f.weapon.is_support())
        .collect();
    let one = small_arms.len() == 1;
    let words = if small_arms.is_empty() {
        return None;
    } else if small_arms.iter().all(|f| f.is_leader()) {
        if one { "leader" } else { "leaders" }
    } else if one {
        "rifleman"
    } else {
        "riflemen"
    };
    Some(words.to_owned())
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
