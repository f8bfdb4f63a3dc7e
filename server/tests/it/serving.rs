//! The binary's way of serving (`manna_server::run`): a listener and a
//! runtime for each core, all on one address.

use manna_server::{Config, run};
use std::time::Duration;

fn config(data: &tempfile::TempDir) -> Config {
    let mut config = Config::for_tests(data.path().to_path_buf());
    config.content_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/content").into();
    config
}

#[tokio::test]
async fn every_core_answers_on_one_address_and_a_second_server_is_refused() {
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let data = tempfile::tempdir().expect("temp dir");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(run(config(&data), addr, async {
        let _ = stopped.await;
    }));
    let url = format!("http://{addr}/api/health");
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..600 {
        if client
            .get(&url)
            .send()
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(up, "the server answers on {addr}");

    // Many connections at once (spread by the kernel over the cores'
    // listeners) are all answered.
    let mut calls = tokio::task::JoinSet::new();
    for _ in 0..32 {
        let url = url.clone();
        calls.spawn(async move {
            reqwest::Client::new()
                .get(url)
                .send()
                .await
                .map(|r| r.status())
        });
    }
    while let Some(answer) = calls.join_next().await {
        assert_eq!(answer.expect("joined").expect("answered"), 200);
    }

    // A second server on the same address does not start beside the first.
    let other = tempfile::tempdir().expect("temp dir");
    let refused = tokio::time::timeout(
        Duration::from_secs(60),
        run(config(&other), addr, std::future::pending()),
    )
    .await
    .expect("the second server stops at once")
    .expect_err("the address is in use");
    let io = refused
        .downcast_ref::<std::io::Error>()
        .expect("an I/O error");
    assert_eq!(io.kind(), std::io::ErrorKind::AddrInUse, "{refused}");
    assert_eq!(
        client
            .get(&url)
            .send()
            .await
            .expect("still served")
            .status(),
        200
    );

    // Asked to stop, every core's server stops.
    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(30), server)
        .await
        .expect("stops")
        .expect("joined")
        .expect("stopped cleanly");
}
