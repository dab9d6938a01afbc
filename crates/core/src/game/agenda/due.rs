//! What is due now, step by step: each pending step with who answers it and the commands
//! that may answer it.

use serde::Serialize;

use crate::scenario::Scenario;
use crate::unit::{FigureId, UnitId};

use super::{AgendaItem, Command, GameState, PendingStep, Seat};

/// Casualties to take: how many, and the figures the app proposes (the owner may choose
/// others among `candidates`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CasualtyPick {
    /// The unit hit.
    pub unit: UnitId,
    /// How many figures are casualties.
    pub count: usize,
    /// The figures the app proposes.
    pub proposed: Vec<FigureId>,
    /// The figures that may be chosen.
    pub candidates: Vec<FigureId>,
    /// True when each casualty rolls First Aid (Regulars); false when they are taken off
    /// (Insurgents).
    pub first_aid: bool,
}

/// A step the rules call for now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DueStep {
    /// The pending step's number.
    pub pending: u32,
    /// What is due, in words.
    pub words: String,
    /// Who answers it.
    pub answers: Seat,
    /// The commands that answer it, the main one first (one per Hot Spot for a choice of
    /// spot).
    pub choices: Vec<AgendaItem>,
    /// Casualties: the figures to choose.
    pub casualties: Option<CasualtyPick>,
    /// A reinforcement that arrived on a 6, waiting for the Hot Spot it comes on at (its
    /// choices are one per active spot).
    pub hot_spot_for: Option<ArrivalChoice>,
    /// Passing it by, as the referee may.
    pub skip: Option<AgendaItem>,
    /// Its main answer decides nothing: a roll with nothing to choose (the Insurgency roll, the
    /// table, arrivals and ambushes, a Morale check as the state has it), or casualties among
    /// figures that are all alike or all taken. The desk gives it as soon as it is due after a
    /// step played, instead of waiting for a click; the log records it as its own event.
    pub decides_nothing: bool,
}

/// A reinforcement waiting for its Hot Spot to be chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArrivalChoice {
    /// The unit that arrived.
    pub unit: UnitId,
    /// Its name.
    pub name: String,
}

impl GameState {
    /// The steps due now, with the commands that answer each.
    pub fn due_steps(&self, scenario: &Scenario) -> Vec<DueStep> {
        self.pending
            .iter()
            .map(|pending| {
                let id = pending.id;
                let step = &pending.step;
                let answers = self.seat_of_step(step);
                let mut candidates = Vec::new();
                let mut casualties = None;
                let mut decides_nothing = true;
                let mut hot_spot_for = None;
                if let Some(command) = step.roll_command(id) {
                    candidates.push(command);
                }
                match step {
                    PendingStep::HotSpotChoice { unit } => {
                        decides_nothing = false;
                        hot_spot_for = Some(ArrivalChoice {
                            unit: *unit,
                            name: self.name_of(*unit),
                        });
                        candidates.extend(self.hot_spots.iter().map(|spot| {
                            Command::PlaceArrival {
                                pending: id,
                                hot_spot: spot.number,
                            }
                        }));
                    }
                    PendingStep::Casualties { unit, count } => {
                        if let Some(u) = self.unit(*unit) {
                            let proposed = u.casualty_proposal(*count as usize);
                            let first_aid = Command::FirstAid {
                                pending: id,
                                figures: proposed.clone(),
                            };
                            let remove = Command::RemoveCasualties {
                                pending: id,
                                figures: proposed.clone(),
                            };
                            let first_aid_allowed = self.allows(scenario, &first_aid);
                            candidates.extend([first_aid, remove]);
                            let mut line = u.firing_line();
                            let first = line.next();
                            decides_nothing = *count as usize >= u.firing_count()
                                || first.is_none_or(|f| line.all(|g| g.same_as_casualty(f)));
                            casualties = Some(CasualtyPick {
                                unit: *unit,
                                count: (*count as usize).min(u.firing_count()),
                                proposed,
                                candidates: u.firing_line().map(|f| f.id).collect(),
                                first_aid: first_aid_allowed,
                            });
                        }
                    }
                    PendingStep::MoraleCheck { unit, .. } => {
                        candidates.push(Command::MoraleCheck {
                            unit: *unit,
                            modifier: 0,
                            defensible: false,
                        });
                    }
                    PendingStep::InsurgencyRoll
                    | PendingStep::EventRoll { .. }
                    | PendingStep::TableRoll
                    | PendingStep::Arrival { .. }
                    | PendingStep::AmbushRoll { .. }
                    | PendingStep::AmbushPlacement { .. }
                    | PendingStep::ArrivalRoll { .. } => {}
                }
                let choices: Vec<AgendaItem> = candidates
                    .into_iter()
                    .filter_map(|c| self.item(scenario, c, answers))
                    .collect();
                DueStep {
                    pending: id,
                    words: self.describe_pending(step),
                    answers,
                    decides_nothing: decides_nothing && !choices.is_empty(),
                    choices,
                    casualties,
                    hot_spot_for,
                    skip: self.item(
                        scenario,
                        Command::SkipPending { pending: id },
                        Seat::Referee,
                    ),
                }
            })
            .collect()
    }
}
