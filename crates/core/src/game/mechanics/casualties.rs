//! Casualties: Insurgent figures taken off the table, First Aid for Regular ones.

use crate::dice::{DiceRequest, DiceRole, Die, Face};
use crate::rules::morale;
use crate::scenario::{Scenario, VictoryTrigger};
use crate::unit::{FigureId, Side, Unit, UnitId, Weapon};

use crate::game::error::RuleError;
use crate::game::guards::{Result, expect_side};
use crate::game::outcome::{Detail, Outcome};
use crate::game::pending::{MoraleReason, PendingStep};
use crate::game::state::GameState;
use crate::game::words;

fn check_casualty_figures(unit: &Unit, due: usize, figures: &[FigureId]) -> Result<()> {
    let expected = due.min(unit.firing_count());
    if figures.len() != expected {
        return Err(RuleError::WrongCasualtyCount {
            unit: unit.name.clone(),
            expected,
            got: figures.len(),
        });
    }
    for (i, &figure) in figures.iter().enumerate() {
        let Some(f) = unit.figure(figure) else {
            return Err(RuleError::UnknownFigure {
                unit: unit.name.clone(),
                figure,
            });
        };
        if !f.in_firing_line() || figures[..i].contains(&figure) {
            return Err(RuleError::NotACasualty {
                unit: unit.name.clone(),
                figure,
            });
        }
    }
    Ok(())
}

impl GameState {
    fn casualty_pending(&self, pending: u32) -> Result<(UnitId, usize)> {
        let PendingStep::Casualties { unit, count } = *self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "casualties",
            });
        };
        Ok((unit, count as usize))
    }

    pub(in crate::game) fn check_remove_casualties(
        &self,
        pending: u32,
        figures: &[FigureId],
    ) -> Result<DiceRequest> {
        let (unit_id, due) = self.casualty_pending(pending)?;
        let unit = self.get_in_play(unit_id)?;
        if unit.side == Side::Regular {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "Insurgent casualties (Regular casualties roll First Aid)",
            });
        }
        check_casualty_figures(unit, due, figures)?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn remove_casualties(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        figures: &[FigureId],
    ) -> Outcome {
        let Ok((unit_id, _)) = self.casualty_pending(pending) else {
            return Outcome::default();
        };
        self.remove_pending(pending);
        let Some(unit) = self.unit_mut(unit_id) else {
            return Outcome::default();
        };
        let removed = words::name_counts(unit.figures.iter().filter(|f| figures.contains(&f.id)));
        let before = unit.figures.len();
        unit.figures.retain(|f| !figures.contains(&f.id));
        let taken = (before - unit.figures.len()) as u32;
        unit.status.has_casualties = true;
        let name = unit.name.clone();
        let left = unit.firing_count();
        if unit.side == Side::Insurgent {
            self.count_insurgent_casualties(scenario, taken);
        }
        // A leader on his own is his unit: "Leader 2B is hit and taken off the table", not
        // "Leader 2B loses Leader 2B".
        let mut outcome = Outcome::text(match (left, figures.len()) {
            (0, 1) => format!("{name} is hit and taken off the table"),
            (0, _) => format!("{name} loses {removed}: nobody is left"),
            _ => format!("{name} loses {removed}"),
        });
        if left > 0 {
            self.push_due(
                PendingStep::MoraleCheck {
                    unit: unit_id,
                    reason: MoraleReason::Casualties,
                },
                &mut outcome,
            );
        }
        outcome
    }

    pub(in crate::game) fn check_first_aid(
        &self,
        pending: u32,
        figures: &[FigureId],
    ) -> Result<DiceRequest> {
        let (unit_id, due) = self.casualty_pending(pending)?;
        let unit = self.get_in_play(unit_id)?;
        expect_side(unit, Side::Regular)?;
        check_casualty_figures(unit, due, figures)?;
        let names: Vec<String> = figures
            .iter()
            .filter_map(|&f| unit.figure(f).map(|f| f.name.clone()))
            .collect();
        let mut request = DiceRequest::none();
        let label = if names.len() > 1 {
            format!("First Aid, one d6 each in this order: {}", names.join(", "))
        } else {
            format!("First Aid: {}", names.join(", "))
        };
        request.push_each(DiceRole::FirstAid, label, Die::D6, names);
        Ok(request)
    }

    pub(in crate::game) fn first_aid(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        figures: &[FigureId],
        faces: &[Face],
    ) -> Outcome {
        let Ok((unit_id, _)) = self.casualty_pending(pending) else {
            return Outcome::default();
        };
        self.remove_pending(pending);
        let results = morale::first_aid(figures, faces);
        let Some(unit) = self.unit_mut(unit_id) else {
            return Outcome::default();
        };
        let mut lines = Vec::new();
        let mut taken_out = 0;
        for result in &results {
            let Some(figure) = unit.figures.iter_mut().find(|f| f.id == result.figure) else {
                continue;
            };
            figure.wound = Some(result.wound);
            if result.wound.takes_figure_out() {
                figure.former_weapon = Some(figure.weapon);
                figure.weapon = Weapon::Dependant;
                taken_out += 1;
            }
            lines.push(format!(
                "{} {} ({})",
                figure.name,
                result.wound.name(),
                result.face
            ));
        }
        if taken_out > 0 {
            unit.status.has_casualties = true;
        }
        let name = unit.name.clone();
        let still_fighting = unit.firing_count() > 0;
        self.add_victory_trigger(
            scenario,
            |t| *t == VictoryTrigger::RegularWounded,
            taken_out,
        );
        let mut outcome = Outcome::with(
            format!("First Aid for {name}: {}", lines.join(", ")),
            Detail::FirstAid { results },
        );
        if taken_out > 0 {
            outcome.note(format!(
                "{} become dependants; from now until the game ends, {name} moves faster than Cautious only after a passed Quality check",
                crate::text::plural(taken_out as usize, "figure", "figures")
            ));
        }
        if still_fighting {
            self.push_due(
                PendingStep::MoraleCheck {
                    unit: unit_id,
                    reason: MoraleReason::Casualties,
                },
                &mut outcome,
            );
        }
        outcome
    }
}
