-- Achievements (issue 30), as SQLite's 0015_achievements.sql says: each member's badges in each server,
-- each kept once; nothing refers to a deck or a round, so a deleted deck takes no badge with it.
CREATE TABLE member_achievements (
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    achievement TEXT   NOT NULL,
    earned_at   BIGINT NOT NULL,
    round_id    BIGINT,
    PRIMARY KEY (guild_id, user_id, achievement)
);
