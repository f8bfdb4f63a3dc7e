//! The finders' radius search over 100,000 stored places: farms and trails
//! (lines of 20 to 200 points) placed around US ZIP centres, as dense as the
//! ZIPs are, then searches a person would make (a ZIP's centre, 10, 25 or
//! 50 miles). Prints the p50 and p99 of one search (target: p99 <= 5 ms).

use manna_server::places::osm::{self, Located, Tags};
use manna_server::places::stored;
use manna_server::places::zips;
use manna_server::store::Store;
use std::time::Instant;

/// A small deterministic generator (xorshift), so every run measures the same places.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn unit(&mut self) -> f64 {
        (self.next() % 1_000_000) as f64 / 1_000_000.0
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let store = Store::open_memory().expect("store");
    let centres = zips::all();
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let mut places: Vec<Located> = Vec::with_capacity(100_000);
    for i in 0..100_000_i64 {
        let z = &centres[(rng.next() % centres.len() as u64) as usize];
        let (lat, lon) = (
            z.latitude + (rng.unit() - 0.5) * 0.3,
            z.longitude + (rng.unit() - 0.5) * 0.3,
        );
        let mut tags = Tags::new();
        tags.insert("name".into(), format!("Place {i}"));
        if i % 2 == 0 {
            tags.insert("shop".into(), "farm".into());
            places.extend(osm::farm("node", i, &tags, (lat, lon)).map(|f| (f, vec![(lat, lon)])));
        } else {
            tags.insert("highway".into(), "path".into());
            let n = 20 + (rng.next() % 181) as usize;
            let line: Vec<(f64, f64)> = (0..n)
                .map(|k| (lat + k as f64 * 0.0004, lon + k as f64 * 0.0003))
                .collect();
            places.extend(osm::trail("way", i, &tags, &[line]));
        }
    }
    let t = Instant::now();
    store
        .replace_places(
            "import:bench.osm.pbf",
            stored::rows(&places),
            Some("bench".into()),
            None,
            0,
        )
        .await
        .expect("saved");
    println!(
        "stored {} places in {:.1} s",
        places.len(),
        t.elapsed().as_secs_f64()
    );

    let mut times = Vec::new();
    let mut found = 0usize;
    for q in 0..2_000 {
        let z = &centres[(rng.next() % centres.len() as u64) as usize];
        let radius = [10.0, 25.0, 25.0, 50.0][q % 4];
        let kind = if q % 2 == 0 {
            osm::PlaceKind::Farm
        } else {
            osm::PlaceKind::Trail
        };
        let t = Instant::now();
        let (near, _) = stored::near(&store, kind, (z.latitude, z.longitude), radius)
            .await
            .expect("search");
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        found += near.len();
    }
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    let (p50, p99) = (at(0.50), at(0.99));
    println!(
        "radius search over 100,000 places: {} searches, {:.1} places found on average, p50 {p50:.2} ms, p99 {p99:.2} ms (target p99 <= 5 ms)",
        times.len(),
        found as f64 / times.len() as f64
    );
    if p99 > 5.0 {
        eprintln!("above the target");
        std::process::exit(1);
    }
}
