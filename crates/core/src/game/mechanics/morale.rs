//! Morale checks: Stand, Pinned or Pull Back for Regulars; Shrink, Shaken or broken for
//! Insurgents.

use crate::dice::{DiceRequest, DiceRole, Face};
use crate::limits::DIE_ADJUST;
use crate::rules::morale::{self, RegularMorale};
use crate::unit::{Elimination, Presence, PullBack, Side, UnitId};

use crate::game::guards::Result;
use crate::game::outcome::{Detail, Outcome};
use crate::game::pending::PendingStep;
use crate::game::state::GameState;
use crate::game::words;

impl GameState {
    pub(in crate::game) fn check_morale(&self, id: UnitId, modifier: i8) -> Result<DiceRequest> {
        let unit = self.get_fighting(id)?;
        DIE_ADJUST.check(modifier)?;
        let (die, n) = morale::morale_dice(unit);
        let mut request = DiceRequest::none();
        let leaders = self.morale_leader_dice(unit);
        if leaders > 0 {
            // Typed dice must say which die is a leader's: his 1 shrinks nobody (l.255).
            let each: Vec<String> = morale::morale_order(unit)
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    if i < leaders {
                        format!("{} (leader: a 1 shrinks nobody)", f.name)
                    } else {
                        f.name.clone()
                    }
                })
                .collect();
            let first = if leaders == 1 {
                "the first die is the leader's".to_owned()
            } else {
                format!("the first {leaders} dice are the leaders'")
            };
            request.push_each(
                DiceRole::Morale,
                format!("Morale: {}, one die a figure ({first})", unit.name),
                die,
                each,
            );
        } else {
            request.push(
                DiceRole::Morale,
                format!("Morale: {}", unit.name),
                die,
                u8::try_from(n).unwrap_or(u8::MAX),
            );
        }
        Ok(request)
    }

    /// How many of an Insurgent unit's Morale dice are its leaders', read first (rules version 6
    /// on); none for Regulars and in games of earlier rules, which read no die as a leader's.
    pub fn morale_leader_dice(&self, unit: &crate::unit::Unit) -> usize {
        if unit.side != Side::Insurgent || !self.rules_at_least(6) {
            return 0;
        }
        unit.firing_line().filter(|f| f.is_leader()).count()
    }

    pub(in crate::game) fn morale_check(
        &mut self,
        id: UnitId,
        modifier: i8,
        defensible: bool,
        faces: &[Face],
    ) -> Outcome {
        let turn = self.turn;
        // The check answers the oldest one due for this unit, if any.
        if let Some(due) = self
            .pending
            .iter()
            .find(|p| matches!(p.step, PendingStep::MoraleCheck { unit, .. } if unit == id))
            .map(|p| p.id)
        {
            self.remove_pending(due);
        }
        let leader_dice = self.unit(id).map_or(0, |u| self.morale_leader_dice(u));
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        let name = unit.name.clone();
        match unit.side {
            Side::Regular => {
                let result = morale::RegularMoraleResult {
                    die: Some(unit.profile.morale),
                    ..morale::regular_morale(faces, modifier, unit.status.pinned, defensible)
                };
                match result.outcome {
                    RegularMorale::Stand => {}
                    RegularMorale::Pinned | RegularMorale::PinnedHoldingPosition => {
                        unit.status.pinned = true;
                    }
                    RegularMorale::PullBack => {
                        unit.status.pinned = true;
                        unit.status.pull_back = PullBack::PullingBack;
                        // Driven back up to 6": whatever it declared, it has moved this turn.
                        unit.status.pulled_back = true;
                        unit.status.in_cover = false;
                    }
                }
                let mut outcome = Outcome::text(format!(
                    "Morale {name}: {} — {}",
                    words::tally(result.successes, result.failures),
                    result.outcome.describe()
                ));
                if result.outcome == RegularMorale::PullBack {
                    outcome.note(format!(
                        "{name} moves up to 6\" away from the last enemy that fired on it, into the nearest cover, and regroups next turn"
                    ));
                }
                outcome.detail = Detail::RegularMorale(result);
                outcome
            }
            Side::Insurgent => {
                let result = morale::insurgent_morale(unit, faces, modifier, leader_dice);
                let shrunk = words::name_counts(
                    unit.figures
                        .iter()
                        .filter(|f| result.shrink.contains(&f.id)),
                );
                unit.figures.retain(|f| !result.shrink.contains(&f.id));
                let mut text = format!(
                    "Morale {name}: {}",
                    words::tally(result.successes, result.failures)
                );
                if result.shaken {
                    match result.morale_after {
                        Some(die) => {
                            text.push_str(&format!(" — Shaken, Morale drops to {die}"));
                            unit.profile.morale = die;
                            unit.status.shaken_on_turn = Some(turn);
                        }
                        None => {
                            text.push_str(" — Shaken below d6: the unit breaks and flees");
                            unit.presence = Presence::Eliminated {
                                cause: Elimination::Broken,
                            };
                        }
                    }
                } else {
                    text.push_str(" — Stand");
                }
                if !result.shrink.is_empty() {
                    text.push_str(&format!("; Shrink removes {shrunk}"));
                }
                Outcome::with(text, Detail::InsurgentMorale(result))
            }
        }
    }
}
