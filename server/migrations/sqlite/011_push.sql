-- Web Push: each device's subscription (its push service address, the keys
-- its payloads are encrypted to, and the time zone its reminders ring in).
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    device_id TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);

-- One row per notification due to one subscription at one moment. Inserting
-- the row claims the sending: a second server process finds it and sends
-- nothing. The payload is kept for the retries.
CREATE TABLE push_sends (
    endpoint TEXT NOT NULL REFERENCES push_subscriptions(endpoint) ON DELETE CASCADE,
    source TEXT NOT NULL,
    due_at INTEGER NOT NULL,
    payload TEXT NOT NULL,
    -- 'sending', 'retry' (waiting for next_try_at), 'sent' or 'failed'.
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_try_at INTEGER,
    PRIMARY KEY (endpoint, source, due_at)
);
CREATE INDEX push_sends_retry ON push_sends(state, next_try_at);

-- How far each scheduled job has looked (the minute it has handled through),
-- so a restart catches up on what fell due while it was down.
CREATE TABLE scheduler_marks (
    job TEXT PRIMARY KEY,
    through_at INTEGER NOT NULL
);
