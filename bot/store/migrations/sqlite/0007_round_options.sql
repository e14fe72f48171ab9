-- Round options (issue 14): each server's defaults, and the values a round was started with, so that a
-- round resumed after a restart plays on with them. Off or neutral by default.

ALTER TABLE guild_settings ADD COLUMN podium          INTEGER NOT NULL DEFAULT 3;     -- summary podium places, 1-10
ALTER TABLE guild_settings ADD COLUMN standings       TEXT    NOT NULL DEFAULT 'end'; -- end | live | hidden
ALTER TABLE guild_settings ADD COLUMN streak_bonus    INTEGER NOT NULL DEFAULT 0;     -- 0 or 1
ALTER TABLE guild_settings ADD COLUMN reading_seconds INTEGER NOT NULL DEFAULT 0;     -- 0-30
ALTER TABLE guild_settings ADD COLUMN untimed         INTEGER NOT NULL DEFAULT 0;     -- 0 or 1
ALTER TABLE guild_settings ADD COLUMN long_prompts    INTEGER NOT NULL DEFAULT 0;     -- 0 or 1
ALTER TABLE guild_settings ADD COLUMN tags            TEXT    NOT NULL DEFAULT '';    -- default tag filter, space-separated
ALTER TABLE guild_settings ADD COLUMN difficulty      TEXT;                           -- default filter: easy | medium | hard
ALTER TABLE guild_settings ADD COLUMN thread          INTEGER NOT NULL DEFAULT 0;     -- rounds in a new thread: 0 or 1
ALTER TABLE guild_settings ADD COLUMN teams           INTEGER NOT NULL DEFAULT 0;     -- 0 (no teams) or 2-4

ALTER TABLE rounds ADD COLUMN podium          INTEGER NOT NULL DEFAULT 3;
ALTER TABLE rounds ADD COLUMN standings       TEXT    NOT NULL DEFAULT 'end';
ALTER TABLE rounds ADD COLUMN streak_bonus    INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rounds ADD COLUMN reading_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rounds ADD COLUMN untimed         INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rounds ADD COLUMN long_prompts    INTEGER NOT NULL DEFAULT 0;
-- A round in a thread runs in channel_id (the thread); its summary is also posted here.
ALTER TABLE rounds ADD COLUMN parent_channel_id INTEGER;
ALTER TABLE rounds ADD COLUMN teams           INTEGER NOT NULL DEFAULT 0;

-- Votes on a round's polls (questions with no right answer): kept apart from answers, so that they
-- never count on a board or in anyone's accuracy; /quiz report shows how they fell.
CREATE TABLE poll_votes (
    round_id       INTEGER NOT NULL REFERENCES rounds (id),
    question_index INTEGER NOT NULL,
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    choice         INTEGER NOT NULL,   -- original choice index
    voted_at       INTEGER NOT NULL,
    -- One vote per member per poll: the database refuses the second, whoever asks.
    PRIMARY KEY (round_id, question_index, user_id)
);

-- Who plays for which team in a round of teams (teams numbered from 0); a switch keeps the row.
CREATE TABLE round_teams (
    round_id INTEGER NOT NULL REFERENCES rounds (id),
    user_id  INTEGER NOT NULL,
    team     INTEGER NOT NULL,
    joined   INTEGER PRIMARY KEY AUTOINCREMENT,  -- join order: Auto-balance keeps the earliest in place
    UNIQUE (round_id, user_id)
);
