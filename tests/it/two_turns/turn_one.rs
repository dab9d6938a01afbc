//! Turn 1: Fireteam Alpha moves and is interrupted; fire both ways, First Aid and Morale; Alpha
//! picks up the contractors; Bravo fires; the Corporal goes on Overwatch. Then the Insurgents
//! act one unit at a time, under the Corporal's Overwatch and Alpha's answers, every one of them
//! that can: the leaders alone move up.

use super::Table;

pub fn regular_activations(t: &mut Table) {
    t.click("Activate Fireteam Alpha: Cautious");
    // Insurgents 1 have no leader: their Interrupt check, then the Reaction test, which the
    // Marines win.
    t.click("Insurgents 1 interrupts Fireteam Alpha's movement (Interrupt check first)");
    t.roll(&["5"]);
    t.roll(&["2", "6"]);
    // Alpha fires first: four hits, four casualties; the two left stand.
    t.click("Fireteam Alpha reacts: fires at Insurgents 1");
    t.roll(&["886411", "111111"]);
    t.roll(&["98"]);
    // Their fire back wounds one Marine: First Aid, then Alpha's Morale check.
    t.click("Insurgents 1 fires at Fireteam Alpha");
    t.roll(&["6", "111111"]);
    t.click("Roll First Aid for 1 from Fireteam Alpha");
    t.roll(&["4"]);
    t.roll(&["987"]);
    t.click("Fireteam Alpha picks up the Contractors");
    // Bravo, Halted, takes out the RPG gunner of map key 3.
    t.click("Activate Fireteam Bravo: Halted");
    t.click("Fireteam Bravo fires at Insurgents 3");
    t.roll(&["811111", "1"]);
    t.click("Activate Corporal (squad leader): Overwatch");
    t.click("End Regular activations");
}

pub fn insurgent_phase(t: &mut Table) {
    // Insurgents 4 (a leader and an RPG) declare a Cautious move and fire at Bravo: one Marine
    // slightly wounded.
    t.click("Insurgents 4 acts: Cautious");
    t.click("Insurgents 4 fires at Fireteam Bravo");
    t.roll(&["8", "111", "11111"]);
    t.click("Roll First Aid for 1 from Fireteam Bravo");
    t.roll(&["2"]);
    t.roll(&["9876"]);
    // The Corporal, on Overwatch, interrupts their move: the RPG gunner falls; the leader
    // stands.
    t.click("Corporal (squad leader) fires from Overwatch at Insurgents 4");
    t.roll(&["8", "1", "11"]);
    t.click("Remove 1 casualty from Insurgents 4");
    t.roll(&["9"]);
    // Insurgents 5 next, standing to fire: Leader 2A joins them (a unit joined by a leader
    // may fire, not move).
    t.click("Insurgents 5 acts next");
    t.click("Leader 2A joins Insurgents 5");
    t.click("Insurgents 5 acts: Halted");
    t.click("Insurgents 5 fires at Fireteam Alpha");
    t.roll(&["1", "11", "11111"]);
    // Alpha answers them.
    // Alpha answers them: the RPG gunner falls (the owner's choice of the two), the leader
    // stands.
    t.click("Fireteam Alpha reacts: fires at Insurgents 5");
    t.roll(&["81111", "1", "1"]);
    t.click("Remove 1 casualty from Insurgents 5");
    t.roll(&["8"]);
    // The leaders still alone move up.
    t.click("Leader 2B acts: Cautious");
    t.click("Leader 2C acts: Cautious");
    t.click("Leader 2D acts: Rapid");
    t.every_insurgent_acted();
    t.click("End turn 1");
}
