//! The steps of an interruption: the Insurgents' answer to an activation carried out, its
//! Reaction test once Overwatch has answered, and its fire once the Regulars have reacted.

use crate::game::{Command, FireContext, Game, GameState, ReactionKind};
use crate::rules::checks::ReactionModifiers;
use crate::solo::{InterruptDecision, View, fire_modifiers, interrupt_check};
use crate::unit::{Unit, UnitId};

use super::{Step, When, view_of};

/// The steps that carry out the Insurgents' answer to an activation: every decision in the log,
/// in the order of the table (the units in view, then the markers), then, for each unit that
/// interrupts, the strongest first, its Interrupt check if the gate asks one, and its Reaction
/// test with the words of the result and its fire when it acts first. When a Regular unit on
/// Overwatch could answer the interruption, the unit only declares it: Overwatch comes before
/// the Reaction test, which the panel offers once the player has answered
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
    let mut steps = Vec::new();
    for d in decisions {
        match (&d.held, &d.decide) {
            (Some(why), _) if !hidden => {
                steps.push(Step::answer_note(d.unit, regular, why.clone()))
            }
            (_, Some(decide)) => steps.push(Step::always(decide.clone())),
            _ => {}
        }
    }
    let mut interrupting: Vec<&InterruptDecision> = decisions
        .iter()
        .filter(|d| d.decide.is_some() && d.unit.is_some())
        .collect();
    interrupting.sort_by_key(|d| std::cmp::Reverse(d.strength));
    for d in interrupting {
        let (
            Some(unit),
            Some(Command::SoloDecide { about, .. } | Command::MarkerDecide { about, .. }),
        ) = (d.unit, &d.decide)
        else {
            continue;
        };
        let view = view_of(views, unit, regular);
        steps.push(Step::Branch {
            unit,
            about: about.clone(),
            option: d.interrupt.clone(),
            steps: opening_steps(game, unit, regular, d.kind, &view),
        });
    }
    steps
}

/// The steps that open an Insurgent unit's interruption of the Regular unit activating, once
/// it has decided to interrupt: its Interrupt check if the gate asks one, then its declaration
/// when a Regular unit on Overwatch could answer it (the Reaction test waits for Overwatch), or
/// at once its Reaction test, the result in words and its fire if it acts first.
pub fn opening_steps(
    game: &Game,
    unit: UnitId,
    regular: UnitId,
    kind: ReactionKind,
    view: &View,
) -> Vec<Step> {
    let state = game.state();
    let check = interrupt_check(game, unit);
    let mut steps: Vec<Step> = check.into_iter().map(Step::always).collect();
    // The agenda's one definition of "declared first when Overwatch could answer it".
    let declared_first = state.unit(regular).is_some_and(|r| {
        matches!(
            state.interrupt_command(game.scenario(), unit, r, kind),
            Command::DeclareInterrupt { .. }
        )
    });
    if declared_first {
        steps.push(Step::if_allowed(Command::DeclareInterrupt {
            insurgent: unit,
            regular,
            kind,
        }));
    } else {
        steps.extend(test_steps(game, unit, regular, kind, view));
    }
    steps
}

/// The fire of an interruption whose Reaction test let the Insurgents act first, while it is
/// still to come and the gate allows it.
pub fn fire_when_first(game: &Game, insurgent: UnitId, view: &View) -> Option<Step> {
    let state = game.state();
    let interruption = state.interruption_by(insurgent)?;
    if !(interruption.tested && interruption.insurgents_first) || interruption.insurgent_acted {
        return None;
    }
    let (ins, reg) = (state.unit(insurgent)?, state.unit(interruption.regular)?);
    let fire = interrupt_fire(state, ins, reg, view);
    game.check(&fire).is_ok().then(|| Step::always(fire))
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
    let state = game.state();
    state
        .interruptions
        .iter()
        .filter(|i| !i.insurgents_first)
        .filter(|i| {
            // The fire as the state knows it (a Cautious target costs a die), as the gate asks.
            let (Some(ins), Some(reg)) = (state.unit(i.insurgent), state.unit(i.regular)) else {
                return false;
            };
            // Or with the most the table could add, which the player is asked about.
            state
                .fire_the_table_may_judge(ins, reg, FireContext::Interrupt, |fire| game.check(fire))
                .is_some()
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
        Step::answer_note(
            Some(insurgent),
            regular,
            format!("{} fired on {} after its reaction.", ins.name, reg.name),
        ),
    ]
}

/// The end of the note of an Insurgent unit that held its fire.
const HOLDS_FIRE: &str = "it holds its fire.";

/// The steps of an Insurgent unit that lost sight of the Regular unit in its reaction: it
/// holds its fire, and the log says so.
pub fn held_fire(game: &Game, insurgent: UnitId, regular: UnitId) -> Vec<Step> {
    let state = game.state();
    let (Some(ins), Some(reg)) = (state.unit(insurgent), state.unit(regular)) else {
        return Vec::new();
    };
    vec![Step::answer_note(
        Some(insurgent),
        regular,
        format!("{} has lost sight of {}: {HOLDS_FIRE}", ins.name, reg.name),
    )]
}

/// Whether this Insurgent unit held its fire after the Regular unit's reaction: its note is in
/// effect, after its Reaction test (undone, it may fire again).
pub fn fire_held(game: &Game, insurgent: UnitId, regular: UnitId) -> bool {
    for n in (0..game.event_count()).rev() {
        if !game.in_effect(n) {
            continue;
        }
        let Some(event) = game.event(n) else {
            continue;
        };
        match &event.command {
            Command::ReactionTest {
                insurgent: i,
                regular: r,
                ..
            } if *i == insurgent && *r == regular => return false,
            Command::Activate { .. } | Command::EndTurn | Command::SetTurn { .. } => return false,
            Command::SoloNote {
                unit: Some(i),
                answer_to: Some(r),
                text,
            } if *i == insurgent && *r == regular && text.ends_with(HOLDS_FIRE) => {
                return true;
            }
            _ => {}
        }
    }
    false
}

/// An Insurgent unit's interruption fire at the Regular unit it interrupts, as it sees it.
fn interrupt_fire(state: &GameState, ins: &Unit, reg: &Unit, view: &View) -> Command {
    Command::Fire {
        attacker: ins.id,
        target: reg.id,
        modifiers: fire_modifiers(state, ins, reg, view),
        context: FireContext::Interrupt,
    }
}
