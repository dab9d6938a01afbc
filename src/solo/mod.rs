//! The solo opponent's doctrine: how the app commands the Insurgents.
//!
//! Everything the app decides for the Insurgents is decided here, from the state of the game and
//! the player's answers about what only the table shows (who can see whom, who is in the open,
//! what is in range). Every decision comes with its reason in plain words. The doctrine is
//! described for players in `docs/solo-play.md`; the two must agree.
//!
//! What a unit may do is asked of the game's gate; the doctrine only chooses among what it allows.

pub mod plan;

use crate::game::{Command, FireContext, Game, GameState, QualityPurpose, ReactionKind};
use crate::rules::checks::ReactionModifiers;
use crate::rules::fire::{self, FireModifiers, Pool};
use crate::unit::{Movement, Side, Unit, UnitId};

/// What the player tells the app about one Insurgent unit's view of one Regular unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The Regular unit seen.
    pub regular: UnitId,
    /// The Regular unit is within the Insurgent unit's Optimum Range (doubled for its RPGs).
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterruptDecision {
    /// The Insurgent unit.
    pub unit: UnitId,
    /// Whether it tries to interrupt, and how.
    pub attempt: Option<ReactionKind>,
    /// Why, in words.
    pub reason: String,
}

/// The first command of an interruption by this unit: its Interrupt check if it has no leader,
/// else its Reaction test against the unit activating.
pub fn interrupt_opening(unit: &Unit, regular: &Unit, kind: ReactionKind) -> Command {
    if unit.needs_interrupt_check() {
        Command::QualityCheck {
            unit: unit.id,
            purpose: QualityPurpose::Interrupt,
        }
    } else {
        Command::ReactionTest {
            insurgent: unit.id,
            regular: regular.id,
            kind,
            modifiers: ReactionModifiers::proposed(regular),
        }
    }
}

/// Decides, for every Insurgent unit the player says can see the activating Regular unit,
/// whether it tries to interrupt.
///
/// Doctrine: a unit the rules do not let interrupt (the gate says why: Shaken, done, already
/// interrupted…) holds. A lone leader holds (he joins a unit in the Insurgent phase). A unit with a leader
/// interrupts whenever it has an opening: the target in the open, running (Rapid) or within
/// its Optimum Range. A unit without a leader risks its whole turn on the Interrupt check, so it
/// interrupts only an easy target: one in the open or running.
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
    // A unit standing still has no movement to interrupt: only its fire.
    let action = if speed == Movement::Halted {
        RegularAction::Fires
    } else {
        action
    };
    let kind = match action {
        RegularAction::Moves => ReactionKind::InterruptMovement,
        RegularAction::Fires => ReactionKind::InterruptFire,
    };
    let mut decisions: Vec<(i32, InterruptDecision)> = Vec::new();
    for (id, view) in views {
        let Some(unit) = state.unit(*id) else {
            continue;
        };
        if unit.side != Side::Insurgent {
            continue;
        }
        let name = &unit.name;
        let hold = |reason: String| InterruptDecision {
            unit: *id,
            attempt: None,
            reason,
        };
        if let Err(why) = game.check(&interrupt_opening(unit, target, kind)) {
            decisions.push((0, hold(format!("{name} holds: {why}."))));
            continue;
        }
        if unit.leaders_only() {
            decisions.push((
                0,
                hold(format!(
                    "{name} holds: a leader alone saves himself to lead a unit."
                )),
            ));
            continue;
        }
        let mut openings = Vec::new();
        if view.exposed {
            openings.push(format!("{} is in the open", target.name));
        }
        if speed == Movement::Rapid && action == RegularAction::Moves {
            openings.push(format!("{} is running", target.name));
        }
        let easy = !openings.is_empty();
        if view.in_range {
            openings.push("it is within Optimum Range".to_owned());
        }
        let firepower = fire::firepower(unit, &FireModifiers::default()).len() as i32;
        let attempt = |reason: String| InterruptDecision {
            unit: *id,
            attempt: Some(kind),
            reason,
        };
        let decision = if unit.has_leader() && !openings.is_empty() {
            attempt(format!(
                "{name} interrupts: it has a leader and {}.",
                openings.join(" and ")
            ))
        } else if unit.has_leader() {
            hold(format!(
                "{name} holds: no opening on {} (not in the open, not running, out of range); it waits for its own turn.",
                target.name
            ))
        } else if easy {
            attempt(format!(
                "{name} tries to interrupt without a leader: {}, too good to miss.",
                openings.join(" and ")
            ))
        } else {
            hold(format!(
                "{name} holds: without a leader it risks its turn on the Interrupt check, and {} is neither in the open nor running.",
                target.name
            ))
        };
        decisions.push((firepower, decision));
    }
    // The strongest interrupt first.
    decisions.sort_by_key(|(firepower, d)| (d.attempt.is_none(), -firepower));
    decisions.into_iter().map(|(_, d)| d).collect()
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
    let mut state = game.state().clone();
    if let Some(u) = state.unit_mut(unit) {
        u.status.passed_action_check = true;
    }
    let command = Command::Fire {
        attacker: unit,
        target,
        modifiers: FireModifiers::default(),
        context: FireContext::Activation,
    };
    state.allows(game.scenario(), &command)
}
