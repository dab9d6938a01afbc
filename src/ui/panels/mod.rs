//! The panels around the tabs: the log along the bottom, and each side's unit cards (with the
//! Hot Spots) to the left and right. They read the game and push `UiCommand`s; none uses the app.

pub(super) mod log;
pub(super) mod units;
