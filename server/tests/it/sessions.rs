//! Signed-in places: a new password or 'log out everywhere' ends every other
//! session and device, and claiming a long anonymous history at login.

use crate::common;

use common::{Device, TestServer, cookie_pair, form};
use reqwest::Method;
use serde_json::{Value, json};

/// Logs `d` in as `email`; answers the session cookie to send and the device
/// as it now is (speaking for the account).
async fn login_cookie(s: &TestServer, d: &Device, email: &str, password: &str) -> (String, Device) {
    let (status, body, cookie) = s
        .call_with_cookie(
            d,
            Method::POST,
            "/api/auth/login",
            Some(json!({"email": email, "password": password})),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let device = Device {
        user: body["userId"].as_str().expect("user id").to_string(),
        ..d.clone()
    };
    (cookie_pair(&cookie.expect("a session cookie")), device)
}

async fn me_status(s: &TestServer, d: &Device, cookie: &str) -> u16 {
    s.call_with_cookie(d, Method::GET, "/api/auth/me", None, Some(cookie))
        .await
        .0
}

/// A device's own records answer 200 while its token works, 401 after.
async fn device_status(s: &TestServer, d: &Device) -> u16 {
    s.call_as(d, Method::GET, "/api/prayer-reminders", None)
        .await
        .0
}

#[tokio::test]
async fn a_new_password_or_log_out_everywhere_signs_out_every_other_place() {
    let s = TestServer::start().await;
    let phone = s.register("user-1700000000000-phone").await;
    let naomi = form("naomi@example.org", "first pass", "first pass", "Naomi");
    let (status, body, _) = s.register_account(&phone, naomi).await;
    assert_eq!(status, 201, "{body}");
    let (phone_cookie, phone) = login_cookie(&s, &phone, "naomi@example.org", "first pass").await;
    // Someone else learned the password and signed in on their own browser.
    let other = s.register("user-1700000000000-other").await;
    let (other_cookie, other) = login_cookie(&s, &other, "naomi@example.org", "first pass").await;
    assert_eq!(me_status(&s, &other, &other_cookie).await, 200);
    assert_eq!(device_status(&s, &other).await, 200);

    // Naomi changes her password on her phone.
    let (status, body, _) = s
        .call_with_cookie(
            &phone,
            Method::POST,
            "/api/auth/set-password",
            Some(form(
                "naomi@example.org",
                "second pass",
                "second pass",
                "Naomi",
            )),
            Some(&phone_cookie),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(me_status(&s, &other, &other_cookie).await, 401);
    assert_eq!(device_status(&s, &other).await, 401);
    assert_eq!(me_status(&s, &phone, &phone_cookie).await, 200);
    assert_eq!(device_status(&s, &phone).await, 200);

    // Later she signs in on a tablet, then ends every other place from the phone.
    let tablet = s.register("user-1700000000000-tablet").await;
    let (tablet_cookie, tablet) =
        login_cookie(&s, &tablet, "naomi@example.org", "second pass").await;
    assert_eq!(device_status(&s, &tablet).await, 200);
    let (status, body, _) = s
        .call_with_cookie(
            &phone,
            Method::POST,
            "/api/auth/logout-everywhere",
            None,
            Some(&phone_cookie),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(me_status(&s, &tablet, &tablet_cookie).await, 401);
    assert_eq!(device_status(&s, &tablet).await, 401);
    assert_eq!(me_status(&s, &phone, &phone_cookie).await, 200);
    // Without a session there is nothing to end.
    let (status, _, _) = s
        .call_with_cookie(
            &phone,
            Method::POST,
            "/api/auth/logout-everywhere",
            None,
            None,
        )
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_long_anonymous_history_is_claimed_whole_in_batches() {
    let s = TestServer::start().await;
    let owner = s.register("user-1700000000000-owner").await;
    let hannah = form("hannah@example.org", "long enough", "long enough", "Hannah");
    let (status, body, _) = s.register_account(&owner, hannah).await;
    assert_eq!(status, 201, "{body}");
    // A phone used without an account for years: 1,234 daily weights.
    let phone = s.register("user-1700000000000-longphone").await;
    let first: manna_core::Date = "2023-01-01".parse().expect("date");
    let count = 1234;
    for chunk in (0..count).collect::<Vec<i64>>().chunks(500) {
        let mutations: Vec<Value> = chunk
            .iter()
            .map(|&i| {
                let date = first.add_days(i).to_string();
                json!({"seq": i + 1, "table": "weightEntries", "id": format!("weight:{date}"),
                       "op": "put", "fields": {"weight": 1800, "date": date}})
            })
            .collect();
        let (status, body) = s
            .call_as(
                &phone,
                Method::POST,
                "/api/sync/push",
                Some(json!({"protocolVersion": 1, "deviceId": phone.id, "mutations": mutations})),
            )
            .await;
        assert_eq!((status, &body["rejected"]), (200, &json!([])), "{body}");
    }
    let (cookie, phone) = login_cookie(&s, &phone, "hannah@example.org", "long enough").await;
    assert!(!cookie.is_empty());
    let (status, list) = s
        .call_as(
            &phone,
            Method::GET,
            &format!("/api/weight-entries/{}", phone.user),
            None,
        )
        .await;
    assert_eq!(status, 200);
    // The first page of the account's weights is full, and the progress
    // (computed from all of them) counts every one.
    assert_eq!(list.as_array().map(Vec::len), Some(1000));
    let (status, progress) = s
        .call_as(
            &phone,
            Method::GET,
            &format!("/api/weight-progress/{}?date=2026-11-22", phone.user),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(progress["entries"], count);
    // Nothing of the claim's progress is left behind.
    let left = s
        .state
        .store
        .numbers_for_tests("SELECT count(*) FROM claims")
        .await
        .expect("claims")[0];
    assert_eq!(left, 0);
}

#[tokio::test]
async fn a_token_stops_working_the_moment_its_device_row_changes_by_any_statement() {
    let s = TestServer::start().await;
    let a = s.register("user-1700000000000-memoa").await;
    let b = s.register("user-1700000000000-memob").await;
    // Both tokens have been checked, so the server remembers them.
    assert_eq!(device_status(&s, &a).await, 200);
    assert_eq!(device_status(&s, &b).await, 200);
    // A's device moves to B's user; then B's device is deleted.
    s.state
        .store
        .execute_for_tests(&format!(
            "UPDATE devices SET user_id = '{}' WHERE id = '{}'",
            b.user, a.id
        ))
        .await
        .expect("moving the device");
    assert_eq!(device_status(&s, &a).await, 401);
    s.state
        .store
        .execute_for_tests(&format!("DELETE FROM devices WHERE id = '{}'", b.id))
        .await
        .expect("deleting the device");
    assert_eq!(device_status(&s, &b).await, 401);
}
