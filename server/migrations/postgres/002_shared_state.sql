-- What replicas must agree on, which one process keeps in memory on SQLite:
-- rate-limit windows, the wrong-password delays of each account, the keys
-- every replica signs with, and the runs of the periodic jobs (each run is
-- claimed once for the cluster).

CREATE TABLE rate_limits (
    name       TEXT   NOT NULL,
    key        TEXT   NOT NULL,
    started_at BIGINT NOT NULL,
    count      BIGINT NOT NULL,
    PRIMARY KEY (name, key)
);
CREATE INDEX rate_limits_by_start ON rate_limits (started_at);

CREATE TABLE login_failures (
    key     TEXT   PRIMARY KEY,
    count   BIGINT NOT NULL,
    last_at BIGINT NOT NULL
);

CREATE TABLE signing_keys (
    name       TEXT   PRIMARY KEY,
    secret     TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE job_runs (
    job     TEXT   PRIMARY KEY,
    next_at BIGINT NOT NULL
);
