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

-- Period boards and ranks sum a server's days: with every column they read in this index, they read
-- the index alone (once vacuumed), not rows spread over the whole table. It costs each answer one more
-- index update; measured, it halves the month board at 1,000,000 answers.
CREATE INDEX board_days_by_server_day ON board_days (guild_id, day)
    INCLUDE (user_id, deck_id, points, correct, answered, last_at);

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

-- Every answer adds itself to the boards in the same statement, so the same transaction: nothing can
-- insert an answer the boards miss. One row-level trigger with two single-row upserts: measured, a
-- statement-level trigger over a transition table cost four times as much per click. A bulk load
-- (import_answers, copy-db) disables it inside its own transaction and sums the new rows in one pass.
CREATE FUNCTION answers_add_to_boards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO board_days AS b (guild_id, day, user_id, deck_id, points, correct, answered, last_at)
    VALUES (new.guild_id, new.answered_at / 86400000, new.user_id, new.deck_id, new.points, new.correct, 1,
            new.answered_at)
    ON CONFLICT (guild_id, day, user_id, deck_id) DO UPDATE SET
        points = b.points + excluded.points, correct = b.correct + excluded.correct,
        answered = b.answered + 1, last_at = greatest(b.last_at, excluded.last_at);
    -- The deck's row, then the all-decks row (''), always in this order: two transactions adding to the
    -- same member's totals lock them in the same order, so they cannot deadlock.
    INSERT INTO board_totals AS b (guild_id, deck_id, user_id, points, correct, answered, last_at)
    VALUES (new.guild_id, new.deck_id, new.user_id, new.points, new.correct, 1, new.answered_at),
           (new.guild_id, '', new.user_id, new.points, new.correct, 1, new.answered_at)
    ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET
        points = b.points + excluded.points, correct = b.correct + excluded.correct,
        answered = b.answered + 1, last_at = greatest(b.last_at, excluded.last_at);
    RETURN NULL;
END;
$$;

CREATE TRIGGER answers_add_to_boards AFTER INSERT ON answers
    FOR EACH ROW EXECUTE FUNCTION answers_add_to_boards();

-- A member's answers in time order: /stats, streaks, weekly chart, "practise what I missed".
CREATE INDEX answers_by_member ON answers (user_id, guild_id, answered_at);

-- The last ended round of a channel (for /quiz report) and every round of a deck in a server.
CREATE INDEX rounds_ended_by_channel ON rounds (channel_id, ended_at) WHERE status <> 'running';
CREATE INDEX rounds_by_deck ON rounds (guild_id, deck_id);
