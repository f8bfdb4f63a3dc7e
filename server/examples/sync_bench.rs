//! Sync speed over HTTP against a real server on 127.0.0.1:0: one push of 1,000
//! mutations, then N records pushed in batches of 1,000 and pulled by a second
//! device-less snapshot. Prints one JSON line of timings in ms. As in the
//! PouchDB run beside it, whose documents are in its local database before
//! its clock starts, the records' request bodies are written before the
//! clock starts; reading the answers is timed.
//! Run: `cargo run --release -p manna-server --example sync_bench`.

use manna_server::{AppState, Clock, Config, serve};
use serde_json::{Value, json};
use std::time::Instant;

const BATCH: usize = 1000;

/// Weight entry number `seq`: one a day (their ids name the day), counting back
/// from 2026-11-22, as the record rules require.
fn mutation(seq: usize) -> Value {
    let date = manna_core::Date::new(2026, 11, 22)
        .expect("a real date")
        .add_days(-(seq as i64));
    json!({"seq": seq, "table": "weightEntries", "id": format!("weight:{date}"), "op": "put",
           "fields": {"weight": 1500 + seq % 500, "date": date.to_string(), "notes": format!("entry {seq}"), "mood": "good"}})
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let records: usize = std::env::var("RECORDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let data = tempfile::tempdir()?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let mut config = Config::for_tests(data.path().to_path_buf());
    config.content_dir = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/content"));
    let state = AppState::open(config, Clock::system()).await?;
    tokio::spawn(serve(state, listener, std::future::pending()));
    let client = reqwest::Client::new();

    let user = "user-1763790000000-bench1";
    let reg: Value = client
        .post(format!("{base}/api/devices"))
        .header("X-User-ID", user)
        .send()
        .await?
        .json()
        .await?;
    let (device, token) = (
        reg["deviceId"].as_str().unwrap_or_default(),
        reg["deviceToken"].as_str().unwrap_or_default(),
    );
    let call = |path: &str, body: Vec<u8>| {
        client
            .post(format!("{base}{path}"))
            .header("X-User-ID", user)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .bearer_auth(token)
            .body(body)
            .send()
    };
    // The push bodies, `BATCH` mutations each: the first alone, then the rest.
    let push_body = |seqs: std::ops::Range<usize>| {
        let mutations: Vec<Value> = seqs.map(mutation).collect();
        serde_json::to_vec(
            &json!({"protocolVersion": 1, "deviceId": device, "mutations": mutations}),
        )
    };
    let first = push_body(1..BATCH + 1)?;
    let rest = (BATCH + 1..=records)
        .step_by(BATCH)
        .map(|start| push_body(start..(start + BATCH).min(records + 1)))
        .collect::<Result<Vec<_>, _>>()?;

    // One push of 1,000 mutations.
    let t = Instant::now();
    let answer: Value = call("/api/sync/push", first).await?.json().await?;
    let push_1000_ms = t.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(answer["ackedSeq"], BATCH);
    assert_eq!(answer["rejected"], json!([]), "every mutation accepted");

    // The rest of the records, then everything pulled back.
    let t = Instant::now();
    for body in rest {
        call("/api/sync/push", body).await?.error_for_status()?;
    }
    let push_rest_ms = t.elapsed().as_secs_f64() * 1000.0;
    let t = Instant::now();
    let (mut cursor, mut pulled) = (Value::Null, 0);
    loop {
        let ask =
            json!({"protocolVersion": 1, "deviceId": device, "cursor": cursor, "limit": 5000});
        let page: Value = call("/api/sync/pull", serde_json::to_vec(&ask)?)
            .await?
            .json()
            .await?;
        pulled += page["changes"].as_array().map_or(0, Vec::len);
        cursor = page["cursor"].clone();
        if page["hasMore"] != true {
            break;
        }
    }
    let pull_ms = t.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(pulled, records, "every record pulled");
    let push_ms = push_1000_ms + push_rest_ms;
    println!(
        "{}",
        json!({"push1000Ms": push_1000_ms, "pushMs": push_ms, "pullMs": pull_ms, "totalMs": push_ms + pull_ms, "records": records})
    );
    Ok(())
}
