-- How each member hears of a group (new requests: off, each or a daily
-- digest; muted), how far they have been told, and what was posted or
-- prayed that a notification may tell of. A member who has not chosen
-- (`new_requests` NULL) hears as their group's kind suggests.

-- One row a request posted ('request') or a prayer said for one ('prayed'),
-- kept a little over a day. `seq` orders them as they were written.
CREATE TABLE group_notices (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    group_id   TEXT    NOT NULL REFERENCES prayer_groups(id),
    kind       TEXT    NOT NULL CHECK (kind IN ('request', 'prayed')),
    request_id TEXT    NOT NULL,
    member_id  TEXT    NOT NULL,
    at         INTEGER NOT NULL
) STRICT;

CREATE INDEX group_notices_by_group ON group_notices (group_id, seq);
CREATE INDEX group_notices_by_time ON group_notices (at);

ALTER TABLE group_members ADD COLUMN new_requests TEXT;
ALTER TABLE group_members ADD COLUMN digest_at TEXT;
ALTER TABLE group_members ADD COLUMN muted INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1));
-- The last request (its `seq`) this member has been told of.
ALTER TABLE group_members ADD COLUMN told_through INTEGER NOT NULL DEFAULT 0;

-- The group's latest request (its `seq`), so a look finds the members with
-- something to be told without reading every group.
ALTER TABLE prayer_groups ADD COLUMN last_request INTEGER NOT NULL DEFAULT 0;

-- The last "people prayed" notification of each request (when), and the
-- last prayer it counted (its `seq`).
CREATE TABLE group_prayed_notices (
    request_id   TEXT    PRIMARY KEY,
    group_id     TEXT    NOT NULL REFERENCES prayer_groups(id),
    told_at      INTEGER,
    told_through INTEGER NOT NULL
) STRICT;
