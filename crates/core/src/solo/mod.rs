//! The solo opponent's doctrine: how the app commands the Insurgents.
//!
//! Everything the app decides for the Insurgents is decided here, from the state of the game and
//! the player's answers about what only the table shows (who can see whom, who is in the open,
//! what is in range). Every decision comes with its reason in plain words. The doctrine is
//! described for players in `docs/solo-play.md`; the two must agree.
//!
//! What a unit may do is asked of the game's gate; the doctrine only chooses among what it allows.

mod answering;
mod answers;
mod interrupts;
mod orders;
pub mod panel;
pub mod plan;
mod questions;
mod view;
pub mod weigh;

pub use answering::{Answering, answer_steps, answering, asked_about as asked_about_activation};
pub use answers::{Answer, Answers, Sighting, Stamp, Who, YesNo};
pub use questions::{Asked, Choice, Pick, Question};

pub use interrupts::{
    InterruptDecision, RegularAction, WAIT, asked_about, asks_what_first, interrupt_check,
    interrupt_opening, interrupt_words, interrupts,
};
pub use orders::{
    ORDERS, Order, OrderFor, STAY_HIDDEN, UnitOrders, asked_in_phase, chosen, empty_marker_orders,
    failed_checks, hot_spot_choice, marker_acts, orders,
};
pub use view::{
    Distance, View, distance_answers, fire_modifiers, insurgent_reaches, markers_of_units, ranges,
    reach_words, regular_reaches, within_optimum_range,
};
