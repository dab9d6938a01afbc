//! Scenario files: the built-in scenario, every kind of problem, the validator and the schema.

use crate::common;

use std::collections::BTreeMap;

use ambush_core::scenario::check::{self, ScenarioError};
use ambush_core::scenario::{Scenario, builtin};
use serde_json::{Value, json};

fn builtin_value() -> Value {
    serde_json::from_str(builtin::CONTRACTING_TROUBLE).expect("the shipped file is JSON")
}

fn problems_of(value: &Value) -> Vec<String> {
    let bytes = serde_json::to_vec_pretty(value).expect("serializes");
    match check::load_bytes(&bytes) {
        Ok(_) => Vec::new(),
        // The problems alone: a refused file's warnings are tested on their own.
        Err(ScenarioError::Invalid(problems)) => problems
            .iter()
            .filter(|p| !p.warning)
            .map(ToString::to_string)
            .collect(),
        Err(other) => vec![other.to_string()],
    }
}

fn assert_problem(value: &Value, expected: &str) {
    let problems = problems_of(value);
    assert!(
        problems.iter().any(|p| p.contains(expected)),
        "expected a problem containing {expected:?}, got {problems:?}"
    );
}

/// Side, TQ, Morale, Optimum Range, armor, non-combatant, figures.
type Essentials = (String, String, String, u32, u8, bool, Vec<String>);

/// What matters to the game about each unit, by its id.
fn essentials(s: &Scenario) -> BTreeMap<String, Essentials> {
    s.units
        .iter()
        .map(|u| {
            let mut figures: Vec<String> = u
                .figures
                .iter()
                .map(|f| {
                    format!(
                        "{:?}/{}/{:?}",
                        f.weapon,
                        f.tq.unwrap_or(u.profile.tq),
                        f.tag
                    )
                })
                .collect();
            figures.sort();
            (
                u.id.clone(),
                (
                    format!("{:?}", u.side),
                    u.profile.tq.to_string(),
                    u.profile.morale.to_string(),
                    u.profile.optimum_range,
                    u.profile.armor,
                    u.non_combatant,
                    figures,
                ),
            )
        })
        .collect()
}

#[test]
fn the_built_in_scenario_is_complete() {
    let loaded = builtin::contracting_trouble().expect("the shipped scenario is valid");
    let file = loaded.scenario;
    let code = common::contracting_trouble();
    // Same forces, figure for figure (the leaders of the file are units or figures in units).
    let mut from_code = essentials(&code);
    // In code the Corporal's unit is called by its role; in the file it is the same id.
    assert_eq!(essentials(&file).len(), from_code.len());
    for (id, unit) in essentials(&file) {
        let Some(expected) = from_code.remove(&id) else {
            panic!("unit {id} is not in the booklet's forces")
        };
        // The code-built scenario gives leaders no TQ of their own on the Regular side.
        assert_eq!(unit.0, expected.0, "{id} side");
        assert_eq!(
            (&unit.1, &unit.2, unit.3, unit.4, unit.5),
            (&expected.1, &expected.2, expected.3, expected.4, expected.5),
            "{id}"
        );
        assert_eq!(unit.6, expected.6, "{id} figures");
    }
    assert_eq!(file.reinforcements, code.reinforcements, "the 2d6 table");
    assert_eq!(file.insurgents, code.insurgents);
    assert_eq!(file.insurgency, code.insurgency);
    assert_eq!(file.hot_spots.len(), 5);
    let victory = |s: &Scenario| {
        s.victory
            .iter()
            .map(|v| (v.id.clone(), v.side, v.points, v.trigger.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(victory(&file), victory(&code));
    // The words are there too.
    assert!(file.brief.len() > 200);
    assert_eq!(file.objectives.len(), 2);
    assert!(file.special_rules.len() >= 4);
    assert!(file.table.contains("2'x2'"));
}

#[test]
fn every_problem_is_reported_with_its_path() {
    let good = builtin_value();
    assert!(problems_of(&good).is_empty());

    let mut v = good.clone();
    v["units"][0]["tq"] = json!("d7");
    assert_problem(
        &v,
        r#"units[0].tq: "d7": expected a die: "d6", "d8", "d10" or "d12""#,
    );

    let mut v = good.clone();
    v["units"][0]["figures"][0]["count"] = json!(0);
    assert_problem(
        &v,
        "units[0].figures[0].count: 0: expected a whole number from 1 to 20",
    );
    v["units"][0]["figures"][0]["count"] = json!(500);
    assert_problem(
        &v,
        "units[0].figures[0].count: 500: expected a whole number from 1 to 20",
    );

    let mut v = good.clone();
    v["reinforcements"][5]["rolls"] = json!([8]);
    assert_problem(
        &v,
        r#"reinforcements[6].rolls[0]: total 8 is already covered by reinforcements[5] ("roll-7")"#,
    );
    assert_problem(&v, "reinforcements: total 7 not covered");

    let mut v = good.clone();
    v["reinforcements"][5]["units"][0]["figures"][0]["count"] = json!("40d6");
    assert_problem(
        &v,
        r#"reinforcements[5].units[0].figures[0].count: "40d6": expected a figure count: a number from 1 to 20 ("3"), dice ("1d6")"#,
    );
    v["reinforcements"][5]["units"][0]["figures"][0]["count"] = json!("1d7+2");
    assert_problem(&v, r#"count: "1d7+2": expected a figure count"#);
    v["reinforcements"][5]["units"][0]["figures"][0]["count"] = json!("lots");
    assert_problem(&v, r#"count: "lots": expected a figure count"#);

    let mut v = good.clone();
    v["units"][1]["id"] = json!("alpha");
    assert_problem(
        &v,
        r#"units[1].id: duplicate id "alpha" (first used at units[0].id)"#,
    );
    let mut v = good.clone();
    v["leaders"][0]["id"] = json!("alpha");
    assert_problem(&v, r#"leaders[0].id: duplicate id "alpha""#);

    let mut v = good.clone();
    v["leaders"][5]["attached_to"] = json!("insurgents-9");
    assert_problem(
        &v,
        r#"leaders[5].attached_to: no unit "insurgents-9" to attach to: did you mean "insurgents-1"?"#,
    );
    v["leaders"][5]["attached_to"] = json!("alpha");
    assert_problem(
        &v,
        r#"leaders[5].attached_to: "alpha" is a Regular unit but the leader is Insurgent"#,
    );

    let mut v = good.clone();
    v["hot_spots"][4]["number"] = json!(1);
    assert_problem(&v, "hot_spots[4].number: Hot Spot 1 is listed twice");
    assert_problem(&v, "hot_spots: Hot Spot 5 missing");

    let mut v = good.clone();
    v["insurgency_level"] = json!(7);
    assert_problem(
        &v,
        r#"insurgency_level: 7: expected a whole number from 1 to 6, or "automatic""#,
    );
    v["insurgency_level"] = json!("sometimes");
    assert_problem(&v, r#"insurgency_level: "sometimes": expected"#);

    let mut v = good.clone();
    v["reinforcements"][1]["units"][0]["figures"][0]["count"] = json!("1d6");
    assert_problem(
        &v,
        r#"reinforcements[1].units[0].figures[0].count: "1d6": RPGs that roll to be AT RPGs need a fixed count"#,
    );

    let mut v = good.clone();
    v["victory"][0]["trigger"]["tag"] = json!("hostage");
    assert_problem(
        &v,
        r#"victory[0].trigger.tag: no figure or leader carries the tag "hostage": the tags are "contractor""#,
    );

    let mut v = good.clone();
    v["version"] = json!(5);
    assert_problem(
        &v,
        "version: 5: this file was written by a newer version of the app; this one reads versions 1 to 4",
    );

    let mut v = good.clone();
    v["units"][0]["ambush"] = json!({"arrives_on": 9});
    assert_problem(
        &v,
        "units[0].ambush.arrives_on: 9: expected a whole number from 1 to 6",
    );
    assert_problem(
        &v,
        "units[0].ambush: only Insurgent units can be held in ambush",
    );

    // Many problems at once are all listed.
    let mut v = good;
    v["units"][0]["tq"] = json!("d7");
    v["units"][1]["morale"] = json!("d3");
    v["turn_limit"] = json!(0);
    assert!(problems_of(&v).len() >= 3, "{:?}", problems_of(&v));
}

/// The problems of a text, each as `LINE:COLUMN: path: message`.
fn listed(text: &str) -> Vec<String> {
    match check::load_bytes(text.as_bytes()) {
        Err(ScenarioError::Invalid(problems)) => problems.iter().map(ToString::to_string).collect(),
        other => panic!("expected the problems of the file, got {other:?}"),
    }
}

/// Enter pressed inside a long brief is the likeliest slip of all: it is placed at the end of
/// the line it breaks, not at the end of the file; a raw tab at its own column; every one of
/// them in one run, with the rest of the file's problems.
#[test]
fn raw_control_characters_in_quoted_text_are_each_placed_where_they_are() {
    let text = "{\n  \"format\": \"ambush-alley-scenario\",\n  \"brief\": \"Hold the\n  street until dawn.\",\n  \"version\": 1\n}\n";
    let found = listed(text);
    let breaks: Vec<&String> = found.iter().filter(|p| p.contains("line break")).collect();
    assert_eq!(breaks.len(), 1, "{found:#?}");
    assert!(
        breaks[0]
            .starts_with("3:21: brief: a line break typed inside text in quotes (Enter pressed)"),
        "{found:#?}"
    );
    // The rest of the file is checked as if a space stood there: what it lacks is said too.
    assert!(
        found.iter().any(|p| p.contains("missing field \"units\"")),
        "{found:#?}"
    );
    // The same slip in a file with CR LF line ends is placed at the same spot, once.
    let crlf = text.replace('\n', "\r\n");
    let found = listed(&crlf);
    let breaks: Vec<&String> = found.iter().filter(|p| p.contains("line break")).collect();
    assert_eq!(breaks.len(), 1, "{found:#?}");
    assert!(breaks[0].starts_with("3:21: brief: "), "{found:#?}");
    // A raw tab keeps its own line and column; a name's and a note's each at theirs.
    let text = "{\n  \"brief\": \"Hold\tthe street\",\n  \"name\": \"Dawn\n\",\n  \"special_rules\": [\"one\", \"two\n\n lines\"]\n}";
    let found = listed(text);
    let raw: Vec<&String> = found
        .iter()
        .filter(|p| p.contains("typed inside"))
        .collect();
    assert_eq!(
        raw.iter()
            .map(|p| p.splitn(4, ':').take(3).collect::<Vec<_>>().join(":"))
            .collect::<Vec<_>>(),
        vec![
            "2:17: brief",
            "3:16: name",
            "5:32: special_rules[1]",
            "6:1: special_rules[1]"
        ],
        "{found:#?}"
    );
    assert!(
        raw[0].contains("a tab typed inside text in quotes"),
        "{raw:?}"
    );
    // Many in one text: the first five, then how many more and where the last is.
    let brief = "word\n".repeat(12);
    let text = format!("{{\n  \"brief\": \"{brief}\"\n}}");
    let found = listed(&text);
    let raw: Vec<&String> = found.iter().filter(|p| p.contains("brief")).collect();
    assert_eq!(raw.len(), 6, "{found:#?}");
    assert!(
        raw[5].ends_with("and 7 more like them in this text, the last at line 13, column 5"),
        "{raw:?}"
    );
    // Another syntax error after them is placed in the text as written.
    let text = "{\n  \"brief\": \"a\nb\",\n  \"name\": \"x\"\n  \"id\": \"y\"\n}";
    let found = listed(text);
    assert!(
        found
            .iter()
            .any(|p| p.starts_with("5:3: ") && p.contains("a comma between two fields")),
        "{found:#?}"
    );
}

#[test]
fn syntax_and_shape_errors_have_a_line_and_column() {
    // A misspelt field is a shape problem, located at its name, with the likely field.
    let text =
        "{\n  \"format\": \"ambush-alley-scenario\",\n  \"version\": 1,\n  \"nmae\": \"x\"\n}";
    let Err(ScenarioError::Invalid(problems)) = check::load_bytes(text.as_bytes()) else {
        panic!("expected problems")
    };
    let nmae = problems
        .iter()
        .find(|p| p.path == "nmae")
        .unwrap_or_else(|| panic!("{problems:?}"));
    assert_eq!(nmae.at, Some((4, 3)));
    assert_eq!(
        nmae.message,
        r#"unknown field "nmae": did you mean "name"?"#
    );
    // The missing fields are listed in the same run.
    assert!(
        problems
            .iter()
            .any(|p| p.message.starts_with(r#"missing field "units""#))
    );

    let Err(ScenarioError::Syntax { line, .. }) = check::load_bytes(b"{\n\"format\": \"x\",,\n}")
    else {
        panic!("expected a syntax error")
    };
    assert_eq!(line, 2);

    let Err(ScenarioError::Invalid(problems)) =
        check::load_bytes(b"{\"units\": [{\"side\": \"martian\"}]}")
    else {
        panic!("expected shape problems")
    };
    let side = problems
        .iter()
        .find(|p| p.path == "units[0].side")
        .unwrap_or_else(|| panic!("{problems:?}"));
    assert_eq!(side.at, Some((1, 21)));
    assert!(
        side.message
            .starts_with(r#""martian": expected "regular" or "insurgent""#),
        "{}",
        side.message
    );
}

#[test]
fn huge_files_are_refused_before_parsing() {
    let dir = common::temp_dir("scenario", "huge");
    let path = dir.join("huge.json");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(check::MAX_SCENARIO_BYTES + 1)
        .expect("sparse file");
    assert!(matches!(
        check::load_path(&path),
        Err(ScenarioError::TooLarge { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_built_in_scenario_is_valid_and_the_solo_variant_holds_ambushes() {
    for (id, name, text) in builtin::ALL {
        let loaded = check::load_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(&loaded.scenario.id, id);
        assert_eq!(&loaded.scenario.name, name);
    }
    let solo = check::load_bytes(builtin::CONTRACTING_TROUBLE_SOLO.as_bytes()).expect("valid");
    let in_ambush: Vec<&str> = solo
        .scenario
        .units
        .iter()
        .filter(|u| u.ambush.is_some())
        .map(|u| u.id.as_str())
        .collect();
    assert_eq!(
        in_ambush,
        vec!["insurgents-3", "insurgents-5", "insurgents-6"]
    );
    assert_eq!(solo.scenario.turn_limit, Some(8));
    // The shipped files on disk are the ones built in.
    let on_disk =
        std::fs::read_to_string(common::repo_path("scenarios/contracting-trouble-solo.json"))
            .expect("file");
    assert_eq!(on_disk, builtin::CONTRACTING_TROUBLE_SOLO);
}
