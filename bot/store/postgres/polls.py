"""Votes on a round's polls on PostgreSQL: each kept once, apart from the answers that score."""

from __future__ import annotations

import asyncpg

from bot.store.postgres.connection import Connected
from bot.store.records import PollVote
from bot.store.sql.polls import (
    INSERT_VOTE,
    PREVIOUS_VOTE,
    ROUND_EXISTS,
    ROUND_VOTES,
    vote_record,
    vote_values,
)


class PostgresPolls(Connected):
    async def record_vote(self, vote: PollVote) -> PollVote | None:
        """Keep the vote, committed before this returns; None, or the vote the member gave before."""
        values = vote_values(vote)

        async def work(conn: asyncpg.Connection) -> PollVote | None:
            if await conn.fetchval(*ROUND_EXISTS.postgres(round=vote.round_id)) is None:
                raise ValueError(f"there is no round {vote.round_id}")
            if await conn.fetchval(INSERT_VOTE.postgres_text, *INSERT_VOTE.ordered(values)) is not None:
                return None
            previous = PREVIOUS_VOTE.postgres(
                round=vote.round_id, index=vote.question_index, user=vote.user_id
            )
            row = await conn.fetchrow(*previous)
            assert row is not None, "the insert was refused, so the earlier vote is there"
            return vote_record(row)

        return await self._write(work)

    async def round_votes(self, round_id: int) -> list[PollVote]:
        rows = await self._fetch(*ROUND_VOTES.postgres(round=round_id))
        return [vote_record(row) for row in rows]
