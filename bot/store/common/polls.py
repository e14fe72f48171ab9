"""Votes on a round's polls, each kept once, apart from the answers that score."""

from __future__ import annotations

from bot.store.records import PollVote
from bot.store.sql.engine import Engine, Transaction, row, rows
from bot.store.sql.polls import (
    INSERT_VOTE,
    PREVIOUS_VOTE,
    ROUND_EXISTS,
    ROUND_VOTES,
    VOTE_COLUMNS,
)


def _vote(vote: PollVote) -> Transaction[PollVote | None]:
    if (yield row(ROUND_EXISTS, round=vote.round_id)) is None:
        raise ValueError(f"there is no round {vote.round_id}")
    if (yield rows(INSERT_VOTE, **VOTE_COLUMNS.values(vote))):  # RETURNING: a row when the vote is new
        return None
    previous = yield row(PREVIOUS_VOTE, round=vote.round_id, index=vote.question_index, user=vote.user_id)
    assert previous is not None, "the insert was refused, so the earlier vote is there"
    return VOTE_COLUMNS.record(previous)


class SharedPolls:
    _engine: Engine

    async def record_vote(self, vote: PollVote) -> PollVote | None:
        """Keep the vote, committed before this returns; None, or the vote the member gave before."""
        return await self._engine.write(lambda: _vote(vote))

    async def round_votes(self, round_id: int) -> list[PollVote]:
        return await self._engine.fetch_records(VOTE_COLUMNS, ROUND_VOTES, round=round_id)
