-- A subscription stamped with a time in the future (a signed webhook dated
-- ahead) would ignore every later read-back: bring such stamps back to now.
UPDATE subscriptions
   SET stripe_seen_at = CAST(strftime('%s', 'now') AS INTEGER)
 WHERE stripe_seen_at > CAST(strftime('%s', 'now') AS INTEGER);

-- Claiming a large anonymous history runs in batches, each its own short
-- transaction; this remembers how far a claim got, so one interrupted by a
-- crash resumes where it stopped.
CREATE TABLE claims (
    from_user       TEXT    NOT NULL REFERENCES users(id),
    into_user       TEXT    NOT NULL REFERENCES users(id),
    through_version INTEGER NOT NULL,
    PRIMARY KEY (from_user, into_user)
) STRICT;

-- Per-user totals for the storage quotas, kept up to date with every write.
ALTER TABLE users ADD COLUMN record_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE users SET
  record_count = (SELECT count(*) FROM records WHERE records.user_id = users.id),
  stored_bytes = (SELECT COALESCE(sum(length(body)), 0) FROM records WHERE records.user_id = users.id);
