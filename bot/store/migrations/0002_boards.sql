-- Leaderboards without scanning answers: running totals kept by record_answer in the same transaction,
-- plus the indexes that member stats, reports and round look-ups need. Existing answers are summed in.

-- Per server, UTC day, member and deck: "today", "this week" and "this month" boards add these up.
CREATE TABLE board_days (
    guild_id INTEGER NOT NULL,
    day      INTEGER NOT NULL,         -- whole days since 1970-01-01 UTC
    user_id  INTEGER NOT NULL,
    deck_id  TEXT    NOT NULL,
    points   INTEGER NOT NULL,
    correct  INTEGER NOT NULL,
    answered INTEGER NOT NULL,
    last_at  INTEGER NOT NULL,         -- the member's latest answer in this row: the tie-break
    PRIMARY KEY (guild_id, day, user_id, deck_id)
) WITHOUT ROWID;

-- All-time totals per server, deck and member; deck_id '' holds the member's total over every deck.
CREATE TABLE board_totals (
    guild_id INTEGER NOT NULL,
    deck_id  TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    points   INTEGER NOT NULL,
    correct  INTEGER NOT NULL,
    answered INTEGER NOT NULL,
    last_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, deck_id, user_id)
) WITHOUT ROWID;

INSERT INTO board_days (guild_id, day, user_id, deck_id, points, correct, answered, last_at)
SELECT guild_id, answered_at / 86400000, user_id, deck_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at)
FROM answers
GROUP BY guild_id, answered_at / 86400000, user_id, deck_id;

INSERT INTO board_totals (guild_id, deck_id, user_id, points, correct, answered, last_at)
SELECT guild_id, deck_id, user_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at)
FROM answers
GROUP BY guild_id, deck_id, user_id;

INSERT INTO board_totals (guild_id, deck_id, user_id, points, correct, answered, last_at)
SELECT guild_id, '', user_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at)
FROM answers
GROUP BY guild_id, user_id;

-- A member's answers in time order: /stats, streaks, weekly chart, "practise what I missed".
CREATE INDEX answers_by_member ON answers (user_id, guild_id, answered_at);

-- The last ended round of a channel (for /quiz report) and every round of a deck in a server.
CREATE INDEX rounds_ended_by_channel ON rounds (channel_id, ended_at) WHERE status <> 'running';
CREATE INDEX rounds_by_deck ON rounds (guild_id, deck_id);
