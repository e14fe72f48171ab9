"""Questions members suggest for a server's deck, and its moderators' review queue, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected, affected
from bot.store.records import GuildDeckRecord, SuggestionRecord
from bot.store.sql.decks import SAVE_GUILD_DECK, guild_deck_values
from bot.store.sql.suggestions import (
    ADD_SUGGESTION,
    PENDING,
    PENDING_BY_AUTHOR,
    SETTLE,
    SUGGESTION,
    SUGGESTION_DECK,
    check_approved_deck,
    check_settled_status,
    suggestion_record,
)
from bot.store.sql.times import to_ms

# What a deck row the database refuses raises (a missing field): the caller's bug, not the server's.
_REFUSED = (asyncpg.NotNullViolationError, asyncpg.CheckViolationError)


class PostgresSuggestions(Connected):
    async def add_suggestion(
        self, guild_id: int, deck_id: str, author_id: int, question: str, now: datetime
    ) -> SuggestionRecord:
        """Queue a member's suggested question for review; its id comes from a sequence."""
        row = await self._fetchrow(
            *ADD_SUGGESTION.postgres(
                guild=guild_id, deck=deck_id, author=author_id, question=question, at=to_ms(now)
            )
        )
        assert row is not None
        return suggestion_record(row)

    async def suggestion(self, suggestion_id: int) -> SuggestionRecord | None:
        row = await self._fetchrow(*SUGGESTION.postgres(id=suggestion_id))
        return None if row is None else suggestion_record(row)

    async def pending_suggestions(
        self, guild_id: int, *, author_id: int | None = None, limit: int = 25
    ) -> list[SuggestionRecord]:
        """A server's suggestions waiting for review (only `author_id`'s, if given), oldest first."""
        if author_id is None:
            rows = await self._fetch(*PENDING.postgres(guild=guild_id, limit=limit))
        else:
            rows = await self._fetch(
                *PENDING_BY_AUTHOR.postgres(guild=guild_id, author=author_id, limit=limit)
            )
        return [suggestion_record(row) for row in rows]

    async def settle_suggestion(
        self, suggestion_id: int, status: str, reviewer_id: int, now: datetime, question: str | None = None
    ) -> bool:
        """Approve or reject a pending suggestion; False when it was not pending (settled once)."""
        check_settled_status(status)
        status_line = await self._execute(
            *SETTLE.postgres(
                status=status, by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
            )
        )
        return affected(status_line) > 0

    async def approve_suggestion(
        self, suggestion_id: int, reviewer_id: int, now: datetime, question: str, deck: GuildDeckRecord
    ) -> bool:
        """Approve a pending suggestion and save its deck, in one transaction (see the Store interface)."""
        settle = SETTLE.postgres(
            status="approved", by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
        )
        save = SAVE_GUILD_DECK.postgres(**guild_deck_values(deck))

        async def work(conn: asyncpg.Connection) -> bool:
            check_approved_deck(await conn.fetchrow(*SUGGESTION_DECK.postgres(id=suggestion_id)), deck)
            if affected(await conn.execute(*settle)) == 0:
                return False
            try:
                await conn.execute(*save)
            except _REFUSED as exc:  # rolled back whole by the transaction, approval too
                raise ValueError(f"the deck {deck.deck_id!r} was refused: {exc}") from exc
            return True

        return await self._write(work)
