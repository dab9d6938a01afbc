//! The options of one Insurgent unit in its phase, each with its score from the odds, its words
//! for the player and its reason: fire, close in, block the exit, advance, stay in cover or
//! hidden; for a leader on his own, join a unit or keep out of sight.

use crate::game::{Command, FireContext, Game, GameState};
use crate::rules::fire::FireModifiers;
use crate::scenario::{Scale, VictoryTrigger};
use crate::solo::weigh::{self, Choice, Leaning};
use crate::solo::{View, fire_modifiers, plan, reach_words};
use crate::unit::{Movement, Side, Unit, UnitId};

use super::{Order, OrderFor};

/// A Cautious move in words, at the scale the game is played at.
fn cautious_move(state: &GameState) -> String {
    Scale::words(state.settings.scale.inches(Movement::Cautious.max_inches()))
}

pub(super) fn choices_for(game: &Game, unit: &Unit, sees: &[View]) -> Vec<Choice<OrderFor>> {
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
                        reach_words(state, unit)
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
        let toward = carrying(game).map_or_else(
            || "the nearest Marines".to_owned(),
            |(carrier, what)| format!("{carrier}, who carry {what}"),
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
            super::STAY_HIDDEN,
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
    let has_shot = !sees.is_empty();
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
            match (&held_in_place, has_shot) {
                (None, _) => "It keeps out of harm's way this turn.".to_owned(),
                (Some(why), false) => format!("{why}, and it has no shot to take."),
                (Some(why), true) => format!("{why}: it keeps out of harm's way this turn."),
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
        .fighting_units(Side::Regular)
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
        let VictoryTrigger::EscortedOff { tag, edges, .. } = &item.trigger else {
            return None;
        };
        let edge = edges.first()?;
        let carrier = state
            .fighting_units(Side::Regular)
            .find(|u| u.figures.iter().any(|f| f.tag.as_deref() == Some(tag)))?;
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

/// The Marine unit carrying figures the scenario scores for bringing off the table, and those
/// figures in words ("the contractors", "the wounded driver"): what the Insurgents advance on.
/// None when no unit carries any (a scenario without them, or a unit's own wounded only).
fn carrying(game: &Game) -> Option<(String, String)> {
    let state = game.state();
    game.scenario().victory.iter().find_map(|item| {
        let VictoryTrigger::EscortedOff { tag, .. } = &item.trigger else {
            return None;
        };
        let tagged = |f: &&crate::unit::Figure| f.tag.as_deref() == Some(tag.as_str());
        let carrier = state
            .fighting_units(Side::Regular)
            .find(|u| u.figures.iter().any(|f| tagged(&f)))?;
        let names: Vec<String> = carrier
            .figures
            .iter()
            .filter(tagged)
            .map(|f| f.name.to_lowercase())
            .collect();
        let what = match names.as_slice() {
            [one] => format!("the {one}"),
            [first, rest @ ..] if rest.iter().all(|n| n == first) => format!("the {first}s"),
            _ => format!("the {}", crate::text::and_list(&names)),
        };
        Some((carrier.name.clone(), what))
    })
}

/// True when the gate lets the leader join the unit and, once he has, lets the unit fire at a
/// Marine unit this turn: a unit that may not act (Shaken, done for the turn, its interrupt
/// spent) gains nothing from him now.
fn acts_with_him(game: &Game, leader: UnitId, into: UnitId) -> bool {
    let join = Command::JoinUnit { from: leader, into };
    let Ok(after) = plan::played_out(game, &[join]) else {
        return false;
    };
    // The gate says whom it may fire at (never a unit that does not fight).
    after.units_in_play(Side::Regular).any(|t| {
        let Some(joined) = after.unit(into) else {
            return false;
        };
        let fire = Command::Fire {
            attacker: into,
            target: t.id,
            modifiers: FireModifiers::proposed(joined, t, after.settings.interruption_penalty),
            context: FireContext::Activation,
        };
        // Once he has joined, it declares its action, then fires.
        after
            .check_once_checked(game.scenario(), into, &fire)
            .is_ok()
    })
}
