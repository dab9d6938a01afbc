//! Turn 2: reinforcements arrive, rolled with no click; the Regulars activate; every Insurgent
//! unit acts, the Regulars answering; the turn ends.

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
    // Insurgents 1, with no leader, pass their Quality check as they move, and fire at Alpha:
    // one Marine hit (which one is the Regular player's choice), slightly; Alpha's Morale.
    t.click("Insurgents 1 acts: Cautious");
    t.roll(&["5"]);
    t.click("Insurgents 1 fires at Fireteam Alpha");
    t.roll(&["6", "11111"]);
    t.click("Roll First Aid for 1 from Fireteam Alpha");
    t.roll(&["1"]);
    t.roll(&["876"]);
    // Alpha answers: one of the two gunmen falls (either, alike), and their Morale holds.
    t.click("Fireteam Alpha reacts: fires at Insurgents 1");
    t.roll(&["61111", "111"]);
    t.roll(&["9"]);
    // The newcomers run from Hot Spot 2; Bravo, still all turn beside it, neutralizes it, and
    // answers the newcomer: he falls.
    t.click("Insurgents R1 acts: Rapid");
    t.roll(&["6"]);
    t.click("Fireteam Bravo neutralizes Hot Spot 2");
    t.click("Fireteam Bravo reacts: fires at Insurgents R1");
    t.roll(&["741111", "2"]);
    // The leaders move up, alone.
    t.click("Insurgents 5 acts: Cautious");
    t.click("Insurgents 4 acts: Cautious");
    t.click("Leader 2C acts: Cautious");
    t.click("Leader 2D acts: Rapid");
    t.every_insurgent_acted();
    t.click("End turn 2");
}
