//! Weighing the options of a decision by their exact odds.
//!
//! Every option gets a score in casualties: the Marine casualties it is expected to inflict, less
//! those its unit is expected to suffer, worked out with the exact odds of the pools as the rules
//! build them (`crate::odds`), and the chances of passing a check and of winning a Reaction test.
//! The unit's stance and the game's difficulty shift the scores; the scores become chances
//! (sharper at higher difficulty), and a percentile roll, recorded in the log with its dice,
//! picks one. The same position with other dice may so give another choice, always a legal and
//! reasoned one.

use crate::game::{GameState, SoloDifficulty, SoloOption};
use crate::odds;
use crate::rules::checks::{ReactionModifiers, ReactionSetup, TestDie};
use crate::rules::fire::FireModifiers;
use crate::unit::{Unit, Weapon};

/// How a unit goes about its war.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stance {
    /// Looks for a fight: a unit with a leader, or with an RPG.
    Aggressive,
    /// Keeps its head down: a leaderless unit of small arms.
    Cautious,
}

impl Stance {
    /// The stance of an Insurgent unit.
    pub fn of(unit: &Unit) -> Self {
        let rpg = unit
            .figures
            .iter()
            .any(|f| matches!(f.weapon, Weapon::MediumSupport | Weapon::AtRpg));
        if unit.has_leader() || rpg {
            Stance::Aggressive
        } else {
            Stance::Cautious
        }
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Stance::Aggressive => "aggressive",
            Stance::Cautious => "cautious",
        }
    }
}

/// Whether an option attacks (fires, interrupts, closes in) or keeps the unit safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaning {
    /// Fire, interrupt, close in, block.
    Bold,
    /// Wait, stay in cover, stay out of sight.
    Careful,
}

/// An option with its score, before it becomes a chance.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<A> {
    /// What the unit does, in words.
    pub words: String,
    /// Its score, in casualties.
    pub score: f64,
    /// What the score came from, in words.
    pub odds: String,
    /// Bold or careful.
    pub leaning: Leaning,
    /// What it stands for.
    pub action: A,
}

/// How much the stance and the difficulty shift a score, in casualties.
const STANCE_SHIFT: f64 = 0.25;

/// How sharply scores become chances: the chances of two options one casualty apart differ by
/// this factor raised to the power one (e to the sharpness).
pub fn sharpness(difficulty: SoloDifficulty) -> f64 {
    match difficulty {
        SoloDifficulty::Recruit => 1.0,
        SoloDifficulty::Regular => 3.0,
        SoloDifficulty::Veteran => 8.0,
    }
}

/// How readily the Insurgents interrupt: added to the score of interrupting, in casualties.
pub fn interrupt_readiness(difficulty: SoloDifficulty) -> f64 {
    match difficulty {
        SoloDifficulty::Recruit => -0.8,
        SoloDifficulty::Regular => 0.1,
        SoloDifficulty::Veteran => 0.4,
    }
}

/// The score after the stance's shift.
pub fn shifted(score: f64, leaning: Leaning, stance: Stance) -> f64 {
    match (stance, leaning) {
        (Stance::Aggressive, Leaning::Bold) | (Stance::Cautious, Leaning::Careful) => {
            score + STANCE_SHIFT
        }
        _ => score,
    }
}

/// Chances in whole percent, adding up to 100, for scores (after the shifts): the larger
/// remainders get the leftover points, the earlier option on a tie.
pub fn percents(scores: &[f64], difficulty: SoloDifficulty) -> Vec<u8> {
    if scores.is_empty() {
        return Vec::new();
    }
    let k = sharpness(difficulty);
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = scores.iter().map(|s| (k * (s - best)).exp()).collect();
    let total: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| 100.0 * w / total).collect();
    let mut out: Vec<u32> = exact.iter().map(|e| e.floor() as u32).collect();
    let mut left = 100u32.saturating_sub(out.iter().sum());
    let mut order: Vec<usize> = (0..exact.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    for i in order.into_iter().cycle() {
        if left == 0 {
            break;
        }
        out[i] += 1;
        left -= 1;
    }
    out.into_iter()
        .map(|p| u8::try_from(p).unwrap_or(100))
        .collect()
}

/// The choices as a decision's options, best first, with their chances.
pub fn options<A>(
    mut choices: Vec<Choice<A>>,
    stance: Stance,
    difficulty: SoloDifficulty,
) -> (Vec<Choice<A>>, Vec<SoloOption>) {
    for c in &mut choices {
        c.score = shifted(c.score, c.leaning, stance);
    }
    choices.sort_by(|a, b| b.score.total_cmp(&a.score));
    let scores: Vec<f64> = choices.iter().map(|c| c.score).collect();
    let options = choices
        .iter()
        .zip(percents(&scores, difficulty))
        .map(|(c, percent)| SoloOption {
            words: c.words.clone(),
            percent,
            odds: c.odds.clone(),
        })
        .collect();
    (choices, options)
}

/// The expected casualties of a fire, and its words: "5d6 vs 4d8: 1.2 expected".
pub fn fire_value(attacker: &Unit, target: &Unit, modifiers: &FireModifiers) -> (f64, String) {
    // The odds every screen shows of this fire: the casualties at most the target's figures.
    let fire = odds::FireOdds::of(attacker, target, modifiers);
    if fire.firepower.is_empty() {
        return (0.0, "no Firepower".to_owned());
    }
    let mean = fire.casualties.mean();
    (
        mean,
        format!(
            "{} vs {}: {mean:.2} casualties expected",
            fire.firepower.notation(),
            fire.defense.notation()
        ),
    )
}

/// The chance that a unit passes the check the gate asks of it (1 when it asks none).
pub fn check_chance(unit: &Unit, asked: bool) -> f64 {
    if asked {
        odds::quality(&TestDie::for_unit(unit))
    } else {
        1.0
    }
}

/// The chance that the Insurgents act first in a Reaction test against this Regular unit.
pub fn first_chance(insurgent: &Unit, regular: &Unit) -> f64 {
    let setup = ReactionSetup::new(insurgent, regular, &ReactionModifiers::proposed(regular));
    odds::insurgents_first(&setup.insurgent, &setup.regular)
}

/// The fire a Regular unit would return on an Insurgent unit, in expected casualties.
pub fn return_fire(state: &GameState, regular: &Unit, insurgent: &Unit, in_range: bool) -> f64 {
    let modifiers = FireModifiers {
        optimum_range: in_range,
        ..FireModifiers::proposed(regular, insurgent, state.settings.interruption_penalty)
    };
    fire_value(regular, insurgent, &modifiers).0
}

/// A chance in words: "62%".
pub fn percent_words(p: f64) -> String {
    format!("{:.0}%", (p * 100.0).clamp(0.0, 100.0))
}
