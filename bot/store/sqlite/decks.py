"""SQLite: the decks each server's moderators uploaded, kept as the text they sent."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store.errors import DeckMoved
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
from bot.store.sqlite.connection import Database


class SqliteDecks:
    _db: Database

    async def save_guild_deck(self, record: GuildDeckRecord) -> None:
        await self._db.execute(*SAVE_GUILD_DECK.sqlite(**guild_deck_values(record)))

    async def guild_decks(self, guild_id: int | None = None) -> list[GuildDeckRecord]:
        if guild_id is None:
            rows = await self._db.fetchall(*EVERY_GUILD_DECK.sqlite())
        else:
            rows = await self._db.fetchall(*GUILD_DECKS.sqlite(guild=guild_id))
        return [guild_deck_record(row) for row in rows]

    async def delete_guild_deck(self, guild_id: int, deck_id: str) -> bool:
        return await self._db.execute(*DELETE_GUILD_DECK.sqlite(guild=guild_id, deck=deck_id)) > 0

    async def approve_suggestion_over(
        self,
        suggestion_id: int,
        reviewer_id: int,
        now: datetime,
        question: str,
        deck: GuildDeckRecord,
        was: GuildDeckRecord,
    ) -> bool:
        settle = SETTLE.sqlite(
            status="approved", by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
        )
        save = SAVE_GUILD_DECK_OVER.sqlite(**guild_deck_over_values(deck, was))

        def work(conn: sqlite3.Connection) -> bool:
            check_approved_deck(conn.execute(*SUGGESTION_DECK.sqlite(id=suggestion_id)).fetchone(), deck)
            if conn.execute(*settle).rowcount == 0:
                return False
            try:
                saved = conn.execute(*save).rowcount
            except sqlite3.IntegrityError as exc:  # rolled back whole by the transaction, approval too
                raise ValueError(f"the deck {deck.deck_id!r} was refused: {exc}") from exc
            if saved == 0:  # rolled back whole: the approval waits for the deck as it is now
                raise DeckMoved(f"server {deck.guild_id}'s deck {deck.deck_id!r} changed since it was read")
            return True

        return await self._db.write(work)
