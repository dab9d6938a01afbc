//! Contracting Trouble played with dice typed in as at the table: a whole scripted turn, and
//! shorter scripts of what comes on, what befalls units, and how the game is scored and ends.

mod arrivals;
mod statuses;
mod victory_and_end;
mod whole_turn;
