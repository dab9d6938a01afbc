//! Files bad in bulk: thousands of empty units or leaders, a list of millions of numbers, a
//! million-character id. Each is checked in time proportional to the file, with a few
//! problems of each kind listed and the rest counted, values quoted at a readable length, and
//! nothing built for a file that holds more values than a scenario could.

use std::time::{Duration, Instant};

use ambush_core::scenario::check::{self, MAX_LISTED, MAX_SCENARIO_VALUES, PER_KIND};
use ambush_core::scenario::file::ScenarioFile;
use serde_json::{Value, json};

use super::{edit, night_patrol, problems_of, problems_of_text};

/// A bound against a check that grows faster than the file (which would take minutes), not a
/// speed target: the speed is the benches' (benches/), and this must hold on a loaded
/// 2-core machine running the other test executables beside it, unoptimized.
const DEBUG_BOUND: Duration = Duration::from_secs(60);

fn with_empty(field: &str, n: usize) -> Value {
    edit(&night_patrol(), |v| {
        let list = v[field].as_array_mut().expect("a list");
        list.extend((0..n).map(|_| json!({})));
    })
}

fn timed(value: &Value) -> (Vec<String>, Duration) {
    let text = serde_json::to_string(value).expect("writes");
    let started = Instant::now();
    let problems = problems_of_text(&text);
    (problems, started.elapsed())
}

#[test]
fn twenty_thousand_empty_units_are_checked_at_once_with_the_rest_counted() {
    let (problems, took) = timed(&with_empty("units", 20_000));
    assert!(took < DEBUG_BOUND, "took {took:?}");
    assert!(
        problems.len() <= MAX_LISTED + 1,
        "{} problems",
        problems.len()
    );
    // A few units without an id, then the count of the rest, with the last of them.
    let ids: Vec<&String> = problems
        .iter()
        .filter(|p| p.contains("].id: missing field \"id\""))
        .collect();
    assert_eq!(ids.len(), PER_KIND, "{problems:#?}");
    let rest = problems
        .iter()
        .find(|p| p.contains(".id: and 19,995 more like it, the last at units["))
        .unwrap_or_else(|| panic!("no count of the rest: {problems:#?}"));
    assert!(rest.contains("(line 1, column"), "{rest}");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("a scenario has at most 200")),
        "{problems:#?}"
    );
}

#[test]
fn twenty_thousand_empty_leaders_are_checked_at_once() {
    let (problems, took) = timed(&with_empty("leaders", 20_000));
    assert!(took < DEBUG_BOUND, "took {took:?}");
    assert!(
        problems.len() <= MAX_LISTED + 1,
        "{} problems",
        problems.len()
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("more like it, the last at leaders[")),
        "{problems:#?}"
    );
}

/// A scenario inside a saved game is read as its types, without the schema: its checks are
/// linear too, with leaders attached to units found by id, not by a search of every unit.
#[test]
fn twenty_thousand_units_and_leaders_of_a_saved_game_are_checked_at_once() {
    let mut file: ScenarioFile =
        serde_json::from_value(night_patrol()).expect("Night Patrol reads");
    let unit = file.units[0].clone();
    let leader = file.leaders[0].clone();
    for i in 0..20_000 {
        let mut u = unit.clone();
        u.id = format!("unit-{i}");
        file.units.push(u);
        let mut l = leader.clone();
        l.id = format!("leader-{i}");
        // Half attached to a unit, half to none that exists.
        l.attached_to = Some(if i % 2 == 0 {
            format!("unit-{i}")
        } else {
            format!("nobody-{i}")
        });
        file.leaders.push(l);
    }
    let started = Instant::now();
    let (scenario, problems) = check::check_file(&file);
    let took = started.elapsed();
    assert!(took < DEBUG_BOUND, "took {took:?}");
    assert!(scenario.is_none());
    let unknown = problems
        .iter()
        .find(|p| p.message.starts_with("no unit \"nobody-1\" to attach to"))
        .unwrap_or_else(|| panic!("{:#?}", &problems[..10]));
    // The units are listed a dozen at most, with how many more there are.
    assert!(unknown.message.len() < 600, "{}", unknown.message);
    assert!(unknown.message.contains("more"), "{}", unknown.message);
}

#[test]
fn a_million_character_id_is_quoted_cut_with_its_length() {
    let long = "x".repeat(1_000_000);
    let value = edit(&night_patrol(), |v| {
        v["units"][1]["id"] = json!(long.clone());
        v["units"][2]["id"] = json!(long.clone());
        v["leaders"][0]["attached_to"] = json!(format!("{long}\u{1b}[2J"));
    });
    let problems = problems_of(&value);
    let all: usize = problems.iter().map(String::len).sum();
    assert!(
        all < 2_000,
        "{all} bytes of problems: {:?}",
        &problems[0][..200]
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("duplicate id \"xxxx") && p.contains("…\" (1,000,000 characters)")),
        "{problems:#?}"
    );
    assert!(
        problems.iter().all(|p| !p.contains('\u{1b}')),
        "{problems:#?}"
    );
}

#[test]
fn a_file_of_more_values_than_a_scenario_holds_is_refused_at_its_longest_list() {
    let ones = vec!["1"; 4_000_000].join(",");
    let text = serde_json::to_string(&edit(&night_patrol(), |v| {
        v["special_rules"] = Value::Null;
    }))
    .expect("writes")
    .replacen(
        "\"special_rules\":null",
        &format!("\"special_rules\":[{ones}]"),
        1,
    );
    let started = Instant::now();
    let problems = problems_of_text(&text);
    assert!(
        started.elapsed() < DEBUG_BOUND,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("1:")
            && problems[0]
                .contains("special_rules: a list of 4,000,000 entries: the file holds 4,000,"),
        "{problems:?}"
    );
    assert!(
        problems[0].contains(&ambush_core::text::thousands(MAX_SCENARIO_VALUES as u64)),
        "{problems:?}"
    );
    // A file that is one long list is said to be a list without being built.
    let list = format!("[{ones}]");
    let started = Instant::now();
    let problems = problems_of_text(&list);
    assert!(
        started.elapsed() < DEBUG_BOUND,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("the file holds a list [ … ]"),
        "{problems:?}"
    );
}

#[test]
fn a_second_byte_order_mark_is_named() {
    let text = format!(
        "\u{feff}\u{feff}{}",
        serde_json::to_string(&night_patrol()).expect("writes")
    );
    let problems = problems_of_text(&text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("2 UTF-8 byte-order marks"),
        "{problems:?}"
    );
}

/// A long list is checked an entry at a time: a fault in its hundredth entry is told just as
/// it is in its second, at its own line and column, with the whole file's other problems.
#[test]
fn a_fault_deep_in_a_long_list_is_told_as_in_a_short_one() {
    let broken = |at: usize| {
        edit(&night_patrol(), |v| {
            let units = v["units"].as_array_mut().expect("a list");
            let mut unit = units[0].clone();
            unit["name"] = json!(5);
            unit.as_object_mut().expect("a unit").remove("side");
            unit["wrong_key"] = json!(true);
            let copies: Vec<Value> = (0..at)
                .map(|i| {
                    let mut copy = units[0].clone();
                    copy["id"] = json!(format!("copy-{i}"));
                    copy
                })
                .collect();
            units.splice(1.., copies);
            units.push(unit);
            v["brief"] = json!(7);
        })
    };
    let words = |at: usize| {
        let problems = problems_of(&broken(at));
        assert!(!problems.is_empty());
        problems
            .iter()
            .map(|p| {
                // Line numbers differ with the copies before the fault: keep the rest.
                let bare = p.split_once(": ").map_or(p.as_str(), |(_, rest)| rest);
                bare.replace(&format!("units[{}]", at + 1), "units[N]")
            })
            .collect::<std::collections::BTreeSet<String>>()
    };
    let short = words(1);
    let long = words(150);
    assert_eq!(long, short);
    for expected in [
        "units[N].name",
        "units[N].side",
        "units[N].wrong_key",
        "brief",
    ] {
        assert!(
            long.iter().any(|p| p.starts_with(expected)),
            "{expected}: {long:#?}"
        );
    }
    // Where it is: the line of the hundred-and-fiftieth copy's name.
    let text = serde_json::to_string_pretty(&broken(150)).expect("writes");
    let line = text
        .lines()
        .position(|l| l.contains("\"name\": 5"))
        .expect("the name")
        + 1;
    let problems = super::problems_of_text(&text);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with(&format!("{line}:")) && p.contains("units[151].name")),
        "line {line}: {problems:#?}"
    );
}
