"""SQLite: questions members flagged, one flag per member, question and server, and their closing."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.records import FLAG_REASONS, FlagRecord
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import from_ms, to_ms

FLAG_COLUMNS = "guild_id, deck_id, question_id, user_id, reason, note, status, flagged_at"


def flag_record(row: Sequence[Any]) -> FlagRecord:
    """A question_flags row (FLAG_COLUMNS, in its order) as the record both engines return."""
    return FlagRecord(
        guild_id=row[0],
        deck_id=row[1],
        question_id=row[2],
        user_id=row[3],
        reason=row[4],
        note=row[5],
        status=row[6],
        flagged_at=from_ms(row[7]),
    )


_CLOSED = ("dismissed", "resolved")


def _flag(conn: sqlite3.Connection, flag: FlagRecord) -> bool:
    key = (flag.guild_id, flag.deck_id, flag.question_id, flag.user_id)
    before = conn.execute(
        "SELECT status FROM question_flags WHERE guild_id = ? AND deck_id = ? AND question_id = ? AND user_id = ?",
        key,
    ).fetchone()
    conn.execute(
        "INSERT INTO question_flags (guild_id, deck_id, question_id, user_id, reason, note, status, flagged_at) "
        "VALUES (?, ?, ?, ?, ?, ?, 'open', ?) ON CONFLICT (guild_id, deck_id, question_id, user_id) DO UPDATE "
        "SET reason = excluded.reason, note = excluded.note, status = 'open', flagged_at = excluded.flagged_at, "
        "closed_at = NULL, closed_by = NULL",
        (*key, flag.reason, flag.note, to_ms(flag.flagged_at)),
    )
    return before is None or before[0] != "open"


class SqliteFlags:
    _db: Database

    async def flag_question(self, flag: FlagRecord) -> bool:
        if flag.reason not in FLAG_REASONS:
            raise ValueError(f"a flag's reason is one of {', '.join(FLAG_REASONS)}, not {flag.reason!r}")
        return await self._db.write(lambda conn: _flag(conn, flag))

    async def open_flags(self, guild_id: int) -> list[FlagRecord]:
        rows = await self._db.fetchall(
            f"SELECT {FLAG_COLUMNS} FROM question_flags WHERE guild_id = ? AND status = 'open' ORDER BY flagged_at, id",
            (guild_id,),
        )
        return [flag_record(row) for row in rows]

    async def close_flags(
        self, guild_id: int, deck_id: str, question_id: str, status: str, by: int, at: datetime
    ) -> int:
        if status not in _CLOSED:
            raise ValueError(f"a flag is closed as dismissed or resolved, not {status!r}")
        return await self._db.execute(
            "UPDATE question_flags SET status = ?, closed_at = ?, closed_by = ? "
            "WHERE guild_id = ? AND deck_id = ? AND question_id = ? AND status = 'open'",
            (status, to_ms(at), by, guild_id, deck_id, question_id),
        )
