-- Users, their devices and their synced records.
-- `users.version` counts every change to the user's records; each record keeps
-- the version of its last change, which is what pull cursors compare against.

CREATE TABLE users (
    id             TEXT    PRIMARY KEY,
    version        INTEGER NOT NULL DEFAULT 0,
    -- Tombstones up to this version have been forgotten: older cursors must reset.
    purged_through INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL
) STRICT;

CREATE TABLE devices (
    id         TEXT    PRIMARY KEY,
    user_id    TEXT    NOT NULL REFERENCES users(id),
    token_hash TEXT    NOT NULL UNIQUE,
    acked_seq  INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE records (
    user_id    TEXT    NOT NULL REFERENCES users(id),
    tbl        TEXT    NOT NULL,
    id         TEXT    NOT NULL,
    body       TEXT    NOT NULL CHECK (json_valid(body)),
    version    INTEGER NOT NULL,
    deleted    INTEGER NOT NULL CHECK (deleted IN (0, 1)),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, tbl, id)
) STRICT;

CREATE INDEX records_by_version ON records (user_id, version);

CREATE TABLE revisions (
    user_id    TEXT    NOT NULL REFERENCES users(id),
    tbl        TEXT    NOT NULL,
    id         TEXT    NOT NULL,
    field      TEXT,
    value      TEXT    NOT NULL CHECK (json_valid(value)),
    device     TEXT    NOT NULL,
    reason     TEXT    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;

CREATE INDEX revisions_by_record ON revisions (user_id, tbl, id);

-- The lifetime of this database: a restore from backup gets a new epoch.
INSERT INTO meta (key, value) VALUES ('epoch', lower(hex(randomblob(8))));
