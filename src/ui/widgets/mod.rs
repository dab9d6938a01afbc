//! Pieces drawn inside the panels: colours, chips and dice faces, the words on small buttons,
//! the odds before a roll and what an event did. They read what they are given and never use
//! the app.

pub(super) mod award;
pub(super) mod labels;
pub(super) mod odds_view;
pub(super) mod result;
pub(super) mod style;
