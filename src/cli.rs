//! Headless commands behind the command line. Each returns the text to print, or an error
//! whose message says what was wrong and what was expected.

use serde::Serialize;

use crate::dice::{Face, parse_faces};
use crate::rules::fire::{self, MAX_POOL};

/// A command-line input that cannot be used. The binary prints it and exits with code 2.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// The largest face the `fire` command accepts (a d12).
const MAX_FACE: Face = 12;

fn faces_arg(name: &str, text: &str) -> Result<Vec<Face>, UsageError> {
    let faces = parse_faces(text).map_err(|e| UsageError(format!("--{name}: {e}")))?;
    if faces.is_empty() {
        return Err(UsageError(format!(
            "--{name}: no faces given; expected faces such as 7,6,5,4"
        )));
    }
    if faces.len() > MAX_POOL {
        return Err(UsageError(format!(
            "--{name}: {} faces given; a pool holds at most {MAX_POOL} dice",
            faces.len()
        )));
    }
    if let Some((i, &bad)) = faces
        .iter()
        .enumerate()
        .find(|&(_, &f)| f == 0 || f > MAX_FACE)
    {
        return Err(UsageError(format!(
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

/// `fire`: resolves one matching of given attacker and defender faces.
pub fn fire(attack: &str, defend: &str, target: Face, json: bool) -> Result<String, UsageError> {
    if target != 4 && target != 7 {
        return Err(UsageError(format!(
            "--target {target}: expected 4 (within effective range) or 7 (beyond it)"
        )));
    }
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
        return serde_json::to_string(&out).map_err(|e| UsageError(e.to_string()));
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
