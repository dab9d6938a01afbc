//! Exact odds for every roll of the game — no sampling: fire combat (`fire.rs`), the tests,
//! checks, Morale and First Aid (`checks.rs`), and the same odds in words for the screens
//! (`words.rs`).

mod checks;
mod fire;
mod words;

pub use checks::{
    FirstAidOdds, InsurgentMoraleOdds, RegularMoraleOdds, first_aid, insurgent_morale,
    insurgents_first, morale_successes, quality, regular_morale, test_at_least,
};
pub use fire::{FireOdds, casualties, hits};
pub use words::{first_aid_words, morale_words, reaction_words};

/// The distribution of a count: entry `k` is the probability of exactly `k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// Probabilities, indexed by count.
    pub p: Vec<f64>,
}

impl Distribution {
    /// The expected count.
    pub fn mean(&self) -> f64 {
        self.p.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }

    /// Probability of at least `k`.
    pub fn at_least(&self, k: usize) -> f64 {
        self.p.iter().skip(k).sum()
    }

    /// Total probability (1 up to rounding).
    pub fn total(&self) -> f64 {
        self.p.iter().sum()
    }

    /// The same distribution with counts above `cap` counted as `cap` (a unit cannot lose
    /// more figures than it has).
    pub fn capped(&self, cap: usize) -> Distribution {
        if self.p.len() <= cap + 1 {
            return self.clone();
        }
        let mut p = self.p[..=cap].to_vec();
        p[cap] += self.p[cap + 1..].iter().sum::<f64>();
        Distribution { p }
    }
}
