//! The rules of Ambush Alley as pure functions: dice in as values, results out.
//!
//! Nothing here rolls dice, reads files or knows about a screen.

pub mod checks;
pub mod fire;
pub mod morale;
pub mod reinforcements;
