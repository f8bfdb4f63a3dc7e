//! M2 and L4: what a user stores is bounded by the quota (the edits the merge
//! kept aside included), pushes by a rate, and deleting frees room at once.

use super::*;

#[tokio::test]
async fn m2_edits_kept_aside_count_in_the_quota_and_a_push_over_it_is_refused() {
    let s = TestServer::start().await;
    let a = s.register("user-1763790000000-m2").await;
    let b = second_device(&s, &a, "device-m2-second", "token-of-the-second-device-m2").await;
    let (_, answer) = push(&s, &a, json!([journal(1, "journal-m2", "Kept", None)])).await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, answer) = push(
        &s,
        &a,
        json!([{"seq": 2, "table": "prayerJournal", "id": "journal-m2", "op": "delete"}]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, before, _) = totals(&s, &a.user).await;

    // The other phone, which never saw the delete, sends long edits of the
    // record: each is kept aside (not lost), and each counts.
    let big = "x".repeat(19_000);
    let (_, answer) = push(&s, &b, json!([journal(1, "journal-m2", &big, Some(1))])).await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, after, _) = totals(&s, &a.user).await;
    assert!(after - before >= 19_000, "{before} then {after}");

    // Near the quota, the next such edit is refused, with the reason.
    common::set_storage_totals(&s, &a.user, 0, MAX_BYTES_PER_USER - 10_000).await;
    let (_, answer) = push(&s, &b, json!([journal(2, "journal-m2", &big, Some(1))])).await;
    let refused = refusals(&answer);
    assert_eq!(refused.len(), 1, "{answer}");
    assert!(refused[0].contains("MB"), "{refused:?}");
    let kept = s
        .state
        .store
        .numbers_for_tests(&format!(
            "SELECT count(*) FROM revisions WHERE user_id = '{}' AND reason = 'editAfterDelete'",
            a.user
        ))
        .await
        .expect("count");
    let kept = kept[0];
    assert_eq!(kept, 1, "the refused edit stored nothing");
}

#[tokio::test]
async fn m2_sync_pushes_are_limited_per_user() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-pusher").await;
    let mut statuses = Vec::new();
    for _ in 0..121 {
        statuses.push(push(&s, &d, json!([])).await.0);
    }
    assert!(statuses[..120].iter().all(|&x| x == 200), "{statuses:?}");
    assert_eq!(statuses[120], 429);
    let other = s.register("user-1763790000000-other").await;
    assert_eq!(
        push(&s, &other, json!([])).await.0,
        200,
        "other users push on"
    );
}

#[tokio::test]
async fn l4_deleting_frees_the_quota_at_once() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-l4").await;
    let (_, answer) = push(
        &s,
        &d,
        json!([journal(1, "journal-old", "An old prayer", None)]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (records, bytes, _) = totals(&s, &d.user).await;
    assert_eq!(records, 1);
    assert!(bytes > 0);

    // At the record quota: the next is refused, with the advice to delete.
    common::set_storage_totals(&s, &d.user, MAX_RECORDS_PER_USER, bytes).await;
    let (_, answer) = push(
        &s,
        &d,
        json!([journal(2, "journal-new", "A new prayer", None)]),
    )
    .await;
    let refused = refusals(&answer);
    assert!(
        refused.len() == 1 && refused[0].contains("delete some"),
        "{answer}"
    );
    // Deleting one makes room for one, at once.
    let (_, answer) = push(
        &s,
        &d,
        json!([{"seq": 3, "table": "prayerJournal", "id": "journal-old", "op": "delete"},
               journal(4, "journal-new", "A new prayer", None)]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    assert_eq!(totals(&s, &d.user).await.0, MAX_RECORDS_PER_USER);

    // The same with bytes: a deleted record's bytes are free again.
    let (_, bytes, _) = totals(&s, &d.user).await;
    common::set_storage_totals(&s, &d.user, 1, bytes).await;
    let big = "y".repeat(19_000);
    let (_, answer) = push(&s, &d, json!([journal(5, "journal-big", &big, None)])).await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (records, _, _) = totals(&s, &d.user).await;
    common::set_storage_totals(&s, &d.user, records, MAX_BYTES_PER_USER - 1_000).await;
    let (_, answer) = push(&s, &d, json!([journal(6, "journal-more", &big, None)])).await;
    assert_eq!(refusals(&answer).len(), 1, "{answer}");
    let (_, answer) = push(
        &s,
        &d,
        json!([{"seq": 7, "table": "prayerJournal", "id": "journal-big", "op": "delete"},
               journal(8, "journal-more", &big, None)]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, now, history) = totals(&s, &d.user).await;
    assert!(now <= MAX_BYTES_PER_USER, "{now}");
    assert!(
        history >= 19_000,
        "what was deleted is kept as history: {history}"
    );

    // History has its own bound: past it, the oldest of it is forgotten.
    s.state
        .store
        .execute_for_tests(&format!(
            "UPDATE users SET history_bytes = {} WHERE id = '{}'",
            MAX_HISTORY_BYTES_PER_USER - 100,
            d.user
        ))
        .await
        .expect("history");
    let (_, answer) = push(
        &s,
        &d,
        json!([{"seq": 9, "table": "prayerJournal", "id": "journal-more", "op": "delete"}]),
    )
    .await;
    assert_eq!(refusals(&answer), Vec::<String>::new());
    let (_, _, history) = totals(&s, &d.user).await;
    assert!(history <= MAX_HISTORY_BYTES_PER_USER, "{history}");
    let deleted = s
        .state
        .store
        .texts_for_tests(&format!(
            "SELECT id FROM revisions WHERE user_id = '{}' AND reason = 'deleted' ORDER BY rowid",
            d.user
        ))
        .await
        .expect("revisions");
    assert!(
        !deleted.contains(&"journal-old".to_string()),
        "the oldest went first: {deleted:?}"
    );
    assert_eq!(deleted.last().map(String::as_str), Some("journal-more"));
}
