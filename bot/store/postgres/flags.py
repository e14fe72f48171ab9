"""Questions members flagged, one flag per member, question and server, and their closing, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected, affected
from bot.store.postgres.rows import FLAG_COLUMNS, flag_record, ms
from bot.store.records import FLAG_REASONS, FlagRecord

_CLOSED = ("dismissed", "resolved")


async def _flag(conn: asyncpg.Connection, flag: FlagRecord) -> bool:
    key = (flag.guild_id, flag.deck_id, flag.question_id, flag.user_id)
    # The row lock keeps two flags of one member from both counting as new.
    before = await conn.fetchval(
        "SELECT status FROM question_flags "
        "WHERE guild_id = $1 AND deck_id = $2 AND question_id = $3 AND user_id = $4 FOR UPDATE",
        *key,
    )
    await conn.execute(
        "INSERT INTO question_flags (guild_id, deck_id, question_id, user_id, reason, note, status, flagged_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, 'open', $7) ON CONFLICT (guild_id, deck_id, question_id, user_id) "
        "DO UPDATE SET reason = excluded.reason, note = excluded.note, status = 'open', "
        "flagged_at = excluded.flagged_at, closed_at = NULL, closed_by = NULL",
        *key,
        flag.reason,
        flag.note,
        ms(flag.flagged_at),
    )
    return before is None or before != "open"


class Flags(Connected):
    async def flag_question(self, flag: FlagRecord) -> bool:
        """Keep a member's flag; True when it counts as new (see the Store interface)."""
        if flag.reason not in FLAG_REASONS:
            raise ValueError(f"a flag's reason is one of {', '.join(FLAG_REASONS)}, not {flag.reason!r}")
        return await self._write(lambda conn: _flag(conn, flag))

    async def open_flags(self, guild_id: int) -> list[FlagRecord]:
        rows = await self._fetch(
            f"SELECT {FLAG_COLUMNS} FROM question_flags WHERE guild_id = $1 AND status = 'open' ORDER BY flagged_at, id",
            guild_id,
        )
        return [flag_record(row) for row in rows]

    async def close_flags(
        self, guild_id: int, deck_id: str, question_id: str, status: str, by: int, at: datetime
    ) -> int:
        if status not in _CLOSED:
            raise ValueError(f"a flag is closed as dismissed or resolved, not {status!r}")
        status_line = await self._execute(
            "UPDATE question_flags SET status = $1, closed_at = $2, closed_by = $3 "
            "WHERE guild_id = $4 AND deck_id = $5 AND question_id = $6 AND status = 'open'",
            status,
            ms(at),
            by,
            guild_id,
            deck_id,
            question_id,
        )
        return affected(status_line)
