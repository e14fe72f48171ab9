-- Achievements (issue 30): the badges each member earned in each server, each kept once (its key), so a
-- retry, a restart or a second shard never awards one twice. No reference to a deck or a round: a badge
-- is kept when its deck is deleted; round_id only says where it was earned (NULL: the question of the day).
CREATE TABLE member_achievements (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    achievement TEXT    NOT NULL,
    earned_at   INTEGER NOT NULL,
    round_id    INTEGER,
    PRIMARY KEY (guild_id, user_id, achievement)
) WITHOUT ROWID;
