-- Item analysis at a million answers (issue 26): its figures rank every member by their score on the rest of
-- the deck, so they cannot be summed per answer as they come; they are computed off the page and kept here,
-- with a mark that says whether any first try of the deck changed since.

-- Per server, deck and member: their first tries (any version), how many were right, and how many times the
-- member's first tries of the deck changed (a try added, replaced by an earlier one, moved or removed).
-- Kept by the triggers below, whoever writes first_tries (the answers' trigger, the start-up's versions).
CREATE TABLE first_try_totals (
    guild_id INTEGER NOT NULL,
    deck_id  TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    tries    INTEGER NOT NULL,
    correct  INTEGER NOT NULL,
    changes  INTEGER NOT NULL,  -- only grows: the deck's sum of it is the mark item_figures keeps
    PRIMARY KEY (guild_id, deck_id, user_id)
) WITHOUT ROWID;

INSERT INTO first_try_totals (guild_id, deck_id, user_id, tries, correct, changes)
SELECT guild_id, deck_id, user_id, COUNT(*), SUM(correct), COUNT(*) FROM first_tries GROUP BY 1, 2, 3;

CREATE TRIGGER first_tries_added AFTER INSERT ON first_tries
BEGIN
    INSERT INTO first_try_totals (guild_id, deck_id, user_id, tries, correct, changes)
    VALUES (new.guild_id, new.deck_id, new.user_id, 1, new.correct, 1)
    ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET
        tries = tries + 1, correct = correct + excluded.correct, changes = changes + 1;
END;

CREATE TRIGGER first_tries_replaced AFTER UPDATE ON first_tries
BEGIN
    UPDATE first_try_totals SET correct = correct - old.correct + new.correct, changes = changes + 1
    WHERE guild_id = new.guild_id AND deck_id = new.deck_id AND user_id = new.user_id;
END;

CREATE TRIGGER first_tries_removed AFTER DELETE ON first_tries
BEGIN
    UPDATE first_try_totals SET tries = tries - 1, correct = correct - old.correct, changes = changes + 1
    WHERE guild_id = old.guild_id AND deck_id = old.deck_id AND user_id = old.user_id;
END;

-- A deck's item figures as last computed (bot/results/item_figures.py): for which questions (a digest of
-- their ids, versions and keys), at which mark, when; the figures themselves as JSON (sums, no member ids).
CREATE TABLE item_figures (
    guild_id    INTEGER NOT NULL,
    deck_id     TEXT    NOT NULL,
    questions   TEXT    NOT NULL,
    changes     INTEGER NOT NULL,
    computed_at INTEGER NOT NULL,
    figures     TEXT    NOT NULL,
    PRIMARY KEY (guild_id, deck_id)
) WITHOUT ROWID;
