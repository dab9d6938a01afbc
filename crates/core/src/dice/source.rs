//! The one source every roll comes from: the seeded generator, or faces typed from real dice.

use rand::rngs::StdRng;
use rand::{RngExt as _, SeedableRng as _};

use super::{DiceError, DiceGroup, DiceRequest, Die, Face, Rolled};

/// The seedable random generator.
#[derive(Debug)]
pub struct Generator {
    // Boxed: the generator's state is large and sources are passed around by value.
    rng: Box<StdRng>,
}

impl Generator {
    /// A generator that always produces the same rolls for the same seed.
    pub fn seeded(seed: u64) -> Self {
        Self {
            rng: Box::new(StdRng::seed_from_u64(seed)),
        }
    }

    /// A generator seeded from the operating system.
    pub fn from_entropy() -> Self {
        Self::seeded(rand::rng().random())
    }

    /// Rolls one die.
    pub fn roll_die(&mut self, die: Die) -> Face {
        self.rng.random_range(1..=die.sides())
    }
}

/// Where dice faces come from: the generator, or faces typed in from physical dice.
#[derive(Debug)]
pub enum DiceSource {
    /// The app rolls.
    Generator(Generator),
    /// The referee rolled physical dice and typed the faces, one list per group, in order.
    Typed(std::collections::VecDeque<Vec<Face>>),
}

impl DiceSource {
    /// A seeded generator source.
    pub fn seeded(seed: u64) -> Self {
        Self::Generator(Generator::seeded(seed))
    }

    /// A generator source seeded from the operating system.
    pub fn from_entropy() -> Self {
        Self::Generator(Generator::from_entropy())
    }

    /// A source that hands out typed faces, one list per dice group.
    pub fn typed(groups: impl IntoIterator<Item = Vec<Face>>) -> Self {
        Self::Typed(groups.into_iter().collect())
    }

    /// Rolls one group, validating typed faces.
    pub fn roll_group(&mut self, group: &DiceGroup) -> Result<Rolled, DiceError> {
        match self {
            DiceSource::Generator(generator) => Ok(Rolled::new(
                group.role,
                group.die,
                (0..group.count)
                    .map(|_| generator.roll_die(group.die))
                    .collect(),
            )),
            DiceSource::Typed(queue) => {
                if group.count == 0 {
                    // Nothing to type for an empty group; don't consume a typed list.
                    return Ok(Rolled::new(group.role, group.die, Vec::new()));
                }
                let Some(faces) = queue.pop_front() else {
                    return Err(DiceError::NothingTyped {
                        label: group.label.clone(),
                    });
                };
                group.check(&faces)?;
                Ok(Rolled::new(group.role, group.die, faces))
            }
        }
    }

    /// Rolls every group of a request. On error nothing is consumed from a typed source.
    pub fn roll(&mut self, request: &DiceRequest) -> Result<Vec<Rolled>, DiceError> {
        let backup = match self {
            DiceSource::Typed(queue) => Some(queue.clone()),
            DiceSource::Generator(_) => None,
        };
        let result: Result<Vec<Rolled>, DiceError> = request
            .groups
            .iter()
            .map(|group| self.roll_group(group))
            .collect();
        if result.is_err()
            && let (Some(backup), DiceSource::Typed(queue)) = (backup, &mut *self)
        {
            *queue = backup;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DiceRole;

    #[test]
    fn seeded_generator_repeats_and_stays_in_range() {
        let mut request = DiceRequest::none();
        request.push(DiceRole::Attack, "a", Die::D6, 10);
        request.push(DiceRole::Defense, "b", Die::D12, 10);
        let mut one = DiceSource::seeded(7);
        let mut two = DiceSource::seeded(7);
        let first = one.roll(&request).unwrap_or_default();
        assert_eq!(first, two.roll(&request).unwrap_or_default());
        assert!(request.check(&first).is_ok());
    }

    #[test]
    fn typed_source_restores_queue_on_error() {
        let mut request = DiceRequest::none();
        request.push(DiceRole::Attack, "a", Die::D6, 2);
        request.push(DiceRole::Defense, "b", Die::D6, 1);
        let mut source = DiceSource::typed([vec![1, 2], vec![9]]);
        assert!(source.roll(&request).is_err());
        let DiceSource::Typed(queue) = &source else {
            panic!("source changed kind");
        };
        assert_eq!(queue.len(), 2);
    }
}
