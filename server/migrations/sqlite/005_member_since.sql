-- When each subscription began (Stripe's `start_date`, seconds): the premium
-- dashboard's "Member Since". Unknown for subscriptions stored before this.
ALTER TABLE subscriptions ADD COLUMN started_at INTEGER;
