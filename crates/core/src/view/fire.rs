//! A fire as the table judged it: the command with what the state knows and what the table
//! said (Optimum Range, in the open, Solid Cover, beyond effective range), the gate's answer, its
//! pools and exact odds; and, when the judgement leaves it no Firepower die, which answers would
//! give it one. The desk's fire buttons and the Fire tab read it; none composes odds itself.

use serde::Serialize;

use crate::game::{Command, FireContext, Game, RuleError, TableQuestion};
use crate::odds::FireOdds;
use crate::rules::fire::FireModifiers;
use crate::unit::UnitId;

/// Why a fire waits for the table's judgement, and which answers would give it its die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NoDie {
    /// The gate's words, and what to tick.
    pub why: String,
    /// "Optimum Range or In the open", "Optimum Range and In the open".
    pub gives: String,
}

/// A fire as judged now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JudgedFire {
    /// The command, with the state's facts and the table's answers.
    pub command: Command,
    /// What its button says.
    pub label: String,
    /// The firing unit's name.
    pub attacker: String,
    /// The target's name.
    pub target: String,
    /// "1d8+2d6 vs 3d6".
    pub pools: String,
    /// The chance of at least one casualty.
    pub at_least_one: f64,
    /// The casualties to expect.
    pub mean: f64,
    /// Why not yet, when this judgement leaves no die to roll.
    pub no_die: Option<NoDie>,
}

/// The modifiers of a fire: what the units' state says, with the table's answers (`yes`: the
/// questions answered yes).
pub fn judged_modifiers(
    game: &Game,
    attacker: UnitId,
    target: UnitId,
    yes: &[TableQuestion],
) -> FireModifiers {
    let state = game.state();
    let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else {
        return FireModifiers::default();
    };
    let mut m = FireModifiers::proposed(a, t, state.settings().interruption_penalty);
    for question in yes {
        if let Some(answer) = question.of(&mut m) {
            *answer = true;
        }
    }
    m
}

/// Which of the table's answers not yet given (Optimum Range, in the open) would give this
/// fire a Firepower die, in words, as the gate answers; None when none would.
fn what_gives_a_die(game: &Game, command: &Command) -> Option<String> {
    let Command::Fire { modifiers, .. } = command else {
        return None;
    };
    let allowed = |optimum: bool, open: bool| {
        let mut judged = command.clone();
        if let Command::Fire { modifiers: m, .. } = &mut judged {
            m.optimum_range |= optimum;
            m.target_exposed |= open;
        }
        game.check(&judged).is_ok()
    };
    let mut alone = Vec::new();
    if !modifiers.optimum_range && allowed(true, false) {
        alone.push(TableQuestion::OptimumRange.words());
    }
    if !modifiers.target_exposed && allowed(false, true) {
        alone.push(TableQuestion::InTheOpen.words());
    }
    match alone.as_slice() {
        [] => allowed(true, true).then(|| {
            format!(
                "{} and {}",
                TableQuestion::OptimumRange.words(),
                TableQuestion::InTheOpen.words()
            )
        }),
        _ => Some(alone.join(" or ")),
    }
}

/// The fire of `attacker` at `target` in `context` as the table judged it, if the gate allows
/// it, or would once the table's judgement gives it a die.
pub fn judge_fire(
    game: &Game,
    attacker: UnitId,
    target: UnitId,
    context: FireContext,
    yes: &[TableQuestion],
) -> Option<JudgedFire> {
    let state = game.state();
    let (a, t) = (state.unit(attacker)?, state.unit(target)?);
    let modifiers = judged_modifiers(game, attacker, target, yes);
    let odds = FireOdds::of(a, t, &modifiers);
    let command = Command::Fire {
        attacker,
        target,
        modifiers,
        context,
    };
    // The gate decides: a fire with no Firepower left is no attack, and is not offered; but
    // the table's judgement (Optimum Range, in the open) may still give it its die.
    let no_die = match game.check(&command) {
        Ok(_) => None,
        Err(e @ RuleError::NoFirepower { .. }) => {
            let gives = what_gives_a_die(game, &command)?;
            Some(NoDie {
                why: format!("{e}; tick {gives} above if the table says so"),
                gives,
            })
        }
        Err(_) => return None,
    };
    Some(JudgedFire {
        label: command.facts(state).label,
        command,
        attacker: state.shown_name(attacker),
        target: state.shown_name(target),
        pools: odds.pools(),
        at_least_one: odds.casualties.at_least(1),
        mean: odds.casualties.mean(),
        no_die,
    })
}
