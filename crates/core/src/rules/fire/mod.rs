//! Fire combat: the situation of an attack (here), and the Firepower and Defense pools with
//! their breakdown (`pool.rs`). The matching of the dice is in [`super::matching`].

use serde::{Deserialize, Serialize};

use crate::dice::Face;
use crate::text::plural;
use crate::unit::{Side, Unit};

pub use super::matching::{Block, DEFENSE_KEEP, Matching, hits_closed_form, match_dice};
pub use super::reach::OptimumReach;
pub use crate::limits::MAX_POOL;

mod pool;

pub use pool::{Pool, PoolLine, defense, firepower, notation};

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
