"""The decks each server's moderators uploaded, kept as the text they sent, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.errors import DeckMoved
from bot.store.postgres.connection import Connected, affected
from bot.store.records import GuildDeckRecord
from bot.store.sql.decks import (
    DELETE_GUILD_DECK,
    EVERY_GUILD_DECK,
    GUILD_DECKS,
    SAVE_GUILD_DECK,
    SAVE_GUILD_DECK_OVER,
    guild_deck_over_values,
    guild_deck_record,
    guild_deck_values,
)
from bot.store.sql.suggestions import SETTLE, SUGGESTION_DECK, check_approved_deck
from bot.store.sql.times import to_ms

# What a deck row the database refuses raises (a missing field): the caller's bug, not the server's.
_REFUSED = (asyncpg.NotNullViolationError, asyncpg.CheckViolationError)


class PostgresDecks(Connected):
    async def save_guild_deck(self, record: GuildDeckRecord) -> None:
        """Keep an uploaded deck; uploading the same deck id again replaces it."""
        await self._execute(*SAVE_GUILD_DECK.postgres(**guild_deck_values(record)))

    async def guild_decks(self, guild_id: int | None = None) -> list[GuildDeckRecord]:
        """The server's uploaded decks (every server's when None), by server then deck id."""
        if guild_id is None:
            rows = await self._fetch(*EVERY_GUILD_DECK.postgres())
        else:
            rows = await self._fetch(*GUILD_DECKS.postgres(guild=guild_id))
        return [guild_deck_record(row) for row in rows]

    async def delete_guild_deck(self, guild_id: int, deck_id: str) -> bool:
        """Forget an uploaded deck; False when there was none. Scores earned with it stay."""
        return affected(await self._execute(*DELETE_GUILD_DECK.postgres(guild=guild_id, deck=deck_id))) > 0

    async def approve_suggestion_over(
        self,
        suggestion_id: int,
        reviewer_id: int,
        now: datetime,
        question: str,
        deck: GuildDeckRecord,
        was: GuildDeckRecord,
    ) -> bool:
        """Approve a pending suggestion and save its deck over `was`, in one transaction (see the Store
        interface). Read committed: an UPDATE waiting for another's row sees that row once it commits."""
        settle = SETTLE.postgres(
            status="approved", by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
        )
        save = SAVE_GUILD_DECK_OVER.postgres(**guild_deck_over_values(deck, was))

        async def work(conn: asyncpg.Connection) -> bool:
            check_approved_deck(await conn.fetchrow(*SUGGESTION_DECK.postgres(id=suggestion_id)), deck)
            if affected(await conn.execute(*settle)) == 0:
                return False
            try:
                saved = affected(await conn.execute(*save))
            except _REFUSED as exc:  # rolled back whole by the transaction, approval too
                raise ValueError(f"the deck {deck.deck_id!r} was refused: {exc}") from exc
            if saved == 0:  # rolled back whole: the approval waits for the deck as it is now
                raise DeckMoved(f"server {deck.guild_id}'s deck {deck.deck_id!r} changed since it was read")
            return True

        return await self._write(work)
