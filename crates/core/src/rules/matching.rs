//! Laying the defender's dice against the attacker's: the most attacker dice blocked.

use serde::{Deserialize, Serialize};

use crate::dice::Face;

/// Lowest face a defender die must show to be kept.
pub const DEFENSE_KEEP: Face = 4;

/// One attacker die stopped by one defender die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Block {
    /// Index into [`Matching::attack`].
    pub attack: usize,
    /// Index into [`Matching::defense`].
    pub defense: usize,
}

/// The outcome of laying the defender's dice against the attacker's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matching {
    /// The number attacker dice had to reach.
    pub target_number: Face,
    /// Attacker dice kept, highest first.
    pub attack: Vec<Face>,
    /// Attacker dice discarded (below the target number), highest first.
    pub attack_discarded: Vec<Face>,
    /// Defender dice kept (4+), highest first.
    pub defense: Vec<Face>,
    /// Defender dice discarded, highest first.
    pub defense_discarded: Vec<Face>,
    /// Which defender die stopped which attacker die.
    pub blocks: Vec<Block>,
    /// Indices into `attack` of the dice nobody stopped: each is a hit.
    pub unblocked: Vec<usize>,
}

impl Matching {
    /// Attacker dice left unblocked.
    pub fn hits(&self) -> usize {
        self.unblocked.len()
    }
}

/// Matches defender dice against attacker dice so that as many attacker dice as possible are
/// blocked; a defender die blocks one attacker die of equal or lower value.
///
/// Taking the attacker's dice from the lowest up and giving each the smallest free defender
/// die that can stop it is a maximum matching for this "greater or equal" relation.
pub fn match_dice(attack_faces: &[Face], defense_faces: &[Face], target_number: Face) -> Matching {
    let mut attack: Vec<Face> = Vec::new();
    let mut attack_discarded = Vec::new();
    for &face in attack_faces {
        if face >= target_number {
            attack.push(face);
        } else {
            attack_discarded.push(face);
        }
    }
    let mut defense: Vec<Face> = Vec::new();
    let mut defense_discarded = Vec::new();
    for &face in defense_faces {
        if face >= DEFENSE_KEEP {
            defense.push(face);
        } else {
            defense_discarded.push(face);
        }
    }
    for list in [
        &mut attack,
        &mut attack_discarded,
        &mut defense,
        &mut defense_discarded,
    ] {
        list.sort_unstable_by(|a, b| b.cmp(a));
    }

    let mut used = vec![false; defense.len()];
    let mut blocks = Vec::new();
    let mut unblocked = Vec::new();
    // Walk attacker dice from lowest to highest (the lists are sorted high to low).
    for a_index in (0..attack.len()).rev() {
        let face = attack[a_index];
        // Smallest free defender die >= face: scan defender dice from lowest to highest.
        let found = (0..defense.len())
            .rev()
            .find(|&d| !used[d] && defense[d] >= face);
        match found {
            Some(d_index) => {
                used[d_index] = true;
                blocks.push(Block {
                    attack: a_index,
                    defense: d_index,
                });
            }
            None => unblocked.push(a_index),
        }
    }
    blocks.sort_by_key(|b| b.attack);
    unblocked.sort_unstable();
    Matching {
        target_number,
        attack,
        attack_discarded,
        defense,
        defense_discarded,
        blocks,
        unblocked,
    }
}

/// Hits by the closed form: the largest surplus, over every value `v`, of kept attacker dice
/// showing `v` or more over kept defender dice showing `v` or more.
pub fn hits_closed_form(
    attack_faces: &[Face],
    defense_faces: &[Face],
    target_number: Face,
) -> usize {
    let max_face = attack_faces
        .iter()
        .chain(defense_faces)
        .copied()
        .max()
        .unwrap_or(0);
    let mut best = 0usize;
    for v in target_number.max(1)..=max_face.max(target_number) {
        let a = attack_faces.iter().filter(|&&f| f >= v).count();
        let d = defense_faces
            .iter()
            .filter(|&&f| f >= v && f >= DEFENSE_KEEP)
            .count();
        best = best.max(a.saturating_sub(d));
    }
    best
}
