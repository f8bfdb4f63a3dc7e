-- The rate-limit windows are counts of the last minutes, not records: they
-- are written by nearly every call (a sync push counts twice) and worth
-- nothing after a crash, when they start again empty. Unlogged, a count
-- costs no write-ahead log and no wait for its flush; the records a call
-- writes still wait for theirs.
ALTER TABLE rate_limits SET UNLOGGED;
