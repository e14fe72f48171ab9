-- Spaced repetition fitted to each member (issue 30), as SQLite's 0016_fsrs_parameters.sql says: each
-- server's fitted fsrs parameters, and each member's (their own, or their server's: guild_id).
CREATE TABLE server_fsrs_parameters (
    guild_id   BIGINT PRIMARY KEY,
    parameters TEXT   NOT NULL,
    reviews    BIGINT NOT NULL,
    fitted_at  BIGINT NOT NULL
);

CREATE TABLE member_fsrs_parameters (
    user_id    BIGINT PRIMARY KEY,
    parameters TEXT   NOT NULL,
    reviews    BIGINT NOT NULL,
    fitted_at  BIGINT NOT NULL,
    guild_id   BIGINT
);
