-- The quota counts live records and the edits the merge set aside; what a
-- user deleted (tombstones and deleted values) is history, kept within its
-- own bound, so deleting frees room at once.
ALTER TABLE users ADD COLUMN history_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE users SET
  record_count = (SELECT count(*) FROM records r WHERE r.user_id = users.id AND r.deleted = 0),
  stored_bytes = (SELECT COALESCE(sum(octet_length(body)), 0) FROM records r
                  WHERE r.user_id = users.id AND r.deleted = 0)
               + (SELECT COALESCE(sum(octet_length(value)), 0) FROM revisions v
                  WHERE v.user_id = users.id AND v.reason != 'deleted'),
  history_bytes = (SELECT COALESCE(sum(octet_length(body)), 0) FROM records r
                   WHERE r.user_id = users.id AND r.deleted = 1)
                + (SELECT COALESCE(sum(octet_length(value)), 0) FROM revisions v
                   WHERE v.user_id = users.id AND v.reason = 'deleted');
