//! The Insurgent phase in a solo game: for each Insurgent unit still to act, and each marker,
//! a card: what it sees, the roll that chooses its order, and the order to carry out. Every
//! marker has its card, asks the same and shows the same, whatever it hides.

use crate::game::{Game, GameState};
use crate::unit::{Side, UnitId};

use super::super::answers::{Answers, Who};
use super::super::plan::{self, Step};
use super::super::questions::{self, Asked};
use super::super::{ORDERS, OrderFor, UnitOrders, View};
use super::{Look, Offer, Part};

/// The cards of the Insurgent phase: one per unit whose check failed, one per Insurgent unit
/// in view still to act, then one per marker on the table.
pub(super) fn parts(game: &Game, answers: &Answers) -> Vec<Part> {
    let state = game.state();
    let mut parts = vec![Part::Heading {
        words: "Insurgent orders".to_owned(),
        offer: None,
    }];
    let regulars: Vec<UnitId> = state.fighting_units(Side::Regular).map(|u| u.id).collect();
    let asked_of = |unit: UnitId| -> Vec<UnitId> {
        // A unit in view is asked only about the Marines the rules let it fire at; one under a
        // marker about every Marine unit, as every marker is.
        if state.is_hidden(unit) {
            regulars.clone()
        } else {
            super::super::asked_in_phase(game, unit)
        }
    };
    let views: Vec<(UnitId, Vec<View>)> = state
        .units_in_play(Side::Insurgent)
        .map(|u| (u.id, answers.sees(state, u.id, &asked_of(u.id))))
        .collect();
    let orders = super::super::orders(game, &views);
    // Units whose orders came to nothing: the check they needed to act failed.
    for unit in super::super::failed_checks(game) {
        let name = state.shown_name(unit);
        parts.push(Part::Card {
            name: name.clone(),
            decide: None,
            parts: vec![Part::say(
                format!(
                    "{name} failed its Quality check: it does nothing more this turn. Leave it where it is."
                ),
                Look::Strong,
            )],
        });
    }
    let in_view: Vec<&UnitOrders> = orders.iter().filter(|o| o.marker.is_none()).collect();
    let markers: Vec<_> = state.markers_on_table().cloned().collect();
    if in_view.is_empty()
        && markers.iter().all(|c| {
            state.marker_decided(&c.marker, ORDERS) && !super::super::marker_acts(state, &c.marker)
        })
    {
        parts.push(Part::say(
            "Every Insurgent unit has acted: end the turn.",
            Look::Plain,
        ));
        return parts;
    }
    for unit_orders in in_view {
        let unit = unit_orders.unit;
        let name = state.shown_name(unit);
        let asked = asked_rows(game, Who::Unit(unit), &asked_of(unit), Some(unit));
        let chosen = super::super::chosen(game, unit_orders);
        let (decide, body) = match &chosen {
            Some(order) => (None, order_parts(game, answers, order)),
            None => (
                Some(decide_offer(&name, plan::decide_steps(game, unit_orders))),
                questions_parts(state, answers, &name, &asked),
            ),
        };
        parts.push(Part::Card {
            name,
            decide,
            parts: body,
        });
    }
    for contact in &markers {
        let name = contact.name();
        let hidden_orders = orders
            .iter()
            .find(|o| o.marker.as_deref() == Some(contact.marker.as_str()));
        let asked = asked_rows(game, Who::Marker(contact.marker.clone()), &regulars, None);
        if !state.marker_decided(&contact.marker, ORDERS) {
            let steps = match hidden_orders {
                Some(o) => plan::decide_steps(game, o),
                None => vec![Step::always(super::super::empty_marker_orders(
                    &contact.marker,
                ))],
            };
            parts.push(Part::Card {
                name: name.clone(),
                decide: Some(decide_offer(&name, steps)),
                parts: questions_parts(state, answers, &name, &asked),
            });
            continue;
        }
        // The unit under it took an order the table will see: it is carried out.
        let order = hidden_orders.and_then(|o| super::super::chosen(game, o));
        let body = match order.filter(|_| super::super::marker_acts(state, &contact.marker)) {
            Some(order) => order_parts(game, answers, &order),
            None => vec![Part::say(
                format!("{name}: leave the marker where it is."),
                Look::Strong,
            )],
        };
        parts.push(Part::Card {
            name,
            decide: None,
            parts: body,
        });
    }
    parts
}

/// The Regular units a unit (or a marker) is asked whether it sees, as rows of its questions.
fn asked_rows(game: &Game, who: Who, regulars: &[UnitId], unit: Option<UnitId>) -> Vec<Asked> {
    let state = game.state();
    regulars
        .iter()
        .filter_map(|&r| {
            Some(Asked {
                who: who.clone(),
                regular: r,
                words: state.unit(r)?.name.clone(),
                ranges: super::super::ranges(game, unit),
            })
        })
        .collect()
}

/// The button that has a unit (or a marker) decide its orders.
fn decide_offer(name: &str, steps: Vec<Step>) -> Offer {
    Offer::plan("Decide", format!("{name}: decide its orders"), steps)
}

/// What it sees: which Marine units; then, once it sees one, within which of its ranges, and
/// which of them are in the open or behind Solid Cover from it. Those questions come under the
/// first, in the card (a card that sees nobody, most of them, stays one row high), and each
/// lists every Marine unit asked about, open for those it sees: once there, no row moves or
/// changes its length as answers are given.
fn questions_parts(state: &GameState, answers: &Answers, name: &str, asked: &[Asked]) -> Vec<Part> {
    if asked.is_empty() {
        return Vec::new();
    }
    let mut asks = questions::sight_questions(
        state,
        answers,
        asked,
        format!("Which of these does {name} see?"),
        &|d| match d {
            Some(d) => format!("Which are within {d} of {name}?"),
            None => format!("Which are within {name}'s range?"),
        },
    );
    let seen: Vec<UnitId> = asked
        .iter()
        .filter(|a| answers.sighting(&a.who, a.regular).is_some())
        .map(|a| a.regular)
        .collect();
    if seen.is_empty() {
        asks.truncate(1);
    } else {
        asks.extend(questions::grounds_questions(state, answers, asked, &seen));
    }
    asks.into_iter().map(Part::ask).collect()
}

/// The order chosen, with its reason unless the reasoning is kept hidden, and how it went.
fn order_parts(game: &Game, answers: &Answers, order: &OrderFor) -> Vec<Part> {
    let mut parts = vec![Part::say(order.words.clone(), Look::Strong)];
    if !game.state().settings().doctrine_hidden {
        parts.push(Part::say(format!("Why: {}", order.reason), Look::Italic));
    }
    parts.extend(carry_out_parts(game, answers, order));
    parts
}

/// The order chosen: carried out, or stopped on the table; its Quality check first if it has
/// still to be rolled. Only what the gate accepts is offered.
fn carry_out_parts(game: &Game, answers: &Answers, order: &OrderFor) -> Vec<Part> {
    let state = game.state();
    let unit = order.unit;
    let name = state.shown_name(unit);
    let check = plan::check_steps(game, unit, &order.order);
    if !check.is_empty() {
        // The roll came without its check (it was cancelled, or the plan was stopped).
        return vec![
            Part::say(
                format!(
                    "{name} has no leader: its Quality check comes first, before it moves or fires."
                ),
                Look::Plain,
            ),
            Part::Offers {
                offers: vec![Offer::named(
                    format!("{name}: roll its Quality check"),
                    check,
                )],
            },
        ];
    }
    let regulars: Vec<UnitId> = state.fighting_units(Side::Regular).map(|u| u.id).collect();
    let seen: Vec<(UnitId, View)> = answers
        .sees(state, unit, &regulars)
        .into_iter()
        .map(|v| (unit, v))
        .collect();
    let mut parts = Vec::new();
    if plan::declared(game, unit).is_some() {
        // It declared it stands first: Overwatch may fire on it now, from the Now view.
        parts.push(Part::say(
            format!(
                "{name} stands, its fire to come: units on Overwatch that see it may fire first (the Regulars' answers on the Now view). Then:"
            ),
            Look::Plain,
        ));
    }
    let steps = plan::carried_out(game, order, &seen);
    if let Some(why) = plan::refusal(game, &plan::commands_of(&steps)) {
        // The table changed since the roll: the order no longer stands.
        parts.push(Part::say(
            format!("The rules no longer allow this order: {why}."),
            Look::Plain,
        ));
        let stop = plan::stopped(game, order, &format!("the rules refuse it ({why})"));
        if plan::refusal(game, &plan::commands_of(&stop)).is_none() {
            parts.push(Part::Offers {
                offers: vec![Offer::named(format!("{name}: holds where it is"), stop)],
            });
        }
        return parts;
    }
    let mut offers = vec![Offer::plan(
        "Carried out",
        format!("{name} carried out its order"),
        steps,
    )];
    // A conditional order whose condition the table did not meet ("not within 6\"").
    if let Some((words, otherwise)) = plan::otherwise(game, order)
        && plan::refusal(game, &plan::commands_of(&otherwise)).is_none()
    {
        offers.push(Offer::plan(
            crate::text::capitalized(&words),
            format!("{name}: {words}"),
            otherwise,
        ));
    }
    for (button, what) in [
        ("No line of sight", "no line of sight"),
        ("Could not get through", "the way was blocked"),
    ] {
        let stop = plan::stopped(game, order, what);
        if plan::refusal(game, &plan::commands_of(&stop)).is_none() {
            offers.push(Offer::plan(button, format!("{name}: {button}"), stop));
        }
    }
    parts.push(Part::Offers { offers });
    parts
}
