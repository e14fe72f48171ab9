"""Poll votes as both engines keep them: a vote's row, and the statements that keep one once and read them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.records import PollVote
from bot.store.sql.statement import sql
from bot.store.sql.times import from_ms, to_ms

VOTE_COLUMNS = "guild_id, round_id, question_index, user_id, choice, voted_at"


def vote_values(vote: PollVote) -> dict[str, Any]:
    """INSERT_VOTE's values."""
    return {
        "guild": vote.guild_id,
        "round": vote.round_id,
        "index": vote.question_index,
        "user": vote.user_id,
        "choice": vote.choice,
        "at": to_ms(vote.voted_at),
    }


def vote_record(row: Sequence[Any]) -> PollVote:
    return PollVote(row[0], row[1], row[2], row[3], row[4], from_ms(row[5]))


ROUND_EXISTS = sql("SELECT 1 FROM rounds WHERE id = :round")
# A row back when the vote was kept; none when the member had voted already.
INSERT_VOTE = sql(
    f"INSERT INTO poll_votes ({VOTE_COLUMNS}) VALUES (:guild, :round, :index, :user, :choice, :at) "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING RETURNING 1"
)
PREVIOUS_VOTE = sql(
    f"SELECT {VOTE_COLUMNS} FROM poll_votes WHERE round_id = :round AND question_index = :index AND user_id = :user"
)
ROUND_VOTES = sql(
    f"SELECT {VOTE_COLUMNS} FROM poll_votes WHERE round_id = :round ORDER BY question_index, voted_at, user_id"
)
