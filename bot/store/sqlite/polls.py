"""SQLite: votes on a round's polls, each kept once, apart from the answers that score."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.store.records import PollVote
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import from_ms, to_ms

VOTE_COLUMNS = "guild_id, round_id, question_index, user_id, choice, voted_at"


def vote_record(row: Sequence[Any]) -> PollVote:
    return PollVote(row[0], row[1], row[2], row[3], row[4], from_ms(row[5]))


class SqlitePolls:
    _db: Database

    async def record_vote(self, vote: PollVote) -> PollVote | None:
        args = (
            vote.guild_id,
            vote.round_id,
            vote.question_index,
            vote.user_id,
            vote.choice,
            to_ms(vote.voted_at),
        )

        def work(conn: sqlite3.Connection) -> PollVote | None:
            if conn.execute("SELECT 1 FROM rounds WHERE id = ?", (vote.round_id,)).fetchone() is None:
                raise ValueError(f"there is no round {vote.round_id}")
            added = conn.execute(
                f"INSERT INTO poll_votes ({VOTE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (round_id, question_index, user_id) DO NOTHING",
                args,
            ).rowcount
            if added:
                return None
            row = conn.execute(
                f"SELECT {VOTE_COLUMNS} FROM poll_votes WHERE round_id = ? AND question_index = ? AND user_id = ?",
                (vote.round_id, vote.question_index, vote.user_id),
            ).fetchone()
            return vote_record(row)

        return await self._db.write(work)

    async def round_votes(self, round_id: int) -> list[PollVote]:
        rows = await self._db.fetchall(
            f"SELECT {VOTE_COLUMNS} FROM poll_votes WHERE round_id = ? ORDER BY question_index, voted_at, user_id",
            (round_id,),
        )
        return [vote_record(row) for row in rows]
