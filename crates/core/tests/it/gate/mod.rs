//! The gate decides who may do what, and when, by the booklet. Each test names the lines of
//! `ambush-alley-basic-rules.txt` it follows.

mod interruptions;
mod movement;
mod pickers;
mod referee;
