//! L1 and L3: wrong passwords and code requests slow the guesser, never lock
//! out the owner; "log out everywhere" and a new password end the calendar
//! address.

use super::*;

/// Every `Set-Cookie` of an answer, as `name=value` pairs to send back.
fn cookies(res: &reqwest::Response) -> Vec<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(common::cookie_pair)
        .collect()
}

/// A login from `d` at the address `from`, with `cookie` (when given).
async fn login(
    s: &TestServer,
    d: &Device,
    from: &str,
    cookie: Option<&str>,
    password: &str,
) -> (u16, Value) {
    let mut req = s
        .client
        .post(format!("{}/api/auth/login", s.base))
        .header("X-User-ID", &d.user)
        .bearer_auth(&d.token)
        .header("x-forwarded-for", from)
        .json(&json!({"email": "owner@example.org", "password": password}));
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let res = req.send().await.expect("login");
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn l1_wrong_passwords_slow_the_account_and_its_owner_still_gets_in() {
    let start = 1_795_000_000_000;
    let s = TestServer::start_pinned(start, behind_proxy).await;
    let phone = s.register("user-1763790000000-l1owner").await;
    let form = common::form(
        "owner@example.org",
        "the real password",
        "the real password",
        "Ann",
    );
    s.call_as(
        &phone,
        Method::POST,
        "/api/auth/register",
        Some(form.clone()),
    )
    .await;
    let code = emailed_code(&s, "owner@example.org").await;
    let mut with_code = form;
    with_code["code"] = json!(code);
    let res = s
        .client
        .post(format!("{}/api/auth/register", s.base))
        .header("X-User-ID", &phone.user)
        .bearer_auth(&phone.token)
        .json(&with_code)
        .send()
        .await
        .expect("register");
    assert_eq!(res.status(), 201);
    let known = cookies(&res)
        .into_iter()
        .find(|c| c.starts_with("manna_known="))
        .expect("the browser the account was made on is known");

    // 20 wrong passwords from two addresses: five are checked, the rest wait.
    let guesser = s.register("user-1763790000000-l1guess").await;
    let mut statuses = Vec::new();
    let mut last = Value::Null;
    for i in 0..20 {
        let from = if i % 2 == 0 {
            "198.51.100.7"
        } else {
            "203.0.113.9"
        };
        let (status, body) = login(&s, &guesser, from, None, "guess").await;
        statuses.push(status);
        last = body;
    }
    assert_eq!(&statuses[..5], &[401; 5], "{statuses:?}");
    assert!(statuses[5..].iter().all(|&x| x == 429), "{statuses:?}");
    assert!(
        last["message"]
            .as_str()
            .unwrap_or_default()
            .contains("wait"),
        "{last}"
    );

    // The owner's own browser, from a new address, gets in at once.
    let (status, body) = login(&s, &phone, "192.0.2.50", Some(&known), "the real password").await;
    assert_eq!(status, 200, "{body}");
    // A new browser waits for the delay, never an hour: then the right
    // password works.
    let laptop = s.register("user-1763790000000-l1laptop").await;
    let (status, _) = login(&s, &laptop, "192.0.2.51", None, "the real password").await;
    assert_eq!(status, 429);
    s.clock.advance(2_000);
    let (status, body) = login(&s, &laptop, "192.0.2.51", None, "the real password").await;
    assert_eq!(status, 200, "{body}");

    // A browser is known as long as its cookie lasts (400 days), no longer:
    // then it waits like any other, and the server forgets it.
    s.clock.advance(401 * 86_400_000);
    for _ in 0..6 {
        login(&s, &guesser, "198.51.100.7", None, "guess").await;
    }
    let (status, _) = login(&s, &phone, "192.0.2.50", Some(&known), "the real password").await;
    assert_eq!(
        status, 429,
        "a cookie past its life no longer lets the browser skip the wait"
    );
    manna_server::retention::tidy(&s.state.store, &s.state.clock)
        .await
        .expect("tidy");
    let kept = s
        .state
        .store
        .numbers_for_tests("SELECT count(*) FROM known_logins")
        .await
        .expect("count")[0];
    assert_eq!(kept, 0, "the browsers known 400 days ago are forgotten");
}

#[tokio::test]
async fn l1_code_requests_are_limited_per_address_and_inbox_and_per_day() {
    let s = TestServer::start_with(behind_proxy).await;
    let ask = |i: usize, from: String| {
        let s = &s;
        async move {
            let d = s.register(&format!("user-1763790000000-codes{i}")).await;
            s.client
                .post(format!("{}/api/check-subscription-by-email", s.base))
                .header("X-User-ID", &d.user)
                .bearer_auth(&d.token)
                .header("x-forwarded-for", from)
                .json(&json!({"email": "victim@example.org"}))
                .send()
                .await
                .expect("code")
                .status()
                .as_u16()
        }
    };
    // Five strangers asking from five addresses do not starve the owner.
    for i in 0..5 {
        assert_eq!(ask(i, format!("198.51.100.{i}")).await, 200);
    }
    assert_eq!(
        ask(5, "192.0.2.1".into()).await,
        200,
        "the owner still gets a code"
    );
    // One address gets five an hour for one inbox.
    for i in 6..10 {
        assert_eq!(ask(i, "198.51.100.0".into()).await, 200);
    }
    assert_eq!(ask(10, "198.51.100.0".into()).await, 429);
    // And the inbox gets at most 30 a day from everyone.
    let mut statuses = Vec::new();
    for i in 11..32 {
        statuses.push(ask(i, format!("203.0.113.{i}")).await);
    }
    assert_eq!(
        statuses.iter().filter(|&&x| x == 200).count(),
        20,
        "{statuses:?}"
    );
    assert_eq!(statuses.last(), Some(&429));
}

#[tokio::test]
async fn l3_log_out_everywhere_and_a_new_password_end_the_calendar_address() {
    let s = TestServer::start().await;
    let d = s.register("user-1763790000000-l3").await;
    let (status, body, cookie) = s
        .register_account(
            &d,
            common::form("l3@example.org", "password one", "password one", "Lee"),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let session = common::cookie_pair(&cookie.expect("session"));
    let make = || async {
        let (_, made) = s
            .call_as(&d, Method::POST, "/api/calendar-feed", Some(json!({})))
            .await;
        made["url"].as_str().expect("url").to_string()
    };

    let url = make().await;
    assert_eq!(common::calendar_feed(&s, &url).await.0, 200);
    let (status, _, _) = s
        .call_with_cookie(
            &d,
            Method::POST,
            "/api/auth/logout-everywhere",
            Some(json!({})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        common::calendar_feed(&s, &url).await.0,
        404,
        "log out everywhere ends it"
    );

    let url = make().await;
    assert_eq!(common::calendar_feed(&s, &url).await.0, 200);
    let (status, body, _) = s
        .call_with_cookie(
            &d,
            Method::POST,
            "/api/auth/set-password",
            Some(common::form(
                "l3@example.org",
                "password two",
                "password two",
                "Lee",
            )),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        common::calendar_feed(&s, &url).await.0,
        404,
        "a new password ends it"
    );
}
