-- The archive's full-text index: one row per item of the four archive kinds
-- (readings, health tips, food spotlights, exercises), rebuilt with the content.
-- Words are matched by their stem: "anxiety" finds "anxieties".
CREATE VIRTUAL TABLE archive_fts USING fts5(
    kind UNINDEXED,
    item_id UNINDEXED,
    title,
    body,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
