//! The story of the dice: every roll of a game placed in its exact distribution.
//!
//! A replay of the events in effect gives, for each fire combat, check and Reaction test, the
//! chance of doing at least as well and where the roll falls (its percentile: the chance of
//! doing worse, plus half the chance of doing exactly as well, so an average roll is 0.5); per
//! side, the casualties caused and passed tests against their expected numbers and the mean
//! percentile (the luck score); per turn, the victory points and the casualties against their
//! expectation. The numbers come from the exact odds (`crate::odds`), never from sampling.

mod percentile;

pub use percentile::{kind_of, luck_words};

use crate::game::state::GameState;
use crate::game::{Command, Detail, Game};
use crate::unit::Side;

/// What was rolled.
#[derive(Clone, Debug, PartialEq)]
pub enum RollKind {
    /// A fire combat.
    Fire {
        /// The attacker's pool, best die first: "1d8+3d6".
        attack: String,
        /// The defender's pool.
        defend: String,
        /// The number the attacker dice had to reach: 4 or 7.
        target: u8,
        /// Attacker dice the defender could not block (before any cap by the figures).
        hits: usize,
        /// The expected hits of those pools.
        expected: f64,
        /// The chance of at least `hits`.
        p_at_least: f64,
        /// The chance of at most `hits`.
        p_at_most: f64,
        /// Casualties: the hits, at most the figures the target could lose.
        casualties: usize,
        /// The casualties expected, against the figures the target had.
        expected_casualties: f64,
        /// The chance of at least as many casualties.
        p_casualties_at_least: f64,
    },
    /// A Quality or Interrupt check.
    Check {
        /// Passed.
        passed: bool,
        /// The chance it had of passing.
        chance: f64,
    },
    /// A Morale check: how many dice reached 4+, of how many.
    Morale {
        /// Dice at 4+.
        successes: usize,
        /// Dice rolled.
        dice: usize,
        /// The successes expected.
        expected: f64,
        /// The chance of at least as many.
        p_at_least: f64,
        /// The check held (more successes than failures).
        passed: bool,
        /// The chance it had of holding.
        chance: f64,
    },
    /// A Reaction test, told from the Insurgents' side.
    Reaction {
        /// The Insurgents acted first.
        insurgents_first: bool,
        /// The chance they had of acting first.
        chance: f64,
    },
}

/// One roll of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Roll {
    /// Its event number.
    pub event: usize,
    /// The journal line of its event (the header is line 1).
    pub line: usize,
    /// The turn.
    pub turn: u32,
    /// The side that rolled it (the attacker's; the Insurgents' for a Reaction test).
    pub side: Side,
    /// What was rolled.
    pub kind: RollKind,
    /// Where it falls in its distribution, from 0 (the worst) to 1 (the best).
    pub percentile: f64,
}

impl Roll {
    /// How lucky it was, in words: "3 casualties; 9% of such attacks do as well; 1.4
    /// expected". A fire is told by its casualties: hits beyond the figures the target had
    /// change nothing.
    pub fn words(&self) -> String {
        let percent = |p: f64| format!("{:.0}%", p * 100.0);
        match &self.kind {
            // Every attack does at least as well as none: a miss is told by how many do no
            // better (its percentile is half of that).
            RollKind::Fire {
                casualties: 0,
                expected_casualties,
                ..
            } => format!(
                "no casualty; {} of such attacks do no better; {expected_casualties:.1} expected",
                percent(2.0 * self.percentile)
            ),
            RollKind::Fire {
                casualties,
                expected_casualties,
                p_casualties_at_least,
                ..
            } => format!(
                "{}; {} of such attacks do as well; {expected_casualties:.1} expected",
                crate::text::plural(*casualties, "casualty", "casualties"),
                percent(*p_casualties_at_least)
            ),
            RollKind::Check { passed, chance } => format!(
                "{} a {} chance",
                if *passed {
                    "passed with"
                } else {
                    "failed against"
                },
                percent(*chance)
            ),
            RollKind::Morale {
                successes,
                dice,
                expected,
                p_at_least,
                ..
            } => format!(
                "{successes} of {dice} dice at 4+; {} of such checks do as well; {expected:.1} expected",
                percent(*p_at_least)
            ),
            RollKind::Reaction {
                insurgents_first,
                chance,
            } => format!(
                "the Insurgents {} with a {} chance of acting first",
                if *insurgents_first {
                    "went first"
                } else {
                    "lost"
                },
                percent(*chance)
            ),
        }
    }
}

/// One side's rolls, against what was to be expected.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideStats {
    /// Fire combats.
    pub fires: usize,
    /// Casualties they caused (hits, at most the figures each target had).
    pub casualties: usize,
    /// The casualties expected.
    pub expected_casualties: f64,
    /// Checks and Reaction tests.
    pub tests: usize,
    /// Of which passed (won).
    pub passed: usize,
    /// The passes expected.
    pub expected_passed: f64,
    /// The mean percentile of its rolls; none before any.
    pub luck: Option<f64>,
}

/// One turn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnStats {
    /// The turn.
    pub turn: u32,
    /// Victory points at its end (or now, for the turn in play): Regulars, Insurgents.
    pub victory_points: [i64; 2],
    /// Casualties caused in it: by the Regulars, by the Insurgents.
    pub casualties: [usize; 2],
    /// Casualties expected in it.
    pub expected_casualties: [f64; 2],
}

/// The whole story of a game's dice.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Story {
    /// Every roll in effect, in log order.
    pub rolls: Vec<Roll>,
    /// Per side: Regulars, Insurgents.
    pub sides: [SideStats; 2],
    /// Per turn, from the first.
    pub turns: Vec<TurnStats>,
    /// Where the story stops short, if it does: an event in effect that the replay of the
    /// game's rules refused (the journal line and why). The figures count the rolls before it
    /// only, and every reader says so.
    pub stopped: Option<String>,
}

/// The index of a side in the arrays of the story.
pub fn index(side: Side) -> usize {
    match side {
        Side::Regular => 0,
        Side::Insurgent => 1,
    }
}

/// Tells the story of a game's dice, replaying its events in effect.
pub fn tell(game: &Game) -> Story {
    let scenario = game.scenario();
    // The journal line of each event: its entry, after the header.
    // Each event is written once, in order: the n-th event entry is event n.
    let line_of: Vec<usize> = game
        .entries()
        .enumerate()
        .filter(|(_, e)| matches!(e, crate::game::EntryRef::Event(_)))
        .map(|(i, _)| i + 2)
        .collect();
    let mut state = GameState::new(scenario, game.initial_settings().clone());
    // By the rules the game was played by, as its replay is.
    state.rules = game.rules();
    let mut story = Story::default();
    let mut turn = TurnStats {
        turn: state.turn,
        ..TurnStats::default()
    };
    for n in (0..game.event_count()).filter(|&n| game.in_effect(n)) {
        let Some(event) = game.event(n) else {
            continue;
        };
        let before = state.turn;
        let line = line_of.get(n).copied().unwrap_or(0);
        let outcome = match state.apply_in_place(scenario, event) {
            Ok(outcome) => outcome,
            Err(why) => {
                // Never skipped in silence: every figure after it would be wrong.
                let words = format!(
                    "the story of the dice stops at journal line {line}: its replay refuses that event ({why}); the figures count the rolls before it"
                );
                log::error!("{words}");
                story.stopped = Some(words);
                break;
            }
        };
        for roll in rolls_of(&state, &event.command, &outcome.detail, n, line, before) {
            if let RollKind::Fire {
                casualties,
                expected_casualties,
                ..
            } = roll.kind
            {
                turn.casualties[index(roll.side)] += casualties;
                turn.expected_casualties[index(roll.side)] += expected_casualties;
            }
            story.rolls.push(roll);
        }
        if state.turn != before {
            turn.victory_points = points(&state, game);
            story.turns.push(std::mem::take(&mut turn));
            turn.turn = state.turn;
        }
    }
    turn.victory_points = points(&state, game);
    story.turns.push(turn);
    for roll in &story.rolls {
        let side = &mut story.sides[index(roll.side)];
        match roll.kind {
            RollKind::Fire {
                casualties,
                expected_casualties,
                ..
            } => {
                side.fires += 1;
                side.casualties += casualties;
                side.expected_casualties += expected_casualties;
            }
            RollKind::Check { passed, chance } | RollKind::Morale { passed, chance, .. } => {
                side.tests += 1;
                side.passed += usize::from(passed);
                side.expected_passed += chance;
            }
            RollKind::Reaction {
                insurgents_first,
                chance,
            } => {
                side.tests += 1;
                side.passed += usize::from(insurgents_first);
                side.expected_passed += chance;
            }
        }
    }
    for side in [Side::Regular, Side::Insurgent] {
        let percentiles: Vec<f64> = story
            .rolls
            .iter()
            .filter(|r| r.side == side)
            .map(|r| r.percentile)
            .collect();
        story.sides[index(side)].luck = (!percentiles.is_empty())
            .then(|| percentiles.iter().sum::<f64>() / percentiles.len() as f64);
    }
    story
}

fn points(state: &GameState, game: &Game) -> [i64; 2] {
    let (regular, insurgent) = state.victory_points(game.scenario());
    [regular, insurgent]
}

/// The rolls an outcome holds.
fn rolls_of(
    state: &GameState,
    command: &Command,
    detail: &Detail,
    event: usize,
    line: usize,
    turn: u32,
) -> Vec<Roll> {
    let Some((kind, percentile)) = kind_of(detail) else {
        return Vec::new();
    };
    let side_of = |id| state.unit(id).map_or(Side::Regular, |u| u.side);
    let side = match (detail, command) {
        (Detail::Fire(report), _) => side_of(report.attacker),
        (
            Detail::Check(_),
            Command::QualityCheck { unit, .. }
            | Command::Activate { unit, .. }
            | Command::InsurgentAction { unit, .. },
        ) => side_of(*unit),
        (Detail::RegularMorale(_), _) => Side::Regular,
        _ => Side::Insurgent,
    };
    vec![Roll {
        event,
        line,
        turn,
        side,
        kind,
        percentile,
    }]
}
