//! How far the Insurgents' answer to the Regular unit activating now has come, read from the
//! log and the player's answers, never remembered apart: so every undo back to before they
//! answered leaves the questions ready to ask, and undoing a step of the answer (a decision, an
//! Interrupt check, a Reaction test, a fire) leaves the rest of it offered.
//!
//! The answer is begun once one of its events is in effect after the unit's activation: a
//! decision about it (`InterruptDecision::about`), or a note that is part of it (a unit that
//! holds, nobody interrupting: `SoloNote::answer_to`).

use crate::game::{Command, Decider, Game, Phase};
use crate::unit::{Unit, UnitId};

use super::answers::{Answers, Who};
use super::plan::{self, Step};
use super::questions::Asked;
use super::{InterruptDecision, RegularAction, View};

/// How far the Insurgents' answer to an activation has come.
#[derive(Clone, Debug, PartialEq)]
pub enum Answering {
    /// No Regular unit activates now (another phase, or its unit is gone).
    NoActivation,
    /// Nobody on the table could interrupt it: nothing to ask.
    NothingToAsk {
        /// The Regular unit activating.
        regular: UnitId,
    },
    /// Nothing of the answer is in effect: the questions are to be asked.
    ToAsk {
        /// The Regular unit activating.
        regular: UnitId,
        /// Those asked about, in the order of the table.
        asked: Vec<Asked>,
    },
    /// Part of the answer is in effect: the rest is offered.
    Unfinished {
        /// The Regular unit activating.
        regular: UnitId,
        /// The next step, in words for its button: "Insurgents 1: take its Reaction test".
        next: String,
        /// Every step left, in order.
        steps: Vec<Step>,
    },
    /// The answer is given.
    Answered {
        /// The Regular unit activating.
        regular: UnitId,
    },
}

impl Answering {
    /// The Regular unit activating, if one is.
    pub fn regular(&self) -> Option<UnitId> {
        match self {
            Answering::NoActivation => None,
            Answering::NothingToAsk { regular }
            | Answering::ToAsk { regular, .. }
            | Answering::Unfinished { regular, .. }
            | Answering::Answered { regular } => Some(*regular),
        }
    }

    /// True while the Insurgents have still to answer the activation (its questions to ask, or
    /// the rest of their answer to give): the unit's own fire waits.
    pub fn waits(&self) -> bool {
        matches!(self, Answering::ToAsk { .. } | Answering::Unfinished { .. })
    }
}

/// The Regular unit activating now, in play, during the Regular activations.
fn activating(game: &Game) -> Option<&Unit> {
    let state = game.state();
    if state.phase() != Phase::RegularActivations {
        return None;
    }
    state
        .active_unit()
        .and_then(|r| state.unit(r))
        .filter(|u| u.in_play())
}

/// How far the Insurgents' answer to the activation now has come.
pub fn answering(game: &Game, answers: &Answers) -> Answering {
    let Some(unit) = activating(game) else {
        return Answering::NoActivation;
    };
    let regular = unit.id;
    if !begun(game, unit) {
        let asked = asked_about(game, regular);
        return if asked.is_empty() {
            Answering::NothingToAsk { regular }
        } else {
            Answering::ToAsk { regular, asked }
        };
    }
    let rest = rest_of_answer(game, answers, unit);
    match rest.first() {
        None => Answering::Answered { regular },
        Some((next, _)) => Answering::Unfinished {
            regular,
            next: next.clone(),
            steps: rest.into_iter().flat_map(|(_, steps)| steps).collect(),
        },
    }
}

/// Whether an event of the Insurgents' answer to this unit's activation is in effect after
/// the activation.
fn begun(game: &Game, unit: &Unit) -> bool {
    let about = InterruptDecision::about(&unit.name);
    for n in (0..game.event_count()).rev() {
        if !game.in_effect(n) {
            continue;
        }
        let Some(event) = game.event(n) else {
            continue;
        };
        match &event.command {
            Command::Activate { unit: u, .. } if *u == unit.id => return false,
            Command::EndTurn | Command::SetTurn { .. } => return false,
            Command::SoloDecide { about: a, .. } | Command::MarkerDecide { about: a, .. }
                if *a == about =>
            {
                return true;
            }
            Command::SoloNote {
                answer_to: Some(r), ..
            } if *r == unit.id => return true,
            _ => {}
        }
    }
    false
}

/// Who is asked about as seeing the Regular unit activating: the Insurgent units in view the
/// rules would let interrupt it, whatever it does first, then every marker on the table,
/// whatever it hides.
pub fn asked_about(game: &Game, regular: UnitId) -> Vec<Asked> {
    let state = game.state();
    let Some(unit) = state.unit(regular) else {
        return Vec::new();
    };
    let mut units = super::asked_about(game, regular, RegularAction::Moves);
    if super::asks_what_first(unit) {
        units.extend(super::asked_about(game, regular, RegularAction::Fires));
        units.sort();
        units.dedup();
    }
    let unit_rows = units.iter().filter_map(|&u| {
        Some(Asked {
            who: Who::Unit(u),
            regular,
            words: state.unit(u)?.name.clone(),
            ranges: super::ranges(game, Some(u)),
        })
    });
    let marker_rows = state.markers_on_table().map(|c| Asked {
        who: Who::Marker(c.marker.clone()),
        regular,
        words: c.name(),
        ranges: super::ranges(game, None),
    });
    unit_rows.chain(marker_rows).collect()
}

/// What the answers say of those asked about: the views of each unit that sees the Regular
/// unit (one under a marker too: its own reach decides its Optimum Range die), and the
/// markers that see it and hide nothing.
pub fn seen_by(
    game: &Game,
    answers: &Answers,
    asked: &[Asked],
) -> (Vec<(UnitId, View)>, Vec<String>) {
    let state = game.state();
    let mut views = Vec::new();
    let mut markers = Vec::new();
    for a in asked {
        let unit = match &a.who {
            Who::Unit(u) => Some(*u),
            Who::Marker(m) => state
                .contacts()
                .iter()
                .find(|c| &c.marker == m)
                .and_then(|c| c.unit),
        };
        match (unit, &a.who) {
            (Some(u), _) => {
                if let Some(view) = answers.view(state, u, a.regular) {
                    views.push((u, view));
                }
            }
            (None, Who::Marker(m)) => {
                if answers.sighting(&a.who, a.regular).is_some() {
                    markers.push(m.clone());
                }
            }
            (None, Who::Unit(_)) => {}
        }
    }
    (views, markers)
}

/// The Insurgents' answer to the activation, as the player answered the questions: every
/// decision in the order of the table, then each interruption, the strongest first. It always
/// makes at least one event, so the activation is known answered.
pub fn answer_steps(game: &Game, answers: &Answers, regular: UnitId) -> Vec<Step> {
    let Some(unit) = game.state().unit(regular) else {
        return Vec::new();
    };
    let (views, markers) = seen_by(game, answers, &asked_about(game, regular));
    let decisions = super::interrupts(game, regular, answers.action, &views, &markers);
    let mut steps = plan::interrupt_steps(game, regular, &decisions, &views);
    if steps.is_empty() {
        let words = if views.is_empty() && markers.is_empty() {
            format!(
                "No Insurgent unit or marker sees {}: nobody interrupts.",
                unit.name
            )
        } else {
            format!("Nobody interrupts {}.", unit.name)
        };
        steps.push(Step::answer_note(None, regular, words));
    }
    steps
}

/// What is left of the answer begun: the decisions not in effect (with their interruptions),
/// then the rest of each interruption decided: each with the words of its first step.
fn rest_of_answer(game: &Game, answers: &Answers, unit: &Unit) -> Vec<(String, Vec<Step>)> {
    let state = game.state();
    let regular = unit.id;
    let about = InterruptDecision::about(&unit.name);
    let decided = |d: &InterruptDecision| match (&d.marker, d.unit) {
        (Some(m), _) => state.decision_of(Decider::Marker(m), &about).is_some(),
        (None, Some(u)) => state.decision_of(Decider::Unit(u), &about).is_some(),
        (None, None) => true,
    };
    let mut rest = Vec::new();
    let (views, markers) = seen_by(game, answers, &asked_about(game, regular));
    // Those seen that have not decided (their decisions undone): weighed again.
    let undecided = |u: &UnitId| state.decision_of(Decider::Unit(*u), &about).is_none();
    let marker_undecided = |m: &String| state.decision_of(Decider::Marker(m), &about).is_none();
    if views.iter().any(|(u, _)| undecided(u)) || markers.iter().any(marker_undecided) {
        let views: Vec<(UnitId, View)> = views
            .iter()
            .filter(|(u, _)| undecided(u))
            .cloned()
            .collect();
        let markers: Vec<String> = markers.into_iter().filter(marker_undecided).collect();
        let decisions: Vec<InterruptDecision> =
            super::interrupts(game, regular, answers.action, &views, &markers)
                .into_iter()
                .filter(|d| d.decide.is_some() && !decided(d))
                .collect();
        if let Some(first) = decisions.first() {
            let name = match (&first.marker, first.unit) {
                (Some(m), _) => format!("Contact {m}"),
                (None, Some(u)) => state.shown_name(u),
                (None, None) => String::new(),
            };
            let steps = plan::interrupt_steps(game, regular, &decisions, &views);
            rest.push((format!("{name}: decide its answer"), steps));
        }
    }
    // The interruptions decided, the strongest first: what is left of each.
    let interrupt = format!("interrupt {}", unit.name);
    let mut interrupting: Vec<&crate::game::SoloDecision> = state
        .solo_decisions()
        .iter()
        .filter(|d| d.turn == state.turn() && d.about == about)
        .filter(|d| d.taken().is_some_and(|o| o.words == interrupt))
        .collect();
    interrupting.sort_by_key(|d| {
        std::cmp::Reverse(d.unit.and_then(|u| state.unit(u)).map_or(0, |u| {
            crate::rules::fire::firepower(u, &Default::default()).len()
        }))
    });
    for d in interrupting {
        let Some(insurgent) = d.unit else {
            continue;
        };
        let name = state.shown_name(insurgent);
        let view = answers
            .view(state, insurgent, regular)
            .unwrap_or_else(|| View::unseen(regular));
        match state.interruption_by(insurgent) {
            None => {
                let kind = crate::game::ReactionKind::interrupting(
                    unit,
                    answers.action == RegularAction::Fires,
                );
                let steps = plan::opening_steps(game, insurgent, regular, kind, &view);
                if steps.is_empty() || plan::refusal(game, &plan::commands_of(&steps)).is_some() {
                    continue;
                }
                let words = match plan::commands_of(&steps).first() {
                    Some(Command::QualityCheck { .. }) => "take its Interrupt check",
                    Some(Command::DeclareInterrupt { .. }) => "declare its interruption",
                    _ => "take its Reaction test",
                };
                rest.push((format!("{name}: {words}"), steps));
            }
            Some(_) => {
                if let Some(fire) = plan::fire_when_first(game, insurgent, &view) {
                    rest.push((format!("{name}: fire now"), vec![fire]));
                }
            }
        }
    }
    rest
}
