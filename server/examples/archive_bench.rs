//! The archive search's speed: the shipped content loaded as the server
//! loads it, then queries a member would type (words, phrases, references,
//! browsing by type and sort) against everything published over a year of
//! days. Prints the p50 and p99 of one search (target: p99 <= 50 ms).

use manna_core::Date;
use manna_core::archive::{ArchiveType, Sort};
use manna_server::content::archive::{ArchiveQuery, search};
use manna_server::content::{load_into_store, read_content_files};
use manna_server::store::Store;
use std::path::Path;
use std::time::Instant;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let store = Store::open_memory().expect("store");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let files = read_content_files(&dir).expect("content");
    let set = load_into_store(&store, &files).await.expect("loaded");
    let texts = [
        "anxiety",
        "Psalm 23",
        "spinach",
        "\"still waters\"",
        "strength",
        "sleep",
        "walk",
        "heart",
        "peace",
        "blueb",
        "prayer",
        "",
        "joy of the lord",
        "fiber",
        "rest",
    ];
    let kinds = [
        None,
        Some(ArchiveType::Bible),
        Some(ArchiveType::Health),
        Some(ArchiveType::Nutrition),
        Some(ArchiveType::Fitness),
    ];
    let sorts = [Sort::Recent, Sort::Oldest, Sort::Alphabetical];
    let start: Date = "2026-01-01".parse().expect("date");
    let mut times = Vec::new();
    let mut found = 0u64;
    for day in 0..365 {
        for (i, text) in texts.iter().enumerate() {
            let q = ArchiveQuery {
                text: (*text).to_string(),
                kind: kinds[(day + i) % kinds.len()],
                sort: sorts[(day + i) % sorts.len()],
                page: 1,
                per_page: 20,
            };
            let t = Instant::now();
            let page = search(&set, &q, start.add_days(day as i64));
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            found += u64::from(page.total);
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "archive search: {} queries over 365 days, {found} items found; p50 {:.2} ms, p99 {:.2} ms (target p99 <= 50 ms)",
        times.len(),
        at(0.5),
        at(0.99)
    );
    if at(0.99) > 50.0 {
        std::process::exit(1);
    }
}
