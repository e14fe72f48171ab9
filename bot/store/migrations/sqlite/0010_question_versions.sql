-- Records of what happened are never rewritten (issue 26): every question a round, an assignment or a
-- question of the day asked is kept as it was asked, under the SHA-256 digest of its canonical JSON
-- (bot/bank/versions.py), and each of them names the versions it asked. Reports of a past round read those,
-- never today's deck. Rounds played before this migration get their versions at the bot's next start,
-- from the decks as they are then (SQL cannot read the YAML decks).

CREATE TABLE question_versions (
    digest        TEXT    PRIMARY KEY,  -- SHA-256 of body, in hex
    body          TEXT    NOT NULL,     -- the question's canonical JSON
    first_seen_at INTEGER NOT NULL
) WITHOUT ROWID;

-- JSON lists of digests, one per question in question_ids' order (null: no version known); NULL until given.
ALTER TABLE rounds ADD COLUMN versions TEXT;
ALTER TABLE assignments ADD COLUMN versions TEXT;
ALTER TABLE qotd_days ADD COLUMN version TEXT;

-- Each member's first try at each version of a question in a server's rounds: what item analysis reads, in
-- one indexed range. Written by the trigger below in the answer's own transaction; a second try is ignored.
-- version '' is an answer from before this migration, given today's version at the next start.
CREATE TABLE first_tries (
    guild_id    INTEGER NOT NULL,
    deck_id     TEXT    NOT NULL,
    question_id TEXT    NOT NULL,
    version     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    correct     INTEGER NOT NULL,
    choice      INTEGER,
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, deck_id, question_id, version, user_id)
) WITHOUT ROWID;

-- The answers there are: each member's earliest (the id breaks a tie of equal times, as they came in).
INSERT INTO first_tries (guild_id, deck_id, question_id, version, user_id, correct, choice, answered_at)
SELECT guild_id, deck_id, question_id, '', user_id, correct, choice, answered_at FROM (
    SELECT guild_id, deck_id, question_id, user_id, correct, choice, answered_at,
           ROW_NUMBER() OVER (PARTITION BY guild_id, deck_id, question_id, user_id ORDER BY answered_at, id) AS nth
    FROM answers
) WHERE nth = 1;

CREATE TRIGGER answers_first_try AFTER INSERT ON answers
BEGIN
    INSERT INTO first_tries (guild_id, deck_id, question_id, version, user_id, correct, choice, answered_at)
    SELECT new.guild_id, new.deck_id, new.question_id,
           coalesce(json_extract(r.versions, '$[' || new.question_index || ']'), ''),
           new.user_id, new.correct, new.choice, new.answered_at
    FROM rounds AS r WHERE r.id = new.round_id
    -- A second try is ignored; only an earlier one loaded late (a bulk import out of time order) takes its place.
    ON CONFLICT (guild_id, deck_id, question_id, version, user_id) DO UPDATE SET
        correct = excluded.correct, choice = excluded.choice, answered_at = excluded.answered_at
    WHERE excluded.answered_at < first_tries.answered_at;
END;
