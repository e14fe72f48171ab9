-- The group's calendar (issue 20): each server's time zone and champion role, scheduled rounds, and the
-- claims that make each occurrence of anything timed happen once, whichever process (or restart) sees it.

CREATE TABLE calendar_settings (
    guild_id         INTEGER PRIMARY KEY,
    timezone         TEXT    NOT NULL DEFAULT 'UTC',   -- an IANA name
    champion_role_id INTEGER,
    champion_period  TEXT    NOT NULL DEFAULT 'month', -- week | month
    champion_count   INTEGER NOT NULL DEFAULT 1,       -- 1-10
    champion_problem TEXT,                             -- why the last handover failed, for /about
    champion_next_at INTEGER                            -- the end of the running period (UTC ms); NULL: no role
);
CREATE INDEX calendar_champions_due ON calendar_settings (champion_next_at) WHERE champion_next_at IS NOT NULL;

-- Who holds a server's champion role, by the period they won it for: the next handover takes it back.
CREATE TABLE champions (
    guild_id   INTEGER NOT NULL,
    period_end INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, period_end, user_id)
);

CREATE TABLE schedules (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    deck_id          TEXT    NOT NULL,
    at               TEXT    NOT NULL,            -- HH:MM in the server's zone
    repeat           TEXT    NOT NULL,            -- once | daily | weekdays | weekly
    days             TEXT    NOT NULL DEFAULT '', -- mon,wed,fri for weekly
    questions        INTEGER,                     -- NULL: the server's default
    seconds          INTEGER,
    mode             TEXT,
    announce_minutes INTEGER NOT NULL DEFAULT 0,
    ping_role_id     INTEGER,
    created_by       INTEGER NOT NULL,
    created_at       INTEGER NOT NULL,
    next_at          INTEGER,                     -- the next occurrence (UTC ms); NULL once a `once` ran
    wake_at          INTEGER,                     -- when the runner looks next: the announcement or next_at
    announced        INTEGER NOT NULL DEFAULT 0,  -- next_at's announcement was posted
    last_result      TEXT,
    last_at          INTEGER,
    removed          INTEGER NOT NULL DEFAULT 0
);
-- What is due at a minute: a range scan over the schedules still to run.
CREATE INDEX schedules_wake ON schedules (wake_at) WHERE wake_at IS NOT NULL AND removed = 0;
CREATE INDEX schedules_guild ON schedules (guild_id) WHERE removed = 0;

-- One row per occurrence that happened: the primary key refuses a second claim of it.
CREATE TABLE calendar_claims (
    kind          TEXT    NOT NULL,  -- round | announce | qotd | qotd-reveal | champion
    key_id        INTEGER NOT NULL,  -- a schedule's id, or a server's
    occurrence_at INTEGER NOT NULL,  -- the occurrence's UTC ms
    claimed_at    INTEGER NOT NULL,
    PRIMARY KEY (kind, key_id, occurrence_at)
);

-- The question of the day: one per server, posted in one channel at a time in the server's zone.
CREATE TABLE qotd_settings (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    deck_id    TEXT    NOT NULL,
    at         TEXT    NOT NULL,  -- HH:MM in the server's zone
    set_by     INTEGER NOT NULL,
    next_at    INTEGER,           -- the next posting (UTC ms); NULL while it is off
    enabled    INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX qotd_settings_next ON qotd_settings (next_at) WHERE enabled = 1;

-- Each day's question: its primary key is the claim, so a day's question is posted once.
CREATE TABLE qotd_days (
    guild_id    INTEGER NOT NULL,
    day         INTEGER NOT NULL,  -- the server's date, YYYYMMDD
    channel_id  INTEGER NOT NULL,
    deck_id     TEXT    NOT NULL,
    question_id TEXT    NOT NULL,
    seed        INTEGER NOT NULL,  -- the order of its choices
    message_id  INTEGER,
    posted_at   INTEGER NOT NULL,
    closes_at   INTEGER NOT NULL,
    revealed_at INTEGER,
    PRIMARY KEY (guild_id, day)
);
CREATE INDEX qotd_days_open ON qotd_days (closes_at) WHERE revealed_at IS NULL;

-- One answer per member and day: the first stands.
CREATE TABLE qotd_answers (
    guild_id    INTEGER NOT NULL,
    day         INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    choice      INTEGER NOT NULL,  -- the original choice index
    correct     INTEGER NOT NULL,
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day, user_id)
);
CREATE INDEX qotd_answers_member ON qotd_answers (guild_id, user_id, day);

-- Assignments: the same questions for every member, played privately before a due time.
CREATE TABLE assignments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    message_id   INTEGER,           -- the assignment message with its Start button
    deck_id      TEXT    NOT NULL,
    question_ids TEXT    NOT NULL,  -- JSON list, in the order every member gets them
    seed         INTEGER NOT NULL,  -- with the member's id, the order of each member's choices
    due_at       INTEGER NOT NULL,
    attempts     INTEGER NOT NULL,  -- 1-3: the best counts
    late         TEXT    NOT NULL,  -- allow | refuse
    created_by   INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    closed_at    INTEGER
);
CREATE INDEX assignments_guild ON assignments (guild_id, id);

CREATE TABLE assignment_attempts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    assignment_id INTEGER NOT NULL REFERENCES assignments (id),
    user_id       INTEGER NOT NULL,
    number        INTEGER NOT NULL,  -- 1, 2, 3: a member's attempts in order
    started_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    UNIQUE (assignment_id, user_id, number)
);

-- One answer per attempt and question: the first stands.
CREATE TABLE assignment_answers (
    attempt_id     INTEGER NOT NULL REFERENCES assignment_attempts (id),
    question_index INTEGER NOT NULL,
    question_id    TEXT    NOT NULL,
    choice         INTEGER NOT NULL,  -- the original choice index
    correct        INTEGER NOT NULL,
    ms             INTEGER NOT NULL,  -- from the question's showing to the answer
    answered_at    INTEGER NOT NULL,
    PRIMARY KEY (attempt_id, question_index)
);
