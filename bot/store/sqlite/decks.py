"""SQLite: the decks each server's moderators uploaded, kept as the text they sent."""

from __future__ import annotations

from bot.store.records import GuildDeckRecord
from bot.store.sql.decks import (
    DELETE_GUILD_DECK,
    EVERY_GUILD_DECK,
    GUILD_DECKS,
    SAVE_GUILD_DECK,
    guild_deck_record,
    guild_deck_values,
)
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
