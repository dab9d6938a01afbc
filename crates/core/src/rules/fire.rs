//! Fire combat: the situation of an attack, and the Firepower and Defense pools with their
//! breakdown. The matching of the dice is in [`super::matching`].

use serde::{Deserialize, Serialize};

use crate::dice::{Die, Face};
use crate::text::plural;
use crate::unit::{Side, Unit, Weapon};

pub use super::matching::{Block, DEFENSE_KEEP, Matching, hits_closed_form, match_dice};
pub use super::reach::OptimumReach;
pub use crate::limits::MAX_POOL;

/// The situation of one attack.
///
/// Two kinds of facts meet here. What only the table shows (Optimum Range, open ground, Solid
/// Cover, beyond effective range) and the referee's own adjustments are the referee's to give.
/// What the game already knows (the firer's speed, Pinned, dice lost to interruptions and
/// Overwatch shots, a Cautious target, a target In Cover) is [`FireModifiers::proposed`] from
/// the units' state, and the gate refuses a fire whose fields say otherwise, unless the event
/// carries a referee's [`FireModifiers::correction`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FireModifiers {
    /// The target is inside the attacker's Optimum Range (doubled for support weapons).
    pub optimum_range: bool,
    /// The target stands in the open, more than 2" from cover.
    pub target_exposed: bool,
    /// The attacker moved Rapid this turn.
    pub attacker_rapid: bool,
    /// The attacker is Pinned.
    pub attacker_pinned: bool,
    /// Firepower dice lost to interruptions or earlier Overwatch fire this turn.
    pub interruption_dice: u8,
    /// The target is moving Cautiously (+1 Defense; −1 Firepower for Insurgent attackers).
    pub target_cautious: bool,
    /// The target is hunkered down In Cover.
    pub target_in_cover: bool,
    /// The target is behind Solid Cover.
    pub solid_cover: bool,
    /// The target is beyond effective range: attacker dice need 7+.
    pub beyond_effective_range: bool,
    /// The referee's own adjustment to Firepower, in dice.
    pub firepower_adjust: i8,
    /// The referee's own adjustment to Defense, in dice.
    pub defense_adjust: i8,
    /// The referee overrules what the game knows about this fire, in the referee's words: the
    /// fields the state would set are then taken as given, and the log says so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correction: Option<String>,
}

/// How Regular units lose Firepower to interruptions (a per-game option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InterruptionPenalty {
    /// One die lost for each interruption after the first in a turn.
    #[default]
    AfterFirst,
    /// One die lost for each interruption.
    Each,
}

impl InterruptionPenalty {
    /// Dice lost after `times` interruptions.
    pub const fn dice_lost(self, times: u8) -> u8 {
        match self {
            InterruptionPenalty::AfterFirst => times.saturating_sub(1),
            InterruptionPenalty::Each => times,
        }
    }
}

impl FireModifiers {
    /// The referee's correction of what the game knows of a fire, as its four boxes read: the
    /// firer moved Rapid, the firer is Pinned, the target moves Cautiously, the target is In
    /// Cover.
    pub const CORRECTION_WORDS: [&'static str; 4] = [
        "Moved Rapid (−1)",
        "Pinned (−1)",
        "Target Cautious",
        "Target In Cover",
    ];

    /// What the units' recorded state says; distances and cover are left for the referee.
    pub fn proposed(attacker: &Unit, target: &Unit, penalty: InterruptionPenalty) -> Self {
        let status = &attacker.status;
        let interruption_dice = if attacker.side == Side::Regular {
            let from_interrupts = penalty.dice_lost(status.times_interrupted);
            // Each Overwatch shot after the first in a turn costs a die.
            let from_overwatch = if status.overwatch {
                status.overwatch_shots
            } else {
                0
            };
            from_interrupts.saturating_add(from_overwatch)
        } else {
            0
        };
        Self {
            optimum_range: false,
            target_exposed: false,
            attacker_rapid: status.movement == Some(crate::unit::Movement::Rapid),
            attacker_pinned: status.pinned,
            interruption_dice,
            target_cautious: target.status.movement == Some(crate::unit::Movement::Cautious),
            target_in_cover: target.status.in_cover || target.status.pinned,
            solid_cover: false,
            beyond_effective_range: false,
            firepower_adjust: 0,
            defense_adjust: 0,
            correction: None,
        }
    }

    /// What the units' recorded state says, with the most the table could add: the target
    /// within Optimum Range and in the open. A fire the proposed modifiers leave with no die
    /// may still be made once the referee judges the table so; this says whether it could be.
    pub fn most_the_table_gives(
        attacker: &Unit,
        target: &Unit,
        penalty: InterruptionPenalty,
    ) -> Self {
        Self {
            optimum_range: true,
            target_exposed: true,
            ..Self::proposed(attacker, target, penalty)
        }
    }

    /// What the state knows about this fire, in words, as these modifiers stand (corrected or
    /// not): the firer's speed, Pinned, dice lost, a Cautious target, one In Cover (a Pinned
    /// target counts as In Cover, and is called Pinned).
    pub fn known_words(&self, attacker: &Unit, target: &Unit) -> Vec<String> {
        let mut facts = Vec::new();
        if self.attacker_rapid {
            facts.push(format!("{} moved Rapid this turn (−1)", attacker.name));
        }
        if self.attacker_pinned {
            facts.push(format!("{} is Pinned (−1)", attacker.name));
        }
        if self.interruption_dice > 0 {
            facts.push(format!(
                "{} has lost {} to interruptions and earlier Overwatch shots",
                attacker.name,
                crate::text::plural(usize::from(self.interruption_dice), "die", "dice")
            ));
        }
        if self.target_cautious {
            facts.push(if attacker.side == Side::Insurgent {
                format!(
                    "{} is moving Cautiously (+1 Defense, −1 Firepower)",
                    target.name
                )
            } else {
                format!("{} is moving Cautiously (+1 Defense)", target.name)
            });
        }
        if self.target_in_cover {
            facts.push(if target.status.pinned && !target.status.in_cover {
                format!(
                    "{} is Pinned: it counts as In Cover (+1 Defense)",
                    target.name
                )
            } else {
                format!("{} is In Cover (+1 Defense)", target.name)
            });
        }
        facts
    }

    /// These modifiers with what the units' state says in place of the fields it knows: the
    /// table's facts, the adjustments and any correction are kept.
    pub fn as_the_state_says(
        &self,
        attacker: &Unit,
        target: &Unit,
        penalty: InterruptionPenalty,
    ) -> Self {
        Self {
            optimum_range: self.optimum_range,
            target_exposed: self.target_exposed,
            solid_cover: self.solid_cover,
            beyond_effective_range: self.beyond_effective_range,
            firepower_adjust: self.firepower_adjust,
            defense_adjust: self.defense_adjust,
            correction: self.correction.clone(),
            ..Self::proposed(attacker, target, penalty)
        }
    }

    /// Where these modifiers say otherwise than the units' state, in words ("Alpha moved Rapid
    /// this turn: the fire says it did not"); empty when they agree.
    pub fn disagreements(
        &self,
        attacker: &Unit,
        target: &Unit,
        penalty: InterruptionPenalty,
    ) -> Vec<String> {
        let known = Self::proposed(attacker, target, penalty);
        let yes_no = |claimed: bool, known: bool, fact: String| {
            (claimed != known).then(|| {
                if known {
                    format!("{fact}, which the fire leaves out")
                } else {
                    format!("the fire counts {fact}, which the game does not know")
                }
            })
        };
        let (a, t) = (&attacker.name, &target.name);
        let mut out: Vec<String> = [
            yes_no(
                self.attacker_rapid,
                known.attacker_rapid,
                format!("{a} moving Rapid"),
            ),
            yes_no(
                self.attacker_pinned,
                known.attacker_pinned,
                format!("{a} Pinned"),
            ),
            yes_no(
                self.target_cautious,
                known.target_cautious,
                format!("{t} moving Cautiously"),
            ),
            yes_no(
                self.target_in_cover,
                known.target_in_cover,
                format!("{t} In Cover"),
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        if self.interruption_dice != known.interruption_dice {
            out.push(format!(
                "{a} has lost {} to interruptions and earlier Overwatch shots this turn; the fire says {}",
                plural(usize::from(known.interruption_dice), "die", "dice"),
                self.interruption_dice
            ));
        }
        out
    }

    /// The number attacker dice must reach: 4 inside effective range, 7 beyond it.
    pub const fn target_number(&self) -> Face {
        if self.beyond_effective_range { 7 } else { 4 }
    }
}

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
