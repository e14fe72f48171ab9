-- Item analysis at a million answers (issue 26), as SQLite's 0013_item_figures.sql says: per member totals of
-- a deck's first tries with a mark of their changes, kept by triggers, and the figures as last computed.

CREATE TABLE first_try_totals (
    guild_id BIGINT  NOT NULL,
    deck_id  TEXT    NOT NULL,
    user_id  BIGINT  NOT NULL,
    tries    INTEGER NOT NULL,
    correct  INTEGER NOT NULL,
    changes  BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, deck_id, user_id)
);

INSERT INTO first_try_totals (guild_id, deck_id, user_id, tries, correct, changes)
SELECT guild_id, deck_id, user_id, COUNT(*), SUM(correct), COUNT(*) FROM first_tries GROUP BY 1, 2, 3;

-- Row by row in the writer's transaction, like answers_first_try, for inserts, replacements and removals.
CREATE FUNCTION first_tries_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO first_try_totals (guild_id, deck_id, user_id, tries, correct, changes)
        VALUES (new.guild_id, new.deck_id, new.user_id, 1, new.correct, 1)
        ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET
            tries = first_try_totals.tries + 1, correct = first_try_totals.correct + excluded.correct,
            changes = first_try_totals.changes + 1;
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE first_try_totals SET correct = correct - old.correct + new.correct, changes = changes + 1
        WHERE guild_id = new.guild_id AND deck_id = new.deck_id AND user_id = new.user_id;
    ELSE
        UPDATE first_try_totals SET tries = tries - 1, correct = correct - old.correct, changes = changes + 1
        WHERE guild_id = old.guild_id AND deck_id = old.deck_id AND user_id = old.user_id;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER first_tries_counted AFTER INSERT OR UPDATE OR DELETE ON first_tries
    FOR EACH ROW EXECUTE FUNCTION first_tries_counted();

CREATE TABLE item_figures (
    guild_id    BIGINT NOT NULL,
    deck_id     TEXT   NOT NULL,
    questions   TEXT   NOT NULL,
    changes     BIGINT NOT NULL,
    computed_at BIGINT NOT NULL,
    figures     TEXT   NOT NULL,
    PRIMARY KEY (guild_id, deck_id)
);
