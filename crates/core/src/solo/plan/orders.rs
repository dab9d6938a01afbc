//! The steps of an order in the Insurgent phase: the decision, the unit's Quality check when
//! the gate asks one, then what the player carries out on the table, or the order stopped.

use crate::game::{Command, FireContext, Game, Phase, RuleError};
use crate::solo::{ORDERS, Order, OrderFor, UnitOrders, View, fire_modifiers};
use crate::unit::{Movement, UnitId};

use super::{Step, When, action_check, commands_of, refusal, view_of};

/// The speed this Insurgent unit has declared for its own action this phase, while its fire is
/// still to come: its order goes on from there.
pub fn declared(game: &Game, unit: UnitId) -> Option<Movement> {
    let state = game.state();
    let u = state.unit(unit)?;
    (state.phase == Phase::InsurgentActions && u.status.interrupts_made == 0 && !u.status.fired)
        .then_some(u.status.movement)
        .flatten()
}

/// The commands an order gives on the table, in order (none for a unit under its marker that
/// stays hidden: it does nothing the table could see). A speed the unit has already declared is
/// not declared again.
fn act_commands(
    game: &Game,
    unit: UnitId,
    order: &Order,
    views: &[(UnitId, View)],
) -> Vec<Command> {
    let mut commands = order_commands(game, unit, order, views);
    let speed = declared(game, unit);
    commands.retain(
        |c| !matches!(c, Command::InsurgentAction { movement, .. } if Some(*movement) == speed),
    );
    commands
}

/// The commands of an order from its start.
fn order_commands(
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
                    modifiers: fire_modifiers(state, ins, reg, &view),
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

/// True when, once this Insurgent unit has declared its speed, a Regular unit on Overwatch
/// would be allowed to fire at it: it interrupts the action before its fire (l.141).
fn overwatch_may_interrupt(game: &Game, unit: UnitId, declaration: &Command) -> bool {
    let Ok(after) = super::played_out(game, std::slice::from_ref(declaration)) else {
        return false;
    };
    let Some(target) = after.unit(unit) else {
        return false;
    };
    after
        .units_in_play(crate::unit::Side::Regular)
        .filter(|r| r.status.overwatch)
        .any(|r| {
            after
                .fire_the_table_may_judge(r, target, FireContext::Overwatch, |fire| {
                    after.check(game.scenario(), fire)
                })
                .is_some()
        })
}

/// The player carried the order out on the table: its commands, then the note that it was
/// carried out, logged only once the gate has accepted them all (a refusal stops the plan
/// before it). An order to stand and fire, when a unit on Overwatch could interrupt it, is
/// carried out in two steps: first the unit declares it stands (Halted), and Overwatch may
/// fire before it does; its fire comes with the next click (its card stays until then).
pub fn carried_out(game: &Game, order: &OrderFor, views: &[(UnitId, View)]) -> Vec<Step> {
    let unit = order.unit;
    let commands = act_commands(game, unit, &order.order, views);
    if let [
        declaration @ Command::InsurgentAction { .. },
        Command::Fire { .. },
    ] = commands.as_slice()
        && matches!(order.order, Order::Fire { .. })
        && overwatch_may_interrupt(game, unit, declaration)
    {
        return vec![
            Step::Give(declaration.clone(), When::AfterCheck(unit)),
            Step::Give(
                Command::SoloNote {
                    answer_to: None,
                    unit: Some(unit),
                    text: format!(
                        "Order: {} It declares it stands and fires: units on Overwatch that see it may fire first.",
                        order.words
                    ),
                },
                When::AfterCheck(unit),
            ),
        ];
    }
    let mut steps = act_steps(game, order.unit, &order.order, views);
    steps.push(Step::Give(
        Command::SoloNote {
            answer_to: None,
            unit: Some(order.unit),
            text: format!("Order: {} Carried out.", order.words),
        },
        When::AfterCheck(order.unit),
    ));
    steps
}

/// The order was stopped on the table (`what` stopped it): the unit holds where it is, and the
/// note says so once the gate has accepted it.
pub fn stopped(game: &Game, order: &OrderFor, what: &str) -> Vec<Step> {
    let unit = order.unit;
    let mut steps = Vec::new();
    if declared(game, unit).is_none() {
        steps.push(Step::Give(
            Command::InsurgentAction {
                unit,
                movement: Movement::Halted,
            },
            When::AfterCheck(unit),
        ));
    }
    steps.extend([Step::Give(
        Command::SoloNote {
            answer_to: None,
            unit: Some(unit),
            text: format!(
                "Order: {} Stopped on the table: {what}; it holds where it is.",
                order.words
            ),
        },
        When::AfterCheck(unit),
    )]);
    steps
}

/// The answer to a conditional order whose condition the table did not meet, if the order has
/// one: a leader told to join a unit within a Cautious move, when it is farther, stays out of
/// sight instead. The words of the answer ("not within 6\""), and the steps: what staying out
/// of sight does on the table, then the note that says why.
pub fn otherwise(game: &Game, order: &OrderFor) -> Option<(String, Vec<Step>)> {
    let state = game.state();
    let Order::Join { into } = order.order else {
        return None;
    };
    let reach =
        crate::scenario::Scale::words(state.settings.scale.inches(Movement::Cautious.max_inches()));
    let into = state.unit(into)?.name.clone();
    let unit = order.unit;
    let mut steps: Vec<Step> = act_commands(game, unit, &Order::StayHidden, &[])
        .into_iter()
        .map(|c| Step::Give(c, When::AfterCheck(unit)))
        .collect();
    steps.push(Step::Give(
        Command::SoloNote {
            answer_to: None,
            unit: Some(unit),
            text: format!(
                "Order: {} {into} is not within {reach}: he stays out of sight.",
                order.words
            ),
        },
        When::AfterCheck(unit),
    ));
    Some((format!("not within {reach}"), steps))
}
