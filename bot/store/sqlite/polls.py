"""SQLite: votes on a round's polls, each kept once, apart from the answers that score."""

from __future__ import annotations

import sqlite3

from bot.store.records import PollVote
from bot.store.sql.polls import (
    INSERT_VOTE,
    PREVIOUS_VOTE,
    ROUND_EXISTS,
    ROUND_VOTES,
    vote_record,
    vote_values,
)
from bot.store.sqlite.connection import Database


class SqlitePolls:
    _db: Database

    async def record_vote(self, vote: PollVote) -> PollVote | None:
        values = vote_values(vote)

        def work(conn: sqlite3.Connection) -> PollVote | None:
            if conn.execute(*ROUND_EXISTS.sqlite(round=vote.round_id)).fetchone() is None:
                raise ValueError(f"there is no round {vote.round_id}")
            if conn.execute(
                *INSERT_VOTE.sqlite(**values)
            ).fetchall():  # RETURNING read whole: the statement ends
                return None
            previous = PREVIOUS_VOTE.sqlite(round=vote.round_id, index=vote.question_index, user=vote.user_id)
            return vote_record(conn.execute(*previous).fetchone())

        return await self._db.write(work)

    async def round_votes(self, round_id: int) -> list[PollVote]:
        rows = await self._db.fetchall(*ROUND_VOTES.sqlite(round=round_id))
        return [vote_record(row) for row in rows]
