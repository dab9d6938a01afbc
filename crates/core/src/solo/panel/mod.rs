//! The solo opponent's panel, as data: what it says, what it asks, and what each button does,
//! worked out from the game and the player's answers. A screen (the desk's Now view, a phone)
//! draws its parts in order and gives back the [`Act`] of what was clicked; it keeps no memory
//! of the opponent and decides nothing.
//!
//! The activation's part is in `activation.rs`, the Insurgent phase's cards in `orders.rs`.

mod activation;
mod orders;

use serde::Serialize;

use crate::game::{ArrivalChoice, Command, Game, Phase};

use super::answering::{Answering, answering};
use super::answers::{Answer, Answers};
use super::plan::Step;
use super::questions::Question;

/// What a button does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum Act {
    /// Changes the player's answers.
    Answer {
        /// The answer.
        answer: Answer,
    },
    /// The opponent takes these steps.
    Plan {
        /// The steps.
        steps: Vec<Step>,
    },
    /// The Insurgents answer the activation of this Regular unit, as the answers stand when
    /// it is pressed (their options are weighed then: `solo::answer_steps`).
    Answering {
        /// The Regular unit activating.
        regular: crate::unit::UnitId,
    },
    /// The player's own command (a marker seen).
    Play {
        /// The command.
        command: Command,
    },
}

/// A button: its words, its name in full (for screen readers and tests), what it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Offer {
    /// Its words.
    pub words: String,
    /// Its name in full: "Insurgents 1: take its Reaction test".
    pub name: String,
    /// What it does.
    pub act: Act,
}

impl Offer {
    fn plan(words: impl Into<String>, name: impl Into<String>, steps: Vec<Step>) -> Self {
        Self {
            words: words.into(),
            name: name.into(),
            act: Act::Plan { steps },
        }
    }

    /// A button whose words are its name.
    fn named(name: impl Into<String>, steps: Vec<Step>) -> Self {
        let name = name.into();
        Self::plan(name.clone(), name, steps)
    }
}

/// How words are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Look {
    /// Plain.
    Plain,
    /// What to do now: stands out.
    Strong,
    /// Aside: what was weighed.
    Weak,
    /// A reason.
    Italic,
}

/// One part of the panel, drawn in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part {
    /// A heading, with the button that acts on what follows at its right, where it stays in
    /// view however many questions follow.
    Heading {
        /// Its words.
        words: String,
        /// Its button.
        offer: Option<Offer>,
    },
    /// Words to read.
    Say {
        /// The words.
        words: String,
        /// How they look.
        look: Look,
    },
    /// A question to answer.
    Ask {
        /// The question.
        question: Question,
    },
    /// Buttons side by side.
    Offers {
        /// The buttons.
        offers: Vec<Offer>,
    },
    /// A card of one Insurgent unit or marker in its phase: its name, its Decide button while
    /// it has to decide, and what it says and asks.
    Card {
        /// The unit's or marker's name.
        name: String,
        /// The button that has it decide.
        decide: Option<Offer>,
        /// What it says and asks.
        parts: Vec<Part>,
    },
}

impl Part {
    fn say(words: impl Into<String>, look: Look) -> Self {
        Part::Say {
            words: words.into(),
            look,
        }
    }

    fn ask(question: Question) -> Self {
        Part::Ask { question }
    }
}

/// The solo opponent's panel now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SoloPanel {
    /// Its parts, in order.
    pub parts: Vec<Part>,
    /// How far the Insurgents' answer to the activation now has come: the unit's own fire
    /// waits until it is given.
    #[serde(skip)]
    pub answering: Answering,
}

/// The solo opponent's panel for this game and these answers.
pub fn solo_panel(game: &Game, answers: &Answers) -> SoloPanel {
    let state = game.state();
    let mut parts = hot_spot_parts(game);
    let answering = answering(game, answers);
    match state.phase() {
        Phase::RegularActivations => {
            parts.extend(activation::parts(game, answers, &answering));
        }
        Phase::InsurgentActions => parts.extend(orders::parts(game, answers)),
        Phase::Reinforcements => parts.push(Part::say(
            "The Insurgents roll for their reinforcements themselves.",
            Look::Plain,
        )),
        Phase::GameOver => {}
    }
    SoloPanel { parts, answering }
}

/// A reinforcement arrived on a 6: the player says which Hot Spot is nearest the Marines,
/// among those the agenda offers for it (the gate's: the active ones).
fn hot_spot_parts(game: &Game) -> Vec<Part> {
    let mut parts = Vec::new();
    for step in game.state().due_steps(game.scenario()) {
        let Some(ArrivalChoice { unit, name }) = &step.hot_spot_for else {
            continue;
        };
        parts.push(Part::say(
            format!("{name} arrived on a 6. Which active Hot Spot is nearest the Marines?"),
            Look::Strong,
        ));
        let offers = step
            .choices
            .iter()
            .filter_map(|item| match item.command {
                Command::PlaceArrival { hot_spot, .. } => Some(Offer::plan(
                    format!("Hot Spot {hot_spot}"),
                    format!("Nearest the Marines: Hot Spot {hot_spot}"),
                    vec![
                        Step::note(Some(*unit), super::hot_spot_choice(hot_spot)),
                        Step::always(item.command.clone()),
                    ],
                )),
                _ => None,
            })
            .collect();
        parts.push(Part::Offers { offers });
    }
    parts
}
