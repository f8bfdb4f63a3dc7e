-- A claimed sending is a lease: `next_try_at` of a row still 'sending' is
-- when another look may claim it again (its process stopped mid-way). Rows
-- claimed before leases existed are due at once.
UPDATE push_sends SET next_try_at = 0 WHERE state = 'sending' AND next_try_at IS NULL;

-- A device's subscriptions are counted and forgotten with it.
CREATE INDEX push_subscriptions_device ON push_subscriptions (device_id);
