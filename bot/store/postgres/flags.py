"""Questions members flagged, one flag per member, question and server, and their closing, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected, affected
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

# The row lock keeps two flags of one member from both counting as new.
_FLAG_STATUS = sql(FLAG_STATUS + " FOR UPDATE")


async def _flag(conn: asyncpg.Connection, flag: FlagRecord) -> bool:
    before = await conn.fetchval(*_FLAG_STATUS.postgres(**flag_key(flag)))
    await conn.execute(*SAVE_FLAG.postgres(**save_flag_values(flag)))
    return before is None or before != "open"


class PostgresFlags(Connected):
    async def flag_question(self, flag: FlagRecord) -> bool:
        """Keep a member's flag; True when it counts as new (see the Store interface)."""
        if flag.reason not in FLAG_REASONS:
            raise ValueError(f"a flag's reason is one of {', '.join(FLAG_REASONS)}, not {flag.reason!r}")
        return await self._write(lambda conn: _flag(conn, flag))

    async def open_flags(self, guild_id: int) -> list[FlagRecord]:
        rows = await self._fetch(*OPEN_FLAGS.postgres(guild=guild_id))
        return [flag_record(row) for row in rows]

    async def close_flags(
        self, guild_id: int, deck_id: str, question_id: str, status: str, by: int, at: datetime
    ) -> int:
        if status not in CLOSED_STATUSES:
            raise ValueError(f"a flag is closed as dismissed or resolved, not {status!r}")
        status_line = await self._execute(
            *CLOSE_FLAGS.postgres(
                status=status, at=to_ms(at), by=by, guild=guild_id, deck=deck_id, question=question_id
            )
        )
        return affected(status_line)
