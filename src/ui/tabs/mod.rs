//! The tabs beside the Now view, in the middle of the desk: Fire, Tests, Edit, Scenario and
//! Stats. Each reads the game and its own form and pushes `UiCommand`s; none uses the app.

pub(super) mod edit;
pub(super) mod fire;
pub(super) mod scenario;
pub(super) mod stats;
pub(super) mod tests_tab;
