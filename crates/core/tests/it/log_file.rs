//! The log file for bug reports stays bounded: past its limit it is set aside once (the one
//! set aside before is replaced) and a new one begun, so the folder never holds more than two.

use crate::common;

use ambush_core::session::{LOG_FILE, LogFile};

#[test]
fn the_log_file_is_set_aside_at_its_bound_and_never_grows_past_two_files() {
    let dir = common::temp_dir("log", "bounded");
    let log = LogFile::new(&dir, 1000);
    for n in 0..200 {
        log.write_line(&format!("line {n:03} of the log, some forty bytes"));
    }
    let now = std::fs::read_to_string(dir.join(LOG_FILE)).expect("the log");
    let before =
        std::fs::read_to_string(dir.join(format!("{LOG_FILE}.1"))).expect("the one set aside");
    assert!(
        now.len() <= 1000 && before.len() <= 1000,
        "{} {}",
        now.len(),
        before.len()
    );
    assert!(
        now.ends_with("line 199 of the log, some forty bytes\n"),
        "{now}"
    );
    assert!(!before.contains("line 000"), "the oldest lines are gone");
    let files = std::fs::read_dir(&dir).expect("the folder").count();
    assert_eq!(files, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_log_record_is_one_line_with_its_time_and_level() {
    let dir = common::temp_dir("log", "record");
    let log = LogFile::new(&dir, 10_000);
    log::Log::log(
        &log,
        &log::Record::builder()
            .level(log::Level::Error)
            .target("phones")
            .args(format_args!("two\nlines \u{1b}[2J"))
            .build(),
    );
    let text = std::fs::read_to_string(dir.join(LOG_FILE)).expect("the log");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains(" ERROR phones: two lines \\u{1b}[2J"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
