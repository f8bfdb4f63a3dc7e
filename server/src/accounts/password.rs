//! Password hashing with argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane),
//! always off the async threads and a few at a time.

use crate::error::AppError;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{ARGON2ID_IDENT, Algorithm, Argon2, Block, Params, Version};
use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};

fn internal(what: &str) -> impl Fn(argon2::password_hash::Error) -> AppError + '_ {
    move |e| AppError::Internal(format!("{what}: {e}"))
}

/// The parameters of new hashes: OWASP's minimum for argon2id.
fn params() -> Result<Params, AppError> {
    Params::new(19 * 1024, 2, 1, None)
        .map_err(|e| AppError::Internal(format!("argon2 parameters: {e}")))
}

thread_local! {
    /// The 19 MiB a check works in, kept by each password thread from one
    /// check to the next: allocating it afresh for every check leaves the
    /// allocator holding hundreds of MiB after a burst.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The raw argon2id hash of `password` with `salt` under `params`, into `out`.
fn raw_hash(params: &Params, password: &[u8], salt: &[u8], out: &mut [u8]) -> Result<(), AppError> {
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    MEMORY.with_borrow_mut(|blocks| {
        blocks.resize(params.block_count(), Block::default());
        argon
            .hash_password_into_with_memory(password, salt, out, &mut blocks[..])
            .map_err(|e| AppError::Internal(format!("hashing a password: {e}")))
    })
}

/// The PHC string of `password` hashed with `salt`.
fn phc_string(password: &[u8], salt: &[u8]) -> Result<String, AppError> {
    let params = params()?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    raw_hash(&params, password, salt, &mut out)?;
    let salt = SaltString::encode_b64(salt).map_err(internal("salt"))?;
    Ok(PasswordHash {
        algorithm: ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(internal("parameters"))?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(internal("hash"))?),
    }
    .to_string())
}

/// Whether `password` gives the hash stored in the PHC string `phc`.
fn matches(password: &[u8], phc: &str) -> Result<bool, AppError> {
    let parsed = PasswordHash::new(phc).map_err(internal("stored password hash"))?;
    if parsed.algorithm != ARGON2ID_IDENT {
        return Err(AppError::Internal(format!(
            "stored password hash uses {}",
            parsed.algorithm
        )));
    }
    let params = Params::try_from(&parsed).map_err(internal("stored hash parameters"))?;
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return Err(AppError::Internal(
            "stored password hash is incomplete".into(),
        ));
    };
    let mut salt_bytes = [0u8; 64];
    let salt = salt.decode_b64(&mut salt_bytes).map_err(internal("salt"))?;
    let mut out = vec![0u8; expected.len()];
    raw_hash(&params, password, salt, &mut out)?;
    // `Output`'s comparison takes the same time wherever the bytes differ.
    Ok(Output::new(&out).map_err(internal("hash"))? == expected)
}

/// The PHC string of `password` with a fresh salt.
pub async fn hash(password: String) -> Result<String, AppError> {
    blocking(move || {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)
            .map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
        phc_string(password.as_bytes(), &salt)
    })
    .await
}

/// Whether `password` matches the stored PHC string. With no stored hash (no
/// such account) a dummy hash is checked, so both answers take as long.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, AppError> {
    blocking(move || match &stored {
        Some(phc) => matches(password.as_bytes(), phc),
        None => matches(password.as_bytes(), dummy_hash()?).map(|_| false),
    })
    .await
}

fn dummy_hash() -> Result<&'static str, AppError> {
    static DUMMY: OnceLock<String> = OnceLock::new();
    if let Some(h) = DUMMY.get() {
        return Ok(h);
    }
    let h = phc_string(b"not a real password", &[7u8; 16])?;
    Ok(DUMMY.get_or_init(|| h))
}

/// Threads that compute hashes: each check holds 19 MiB and a core for a
/// moment, so a burst of logins runs two at a time on threads of their own
/// (whose memory is reused from one check to the next) instead of all at once.
const HASHING_THREADS: usize = 2;
/// Checks allowed to wait for a thread; past this a request is turned away at
/// once (503) instead of piling up.
const HASHING_QUEUE: usize = 32;

type Job = Box<dyn FnOnce() + Send>;

fn hashing_queue() -> &'static SyncSender<Job> {
    static QUEUE: OnceLock<SyncSender<Job>> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let (tx, rx) = sync_channel::<Job>(HASHING_QUEUE);
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..HASHING_THREADS {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("password-{i}"))
                .spawn(move || {
                    loop {
                        let job = rx.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        match job {
                            // A panicking job loses its answer (the caller
                            // sees an error), not the thread.
                            Ok(job) => drop(std::panic::catch_unwind(AssertUnwindSafe(job))),
                            Err(_) => break,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "could not start a password thread");
            }
        }
        tx
    })
}

/// Runs one hash or verification on the password threads, when its turn comes.
async fn blocking<R: Send + 'static>(
    f: impl FnOnce() -> Result<R, AppError> + Send + 'static,
) -> Result<R, AppError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    hashing_queue()
        .try_send(Box::new(move || {
            let _ = tx.send(f());
        }))
        .map_err(|e| match e {
            TrySendError::Full(_) => AppError::Busy(
                "Many people are signing in right now. Please try again in a moment.".into(),
            ),
            TrySendError::Disconnected(_) => {
                AppError::Internal("the password threads have stopped".into())
            }
        })?;
    rx.await
        .map_err(|_| AppError::Internal("a password check failed".into()))?
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_accepts_its_password_only() {
        let h = super::hash("correct horse".into()).await.expect("hash");
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(
            super::verify("correct horse".into(), Some(h.clone()))
                .await
                .expect("verify")
        );
        assert!(
            !super::verify("wrong horse".into(), Some(h))
                .await
                .expect("verify")
        );
        assert!(
            !super::verify("anything".into(), None)
                .await
                .expect("verify")
        );
    }

    #[test]
    fn hashes_stored_by_the_argon2_crate_still_verify() {
        use super::{Algorithm, Argon2, SaltString, Version};
        use argon2::PasswordHasher;
        let salt = SaltString::encode_b64(&[3u8; 16]).expect("salt");
        let argon = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            super::params().expect("params"),
        );
        let stored = argon
            .hash_password(b"older account", &salt)
            .expect("hash")
            .to_string();
        assert!(super::matches(b"older account", &stored).expect("check"));
        assert!(!super::matches(b"another", &stored).expect("check"));
        assert_eq!(
            super::phc_string(b"older account", &[3u8; 16]).expect("hash"),
            stored
        );
    }
}
