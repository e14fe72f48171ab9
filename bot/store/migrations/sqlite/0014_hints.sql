-- Hints on typed answers (issue 30): a server may turn them off (on by default), a round keeps whether it
-- offers them, and each member's presses of Hint on each question are kept, so a restart loses none.
ALTER TABLE guild_settings ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;  -- 0 or 1
ALTER TABLE rounds ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;

CREATE TABLE round_hints (
    round_id       INTEGER NOT NULL REFERENCES rounds (id),
    question_index INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    hints          INTEGER NOT NULL CHECK (hints BETWEEN 1 AND 3),
    PRIMARY KEY (round_id, question_index, user_id)
) WITHOUT ROWID;
