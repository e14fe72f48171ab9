"""SQLite: questions members flagged, one flag per member, question and server, and their closing."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store.records import FLAG_REASONS, FlagRecord
from bot.store.sql.flags import (
    CLOSE_FLAGS,
    CLOSED_STATUSES,
    FLAG_STATUS,
    OPEN_FLAGS,
    SAVE_FLAG,
    flag_key,
    flag_record,
    save_flag_values,
)
from bot.store.sql.statement import sql
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database

# Inside the write transaction (BEGIN IMMEDIATE), nobody else writes between this read and the save.
_FLAG_STATUS = sql(FLAG_STATUS)


def _flag(conn: sqlite3.Connection, flag: FlagRecord) -> bool:
    before = conn.execute(*_FLAG_STATUS.sqlite(**flag_key(flag))).fetchone()
    conn.execute(*SAVE_FLAG.sqlite(**save_flag_values(flag)))
    return before is None or before[0] != "open"


class SqliteFlags:
    _db: Database

    async def flag_question(self, flag: FlagRecord) -> bool:
        if flag.reason not in FLAG_REASONS:
            raise ValueError(f"a flag's reason is one of {', '.join(FLAG_REASONS)}, not {flag.reason!r}")
        return await self._db.write(lambda conn: _flag(conn, flag))

    async def open_flags(self, guild_id: int) -> list[FlagRecord]:
        rows = await self._db.fetchall(*OPEN_FLAGS.sqlite(guild=guild_id))
        return [flag_record(row) for row in rows]

    async def close_flags(
        self, guild_id: int, deck_id: str, question_id: str, status: str, by: int, at: datetime
    ) -> int:
        if status not in CLOSED_STATUSES:
            raise ValueError(f"a flag is closed as dismissed or resolved, not {status!r}")
        return await self._db.execute(
            *CLOSE_FLAGS.sqlite(
                status=status, at=to_ms(at), by=by, guild=guild_id, deck=deck_id, question=question_id
            )
        )
