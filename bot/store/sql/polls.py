"""Poll votes as both engines keep them: a vote's row, and the statements that keep one once and read them."""

from __future__ import annotations

from bot.store.records import PollVote
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

VOTE_COLUMNS = Columns(PollVote, "guild_id, round_id, question_index, user_id, choice, voted_at")


ROUND_EXISTS = sql("SELECT 1 FROM rounds WHERE id = :round")
# A row back when the vote was kept; none when the member had voted already.
INSERT_VOTE = sql(
    f"{VOTE_COLUMNS.inserting('poll_votes')} "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING RETURNING 1"
)
PREVIOUS_VOTE = sql(
    f"SELECT {VOTE_COLUMNS.text} FROM poll_votes WHERE round_id = :round AND question_index = :index AND user_id = :user"
)
ROUND_VOTES = sql(
    f"SELECT {VOTE_COLUMNS.text} FROM poll_votes WHERE round_id = :round ORDER BY question_index, voted_at, user_id"
)
