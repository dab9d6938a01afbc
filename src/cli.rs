//! Headless commands behind the command line. Each returns the text to print, or an error
//! whose message says what was wrong and what was expected.

use serde::Serialize;

use std::path::Path;

use ambush_core::dice::{Face, parse_faces};
use ambush_core::journal;
use ambush_core::rules::fire::{self, MAX_POOL};
use ambush_core::scenario::check::{self, ScenarioError};

/// A headless command that failed: the message to print and the exit code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CliError {
    /// What went wrong and what was expected.
    pub message: String,
    /// 2 for bad arguments, 1 for inputs (files) that cannot be used.
    pub code: u8,
}

impl CliError {
    /// A bad argument (exit code 2).
    pub fn usage(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            code: 2,
        }
    }

    /// An input that cannot be used (exit code 1).
    pub fn failed(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            code: 1,
        }
    }
}

/// What a command prints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// For standard output.
    pub stdout: String,
    /// For standard error.
    pub stderr: String,
    /// Exit code.
    pub code: u8,
}

/// The largest face the `fire` command accepts (a d12).
const MAX_FACE: Face = 12;

fn faces_arg(name: &str, text: &str) -> Result<Vec<Face>, CliError> {
    let faces = parse_faces(text).map_err(|e| CliError::usage(format!("--{name}: {e}")))?;
    if faces.is_empty() {
        return Err(CliError::usage(format!(
            "--{name}: no faces given; expected faces such as 7,6,5,4"
        )));
    }
    if faces.len() > MAX_POOL {
        return Err(CliError::usage(format!(
            "--{name}: {} faces given; a pool holds at most {MAX_POOL} dice",
            faces.len()
        )));
    }
    if let Some((i, &bad)) = faces
        .iter()
        .enumerate()
        .find(|&(_, &f)| f == 0 || f > MAX_FACE)
    {
        return Err(CliError::usage(format!(
            "--{name}: face {bad} at position {} is not on any die; expected 1 to {MAX_FACE}",
            i + 1
        )));
    }
    Ok(faces)
}

#[derive(Serialize)]
struct BlockJson {
    attack: Face,
    defense: Face,
}

#[derive(Serialize)]
struct FireJson {
    target_number: Face,
    attack_kept: Vec<Face>,
    attack_discarded: Vec<Face>,
    defense_kept: Vec<Face>,
    defense_discarded: Vec<Face>,
    blocks: Vec<BlockJson>,
    unblocked: Vec<Face>,
    casualties: usize,
}

fn list(faces: &[Face]) -> String {
    if faces.is_empty() {
        "none".to_owned()
    } else {
        faces
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The number attacker dice must reach, as typed: 4, or 7 beyond effective range. Anything
/// else (-1, 256, "x") is named and refused.
pub fn parse_target(text: &str) -> Result<Face, CliError> {
    match text.trim() {
        "4" => Ok(4),
        "7" => Ok(7),
        other => Err(CliError::usage(format!(
            "--target {other}: expected 4 (within effective range) or 7 (beyond it)"
        ))),
    }
}

/// A probability as a percentage for print: never below 0 or above 100, never "-0".
fn percent(p: f64) -> f64 {
    (p * 100.0).clamp(0.0, 100.0) + 0.0
}

/// `fire`: resolves one matching of given attacker and defender faces.
pub fn fire(attack: &str, defend: &str, target: &str, json: bool) -> Result<String, CliError> {
    let target = parse_target(target)?;
    let attack = faces_arg("attack", attack)?;
    let defend = faces_arg("defend", defend)?;
    let m = fire::match_dice(&attack, &defend, target);
    let blocks: Vec<BlockJson> = m
        .blocks
        .iter()
        .map(|b| BlockJson {
            attack: m.attack[b.attack],
            defense: m.defense[b.defense],
        })
        .collect();
    let unblocked: Vec<Face> = m.unblocked.iter().map(|&i| m.attack[i]).collect();
    if json {
        let out = FireJson {
            target_number: target,
            attack_kept: m.attack.clone(),
            attack_discarded: m.attack_discarded.clone(),
            defense_kept: m.defense.clone(),
            defense_discarded: m.defense_discarded.clone(),
            blocks,
            unblocked,
            casualties: m.hits(),
        };
        return serde_json::to_string(&out)
            .map(ambush_core::text::json_for_terminal)
            .map_err(|e| CliError::failed(e.to_string()));
    }
    let mut text = String::new();
    text.push_str(&format!(
        "Attacker keeps ({target}+): {}   discarded: {}\n",
        list(&m.attack),
        list(&m.attack_discarded)
    ));
    text.push_str(&format!(
        "Defender keeps (4+): {}   discarded: {}\n",
        list(&m.defense),
        list(&m.defense_discarded)
    ));
    let pairs: Vec<String> = blocks
        .iter()
        .map(|b| format!("{} stopped by {}", b.attack, b.defense))
        .collect();
    text.push_str(&format!(
        "Blocks: {}\n",
        if pairs.is_empty() {
            "none".to_owned()
        } else {
            pairs.join(", ")
        }
    ));
    text.push_str(&format!("Unblocked: {}\n", list(&unblocked)));
    text.push_str(&format!("Casualties: {}\n", m.hits()));
    Ok(text)
}

/// `validate`: checks scenario files. Every problem goes to standard output, one per line, as
/// `FILE:LINE:COLUMN: path.to.field: what is wrong and what to write instead`.
pub fn validate(paths: &[&Path]) -> Output {
    let mut out = Output::default();
    let mut bad = 0;
    for path in paths {
        let shown = path.display();
        match check::load_path(path) {
            Ok(loaded) => {
                // Harmless, but likely not meant: said, and the file is still good (exit 0).
                for w in &loaded.warnings {
                    out.stdout.push_str(&warning_line(&shown.to_string(), w));
                }
                let warned = match loaded.warnings.len() {
                    0 => String::new(),
                    n => format!(", {}", ambush_core::text::plural(n, "warning", "warnings")),
                };
                out.stderr.push_str(&format!(
                    "{shown}: ok — {} ({} units, {} reinforcement rows){warned}\n",
                    ambush_core::text::one_line(&loaded.scenario.name),
                    loaded.scenario.units.len(),
                    loaded.scenario.reinforcements.rows.len()
                ));
            }
            Err(_) if journal::is_journal_file(path) => {
                bad += 1;
                out.stdout.push_str(&format!(
                    "{shown}: this is a saved game (a journal), not a scenario: open it with `ambush-alley play {shown}`, or print it with `ambush-alley report {shown}`\n"
                ));
            }
            Err(error) => {
                bad += 1;
                match error {
                    ScenarioError::Syntax {
                        line,
                        column,
                        message,
                    } => out
                        .stdout
                        .push_str(&format!("{shown}:{line}:{column}: {message}\n")),
                    ScenarioError::Invalid(problems) => {
                        // FILE:LINE:COLUMN: as compilers print it, so editors can jump there.
                        for p in problems {
                            if p.warning {
                                out.stdout.push_str(&warning_line(&shown.to_string(), &p));
                                continue;
                            }
                            let sep = if p.at.is_some() { ":" } else { ": " };
                            out.stdout.push_str(&format!("{shown}{sep}{p}\n"));
                        }
                    }
                    other => out.stdout.push_str(&format!("{shown}: {other}\n")),
                }
            }
        }
    }
    out.stderr.push_str(&format!(
        "{} file(s) checked, {bad} with problems\n",
        paths.len()
    ));
    out.code = u8::from(bad > 0);
    out
}

/// A warning as compilers print one, so editors can jump there and tell it from a problem:
/// `FILE:LINE:COLUMN: warning: path.to.field: what is likely not meant`.
fn warning_line(shown: &str, warning: &check::Problem) -> String {
    let at = warning
        .at
        .map_or(String::new(), |(line, column)| format!(":{line}:{column}"));
    let path = if warning.path.is_empty() {
        String::new()
    } else {
        format!("{}: ", warning.shown_path())
    };
    format!("{shown}{at}: warning: {path}{}\n", warning.message)
}

/// `schema`: the JSON Schema of the scenario format, the one `validate` checks shapes against.
pub fn schema() -> String {
    ambush_core::text::json_for_terminal(
        serde_json::to_string_pretty(check::shape::schema()).unwrap_or_default(),
    )
}

/// `report`: the state of a saved game. A game the rules stopped in, or with a damaged line,
/// is printed as it stood before that line, with a warning naming it, and the exit code is 1.
/// What a solo game's markers hide is told only with `reveal` (or once the game is over).
pub fn report(path: &Path, json: bool, reveal: bool) -> Output {
    let reveal = if reveal {
        ambush_core::report::Reveal::Everything
    } else {
        ambush_core::report::Reveal::AsTheTableKnows
    };
    let loaded = match journal::load_path(path) {
        Ok(loaded) => loaded,
        Err(e) => {
            return Output {
                stderr: format!("error: {}: {e}\n", path.display()),
                code: 1,
                ..Output::default()
            };
        }
    };
    let mut out = Output::default();
    if let Some(damaged) = &loaded.damaged {
        out.stderr = format!("warning: {}: {}\n", path.display(), damaged.words());
        out.code = 1;
    }
    if let Some(refused) = &loaded.refused {
        out.stderr.push_str(&format!(
            "warning: {}: {}\n",
            path.display(),
            refused.words()
        ));
        out.code = 1;
    }
    if let Some(scenario) = loaded.scenario_words() {
        // The game is whole and replayed as played: a warning, the exit code stays.
        out.stderr
            .push_str(&format!("warning: {}: {scenario}\n", path.display()));
    }
    if json {
        let mut value = ambush_core::report::json_with(&loaded.game, reveal);
        if let Some(torn) = &loaded.dropped {
            // Keep standard output one JSON object: the notes go into it.
            value["dropped_line"] = serde_json::json!(torn.line);
        }
        if let Some(refused) = &loaded.refused {
            value["refused_line"] = serde_json::json!(refused.line);
            value["refused_reason"] = serde_json::json!(refused.reason);
        }
        if let Some(damaged) = &loaded.damaged {
            value["damaged_line"] = serde_json::json!(damaged.line);
            value["damaged_reason"] = serde_json::json!(damaged.message);
            value["lines_left_out"] = serde_json::json!(damaged.left_out);
        }
        match serde_json::to_string_pretty(&value) {
            Ok(text) => out.stdout = format!("{}\n", ambush_core::text::json_for_terminal(text)),
            Err(e) => {
                out.stderr.push_str(&format!("error: {e}\n"));
                out.code = 1;
            }
        }
        return out;
    }
    let mut text = ambush_core::report::text_with(&loaded.game, reveal);
    if let Some(torn) = loaded.dropped {
        text.push_str(&format!(
            "\nnote: the last line ({}) was incomplete ({} bytes, a save interrupted by a crash) and was left out\n",
            torn.line, torn.bytes
        ));
    }
    out.stdout = text;
    out
}

/// Reads a pool such as `7d8` or `4d6+1d8` into its dice, best first.
pub fn parse_pool(name: &str, text: &str) -> Result<Vec<ambush_core::dice::Die>, CliError> {
    let bad = |why: String| {
        CliError::usage(format!(
            "--{name} {text:?}: {why}; expected dice such as 7d8 or 4d6+1d8"
        ))
    };
    let mut dice = Vec::new();
    for part in text.split('+') {
        let part = part.trim().to_ascii_lowercase();
        let Some((count, sides)) = part.split_once('d') else {
            return Err(bad(format!("'{part}' is not a number of dice")));
        };
        let count: usize = if count.is_empty() {
            1
        } else if count.starts_with('-') {
            return Err(bad(format!(
                "'{part}' asks for a negative number of dice; a pool holds 1 to {MAX_POOL}"
            )));
        } else {
            count
                .parse()
                .map_err(|_| bad(format!("'{count}' is not a number of dice")))?
        };
        if count == 0 {
            return Err(bad(format!(
                "'{part}' is no dice at all; a pool holds 1 to {MAX_POOL} dice, as `fire` needs at least one face"
            )));
        }
        let die: ambush_core::dice::Die = format!("d{sides}")
            .parse()
            .map_err(|e: ambush_core::dice::UnknownDie| bad(e.to_string()))?;
        if count > MAX_POOL {
            return Err(bad(format!(
                "{count} dice; a pool holds at most {MAX_POOL}"
            )));
        }
        dice.extend(std::iter::repeat_n(die, count));
    }
    if dice.len() > MAX_POOL {
        return Err(bad(format!(
            "{} dice in all; a pool holds at most {MAX_POOL}",
            dice.len()
        )));
    }
    dice.sort_unstable_by(|a, b| b.cmp(a));
    Ok(dice)
}

#[derive(Serialize)]
struct OddsJson {
    attack: String,
    defend: String,
    target_number: Face,
    casualties: Vec<f64>,
    mean: f64,
    at_least_one: f64,
}

/// `odds`: the exact distribution of casualties for two pools.
pub fn odds(attack: &str, defend: &str, target: &str, json: bool) -> Result<String, CliError> {
    let target = parse_target(target)?;
    let attack_dice = parse_pool("attack", attack)?;
    let defense_dice = parse_pool("defend", defend)?;
    let dist = ambush_core::odds::hits(&attack_dice, &defense_dice, target);
    let notation = ambush_core::rules::fire::notation;
    if json {
        let out = OddsJson {
            attack: notation(&attack_dice),
            defend: notation(&defense_dice),
            target_number: target,
            casualties: dist.p.clone(),
            mean: dist.mean(),
            at_least_one: dist.at_least(1),
        };
        return serde_json::to_string(&out)
            .map(ambush_core::text::json_for_terminal)
            .map_err(|e| CliError::failed(e.to_string()));
    }
    let mut text = format!(
        "{} against {}, hits on {target}+\n",
        notation(&attack_dice),
        notation(&defense_dice)
    );
    for (k, p) in dist.p.iter().enumerate() {
        let bar = "#".repeat((p * 50.0).round() as usize);
        text.push_str(&format!(
            "{k:>3} casualties  {:>8.4}%  {bar}\n",
            percent(*p)
        ));
    }
    text.push_str(&format!(
        "Mean {:.3}; at least one casualty {:.2}%\n",
        dist.mean(),
        percent(dist.at_least(1))
    ));
    Ok(text)
}
