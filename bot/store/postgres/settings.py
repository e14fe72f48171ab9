"""Key-value meta, server settings and members' languages and retentions on PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from bot.store.postgres.connection import Connected
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


class PostgresSettings(Connected):
    async def get_meta(self, key: str) -> str | None:
        row = await self._fetchrow(*GET_META.postgres(key=key))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._execute(*SET_META.postgres(key=key, value=value))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults when it never changed any."""
        row = await self._fetchrow(*GUILD_SETTINGS.postgres(guild=guild_id))
        return GuildSettings(guild_id) if row is None else guild_settings_record(guild_id, tuple(row))

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        await self._execute(SAVE_GUILD_SETTINGS.postgres_text, *guild_settings_row(settings))

    async def member_language(self, user_id: int) -> str | None:
        row = await self._fetchrow(*MEMBER_LANGUAGE.postgres(user=user_id))
        return None if row is None or row[0] is None else str(row[0])

    async def member_languages(self) -> dict[int, str]:
        return {int(row[0]): str(row[1]) for row in await self._fetch(*MEMBER_LANGUAGES.postgres())}

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """Remember the member's language; None forgets it (back to their Discord language)."""
        await self._write(lambda conn: _set_member_setting(conn, user_id, "language", language))

    async def member_retention(self, user_id: int) -> float | None:
        row = await self._fetchrow(*MEMBER_RETENTION.postgres(user=user_id))
        return None if row is None or row[0] is None else float(row[0])

    async def member_retentions(self, user_ids: Sequence[int]) -> dict[int, float]:
        if not user_ids:
            return {}
        rows = await self._fetch(
            "SELECT user_id, retention FROM member_settings "
            "WHERE retention IS NOT NULL AND user_id = ANY($1::bigint[])",
            list(user_ids),
        )
        return {int(row[0]): float(row[1]) for row in rows}

    async def set_member_retention(self, user_id: int, retention: float | None) -> None:
        check_retention(retention)
        await self._write(lambda conn: _set_member_setting(conn, user_id, "retention", retention))


async def _set_member_setting(conn: asyncpg.Connection, user_id: int, column: str, value: object) -> None:
    """Set one of the member's settings (None: unset); a member with none left has no row."""
    await conn.execute(*SET_MEMBER_SETTING[column].postgres(user=user_id, value=value))
    await conn.execute(*FORGET_BARE_MEMBER.postgres(user=user_id))
