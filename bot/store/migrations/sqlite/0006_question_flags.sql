-- Questions members flagged ("Report question"): one flag per member, question and server, so a member
-- flagging a question twice counts once. guild_id 0: flagged in direct messages (no server's moderators).

CREATE TABLE question_flags (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    deck_id     TEXT    NOT NULL,
    question_id TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    reason      TEXT    NOT NULL CHECK (reason IN ('wrong', 'unclear', 'typo', 'other')),
    note        TEXT,
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'resolved')),
    flagged_at  INTEGER NOT NULL,
    closed_at   INTEGER,
    closed_by   INTEGER,
    UNIQUE (guild_id, deck_id, question_id, user_id)
);
CREATE INDEX question_flags_open ON question_flags (guild_id, status);
