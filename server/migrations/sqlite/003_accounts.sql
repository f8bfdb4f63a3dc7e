-- Accounts, sessions, proven emails, one-time codes, subscriptions and the
-- Stripe events already applied.

-- An account is a user row with an email and a password. A browser's anonymous
-- user becomes the account when it registers; an anonymous user claimed by a
-- login points at the account it was merged into.
ALTER TABLE users ADD COLUMN email TEXT;
ALTER TABLE users ADD COLUMN password_hash TEXT;
ALTER TABLE users ADD COLUMN first_name TEXT;
ALTER TABLE users ADD COLUMN last_name TEXT;
ALTER TABLE users ADD COLUMN merged_into TEXT REFERENCES users(id);
CREATE UNIQUE INDEX users_by_email ON users (email) WHERE email IS NOT NULL;

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    user_id    TEXT    NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX sessions_by_user ON sessions (user_id);

-- Emails a user proved they receive (by entering a code sent there).
CREATE TABLE verified_emails (
    user_id     TEXT    NOT NULL REFERENCES users(id),
    email       TEXT    NOT NULL,
    verified_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, email)
) STRICT;

CREATE INDEX verified_emails_by_email ON verified_emails (email);

-- One-time codes: 6 digits, stored hashed, single use, a few attempts.
CREATE TABLE email_codes (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT    NOT NULL REFERENCES users(id),
    email      TEXT    NOT NULL,
    code_hash  TEXT    NOT NULL,
    expires_at INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    used       INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1)),
    created_at INTEGER NOT NULL
) STRICT;

CREATE INDEX email_codes_by_user ON email_codes (user_id, email);

-- Stripe subscriptions as last read from Stripe. `user_id` is the user that
-- started the checkout (when known); `email` the customer's email.
CREATE TABLE subscriptions (
    id                 TEXT    PRIMARY KEY,
    customer_id        TEXT    NOT NULL,
    user_id            TEXT    REFERENCES users(id),
    email              TEXT,
    plan               TEXT    NOT NULL CHECK (plan IN ('monthly', 'annual')),
    status             TEXT    NOT NULL,
    trial_end          INTEGER,
    current_period_end INTEGER,
    -- `created` of the newest Stripe event or read applied: older never overwrite.
    stripe_seen_at     INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
) STRICT;

CREATE INDEX subscriptions_by_user ON subscriptions (user_id);
CREATE INDEX subscriptions_by_email ON subscriptions (email);
CREATE INDEX subscriptions_by_customer ON subscriptions (customer_id);

-- Checkout sessions Manna created, so a completed one finds its user and plan.
CREATE TABLE checkout_sessions (
    id         TEXT    PRIMARY KEY,
    user_id    TEXT    NOT NULL REFERENCES users(id),
    plan       TEXT    NOT NULL CHECK (plan IN ('monthly', 'annual')),
    created_at INTEGER NOT NULL
) STRICT;

-- Webhook events applied, recorded in the same transaction as their change.
CREATE TABLE stripe_events (
    id          TEXT    PRIMARY KEY,
    type        TEXT    NOT NULL,
    received_at INTEGER NOT NULL
) STRICT;
