//! The statuses shown on a unit's card and in reports.

use super::{Movement, PullBack, Side, Unit};

/// A status shown on a unit's card and in reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Badge {
    /// Pinned this turn.
    Pinned,
    /// Pulling back this turn.
    PullingBack,
    /// Regrouping (may not move).
    Regrouping,
    /// Shaken.
    Shaken,
    /// Hunkered down In Cover.
    InCover,
    /// On Overwatch.
    Overwatch,
    /// Activated (Regulars) or acted (Insurgents) this turn.
    Activated,
    /// Interrupted this many times this turn.
    Interrupted(u8),
    /// Used its interrupt this turn.
    Interrupting,
    /// Has lost figures: tests to move faster than Cautious.
    HasCasualties,
    /// No further action this turn.
    Done,
    /// May fire but not move this turn.
    FireOnly,
    /// No leader (Insurgents): tests before acting.
    NoLeader,
    /// How it moved this turn.
    Moved(Movement),
}

impl Badge {
    /// The words on the badge.
    pub fn label(&self) -> String {
        match self {
            Badge::Pinned => "Pinned".to_owned(),
            Badge::PullingBack => "Pull Back".to_owned(),
            Badge::Regrouping => "Regrouping".to_owned(),
            Badge::Shaken => "Shaken".to_owned(),
            Badge::InCover => "In Cover".to_owned(),
            Badge::Overwatch => "Overwatch".to_owned(),
            Badge::Activated => "Activated".to_owned(),
            Badge::Interrupted(n) => format!("Interrupted ×{n}"),
            Badge::Interrupting => "Used its interrupt".to_owned(),
            Badge::HasCasualties => "Has casualties".to_owned(),
            Badge::Done => "Done for the turn".to_owned(),
            Badge::FireOnly => "Fire only".to_owned(),
            Badge::NoLeader => "No leader".to_owned(),
            Badge::Moved(m) => m.name().to_owned(),
        }
    }

    /// True for statuses that hamper the unit (drawn in warning colours).
    pub fn is_bad(&self) -> bool {
        matches!(
            self,
            Badge::Pinned
                | Badge::PullingBack
                | Badge::Regrouping
                | Badge::Shaken
                | Badge::HasCasualties
                | Badge::Done
                | Badge::Interrupted(_)
                | Badge::NoLeader
        )
    }
}

impl Unit {
    /// Its statuses as badges, in a fixed order.
    pub fn badges(&self, turn: u32) -> Vec<Badge> {
        let s = &self.status;
        let mut badges = Vec::new();
        if s.pinned {
            badges.push(Badge::Pinned);
        }
        match s.pull_back {
            PullBack::PullingBack => badges.push(Badge::PullingBack),
            PullBack::Regrouping => badges.push(Badge::Regrouping),
            PullBack::None => {}
        }
        if self.is_shaken(turn) {
            badges.push(Badge::Shaken);
        }
        if s.in_cover {
            badges.push(Badge::InCover);
        }
        if s.overwatch {
            badges.push(Badge::Overwatch);
        }
        if let Some(m) = s.movement {
            badges.push(Badge::Moved(m));
        }
        if s.activated {
            badges.push(Badge::Activated);
        }
        if s.times_interrupted > 0 {
            badges.push(Badge::Interrupted(s.times_interrupted));
        }
        if s.interrupts_made > 0 {
            badges.push(Badge::Interrupting);
        }
        if s.done_for_turn {
            badges.push(Badge::Done);
        }
        if s.fire_only {
            badges.push(Badge::FireOnly);
        }
        if s.has_casualties && self.side == Side::Regular {
            badges.push(Badge::HasCasualties);
        }
        if self.side == Side::Insurgent && !self.has_leader() && !self.non_combatant {
            badges.push(Badge::NoLeader);
        }
        badges
    }
}
