//! The Insurgent phase: for each Insurgent unit still to act, its options weighed by the odds;
//! once the roll has chosen, the order with its reason.

use crate::game::{Command, FireContext, Game, GameState};
use crate::rules::fire::FireModifiers;
use crate::scenario::{Scale, VictoryTrigger};
use crate::unit::{Movement, Side, Unit, UnitId};

use super::weigh::{self, Choice, Leaning, Stance};
use super::{View, fire_modifiers, plan};

/// What the decision of an Insurgent unit's own action is called in the log.
pub const ORDERS: &str = "its orders";

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
    /// Advance Cautiously toward the Marines (or toward those carrying the contractors).
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
        .filter(|u| may_still_act(game, u.id))
        .filter_map(|unit| {
            let sees = views
                .iter()
                .find(|(id, _)| *id == unit.id)
                .map_or(&[][..], |(_, v)| v.as_slice());
            let choices = allowed(game, unit, choices_for(game, unit, sees), sees);
            if choices.is_empty() {
                return None;
            }
            let (choices, options) =
                weigh::options(choices, Stance::of(unit), state.settings.difficulty);
            Some(UnitOrders {
                unit: unit.id,
                choices,
                decide: Command::SoloDecide {
                    unit: unit.id,
                    about: ORDERS.to_owned(),
                    options,
                },
            })
        })
        .collect();
    result.sort_by_key(|o| !state.unit(o.unit).is_some_and(Unit::leaders_only));
    result
}

/// The order a unit's decision this turn took, with its options as they stand.
pub fn chosen(game: &Game, orders: &UnitOrders) -> Option<OrderFor> {
    let words = super::plan::taken(game, orders.unit, ORDERS)?;
    orders
        .choices
        .iter()
        .find(|c| c.words == words)
        .map(|c| c.action.clone())
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

/// A Cautious move in words, at the scale the game is played at.
fn cautious_move(state: &GameState) -> String {
    Scale::words(state.settings.scale.inches(Movement::Cautious.max_inches()))
}

fn choices_for(game: &Game, unit: &Unit, sees: &[View]) -> Vec<Choice<OrderFor>> {
    let state = game.state();
    let name = &state.shown_name(unit.id);
    let order = |order: Order, words: String, reason: String| OrderFor {
        unit: unit.id,
        order,
        words,
        reason,
    };
    let choice = |words: &str, score: f64, odds: String, leaning, action: OrderFor| Choice {
        words: words.to_owned(),
        score,
        odds,
        leaning,
        action,
    };
    if unit.is_shaken(state.turn) {
        return vec![choice(
            "fall back",
            0.0,
            "Shaken: no attack this turn".to_owned(),
            Leaning::Careful,
            order(
                Order::FallBack,
                format!(
                    "{name}: fall back Cautiously, away from the Marines, into the nearest cover."
                ),
                "It is Shaken: it will not attack this turn.".to_owned(),
            ),
        )];
    }
    if unit.leaders_only() {
        return leader_choices(game, unit);
    }
    // Why the gate would not let it move this turn, if it would not.
    let held_in_place = game
        .check(&Command::InsurgentAction {
            unit: unit.id,
            movement: Movement::Cautious,
        })
        .err();
    let may_move = held_in_place.is_none();
    let mut out = Vec::new();
    for view in sees {
        let Some(target) = state.unit(view.regular).filter(|t| t.in_play()) else {
            continue;
        };
        let modifiers = fire_modifiers(state, unit, target, view);
        let (value, odds) = weigh::fire_value(unit, target, &modifiers);
        let mut why = vec![odds.clone()];
        if view.exposed {
            why.push("it is in the open".to_owned());
        }
        if view.in_range {
            why.push("it is within Optimum Range".to_owned());
        }
        if view.solid_cover {
            why.push("it is behind Solid Cover".to_owned());
        }
        out.push(choice(
            &format!("fire at {}", target.name),
            value,
            odds,
            Leaning::Bold,
            order(
                Order::Fire { target: target.id },
                format!("{name}: stay where it is and fire at {}.", target.name),
                format!("Fire at {}: {}.", target.name, why.join("; ")),
            ),
        ));
        if !view.in_range && may_move {
            let closer = FireModifiers {
                optimum_range: true,
                ..modifiers
            };
            let (value, odds) = weigh::fire_value(unit, target, &closer);
            let back = weigh::return_fire(state, target, unit, true);
            out.push(choice(
                &format!("close on {} and fire", target.name),
                1.3 * value - 0.1 * back,
                format!("{odds} at Optimum Range, return fire {back:.2}"),
                Leaning::Bold,
                order(
                    Order::CloseAndFire { target: target.id },
                    format!(
                        "{name}: move Cautiously, from cover to cover, until {} is within its Optimum Range ({}), then fire at it.",
                        target.name,
                        super::reach_words(state, unit)
                    ),
                    format!(
                        "{} is beyond its Optimum Range: closing in makes its fire count ({odds}).",
                        target.name
                    ),
                ),
            ));
        }
    }
    if may_move {
        if let Some((carrier, edge, stake)) = exit_at_stake(game) {
            out.push(choice(
                &format!("block the {edge} edge"),
                0.1 * stake,
                format!("{stake} victory points leave with {carrier}"),
                Leaning::Bold,
                order(
                    Order::BlockExit { edge: edge.clone() },
                    format!(
                        "{name}: move Cautiously to stand between {carrier} and the {edge} edge, in cover."
                    ),
                    format!(
                        "{carrier} must take the contractors off by the {edge} edge: {stake} points are at stake."
                    ),
                ),
            ));
        }
        let (potential, odds) = potential(state, unit);
        let toward = state
            .units_in_play(Side::Regular)
            .find(|u| u.dependant_count() > 0 && !u.non_combatant)
            .map_or_else(
                || "the nearest Marines".to_owned(),
                |c| format!("{}, who carry the contractors", c.name),
            );
        out.push(choice(
            "advance",
            0.3 * potential,
            format!("{odds} once it gets there"),
            Leaning::Bold,
            order(
                Order::Advance {
                    toward: toward.clone(),
                },
                format!(
                    "{name}: advance Cautiously ({}) toward {toward}, from cover to cover.",
                    cautious_move(state)
                ),
                format!("Closing in lets it fire with effect next time ({odds})."),
            ),
        ));
    }
    if state.is_hidden(unit.id) {
        // Under its marker it may keep still and unseen; anything else shows it.
        out.push(choice(
            "stay hidden",
            0.35,
            "unseen, it keeps the Marines guessing".to_owned(),
            Leaning::Careful,
            order(
                Order::StayHidden,
                format!("{name}: leave the marker where it is."),
                "It keeps still and unseen for a better moment.".to_owned(),
            ),
        ));
        return out;
    }
    let alone = unit.firing_count() <= 1 && !unit.has_leader();
    out.push(choice(
        "stay in cover",
        if alone { 0.25 } else { 0.05 },
        if alone {
            "down to one figure: it keeps out of harm's way".to_owned()
        } else {
            "no casualties either way".to_owned()
        },
        Leaning::Careful,
        order(
            Order::TakeCover,
            format!("{name}: stay where it is, in cover."),
            match &held_in_place {
                None => "It keeps out of harm's way this turn.".to_owned(),
                Some(why) => format!("{why}, and it has no better shot."),
            },
        ),
    ));
    out
}

/// A leader on his own: join a leaderless unit, or keep out of sight.
fn leader_choices(game: &Game, leader: &Unit) -> Vec<Choice<OrderFor>> {
    let state = game.state();
    let name = &state.shown_name(leader.id);
    let mut out: Vec<Choice<OrderFor>> = state
        .units_in_play(Side::Insurgent)
        .filter(|u| !u.has_leader())
        .filter(|u| acts_with_him(game, leader.id, u.id))
        .map(|into| Choice {
            words: format!("join {}", into.name),
            score: 0.3 + 0.05 * into.firing_count() as f64,
            odds: format!(
                "{} acting without a Quality check once he leads them",
                crate::text::plural(into.firing_count(), "figure", "figures")
            ),
            leaning: Leaning::Bold,
            action: OrderFor {
                unit: leader.id,
                order: Order::Join { into: into.id },
                words: format!(
                    "{name}: if {} is within a Cautious move ({}), move to it out of sight and join it; otherwise stay out of sight.",
                    into.name,
                    cautious_move(state)
                ),
                reason: format!(
                    "{} has no leader and must test before every action; with him it acts at once.",
                    into.name
                ),
            },
        })
        .collect();
    out.push(Choice {
        words: "stay out of sight".to_owned(),
        score: 0.55,
        odds: "a leader kept safe takes over the next arrivals".to_owned(),
        leaning: Leaning::Careful,
        action: OrderFor {
            unit: leader.id,
            order: Order::StayHidden,
            words: format!("{name}: stay where he is, out of sight of the Marines."),
            reason: "A leader alone is worth more leading a unit than shooting: he waits for one that needs him.".to_owned(),
        },
    });
    out
}

/// What a unit could do at its Optimum Range against the weakest Marines in the open.
fn potential(state: &GameState, unit: &Unit) -> (f64, String) {
    state
        .units_in_play(Side::Regular)
        .filter(|t| !t.non_combatant)
        .map(|t| {
            let modifiers = FireModifiers {
                optimum_range: true,
                target_exposed: true,
                ..FireModifiers::proposed(unit, t, state.settings.interruption_penalty)
            };
            weigh::fire_value(unit, t, &modifiers)
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((0.0, "no Marines on the table".to_owned()))
}

/// The Regular unit carrying figures that score when escorted off, the edge, and the points.
fn exit_at_stake(game: &Game) -> Option<(String, String, f64)> {
    let state = game.state();
    game.scenario().victory.iter().find_map(|item| {
        let VictoryTrigger::EscortedOff { tag, edges } = &item.trigger else {
            return None;
        };
        let edge = edges.first()?;
        let carrier = state.units_in_play(Side::Regular).find(|u| {
            !u.non_combatant && u.figures.iter().any(|f| f.tag.as_deref() == Some(tag))
        })?;
        let carried = carrier
            .figures
            .iter()
            .filter(|f| f.tag.as_deref() == Some(tag))
            .count();
        Some((
            carrier.name.clone(),
            edge.name().to_owned(),
            f64::from(item.points) * carried as f64,
        ))
    })
}

/// Which active Hot Spot the Insurgents choose on a roll of 6: the one nearest the Marines,
/// which only the player can tell.
pub fn hot_spot_choice(nearest_the_marines: u8) -> String {
    format!(
        "On a 6 the Insurgents choose: Hot Spot {nearest_the_marines}, the active spot nearest the Marines, to strike at once."
    )
}

/// True when the gate still lets this Insurgent unit take its own action this phase.
fn may_still_act(game: &Game, unit: UnitId) -> bool {
    game.check(&Command::InsurgentAction {
        unit,
        movement: Movement::Halted,
    })
    .is_ok()
}

/// True when the gate would let this unit fire at the target in its own action, once its Quality
/// check (if it needs one) is passed.
fn may_fire_at(game: &Game, unit: UnitId, target: UnitId) -> bool {
    let command = Command::Fire {
        attacker: unit,
        target,
        modifiers: FireModifiers::default(),
        context: FireContext::Activation,
    };
    game.state()
        .allows_once_checked(game.scenario(), unit, &command)
}

/// True when the gate lets the leader join the unit and, once he has, lets the unit fire at a
/// Marine unit this turn: a unit that may not act (Shaken, done for the turn, its interrupt
/// spent) gains nothing from him now.
fn acts_with_him(game: &Game, leader: UnitId, into: UnitId) -> bool {
    let join = Command::JoinUnit { from: leader, into };
    let Ok(after) = plan::played_out(game, &[join]) else {
        return false;
    };
    after
        .units_in_play(Side::Regular)
        .filter(|t| !t.non_combatant)
        .any(|t| {
            let fire = Command::Fire {
                attacker: into,
                target: t.id,
                modifiers: FireModifiers::default(),
                context: FireContext::Activation,
            };
            after.allows(game.scenario(), &fire)
        })
}

/// The Regular units the player is asked whether this Insurgent unit sees, in its phase: those
/// the gate would let it fire at once its check (if it needs one) is passed. None for a leader
/// on his own: he never fires from where he is.
pub fn asked_in_phase(game: &Game, unit: UnitId) -> Vec<UnitId> {
    let state = game.state();
    if state.unit(unit).is_none_or(Unit::leaders_only) {
        return Vec::new();
    }
    state
        .units_in_play(Side::Regular)
        .filter(|t| !t.non_combatant)
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
