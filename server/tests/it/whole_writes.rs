//! A write is kept whole or not at all: on PostgreSQL the writes whose
//! answers nobody reads go out with the `COMMIT`, and one that can never be
//! sent must not leave the `COMMIT` to keep the others.

use crate::common::TestServer;

#[tokio::test]
async fn a_write_whose_last_statement_cannot_be_sent_keeps_none_of_its_writes() {
    let s = TestServer::start().await;
    // Two writes whose answers nobody reads, as a push's saves are: on
    // PostgreSQL they wait to go out with the COMMIT. The second names two
    // values and is given one, so it can never be sent.
    let written = s
        .state
        .store
        .later_writes_for_tests(vec![
            (
                "INSERT INTO meta (key, value) VALUES ('unsendable-first', 'kept?')".into(),
                vec![],
            ),
            (
                "INSERT INTO meta (key, value) VALUES (?1, ?2)".into(),
                vec![7],
            ),
        ])
        .await;
    assert!(
        written.is_err(),
        "a write with a missing value answered {written:?}"
    );
    // Nothing of the transaction was committed: not even the first write,
    // which alone could have been.
    let kept = s
        .state
        .store
        .texts_for_tests("SELECT value FROM meta WHERE key = 'unsendable-first'")
        .await
        .expect("read");
    assert_eq!(kept, Vec::<String>::new(), "the first write was committed");
}
