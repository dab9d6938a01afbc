//! Two whole, busy turns of Contracting Trouble at the table, as a referee plays them at
//! 1280×800 at the default text size, with real dice typed in: every Insurgent unit that can act
//! acts, with the fire, First Aid and Morale checks that brings; every click on something in
//! view (never a scroll), every click a hurried double click that must do what one click does,
//! every face typed counted. The numbers the desk must hold: at most 45 clicks, no scrolling, at
//! most 150 keystrokes of dice. The steps that decide nothing (a Morale check, a roll on the
//! table, casualties among figures all alike) take no click: their prompt follows at once.

mod turn_one;
mod turn_two;

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};

use crate::common::ui::temp_dir;

/// The referee at the table: the desk, and what it took.
pub struct Table {
    harness: Harness<'static, AssistantApp>,
    /// Clicks made (a double click counts as the one click it was meant as).
    pub clicks: usize,
    /// Keys pressed to type dice (each face, each separator, each Enter).
    pub keys: usize,
    /// Each click's label, in order, for the record.
    pub steps: Vec<String>,
}

/// What a click may have done: events in effect, whether the dice prompt is open, and how
/// each box of the table's judgement is ticked.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    events: usize,
    prompt: bool,
    boxes: Vec<(String, String)>,
    /// The buttons on the desk: another unit brought forward, another tab or another question
    /// shows other buttons.
    buttons: Vec<String>,
}

impl Table {
    /// A new game of Contracting Trouble for two, physical dice on, at 1280×800, its frames a
    /// sixtieth of a second apart (so a double click is as quick as a hand makes it).
    pub fn new(name: &str) -> (crate::common::TestDir, Self) {
        let dir = temp_dir(name);
        let options = StartOptions {
            data_dir: Some(dir.to_path_buf()),
            seed: Some(1),
            ..StartOptions::default()
        };
        let prefs = Prefs {
            physical_dice: true,
            ..Prefs::default()
        };
        let mut harness = Harness::builder()
            .with_size(crate::common::ui::points([1280.0, 800.0], prefs.ui_scale))
            .with_step_dt(1.0 / 60.0)
            .with_max_steps(64)
            .build_eframe(move |_cc| AssistantApp::with_prefs(options, prefs));
        harness.run();
        harness
            .get_by_label("New game: Contracting Trouble!")
            .click();
        harness.run();
        let table = Self {
            harness,
            clicks: 0,
            keys: 0,
            steps: Vec::new(),
        };
        (dir, table)
    }

    /// The game on the desk.
    pub fn game(&self) -> &ambush_core::game::Game {
        self.harness.state().game().expect("a game is open")
    }

    fn seen(&self) -> Seen {
        Seen {
            events: self.game().events_in_effect(),
            prompt: self
                .harness
                .query_by_label("Roll the physical dice")
                .is_some(),
            boxes: self
                .harness
                .root()
                .children_recursive()
                .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::CheckBox)
                .map(|n| {
                    let node = n.accesskit_node();
                    (
                        node.label().unwrap_or_default(),
                        format!("{:?}", node.toggled()),
                    )
                })
                .collect(),
            buttons: self.buttons(),
        }
    }

    /// The part of the Now view in sight: below the tabs, above the log.
    fn in_sight(&self) -> (f32, f32) {
        let top = self.harness.get_by_label("Now").rect().bottom();
        let bottom = self.harness.get_by_label_contains("Log — ").rect().top();
        (top, bottom)
    }

    /// Every button in the window, for a message when the one wanted is not there.
    fn buttons(&self) -> Vec<String> {
        self.harness
            .root()
            .children_recursive()
            .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
            .filter_map(|n| n.accesskit_node().label())
            .collect()
    }

    /// Clicks what `label` names where it stands, as a hurried hand does: twice in quick
    /// succession, the pointer not moved. It must be in sight on the Now view (nothing is
    /// scrolled to), and the double click must do exactly what one click does: at most one
    /// event, and no event at all when it opened the dice prompt.
    pub fn click(&mut self, label: &str) {
        let Some(node) = self.harness.query_by_label(label) else {
            panic!(
                "no {label:?} on the desk; its buttons: {:#?}",
                self.buttons()
            );
        };
        assert!(
            !node.accesskit_node().is_disabled(),
            "{label:?} is there but cannot be clicked"
        );
        let rect = node.rect();
        let (top, bottom) = self.in_sight();
        assert!(
            rect.top() >= top
                && rect.bottom() <= bottom
                && rect.right() <= self.harness.ctx.content_rect().right(),
            "{label:?} is out of sight at {rect:?}: the Now view shows {top} to {bottom}"
        );
        let at = rect.center();
        self.press_at(at, true);
        // What the one click did, two frames on (its changes drawn, a thirtieth of a second).
        self.harness.step();
        self.harness.step();
        let once = self.seen();
        // The second click of the double click, where the pointer still is: it must do
        // nothing at all.
        self.press_at(at, false);
        self.harness.run();
        let after = self.seen();
        // A box ticked by the second click is a click meant for something else.
        for (name, ticked) in &after.boxes {
            if let Some((_, was)) = once.boxes.iter().find(|(n, _)| n == name) {
                assert_eq!(was, ticked, "the double click on {label:?} ticked {name:?}");
            }
        }
        assert_eq!(
            after.events, once.events,
            "the second click of a double click on {label:?} played something"
        );
        assert_eq!(
            after.buttons, once.buttons,
            "the second click of a double click on {label:?} changed what the desk offers"
        );
        assert_eq!(
            after.prompt, once.prompt,
            "the second click of a double click on {label:?} opened or closed the dice prompt"
        );
        self.clicks += 1;
        self.steps.push(label.to_owned());
    }

    /// One click at a point: the pointer moved there first, unless it is there already.
    fn press_at(&mut self, at: Pos2, moving: bool) {
        if moving {
            self.harness.event(Event::PointerMoved(at));
        }
        for pressed in [true, false] {
            self.harness.event(Event::PointerButton {
                pos: at,
                button: PointerButton::Primary,
                pressed,
                modifiers: Modifiers::NONE,
            });
        }
        self.harness.step();
    }

    /// Types the faces of real dice into the open prompt, one group after another, each key an
    /// event of its own: `groups` holds what is typed for each group ("6442"). A group typed
    /// whole moves on by itself; one Enter at the end applies them.
    pub fn roll(&mut self, groups: &[&str]) {
        let counts: Vec<String> = self
            .harness
            .query_all_by_label_contains(" × d")
            .map(|n| {
                let node = n.accesskit_node();
                node.label().or_else(|| node.value()).unwrap_or_default()
            })
            .collect();
        assert_eq!(
            counts.len(),
            groups.len(),
            "the prompt asks for {counts:?}, the script types {groups:?} (the message: {:?})",
            self.harness.state().message()
        );
        let events = self.game().events_in_effect();
        for faces in groups {
            for key in faces.chars() {
                self.harness.event(Event::Text(key.to_string()));
                self.keys += 1;
            }
        }
        self.harness.key_press(Key::Enter);
        self.keys += 1;
        self.harness.run();
        // Applied: one more event at least (the steps it makes due that decide nothing follow
        // at once, each an event of its own; a prompt may follow for the next).
        assert!(
            self.game().events_in_effect() > events,
            "the prompt for {counts:?} was not applied with {groups:?}"
        );
    }
}

/// How many events in effect are of this kind of command.
fn count(game: &ambush_core::game::Game, kind: fn(&ambush_core::game::Command) -> bool) -> usize {
    game.applied_events().filter(|e| kind(&e.command)).count()
}

impl Table {
    /// Every Insurgent unit that could act has acted: no speed is offered any more.
    pub fn every_insurgent_acted(&self) {
        let waiting: Vec<String> = self
            .buttons()
            .into_iter()
            .filter(|b| b.contains(" acts: ") && !b.starts_with("Undo"))
            .collect();
        assert!(waiting.is_empty(), "still to act: {waiting:?}");
    }
}

#[test]
fn two_busy_turns_take_at_most_45_clicks_150_keys_and_no_scrolling() {
    let (_dir, mut table) = Table::new("two-turns");
    turn_one::regular_activations(&mut table);
    turn_one::insurgent_phase(&mut table);
    turn_two::reinforcements(&mut table);
    turn_two::regular_activations(&mut table);
    turn_two::insurgent_phase(&mut table);
    let game = table.game();
    assert_eq!(game.state().turn(), 3, "two whole turns were played");
    assert!(
        table.clicks <= 45,
        "{} clicks: {:#?}",
        table.clicks,
        table.steps
    );
    assert!(table.keys <= 150, "{} keys", table.keys);
    // Busy: the fire, First Aid and Morale checks it took.
    use ambush_core::game::Command;
    let fires = count(game, |c| matches!(c, Command::Fire { .. }));
    let morale = count(game, |c| matches!(c, Command::MoraleCheck { .. }));
    let first_aid = count(game, |c| matches!(c, Command::FirstAid { .. }));
    assert!(
        fires >= 11 && morale >= 7 && first_aid >= 3,
        "{fires} fires, {morale} Morale checks, {first_aid} First Aid"
    );
    if std::env::var_os("TWO_TURNS_LOG").is_some() {
        for e in game.applied_events() {
            eprintln!(
                "{:?} {:?}",
                e.command.facts(game.state()).label,
                e.dice.iter().map(|d| d.faces.clone()).collect::<Vec<_>>()
            );
        }
    }
    eprintln!(
        "two turns: {} clicks, {} keys of dice, {} events ({fires} fires, {morale} Morale checks, {first_aid} First Aid)",
        table.clicks,
        table.keys,
        game.events_in_effect()
    );
}

/// A box of the table's judgement clicked twice in a hurry is set once, as one click set it:
/// the second click would take the first back.
#[test]
fn a_box_double_clicked_is_set_once() {
    let (_dir, mut table) = Table::new("double-box");
    table.click("Activate Fireteam Alpha: Halted");
    let label = table
        .seen()
        .boxes
        .iter()
        .map(|(name, _)| name.clone())
        .find(|name| name.starts_with("Optimum Range: Fireteam Alpha at "))
        .expect("the row of the table's judgement");
    table.click(&label);
    let ticked = table
        .seen()
        .boxes
        .into_iter()
        .find(|(name, _)| *name == label)
        .map(|(_, ticked)| ticked);
    assert_eq!(ticked.as_deref(), Some("Some(True)"), "{label}");
}

/// *Physical dice* clicked twice in a hurry is switched once: the second click of the double
/// click would switch it back, and the app would then roll its own dice without a word.
#[test]
fn physical_dice_double_clicked_is_switched_once() {
    let (_dir, mut table) = Table::new("double-physical");
    assert!(table.harness.state().prefs().physical_dice);
    let at = table.harness.get_by_label("Physical dice").rect().center();
    table.press_at(at, true);
    table.harness.step();
    table.harness.step();
    table.press_at(at, false);
    table.harness.run();
    assert!(
        !table.harness.state().prefs().physical_dice,
        "a double click on Physical dice left it as it was"
    );
}
