"""SQLite: the bot's own keys (meta), each server's settings and each member's language and retention."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from bot.store.records import GuildSettings
from bot.store.sql.settings import (
    FORGET_BARE_MEMBER,
    GET_META,
    GUILD_SETTINGS,
    MEMBER_LANGUAGE,
    MEMBER_LANGUAGES,
    MEMBER_RETENTION,
    SAVE_GUILD_SETTINGS,
    SET_MEMBER_SETTING,
    SET_META,
    check_retention,
    guild_settings_record,
    guild_settings_row,
)
from bot.store.sqlite.connection import Database


class SqliteSettings:
    _db: Database

    async def get_meta(self, key: str) -> str | None:
        row = await self._db.fetchone(*GET_META.sqlite(key=key))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute(*SET_META.sqlite(key=key, value=value))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._db.fetchone(*GUILD_SETTINGS.sqlite(guild=guild_id))
        return GuildSettings(guild_id) if row is None else guild_settings_record(guild_id, row)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        await self._db.execute(SAVE_GUILD_SETTINGS.sqlite_numbered, guild_settings_row(settings))

    async def member_language(self, user_id: int) -> str | None:
        row = await self._db.fetchone(*MEMBER_LANGUAGE.sqlite(user=user_id))
        return None if row is None or row[0] is None else str(row[0])

    async def member_languages(self) -> dict[int, str]:
        return {int(row[0]): str(row[1]) for row in await self._db.fetchall(*MEMBER_LANGUAGES.sqlite())}

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        await self._db.write(lambda conn: _set_member_setting(conn, user_id, "language", language))

    async def member_retention(self, user_id: int) -> float | None:
        row = await self._db.fetchone(*MEMBER_RETENTION.sqlite(user=user_id))
        return None if row is None or row[0] is None else float(row[0])

    async def member_retentions(self, user_ids: Sequence[int]) -> dict[int, float]:
        if not user_ids:
            return {}
        # SQLite has no arrays: one mark per member.
        marks = ",".join("?" * len(user_ids))
        rows = await self._db.fetchall(
            f"SELECT user_id, retention FROM member_settings WHERE retention IS NOT NULL AND user_id IN ({marks})",
            tuple(user_ids),
        )
        return {int(row[0]): float(row[1]) for row in rows}

    async def set_member_retention(self, user_id: int, retention: float | None) -> None:
        check_retention(retention)
        await self._db.write(lambda conn: _set_member_setting(conn, user_id, "retention", retention))


def _set_member_setting(conn: sqlite3.Connection, user_id: int, column: str, value: object) -> None:
    """Set one of the member's settings (None: unset); a member with none left has no row."""
    conn.execute(*SET_MEMBER_SETTING[column].sqlite(user=user_id, value=value))
    conn.execute(*FORGET_BARE_MEMBER.sqlite(user=user_id))
