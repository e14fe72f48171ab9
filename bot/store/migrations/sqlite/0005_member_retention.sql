-- Each member's desired retention (fsrs's parameter), beside their language; either may be unset.
-- SQLite cannot drop a NOT NULL in place, so the table is rebuilt with its rows.

CREATE TABLE member_settings_new (
    user_id   INTEGER PRIMARY KEY,
    language  TEXT,
    retention REAL CHECK (retention IS NULL OR (retention >= 0.70 AND retention <= 0.97))
);
INSERT INTO member_settings_new (user_id, language) SELECT user_id, language FROM member_settings;
DROP TABLE member_settings;
ALTER TABLE member_settings_new RENAME TO member_settings;
