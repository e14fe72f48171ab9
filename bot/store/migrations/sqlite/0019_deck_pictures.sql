-- Pictures uploaded for a server deck's questions (issue 29): a server's deck is kept as its text, so the
-- pictures its questions show (`image: picture:NAME`) are kept here beside it, one row a picture, named
-- after its bytes' SHA-256. Deleting the deck deletes its pictures; copying it copies them. A rowid
-- table, not WITHOUT ROWID: SQLite keeps rows of megabytes badly in a WITHOUT ROWID table's b-tree.
CREATE TABLE deck_pictures (
    guild_id     INTEGER NOT NULL,
    deck_id      TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    content_type TEXT    NOT NULL,
    data         BLOB    NOT NULL,
    sha256       TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, deck_id, name)
);
CREATE INDEX deck_pictures_by_name ON deck_pictures (guild_id, name);
