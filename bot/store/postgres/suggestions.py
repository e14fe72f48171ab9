"""Questions members suggest for a server's deck, and its moderators' review queue, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected, affected
from bot.store.postgres.rows import ms, time
from bot.store.records import SuggestionRecord

_COLUMNS = "id, guild_id, deck_id, author_id, question, status, created_at, reviewed_by"


def _record(row: asyncpg.Record) -> SuggestionRecord:
    i, g, d, a, q, s, at, by = row
    return SuggestionRecord(i, g, d, a, q, s, time(at), by)


class Suggestions(Connected):
    async def add_suggestion(
        self, guild_id: int, deck_id: str, author_id: int, question: str, now: datetime
    ) -> SuggestionRecord:
        """Queue a member's suggested question for review; its id comes from a sequence."""
        row = await self._fetchrow(
            "INSERT INTO suggestions (guild_id, deck_id, author_id, question, created_at) "
            f"VALUES ($1, $2, $3, $4, $5) RETURNING {_COLUMNS}",
            guild_id,
            deck_id,
            author_id,
            question,
            ms(now),
        )
        assert row is not None
        return _record(row)

    async def suggestion(self, suggestion_id: int) -> SuggestionRecord | None:
        row = await self._fetchrow(f"SELECT {_COLUMNS} FROM suggestions WHERE id = $1", suggestion_id)
        return None if row is None else _record(row)

    async def pending_suggestions(
        self, guild_id: int, *, author_id: int | None = None, limit: int = 25
    ) -> list[SuggestionRecord]:
        """A server's suggestions waiting for review (only `author_id`'s, if given), oldest first."""
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM suggestions WHERE guild_id = $1 AND status = 'pending' "
            "AND ($2::bigint IS NULL OR author_id = $2) ORDER BY id LIMIT $3",
            guild_id,
            author_id,
            limit,
        )
        return [_record(row) for row in rows]

    async def settle_suggestion(
        self, suggestion_id: int, status: str, reviewer_id: int, now: datetime, question: str | None = None
    ) -> bool:
        """Approve or reject a pending suggestion; False when it was not pending (settled once)."""
        if status not in ("approved", "rejected"):
            raise ValueError(f"a suggestion is approved or rejected, not {status!r}")
        status_line = await self._execute(
            "UPDATE suggestions SET status = $1, reviewed_by = $2, reviewed_at = $3, "
            "question = coalesce($4, question) WHERE id = $5 AND status = 'pending'",
            status,
            reviewer_id,
            ms(now),
            question,
            suggestion_id,
        )
        return affected(status_line) > 0
