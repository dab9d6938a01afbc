//! Scenario authors, second pass: nothing accepted in silence, words that say what happened,
//! and what version 3 of the format adds, played.

mod bakery;
mod echoes;
mod refusals;
mod roadblock;
mod third_pass;
mod version3;
mod warnings;
mod words;
