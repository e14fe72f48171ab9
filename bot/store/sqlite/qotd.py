"""SQLite: the question of the day: each server's settings, each day's question (claimed once), answers, board."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store import calendar_records as R
from bot.store.calendar_records import QotdAnswer, QotdBoardLine, QotdDay, QotdSettings, Shards
from bot.store.sql import qotd as Q
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database


class SqliteQotd:
    _db: Database

    async def qotd_settings(self, guild_id: int) -> QotdSettings | None:
        row = await self._db.fetchone(*Q.SETTINGS.sqlite(guild=guild_id))
        return None if row is None else R.qotd_settings_record(row)

    async def save_qotd_settings(self, settings: QotdSettings) -> None:
        await self._db.execute(Q.SAVE_SETTINGS.sqlite_numbered, R.qotd_settings_row(settings))

    async def due_qotds(self, now: datetime, limit: int = 500, shards: Shards = None) -> list[QotdSettings]:
        ours, values = R.shard_clause(shards, "guild_id", sqlite=True)
        rows = await self._db.fetchall(
            f"SELECT {R.QOTD_SETTING_COLUMNS} FROM qotd_settings "
            f"WHERE enabled = 1 AND next_at IS NOT NULL AND next_at <= ?{ours} ORDER BY next_at, guild_id LIMIT ?",
            (to_ms(now), *values, limit),
        )
        return [R.qotd_settings_record(row) for row in rows]

    async def move_qotd(self, guild_id: int, was: datetime, next_at: datetime | None) -> bool:
        changed = await self._db.execute(
            *Q.MOVE.sqlite(next=R.ms_or_none(next_at), guild=guild_id, was=to_ms(was))
        )
        return changed > 0

    async def claim_qotd_day(self, day: QotdDay, retry_at: datetime | None = None) -> bool:
        changed = await self._db.execute(
            Q.CLAIM_DAY.sqlite_numbered, (*R.qotd_day_row(day), R.ms_or_none(retry_at))
        )
        return changed > 0

    async def set_qotd_message(self, guild_id: int, day: int, message_id: int) -> None:
        await self._db.execute(*Q.SET_MESSAGE.sqlite(message=message_id, guild=guild_id, day=day))

    async def qotd_post_failed(
        self, guild_id: int, day: int, problem: str, retry_at: datetime | None
    ) -> None:
        await self._db.execute(
            *Q.POST_FAILED.sqlite(problem=problem, retry=R.ms_or_none(retry_at), guild=guild_id, day=day)
        )

    async def qotd_post_problem(self, guild_id: int, day: int) -> str | None:
        row = await self._db.fetchone(*Q.POST_PROBLEM.sqlite(guild=guild_id, day=day))
        return None if row is None or row[0] is None else str(row[0])

    async def qotd_days_to_retry(self, now: datetime, limit: int = 500) -> list[tuple[QotdDay, datetime]]:
        rows = await self._db.fetchall(*Q.DAYS_TO_RETRY.sqlite(now=to_ms(now), limit=limit))
        return [R.retry_record(row) for row in rows]

    async def claim_qotd_retry(
        self, guild_id: int, day: int, retry_at: datetime, until: datetime | None = None
    ) -> bool:
        changed = await self._db.execute(
            *Q.CLAIM_RETRY.sqlite(until=R.ms_or_none(until), guild=guild_id, day=day, retry=to_ms(retry_at))
        )
        return changed > 0

    async def qotd_day(self, guild_id: int, day: int) -> QotdDay | None:
        row = await self._db.fetchone(*Q.DAY.sqlite(guild=guild_id, day=day))
        return None if row is None else R.qotd_day_record(row)

    async def latest_qotd_day(self, guild_id: int) -> QotdDay | None:
        row = await self._db.fetchone(*Q.LATEST_DAY.sqlite(guild=guild_id))
        return None if row is None else R.qotd_day_record(row)

    async def qotd_days_to_reveal(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[QotdDay]:
        ours, values = R.shard_clause(shards, "guild_id", sqlite=True)
        rows = await self._db.fetchall(
            f"SELECT {R.QOTD_DAY_COLUMNS} FROM qotd_days WHERE revealed_at IS NULL AND closes_at <= ?{ours} "
            "ORDER BY closes_at LIMIT ?",
            (to_ms(now), *values, limit),
        )
        return [R.qotd_day_record(row) for row in rows]

    async def reveal_qotd_day(self, guild_id: int, day: int, at: datetime) -> bool:
        changed = await self._db.execute(*Q.REVEAL.sqlite(at=to_ms(at), guild=guild_id, day=day))
        return changed > 0

    async def qotd_history(self, guild_id: int, deck_id: str) -> list[str]:
        rows = await self._db.fetchall(*Q.HISTORY.sqlite(guild=guild_id, deck=deck_id))
        return [str(row[0]) for row in rows]

    async def qotd_posted_days(self, guild_id: int) -> list[int]:
        rows = await self._db.fetchall(*Q.POSTED_DAYS.sqlite(guild=guild_id))
        return [int(row[0]) for row in rows]

    async def record_qotd_answer(self, answer: QotdAnswer) -> QotdAnswer | None:
        def record(conn: sqlite3.Connection) -> QotdAnswer | None:
            before = conn.execute(
                *Q.MEMBER_ANSWER.sqlite(guild=answer.guild_id, day=answer.day, user=answer.user_id)
            ).fetchone()
            if before is not None:
                return R.qotd_answer_record(before)
            conn.execute(Q.ADD_ANSWER.sqlite_numbered, R.qotd_answer_row(answer))
            return None

        return await self._db.write(record)

    async def qotd_answers(self, guild_id: int, day: int) -> list[QotdAnswer]:
        rows = await self._db.fetchall(*Q.ANSWERS.sqlite(guild=guild_id, day=day))
        return [R.qotd_answer_record(row) for row in rows]

    async def member_qotd_days(self, guild_id: int, user_id: int) -> list[int]:
        rows = await self._db.fetchall(*Q.MEMBER_DAYS.sqlite(guild=guild_id, user=user_id))
        return [int(row[0]) for row in rows]

    async def qotd_board(
        self, guild_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[tuple[QotdBoardLine, ...], int]:
        def read(conn: sqlite3.Connection) -> tuple[tuple[QotdBoardLine, ...], int]:
            rows = conn.execute(
                R.QOTD_BOARD.format(guild="?", limit="?", offset="?"), (guild_id, limit, offset)
            ).fetchall()
            total = conn.execute(*Q.BOARD_PLAYERS.sqlite(guild=guild_id)).fetchone()[0]
            return R.ranked_qotd(rows), int(total)

        return await self._db.read(read)
