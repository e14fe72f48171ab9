"""SQLite: the decks each server's moderators uploaded, kept as the text they sent."""

from __future__ import annotations

from bot.store.records import GuildDeckRecord
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import from_ms, to_ms

_COLUMNS = "guild_id, deck_id, source_name, text, uploaded_by, uploaded_at"


class SqliteDecks:
    _db: Database

    async def save_guild_deck(self, record: GuildDeckRecord) -> None:
        r = record
        await self._db.execute(
            f"INSERT INTO guild_decks ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, deck_id) DO UPDATE SET source_name = excluded.source_name, "
            "text = excluded.text, uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at",
            (r.guild_id, r.deck_id, r.source_name, r.text, r.uploaded_by, to_ms(r.uploaded_at)),
        )

    async def guild_decks(self, guild_id: int | None = None) -> list[GuildDeckRecord]:
        if guild_id is None:
            rows = await self._db.fetchall(f"SELECT {_COLUMNS} FROM guild_decks ORDER BY guild_id, deck_id")
        else:
            rows = await self._db.fetchall(
                f"SELECT {_COLUMNS} FROM guild_decks WHERE guild_id = ? ORDER BY deck_id", (guild_id,)
            )
        return [GuildDeckRecord(g, d, s, t, u, from_ms(at)) for g, d, s, t, u, at in rows]

    async def delete_guild_deck(self, guild_id: int, deck_id: str) -> bool:
        deleted = await self._db.execute(
            "DELETE FROM guild_decks WHERE guild_id = ? AND deck_id = ?", (guild_id, deck_id)
        )
        return deleted > 0
