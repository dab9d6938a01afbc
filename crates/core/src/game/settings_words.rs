//! A game's settings in words: what a change of them changes, and the solo opponent's, for the
//! log, the top bar and the reports.

impl super::state::Settings {
    /// What changes from these settings to `new`, in words, one item each: "the solo
    /// opponent's difficulty Regular → Veteran", "dice stay after undo: on".
    pub fn changes_to(&self, new: &Self) -> Vec<String> {
        let on = |b: bool| if b { "on" } else { "off" };
        let penalty = |p: crate::rules::fire::InterruptionPenalty| match p {
            crate::rules::fire::InterruptionPenalty::AfterFirst => "a die for each after the first",
            crate::rules::fire::InterruptionPenalty::Each => "a die for each",
        };
        let mut out = Vec::new();
        if self.interruption_penalty != new.interruption_penalty {
            out.push(format!(
                "interruption penalty: {}",
                penalty(new.interruption_penalty)
            ));
        }
        if self.scale != new.scale {
            out.push(format!("figures at {}", new.scale));
        }
        if self.solo != new.solo {
            out.push(format!("solo play {}", on(new.solo)));
        }
        if self.difficulty != new.difficulty {
            out.push(format!(
                "the solo opponent's difficulty from {} to {}",
                self.difficulty.name(),
                new.difficulty.name()
            ));
        }
        if self.doctrine_hidden != new.doctrine_hidden {
            out.push(if new.doctrine_hidden {
                "the solo opponent keeps its reasoning hidden until the game is over".to_owned()
            } else {
                "the solo opponent shows its reasoning".to_owned()
            });
        }
        if self.phones_accept != new.phones_accept {
            out.push(format!(
                "the phones' faces played without a click: {}",
                on(new.phones_accept)
            ));
        }
        if self.dice_stay != new.dice_stay || self.dice_seed != new.dice_seed {
            out.push(format!("dice stay after undo: {}", on(new.dice_stay)));
        }
        out
    }

    /// The solo opponent's settings in words: "Veteran, reasoning hidden until the game is
    /// over", for the top bar and the reports. None in a game for two.
    pub fn solo_words(&self) -> Option<String> {
        self.solo.then(|| {
            let reasoning = if self.doctrine_hidden {
                "its reasoning hidden until the game is over"
            } else {
                "its reasoning shown"
            };
            format!("{}, {reasoning}", self.difficulty.name())
        })
    }
}
