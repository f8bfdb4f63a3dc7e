-- Where an anonymous user was first seen: a keyed hash of the address it
-- registered from (never the address itself). Past a small allowance of
-- each, what the never-signed-in users of one address made in the last week
-- store together is bounded.
ALTER TABLE users ADD COLUMN origin TEXT;
CREATE INDEX users_by_origin ON users (origin, created_at) WHERE origin IS NOT NULL;

-- What those users keep past their own allowances, per origin: kept up to
-- date by each write, and counted again from the users every hour (so those
-- who signed in, or were made over a week ago, leave it).
CREATE TABLE origin_usage (
    origin  TEXT   PRIMARY KEY,
    records BIGINT NOT NULL,
    bytes   BIGINT NOT NULL
);
