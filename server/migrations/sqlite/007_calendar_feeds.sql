-- One calendar address per user for their phone's calendar: its secret part
-- is kept only as a hash, so the address can be turned off or replaced.
CREATE TABLE calendar_feeds (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
