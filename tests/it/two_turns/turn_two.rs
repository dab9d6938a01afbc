//! Turn 2: reinforcements arrive; the Regulars activate; the Insurgents act; the turn ends.

use super::Table;

pub fn reinforcements(t: &mut Table) {
    // 10 on the table: one man with a light machine gun.
    t.roll(&["46"]);
    // No leader (a 4), at Hot Spot 2.
    t.roll(&["4", "2"]);
    t.click("Start Regular activations");
}

pub fn regular_activations(t: &mut Table) {
    // Nobody interrupts Alpha this time; it fires at a leader standing alone.
    t.click("Activate Fireteam Alpha: Cautious");
    t.click("Fireteam Alpha fires at Leader 2B");
    t.roll(&["86111", "1"]);
    // Bravo stays still by its Hot Spot, and the Corporal with it.
    t.click("Activate Fireteam Bravo: Halted");
    t.click("Activate Corporal (squad leader): Halted");
    t.click("End Regular activations");
}

pub fn insurgent_phase(t: &mut Table) {
    // Insurgents 1, with no leader, pass their Quality check as they move, and fire at Alpha.
    t.click("Insurgents 1 acts: Cautious");
    t.roll(&["5"]);
    t.click("Insurgents 1 fires at Fireteam Alpha");
    t.roll(&["3", "65411"]);
    // The newcomers run from Hot Spot 2; Bravo, still all turn beside it, neutralizes it.
    t.click("Insurgents R1 acts next");
    t.click("Insurgents R1 acts: Rapid");
    t.roll(&["6"]);
    t.click("Fireteam Bravo neutralizes Hot Spot 2");
    t.click("End turn 2");
}
