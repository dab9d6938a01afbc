//! The roll the desk waits for, as the phones see it: whose each group of dice is, and whether
//! a phone's answer fits it. A phone answers one group at a time and names the roll it answers,
//! so an answer to a roll that is over, or a second tap, is refused instead of landing on the
//! next roll.

use ambush_core::dice::{DiceGroup, DiceRequest, Face};
use ambush_core::game::{Command, Game, Seat};
use ambush_core::unit::Side;
use serde::Deserialize;

use crate::token::PhoneSeat;

/// The roll waiting in the desk's dice prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitingRoll {
    /// The prompt's number: new for every prompt the desk opens, never used twice.
    pub number: u64,
    /// The command the dice are for, as the gate accepted it.
    pub command: Command,
    /// The gate's dice.
    pub request: DiceRequest,
    /// For each group, its faces if they are in already, and who gave them.
    pub received: Vec<Option<Received>>,
}

/// Who gave a group's faces to the desk's prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sender {
    /// A seat's phone.
    Phone(PhoneSeat),
    /// The referee, typing at the desk.
    Desk,
    /// The app: the solo opponent's own dice.
    App,
}

impl Sender {
    /// Who, in words ("the Regular player's phone").
    pub fn words(self) -> String {
        match self {
            Sender::Phone(seat) => format!("the {seat}'s phone"),
            Sender::Desk => "the desk".to_owned(),
            Sender::App => "the app".to_owned(),
        }
    }
}

/// A group's faces, in the desk's prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// Who gave them.
    pub by: Sender,
    /// The faces.
    pub faces: Vec<Face>,
}

/// One group of the roll, with the phone seat that rolls it (none: the referee's own, or the
/// app's in a solo game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupCheck {
    /// The gate's group.
    pub group: DiceGroup,
    /// The seat whose dice these are.
    pub seat: Option<PhoneSeat>,
    /// Who rolls them, in words ("the Regular player", "the app", "the referee").
    pub whose: &'static str,
    /// Their faces, once in.
    pub received: Option<Received>,
}

/// The roll, as the server checks answers against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollCheck {
    /// The prompt's number.
    pub number: u64,
    /// The groups, in the request's order.
    pub groups: Vec<GroupCheck>,
    /// The command keeps its dice out of the log's words: their faces are shown to nobody
    /// but their sender.
    pub secret: bool,
}

impl RollCheck {
    /// Whose each group is: the game's own answer for the command (each side rolls its own
    /// dice, the referee what belongs to neither, the app the Insurgent player's in a solo
    /// game).
    pub fn of(game: &Game, roll: &WaitingRoll) -> Self {
        let state = game.state();
        let seats = state.dice_seats(&roll.command, &roll.request);
        let solo = state.settings().solo;
        Self {
            number: roll.number,
            groups: roll
                .request
                .groups
                .iter()
                .zip(seats)
                .enumerate()
                .map(|(i, (group, seat))| GroupCheck {
                    group: group.clone(),
                    seat: phone_seat(seat, solo),
                    whose: match seat {
                        Seat::Insurgent if solo => "the app",
                        other => other.name(),
                    },
                    received: roll.received.get(i).cloned().flatten(),
                })
                .collect(),
            secret: roll.command.facts(state).secret_dice,
        }
    }

    /// Whether this seat may send this answer now; the words for the phone if not.
    pub fn refuse(&self, seat: PhoneSeat, answer: &Submission) -> Result<(), Refusal> {
        if answer.roll != self.number {
            return Err(Refusal::stale());
        }
        let Some(check) = self.groups.get(answer.group) else {
            return Err(Refusal::conflict("This roll has no such group of dice."));
        };
        if check.seat != Some(seat) || check.group.count == 0 {
            return Err(Refusal::conflict(
                "These dice are not yours to roll: nothing was sent.",
            ));
        }
        if check.received.is_some() {
            return Err(Refusal::doubled());
        }
        if let Some(faces) = &answer.faces {
            let problems = check.group.problems_of(faces, "sent");
            if !problems.is_empty() {
                return Err(Refusal {
                    status: 422,
                    words: format!("Not sent: {}.", problems.join("; ")),
                });
            }
        } else if !answer.app_rolls {
            return Err(Refusal {
                status: 422,
                words: "Not sent: give the faces, or let the app roll.".to_owned(),
            });
        }
        Ok(())
    }
}

/// The seat at the table whose dice a seat of the agenda rolls: none for the referee, none for
/// the Insurgent player of a solo game (the app is that player).
fn phone_seat(seat: Seat, solo: bool) -> Option<PhoneSeat> {
    match seat {
        Seat::Regular => Some(PhoneSeat::Regular),
        Seat::Insurgent if !solo => Some(PhoneSeat::Insurgent),
        Seat::Insurgent | Seat::Referee => None,
    }
}

/// The side whose player sits at a seat.
pub fn side_of(seat: PhoneSeat) -> Option<Side> {
    match seat {
        PhoneSeat::Regular => Some(Side::Regular),
        PhoneSeat::Insurgent => Some(Side::Insurgent),
        PhoneSeat::Table => None,
    }
}

/// What a phone sends for one group of dice.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    /// The roll it answers (the prompt's number the page was shown).
    pub roll: u64,
    /// The group, by its place in the roll.
    pub group: usize,
    /// The faces, one per die, in the order tapped.
    #[serde(default)]
    pub faces: Option<Vec<i64>>,
    /// The player asks the desk to roll these dice.
    #[serde(default)]
    pub app_rolls: bool,
}

/// An answer refused, with its HTTP status and the words the phone shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// 409 for an answer that does not fit the game now, 422 for faces that do not fit the dice.
    pub status: u16,
    /// What the phone says.
    pub words: String,
}

impl Refusal {
    fn conflict(words: &str) -> Self {
        Self {
            status: 409,
            words: words.to_owned(),
        }
    }

    /// The roll answered is over.
    pub fn stale() -> Self {
        Self::conflict(
            "This roll is over (the game moved on, or the referee took it back): nothing was sent.",
        )
    }

    /// The group was answered already.
    pub fn doubled() -> Self {
        Self::conflict("These dice were received already: the second tap was not sent.")
    }
}

/// What a phone asks the desk, once the server let it through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneDice {
    /// Who sent it.
    pub seat: PhoneSeat,
    /// The prompt's number it answers.
    pub roll: u64,
    /// The group, by its place in the roll.
    pub group: usize,
    /// The faces, or none: the desk rolls them.
    pub faces: Option<Vec<Face>>,
}

impl PhoneDice {
    /// True when this answer still fits the roll waiting: the same roll, a group it has, not
    /// answered yet. The server refused the others already; the desk asks again, since the
    /// roll may have moved on while the answer travelled.
    pub fn fits(&self, roll: u64, received: &[bool]) -> bool {
        self.roll == roll && received.get(self.group) == Some(&false)
    }

    /// The request of a submission the roll allowed (its faces are on the die, so they fit).
    pub fn of(seat: PhoneSeat, answer: &Submission) -> Self {
        Self {
            seat,
            roll: answer.roll,
            group: answer.group,
            faces: answer.faces.as_ref().map(|faces| {
                faces
                    .iter()
                    .map(|&f| Face::try_from(f).unwrap_or(0))
                    .collect()
            }),
        }
    }
}
