//! Words on small buttons. What a command is called comes from the core
//! (`Command::facts`), so a button and the log say the same thing wherever they are drawn.

use ambush_core::unit::Movement;

/// The words for a speed on a small button.
pub fn speed(movement: Movement, overwatch: bool) -> &'static str {
    if overwatch {
        "Overwatch"
    } else {
        movement.name()
    }
}
