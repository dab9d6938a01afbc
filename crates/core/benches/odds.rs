//! Exact fire-combat odds: 10d12 against 10d12 must compute in under 20 µs.

use ambush_core::dice::Die;
use ambush_core::odds;

fn main() {
    divan::main();
}

#[divan::bench]
fn hits_10d12_vs_10d12() -> f64 {
    let attack = [Die::D12; 10];
    let defense = [Die::D12; 10];
    odds::hits(divan::black_box(&attack), divan::black_box(&defense), 4).mean()
}

#[divan::bench]
fn hits_10d12_vs_10d12_beyond_range() -> f64 {
    let attack = [Die::D12; 10];
    let defense = [Die::D12; 10];
    odds::hits(divan::black_box(&attack), divan::black_box(&defense), 7).mean()
}

#[divan::bench]
fn hits_7d8_vs_5d6() -> f64 {
    let attack = [Die::D8; 7];
    let defense = [Die::D6; 5];
    odds::hits(divan::black_box(&attack), divan::black_box(&defense), 4).mean()
}

#[divan::bench]
fn hits_mixed_1d8_6d6_vs_6d8() -> f64 {
    let attack = [
        Die::D8,
        Die::D6,
        Die::D6,
        Die::D6,
        Die::D6,
        Die::D6,
        Die::D6,
    ];
    let defense = [Die::D8; 6];
    odds::hits(divan::black_box(&attack), divan::black_box(&defense), 4).mean()
}
