-- A question of the day Discord refused to post: why (a short code, worded for whoever reads it), and when
-- to try again while the day lasts (only for trouble that passes: Discord's 5xx, the network). A day whose
-- message was never posted neither counts in nor breaks a member's streak.
ALTER TABLE qotd_days ADD COLUMN post_problem TEXT;
ALTER TABLE qotd_days ADD COLUMN retry_at INTEGER;
CREATE INDEX qotd_days_to_retry ON qotd_days (retry_at) WHERE retry_at IS NOT NULL;
