//! Scenario authors, third pass: every trap the issue found told in one `validate` run, each at
//! its place with what to write instead, and the three version 3 scenarios an author wrote from
//! the guide alone still good, without a warning.

use std::path::PathBuf;

use crate::common::run;

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/authors")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn one_validate_run_tells_every_trap_at_its_place() {
    let files = [
        "convoy-ambush.json",
        "hostage-rescue.json",
        "night-raid.json",
        "every-trap.json",
        "missing-active.json",
    ]
    .map(fixture);
    let args: Vec<&str> = std::iter::once("validate")
        .chain(files.iter().map(String::as_str))
        .collect();
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "{out}{err}");
    // The author's three scenarios: good, and nothing to warn about.
    for (file, name) in [
        (&files[0], "Convoy Ambush"),
        (&files[1], "Hostage Rescue"),
        (&files[2], "Night Raid"),
    ] {
        assert!(
            err.lines()
                .any(|l| l.starts_with(&format!("{file}: ok — {name} (")) && !l.contains("warning")),
            "{err}"
        );
        assert!(!out.contains(file.as_str()), "{out}");
    }
    let traps = &files[3];
    let expected = [
        // A raw line break inside quoted text, at the end of the line it breaks, and a raw tab
        // at its own column: each where it is, with the rest of the file still checked.
        "6:36: brief: a line break typed inside text in quotes (Enter pressed)",
        "8:29: special_rules[0]: a tab typed inside text in quotes",
        // Every Hot Spot neutralized for good from a turn after the second.
        "17:16: warning: hot_spots: every Hot Spot is neutralized for good from turn 5, as the events leave them, and none wakes later: every reinforcement from turn 5 on would be lost",
        // A Hot Spot roll whose every face names a spot still asleep.
        "21:20: warning: hot_spot_roll: every face names a Hot Spot still neutralized as turn 2 begins (2); the first wakes on turn 4",
        // A place in words that names a Hot Spot.
        "32:37: warning: units[1].arrives.at: \"Hot Spot 2\" is a place in words",
        // An ambush that may roll in before its Hot Spot wakes.
        "43:32: warning: units[3].ambush.from_turn: the ambush may roll in from turn 2, but Hot Spot 2 stays neutralized until events[0] wakes it on turn 4: arriving before that, the unit is lost; make from_turn 4 or later",
        // A threshold listed after a lower one is told to move above it (which makes it
        // reachable), not "list the higher first".
        "58:5: warning: victory_thresholds[1]: never names the result: victory_thresholds[0] (Regular at 2 points, \"Marginal Regular victory\") comes first and is reached whenever this one is; the first threshold reached in the list's order names the result, so move this one (3 points) above victory_thresholds[0]",
        "59:5: warning: victory_thresholds[2]: never names the result",
        // A threshold above the most the side can score.
        "59:36: warning: victory_thresholds[2].points: 12 points can never be reached: at most 3 points can be scored by the Regular side",
    ];
    let said: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix(traps.as_str()))
        .map(|l| l.trim_start_matches(':'))
        .collect();
    assert_eq!(said.len(), expected.len(), "{said:#?}");
    for (line, start) in said.iter().zip(expected) {
        assert!(line.starts_with(start), "{line}\n  expected: {start}");
    }
    // A Hot Spot event without "active": its own missing field, and nothing blamed on the
    // ambush at that spot (which the stand-in would have neutralized for good).
    let missing: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with(files[4].as_str()))
        .collect();
    assert_eq!(missing.len(), 1, "{missing:#?}");
    assert!(
        missing[0].ends_with(
            ":366:5: events[1].active: missing field \"active\" (True: it is active from this turn; false: it is neutralized): expected true or false"
        ),
        "{missing:#?}"
    );
    assert!(
        err.ends_with("5 file(s) checked, 2 with problems\n"),
        "{err}"
    );
}
