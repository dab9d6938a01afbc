//! Values: dice written the way authors write them, counts within the documented limits, and
//! what belongs where a wrong value stands.

use serde_json::{Value, json};

use super::{assert_only, edit, night_patrol, problems_of};

#[test]
fn dice_written_the_way_authors_write_them_are_named_with_the_fix() {
    let good = night_patrol();
    assert!(problems_of(&good).is_empty(), "{:?}", problems_of(&good));
    let die = |written: Value| edit(&good, |v| v["units"][0]["tq"] = written);
    for (written, fix) in [
        (json!("D10"), "d10"),
        (json!("d08"), "d8"),
        (json!("d+8"), "d8"),
        (json!("1d12"), "d12"),
        (json!(10), "d10"),
    ] {
        assert_only(
            &die(written.clone()),
            &format!(
                r#"units[0].tq: {written}: expected a die: "d6", "d8", "d10" or "d12"; write "{fix}""#
            ),
        );
    }
    // No fix to offer for a die the game does not use.
    assert_only(
        &die(json!("d7")),
        r#"units[0].tq: "d7": expected a die: "d6", "d8", "d10" or "d12""#,
    );
}

#[test]
fn counts_follow_the_documented_limits() {
    let good = night_patrol();
    let count = |c: Value| edit(&good, |v| v["units"][0]["figures"][0]["count"] = c);
    for bad in [json!(21), json!(25), json!(0), json!(-1), json!(2.5)] {
        assert_only(
            &count(bad.clone()),
            &format!("units[0].figures[0].count: {bad}: expected a whole number from 1 to 20"),
        );
    }
    assert!(problems_of(&count(json!(20))).is_empty());
    let rolled = |c: &str| {
        edit(&good, |v| {
            v["reinforcements"][1]["units"][0]["figures"][0]["count"] = json!(c);
        })
    };
    // Written another way than the format's: the same count as it writes it.
    for (bad, fix) in [
        ("1d6 + 1", "1d6+1"),
        ("1D6", "1d6"),
        ("D6", "1d6"),
        ("2D6+2", "2d6+2"),
    ] {
        assert_only(
            &rolled(bad),
            &format!(
                r#"reinforcements[1].units[0].figures[0].count: "{bad}": expected a figure count: a number from 1 to 20 ("3"), dice ("1d6") or dice plus a number ("1d6+2"), with no spaces; write "{fix}""#
            ),
        );
    }
    for bad in ["40d6", "lots", "1d7+2", "1d6+21"] {
        assert_only(
            &rolled(bad),
            &format!(
                r#"reinforcements[1].units[0].figures[0].count: "{bad}": expected a figure count: a number from 1 to 20 ("3"), dice ("1d6") or dice plus a number ("1d6+2"), with no spaces"#
            ),
        );
    }
    for ok in ["1d6+1", "4d6+20", "2d6", "20"] {
        assert!(problems_of(&rolled(ok)).is_empty(), "{ok}");
    }
    // A unit of 20 + 20 + 10 figures is at the limit; its leaders take it past.
    let big = edit(&good, |v| {
        v["units"][0]["figures"] = json!([
            { "name": "Rifleman", "weapon": "rifle", "count": 20 },
            { "name": "Rifleman", "weapon": "rifle", "count": 20 },
            { "name": "Gunner", "weapon": "light_support", "count": 10 }
        ]);
    });
    assert_only(
        &big,
        "units[0].figures: 51 figures with 1 leader attached: a unit has at most 50",
    );
}

#[test]
fn wrong_values_say_what_belongs_there() {
    let good = night_patrol();
    assert_only(
        &edit(&good, |v| v["units"][3]["side"] = Value::Null),
        r#"units[3].side: null: expected "regular" or "insurgent""#,
    );
    assert_only(
        &edit(&good, |v| v["units"][0]["figures"][0]["weapon"] = json!(3)),
        r#"units[0].figures[0].weapon: 3: expected one of "rifle", "light_support", "medium_support", "at_rpg", "leader", "dependant""#,
    );
    assert_only(
        &edit(&good, |v| v["scale"] = json!(15)),
        r#"scale: 15: expected "15mm" or "28mm"; write "15mm""#,
    );
    assert_only(
        &edit(&good, |v| {
            v["victory"][0]["trigger"] = json!({"kind": "held"})
        }),
        r#"victory[0].trigger.kind: "held": expected one of {"kind": "manual"}, {"kind": "regular_wounded"}, {"kind": "regulars_killed"}, {"kind": "insurgent_casualties"}, {"kind": "place_held"}, {"kind": "escorted_off"}, {"kind": "held_at_end"}"#,
    );
    assert_only(
        &edit(&good, |v| {
            v["victory"][0]["trigger"] = json!({"kind": "place_held"})
        }),
        r#"victory[0].trigger.place: missing field "place" (The place, in words): expected text in quotes, not blank"#,
    );
    // An empty list of units, and the leaders attached to units no longer there, with no
    // empty "units are" list.
    let problems = problems_of(&edit(&good, |v| v["units"] = json!([])));
    assert!(
        problems
            .iter()
            .any(|p| p.ends_with("units: the list is empty: expected at least 1 entry")),
        "{problems:?}"
    );
    assert!(
        problems.iter().all(|p| !p.contains("units are :")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.ends_with("there is no Regular unit to attach to")),
        "{problems:?}"
    );
}

#[test]
fn a_scale_by_the_size_of_its_figures_names_the_scale_it_plays_at() {
    let good = night_patrol();
    let scale = |written: Value| edit(&good, |v| v["scale"] = written);
    let expected = r#""15mm" or "28mm""#;
    for (written, advice) in [
        (
            json!("25mm"),
            r#"25mm figures play at the 28mm scale (the booklet's distances one and a half times): write "28mm""#,
        ),
        (
            json!("32mm"),
            r#"32mm figures play at the 28mm scale (the booklet's distances one and a half times): write "28mm""#,
        ),
        (
            json!("18mm"),
            r#"18mm figures play at the 15mm scale (the booklet's distances as written): write "15mm""#,
        ),
        (json!(28), r#"write "28mm""#),
        (json!("15 mm"), r#"write "15mm""#),
    ] {
        assert_only(
            &scale(written.clone()),
            &format!("scale: {written}: expected {expected}; {advice}"),
        );
    }
    // No size the app could place: the two scales, and no guess.
    assert_only(
        &scale(json!("54mm")),
        &format!(r#"scale: "54mm": expected {expected}"#),
    );
}
