-- Spaced repetition fitted to each member (issue 30): fsrs parameters fitted every week to the reviews of
-- each server's members, and to each member's own once they have enough; a member without a row is
-- scheduled with fsrs's defaults. parameters: fsrs's 21 weights as a JSON list; reviews: how many reviews
-- they were fitted to; a member's guild_id names the server whose fit they take (NULL: their own).
CREATE TABLE server_fsrs_parameters (
    guild_id   INTEGER PRIMARY KEY,
    parameters TEXT    NOT NULL,
    reviews    INTEGER NOT NULL,
    fitted_at  INTEGER NOT NULL
);

CREATE TABLE member_fsrs_parameters (
    user_id    INTEGER PRIMARY KEY,
    parameters TEXT    NOT NULL,
    reviews    INTEGER NOT NULL,
    fitted_at  INTEGER NOT NULL,
    guild_id   INTEGER
);
