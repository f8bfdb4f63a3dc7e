-- Browsers an account has signed in on: each holds a random secret in an
-- HttpOnly cookie (kept here only as a hash), so the owner's right password
-- from one of them is never slowed by someone else's guesses.
CREATE TABLE known_logins (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX known_logins_by_account ON known_logins (account_id);
