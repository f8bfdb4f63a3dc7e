//! Golden JSON vectors of the wire format. Each message must read into its type
//! and write back to exactly the same JSON; the PWA checks its own encoder
//! against the same file, so both sides speak the same bytes.

use manna_sync_protocol::{PullRequest, PullResponse, PushRequest, PushResponse, daily_id};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

fn vectors() -> Value {
    serde_json::from_str(include_str!("vectors.json")).expect("vectors.json is JSON")
}

fn round_trip<T: DeserializeOwned + Serialize>(name: &str) {
    let expected = vectors()[name].clone();
    let typed: T =
        serde_json::from_value(expected.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        serde_json::to_value(&typed).expect("serialise"),
        expected,
        "{name}"
    );
}

#[test]
fn every_message_round_trips_byte_for_byte() {
    round_trip::<PushRequest>("pushRequest");
    round_trip::<PushResponse>("pushResponse");
    round_trip::<PushResponse>("pushResponseQuiet");
    round_trip::<PullRequest>("pullRequest");
    round_trip::<PullRequest>("pullRequestSnapshot");
    round_trip::<PullResponse>("pullResponse");
    round_trip::<PullResponse>("pullResponseReset");
}

#[test]
fn daily_ids_match() {
    for v in vectors()["dailyIds"].as_array().expect("dailyIds") {
        let [kind, date, id] = [&v[0], &v[1], &v[2]].map(|x| x.as_str().expect("string"));
        assert_eq!(daily_id(kind, date), id);
    }
}

#[test]
fn a_changed_field_name_is_caught() {
    let mut changed = vectors()["pushResponseQuiet"].clone();
    changed["acked_seq"] = changed["ackedSeq"].take();
    assert!(serde_json::from_value::<PushResponse>(changed).is_err());
}
