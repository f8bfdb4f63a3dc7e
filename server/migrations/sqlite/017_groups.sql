-- Praying together: groups (a church, a small group, a family), who belongs
-- to them and in which role, and the invitations that let people join.
-- A member is known to the others by `member_id` and the name they chose,
-- never by their user id. What a group shares is kept as records (the
-- `records` table) under a row of `users` of its own, `group:<id>`, with
-- its own change counter.

CREATE TABLE prayer_groups (
    id          TEXT    PRIMARY KEY,
    name        TEXT    NOT NULL,
    description TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    -- Whether members may add reflections to the day's reading.
    reflections INTEGER NOT NULL DEFAULT 0 CHECK (reflections IN (0, 1)),
    created_at  INTEGER NOT NULL
) STRICT;

CREATE TABLE group_members (
    group_id     TEXT    NOT NULL REFERENCES prayer_groups(id),
    user_id      TEXT    NOT NULL REFERENCES users(id),
    member_id    TEXT    NOT NULL UNIQUE,
    display_name TEXT    NOT NULL,
    role         TEXT    NOT NULL,
    joined_at    INTEGER NOT NULL,
    PRIMARY KEY (group_id, user_id)
) STRICT;

CREATE INDEX group_members_by_user ON group_members (user_id);

-- An invitation's code is kept only as its hash: the leader who made it
-- holds the code (and its link), the server can only recognise it.
CREATE TABLE group_invitations (
    id         TEXT    PRIMARY KEY,
    group_id   TEXT    NOT NULL REFERENCES prayer_groups(id),
    code_hash  TEXT    NOT NULL UNIQUE,
    made_by    TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    max_uses   INTEGER,
    uses       INTEGER NOT NULL DEFAULT 0,
    revoked    INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
) STRICT;

CREATE INDEX group_invitations_by_group ON group_invitations (group_id);

-- Requests each member posted in a group on each day (UTC), for the daily
-- limit.
CREATE TABLE group_posts (
    group_id  TEXT    NOT NULL REFERENCES prayer_groups(id),
    member_id TEXT    NOT NULL,
    day       TEXT    NOT NULL,
    posts     INTEGER NOT NULL,
    PRIMARY KEY (group_id, member_id, day)
) STRICT;
