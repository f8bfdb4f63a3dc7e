-- Farms and trails from OpenStreetMap (ODbL): each place once per OSM element
-- and kind, with the spec's fields the tags give (JSON), the points it is
-- measured from (a farm's one point, a trail's line) and where it came from:
-- an imported extract ('import:<file name>') or the live Overpass API
-- ('overpass').
CREATE TABLE places (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('farm', 'trail')),
    osm_type TEXT NOT NULL CHECK (osm_type IN ('node', 'way', 'relation')),
    osm_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    fields TEXT NOT NULL,
    -- The points as little-endian f32 pairs (latitude, longitude).
    points BLOB NOT NULL,
    source TEXT NOT NULL,
    UNIQUE (kind, osm_type, osm_id)
);
CREATE INDEX places_source ON places(source);

-- Each place's bounding box, for the radius search.
CREATE VIRTUAL TABLE places_box USING rtree(id, min_lat, max_lat, min_lon, max_lon);

-- What each source last brought: an extract's hash and its data's time (the
-- file's replication timestamp, when it has one), or a live fetch's time.
CREATE TABLE place_sources (
    source TEXT PRIMARY KEY,
    file_hash TEXT,
    data_time INTEGER,
    loaded_at INTEGER NOT NULL,
    places INTEGER NOT NULL
);
