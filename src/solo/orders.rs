//! The Insurgent phase: one order for each Insurgent unit still to act, with its reason.

use crate::game::{Command, FireContext, Game};
use crate::rules::fire::{self, FireModifiers, Pool};
use crate::unit::{Movement, Side, Unit, UnitId};

use super::{View, fire_modifiers};

/// An order for an Insurgent unit in the Insurgent phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Fire at a Regular unit (staying put).
    Fire {
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
    /// Advance cautiously toward the Marines (or toward those carrying the contractors).
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

/// How inviting a target is, from the pools of a fire at it: higher is more vulnerable.
fn vulnerability(target: &Unit, firepower: &Pool, defense: &Pool) -> (i32, i32) {
    let carrying = i32::from(target.dependant_count() > 0);
    // More attack dice than defence dice is what kills; ties go to the unit with dependants.
    (firepower.len() as i32 - defense.len() as i32, carrying)
}

/// Orders for every Insurgent unit that has not acted, in the Insurgent phase.
///
/// Doctrine, in order: a Shaken unit falls back. A lone leader joins the strongest leaderless
/// unit still to act (these orders come first). A unit that sees a target fires at the most
/// vulnerable one (most attack dice over defence dice; those carrying dependants first on a
/// tie). A unit a leader has just joined, or one reduced to a single figure, with nothing to
/// shoot stays in cover. Anyone else advances cautiously: toward the unit carrying the
/// contractors if one does, else toward the nearest Marines.
pub fn orders(game: &Game, views: &[(UnitId, Vec<View>)]) -> Vec<OrderFor> {
    let state = game.state();
    let carrier = state
        .units_in_play(Side::Regular)
        .find(|u| u.figures.iter().any(|f| f.tag.is_some()) && !u.non_combatant)
        .map(|u| u.name.clone());
    let waiting: Vec<&Unit> = state
        .units_in_play(Side::Insurgent)
        .filter(|u| may_still_act(game, u.id))
        .collect();
    let mut joined_into: Vec<UnitId> = Vec::new();
    let mut result = Vec::new();
    for unit in &waiting {
        let name = &unit.name;
        let sees: &[View] = views
            .iter()
            .find(|(id, _)| *id == unit.id)
            .map_or(&[], |(_, v)| v.as_slice());
        if unit.is_shaken(state.turn) {
            result.push(OrderFor {
                unit: unit.id,
                order: Order::FallBack,
                words: format!(
                    "{name}: fall back Cautiously, away from the Marines, into the nearest cover."
                ),
                reason: "It is Shaken: it will not attack this turn.".to_owned(),
            });
            continue;
        }
        if unit.leaders_only() {
            let target = waiting
                .iter()
                .filter(|u| {
                    !u.has_leader()
                        && !joined_into.contains(&u.id)
                        && !u.leaders_only()
                        && game
                            .check(&Command::JoinUnit {
                                from: unit.id,
                                into: u.id,
                            })
                            .is_ok()
                })
                .max_by_key(|u| u.firing_count());
            if let Some(into) = target {
                joined_into.push(into.id);
                result.push(OrderFor {
                    unit: unit.id,
                    order: Order::Join { into: into.id },
                    words: format!("{name}: move to {} and join it.", into.name),
                    reason: format!(
                        "{} has no leader and must test before every action; a leader lets it act at once. It is the strongest such unit.",
                        into.name
                    ),
                });
                continue;
            }
        }
        let best = sees
            .iter()
            .filter_map(|view| {
                let target = state.unit(view.regular).filter(|t| t.in_play())?;
                if !may_fire_at(game, unit.id, target.id) {
                    return None;
                }
                let modifiers = fire_modifiers(state, unit, target, view);
                let attack = fire::firepower(unit, &modifiers);
                let defense = fire::defense(target, &modifiers);
                Some((
                    vulnerability(target, &attack, &defense),
                    target,
                    view,
                    attack,
                    defense,
                ))
            })
            .max_by_key(|(score, ..)| *score);
        if let Some((_, target, view, attack, defense)) = best {
            let mut why = Vec::new();
            if view.exposed {
                why.push("it is in the open");
            }
            if view.in_range {
                why.push("it is within Optimum Range");
            }
            if target.dependant_count() > 0 {
                why.push("it is carrying dependants");
            }
            if view.solid_cover {
                why.push("even behind Solid Cover");
            }
            result.push(OrderFor {
                unit: unit.id,
                order: Order::Fire { target: target.id },
                words: format!("{name}: stay where it is and fire at {}.", target.name),
                reason: format!(
                    "{} is the most vulnerable target it can see: {} against {}{}.",
                    target.name,
                    attack.notation(),
                    defense.notation(),
                    if why.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", why.join(", "))
                    }
                ),
            });
            continue;
        }
        let may_move = game
            .check(&Command::InsurgentAction {
                unit: unit.id,
                movement: Movement::Cautious,
            })
            .is_ok();
        if !may_move {
            result.push(OrderFor {
                unit: unit.id,
                order: Order::TakeCover,
                words: format!("{name}: stay where it is, in cover."),
                reason: "It may not move this turn (a leader has just joined it, or it has just arrived from ambush), and it sees no target.".to_owned(),
            });
            continue;
        }
        if unit.firing_count() <= 1 && !unit.has_leader() {
            result.push(OrderFor {
                unit: unit.id,
                order: Order::TakeCover,
                words: format!("{name}: stay in cover and wait."),
                reason: "It sees no target and is down to one figure: it keeps out of harm's way."
                    .to_owned(),
            });
            continue;
        }
        let toward = carrier.clone().map_or_else(
            || "the nearest Marines".to_owned(),
            |c| format!("{c}, who carry the contractors"),
        );
        result.push(OrderFor {
            unit: unit.id,
            order: Order::Advance {
                toward: toward.clone(),
            },
            words: format!(
                "{name}: advance Cautiously (up to 6\") toward {toward}, from cover to cover."
            ),
            reason: if carrier.is_some() {
                "It sees no target; the Insurgents must stop the contractors leaving the table."
                    .to_owned()
            } else {
                "It sees no target; closing in keeps the pressure on the Marines.".to_owned()
            },
        });
    }
    // Leaders joining come first: they change what the units they join can do.
    result.sort_by_key(|o| !matches!(o.order, Order::Join { .. }));
    result
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
