-- A subscription stamped with a time in the future (a signed webhook dated
-- ahead) would ignore every later read-back: bring such stamps back to now.
UPDATE subscriptions
   SET stripe_seen_at = CAST(strftime('%s', 'now') AS INTEGER)
 WHERE stripe_seen_at > CAST(strftime('%s', 'now') AS INTEGER);
