-- Each kind's boxes in an R*Tree of its own: a search for trails never looks
-- up a farm's row to learn it is not a trail, and the other way round.
CREATE VIRTUAL TABLE farms_box USING rtree(id, min_lat, max_lat, min_lon, max_lon);
CREATE VIRTUAL TABLE trails_box USING rtree(id, min_lat, max_lat, min_lon, max_lon);
INSERT INTO farms_box (id, min_lat, max_lat, min_lon, max_lon)
    SELECT x.id, x.min_lat, x.max_lat, x.min_lon, x.max_lon
    FROM places_box x JOIN places p ON p.id = x.id WHERE p.kind = 'farm';
INSERT INTO trails_box (id, min_lat, max_lat, min_lon, max_lon)
    SELECT x.id, x.min_lat, x.max_lat, x.min_lon, x.max_lon
    FROM places_box x JOIN places p ON p.id = x.id WHERE p.kind = 'trail';
DROP TABLE places_box;
