//! The Firepower and Defense pools of a fire, each with the breakdown a referee can read.

use serde::{Deserialize, Serialize};

use super::{FireModifiers, MAX_POOL};
use crate::dice::Die;
use crate::text::plural;
use crate::unit::{Side, Unit, Weapon};

/// One line of a pool's breakdown, such as "+1 optimum range".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolLine {
    /// Dice added (positive) or removed (negative).
    pub dice: i32,
    /// Why.
    pub reason: String,
}

/// A pool of dice ready to roll, with the reasoning a referee can read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// The dice, best type first.
    pub dice: Vec<Die>,
    /// Each contribution.
    pub lines: Vec<PoolLine>,
    /// The total before clamping to 0..=10.
    pub unclamped: i32,
}

impl Pool {
    /// Builds a pool from positive contributions (each with its die type) and reductions.
    fn build(positive: Vec<(Die, PoolLine)>, reductions: Vec<PoolLine>) -> Self {
        let mut dice: Vec<Die> = Vec::new();
        let mut lines = Vec::new();
        for (die, line) in positive {
            let count = usize::try_from(line.dice.max(0)).unwrap_or(0);
            dice.extend(std::iter::repeat_n(die, count));
            lines.push(line);
        }
        let mut unclamped = i32::try_from(dice.len()).unwrap_or(i32::MAX);
        for line in reductions {
            unclamped += line.dice;
            lines.push(line);
        }
        // Penalties take the weakest dice first, and the clamp keeps the best ten.
        dice.sort_unstable_by(|a, b| b.cmp(a));
        let keep = usize::try_from(unclamped.clamp(0, MAX_POOL as i32)).unwrap_or(0);
        dice.truncate(keep);
        Self {
            dice,
            lines,
            unclamped,
        }
    }

    /// Number of dice to roll.
    pub fn len(&self) -> usize {
        self.dice.len()
    }

    /// True when there is nothing to roll.
    pub fn is_empty(&self) -> bool {
        self.dice.is_empty()
    }

    /// True when the total was cut to fit 0..=10.
    pub fn was_clamped(&self) -> bool {
        self.unclamped != i32::try_from(self.dice.len()).unwrap_or(i32::MAX)
    }

    /// The dice grouped by type, best first: `[(d8, 1), (d6, 6)]`.
    pub fn groups(&self) -> Vec<(Die, u8)> {
        // A pool holds at most ten dice, so every count fits.
        runs(&self.dice)
            .into_iter()
            .map(|(die, n)| (die, u8::try_from(n).unwrap_or(u8::MAX)))
            .collect()
    }

    /// "7d8" or "1d8 + 6d6".
    pub fn notation(&self) -> String {
        notation(&self.dice)
    }
}

/// Dice in the usual notation, best type first: "7d8", "1d8 + 6d6", or "0 dice".
pub fn notation(dice: &[Die]) -> String {
    if dice.is_empty() {
        return "0 dice".to_owned();
    }
    let mut sorted = dice.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    runs(&sorted)
        .iter()
        .map(|(die, n)| format!("{n}{die}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Runs of equal dice, in order: `[d8, d6, d6]` gives `[(d8, 1), (d6, 2)]`.
fn runs(dice: &[Die]) -> Vec<(Die, usize)> {
    let mut runs: Vec<(Die, usize)> = Vec::new();
    for &die in dice {
        match runs.last_mut() {
            Some((last, count)) if *last == die => *count += 1,
            _ => runs.push((die, 1)),
        }
    }
    runs
}

/// One line per die type the unit's figures roll, best first ("6 figures", "1 figure rolling
/// d8"): the start of both pools.
fn figure_lines(unit: &Unit) -> Vec<(Die, PoolLine)> {
    let mut lines = Vec::new();
    for die in Die::ALL.iter().rev() {
        let n = unit
            .firing_line()
            .filter(|f| unit.figure_die(f) == *die)
            .count();
        if n > 0 {
            let who = if *die == unit.profile.tq {
                plural(n, "figure", "figures")
            } else {
                format!("{} rolling {die}", plural(n, "figure", "figures"))
            };
            lines.push((*die, line(n as i32, who)));
        }
    }
    lines
}

/// The referee's own adjustment, as an added or a removed line.
fn adjustment(
    positive: &mut Vec<(Die, PoolLine)>,
    reductions: &mut Vec<PoolLine>,
    die: Die,
    by: i8,
) {
    let reason = "referee's adjustment";
    if by > 0 {
        positive.push((die, line(i32::from(by), reason)));
    } else if by < 0 {
        reductions.push(line(i32::from(by), reason));
    }
}

fn line(dice: i32, reason: impl Into<String>) -> PoolLine {
    PoolLine {
        dice,
        reason: reason.into(),
    }
}

/// The attacker's Firepower pool.
pub fn firepower(attacker: &Unit, modifiers: &FireModifiers) -> Pool {
    // One die per figure in the firing line, grouped by die type (leaders may roll better).
    let mut positive = figure_lines(attacker);
    for weapon in Weapon::ALL.into_iter().filter(|w| w.is_support()) {
        let n = attacker
            .firing_line()
            .filter(|f| f.weapon == weapon)
            .count();
        if n > 0 {
            let each = weapon.support_dice();
            let what = match weapon {
                Weapon::LightSupport => plural(n, "light support weapon", "light support weapons"),
                Weapon::MediumSupport => plural(n, "RPG", "RPGs"),
                _ => plural(n, "AT RPG", "AT RPGs"),
            };
            let label = if weapon == Weapon::AtRpg {
                format!("{what} (+{each} each, as Medium against infantry)")
            } else {
                format!("{what} (+{each} each)")
            };
            positive.push((attacker.profile.tq, line(i32::from(each) * n as i32, label)));
        }
    }
    if modifiers.optimum_range {
        positive.push((attacker.profile.tq, line(1, "target within optimum range")));
    }
    if modifiers.target_exposed {
        positive.push((attacker.profile.tq, line(1, "target exposed")));
    }

    let mut reductions = Vec::new();
    if modifiers.attacker_rapid {
        reductions.push(line(-1, "attacker moved Rapid"));
    }
    if modifiers.interruption_dice > 0 {
        reductions.push(line(
            -i32::from(modifiers.interruption_dice),
            "dice lost to interruptions and Overwatch fire",
        ));
    }
    if modifiers.target_cautious && attacker.side == Side::Insurgent {
        reductions.push(line(-1, "Insurgents firing at a target moving Cautiously"));
    }
    if modifiers.attacker_pinned {
        reductions.push(line(-1, "attacker Pinned"));
    }
    adjustment(
        &mut positive,
        &mut reductions,
        attacker.profile.tq,
        modifiers.firepower_adjust,
    );
    Pool::build(positive, reductions)
}

/// The target's Defense pool.
pub fn defense(target: &Unit, modifiers: &FireModifiers) -> Pool {
    let mut positive = figure_lines(target);
    if modifiers.target_cautious {
        positive.push((target.profile.tq, line(1, "moving Cautiously")));
    }
    if modifiers.target_in_cover {
        positive.push((target.profile.tq, line(1, "In Cover")));
    }
    if modifiers.solid_cover {
        positive.push((target.profile.tq, line(1, "Solid Cover")));
    }
    if target.profile.armor > 0 {
        positive.push((
            target.profile.tq,
            line(i32::from(target.profile.armor), "body armor"),
        ));
    }
    let mut reductions = Vec::new();
    adjustment(
        &mut positive,
        &mut reductions,
        target.profile.tq,
        modifiers.defense_adjust,
    );
    Pool::build(positive, reductions)
}
