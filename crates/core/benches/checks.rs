//! Reading scenario files that are bad in bulk: a Night Patrol copy with thousands of empty
//! `{}` units or leaders, and the worst cases of memory under the 10 MiB cap (a list of four
//! million integers where the special rules go, a file that is one big list, 200,000 Hot
//! Spots). Targets: each check linear in the file (20,000 units under 1 s), and the memory held
//! at the peak under 20 × the file and under 200 MB for a 10 MiB file (divan's allocation
//! profiler reports it as "max alloc").
//!
//! `cargo bench -p ambush-core --bench checks`

use ambush_core::scenario::builtin::NIGHT_PATROL;
use ambush_core::scenario::check;
use serde_json::Value;

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

/// Night Patrol with `n` empty objects added to the list `field` (units or leaders).
fn with_empty(field: &str, n: usize) -> Vec<u8> {
    let mut value: Value = serde_json::from_str(NIGHT_PATROL).expect("Night Patrol reads");
    let list = value
        .as_object_mut()
        .expect("an object")
        .entry(field)
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(items) = list {
        items.extend((0..n).map(|_| Value::Object(serde_json::Map::new())));
    }
    serde_json::to_vec(&value).expect("writes")
}

/// Night Patrol with its `field` replaced by raw JSON text.
fn with_raw(field: &str, raw: &str) -> Vec<u8> {
    let mut value: Value = serde_json::from_str(NIGHT_PATROL).expect("Night Patrol reads");
    value[field] = Value::Null;
    let text = serde_json::to_string(&value).expect("writes");
    text.replacen(
        &format!("\"{field}\":null"),
        &format!("\"{field}\":{raw}"),
        1,
    )
    .into_bytes()
}

/// A list of `n` ones: `[1,1,…]`.
fn ones(n: usize) -> String {
    let mut text = String::with_capacity(2 * n + 2);
    text.push('[');
    for i in 0..n {
        if i > 0 {
            text.push(',');
        }
        text.push('1');
    }
    text.push(']');
    text
}

fn refused(bytes: &[u8]) -> usize {
    match check::load_bytes(bytes) {
        Ok(_) => 0,
        Err(check::ScenarioError::Invalid(problems)) => problems.len(),
        Err(_) => 1,
    }
}

/// Empty units added to Night Patrol.
#[divan::bench(args = [1_000, 2_000, 5_000, 10_000, 20_000], sample_count = 3, sample_size = 1)]
fn empty_units(bencher: divan::Bencher, n: usize) {
    let bytes = with_empty("units", n);
    bencher.bench(|| refused(divan::black_box(&bytes)));
}

/// Empty leaders added to Night Patrol.
#[divan::bench(args = [2_000, 20_000], sample_count = 3, sample_size = 1)]
fn empty_leaders(bencher: divan::Bencher, n: usize) {
    let bytes = with_empty("leaders", n);
    bencher.bench(|| refused(divan::black_box(&bytes)));
}

/// The worst case under the 10 MiB cap for the checks: the most problems a value can bring
/// (an empty unit lacks six fields), as many as a scenario may hold, in a file padded to
/// 10 MiB with a long brief.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn worst_case_10_mib(bencher: divan::Bencher) {
    let mut value: Value = serde_json::from_str(NIGHT_PATROL).expect("Night Patrol reads");
    let units = 49_000;
    if let Some(Value::Array(items)) = value.get_mut("units") {
        items.extend((0..units).map(|_| Value::Object(serde_json::Map::new())));
    }
    let base = serde_json::to_vec(&value).expect("writes").len();
    let room = 10 * 1024 * 1024 - base - 64;
    value["brief"] = Value::String("x".repeat(room));
    let bytes = serde_json::to_vec(&value).expect("writes");
    assert!(bytes.len() <= 10 * 1024 * 1024, "{} bytes", bytes.len());
    eprintln!("worst case: {} bytes, {units} empty units", bytes.len());
    bencher.bench(|| refused(divan::black_box(&bytes)));
}

/// The worst cases of memory: each file with its size in bytes.
#[divan::bench(
    args = ["special_rules: 100,000 integers", "special_rules: 4,000,000 integers", "a list of 4,000,000 integers", "200,000 Hot Spots", "10 MiB: 5,200,000 integers"],
    sample_count = 1,
    sample_size = 1
)]
fn memory(bencher: divan::Bencher, case: &str) {
    let bytes = match case {
        "special_rules: 100,000 integers" => with_raw("special_rules", &ones(100_000)),
        "special_rules: 4,000,000 integers" => with_raw("special_rules", &ones(4_000_000)),
        "a list of 4,000,000 integers" => ones(4_000_000).into_bytes(),
        "10 MiB: 5,200,000 integers" => with_raw("special_rules", &ones(5_200_000)),
        _ => {
            let spot = r#"{"number":1,"location":"x"}"#;
            let spots = vec![spot; 200_000].join(",");
            with_raw("hot_spots", &format!("[{spots}]"))
        }
    };
    eprintln!("{case}: {} bytes", bytes.len());
    bencher.bench(|| refused(divan::black_box(&bytes)));
}
