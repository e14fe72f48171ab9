-- Leaderboards without scanning answers: running totals kept by a trigger in the same statement (so the
-- same transaction) as the answers' insert, and the indexes member stats, reports and look-ups need.

-- Per server, UTC day, member and deck: "today", "this week" and "this month" boards add these up.
CREATE TABLE board_days (
    guild_id BIGINT  NOT NULL,
    day      INTEGER NOT NULL,         -- whole days since 1970-01-01 UTC
    user_id  BIGINT  NOT NULL,
    deck_id  TEXT    NOT NULL,
    points   BIGINT  NOT NULL,
    correct  BIGINT  NOT NULL,
    answered BIGINT  NOT NULL,
    last_at  BIGINT  NOT NULL,         -- the member's latest answer in this row: the tie-break
    PRIMARY KEY (guild_id, day, user_id, deck_id)
);

-- All-time totals per server, deck and member; deck_id '' holds the member's total over every deck.
CREATE TABLE board_totals (
    guild_id BIGINT NOT NULL,
    deck_id  TEXT   NOT NULL,
    user_id  BIGINT NOT NULL,
    points   BIGINT NOT NULL,
    correct  BIGINT NOT NULL,
    answered BIGINT NOT NULL,
    last_at  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, deck_id, user_id)
);
-- Ranks count who has more points on one board: an index in that order makes the count a range scan.
CREATE INDEX board_totals_by_points ON board_totals (guild_id, deck_id, points);

-- One statement-level trigger, not one per row: it sees every row a statement inserted (only those it
-- really inserted: ON CONFLICT DO NOTHING leaves duplicates out of `added`) and adds them up in one pass,
-- so a single answer and a bulk import of a million take the same path. Rows are summed in key order,
-- so two transactions adding to the same totals lock them in the same order and cannot deadlock.
CREATE FUNCTION answers_add_to_boards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO board_days AS b (guild_id, day, user_id, deck_id, points, correct, answered, last_at)
    SELECT guild_id, answered_at / 86400000, user_id, deck_id, SUM(points), SUM(correct), COUNT(*),
           MAX(answered_at)
    FROM added GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (guild_id, day, user_id, deck_id) DO UPDATE SET
        points = b.points + excluded.points, correct = b.correct + excluded.correct,
        answered = b.answered + excluded.answered, last_at = greatest(b.last_at, excluded.last_at);
    INSERT INTO board_totals AS b (guild_id, deck_id, user_id, points, correct, answered, last_at)
    SELECT guild_id, deck, user_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at)
    FROM added CROSS JOIN LATERAL (VALUES (added.deck_id), ('')) AS decks (deck)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET
        points = b.points + excluded.points, correct = b.correct + excluded.correct,
        answered = b.answered + excluded.answered, last_at = greatest(b.last_at, excluded.last_at);
    RETURN NULL;
END;
$$;

CREATE TRIGGER answers_add_to_boards AFTER INSERT ON answers
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION answers_add_to_boards();

-- A member's answers in time order: /stats, streaks, weekly chart, "practise what I missed".
CREATE INDEX answers_by_member ON answers (user_id, guild_id, answered_at);

-- The last ended round of a channel (for /quiz report) and every round of a deck in a server.
CREATE INDEX rounds_ended_by_channel ON rounds (channel_id, ended_at) WHERE status <> 'running';
CREATE INDEX rounds_by_deck ON rounds (guild_id, deck_id);
