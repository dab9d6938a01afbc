//! Each mechanic of the turn: its check (called by the gate) and its effects (which cannot
//! fail), side by side.

mod activation;
mod ambush;
mod casualties;
mod checks;
mod decide;
mod edits;
mod events;
mod fire;
mod morale;
mod other_actions;
mod reinforcements;
mod timeline;
mod turn;
mod victory;
mod who_fires;
