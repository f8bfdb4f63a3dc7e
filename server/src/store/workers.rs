//! The database threads both engines run: a pool of threads, each holding
//! one connection, taking calls from one queue. A call is queued (no thread
//! waits for it) and the next free thread takes it.

use crate::store::StoreError;

/// One database call, as a thread runs it on its connection.
pub(super) type Job<C> = Box<dyn FnOnce(&mut C) + Send>;

/// Queues `run` and waits for its answer. `settle` runs after it on the same
/// connection, whether it answered or panicked, before the caller hears of
/// it (ending a transaction left open, forgetting changed devices). A panic
/// in `run` is re-raised here rather than turned into an error.
pub(super) async fn ask<C, R>(
    jobs: &crossbeam_channel::Sender<Job<C>>,
    run: impl FnOnce(&mut C) -> Result<R, StoreError> + Send + 'static,
    settle: impl FnOnce(&mut C) + Send + 'static,
) -> Result<R, StoreError>
where
    C: 'static,
    R: Send + 'static,
{
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job<C> = Box::new(move |conn| {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(conn)));
        settle(conn);
        // The caller may have gone (its request was dropped): nothing to tell.
        let _ = answer.send(result);
    });
    jobs.send(job)
        .map_err(|_| StoreError::Engine("the database threads have stopped".into()))?;
    match answered.await {
        Ok(Ok(result)) => result,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => Err(StoreError::Engine(
            "a database call ended without an answer".into(),
        )),
    }
}
