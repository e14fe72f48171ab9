"""SQLite: questions members suggest for a server's deck, and the review queue of its moderators."""

from __future__ import annotations

from datetime import datetime

from bot.store.records import SuggestionRecord
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import from_ms, to_ms

_COLUMNS = "id, guild_id, deck_id, author_id, question, status, created_at, reviewed_by"


def _record(row: tuple[int, int, str, int, str, str, int, int | None]) -> SuggestionRecord:
    i, g, d, a, q, s, at, by = row
    return SuggestionRecord(i, g, d, a, q, s, from_ms(at), by)


class SqliteSuggestions:
    _db: Database

    async def add_suggestion(
        self, guild_id: int, deck_id: str, author_id: int, question: str, now: datetime
    ) -> SuggestionRecord:
        new_id = await self._db.insert(
            "INSERT INTO suggestions (guild_id, deck_id, author_id, question, created_at) VALUES (?, ?, ?, ?, ?)",
            (guild_id, deck_id, author_id, question, to_ms(now)),
        )
        return SuggestionRecord(
            new_id, guild_id, deck_id, author_id, question, "pending", from_ms(to_ms(now))
        )

    async def suggestion(self, suggestion_id: int) -> SuggestionRecord | None:
        row = await self._db.fetchone(f"SELECT {_COLUMNS} FROM suggestions WHERE id = ?", (suggestion_id,))
        return None if row is None else _record(row)

    async def pending_suggestions(
        self, guild_id: int, *, author_id: int | None = None, limit: int = 25
    ) -> list[SuggestionRecord]:
        sql = f"SELECT {_COLUMNS} FROM suggestions WHERE guild_id = ? AND status = 'pending'"
        args: tuple[int, ...] = (guild_id,)
        if author_id is not None:
            sql += " AND author_id = ?"
            args += (author_id,)
        rows = await self._db.fetchall(sql + " ORDER BY id LIMIT ?", (*args, limit))
        return [_record(row) for row in rows]

    async def settle_suggestion(
        self, suggestion_id: int, status: str, reviewer_id: int, now: datetime, question: str | None = None
    ) -> bool:
        if status not in ("approved", "rejected"):
            raise ValueError(f"a suggestion is approved or rejected, not {status!r}")
        changed = await self._db.execute(
            "UPDATE suggestions SET status = ?, reviewed_by = ?, reviewed_at = ?, "
            "question = COALESCE(?, question) WHERE id = ? AND status = 'pending'",
            (status, reviewer_id, to_ms(now), question, suggestion_id),
        )
        return changed > 0
