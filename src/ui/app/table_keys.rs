//! A game's links to the table, kept with the game until it is closed: the seats' tokens are
//! written beside the autosave in the data folder (readable by this user alone), named with
//! the autosave file they belong to, and read back when the table opens again for that same
//! file — after the desk restarted and the game was resumed, say — so every phone's page finds
//! its seat again. A new game is a new autosave file: its table draws new tokens, and the kept
//! ones are removed once the game on the desk is another, or closed. The phones' server itself
//! writes nothing.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use ambush_phones::{PhoneSeat, Tokens};

/// The file, in the data folder.
pub const FILE: &str = "table-links.json";

#[derive(Serialize, Deserialize)]
struct Kept {
    /// The autosave file the tokens belong to ([`identity`]).
    game: String,
    /// The tokens, in [`PhoneSeat::ALL`]'s order.
    tokens: [Option<String>; 3],
}

/// What tells one autosave file from another that replaced it at the same path: its device and
/// inode on Unix, and its creation time where the system keeps one. None when the file cannot
/// be looked at, or nothing tells it apart.
pub fn identity(autosave: &Path) -> Option<String> {
    let meta = std::fs::metadata(autosave).ok()?;
    let mut parts: Vec<String> = Vec::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        parts.push(format!("{}.{}", meta.dev(), meta.ino()));
    }
    if let Some(born) = meta
        .created()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
    {
        parts.push(born.as_nanos().to_string());
    }
    (!parts.is_empty()).then(|| parts.join("-"))
}

fn path(folder: &Path) -> PathBuf {
    folder.join(FILE)
}

/// The tokens kept for the game of this autosave file, if there are.
pub fn kept(folder: &Path, game: &str) -> Option<Tokens> {
    let text = std::fs::read_to_string(path(folder)).ok()?;
    let kept: Kept = serde_json::from_str(&text).ok()?;
    (kept.game == game)
        .then(|| Tokens::from_kept(kept.tokens))
        .flatten()
}

/// Keeps a game's tokens, for this user's eyes alone.
pub fn keep(folder: &Path, game: &str, tokens: &Tokens) -> std::io::Result<()> {
    let kept = Kept {
        game: game.to_owned(),
        tokens: PhoneSeat::ALL.map(|seat| tokens.of(seat).map(str::to_owned)),
    };
    let text = serde_json::to_string(&kept).map_err(std::io::Error::other)?;
    let target = path(folder);
    let part = folder.join(format!("{FILE}.part"));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    {
        use std::io::Write as _;
        let mut file = options.open(&part)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
    }
    std::fs::rename(&part, &target)
}

/// Removes the tokens kept, unless they are this game's. A file that was never there is no
/// error.
pub fn forget_unless(folder: &Path, game: Option<&str>) -> std::io::Result<()> {
    if game.is_some_and(|g| kept(folder, g).is_some()) {
        return Ok(());
    }
    match std::fs::remove_file(path(folder)) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}
