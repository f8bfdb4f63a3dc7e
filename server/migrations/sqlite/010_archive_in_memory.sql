-- The archive is searched by the core's rules over the content in memory (the
-- same rules the app runs offline), so its full-text index is no longer kept.
DROP TABLE IF EXISTS archive_fts;
