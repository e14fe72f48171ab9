-- Records of what happened are never rewritten (issue 26), as SQLite's 0010_question_versions.sql says: the
-- versions of the questions each round, assignment and question of the day asked, and first tries per version.

CREATE TABLE question_versions (
    digest        TEXT   PRIMARY KEY,  -- SHA-256 of body, in hex
    body          TEXT   NOT NULL,     -- the question's canonical JSON
    first_seen_at BIGINT NOT NULL
);

-- JSON lists of digests, one per question in question_ids' order (null: no version known); NULL until given.
ALTER TABLE rounds ADD COLUMN versions TEXT;
ALTER TABLE assignments ADD COLUMN versions TEXT;
ALTER TABLE qotd_days ADD COLUMN version TEXT;

-- version '' is an answer from before this migration, given today's version at the next start.
CREATE TABLE first_tries (
    guild_id    BIGINT   NOT NULL,
    deck_id     TEXT     NOT NULL,
    question_id TEXT     NOT NULL,
    version     TEXT     NOT NULL,
    user_id     BIGINT   NOT NULL,
    correct     INTEGER  NOT NULL,
    choice      INTEGER,
    answered_at BIGINT   NOT NULL,
    PRIMARY KEY (guild_id, deck_id, question_id, version, user_id)
);

INSERT INTO first_tries (guild_id, deck_id, question_id, version, user_id, correct, choice, answered_at)
SELECT DISTINCT ON (guild_id, deck_id, question_id, user_id)
       guild_id, deck_id, question_id, '', user_id, correct, choice, answered_at
FROM answers
ORDER BY guild_id, deck_id, question_id, user_id, answered_at, id;

-- In the answer's own transaction, row by row like answers_add_to_boards; a bulk load keeps it on.
CREATE FUNCTION answers_first_try() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO first_tries (guild_id, deck_id, question_id, version, user_id, correct, choice, answered_at)
    SELECT new.guild_id, new.deck_id, new.question_id,
           coalesce(r.versions::jsonb ->> new.question_index, ''),
           new.user_id, new.correct, new.choice, new.answered_at
    FROM rounds AS r WHERE r.id = new.round_id
    -- A second try is ignored; only an earlier one loaded late (a bulk import out of time order) takes its place.
    ON CONFLICT (guild_id, deck_id, question_id, version, user_id) DO UPDATE SET
        correct = excluded.correct, choice = excluded.choice, answered_at = excluded.answered_at
    WHERE excluded.answered_at < first_tries.answered_at;
    RETURN NULL;
END;
$$;

CREATE TRIGGER answers_first_try AFTER INSERT ON answers
    FOR EACH ROW EXECUTE FUNCTION answers_first_try();
