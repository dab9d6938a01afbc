//! What a scenario's text can no longer do to the terminal or to the list of problems: a name
//! printed on one line stays on it, a wrong value is reported once (not echoed by the checks
//! that ran on its stand-in), and the advice fits what was written.

use serde_json::json;

use super::refusals::{bare, edit, pretty, problems};

#[test]
fn text_printed_on_one_line_refuses_line_breaks_and_control_characters() {
    let v = edit(|v| v["name"] = json!("Night\nfake.json:1:1: ok"));
    assert_eq!(
        bare(&v),
        vec![
            r#"name: "Night\nfake.json:1:1: ok": a line break in text that is printed on one line: write it on one line, with spaces"#
        ]
    );
    let v = edit(|v| v["units"][0]["name"] = json!("Section\u{1b}[2J"));
    assert_eq!(
        bare(&v),
        vec![
            r#"units[0].name: "Section\u{1b}[2J": a control character in text that is printed on one line: write it on one line, with spaces"#
        ]
    );
    // Text of several lines keeps them: a brief may be written in paragraphs.
    let v = edit(|v| v["brief"] = json!("First paragraph.\n\nSecond\tparagraph."));
    assert_eq!(problems(&pretty(&v)), Vec::<String>::new());
    // A value quoted in any message stays on its line.
    let v = edit(|v| v["scale"] = json!("15mm\nfake.json:1:1: all good"));
    let said = problems(&pretty(&v));
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(!said[0].contains('\n'), "{said:?}");
    assert!(
        said[0].contains(r#""15mm\nfake.json:1:1: all good""#),
        "{said:?}"
    );
}

#[test]
fn one_line_text_refuses_c1_controls_and_the_unicode_line_separators() {
    // NEL and the line and paragraph separators break a line as a line feed does; CSI (U+009B)
    // starts a terminal sequence as ESC [ does.
    for (c, breaker) in [
        ('\u{85}', "a line break"),
        ('\u{2028}', "a line break"),
        ('\u{2029}', "a line break"),
        ('\u{9b}', "a control character"),
        ('\u{80}', "a control character"),
        ('\u{9f}', "a control character"),
    ] {
        let v = edit(|v| v["units"][0]["name"] = json!(format!("Sec{c}tion")));
        let said = bare(&v);
        assert_eq!(said.len(), 1, "{c:?}: {said:?}");
        let escaped = format!("\\u{{{:x}}}", u32::from(c));
        assert_eq!(
            said[0],
            format!(
                r#"units[0].name: "Sec{escaped}tion": {breaker} in text that is printed on one line: write it on one line, with spaces"#
            ),
            "{c:?}"
        );
        // A label is held to the same rule.
        let v = edit(|v| v["victory"][0]["label"] = json!(format!("Cache {c}searched")));
        assert_eq!(bare(&v).len(), 1, "{c:?}");
    }
    // The characters just past the C1 block are letters and stay allowed.
    let v = edit(|v| v["units"][0]["name"] = json!("Section \u{a0}é"));
    assert_eq!(bare(&v), Vec::<String>::new());
}

#[test]
fn a_field_name_of_a_megabyte_is_echoed_cut_with_its_length() {
    let huge = "k".repeat(1 << 20);
    let deep = format!("x{}\ny", "q".repeat(200_000));
    for (v, length) in [
        (edit(|v| v["zz"] = json!(1)), None),
        (edit(|v| v[huge.as_str()] = json!(1)), Some("1,048,576")),
        (
            edit(|v| v["units"][0][deep.as_str()] = json!("x")),
            Some("200,003"),
        ),
    ] {
        let said = problems(&pretty(&v));
        assert_eq!(
            said.len(),
            1,
            "{:?}",
            said.iter().map(|s| &s[..80]).collect::<Vec<_>>()
        );
        // The longest part is the list of the fields the format knows there, which the
        // format bounds (23 names at the top).
        assert!(
            said[0].len() < 700,
            "{} characters: {}",
            said[0].len(),
            &said[0][..700.min(said[0].len())]
        );
        assert!(!said[0].contains('\n'), "{}", said[0]);
        assert!(said[0].contains("unknown field"), "{}", said[0]);
        if let Some(length) = length {
            assert!(
                said[0].contains(&format!("…({length} characters)")),
                "{}",
                said[0]
            );
        }
    }
}

#[test]
fn a_wrong_value_is_reported_once_not_echoed_by_what_stood_in_for_it() {
    // A unit id written as a number: the leader attached to it is not told the unit is gone,
    // nor shown the text that stood in for it.
    let v = edit(|v| v["units"][0]["id"] = json!(5));
    let said = bare(&v);
    assert_eq!(
        said,
        vec!["units[0].id: 5: expected text in quotes, not blank"]
    );
    // A leader's unit written across two lines: no "required for a leader who is not
    // attached" for its other fields.
    let v = edit(|v| v["leaders"][0]["attached_to"] = json!("section\n-1"));
    let said = bare(&v);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("leaders[0].attached_to: "), "{said:?}");
    // A problem of its own in the same list is still listed.
    let v = edit(|v| {
        v["units"][0]["id"] = json!(5);
        v["units"][1]["tq"] = json!("d7");
    });
    let said = bare(&v);
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[1].starts_with("units[1].tq: "), "{said:?}");
}

#[test]
fn the_advice_fits_what_was_written() {
    // "once" belongs to a manual item, not to a place held.
    let v = edit(|v| {
        v["victory"][0]["trigger"] =
            json!({"kind": "place_held", "place": "the mosque", "once": true})
    });
    assert_eq!(
        bare(&v),
        vec![
            r#"victory[0].trigger.once: unknown field "once": another "kind" of this object takes it, not this one"#
        ]
    );
    // A turn limit in dice: what to write, or what cannot be.
    for (written, advice) in [
        ("6 + 1D3", r#"write "6+1d3""#),
        ("6+1d7", "the dice are d3 (a d6 halved) or d6"),
        ("6+0d3", r#"roll 1 to 4 dice: "6+1d3", "4+2d6""#),
        (
            "1000+9d6",
            "the turns before the dice are a number from 1 to 99",
        ),
        (
            "6d3",
            r#"write the turns the game is sure to have, a plus, then the dice: "6+1d3""#,
        ),
    ] {
        let v = edit(|v| {
            v["version"] = json!(3);
            v["turn_limit"] = json!(written);
        });
        let said = bare(&v);
        assert_eq!(said.len(), 1, "{written}: {said:?}");
        assert!(
            said[0].ends_with(&format!("; {advice}")),
            "{written}: {said:?}"
        );
    }
}

#[test]
fn two_events_of_one_turn_setting_one_thing_two_ways_are_refused() {
    let v = edit(|v| {
        v["version"] = json!(3);
        v["events"] = json!([
            {"turn": 3, "kind": "insurgency_level", "level": 3},
            {"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": false},
            {"turn": 3, "kind": "insurgency_level", "level": 3},
            {"turn": 4, "kind": "insurgency_level", "level": 5},
            {"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": true},
            {"turn": 3, "kind": "insurgency_level", "level": 5}
        ]);
    });
    assert_eq!(
        bare(&v),
        vec![
            "events[4]: turn 3: events[1] already sets Hot Spot 2 as this turn begins, to another value: keep one of the two",
            "events[5]: turn 3: events[0] already sets the Insurgency Level as this turn begins, to another value: keep one of the two",
        ]
    );
}

#[test]
fn a_file_that_is_not_utf8_is_placed_as_editors_read_it() {
    let mut bytes = pretty(&edit(|_| {})).into_bytes();
    let at = bytes
        .windows(5)
        .position(|w| w == b"Night")
        .expect("the name");
    bytes[at] = 0xff;
    let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let column = at
        - bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1)
        + 1;
    let error = ambush_core::scenario::check::load_bytes(&bytes).expect_err("refused");
    // LINE:COLUMN: first, as every other problem, so `validate` prints FILE:LINE:COLUMN:.
    assert_eq!(
        error.to_string(),
        format!("{line}:{column}: the file is not UTF-8 text here; save it again as UTF-8")
    );
}

#[test]
fn set_ups_the_events_make_hopeless_are_refused_as_the_file_writes_them() {
    // Every Hot Spot neutralized by events on turn 2, none waking later.
    let v = edit(|v| {
        v["version"] = json!(3);
        let spots: Vec<u32> = v["hot_spots"]
            .as_array()
            .expect("spots")
            .iter()
            .filter_map(|h| h["number"].as_u64().map(|n| n as u32))
            .collect();
        v["events"] = spots
            .iter()
            .map(|n| json!({"turn": 2, "kind": "hot_spot", "hot_spot": n, "active": false}))
            .collect();
    });
    assert_eq!(
        bare(&v),
        vec![
            r#"hot_spots: every Hot Spot is neutralized by turn 2, as the events leave them, and none wakes later: every reinforcement would be lost; drop one of the events that neutralize them, or add an event that wakes it ("kind": "hot_spot", "active": true)"#
        ]
    );
    // An ambush at a spot an event neutralizes for good by the turn it may come.
    let v = edit(|v| {
        v["version"] = json!(3);
        v["events"] = json!([
            {"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": false}
        ]);
        v["units"][4]["ambush"] = json!({"from_turn": 4, "arrives_at": {"hot_spot": 2}});
    });
    assert_eq!(
        bare(&v),
        vec![
            r#"units[4].ambush.arrives_at.hot_spot: Hot Spot 2 is neutralized for good by events[0], so the unit could only be lost there: name an active spot, write "hot_spot" for a rolled one, or add an event that wakes it ("kind": "hot_spot", "active": true)"#
        ]
    );
    // Coming before the event, or woken again after it, it can arrive: no problem.
    for (from_turn, events) in [
        (
            2,
            json!([{"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": false}]),
        ),
        (
            4,
            json!([
                {"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": false},
                {"turn": 5, "kind": "hot_spot", "hot_spot": 2, "active": true}
            ]),
        ),
    ] {
        let v = edit(|v| {
            v["version"] = json!(3);
            v["events"] = events.clone();
            v["units"][4]["ambush"] =
                json!({"from_turn": from_turn, "arrives_at": {"hot_spot": 2}});
        });
        assert_eq!(bare(&v), Vec::<String>::new(), "{events}");
    }
}

#[test]
fn nesting_too_deep_and_half_characters_are_said_in_words() {
    let deep = format!("{{\"brief\": {}{}}}", "[".repeat(200), "]".repeat(200));
    let said = problems(&deep);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].contains("nested more than 128 deep") && !said[0].contains("recursion"),
        "{said:?}"
    );
    let text = pretty(&edit(|v| v["name"] = json!("HALF"))).replace("HALF", "\\ud800");
    let said = problems(&text);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].contains("a \\u escape that is not a whole character"),
        "{said:?}"
    );
}
