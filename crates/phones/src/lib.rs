//! Phones at the table: a small web server the desk opens for one game, with one link per seat
//! (the Regular player, the Insurgent player in a game for two, the Table view). Each page shows
//! its seat what its side may see, filtered on the desk before it leaves the app, follows the
//! game live, and, when the desk waits for dice that are the seat's, offers a pad of the die's
//! faces. What a phone sends goes to the desk as a request; the desk alone plays it, through the
//! same dice prompt as typed faces, so the journal, undo, replay and reports do not change.
//!
//! Nothing on the network is trusted: every request carries its seat's token (128 random bits,
//! new for every game) or gets 403; bodies and rates are bounded; connections are capped below
//! the open-file limit and a slow or silent client is dropped; every answer names the roll it
//! answers, and a stale or doubled one is refused in words. The server writes nothing to disk.

mod gate;
mod host;
pub mod limits;
mod live;
mod page;
pub mod roll;
mod serve;
pub mod server;
mod stall;
pub mod table;
pub mod token;
pub mod view;

pub use host::Host;
pub use limits::{Limits, Rate};
pub use roll::{PhoneDice, Received, Refusal, RollCheck, Sender, Submission, WaitingRoll};
pub use table::{Link, Table};
pub use token::{PhoneSeat, Tokens};
pub use view::{SeatView, seat_view, views};
