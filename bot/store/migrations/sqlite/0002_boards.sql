-- Leaderboards without scanning answers: running totals that a trigger keeps in the same statement (so
-- the same transaction) as each answer's insert, plus the indexes that member stats, reports and round
-- look-ups need. Answers stored before this migration are summed in.

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

-- Every answer adds itself to the boards. A trigger, not application code: the answer and its totals are
-- one statement, so one commit and one trip to SQLite, and nothing can insert an answer the boards miss.
-- (Store.import_answers drops it for a bulk load and sums the new rows in one pass instead.)
CREATE TRIGGER answers_add_to_boards AFTER INSERT ON answers
BEGIN
    INSERT INTO board_days (guild_id, day, user_id, deck_id, points, correct, answered, last_at)
    VALUES (new.guild_id, new.answered_at / 86400000, new.user_id, new.deck_id, new.points, new.correct, 1,
            new.answered_at)
    ON CONFLICT (guild_id, day, user_id, deck_id) DO UPDATE SET
        points = points + excluded.points, correct = correct + excluded.correct, answered = answered + 1,
        last_at = max(last_at, excluded.last_at);
    INSERT INTO board_totals (guild_id, deck_id, user_id, points, correct, answered, last_at)
    VALUES (new.guild_id, new.deck_id, new.user_id, new.points, new.correct, 1, new.answered_at),
           (new.guild_id, '', new.user_id, new.points, new.correct, 1, new.answered_at)
    ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET
        points = points + excluded.points, correct = correct + excluded.correct, answered = answered + 1,
        last_at = max(last_at, excluded.last_at);
END;

-- A member's answers in time order: /stats, streaks, weekly chart, "practise what I missed".
CREATE INDEX answers_by_member ON answers (user_id, guild_id, answered_at);

-- The last ended round of a channel (for /quiz report) and every round of a deck in a server.
CREATE INDEX rounds_ended_by_channel ON rounds (channel_id, ended_at) WHERE status <> 'running';
CREATE INDEX rounds_by_deck ON rounds (guild_id, deck_id);
