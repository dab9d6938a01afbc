//! Shared helpers of the app's tests: the core's builders, the built binary, and the desk in a
//! headless harness (`ui`).
#![allow(dead_code)]

#[path = "../../crates/core/tests/common/mod.rs"]
mod builders;
pub mod ui;

pub use builders::*;

/// Runs the built binary with `args`: its exit code (-1 if killed), stdout and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_ambush-alley"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The name the test harness knows a test by, from the `module_path!()` of its module: the
/// path without the crate's name (`app::crash_child_plays_then_waits`), for running one test of
/// this binary again in a child process.
pub fn test_name(module: &str, name: &str) -> String {
    match module.split_once("::") {
        Some((_, inside)) => format!("{inside}::{name}"),
        None => name.to_owned(),
    }
}
