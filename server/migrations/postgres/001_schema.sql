-- Manna's store on PostgreSQL: the tables of the SQLite migrations 001 to
-- 013 as they stand, in PostgreSQL's types. Times are milliseconds (or
-- seconds where noted) in BIGINT; JSON bodies are text, as on SQLite. Tables
-- read in insertion order have a `rowid` (SQLite's implicit one) so the same
-- queries run on both engines.

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The lifetime of this database: a restore from backup gets a new epoch.
INSERT INTO meta (key, value)
VALUES ('epoch', substr(md5(random()::text || clock_timestamp()::text), 1, 16));

-- Daily content, loaded from server/content/*.json.
CREATE TABLE content_items (
    kind     TEXT   NOT NULL,
    position BIGINT NOT NULL,
    id       TEXT   NOT NULL,
    body     TEXT   NOT NULL,
    PRIMARY KEY (kind, position),
    UNIQUE (kind, id)
);

-- Users (anonymous, and accounts with an email), with their change counter
-- and storage totals.
CREATE TABLE users (
    id             TEXT   PRIMARY KEY,
    version        BIGINT NOT NULL DEFAULT 0,
    purged_through BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    email          TEXT,
    password_hash  TEXT,
    first_name     TEXT,
    last_name      TEXT,
    merged_into    TEXT REFERENCES users(id),
    record_count   BIGINT NOT NULL DEFAULT 0,
    stored_bytes   BIGINT NOT NULL DEFAULT 0,
    history_bytes  BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX users_by_email ON users (email) WHERE email IS NOT NULL;

CREATE TABLE devices (
    id         TEXT   PRIMARY KEY,
    user_id    TEXT   NOT NULL REFERENCES users(id),
    token_hash TEXT   NOT NULL UNIQUE,
    acked_seq  BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX devices_by_user ON devices (user_id);

-- Who a token belongs to changed: every replica forgets the devices it
-- remembered (see DeviceMemo).
CREATE FUNCTION manna_devices_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('manna_devices', '');
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER devices_deleted AFTER DELETE ON devices
    FOR EACH STATEMENT EXECUTE FUNCTION manna_devices_changed();
CREATE TRIGGER devices_moved AFTER UPDATE OF user_id, token_hash ON devices
    FOR EACH STATEMENT EXECUTE FUNCTION manna_devices_changed();

CREATE TABLE records (
    user_id    TEXT    NOT NULL REFERENCES users(id),
    tbl        TEXT    NOT NULL,
    id         TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    version    BIGINT  NOT NULL,
    deleted    BOOLEAN NOT NULL,
    updated_at BIGINT  NOT NULL,
    rowid      BIGINT  GENERATED ALWAYS AS IDENTITY UNIQUE,
    PRIMARY KEY (user_id, tbl, id)
);
CREATE INDEX records_by_version ON records (user_id, version);

CREATE TABLE revisions (
    rowid      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    TEXT   NOT NULL REFERENCES users(id),
    tbl        TEXT   NOT NULL,
    id         TEXT   NOT NULL,
    field      TEXT,
    value      TEXT   NOT NULL,
    device     TEXT   NOT NULL,
    reason     TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX revisions_by_record ON revisions (user_id, tbl, id);
CREATE INDEX revisions_by_user ON revisions (user_id, reason);

CREATE TABLE sessions (
    token_hash TEXT   PRIMARY KEY,
    user_id    TEXT   NOT NULL REFERENCES users(id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE verified_emails (
    user_id     TEXT   NOT NULL REFERENCES users(id),
    email       TEXT   NOT NULL,
    verified_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, email)
);
CREATE INDEX verified_emails_by_email ON verified_emails (email);

CREATE TABLE email_codes (
    id         BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    TEXT    NOT NULL REFERENCES users(id),
    email      TEXT    NOT NULL,
    code_hash  TEXT    NOT NULL,
    expires_at BIGINT  NOT NULL,
    attempts   BIGINT  NOT NULL DEFAULT 0,
    used       BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT  NOT NULL
);
CREATE INDEX email_codes_by_user ON email_codes (user_id, email);

-- Stripe subscriptions as last read from Stripe (times in seconds).
CREATE TABLE subscriptions (
    id                 TEXT   PRIMARY KEY,
    customer_id        TEXT   NOT NULL,
    user_id            TEXT   REFERENCES users(id),
    email              TEXT,
    plan               TEXT   NOT NULL CHECK (plan IN ('monthly', 'annual')),
    status             TEXT   NOT NULL,
    trial_end          BIGINT,
    current_period_end BIGINT,
    stripe_seen_at     BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL,
    started_at         BIGINT
);
CREATE INDEX subscriptions_by_user ON subscriptions (user_id);
CREATE INDEX subscriptions_by_email ON subscriptions (email);
CREATE INDEX subscriptions_by_customer ON subscriptions (customer_id);

CREATE TABLE checkout_sessions (
    id         TEXT   PRIMARY KEY,
    user_id    TEXT   NOT NULL REFERENCES users(id),
    plan       TEXT   NOT NULL CHECK (plan IN ('monthly', 'annual')),
    created_at BIGINT NOT NULL
);

CREATE TABLE stripe_events (
    id          TEXT   PRIMARY KEY,
    type        TEXT   NOT NULL,
    received_at BIGINT NOT NULL
);

CREATE TABLE claims (
    from_user       TEXT   NOT NULL REFERENCES users(id),
    into_user       TEXT   NOT NULL REFERENCES users(id),
    through_version BIGINT NOT NULL,
    PRIMARY KEY (from_user, into_user)
);

CREATE TABLE calendar_feeds (
    user_id    TEXT   PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT   NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

CREATE TABLE known_logins (
    rowid      BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    token_hash TEXT   PRIMARY KEY,
    account_id TEXT   NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
);
CREATE INDEX known_logins_by_account ON known_logins (account_id);

CREATE TABLE push_subscriptions (
    endpoint   TEXT   PRIMARY KEY,
    user_id    TEXT   NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    device_id  TEXT   NOT NULL,
    p256dh     TEXT   NOT NULL,
    auth       TEXT   NOT NULL,
    time_zone  TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

CREATE TABLE push_sends (
    endpoint    TEXT   NOT NULL REFERENCES push_subscriptions(endpoint) ON DELETE CASCADE,
    source      TEXT   NOT NULL,
    due_at      BIGINT NOT NULL,
    payload     TEXT   NOT NULL,
    state       TEXT   NOT NULL,
    attempts    BIGINT NOT NULL DEFAULT 0,
    next_try_at BIGINT,
    PRIMARY KEY (endpoint, source, due_at)
);
CREATE INDEX push_sends_retry ON push_sends (state, next_try_at);

CREATE TABLE scheduler_marks (
    job        TEXT   PRIMARY KEY,
    through_at BIGINT NOT NULL
);

-- Farms and trails from OpenStreetMap (ODbL).
CREATE TABLE places (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind     TEXT   NOT NULL CHECK (kind IN ('farm', 'trail')),
    osm_type TEXT   NOT NULL CHECK (osm_type IN ('node', 'way', 'relation')),
    osm_id   BIGINT NOT NULL,
    name     TEXT   NOT NULL,
    fields   TEXT   NOT NULL,
    points   BYTEA  NOT NULL,
    source   TEXT   NOT NULL,
    UNIQUE (kind, osm_type, osm_id)
);
CREATE INDEX places_source ON places (source);

-- Each place's bounding box; the GiST index on the box finds the boxes that
-- meet a search's (as SQLite's R*Tree does).
CREATE TABLE places_box (
    id      BIGINT PRIMARY KEY REFERENCES places(id) ON DELETE CASCADE,
    min_lat DOUBLE PRECISION NOT NULL,
    max_lat DOUBLE PRECISION NOT NULL,
    min_lon DOUBLE PRECISION NOT NULL,
    max_lon DOUBLE PRECISION NOT NULL
);
CREATE INDEX places_box_area ON places_box
    USING gist (box(point(min_lon, min_lat), point(max_lon, max_lat)));

CREATE TABLE place_sources (
    source    TEXT   PRIMARY KEY,
    file_hash TEXT,
    data_time BIGINT,
    loaded_at BIGINT NOT NULL,
    places    BIGINT NOT NULL
);

CREATE TABLE place_fetches (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind       TEXT   NOT NULL CHECK (kind IN ('farm', 'trail')),
    min_lat    DOUBLE PRECISION NOT NULL,
    max_lat    DOUBLE PRECISION NOT NULL,
    min_lon    DOUBLE PRECISION NOT NULL,
    max_lon    DOUBLE PRECISION NOT NULL,
    fetched_at BIGINT NOT NULL
);
CREATE INDEX place_fetches_kind ON place_fetches (kind, fetched_at);
