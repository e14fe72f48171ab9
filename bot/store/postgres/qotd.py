"""The question of the day on PostgreSQL: settings, each day's question (claimed once), answers, board."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.calendar_records import (
    QOTD_ANSWER_COLUMNS,
    QOTD_BOARD,
    QOTD_DAY_COLUMNS,
    QOTD_SETTING_COLUMNS,
    QotdAnswer,
    QotdBoardLine,
    QotdDay,
    QotdSettings,
    Shards,
    dollars_numbered,
    ms_or_none,
    qotd_answer_record,
    qotd_answer_row,
    qotd_day_record,
    qotd_day_row,
    qotd_settings_record,
    qotd_settings_row,
    ranked_qotd,
    retry_record,
    shard_clause,
)
from bot.store.postgres.connection import Connected, affected

_UPDATES = ", ".join(f"{c} = excluded.{c}" for c in QOTD_SETTING_COLUMNS.split(", ")[1:])


def _places(count: int) -> str:
    return ", ".join(f"${n}" for n in range(1, count + 1))


class PostgresQotd(Connected):
    async def qotd_settings(self, guild_id: int) -> QotdSettings | None:
        row = await self._fetchrow(
            f"SELECT {QOTD_SETTING_COLUMNS} FROM qotd_settings WHERE guild_id = $1", guild_id
        )
        return None if row is None else qotd_settings_record(tuple(row))

    async def save_qotd_settings(self, settings: QotdSettings) -> None:
        row = qotd_settings_row(settings)
        await self._execute(
            f"INSERT INTO qotd_settings ({QOTD_SETTING_COLUMNS}) VALUES ({_places(len(row))}) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {_UPDATES}",
            *row,
        )

    async def due_qotds(self, now: datetime, limit: int = 500, shards: Shards = None) -> list[QotdSettings]:
        ours, values = shard_clause(shards, "guild_id", sqlite=False)
        rows = await self._fetch(
            dollars_numbered(
                f"SELECT {QOTD_SETTING_COLUMNS} FROM qotd_settings "
                f"WHERE enabled = 1 AND next_at IS NOT NULL AND next_at <= ${ours} "
                "ORDER BY next_at, guild_id LIMIT $"
            ),
            ms_or_none(now),
            *values,
            limit,
        )
        return [qotd_settings_record(tuple(row)) for row in rows]

    async def move_qotd(self, guild_id: int, was: datetime, next_at: datetime | None) -> bool:
        status = await self._execute(
            "UPDATE qotd_settings SET next_at = $1 WHERE guild_id = $2 AND next_at = $3",
            ms_or_none(next_at),
            guild_id,
            ms_or_none(was),
        )
        return affected(status) > 0

    async def claim_qotd_day(self, day: QotdDay, retry_at: datetime | None = None) -> bool:
        row = (*qotd_day_row(day), ms_or_none(retry_at))
        status = await self._execute(
            f"INSERT INTO qotd_days ({QOTD_DAY_COLUMNS}, retry_at) VALUES ({_places(len(row))}) "
            "ON CONFLICT (guild_id, day) DO NOTHING",
            *row,
        )
        return affected(status) > 0

    async def set_qotd_message(self, guild_id: int, day: int, message_id: int) -> None:
        await self._execute(
            "UPDATE qotd_days SET message_id = $1, post_problem = NULL, retry_at = NULL "
            "WHERE guild_id = $2 AND day = $3",
            message_id,
            guild_id,
            day,
        )

    async def qotd_post_failed(
        self, guild_id: int, day: int, problem: str, retry_at: datetime | None
    ) -> None:
        await self._execute(
            "UPDATE qotd_days SET post_problem = $1, retry_at = $2 "
            "WHERE guild_id = $3 AND day = $4 AND message_id IS NULL",
            problem,
            ms_or_none(retry_at),
            guild_id,
            day,
        )

    async def qotd_post_problem(self, guild_id: int, day: int) -> str | None:
        row = await self._fetchrow(
            "SELECT post_problem FROM qotd_days WHERE guild_id = $1 AND day = $2 AND message_id IS NULL",
            guild_id,
            day,
        )
        return None if row is None or row[0] is None else str(row[0])

    async def qotd_days_to_retry(self, now: datetime, limit: int = 500) -> list[tuple[QotdDay, datetime]]:
        rows = await self._fetch(
            f"SELECT {QOTD_DAY_COLUMNS}, retry_at FROM qotd_days WHERE retry_at IS NOT NULL "
            "AND retry_at <= $1 AND message_id IS NULL AND revealed_at IS NULL ORDER BY retry_at LIMIT $2",
            ms_or_none(now),
            limit,
        )
        return [retry_record(tuple(row)) for row in rows]

    async def claim_qotd_retry(
        self, guild_id: int, day: int, retry_at: datetime, until: datetime | None = None
    ) -> bool:
        status = await self._execute(
            "UPDATE qotd_days SET retry_at = $4 WHERE guild_id = $1 AND day = $2 AND retry_at = $3 "
            "AND message_id IS NULL",
            guild_id,
            day,
            ms_or_none(retry_at),
            ms_or_none(until),
        )
        return affected(status) > 0

    async def qotd_day(self, guild_id: int, day: int) -> QotdDay | None:
        row = await self._fetchrow(
            f"SELECT {QOTD_DAY_COLUMNS} FROM qotd_days WHERE guild_id = $1 AND day = $2", guild_id, day
        )
        return None if row is None else qotd_day_record(tuple(row))

    async def latest_qotd_day(self, guild_id: int) -> QotdDay | None:
        row = await self._fetchrow(
            f"SELECT {QOTD_DAY_COLUMNS} FROM qotd_days WHERE guild_id = $1 ORDER BY day DESC LIMIT 1",
            guild_id,
        )
        return None if row is None else qotd_day_record(tuple(row))

    async def qotd_days_to_reveal(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[QotdDay]:
        ours, values = shard_clause(shards, "guild_id", sqlite=False)
        rows = await self._fetch(
            dollars_numbered(
                f"SELECT {QOTD_DAY_COLUMNS} FROM qotd_days WHERE revealed_at IS NULL AND closes_at <= ${ours} "
                "ORDER BY closes_at LIMIT $"
            ),
            ms_or_none(now),
            *values,
            limit,
        )
        return [qotd_day_record(tuple(row)) for row in rows]

    async def reveal_qotd_day(self, guild_id: int, day: int, at: datetime) -> bool:
        status = await self._execute(
            "UPDATE qotd_days SET revealed_at = $1 WHERE guild_id = $2 AND day = $3 AND revealed_at IS NULL",
            ms_or_none(at),
            guild_id,
            day,
        )
        return affected(status) > 0

    async def qotd_history(self, guild_id: int, deck_id: str) -> list[str]:
        rows = await self._fetch(
            "SELECT question_id FROM qotd_days WHERE guild_id = $1 AND deck_id = $2 AND message_id IS NOT NULL "
            "ORDER BY day",
            guild_id,
            deck_id,
        )
        return [str(row[0]) for row in rows]

    async def qotd_posted_days(self, guild_id: int) -> list[int]:
        rows = await self._fetch(
            "SELECT day FROM qotd_days WHERE guild_id = $1 AND message_id IS NOT NULL ORDER BY day", guild_id
        )
        return [int(row[0]) for row in rows]

    async def record_qotd_answer(self, answer: QotdAnswer) -> QotdAnswer | None:
        row = qotd_answer_row(answer)

        async def record(conn: asyncpg.Connection) -> QotdAnswer | None:
            status = await conn.execute(
                f"INSERT INTO qotd_answers ({QOTD_ANSWER_COLUMNS}) VALUES ({_places(len(row))}) "
                "ON CONFLICT (guild_id, day, user_id) DO NOTHING",
                *row,
            )
            if affected(status) > 0:
                return None
            before = await conn.fetchrow(
                f"SELECT {QOTD_ANSWER_COLUMNS} FROM qotd_answers WHERE guild_id = $1 AND day = $2 AND user_id = $3",
                answer.guild_id,
                answer.day,
                answer.user_id,
            )
            return qotd_answer_record(tuple(before))

        return await self._write(record)

    async def qotd_answers(self, guild_id: int, day: int) -> list[QotdAnswer]:
        rows = await self._fetch(
            f"SELECT {QOTD_ANSWER_COLUMNS} FROM qotd_answers WHERE guild_id = $1 AND day = $2 "
            "ORDER BY answered_at, user_id",
            guild_id,
            day,
        )
        return [qotd_answer_record(tuple(row)) for row in rows]

    async def member_qotd_days(self, guild_id: int, user_id: int) -> list[int]:
        rows = await self._fetch(
            "SELECT day FROM qotd_answers WHERE guild_id = $1 AND user_id = $2 ORDER BY day",
            guild_id,
            user_id,
        )
        return [int(row[0]) for row in rows]

    async def qotd_board(
        self, guild_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[tuple[QotdBoardLine, ...], int]:
        async def read(conn: asyncpg.Connection) -> tuple[tuple[QotdBoardLine, ...], int]:
            rows = await conn.fetch(
                QOTD_BOARD.format(guild="$1", limit="$2", offset="$3"), guild_id, limit, offset
            )
            total = await conn.fetchval(
                "SELECT COUNT(DISTINCT user_id) FROM qotd_answers WHERE guild_id = $1", guild_id
            )
            return ranked_qotd([tuple(r) for r in rows]), int(total)

        return await self._read(read)
