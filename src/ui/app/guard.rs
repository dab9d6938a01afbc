//! Nothing new takes a click meant for something else.
//!
//! A click that changes the desk (a step played, a dice prompt opened or closed, a question
//! asked, a box ticked anywhere in the window) can put a new button exactly where the pointer
//! rests, or take back what it just did. The second click of a double
//! click, or a click made before the new layout could be seen, would then press it. For a
//! short time after such a change, a click at the same place is not taken: an invisible cover
//! over the whole window, above every panel and prompt, takes it. Moving the pointer, or
//! waiting, lifts the guard. (egui finds what is under the pointer from the frame before, so
//! the cover is laid in the very frame of the change.)

/// How long a change guards the place the pointer rests on, in seconds: longer than the second
/// click of a double click takes, shorter than reading a new button does.
pub const GUARD_SECONDS: f64 = 0.35;

/// How far the pointer must move, in points, for a click to be meant for what is now there.
pub const GUARD_MOVE: f32 = 4.0;

/// Where and when the last click changed the desk.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClickGuard {
    armed: Option<(f64, egui::Pos2)>,
}

impl ClickGuard {
    /// The desk just changed under the pointer.
    pub fn arm(&mut self, ctx: &egui::Context) {
        self.armed = ctx.input(|i| i.pointer.latest_pos().map(|pos| (i.time, pos)));
    }

    /// While armed, a cover over the whole window that takes every click, drawing nothing.
    pub fn cover_ui(&self, ctx: &egui::Context) {
        if self.armed.is_none() {
            return;
        }
        let screen = ctx.content_rect();
        egui::Area::new(egui::Id::unique("click_guard"))
            .order(egui::Order::Tooltip)
            .fixed_pos(screen.min)
            .interactable(true)
            .show(ctx, |ui| {
                ui.allocate_rect(screen, egui::Sense::click());
            });
    }

    /// Whether a click now would land on something that appeared under a pointer that has not
    /// moved since. Once the pointer moves or the time is up, the guard is lifted for good.
    pub fn holds(&mut self, ctx: &egui::Context) -> bool {
        let Some((since, at)) = self.armed else {
            return false;
        };
        let (now, pos) = ctx.input(|i| (i.time, i.pointer.latest_pos()));
        let still = pos.is_some_and(|p| p.distance(at) < GUARD_MOVE);
        if now - since >= GUARD_SECONDS || !still {
            self.armed = None;
            return false;
        }
        // A frame when the time is up, so the cover is gone before the next click comes.
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(
            GUARD_SECONDS - (now - since) + 0.01,
        ));
        true
    }
}

/// What a click may have changed under the pointer (see [`AssistantApp::changes`]).
pub(super) type Changes = (
    bool,
    crate::ui::Tab,
    Option<usize>,
    Option<(ambush_core::unit::UnitId, u32)>,
    Option<usize>,
    Option<u64>,
    bool,
    u64,
    u64,
);

impl super::AssistantApp {
    /// What a click may have changed under the pointer: the screen (a game open or not), the
    /// tab, the Now view (the game, by its revision, the Insurgent unit brought forward, a note
    /// for the referee dismissed), the dice prompt, the question asked, the answers on the Now
    /// view (a box of the table's judgement, a solo question's answer, a casualty picked: a
    /// second click there would take the first back), and the page shown of a long text or list
    /// of the Scenario tab (a second click would turn one page more). A game changed from
    /// another tab (an edit's stepper clicked again and again) leaves the Now view unseen, and
    /// guards nothing.
    pub(super) fn changes(&self) -> Changes {
        let now = self.desk.tab == crate::ui::Tab::Now;
        (
            self.session.is_some(),
            self.desk.tab,
            self.game()
                .filter(|_| now)
                .map(ambush_core::game::Game::revision),
            self.desk.now.insurgent,
            self.desk.now.dismissed,
            self.prompt.as_ref().map(|p| p.number),
            self.confirm.is_some(),
            if now { self.answers() } else { 0 },
            self.desk.pages.turned(),
        )
    }

    /// The answers given on the Now view, as one number that changes with any of them. Each
    /// is hashed as it is (no words built), the judgements in any order: it is asked twice a
    /// frame.
    fn answers(&self) -> u64 {
        use std::hash::{BuildHasher, Hash, Hasher};
        let keys =
            std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default();
        let (now, solo) = (&self.desk.now, &self.desk.solo);
        // The judgements of a map in no set order: each pair hashed alone, then summed.
        let judged = now
            .situations
            .iter()
            .map(|(pair, (_, situation))| keys.hash_one((pair, situation)))
            .fold(0u64, u64::wrapping_add);
        let mut hasher = keys.build_hasher();
        judged.hash(&mut hasher);
        now.interrupt_fire.hash(&mut hasher);
        now.casualties.hash(&mut hasher);
        solo.answers.version().hash(&mut hasher);
        hasher.finish()
    }
}
