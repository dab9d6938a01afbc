//! The solo opponent's plan: the steps it will take, when each runs, and what it waits for.
//!
//! The doctrine (`super`) decides; the plan turns a decision into commands for the game, in order,
//! each with the condition under which it still makes sense. The app takes one step at a time and
//! plays its command through the gate; a refusal stops the plan until the player acts.

use crate::game::{Command, FireContext, Game, PendingStep, Phase, QualityPurpose, ReactionKind};
use crate::rules::checks::ReactionModifiers;
use crate::unit::{Movement, Side, UnitId};

use super::{InterruptDecision, Order, View};

/// When a step of the plan is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum When {
    /// Always: a refusal stops the plan.
    Always,
    /// Only if the gate allows it by then (the unit may have failed its check, or been wiped
    /// out); otherwise the step is dropped.
    Allowed,
    /// Only if this unit's interruption let the Insurgents act first.
    InsurgentsFirst(UnitId),
}

/// One step of the solo opponent's plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Give a command, if its condition holds.
    Give(Command, When),
    /// Steps taken only if this unit's latest decision this turn about `about` took the option
    /// with these words (the roll is known only once the decision is played).
    Branch {
        /// The deciding unit.
        unit: UnitId,
        /// What the decision was about.
        about: String,
        /// The option's words.
        option: String,
        /// The steps.
        steps: Vec<Step>,
    },
    /// Log, in plain words, how this unit's interruption turned out.
    ReactionWords {
        /// The interrupting Insurgent unit.
        insurgent: UnitId,
        /// The Regular unit.
        regular: UnitId,
        /// What was interrupted.
        kind: ReactionKind,
    },
}

impl Step {
    /// A command given whatever happens.
    pub fn always(command: Command) -> Self {
        Self::Give(command, When::Always)
    }

    /// A command given only if the gate allows it when its turn comes.
    pub fn if_allowed(command: Command) -> Self {
        Self::Give(command, When::Allowed)
    }

    /// A note in the log.
    pub fn note(unit: Option<UnitId>, text: impl Into<String>) -> Self {
        Self::always(Command::SoloNote {
            unit,
            text: text.into(),
        })
    }
}

/// The next command of a plan, taking its steps from the front: a step whose condition does
/// not hold is dropped, and a branch is opened into its steps when its option was taken.
pub fn next_command(game: &Game, plan: &mut Vec<Step>) -> Option<Command> {
    while !plan.is_empty() {
        let step = plan.remove(0);
        if let Step::Branch {
            unit,
            about,
            option,
            steps,
        } = step
        {
            if taken(game, unit, &about).as_deref() == Some(option.as_str()) {
                plan.splice(0..0, steps);
            }
            continue;
        }
        if let Some(command) = command(game, &step) {
            return Some(command);
        }
    }
    None
}

/// The words of the option a unit's latest decision this turn about `about` took.
pub fn taken(game: &Game, unit: UnitId, about: &str) -> Option<String> {
    let state = game.state();
    state
        .solo_decisions
        .iter()
        .rev()
        .find(|d| d.unit == unit && d.turn == state.turn && d.about == about)
        .and_then(|d| d.taken())
        .map(|o| o.words.clone())
}

/// The command a step gives now, or `None` when its condition does not hold (it is dropped).
pub fn command(game: &Game, step: &Step) -> Option<Command> {
    let state = game.state();
    match step {
        Step::Branch { .. } => None,
        Step::Give(command, When::Always) => Some(command.clone()),
        Step::Give(command, When::Allowed) => game.check(command).is_ok().then(|| command.clone()),
        Step::Give(command, When::InsurgentsFirst(unit)) => state
            .interruption_by(*unit)
            .is_some_and(|i| i.insurgents_first)
            .then(|| command.clone()),
        Step::ReactionWords {
            insurgent,
            regular,
            kind,
        } => {
            let first = state.interruption_by(*insurgent)?.insurgents_first;
            let (ins, reg) = (state.unit(*insurgent)?, state.unit(*regular)?);
            Some(Command::SoloNote {
                unit: Some(*insurgent),
                text: super::interrupt_words(&state.shown_name(ins.id), &reg.name, *kind, first),
            })
        }
    }
}

/// The steps that carry out the Insurgents' answer to an activation: every decision in the log,
/// then, for each unit that interrupts, its check, its Reaction test, the words of the result,
/// and its fire when it acts first.
pub fn interrupt_steps(
    game: &Game,
    regular: UnitId,
    decisions: &[InterruptDecision],
    views: &[(UnitId, View)],
) -> Vec<Step> {
    let state = game.state();
    let Some(target) = state.unit(regular) else {
        return Vec::new();
    };
    let hidden = state.settings.doctrine_hidden;
    let mut steps: Vec<Step> = decisions
        .iter()
        .filter_map(|d| d.held.as_ref().filter(|_| !hidden).map(|why| (d.unit, why)))
        .map(|(unit, why)| Step::note(Some(unit), why.clone()))
        .collect();
    for d in decisions {
        let (Some(decide), Some(unit)) = (&d.decide, state.unit(d.unit)) else {
            continue;
        };
        let Command::SoloDecide { about, .. } = decide else {
            continue;
        };
        steps.push(Step::always(decide.clone()));
        let kind = d.kind;
        let mut branch = Vec::new();
        if unit.needs_interrupt_check() {
            branch.push(Step::always(Command::QualityCheck {
                unit: d.unit,
                purpose: QualityPurpose::Interrupt,
            }));
        }
        branch.push(Step::if_allowed(Command::ReactionTest {
            insurgent: d.unit,
            regular,
            kind,
            modifiers: ReactionModifiers::proposed(target),
        }));
        branch.push(Step::ReactionWords {
            insurgent: d.unit,
            regular,
            kind,
        });
        let view = view_of(views, d.unit, regular);
        branch.push(Step::Give(
            Command::Fire {
                attacker: d.unit,
                target: regular,
                modifiers: super::fire_modifiers(state, unit, target, &view),
                context: FireContext::Interrupt,
            },
            When::InsurgentsFirst(d.unit),
        ));
        steps.push(Step::Branch {
            unit: d.unit,
            about: about.clone(),
            option: d.interrupt.clone(),
            steps: branch,
        });
    }
    steps
}

/// Interruptions where the Regulars reacted first and the Insurgent unit has still to fire:
/// (Insurgent unit, the Regular unit it interrupted).
pub fn waiting_to_fire(game: &Game) -> Vec<(UnitId, UnitId)> {
    game.state()
        .interruptions
        .iter()
        .filter(|i| !i.insurgents_first && !i.insurgent_acted)
        .filter(|i| {
            let fire = Command::Fire {
                attacker: i.insurgent,
                target: i.regular,
                modifiers: Default::default(),
                context: FireContext::Interrupt,
            };
            game.check(&fire).is_ok()
        })
        .map(|i| (i.insurgent, i.regular))
        .collect()
}

/// The steps of an Insurgent unit's interruption fire once the Regulars' reaction is done.
pub fn fire_after_reaction(
    game: &Game,
    insurgent: UnitId,
    regular: UnitId,
    view: &View,
) -> Vec<Step> {
    let state = game.state();
    let (Some(ins), Some(reg)) = (state.unit(insurgent), state.unit(regular)) else {
        return Vec::new();
    };
    vec![
        Step::note(
            Some(insurgent),
            format!("{} fires on {} after its reaction.", ins.name, reg.name),
        ),
        Step::if_allowed(Command::Fire {
            attacker: insurgent,
            target: regular,
            modifiers: super::fire_modifiers(state, ins, reg, view),
            context: FireContext::Interrupt,
        }),
    ]
}

/// The commands that carry out an order in the Insurgent phase.
pub fn order_steps(
    game: &Game,
    unit: UnitId,
    order: &Order,
    views: &[(UnitId, View)],
) -> Vec<Step> {
    let state = game.state();
    let act = |movement| Step::always(Command::InsurgentAction { unit, movement });
    match order {
        Order::Fire { target } | Order::CloseAndFire { target } => {
            let (Some(ins), Some(reg)) = (state.unit(unit), state.unit(*target)) else {
                return Vec::new();
            };
            // Closing in: a Cautious move that ends within its Optimum Range.
            let closing = matches!(order, Order::CloseAndFire { .. });
            let view = View {
                in_range: closing || view_of(views, unit, *target).in_range,
                ..view_of(views, unit, *target)
            };
            vec![
                act(if closing {
                    Movement::Cautious
                } else {
                    Movement::Halted
                }),
                Step::if_allowed(Command::Fire {
                    attacker: unit,
                    target: *target,
                    modifiers: super::fire_modifiers(state, ins, reg, &view),
                    context: FireContext::Activation,
                }),
            ]
        }
        Order::Join { into } => vec![Step::always(Command::JoinUnit {
            from: unit,
            into: *into,
        })],
        Order::FallBack | Order::Advance { .. } | Order::BlockExit { .. } => {
            vec![act(Movement::Cautious)]
        }
        // A unit under its marker that stays hidden does nothing the table could see.
        Order::StayHidden if state.is_hidden(unit) => Vec::new(),
        Order::TakeCover | Order::StayHidden => vec![act(Movement::Halted)],
    }
}

/// What this Insurgent unit told the player it sees of that Regular unit.
fn view_of(views: &[(UnitId, View)], insurgent: UnitId, regular: UnitId) -> View {
    views
        .iter()
        .find(|(i, v)| *i == insurgent && v.regular == regular)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| View::unseen(regular))
}

/// The next step the solo opponent takes on its own, if any: the Insurgents' share of what is
/// due (reinforcements, ambushes, their casualties and Morale checks).
pub fn automatic_step(game: &Game) -> Option<Step> {
    let state = game.state();
    if !state.settings.solo || state.phase == Phase::GameOver {
        return None;
    }
    let insurgent = |id: UnitId| state.unit(id).is_some_and(|u| u.side == Side::Insurgent);
    // Before anything else, the hidden units go under their markers.
    if !state.unplaced.is_empty() {
        return Some(Step::always(Command::PlaceContacts));
    }
    for pending in &state.pending {
        if let Some(command) = pending.step.roll_command(pending.id) {
            return Some(Step::always(command));
        }
        let command = match &pending.step {
            PendingStep::Casualties { unit, count } if insurgent(*unit) => {
                let figures = state
                    .unit(*unit)
                    .map(|u| u.casualty_proposal(*count as usize))
                    .unwrap_or_default();
                Command::RemoveCasualties {
                    pending: pending.id,
                    figures,
                }
            }
            PendingStep::MoraleCheck { unit, .. } if insurgent(*unit) => Command::MoraleCheck {
                unit: *unit,
                modifier: 0,
                defensible: false,
            },
            _ => continue,
        };
        return Some(Step::always(command));
    }
    None
}
