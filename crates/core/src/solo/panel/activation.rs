//! A Regular unit activates: the questions, the Insurgents' answer once it is committed (or
//! what is left of it after an undo), what they weighed (unless the reasoning is kept hidden),
//! the interruptions that wait for Overwatch or for the Regulars' reaction, and, after the
//! unit's move, whether a marker sees it.

use crate::game::{Command, Game, GameState, ReactionKind, SoloDecision};
use crate::rules::fire::OptimumReach;
use crate::unit::{Movement, UnitId};

use super::super::answering::{Answering, seen_by};
use super::super::answers::{Answer, Answers, Who};
use super::super::plan;
use super::super::questions::{self, Asked};
use super::super::{InterruptDecision, View};
use super::{Act, Look, Offer, Part};

/// The parts of the Regular activations.
pub(super) fn parts(game: &Game, answers: &Answers, answering: &Answering) -> Vec<Part> {
    let state = game.state();
    let mut parts = declared_parts(game, answers);
    parts.extend(waiting_fire_parts(game, answers));
    let name = |r: UnitId| state.unit(r).map_or(String::new(), |u| u.name.clone());
    match answering {
        Answering::NoActivation => parts.push(Part::say(
            "Activate a Regular unit below; the Insurgents then answer it here.",
            Look::Plain,
        )),
        Answering::NothingToAsk { regular } => parts.push(Part::say(
            format!(
                "No Insurgent unit or marker on the table could interrupt {}: nothing to ask.",
                name(*regular)
            ),
            Look::Plain,
        )),
        Answering::ToAsk { regular, asked } => {
            parts.extend(questions_parts(game, answers, *regular, asked));
        }
        Answering::Unfinished {
            regular,
            next,
            steps,
        } => {
            parts.push(Part::say(
                format!(
                    "The Insurgents' answer to {}'s activation is not finished (an undo took part of it back). Next:",
                    name(*regular)
                ),
                Look::Strong,
            ));
            parts.push(Part::Offers {
                offers: vec![Offer::named(next.clone(), steps.clone())],
            });
            parts.extend(weighed(state, &name(*regular)));
        }
        Answering::Answered { regular } => {
            parts.push(Part::say(
                format!(
                    "The Insurgents have answered {}'s activation: see the log.",
                    name(*regular)
                ),
                Look::Strong,
            ));
            parts.extend(weighed(state, &name(*regular)));
            // Its interruptions played out, the move is over: a marker may see it now.
            if !interrupted_still(game, *regular) {
                parts.extend(marker_sight_parts(game, answers, *regular));
                parts.push(Part::say(
                    "Activate the next Regular unit, or end the Regular activations.",
                    Look::Plain,
                ));
            }
        }
    }
    parts
}

/// The heading with its answer button, then at most six questions: which see it (one question,
/// every unit in view that could interrupt it and every marker), within which of their ranges
/// (one question a range), what it does first (when that changes what an interruption breaks
/// into), whether it is in the open and behind Solid Cover. The questions after the first are
/// there from the start, closed until somebody is said to see it, so no row moves.
fn questions_parts(game: &Game, answers: &Answers, regular: UnitId, asked: &[Asked]) -> Vec<Part> {
    let state = game.state();
    let Some(unit) = state.unit(regular) else {
        return Vec::new();
    };
    let speed = unit
        .status
        .movement()
        .map_or("has not moved", Movement::name);
    let mut parts = vec![Part::Heading {
        words: format!("{} activates ({speed})", unit.name),
        offer: Some(Offer {
            words: "Let the Insurgents answer".to_owned(),
            name: "Let the Insurgents answer".to_owned(),
            act: Act::Answering { regular },
        }),
    }];
    let mut asks = questions::sight_questions(
        state,
        answers,
        asked,
        // The heading names the unit: "it" keeps each question on one line.
        "Which of these can see it?".to_owned(),
        &within_words,
    );
    let (views, markers) = seen_by(game, answers, asked);
    let seen = !views.is_empty() || !markers.is_empty();
    if super::super::asks_what_first(unit) {
        asks.push(questions::first_question(answers, seen));
    }
    asks.extend(questions::ground_questions(state, answers, regular, seen));
    parts.extend(asks.into_iter().map(Part::ask));
    parts
}

/// "Which are within 6\" of it?", or, when their ranges differ, "Which of them are
/// within their range of it?" (each answer then says its own).
fn within_words(distance: Option<&str>) -> String {
    match distance {
        Some(d) => format!("Which are within {d} of it?"),
        None => "Which are within their range of it?".to_owned(),
    }
}

/// What the Insurgents weighed in their answer to this unit's activation: each decision of
/// this turn about it, in the order made; a marker's only by its marker and what it did.
/// Nothing while the reasoning is kept hidden.
fn weighed(state: &GameState, regular: &str) -> Vec<Part> {
    if state.settings().doctrine_hidden {
        return Vec::new();
    }
    let about = InterruptDecision::about(regular);
    state
        .solo_decisions()
        .iter()
        .filter(|d| d.turn == state.turn() && d.about == about)
        .map(|d| Part::say(decision_words(state, d), Look::Weak))
        .collect()
}

/// A decision in words, as the table may know it.
pub(super) fn decision_words(state: &GameState, d: &SoloDecision) -> String {
    let taken = d.taken().map_or("", |o| o.words.as_str());
    // The desk never tells what a marker still on the table keeps back.
    if let Some(contact) = d.kept_back_by(state, false) {
        return format!("{}: {taken}", contact.name());
    }
    let name = d.unit.map_or_else(String::new, |u| state.shown_name(u));
    let rolled = d
        .roll
        .map_or_else(|| "certain".to_owned(), |r| format!("rolled {r}"));
    let weighed: Vec<String> = d
        .options
        .iter()
        .map(|o| format!("{} {}% ({})", o.words, o.percent, o.odds))
        .collect();
    format!(
        "{name}: {taken} ({rolled}); weighed: {}",
        weighed.join(" · ")
    )
}

/// Once the Insurgents have answered a unit that moves, and no interruption of it is still to
/// be played out (the caller's to know), one question, asked once: does a marker see it within the markers' shorter
/// reach at the end of its move? Each marker that does is revealed (the Marines see it too).
fn marker_sight_parts(game: &Game, answers: &Answers, regular: UnitId) -> Vec<Part> {
    let state = game.state();
    let Some(unit) = state.unit(regular) else {
        return Vec::new();
    };
    let markers: Vec<_> = state.markers_on_table().collect();
    if !unit.moving() || markers.is_empty() || answers.no_marker_sees(state, regular) {
        return Vec::new();
    }
    let reach = OptimumReach::new(game.scenario().insurgents.profile.optimum_range, false);
    let within = state.distance(reach.base);
    let question = format!(
        "Once {} has moved: does any marker see it within {within}?",
        unit.name
    );
    let mut offers: Vec<Offer> = markers
        .iter()
        .map(|c| Offer {
            words: c.name(),
            name: format!("{question} {}", c.name()),
            act: Act::Play {
                command: Command::RevealContact {
                    marker: c.marker.clone(),
                },
            },
        })
        .collect();
    offers.push(Offer {
        words: "none".to_owned(),
        name: format!("{question} none"),
        act: Act::Answer {
            answer: Answer::NoMarkerSees { regular },
        },
    });
    vec![Part::say(question, Look::Strong), Part::Offers { offers }]
}

/// Whether an interruption of this Regular unit is still to be played out: declared and waiting
/// for its Reaction test, or waiting for the Regulars' reaction before the Insurgents fire.
fn interrupted_still(game: &Game, regular: UnitId) -> bool {
    plan::waiting_to_fire(game)
        .into_iter()
        .chain(plan::awaiting_test(game))
        .any(|(_, r)| r == regular)
}

/// Interruptions the Insurgents have declared and not yet tested: the player's units on
/// Overwatch answer first (their Reaction test, and their fire if they pass, on the Now view),
/// then the Insurgents take their Reaction test.
fn declared_parts(game: &Game, answers: &Answers) -> Vec<Part> {
    let state = game.state();
    let mut parts = Vec::new();
    for (i, r) in plan::awaiting_test(game) {
        let (Some(reg), Some(kind)) = (
            state.unit(r),
            state.declared_interruption(i).map(|d| d.kind),
        ) else {
            continue;
        };
        let name = state.shown_name(i);
        let what = if kind == ReactionKind::InterruptFire {
            "fire"
        } else {
            "movement"
        };
        parts.push(Part::say(
            format!(
                "{name} declares it interrupts {}'s {what}. Units on Overwatch that see it answer first: their Reaction test below, and their fire if they pass. Then:",
                reg.name
            ),
            Look::Strong,
        ));
        let view = answers.view(state, i, r).unwrap_or_else(|| View::unseen(r));
        parts.push(Part::Offers {
            offers: vec![Offer::named(
                format!("{name}: take its Reaction test"),
                plan::declared_steps(game, i, &view),
            )],
        });
    }
    parts
}

/// Interruptions where the Regulars reacted first: the Insurgents fire once the player has
/// resolved the reaction, asking again what changed if the Marines moved or fired.
fn waiting_fire_parts(game: &Game, answers: &Answers) -> Vec<Part> {
    let state = game.state();
    let mut parts = Vec::new();
    for (i, r) in plan::waiting_to_fire(game) {
        let (Some(ins), Some(reg)) = (state.unit(i), state.unit(r)) else {
            continue;
        };
        if plan::fire_held(game, i, r) {
            continue;
        }
        let reacted = state.interruption_by(i).is_some_and(|x| x.answered(r));
        parts.push(Part::say(
            format!("{} reacted first. When its reaction is done:", reg.name),
            Look::Plain,
        ));
        let seen_before = answers.view(state, i, r).is_some();
        if reacted && seen_before && !answers.asked_again(state, i, r) {
            // What it saw as it declared still stands unless the player says the reaction
            // changed it: no question is asked for nothing (an activation asks six at most).
            parts.push(Part::Offers {
                offers: vec![Offer {
                    words: "What it sees changed…".to_owned(),
                    name: format!("{}: what it sees of {} changed", ins.name, reg.name),
                    act: Act::Answer {
                        answer: Answer::AskAgain {
                            insurgent: i,
                            regular: r,
                        },
                    },
                }],
            });
        } else if reacted {
            // It moved or fired, and what the Insurgents see of it is asked again: the player
            // said it changed, or nothing is known of it (a game resumed since).
            let asked = [Asked {
                who: Who::Unit(i),
                regular: r,
                words: ins.name.clone(),
                ranges: super::super::ranges(game, Some(i)),
            }];
            let mut asks = questions::sight_questions(
                state,
                answers,
                &asked,
                format!("Which of these still see {}?", reg.name),
                &within_words,
            );
            let seen = answers.sighting(&Who::Unit(i), r).is_some();
            asks.extend(questions::ground_questions(state, answers, r, seen));
            parts.extend(asks.into_iter().map(Part::ask));
        }
        let offer = match answers.view(state, i, r) {
            Some(view) => Offer::named(
                format!("{} fires now", ins.name),
                plan::fire_after_reaction(game, i, r, &view),
            ),
            None => Offer::named(
                format!("{} no longer sees it", ins.name),
                plan::held_fire(game, i, r),
            ),
        };
        parts.push(Part::Offers {
            offers: vec![offer],
        });
    }
    parts
}
