//! The Insurgent phase: for each Insurgent unit still to act, its options weighed by the odds;
//! once the roll has chosen, the order with its reason.

mod choices;

use crate::game::{Command, Decider, FireContext, Game, GameState, SoloDecision};
use crate::unit::{Movement, Side, Unit, UnitId};

use super::weigh::{self, Choice, Leaning, Stance};
use super::{View, plan};
use choices::choices_for;

pub use crate::game::solo::ORDERS;

/// An order for an Insurgent unit in the Insurgent phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Fire at a Regular unit, staying put.
    Fire {
        /// The target.
        target: UnitId,
    },
    /// Move Cautiously into its Optimum Range of a Regular unit, then fire at it.
    CloseAndFire {
        /// The target.
        target: UnitId,
    },
    /// Join a unit (a leader joining a leaderless unit).
    Join {
        /// The unit joined.
        into: UnitId,
    },
    /// Fall back away from the enemy into cover (Shaken units).
    FallBack,
    /// Stay in cover and wait.
    TakeCover,
    /// A leader on his own keeps out of sight, for the next unit that needs him.
    StayHidden,
    /// Move Cautiously to stand between the unit carrying what the Regulars must bring off and
    /// the edge they score by.
    BlockExit {
        /// The edge, in words.
        edge: String,
    },
    /// Advance Cautiously toward the Marines (or toward those carrying what the scenario scores
    /// them for bringing off the table).
    Advance {
        /// What to advance on, in words.
        toward: String,
    },
}

/// An order with the unit it is for and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderFor {
    /// The Insurgent unit.
    pub unit: UnitId,
    /// The order.
    pub order: Order,
    /// What to do, in words, for the player to carry out on the table.
    pub words: String,
    /// Why, in words.
    pub reason: String,
}

/// The options of one Insurgent unit, weighed, and the decision that rolls for one.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitOrders {
    /// The unit.
    pub unit: UnitId,
    /// The marker it is under, while it is hidden: it decides as a marker.
    pub marker: Option<String>,
    /// Its options, best first (the orders are in `action`).
    pub choices: Vec<Choice<OrderFor>>,
    /// The decision to play.
    pub decide: Command,
}

/// The options of every Insurgent unit that may still act this phase (leaders on their own
/// first: joining changes what the joined unit may do).
///
/// Doctrine: a Shaken unit falls back (no choice). A leader on his own weighs joining each
/// leaderless unit he may join, and that may still act with him this turn, against staying
/// out of sight. Any other unit weighs, by the exact odds: firing at each Regular unit it sees
/// (the casualties expected); moving into its Optimum Range of one it sees beyond it and firing
/// (those casualties and a third more for the ground it gains, less a tenth of the return fire
/// it walks into while it moves); blocking the edge the Regulars must take the contractors off
/// by (a tenth of the points at stake); advancing toward the Marines (three tenths of what it
/// could do at Optimum Range against Marines in the open); and staying in cover (a little, more
/// for a unit down to one figure).
///
/// Every option is asked of the gate before it is offered, each of its commands in turn as if
/// its check passed ([`plan::order_refusal`]): an option the gate refuses is left out, and a
/// unit left with none holds where it is, the gate's refusal as its reason.
pub fn orders(game: &Game, views: &[(UnitId, Vec<View>)]) -> Vec<UnitOrders> {
    let state = game.state();
    let mut result: Vec<UnitOrders> = state
        .units_in_play(Side::Insurgent)
        .filter(|u| may_still_act(game, u.id) || goes_on(game, u.id))
        .filter_map(|unit| {
            let sees = views
                .iter()
                .find(|(id, _)| *id == unit.id)
                .map_or(&[][..], |(_, v)| v.as_slice());
            let mut choices = allowed(game, unit, choices_for(game, unit, sees), sees);
            if goes_on(game, unit.id) {
                // Its speed declared, its order goes on while the gate still allows it.
                let taken = plan::taken(game, unit.id, ORDERS);
                choices.retain(|c| {
                    Some(&c.words) == taken.as_ref()
                        && !plan::order_steps(game, unit.id, &c.action.order, &[]).is_empty()
                });
            }
            if choices.is_empty() {
                return None;
            }
            let (choices, options) =
                weigh::options(choices, Stance::of(unit), state.settings.difficulty);
            let marker = state.contact_of(unit.id).map(|c| c.marker.clone());
            let decide = match &marker {
                Some(marker) => Command::MarkerDecide {
                    marker: marker.clone(),
                    about: ORDERS.to_owned(),
                    options,
                },
                None => Command::SoloDecide {
                    unit: unit.id,
                    about: ORDERS.to_owned(),
                    options,
                },
            };
            Some(UnitOrders {
                unit: unit.id,
                marker,
                choices,
                decide,
            })
        })
        .collect();
    result.sort_by_key(|o| !state.unit(o.unit).is_some_and(Unit::leaders_only));
    result
}

/// What a marker that hides nothing decides in the Insurgent phase: it stays hidden, rolled for
/// as every marker is.
pub fn empty_marker_orders(marker: &str) -> Command {
    Command::MarkerDecide {
        marker: marker.to_owned(),
        about: ORDERS.to_owned(),
        options: vec![crate::game::SoloOption {
            words: STAY_HIDDEN.to_owned(),
            percent: 100,
            odds: "unseen, it keeps the Marines guessing".to_owned(),
        }],
    }
}

/// The option of a unit under its marker, and of a marker that hides nothing, to keep still
/// and unseen.
pub const STAY_HIDDEN: &str = "stay hidden";

/// True when this marker's orders this turn took an option the table will see (the unit under
/// it fires, moves, joins) rather than staying hidden; false before it has decided.
pub fn marker_acts(state: &GameState, marker: &str) -> bool {
    state
        .decision_of(Decider::Marker(marker), ORDERS)
        .and_then(SoloDecision::taken)
        .is_some_and(|o| o.words != STAY_HIDDEN)
}

/// The order a unit's decision this turn took, with its options as they stand.
///
/// When the roll took an option with a lower chance than the best one, the reason says so: the
/// roll, and the option passed over.
pub fn chosen(game: &Game, orders: &UnitOrders) -> Option<OrderFor> {
    let decision = game
        .state()
        .decision_of(Decider::Unit(orders.unit), ORDERS)?;
    let words = &decision.taken()?.words;
    let mut order = orders
        .choices
        .iter()
        .find(|c| &c.words == words)
        .map(|c| c.action.clone())?;
    if decision.lesser_taken()
        && let (Some(taken), Some(best), Some(roll)) =
            (decision.taken(), decision.options.first(), decision.roll)
    {
        order.reason = format!(
            "The roll ({roll}) took this {}% option over {} ({}%). {}",
            taken.percent, best.words, best.percent, order.reason
        );
    }
    Some(order)
}

/// The options the gate allows, every command of each in turn; if it allows none, the unit
/// holds where it is, the gate's first refusal (in the order the options are listed) its
/// reason.
fn allowed(
    game: &Game,
    unit: &Unit,
    choices: Vec<Choice<OrderFor>>,
    sees: &[View],
) -> Vec<Choice<OrderFor>> {
    let views: Vec<(UnitId, View)> = sees.iter().map(|v| (unit.id, v.clone())).collect();
    let mut refused = None;
    let mut out = Vec::new();
    for choice in choices {
        match plan::order_refusal(game, unit.id, &choice.action.order, &views) {
            None => out.push(choice),
            Some(why) => {
                refused.get_or_insert(why);
            }
        }
    }
    let Some(why) = refused.filter(|_| out.is_empty()) else {
        return out;
    };
    let name = game.state().shown_name(unit.id);
    let hold = Choice {
        words: "hold".to_owned(),
        score: 0.0,
        odds: format!("the rules refuse its orders: {why}"),
        leaning: Leaning::Careful,
        action: OrderFor {
            unit: unit.id,
            order: Order::TakeCover,
            words: format!("{name}: stay where it is."),
            reason: format!("It holds: {why}."),
        },
    };
    if plan::order_refusal(game, unit.id, &hold.action.order, &views).is_some() {
        return Vec::new();
    }
    vec![hold]
}

/// Which active Hot Spot the Insurgents choose on a roll of 6: the one nearest the Marines,
/// which only the player can tell.
pub fn hot_spot_choice(nearest_the_marines: u8) -> String {
    format!(
        "On a 6 the Insurgents choose: Hot Spot {nearest_the_marines}, the active spot nearest the Marines, to strike at once."
    )
}

/// True when this Insurgent unit has declared its speed this phase on the orders it decided,
/// and its fire is still to come (it declared first so that Overwatch could interrupt it).
fn goes_on(game: &Game, unit: UnitId) -> bool {
    plan::declared(game, unit).is_some() && plan::taken(game, unit, ORDERS).is_some()
}

/// True when the gate still lets this Insurgent unit take its own action this phase.
/// (It still may while it only waits for the steps of a fire now due.)
fn may_still_act(game: &Game, unit: UnitId) -> bool {
    match game.check(&Command::InsurgentAction {
        unit,
        movement: Movement::Halted,
    }) {
        Ok(_) => true,
        Err(e) => e.waits_for_steps_due(),
    }
}

/// True when the gate would let this unit fire at the target in its own action, once its Quality
/// check (if it needs one) is passed: the fire as the state knows it (a target that moved
/// Cautiously costs a die), which is what the gate asks of a fire.
fn may_fire_at(game: &Game, unit: UnitId, target: UnitId) -> bool {
    let state = game.state();
    let (Some(attacker), Some(aimed)) = (state.unit(unit), state.unit(target)) else {
        return false;
    };
    // As the state proposes it, or with the most the table could add (a fire left with no die
    // by the state may still be made at a target within Optimum Range or in the open).
    state
        .fire_the_table_may_judge(attacker, aimed, FireContext::Activation, |fire| {
            state.check_once_checked(game.scenario(), unit, fire)
        })
        .is_some()
}

/// The Regular units the player is asked whether this Insurgent unit sees, in its phase: those
/// the gate would let it fire at once its check (if it needs one) is passed. None for a leader
/// on his own: he never fires from where he is.
pub fn asked_in_phase(game: &Game, unit: UnitId) -> Vec<UnitId> {
    let state = game.state();
    if state.unit(unit).is_none_or(Unit::leaders_only) {
        return Vec::new();
    }
    // The gate says whom it may fire at (never a unit that does not fight).
    state
        .units_in_play(Side::Regular)
        .filter(|t| may_fire_at(game, unit, t.id))
        .map(|t| t.id)
        .collect()
}

/// The Insurgent units whose orders this turn came to nothing: they decided, then failed the
/// Quality check they needed to act, and do nothing more this turn.
pub fn failed_checks(game: &Game) -> Vec<UnitId> {
    let state = game.state();
    state
        .units_in_play(Side::Insurgent)
        .filter(|u| super::plan::taken(game, u.id, ORDERS).is_some())
        .filter(|u| plan::check_to_act(game, u.id) == Some(false))
        .map(|u| u.id)
        .collect()
}
