-- Questions members suggest for a server's deck, waiting for a moderator's review (/deck review).

CREATE TABLE suggestions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    deck_id     TEXT    NOT NULL,
    author_id   INTEGER NOT NULL,
    question    TEXT    NOT NULL,       -- JSON: the question in the deck format's keys
    status      TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at  INTEGER NOT NULL,
    reviewed_by INTEGER,
    reviewed_at INTEGER
);
-- The review queue: a server's pending suggestions, oldest first.
CREATE INDEX suggestions_queue ON suggestions (guild_id, status, id);
