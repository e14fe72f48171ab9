"""Votes on a round's polls on PostgreSQL: each kept once, apart from the answers that score."""

from __future__ import annotations

import asyncpg

from bot.store.postgres.connection import Connected
from bot.store.postgres.rows import VOTE_COLUMNS, ms, vote
from bot.store.records import PollVote


class Polls(Connected):
    async def record_vote(self, new: PollVote) -> PollVote | None:
        """Keep the vote, committed before this returns; None, or the vote the member gave before."""

        async def work(conn: asyncpg.Connection) -> PollVote | None:
            if await conn.fetchval("SELECT 1 FROM rounds WHERE id = $1", new.round_id) is None:
                raise ValueError(f"there is no round {new.round_id}")
            added = await conn.fetchval(
                f"INSERT INTO poll_votes ({VOTE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6) "
                "ON CONFLICT (round_id, question_index, user_id) DO NOTHING RETURNING 1",
                new.guild_id,
                new.round_id,
                new.question_index,
                new.user_id,
                new.choice,
                ms(new.voted_at),
            )
            if added is not None:
                return None
            row = await conn.fetchrow(
                f"SELECT {VOTE_COLUMNS} FROM poll_votes WHERE round_id = $1 AND question_index = $2 "
                "AND user_id = $3",
                new.round_id,
                new.question_index,
                new.user_id,
            )
            assert row is not None, "the insert was refused, so the earlier vote is there"
            return vote(row)

        return await self._write(work)

    async def round_votes(self, round_id: int) -> list[PollVote]:
        rows = await self._fetch(
            f"SELECT {VOTE_COLUMNS} FROM poll_votes WHERE round_id = $1 "
            "ORDER BY question_index, voted_at, user_id",
            round_id,
        )
        return [vote(row) for row in rows]
