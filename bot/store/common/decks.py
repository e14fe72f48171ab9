"""The decks each server's moderators uploaded, kept as the text they sent."""

from __future__ import annotations

from bot.store.records import GuildDeckRecord
from bot.store.sql.decks import (
    ADD_GUILD_DECK,
    DELETE_GUILD_DECK,
    EVERY_GUILD_DECK,
    GUILD_DECK_COLUMNS,
    GUILD_DECKS,
    SAVE_GUILD_DECK,
    SAVE_GUILD_DECK_OVER,
    guild_deck_over_values,
)
from bot.store.sql.engine import Engine, Transaction, changed
from bot.store.sql.pictures import DELETE_DECK_PICTURES


class SharedDecks:
    _engine: Engine

    async def save_guild_deck(self, record: GuildDeckRecord) -> None:
        """Keep an uploaded deck; uploading the same deck id again replaces it."""
        await self._engine.execute(SAVE_GUILD_DECK, **GUILD_DECK_COLUMNS.values(record))

    async def add_guild_deck(self, record: GuildDeckRecord) -> bool:
        """Keep a new deck; False (and nothing changed) when the server has a deck of that id already."""
        return await self._engine.execute(ADD_GUILD_DECK, **GUILD_DECK_COLUMNS.values(record)) > 0

    async def save_guild_deck_over(self, record: GuildDeckRecord, was: GuildDeckRecord) -> bool:
        """Keep `record` only while the stored deck is still `was`; False, nothing written, otherwise."""
        return await self._engine.execute(SAVE_GUILD_DECK_OVER, **guild_deck_over_values(record, was)) > 0

    async def guild_decks(self, guild_id: int | None = None) -> list[GuildDeckRecord]:
        """The server's uploaded decks (every server's when None), by server then deck id."""
        if guild_id is None:
            return await self._engine.fetch_records(GUILD_DECK_COLUMNS, EVERY_GUILD_DECK)
        return await self._engine.fetch_records(GUILD_DECK_COLUMNS, GUILD_DECKS, guild=guild_id)

    async def delete_guild_deck(self, guild_id: int, deck_id: str) -> bool:
        """Forget an uploaded deck and its pictures; False when there was none. Scores earned with it stay."""
        return await self._engine.write(lambda: _delete(guild_id, deck_id))


def _delete(guild_id: int, deck_id: str) -> Transaction[bool]:
    yield changed(DELETE_DECK_PICTURES, guild=guild_id, deck=deck_id)
    deleted: int = yield changed(DELETE_GUILD_DECK, guild=guild_id, deck=deck_id)
    return deleted > 0
