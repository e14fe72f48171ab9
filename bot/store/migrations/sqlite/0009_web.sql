-- The web dashboard: signed-in browser sessions, the audit log of changes made there, and a version per
-- server's decks that every process compares with its own copy before using them.

-- One row per signed-in browser. The cookie carries the session's id; only its SHA-256 is kept, so a copy
-- of the database opens no one's session. guilds: JSON, the servers Discord listed at login.
CREATE TABLE web_sessions (
    id_hash     TEXT    PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    user_name   TEXT    NOT NULL,
    guilds      TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
CREATE INDEX web_sessions_by_expiry ON web_sessions (expires_at);

-- Who changed what, when: every change made on the web, readable by the server's moderators.
CREATE TABLE web_audit (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    user_name   TEXT    NOT NULL,
    at          INTEGER NOT NULL,
    action      TEXT    NOT NULL,       -- a short verb phrase: "settings saved", "flag resolved"...
    detail      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX web_audit_by_guild ON web_audit (guild_id, id);

-- A server's decks change (the web's editor, /deck import): its version goes up by one, in the same
-- store every process reads, so a process holding an older copy loads the decks again before a round.
CREATE TABLE deck_versions (
    guild_id    INTEGER PRIMARY KEY,
    version     INTEGER NOT NULL
);

-- The round list of a server's reports, newest first.
CREATE INDEX rounds_by_guild ON rounds (guild_id, id);

-- The deck pages' item analysis and weekly chart read one deck's answers in one server.
CREATE INDEX answers_by_deck ON answers (guild_id, deck_id);
