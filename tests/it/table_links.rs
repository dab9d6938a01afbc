//! The table's links on the desk: each QR code encoded once, and the seats' tokens kept beside
//! the autosave for that game only.

use ambush_alley::ui::phones_qr::{MARGIN, QrCodes};
use ambush_alley::ui::table_keys::{FILE, forget_unless, identity, keep, kept};
use ambush_phones::{PhoneSeat, Tokens};

#[test]
fn each_link_is_encoded_once_and_another_links_code_replaces_it() {
    let ctx = egui::Context::default();
    let mut codes = QrCodes::default();
    let link = "http://192.168.1.23:7878/s/0123456789abcdef0123456789abcdef/";
    for _ in 0..100 {
        let texture = codes.texture(&ctx, link).map(|t| t.size());
        // Version 4 or more: 33 modules and more, with the quiet margin.
        assert!(texture.is_some_and(|[w, h]| w == h && w >= 33 + 2 * MARGIN));
    }
    assert_eq!(codes.encoded, 1);
    codes.keep_only(&["http://10.0.0.2:7878/s/x/"]);
    assert_eq!(codes.held(), 0);
    let _ = codes.texture(&ctx, link);
    assert_eq!(codes.encoded, 2);
}

#[test]
fn tokens_come_back_for_the_same_autosave_file_only_and_are_forgotten_for_another() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let autosave = dir.path().join("autosave.jsonl");
    std::fs::write(&autosave, "header\n").unwrap_or_else(|e| panic!("{e}"));
    let game = identity(&autosave).unwrap_or_else(|| panic!("no identity"));
    let tokens = Tokens::draw(false);
    keep(dir.path(), &game, &tokens).unwrap_or_else(|e| panic!("{e}"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(dir.path().join(FILE))
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or(0);
        assert_eq!(mode, 0o600, "the tokens are this user's alone");
    }
    // Appending to the game keeps it the same file.
    std::fs::write(&autosave, "header\nevent\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(identity(&autosave).as_deref(), Some(game.as_str()));
    let back = kept(dir.path(), &game).unwrap_or_else(|| panic!("kept"));
    assert_eq!(back.of(PhoneSeat::Table), tokens.of(PhoneSeat::Table));
    forget_unless(dir.path(), Some(&game)).unwrap_or_else(|e| panic!("{e}"));
    assert!(kept(dir.path(), &game).is_some(), "this game's are kept");
    // Another game renamed over the autosave: another file, and the tokens are not its.
    let new = dir.path().join("new.jsonl");
    std::fs::write(&new, "header\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::rename(&new, &autosave).unwrap_or_else(|e| panic!("{e}"));
    let other = identity(&autosave).unwrap_or_default();
    assert_ne!(other, game);
    assert!(kept(dir.path(), &other).is_none());
    forget_unless(dir.path(), Some(&other)).unwrap_or_else(|e| panic!("{e}"));
    assert!(!dir.path().join(FILE).exists());
    // Nothing to forget is no error.
    forget_unless(dir.path(), None).unwrap_or_else(|e| panic!("{e}"));
}
