-- Practice sessions survive a restart: each one's engine state, saved after every answer.

-- AUTOINCREMENT, so an id is never given twice, even after the newest session ended and was deleted:
-- the buttons of an old practice message can never reach someone else's newer session.
CREATE TABLE practices (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    deck_id    TEXT    NOT NULL,
    state      TEXT    NOT NULL,       -- JSON of the engine's PracticeSession
    started_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
-- Abandoned sessions are forgotten by their last save.
CREATE INDEX practices_by_update ON practices (updated_at);
