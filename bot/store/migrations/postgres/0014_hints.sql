-- Hints on typed answers (issue 30), as SQLite's 0014_hints.sql says: the server's switch, the round's, and
-- each member's presses of Hint on each question.
ALTER TABLE guild_settings ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;  -- 0 or 1
ALTER TABLE rounds ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;

CREATE TABLE round_hints (
    round_id       BIGINT  NOT NULL REFERENCES rounds (id),
    question_index INTEGER NOT NULL,
    user_id        BIGINT  NOT NULL,
    hints          INTEGER NOT NULL CHECK (hints BETWEEN 1 AND 3),
    PRIMARY KEY (round_id, question_index, user_id)
);
