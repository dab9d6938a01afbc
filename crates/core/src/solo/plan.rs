//! The solo opponent's plan: the steps it will take, when each runs, and what it waits for.
//!
//! The doctrine (`super`) decides; the plan turns a decision into commands for the game, in order,
//! each with the condition under which it still makes sense. The app takes one step at a time and
//! plays its command through the gate; a refusal stops the plan until the player acts. Before a
//! step is offered at all, [`refusal`] asks the gate about every command of it in turn, on a copy
//! of the game, as if every check passed.

use crate::dice::{DiceRequest, Rolled};
use crate::game::{
    Command, Detail, Event, FireContext, Game, GameState, Phase, QualityPurpose, ReactionKind,
    RuleError, Seat,
};
use crate::rules::checks::ReactionModifiers;
use crate::unit::{Movement, Side, Unit, UnitId};

use super::orders::{ORDERS, OrderFor, UnitOrders};
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
    /// Only once this unit has passed the Quality check it needed to act (or needs none): the
    /// step is dropped if the check failed, or while it has still to be taken; otherwise a
    /// refusal stops the plan.
    AfterCheck(UnitId),
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
                text: super::interrupt_words(&state.shown_name(ins.id), &reg.name, *kind, first),
            })
        }
        Step::CheckWords { unit } => {
            let passed = check_to_act(game, *unit)?;
            let name = state.shown_name(*unit);
            Some(Command::SoloNote {
                unit: Some(*unit),
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
/// highest faces of the dice the gate asks for (so every check passes); or the gate's first
/// refusal.
pub fn played_out(game: &Game, commands: &[Command]) -> Result<GameState, RuleError> {
    let mut state = game.state().clone();
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
    game.check(&check).is_ok().then_some(check)
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

/// The steps that carry out the Insurgents' answer to an activation: every decision in the log,
/// then, for each unit that interrupts, its Interrupt check if the gate asks one, and its
/// Reaction test with the words of the result and its fire when it acts first. When a Regular
/// unit on Overwatch could answer the interruption, the unit only declares it: Overwatch comes
/// before the Reaction test, which the panel offers once the player has answered
/// ([`declared_steps`]).
pub fn interrupt_steps(
    game: &Game,
    regular: UnitId,
    decisions: &[InterruptDecision],
    views: &[(UnitId, View)],
) -> Vec<Step> {
    let state = game.state();
    if state.unit(regular).is_none() {
        return Vec::new();
    }
    let hidden = state.settings.doctrine_hidden;
    let mut steps: Vec<Step> = decisions
        .iter()
        .filter_map(|d| d.held.as_ref().filter(|_| !hidden).map(|why| (d.unit, why)))
        .map(|(unit, why)| Step::note(Some(unit), why.clone()))
        .collect();
    for d in decisions {
        let Some(decide) = &d.decide else {
            continue;
        };
        let Command::SoloDecide { about, .. } = decide else {
            continue;
        };
        steps.push(Step::always(decide.clone()));
        let check = super::interrupt_check(game, d.unit);
        let declare = Command::DeclareInterrupt {
            insurgent: d.unit,
            regular,
            kind: d.kind,
        };
        let mut branch: Vec<Step> = check.iter().cloned().map(Step::always).collect();
        let opening: Vec<Command> = check.into_iter().chain([declare.clone()]).collect();
        if overwatch_may_answer(game, d.unit, &opening) {
            branch.push(Step::if_allowed(declare));
        } else {
            let view = view_of(views, d.unit, regular);
            branch.extend(test_steps(game, d.unit, regular, d.kind, &view));
        }
        steps.push(Step::Branch {
            unit: d.unit,
            about: about.clone(),
            option: d.interrupt.clone(),
            steps: branch,
        });
    }
    steps
}

/// True when, once this opening of an interruption is made, the gate would let a Regular unit
/// on Overwatch take its Reaction test against it.
fn overwatch_may_answer(game: &Game, insurgent: UnitId, opening: &[Command]) -> bool {
    let Ok(after) = played_out(game, opening) else {
        return false;
    };
    after.units_in_play(Side::Regular).any(|r| {
        let test = Command::ReactionTest {
            insurgent,
            regular: r.id,
            kind: ReactionKind::Overwatch,
            modifiers: ReactionModifiers::proposed(r),
        };
        after.allows(game.scenario(), &test)
    })
}

/// The rest of an interruption once it is declared (or at once): the Reaction test, its result
/// in words, and the Insurgent unit's fire if it acts first.
fn test_steps(
    game: &Game,
    insurgent: UnitId,
    regular: UnitId,
    kind: ReactionKind,
    view: &View,
) -> Vec<Step> {
    let state = game.state();
    let (Some(ins), Some(reg)) = (state.unit(insurgent), state.unit(regular)) else {
        return Vec::new();
    };
    vec![
        Step::if_allowed(Command::ReactionTest {
            insurgent,
            regular,
            kind,
            modifiers: ReactionModifiers::proposed(reg),
        }),
        Step::ReactionWords {
            insurgent,
            regular,
            kind,
        },
        Step::Give(
            interrupt_fire(state, ins, reg, view),
            When::InsurgentsFirst(insurgent),
        ),
    ]
}

/// Interruptions declared and waiting for their Reaction test, which the gate allows now:
/// (Insurgent unit, the Regular unit it interrupts). Units on Overwatch answer them first.
pub fn awaiting_test(game: &Game) -> Vec<(UnitId, UnitId)> {
    let state = game.state();
    state
        .interruptions
        .iter()
        .filter_map(|i| state.declared_interruption(i.insurgent))
        .filter(|i| {
            state.unit(i.regular).is_some_and(|reg| {
                game.check(&Command::ReactionTest {
                    insurgent: i.insurgent,
                    regular: i.regular,
                    kind: i.kind,
                    modifiers: ReactionModifiers::proposed(reg),
                })
                .is_ok()
            })
        })
        .map(|i| (i.insurgent, i.regular))
        .collect()
}

/// The steps of a declared interruption once Overwatch has answered it: its Reaction test, the
/// words of the result, and the fire if the Insurgents act first.
pub fn declared_steps(game: &Game, insurgent: UnitId, view: &View) -> Vec<Step> {
    let Some(declared) = game.state().declared_interruption(insurgent) else {
        return Vec::new();
    };
    test_steps(game, insurgent, declared.regular, declared.kind, view)
}

/// Interruptions where the Regulars reacted first and the Insurgent unit has still to fire:
/// (Insurgent unit, the Regular unit it interrupted).
pub fn waiting_to_fire(game: &Game) -> Vec<(UnitId, UnitId)> {
    game.state()
        .interruptions
        .iter()
        .filter(|i| !i.insurgents_first)
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
    // The note after the fire: only a fire the gate accepted is told.
    vec![
        Step::always(interrupt_fire(state, ins, reg, view)),
        Step::note(
            Some(insurgent),
            format!("{} fired on {} after its reaction.", ins.name, reg.name),
        ),
    ]
}

/// An Insurgent unit's interruption fire at the Regular unit it interrupts, as it sees it.
fn interrupt_fire(state: &GameState, ins: &Unit, reg: &Unit, view: &View) -> Command {
    Command::Fire {
        attacker: ins.id,
        target: reg.id,
        modifiers: super::fire_modifiers(state, ins, reg, view),
        context: FireContext::Interrupt,
    }
}

/// The commands an order gives on the table, in order (none for a unit under its marker that
/// stays hidden: it does nothing the table could see).
fn act_commands(
    game: &Game,
    unit: UnitId,
    order: &Order,
    views: &[(UnitId, View)],
) -> Vec<Command> {
    let state = game.state();
    let act = |movement| Command::InsurgentAction { unit, movement };
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
                Command::Fire {
                    attacker: unit,
                    target: *target,
                    modifiers: super::fire_modifiers(state, ins, reg, &view),
                    context: FireContext::Activation,
                },
            ]
        }
        Order::Join { into } => vec![Command::JoinUnit {
            from: unit,
            into: *into,
        }],
        Order::FallBack | Order::Advance { .. } | Order::BlockExit { .. } => {
            vec![act(Movement::Cautious)]
        }
        Order::StayHidden if state.is_hidden(unit) => Vec::new(),
        Order::TakeCover | Order::StayHidden => vec![act(Movement::Halted)],
    }
}

/// What comes before an order is carried out: the unit's Quality check when the gate asks one
/// (a unit without a leader), and the words of its result. Nothing is done on the table before
/// it; if it fails, the unit does nothing more this turn.
pub fn check_steps(game: &Game, unit: UnitId, order: &Order) -> Vec<Step> {
    if act_commands(game, unit, order, &[]).is_empty() {
        return Vec::new();
    }
    match action_check(game, unit) {
        Some(check) => vec![Step::always(check), Step::CheckWords { unit }],
        None => Vec::new(),
    }
}

/// What the order does on the table, each step only once its check (if it needed one) passed.
fn act_steps(game: &Game, unit: UnitId, order: &Order, views: &[(UnitId, View)]) -> Vec<Step> {
    act_commands(game, unit, order, views)
        .into_iter()
        .map(|c| Step::Give(c, When::AfterCheck(unit)))
        .collect()
}

/// The commands that carry out an order in the Insurgent phase: its Quality check first when
/// the gate asks one, then, only if it passed, the move and the fire.
pub fn order_steps(
    game: &Game,
    unit: UnitId,
    order: &Order,
    views: &[(UnitId, View)],
) -> Vec<Step> {
    let mut steps = check_steps(game, unit, order);
    steps.extend(act_steps(game, unit, order, views));
    steps
}

/// Why the gate would refuse some command of this order, its check passed, if it would.
pub fn order_refusal(
    game: &Game,
    unit: UnitId,
    order: &Order,
    views: &[(UnitId, View)],
) -> Option<RuleError> {
    refusal(game, &commands_of(&order_steps(game, unit, order, views)))
}

/// The steps of an Insurgent unit's decision in its phase: the decision, then, for the option
/// the roll takes, its Quality check when the gate asks one, before the player moves a figure.
pub fn decide_steps(game: &Game, orders: &UnitOrders) -> Vec<Step> {
    let mut steps = vec![Step::always(orders.decide.clone())];
    for choice in &orders.choices {
        let check = check_steps(game, orders.unit, &choice.action.order);
        if !check.is_empty() {
            steps.push(Step::Branch {
                unit: orders.unit,
                about: ORDERS.to_owned(),
                option: choice.words.clone(),
                steps: check,
            });
        }
    }
    steps
}

/// The player carried the order out on the table: its commands, then the note that it was
/// carried out, logged only once the gate has accepted them all (a refusal stops the plan
/// before it).
pub fn carried_out(game: &Game, order: &OrderFor, views: &[(UnitId, View)]) -> Vec<Step> {
    let mut steps = act_steps(game, order.unit, &order.order, views);
    steps.push(Step::Give(
        Command::SoloNote {
            unit: Some(order.unit),
            text: format!("Order: {} Carried out.", order.words),
        },
        When::AfterCheck(order.unit),
    ));
    steps
}

/// The order was stopped on the table (`what` stopped it): the unit holds where it is, and the
/// note says so once the gate has accepted it.
pub fn stopped(order: &OrderFor, what: &str) -> Vec<Step> {
    let unit = order.unit;
    vec![
        Step::Give(
            Command::InsurgentAction {
                unit,
                movement: Movement::Halted,
            },
            When::AfterCheck(unit),
        ),
        Step::Give(
            Command::SoloNote {
                unit: Some(unit),
                text: format!(
                    "Order: {} Stopped on the table: {what}; it holds where it is.",
                    order.words
                ),
            },
            When::AfterCheck(unit),
        ),
    ]
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
/// Marines) waits for the player's answer on the panel.
pub fn automatic_step(game: &Game) -> Option<Step> {
    let state = game.state();
    if !state.settings.solo || state.phase == Phase::GameOver {
        return None;
    }
    // Before anything else, the hidden units go under their markers.
    if !state.unplaced.is_empty() {
        return Some(Step::always(Command::PlaceContacts));
    }
    state
        .agenda(game.scenario())
        .due
        .into_iter()
        .filter(|step| step.answers == Seat::Insurgent && step.choices.len() == 1)
        .find_map(|step| step.choices.into_iter().next())
        .map(|item| Step::always(item.command))
}
