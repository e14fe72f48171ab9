"""The question of the day on PostgreSQL: settings, each day's question (claimed once), answers, board."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store import calendar_records as R
from bot.store.calendar_records import QotdAnswer, QotdBoardLine, QotdDay, QotdSettings, Shards
from bot.store.postgres.connection import Connected
from bot.store.postgres.engine import affected
from bot.store.sql import qotd as Q


class PostgresQotd(Connected):
    async def qotd_settings(self, guild_id: int) -> QotdSettings | None:
        row = await self._fetchrow(*Q.SETTINGS.postgres(guild=guild_id))
        return None if row is None else R.qotd_settings_record(tuple(row))

    async def save_qotd_settings(self, settings: QotdSettings) -> None:
        await self._execute(Q.SAVE_SETTINGS.postgres_text, *R.qotd_settings_row(settings))

    async def due_qotds(self, now: datetime, limit: int = 500, shards: Shards = None) -> list[QotdSettings]:
        ours, values = R.shard_clause(shards, "guild_id", sqlite=False)
        rows = await self._fetch(
            R.dollars_numbered(
                f"SELECT {R.QOTD_SETTING_COLUMNS} FROM qotd_settings "
                f"WHERE enabled = 1 AND next_at IS NOT NULL AND next_at <= ${ours} "
                "ORDER BY next_at, guild_id LIMIT $"
            ),
            R.ms_or_none(now),
            *values,
            limit,
        )
        return [R.qotd_settings_record(tuple(row)) for row in rows]

    async def move_qotd(self, guild_id: int, was: datetime, next_at: datetime | None) -> bool:
        status = await self._execute(
            *Q.MOVE.postgres(next=R.ms_or_none(next_at), guild=guild_id, was=R.ms_or_none(was))
        )
        return affected(status) > 0

    async def claim_qotd_day(self, day: QotdDay, retry_at: datetime | None = None) -> bool:
        status = await self._execute(Q.CLAIM_DAY.postgres_text, *R.qotd_day_row(day), R.ms_or_none(retry_at))
        return affected(status) > 0

    async def set_qotd_message(self, guild_id: int, day: int, message_id: int) -> None:
        await self._execute(*Q.SET_MESSAGE.postgres(message=message_id, guild=guild_id, day=day))

    async def qotd_post_failed(
        self, guild_id: int, day: int, problem: str, retry_at: datetime | None
    ) -> None:
        await self._execute(
            *Q.POST_FAILED.postgres(problem=problem, retry=R.ms_or_none(retry_at), guild=guild_id, day=day)
        )

    async def qotd_post_problem(self, guild_id: int, day: int) -> str | None:
        row = await self._fetchrow(*Q.POST_PROBLEM.postgres(guild=guild_id, day=day))
        return None if row is None or row[0] is None else str(row[0])

    async def qotd_days_to_retry(self, now: datetime, limit: int = 500) -> list[tuple[QotdDay, datetime]]:
        rows = await self._fetch(*Q.DAYS_TO_RETRY.postgres(now=R.ms_or_none(now), limit=limit))
        return [R.retry_record(tuple(row)) for row in rows]

    async def claim_qotd_retry(
        self, guild_id: int, day: int, retry_at: datetime, until: datetime | None = None
    ) -> bool:
        status = await self._execute(
            *Q.CLAIM_RETRY.postgres(
                until=R.ms_or_none(until), guild=guild_id, day=day, retry=R.ms_or_none(retry_at)
            )
        )
        return affected(status) > 0

    async def qotd_day(self, guild_id: int, day: int) -> QotdDay | None:
        row = await self._fetchrow(*Q.DAY.postgres(guild=guild_id, day=day))
        return None if row is None else R.qotd_day_record(tuple(row))

    async def latest_qotd_day(self, guild_id: int) -> QotdDay | None:
        row = await self._fetchrow(*Q.LATEST_DAY.postgres(guild=guild_id))
        return None if row is None else R.qotd_day_record(tuple(row))

    async def qotd_days_to_reveal(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[QotdDay]:
        ours, values = R.shard_clause(shards, "guild_id", sqlite=False)
        rows = await self._fetch(
            R.dollars_numbered(
                f"SELECT {R.QOTD_DAY_COLUMNS} FROM qotd_days WHERE revealed_at IS NULL AND closes_at <= ${ours} "
                "ORDER BY closes_at LIMIT $"
            ),
            R.ms_or_none(now),
            *values,
            limit,
        )
        return [R.qotd_day_record(tuple(row)) for row in rows]

    async def reveal_qotd_day(self, guild_id: int, day: int, at: datetime) -> bool:
        status = await self._execute(*Q.REVEAL.postgres(at=R.ms_or_none(at), guild=guild_id, day=day))
        return affected(status) > 0

    async def qotd_history(self, guild_id: int, deck_id: str) -> list[str]:
        rows = await self._fetch(*Q.HISTORY.postgres(guild=guild_id, deck=deck_id))
        return [str(row[0]) for row in rows]

    async def qotd_posted_days(self, guild_id: int) -> list[int]:
        rows = await self._fetch(*Q.POSTED_DAYS.postgres(guild=guild_id))
        return [int(row[0]) for row in rows]

    async def record_qotd_answer(self, answer: QotdAnswer) -> QotdAnswer | None:
        row = R.qotd_answer_row(answer)

        async def record(conn: asyncpg.Connection) -> QotdAnswer | None:
            if affected(await conn.execute(Q.ADD_ANSWER.postgres_text, *row)) > 0:
                return None
            before = await conn.fetchrow(
                *Q.MEMBER_ANSWER.postgres(guild=answer.guild_id, day=answer.day, user=answer.user_id)
            )
            return R.qotd_answer_record(tuple(before))

        return await self._write(record)

    async def qotd_answers(self, guild_id: int, day: int) -> list[QotdAnswer]:
        rows = await self._fetch(*Q.ANSWERS.postgres(guild=guild_id, day=day))
        return [R.qotd_answer_record(tuple(row)) for row in rows]

    async def member_qotd_days(self, guild_id: int, user_id: int) -> list[int]:
        rows = await self._fetch(*Q.MEMBER_DAYS.postgres(guild=guild_id, user=user_id))
        return [int(row[0]) for row in rows]

    async def qotd_board(
        self, guild_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[tuple[QotdBoardLine, ...], int]:
        async def read(conn: asyncpg.Connection) -> tuple[tuple[QotdBoardLine, ...], int]:
            rows = await conn.fetch(
                R.QOTD_BOARD.format(guild="$1", limit="$2", offset="$3"), guild_id, limit, offset
            )
            total = await conn.fetchval(*Q.BOARD_PLAYERS.postgres(guild=guild_id))
            return R.ranked_qotd([tuple(r) for r in rows]), int(total)

        return await self._read(read)
