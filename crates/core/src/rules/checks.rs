//! Single-die tests: Reaction tests, Interrupt checks and Quality checks.

use serde::{Deserialize, Serialize};

use crate::dice::{Die, Face};
use crate::unit::{Movement, Unit};

/// The number a single-die test must reach.
pub const SUCCESS: i32 = 4;

/// One die a unit rolls for a test, with its modifier and the reasons for both.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestDie {
    /// The die rolled.
    pub die: Die,
    /// Added to the face.
    pub modifier: i32,
    /// Why the die and modifier are what they are ("Pinned: d8 steps down to d6").
    pub reasons: Vec<String>,
}

/// Who wins a Reaction test, from both totals: the Insurgents act first with a success that
/// beats the Regulars' total; otherwise (ties included) the Regulars do.
pub fn insurgents_act_first(insurgent_total: i32, regular_total: i32) -> bool {
    insurgent_total >= SUCCESS && insurgent_total > regular_total
}

impl TestDie {
    /// The unit's test die (its best Troop Quality), stepped down when Pinned.
    pub fn for_unit(unit: &Unit) -> Self {
        let base = unit.test_die();
        let mut test = Self {
            die: base,
            modifier: 0,
            reasons: vec![format!("Troop Quality {base}")],
        };
        if unit.status.pinned {
            test.step_down("Pinned");
        }
        test
    }

    /// Steps the die down one type; a d6 stays a d6 at −1.
    pub fn step_down(&mut self, why: &str) {
        match self.die.step_down() {
            Some(lower) => {
                self.reasons
                    .push(format!("{why}: {} steps down to {lower}", self.die));
                self.die = lower;
            }
            None => {
                self.reasons.push(format!("{why}: d6 cannot step down, −1"));
                self.modifier -= 1;
            }
        }
    }

    /// Adds a modifier with its reason.
    pub fn add(&mut self, modifier: i32, why: &str) {
        if modifier != 0 {
            self.modifier += modifier;
            self.reasons.push(format!("{modifier:+} {why}"));
        }
    }

    /// The face plus the modifier.
    pub fn total(&self, face: Face) -> i32 {
        i32::from(face) + self.modifier
    }

    /// "d8" or "d6−1".
    pub fn notation(&self) -> String {
        match self.modifier {
            0 => self.die.to_string(),
            m => format!("{}{m:+}", self.die),
        }
    }

    /// What passes, in words: "d6 4+".
    pub fn passes_words(&self) -> String {
        format!("{} {SUCCESS}+", self.notation())
    }
}

/// The result of a Quality check (also used as the Interrupt check).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    /// The die and modifier.
    pub test: TestDie,
    /// The face rolled.
    pub face: Face,
    /// Face plus modifier.
    pub total: i32,
    /// 4 or better.
    pub passed: bool,
}

/// Resolves a Quality check: the unit's test die, 4+ passes.
pub fn quality_check(test: TestDie, face: Face) -> CheckResult {
    let total = test.total(face);
    CheckResult {
        test,
        face,
        total,
        passed: total >= SUCCESS,
    }
}

/// The situation of a Reaction test.
///
/// As with a fire's modifiers, two kinds of facts meet here: the Regular unit's movement (alert
/// or Rapid), which the game knows and [`ReactionModifiers::proposed`] derives, and the
/// referee's own adjustments. Under rules version 6 the gate refuses a test whose movement says
/// otherwise than the state, unless it carries a referee's [`ReactionModifiers::correction`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReactionModifiers {
    /// Regular unit was Halted, on Overwatch or moving Cautiously this turn, or stationary last
    /// turn: +1 (never more than +1 from movement).
    pub regular_alert: bool,
    /// Regular unit moved Rapid this turn: −1.
    pub regular_rapid: bool,
    /// The referee's own adjustment to the Regular roll.
    pub regular_adjust: i8,
    /// The referee's own adjustment to the Insurgent roll.
    pub insurgent_adjust: i8,
    /// The referee overrules what the game knows of the Regular unit's movement, in the
    /// referee's words: the movement fields are then taken as given, and the log says so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correction: Option<String>,
}

impl ReactionModifiers {
    /// What the Regular unit's recorded movement says.
    pub fn proposed(regular: &Unit) -> Self {
        let status = &regular.status;
        // A unit that has not moved yet this turn is standing still, unless a Pull Back drove
        // it back.
        let this_turn = status.movement.unwrap_or(Movement::Halted);
        let stationary = this_turn == Movement::Halted && !status.pulled_back;
        let alert_now = status.overwatch || stationary || this_turn == Movement::Cautious;
        let still_last_turn = status.last_movement == Some(Movement::Halted);
        Self {
            regular_alert: alert_now || still_last_turn,
            regular_rapid: this_turn == Movement::Rapid,
            regular_adjust: 0,
            insurgent_adjust: 0,
            correction: None,
        }
    }

    /// These modifiers with what the Regular unit's state says in place of its movement: the
    /// referee's adjustments and any correction are kept.
    pub fn as_the_state_says(&self, regular: &Unit) -> Self {
        Self {
            regular_adjust: self.regular_adjust,
            insurgent_adjust: self.insurgent_adjust,
            correction: self.correction.clone(),
            ..Self::proposed(regular)
        }
    }

    /// Why the Regular unit is alert (+1), by its state, if it is: "it stands Halted this
    /// turn", "it is on Overwatch", "it moves Cautiously this turn", "it stood still last turn".
    pub fn why_alert(regular: &Unit) -> Option<&'static str> {
        let status = &regular.status;
        let this_turn = status.movement.unwrap_or(Movement::Halted);
        if status.overwatch {
            Some("it is on Overwatch")
        } else if this_turn == Movement::Halted && !status.pulled_back {
            Some("it stands Halted this turn")
        } else if this_turn == Movement::Cautious {
            Some("it moves Cautiously this turn")
        } else if status.last_movement == Some(Movement::Halted) {
            Some("it stood still last turn")
        } else {
            None
        }
    }

    /// The referee's correction of the Regular unit's movement, as its two boxes read: alert,
    /// and moved Rapid.
    pub const CORRECTION_WORDS: [&'static str; 2] = [
        "Regulars alert: halted, Overwatch, Cautious, or still last turn (+1)",
        "Regulars moved Rapid (−1)",
    ];

    /// What these modifiers take from the Regular unit's movement, in one line ("Alpha is alert
    /// (+1): it is on Overwatch.").
    pub fn movement_words(&self, regular: &Unit) -> String {
        let name = &regular.name;
        match (
            Self::why_alert(regular).filter(|_| self.regular_alert),
            self.regular_rapid,
        ) {
            (Some(why), _) => format!("{name} is alert (+1): {why}."),
            (None, true) => format!("{name} moved Rapid (−1)."),
            (None, false) => format!("{name}: nothing in its movement changes the die."),
        }
    }

    /// Where these modifiers say otherwise than the Regular unit's state, in words ("Fireteam
    /// Alpha moved Rapid this turn (−1), which the test leaves out"); empty when they agree.
    pub fn disagreements(&self, regular: &Unit) -> Vec<String> {
        let known = Self::proposed(regular);
        let name = &regular.name;
        let mut out = Vec::new();
        if self.regular_alert != known.regular_alert {
            out.push(match Self::why_alert(regular) {
                Some(why) => format!("{name} is alert (+1): {why}, which the test leaves out"),
                None => format!(
                    "the test counts {name} alert (+1), which the game does not know: it moved this turn and did not stand still last turn"
                ),
            });
        }
        if self.regular_rapid != known.regular_rapid {
            out.push(if known.regular_rapid {
                format!("{name} moved Rapid this turn (−1), which the test leaves out")
            } else {
                format!("the test counts {name} moving Rapid (−1), which the game does not know")
            });
        }
        out
    }
}

/// Both dice of a Reaction test, before rolling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReactionSetup {
    /// The interrupting Insurgent unit's die.
    pub insurgent: TestDie,
    /// The Regular unit's die.
    pub regular: TestDie,
}

impl ReactionSetup {
    /// Sets up a Reaction test between an Insurgent and a Regular unit.
    pub fn new(insurgent: &Unit, regular: &Unit, modifiers: &ReactionModifiers) -> Self {
        let mut ins = TestDie::for_unit(insurgent);
        ins.add(
            i32::from(modifiers.insurgent_adjust),
            "referee's adjustment",
        );
        let mut reg = TestDie::for_unit(regular);
        if modifiers.regular_alert {
            reg.add(1, "alert: halted, Overwatch, Cautious, or still last turn");
        }
        if modifiers.regular_rapid {
            reg.add(-1, "moved Rapid");
        }
        reg.add(i32::from(modifiers.regular_adjust), "referee's adjustment");
        Self {
            insurgent: ins,
            regular: reg,
        }
    }

    /// Resolves the test from both faces.
    pub fn resolve(self, insurgent_face: Face, regular_face: Face) -> ReactionResult {
        let insurgent_total = self.insurgent.total(insurgent_face);
        let regular_total = self.regular.total(regular_face);
        ReactionResult {
            insurgent_first: insurgents_act_first(insurgent_total, regular_total),
            setup: self,
            insurgent_face,
            regular_face,
            insurgent_total,
            regular_total,
        }
    }
}

/// The result of a Reaction test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReactionResult {
    /// The dice rolled.
    pub setup: ReactionSetup,
    /// Insurgent face.
    pub insurgent_face: Face,
    /// Regular face.
    pub regular_face: Face,
    /// Insurgent face plus modifier.
    pub insurgent_total: i32,
    /// Regular face plus modifier.
    pub regular_total: i32,
    /// True when the Insurgents' interruption is settled before the Regulars get to react.
    pub insurgent_first: bool,
}
