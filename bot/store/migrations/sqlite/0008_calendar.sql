-- The group's calendar (issue 20): each server's time zone and champion role, scheduled rounds, and the
-- claims that make each occurrence of anything timed happen once, whichever process (or restart) sees it.

CREATE TABLE calendar_settings (
    guild_id         INTEGER PRIMARY KEY,
    timezone         TEXT    NOT NULL DEFAULT 'UTC',   -- an IANA name
    champion_role_id INTEGER,
    champion_period  TEXT    NOT NULL DEFAULT 'month', -- week | month
    champion_count   INTEGER NOT NULL DEFAULT 1,       -- 1-10
    champion_problem TEXT                              -- why the last handover failed, for /about
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
