-- How each member who used the bot shows in the dashboard (issue 29), as SQLite's 0020_member_faces.sql
-- says: one row a member, their name and avatar hash as their last interaction carried them.
CREATE TABLE member_faces (
    user_id BIGINT PRIMARY KEY,
    name    TEXT   NOT NULL,
    avatar  TEXT,
    seen_at BIGINT NOT NULL
);
