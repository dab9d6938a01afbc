//! The rules of Ambush Alley as pure functions: dice in as values, results out.
//!
//! Nothing here rolls dice, reads files or knows about a screen.

pub mod checks;
pub mod dice_count;
pub mod fire;
pub mod matching;
pub mod morale;
pub mod reach;
pub mod reinforcements;
