-- Pictures uploaded for a server deck's questions (issue 29), as SQLite's 0019_deck_pictures.sql says:
-- one row a picture, beside its deck, named after its bytes' SHA-256.
CREATE TABLE deck_pictures (
    guild_id     BIGINT NOT NULL,
    deck_id      TEXT   NOT NULL,
    name         TEXT   NOT NULL,
    content_type TEXT   NOT NULL,
    data         BYTEA  NOT NULL,
    sha256       TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (guild_id, deck_id, name)
);
CREATE INDEX deck_pictures_by_name ON deck_pictures (guild_id, name);
