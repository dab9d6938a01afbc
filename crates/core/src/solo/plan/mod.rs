//! The solo opponent's plan: the steps it will take, when each runs, and what it waits for.
//!
//! The doctrine (`super`) decides; the plan turns a decision into commands for the game, in order,
//! each with the condition under which it still makes sense. The app takes one step at a time and
//! plays its command through the gate; a refusal stops the plan until the player acts. Before a
//! step is offered at all, [`refusal`] asks the gate about every command of it in turn, on a copy
//! of the game, as if every check passed.

mod interruptions;
mod orders;

pub use interruptions::{
    awaiting_test, declared_steps, fire_after_reaction, fire_held, fire_when_first, held_fire,
    interrupt_steps, opening_steps, waiting_to_fire,
};
pub use orders::{
    carried_out, check_steps, decide_steps, declared, order_refusal, order_steps, otherwise,
    stopped,
};

use crate::dice::{DiceRequest, Rolled};
use crate::game::{
    Command, Decider, Detail, Event, Game, GameState, Phase, QualityPurpose, ReactionKind,
    RuleError, Seat, SoloDecision,
};
use crate::unit::UnitId;

use super::View;

/// When a step of the plan is taken.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// Always: a refusal stops the plan.
    Always,
    /// Only if the gate allows it by then (the unit may have failed its check, or been wiped
    /// out); otherwise the step is dropped.
    Allowed,
    /// Only if this unit's interruption let the Insurgents act first.
    InsurgentsFirst(UnitId),
    /// Only once this unit has passed the Quality check it needed to act (or needs none): the
    /// step is dropped if the check failed, or while it has still to be taken; otherwise a
    /// refusal stops the plan.
    AfterCheck(UnitId),
}

/// One step of the solo opponent's plan.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
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
    /// Log, in plain words, how this unit's Quality check to act turned out: it carries out
    /// its order, or it does nothing more this turn.
    CheckWords {
        /// The Insurgent unit.
        unit: UnitId,
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
            answer_to: None,
            text: text.into(),
        })
    }

    /// A note in the log that is part of the Insurgents' answer to this Regular unit's
    /// activation.
    pub fn answer_note(unit: Option<UnitId>, regular: UnitId, text: impl Into<String>) -> Self {
        Self::always(Command::SoloNote {
            unit,
            answer_to: Some(regular),
            text: text.into(),
        })
    }
}

/// The next command of a plan, taking its steps from the front: a step whose condition does
/// not hold is dropped, and a branch is opened into its steps when its option was taken. A
/// step the gate refuses only until steps now due are settled (casualties, First Aid, Morale)
/// waits at the front: the plan gives nothing until they are, so the Insurgents' own are
/// taken by [`automatic_step`] and the player's are answered on the desk.
pub fn next_command(game: &Game, plan: &mut Vec<Step>) -> Option<Command> {
    while !plan.is_empty() {
        if waits(game, &plan[0]) {
            return None;
        }
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

/// True when this step would be taken but for steps now due: its condition holds (as far as
/// it can be told before they are settled) and the gate refuses its command only until they are.
fn waits(game: &Game, step: &Step) -> bool {
    let Step::Give(command, when) = step else {
        return false;
    };
    let due_first = game.check(command).is_err_and(|e| e.waits_for_steps_due());
    due_first
        && match when {
            When::Always | When::Allowed => true,
            When::InsurgentsFirst(unit) => game
                .state()
                .interruption_by(*unit)
                .is_some_and(|i| i.insurgents_first),
            When::AfterCheck(unit) => check_to_act(game, *unit) != Some(false),
        }
}

/// The words of the option a unit's latest decision this turn about `about` took.
pub fn taken(game: &Game, unit: UnitId, about: &str) -> Option<String> {
    game.state()
        .decision_of(Decider::Unit(unit), about)
        .and_then(SoloDecision::taken)
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
        Step::Give(command, When::AfterCheck(unit)) => {
            let failed = check_to_act(game, *unit) == Some(false);
            (!failed && action_check(game, *unit).is_none()).then(|| command.clone())
        }
        Step::ReactionWords {
            insurgent,
            regular,
            kind,
        } => {
            let first = state.interruption_by(*insurgent)?.insurgents_first;
            let (ins, reg) = (state.unit(*insurgent)?, state.unit(*regular)?);
            Some(Command::SoloNote {
                unit: Some(*insurgent),
                answer_to: Some(*regular),
                text: super::interrupt_words(&state.shown_name(ins.id), &reg.name, *kind, first),
            })
        }
        Step::CheckWords { unit } => {
            let passed = check_to_act(game, *unit)?;
            let name = state.shown_name(*unit);
            Some(Command::SoloNote {
                unit: Some(*unit),
                answer_to: None,
                text: if passed {
                    format!("{name} passed its Quality check: it carries out its order.")
                } else {
                    format!("{name} failed its Quality check: it does nothing more this turn.")
                },
            })
        }
    }
}

/// The game as it would stand after these commands, given one after another, each with the
/// highest faces of the dice the gate asks for (so every check passes), once the steps of a
/// fire now due are settled (a plan's step waits for them: see [`next_command`]); or the gate's
/// first refusal.
pub fn played_out(game: &Game, commands: &[Command]) -> Result<GameState, RuleError> {
    let mut state = game.state().as_if_settled();
    for command in commands {
        let request = state.check(game.scenario(), command)?;
        let event = Event::new(command.clone(), highest_faces(&request));
        state.apply_in_place(game.scenario(), &event)?;
    }
    Ok(state)
}

/// The gate's first refusal of these commands given one after another, every check passed, if
/// it refuses one: what the opponent asks before it offers a step.
pub fn refusal(game: &Game, commands: &[Command]) -> Option<RuleError> {
    played_out(game, commands).err()
}

/// Every command a plan's steps may give, in order, as if each condition held.
pub fn commands_of(steps: &[Step]) -> Vec<Command> {
    steps
        .iter()
        .flat_map(|step| match step {
            Step::Give(command, _) => vec![command.clone()],
            Step::Branch { steps, .. } => commands_of(steps),
            Step::ReactionWords { .. } | Step::CheckWords { .. } => Vec::new(),
        })
        .collect()
}

fn highest_faces(request: &DiceRequest) -> Vec<Rolled> {
    request
        .groups
        .iter()
        .map(|g| Rolled::new(g.role, g.die, vec![g.die.sides(); usize::from(g.count)]))
        .collect()
}

/// The Quality check the gate asks of an Insurgent unit before its own action, if it asks one
/// now (a unit without a leader that has not passed one this turn).
pub fn action_check(game: &Game, unit: UnitId) -> Option<Command> {
    let check = Command::QualityCheck {
        unit,
        purpose: QualityPurpose::ActWithoutLeader,
    };
    // Asked as it will stand once the steps of a fire now due are settled: a plan waits for
    // them, and the check must not be left out of it meanwhile.
    game.state()
        .as_if_settled()
        .allows(game.scenario(), &check)
        .then_some(check)
}

/// Whether this unit's Quality check to act, this turn, passed: as the dice said, from the log
/// (`None` when it took none).
pub fn check_to_act(game: &Game, unit: UnitId) -> Option<bool> {
    for n in (0..game.event_count()).rev() {
        if !game.in_effect(n) {
            continue;
        }
        let command = &game.event(n)?.command;
        match command {
            Command::EndTurn | Command::SetTurn { .. } => return None,
            Command::QualityCheck {
                unit: u,
                purpose: QualityPurpose::ActWithoutLeader,
            }
            | Command::InsurgentAction { unit: u, .. }
                if *u == unit =>
            {
                if let Some(Detail::Check(result)) = game.outcome(n).map(|o| &o.detail) {
                    return Some(result.passed);
                }
            }
            _ => {}
        }
    }
    None
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
/// due, as the agenda lists it (reinforcements, ambushes, their casualties and Morale checks),
/// where the agenda leaves a single command to give; a choice (the Hot Spot nearest the
/// Marines) waits for the player's answer on the panel. Then, with nothing due of theirs, a
/// unit in view that may claim In Cover (it stood still the whole turn before and has not moved
/// since, l.169) claims it: it costs nothing until the unit moves.
pub fn automatic_step(game: &Game) -> Option<Step> {
    let state = game.state();
    if !state.settings.solo || state.phase == Phase::GameOver {
        return None;
    }
    // Before anything else, the hidden units go under their markers.
    if !state.unplaced.is_empty() {
        return Some(Step::always(Command::PlaceContacts));
    }
    let due = state
        .due_steps(game.scenario())
        .into_iter()
        .filter(|step| step.answers == Seat::Insurgent && step.choices.len() == 1)
        .find_map(|step| step.choices.into_iter().next())
        .map(|item| Step::always(item.command));
    due.or_else(|| {
        state
            .units_seen(crate::unit::Side::Insurgent)
            .map(|u| Command::DeclareInCover { unit: u.id })
            .find(|claim| game.check(claim).is_ok())
            .map(Step::always)
    })
}
