//! Email through SMTP: with `SMTP_URL` set, one-time codes go to the mail
//! server (a small SMTP sink here) instead of the outbox; a mail server that
//! cannot be reached gives a clear 502 and stores nothing that would block a
//! retry.

use crate::common;

use common::TestServer;
use common::smtp::SmtpSink;
use reqwest::Method;
use serde_json::json;
use tokio::net::TcpListener;

fn six_digits(text: &str) -> Option<String> {
    text.as_bytes()
        .windows(6)
        .position(|w| w.iter().all(u8::is_ascii_digit))
        .map(|at| text[at..at + 6].to_string())
}

#[tokio::test]
async fn codes_go_to_the_smtp_server_when_one_is_configured() {
    let sink = SmtpSink::default();
    let url = sink.start().await;
    let s = TestServer::start_with(|c| {
        c.smtp_url = Some(url.as_str().into());
        c.smtp_from = "Manna <codes@manna.test>".into();
    })
    .await;
    let device = s.register("user-1700000000000-smtp").await;
    let arrived = sink.arrived.notified();
    let (status, body) = s
        .call_as(
            &device,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(json!({ "email": "Naomi@Example.org" })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["codeSent"], true);
    if sink.messages().is_empty() {
        arrived.await;
    }
    let mail = sink.messages().pop().expect("one message");
    assert_eq!(mail.from, "<codes@manna.test>");
    assert_eq!(mail.to, vec!["<naomi@example.org>".to_string()]);
    assert!(
        mail.data.contains("Subject: Your Manna code: "),
        "{}",
        mail.data
    );
    assert!(mail.data.contains("To: naomi@example.org"), "{}", mail.data);
    let code = six_digits(&mail.data).expect("a 6-digit code in the email");

    // The mailed code is the one the server accepts; nothing is in the outbox.
    let (status, body) = s
        .call_as(
            &device,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(json!({ "email": "naomi@example.org", "code": code })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["error"],
        "No premium subscription found for this email"
    );
    let (_, outbox) = s.get("/dev/outbox.json").await;
    assert_eq!(outbox["emails"], json!([]));
}

#[tokio::test]
async fn an_unreachable_mail_server_gives_a_clear_error() {
    let closed = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("smtp://{}", closed.local_addr().expect("addr"));
    drop(closed);
    let s = TestServer::start_with(|c| c.smtp_url = Some(url.as_str().into())).await;
    let device = s.register("user-1700000000000-nosm").await;
    let (status, body) = s
        .call_as(
            &device,
            Method::POST,
            "/api/check-subscription-by-email",
            Some(json!({ "email": "naomi@example.org" })),
        )
        .await;
    assert_eq!(status, 502, "{body}");
    assert_eq!(
        body["message"],
        "We could not send the email just now. Please try again in a few minutes."
    );
}

#[tokio::test]
async fn a_bad_smtp_address_stops_start_up_with_the_setting_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut config = manna_server::Config::for_tests(dir.path().to_path_buf());
    config.smtp_url = Some("gopher://mail.example.org".into());
    let err = manna_server::AppState::open(config, manna_server::Clock::system())
        .await
        .expect_err("refused");
    assert!(err.to_string().contains("SMTP_URL"), "{err}");
}
