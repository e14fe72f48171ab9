-- How each member who used the bot shows in the dashboard (issue 29): their name and avatar hash as their
-- last interaction carried them, so a page names its members without asking Discord for each. One row a
-- member (Discord's user, not a server's member: the name is their global one); written when new or
-- changed (bot/faces/recorder.py), and for ids Discord answered a page for (bot/faces/book.py).
CREATE TABLE member_faces (
    user_id INTEGER PRIMARY KEY,
    name    TEXT    NOT NULL,
    avatar  TEXT,
    seen_at INTEGER NOT NULL
);
