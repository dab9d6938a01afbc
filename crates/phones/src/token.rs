//! The seats at the table and the secret in each seat's link.
//!
//! Every seat's link carries its own token: 128 random bits from the thread's cryptographic
//! generator (seeded by the operating system), written as 32 hexadecimal digits, drawn anew for
//! every game. A request is let in
//! only with one of them, compared in constant time, and then acts for that seat alone.

use std::fmt;

use rand::RngExt as _;
use serde::Serialize;

/// A seat a phone (or a browser) can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhoneSeat {
    /// The Regular player: their units, what the table shows of the Insurgents, their dice.
    Regular,
    /// The Insurgent player, in a game for two: their units, hidden or not, and their dice.
    Insurgent,
    /// A television or any browser: what both sides may see, no dice.
    Table,
}

impl PhoneSeat {
    /// Every seat, in the order the links are shown.
    pub const ALL: [PhoneSeat; 3] = [PhoneSeat::Regular, PhoneSeat::Insurgent, PhoneSeat::Table];

    /// The word printed before a link (`regular`, `insurgent`, `table`).
    pub const fn word(self) -> &'static str {
        match self {
            PhoneSeat::Regular => "regular",
            PhoneSeat::Insurgent => "insurgent",
            PhoneSeat::Table => "table",
        }
    }

    /// What the seat is called on a page and on the desk.
    pub const fn title(self) -> &'static str {
        match self {
            PhoneSeat::Regular => "Regular player",
            PhoneSeat::Insurgent => "Insurgent player",
            PhoneSeat::Table => "Table view",
        }
    }

    /// The seat's place in [`PhoneSeat::ALL`].
    pub const fn index(self) -> usize {
        match self {
            PhoneSeat::Regular => 0,
            PhoneSeat::Insurgent => 1,
            PhoneSeat::Table => 2,
        }
    }
}

impl fmt::Display for PhoneSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// The tokens of one game's seats. A seat with no token (the Insurgent seat of a solo game,
/// where the app is the Insurgent player) lets nobody in.
#[derive(Clone)]
pub struct Tokens {
    tokens: [Option<String>; 3],
}

impl fmt::Debug for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A token is a key: it is never written to a log by accident.
        f.write_str("Tokens(..)")
    }
}

impl Tokens {
    /// New tokens for the seats of a game: all three, or no Insurgent seat in a solo game.
    pub fn draw(solo: bool) -> Self {
        let mut tokens = PhoneSeat::ALL.map(|_| Some(fresh()));
        if solo {
            tokens[PhoneSeat::Insurgent.index()] = None;
        }
        Self { tokens }
    }

    /// Tokens kept from an earlier table of the same game (the desk keeps them with the game),
    /// in [`PhoneSeat::ALL`]'s order; none unless each given is a token: 32 hexadecimal digits.
    pub fn from_kept(kept: [Option<String>; 3]) -> Option<Self> {
        let fits = |t: &String| t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit());
        if kept.iter().flatten().all(fits) && kept.iter().any(Option::is_some) {
            Some(Self { tokens: kept })
        } else {
            None
        }
    }

    /// The same tokens fitted to a game's seats: no Insurgent seat in a solo game, and a new
    /// token for any seat of a game for two that has none.
    pub fn fitted(mut self, solo: bool) -> Self {
        for seat in PhoneSeat::ALL {
            let slot = &mut self.tokens[seat.index()];
            if solo && seat == PhoneSeat::Insurgent {
                *slot = None;
            } else if slot.is_none() {
                *slot = Some(fresh());
            }
        }
        self
    }

    /// The token of a seat, if the seat is open.
    pub fn of(&self, seat: PhoneSeat) -> Option<&str> {
        self.tokens[seat.index()].as_deref()
    }

    /// The seats open in this game.
    pub fn seats(&self) -> impl Iterator<Item = PhoneSeat> + '_ {
        PhoneSeat::ALL.into_iter().filter(|s| self.of(*s).is_some())
    }

    /// The seat whose token this is, if any. Every open seat is compared, each in constant
    /// time, so the time taken says nothing about how close a guess came.
    pub fn seat_of(&self, given: &str) -> Option<PhoneSeat> {
        let mut found = None;
        for seat in PhoneSeat::ALL {
            if let Some(token) = self.of(seat)
                && same(token.as_bytes(), given.as_bytes())
            {
                found = Some(seat);
            }
        }
        found
    }
}

/// 128 bits from the cryptographic generator the operating system seeds, as 32 hex digits.
fn fresh() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

/// Equal bytes, compared without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_has_its_own_long_token_and_only_it_lets_in() {
        let tokens = Tokens::draw(false);
        let all: Vec<&str> = PhoneSeat::ALL
            .iter()
            .filter_map(|s| tokens.of(*s))
            .collect();
        assert_eq!(all.len(), 3);
        for (seat, token) in PhoneSeat::ALL.iter().zip(&all) {
            assert_eq!(token.len(), 32);
            assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
            assert_eq!(tokens.seat_of(token), Some(*seat));
            // One digit off, or a prefix, lets nobody in.
            let mut wrong = token.to_string();
            let last = if wrong.ends_with('0') { "1" } else { "0" };
            wrong.replace_range(31.., last);
            assert_eq!(tokens.seat_of(&wrong), None);
            assert_eq!(tokens.seat_of(&token[..31]), None);
        }
        assert_ne!(all[0], all[1]);
        assert_ne!(all[1], all[2]);
        assert_eq!(tokens.seat_of(""), None);
    }

    #[test]
    fn a_new_game_draws_new_tokens_and_a_solo_game_has_no_insurgent_seat() {
        let one = Tokens::draw(false);
        let two = Tokens::draw(false);
        assert_ne!(one.of(PhoneSeat::Regular), two.of(PhoneSeat::Regular));
        let solo = Tokens::draw(true);
        assert_eq!(solo.of(PhoneSeat::Insurgent), None);
        assert_eq!(
            solo.seats().collect::<Vec<_>>(),
            vec![PhoneSeat::Regular, PhoneSeat::Table]
        );
        assert_eq!(format!("{solo:?}"), "Tokens(..)");
    }

    #[test]
    fn kept_tokens_come_back_only_whole_and_fit_the_games_seats() {
        let two = Tokens::draw(false);
        let words = PhoneSeat::ALL.map(|s| two.of(s).map(str::to_owned));
        let back = Tokens::from_kept(words.clone()).unwrap_or_else(|| panic!("kept"));
        for seat in PhoneSeat::ALL {
            assert_eq!(back.of(seat), two.of(seat));
        }
        // Now a solo game: the Insurgent seat closes; back to a game for two, it gets a new one.
        let solo = back.fitted(true);
        assert_eq!(solo.of(PhoneSeat::Insurgent), None);
        assert_eq!(solo.of(PhoneSeat::Regular), two.of(PhoneSeat::Regular));
        let again = solo.fitted(false);
        assert!(again.of(PhoneSeat::Insurgent).is_some());
        assert_ne!(again.of(PhoneSeat::Insurgent), two.of(PhoneSeat::Insurgent));
        // Anything but tokens is refused whole.
        let mut bad = words.clone();
        bad[0] = Some("not a token".to_owned());
        assert!(Tokens::from_kept(bad).is_none());
        let mut short = words;
        short[2] = Some("abc".to_owned());
        assert!(Tokens::from_kept(short).is_none());
        assert!(Tokens::from_kept([None, None, None]).is_none());
    }
}
