"""Rounds on PostgreSQL: one running round per channel (a partial unique index), questions as they go."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime

import asyncpg

from bot.store.errors import RoundAlreadyRunning
from bot.store.postgres.connection import Connected
from bot.store.postgres.rows import NEW_ROUND_COLUMNS, ROUND_COLUMNS, ms, new_round_row, round_record
from bot.store.records import ENDED_STATUSES, NewRound, RoundRecord


class Rounds(Connected):
    async def start_round(self, new: NewRound) -> RoundRecord:
        """Store a running round; RoundAlreadyRunning (carrying it) when the channel has one already."""
        args = new_round_row(new)
        async with self._connection() as conn:
            try:
                places = ", ".join(f"${n}" for n in range(1, len(args) + 1))
                row = await conn.fetchrow(
                    f"INSERT INTO rounds ({NEW_ROUND_COLUMNS}) VALUES ({places}) RETURNING {ROUND_COLUMNS}",
                    *args,
                )
            except asyncpg.UniqueViolationError:
                # The partial unique index refused it: the channel's running round wins, whoever asked first.
                running = await conn.fetchrow(
                    f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = $1 AND status = 'running'",
                    new.channel_id,
                )
                if running is None:
                    raise
                raise RoundAlreadyRunning(round_record(running)) from None
        assert row is not None
        return round_record(row)

    async def get_round(self, round_id: int) -> RoundRecord | None:
        row = await self._fetchrow(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = $1", round_id)
        return None if row is None else round_record(row)

    async def running_round(self, channel_id: int) -> RoundRecord | None:
        row = await self._fetchrow(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = $1 AND status = 'running'", channel_id
        )
        return None if row is None else round_record(row)

    async def running_rounds(self) -> list[RoundRecord]:
        """Every round still running, oldest first: what to resume after a restart."""
        rows = await self._fetch(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE status = 'running' ORDER BY id")
        return [round_record(row) for row in rows]

    async def save_teams(self, round_id: int, members: Mapping[int, int]) -> None:
        """Put each member on their team; a member who switches keeps their row, so their join order."""
        rows = [(round_id, user, team) for user, team in members.items()]

        async def work(conn: asyncpg.Connection) -> None:
            await conn.executemany(
                "INSERT INTO round_teams (round_id, user_id, team) VALUES ($1, $2, $3) "
                "ON CONFLICT (round_id, user_id) DO UPDATE SET team = excluded.team",
                rows,
            )

        await self._write(work)

    async def round_teams(self, round_id: int) -> dict[int, int]:
        rows = await self._fetch(
            "SELECT user_id, team FROM round_teams WHERE round_id = $1 ORDER BY joined", round_id
        )
        return {int(row[0]): int(row[1]) for row in rows}

    async def set_intro_message(self, round_id: int, message_id: int) -> None:
        await self._execute("UPDATE rounds SET intro_message_id = $1 WHERE id = $2", message_id, round_id)

    async def post_question(self, round_id: int, index: int, message_id: int, posted_at: datetime) -> None:
        """The round's question `index` is on screen from `posted_at` (its clock) in message `message_id`."""
        at = ms(posted_at)

        async def work(conn: asyncpg.Connection) -> None:
            ids = await conn.fetchval("SELECT question_ids FROM rounds WHERE id = $1 FOR UPDATE", round_id)
            if ids is None:
                raise ValueError(f"there is no round {round_id}")
            question_ids = json.loads(ids)
            if not 0 <= index < len(question_ids):
                raise ValueError(f"round {round_id} has no question {index}")
            await conn.execute(
                "UPDATE rounds SET current = $1, posted_at = $2, message_id = $3, revealed = 0 WHERE id = $4",
                index,
                at,
                message_id,
                round_id,
            )
            await conn.execute(
                "INSERT INTO round_questions (round_id, idx, question_id, message_id, posted_at) "
                "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (round_id, idx) DO UPDATE SET "
                "message_id = excluded.message_id, posted_at = excluded.posted_at, revealed_at = NULL",
                round_id,
                index,
                question_ids[index],
                message_id,
                at,
            )

        await self._write(work)

    async def reveal_question(self, round_id: int, index: int, revealed_at: datetime) -> None:
        at = ms(revealed_at)

        async def work(conn: asyncpg.Connection) -> None:
            await conn.execute(
                "UPDATE rounds SET revealed = 1 WHERE id = $1 AND current = $2", round_id, index
            )
            await conn.execute(
                "UPDATE round_questions SET revealed_at = coalesce(revealed_at, $1) "
                "WHERE round_id = $2 AND idx = $3",
                at,
                round_id,
                index,
            )

        await self._write(work)

    async def finish_round(
        self, round_id: int, status: str, ended_at: datetime, reason: str | None = None
    ) -> None:
        """End a running round (a round already ended keeps its first ending)."""
        if status not in ENDED_STATUSES:
            raise ValueError(f"a round ends as one of {', '.join(ENDED_STATUSES)}, not {status!r}")
        await self._execute(
            "UPDATE rounds SET status = $1, ended_at = $2, end_reason = $3 WHERE id = $4 AND status = 'running'",
            status,
            ms(ended_at),
            reason,
            round_id,
        )

    async def last_finished_round(self, guild_id: int, channel_id: int) -> RoundRecord | None:
        """The channel's most recently ended round (finished, stopped or interrupted)."""
        row = await self._fetchrow(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = $1 AND status <> 'running' "
            "AND guild_id = $2 ORDER BY ended_at DESC, id DESC LIMIT 1",
            channel_id,
            guild_id,
        )
        return None if row is None else round_record(row)

    async def latest_round_played(self, user_id: int, guild_id: int | None) -> RoundRecord | None:
        """The round of the member's latest answer (in this server when given); None if they never answered."""
        # answers_by_member (user_id, guild_id, answered_at) serves both forms.
        row = await self._fetchrow(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = (SELECT round_id FROM answers "
            "WHERE user_id = $1 AND ($2::bigint IS NULL OR guild_id = $2) ORDER BY answered_at DESC, id DESC LIMIT 1)",
            user_id,
            guild_id,
        )
        return None if row is None else round_record(row)
