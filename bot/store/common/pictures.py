"""The pictures uploaded for each server deck's questions, kept beside the deck's text."""

from __future__ import annotations

from datetime import datetime

from bot.store.picture_records import DeckPictureRecord
from bot.store.sql.engine import Engine
from bot.store.sql.pictures import (
    ADD_DECK_PICTURE,
    COPY_DECK_PICTURES,
    DECK_PICTURE,
    DECK_PICTURE_COLUMNS,
    DECK_PICTURE_NAMES,
    DELETE_DECK_PICTURE,
    SERVER_PICTURE,
    SERVER_PICTURE_BYTES,
)
from bot.store.sql.times import from_ms, to_ms


class SharedPictures:
    _engine: Engine

    async def add_deck_picture(self, record: DeckPictureRecord) -> bool:
        """Keep a deck's picture; False (nothing changed) when the deck keeps that name already."""
        return await self._engine.execute(ADD_DECK_PICTURE, **DECK_PICTURE_COLUMNS.values(record)) > 0

    async def deck_picture(self, guild_id: int, deck_id: str, name: str) -> DeckPictureRecord | None:
        return await self._engine.fetch_record(
            DECK_PICTURE_COLUMNS, DECK_PICTURE, guild=guild_id, deck=deck_id, name=name
        )

    async def server_picture(self, guild_id: int, name: str) -> DeckPictureRecord | None:
        """The picture of that name in any of the server's decks (names are digests: any one is the same)."""
        return await self._engine.fetch_record(
            DECK_PICTURE_COLUMNS, SERVER_PICTURE, guild=guild_id, name=name
        )

    async def deck_picture_names(self, guild_id: int, deck_id: str) -> dict[str, datetime]:
        found = await self._engine.fetch_all(DECK_PICTURE_NAMES, guild=guild_id, deck=deck_id)
        return {name: from_ms(created) for name, created in found}

    async def copy_deck_pictures(self, guild_id: int, deck_id: str, to_deck_id: str, at: datetime) -> int:
        """Give the deck `to_deck_id` a copy of each of `deck_id`'s pictures; how many were copied."""
        return await self._engine.execute(
            COPY_DECK_PICTURES, guild=guild_id, deck=deck_id, to_deck=to_deck_id, at=to_ms(at)
        )

    async def delete_deck_picture(self, guild_id: int, deck_id: str, name: str) -> bool:
        return await self._engine.execute(DELETE_DECK_PICTURE, guild=guild_id, deck=deck_id, name=name) > 0

    async def server_picture_bytes(self, guild_id: int) -> int:
        return int(await self._engine.fetch_value(SERVER_PICTURE_BYTES, guild=guild_id))
