-- Daily content, loaded from server/content/*.json. `position` is the item's
-- place in its file, which is what the rotation indexes.
CREATE TABLE content_items (
    kind     TEXT    NOT NULL,
    position INTEGER NOT NULL,
    id       TEXT    NOT NULL,
    body     TEXT    NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (kind, position),
    UNIQUE (kind, id)
) STRICT;

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
