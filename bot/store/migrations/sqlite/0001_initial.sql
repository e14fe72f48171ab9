-- Bvunzo's first schema: settings, rounds and their questions, answers, practice, memories, uploaded decks.
-- Every time is an integer: milliseconds since 1970-01-01 00:00 UTC.
-- A migration runs inside one transaction opened by the store: no BEGIN/COMMIT, VACUUM or journal pragmas here.

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id            INTEGER PRIMARY KEY,
    quiz_master_role_id INTEGER,
    questions           INTEGER NOT NULL,
    seconds             INTEGER NOT NULL,
    mode                TEXT    NOT NULL,
    pause_seconds       INTEGER NOT NULL,
    language            TEXT
);

CREATE TABLE member_settings (
    user_id  INTEGER PRIMARY KEY,
    language TEXT NOT NULL
);

CREATE TABLE rounds (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    deck_id          TEXT    NOT NULL,
    started_by       INTEGER NOT NULL,
    question_ids     TEXT    NOT NULL,  -- JSON array of question ids in play order
    seconds          INTEGER NOT NULL,
    mode             TEXT    NOT NULL,
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'running'
                     CHECK (status IN ('running', 'finished', 'stopped', 'interrupted')),
    current          INTEGER NOT NULL DEFAULT -1,
    posted_at        INTEGER,
    message_id       INTEGER,
    revealed         INTEGER NOT NULL DEFAULT 0,
    intro_message_id INTEGER,
    started_at       INTEGER NOT NULL,
    ended_at         INTEGER,
    end_reason       TEXT
);

-- One running round per channel, kept by the database itself so two moderators racing cannot both win.
CREATE UNIQUE INDEX rounds_one_running_per_channel ON rounds (channel_id) WHERE status = 'running';

CREATE TABLE round_questions (
    round_id    INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL,
    question_id TEXT    NOT NULL,
    message_id  INTEGER,
    posted_at   INTEGER NOT NULL,
    revealed_at INTEGER,
    PRIMARY KEY (round_id, idx)
) WITHOUT ROWID;

CREATE TABLE answers (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    round_id       INTEGER NOT NULL REFERENCES rounds (id),
    question_index INTEGER NOT NULL,
    question_id    TEXT    NOT NULL,
    deck_id        TEXT    NOT NULL,
    user_id        INTEGER NOT NULL,
    choice         INTEGER,            -- original choice index; NULL for typed answers
    text           TEXT,               -- the typed answer; NULL for choices
    correct        INTEGER NOT NULL,   -- 0 or 1
    ms             INTEGER NOT NULL,
    points         INTEGER NOT NULL,
    answered_at    INTEGER NOT NULL,
    -- A member answers a question of a round once: the database refuses the second, whoever asks.
    UNIQUE (round_id, question_index, user_id)
);

CREATE TABLE practice_answers (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER,               -- NULL when practised in direct messages
    deck_id     TEXT    NOT NULL,
    question_id TEXT    NOT NULL,
    correct     INTEGER NOT NULL,
    answered_at INTEGER NOT NULL
);
CREATE INDEX practice_answers_by_member ON practice_answers (user_id, answered_at);

CREATE TABLE memories (
    user_id     INTEGER NOT NULL,
    deck_id     TEXT    NOT NULL,
    question_id TEXT    NOT NULL,
    card        TEXT    NOT NULL,      -- the fsrs Card as JSON
    due         INTEGER NOT NULL,
    reviews     INTEGER NOT NULL,
    lapses      INTEGER NOT NULL,
    last_review INTEGER,
    PRIMARY KEY (user_id, deck_id, question_id)
) WITHOUT ROWID;
CREATE INDEX memories_by_due ON memories (user_id, due);

CREATE TABLE guild_decks (
    guild_id    INTEGER NOT NULL,
    deck_id     TEXT    NOT NULL,
    source_name TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    uploaded_by INTEGER NOT NULL,
    uploaded_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, deck_id)
);
