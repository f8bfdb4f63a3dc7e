-- Praying together: groups, their members and their invitations (as the
-- SQLite migration 017).

CREATE TABLE prayer_groups (
    id          TEXT    PRIMARY KEY,
    name        TEXT    NOT NULL,
    description TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    reflections BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  BIGINT  NOT NULL
);

CREATE TABLE group_members (
    group_id     TEXT   NOT NULL REFERENCES prayer_groups(id),
    user_id      TEXT   NOT NULL REFERENCES users(id),
    member_id    TEXT   NOT NULL UNIQUE,
    display_name TEXT   NOT NULL,
    role         TEXT   NOT NULL,
    joined_at    BIGINT NOT NULL,
    PRIMARY KEY (group_id, user_id)
);

CREATE INDEX group_members_by_user ON group_members (user_id);

CREATE TABLE group_invitations (
    id         TEXT    PRIMARY KEY,
    group_id   TEXT    NOT NULL REFERENCES prayer_groups(id),
    code_hash  TEXT    NOT NULL UNIQUE,
    made_by    TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    expires_at BIGINT  NOT NULL,
    max_uses   BIGINT,
    uses       BIGINT  NOT NULL DEFAULT 0,
    revoked    BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE INDEX group_invitations_by_group ON group_invitations (group_id);

-- Requests each member posted in a group on each day (UTC), for the daily
-- limit.
CREATE TABLE group_posts (
    group_id  TEXT    NOT NULL REFERENCES prayer_groups(id),
    member_id TEXT    NOT NULL,
    day       TEXT    NOT NULL,
    posts     BIGINT NOT NULL,
    PRIMARY KEY (group_id, member_id, day)
);
