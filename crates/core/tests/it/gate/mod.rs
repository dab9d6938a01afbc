//! The gate decides who may do what, and when, by the booklet. Each test names the booklet's
//! lines it follows (the project's reading is in docs/rules-interpretations.md).

mod interruptions;
mod movement;
mod pickers;
mod referee;
