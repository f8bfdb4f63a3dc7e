-- The areas the live Overpass source was asked about: a search whose box lies
-- inside one fetched in the last 7 days is answered from the stored places.
CREATE TABLE place_fetches (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('farm', 'trail')),
    min_lat REAL NOT NULL,
    max_lat REAL NOT NULL,
    min_lon REAL NOT NULL,
    max_lon REAL NOT NULL,
    fetched_at INTEGER NOT NULL
);
CREATE INDEX place_fetches_kind ON place_fetches(kind, fetched_at);
