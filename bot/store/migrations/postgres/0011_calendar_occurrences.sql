-- Each scheduled round's occurrence keeps what became of it (issue 26): the claim is written with the
-- schedule's move to its next time, in one transaction, and the round's creation writes its id here in
-- the transaction that creates it, so a claim without a round (a crash between the two) is found and
-- started late, and a round is never created twice for one occurrence.
ALTER TABLE calendar_claims ADD COLUMN round_id BIGINT;  -- the round started for it
-- pending (claimed, no round yet) | started | skipped | missed | done (announcements, champions...)
ALTER TABLE calendar_claims ADD COLUMN outcome TEXT NOT NULL DEFAULT 'done';
ALTER TABLE calendar_claims ADD COLUMN detail TEXT;  -- why it was skipped, in the server's language
CREATE INDEX calendar_claims_pending ON calendar_claims (occurrence_at) WHERE outcome = 'pending';
-- The schedules due at a minute, per shard: the due query filters on the shard of guild_id.
CREATE INDEX schedules_wake_guild ON schedules (wake_at, guild_id) WHERE wake_at IS NOT NULL AND removed = 0;
