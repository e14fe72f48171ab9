"""Key-value meta, server settings and members' languages and retentions on PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from bot.store.postgres.connection import Connected
from bot.store.records import GuildSettings
from bot.store.sqlite.settings import (
    GUILD_SETTING_COLUMNS,
    GUILD_SETTING_UPDATES,
    MEMBER_COLUMNS,
    RETENTION_RANGE,
    guild_settings_record,
    guild_settings_row,
)


class Settings(Connected):
    async def get_meta(self, key: str) -> str | None:
        row = await self._fetchrow("SELECT value FROM meta WHERE key = $1", key)
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults when it never changed any."""
        row = await self._fetchrow(
            f"SELECT {GUILD_SETTING_COLUMNS} FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return GuildSettings(guild_id) if row is None else guild_settings_record(guild_id, tuple(row))

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        row = guild_settings_row(settings)
        places = ", ".join(f"${n}" for n in range(1, len(row) + 1))
        await self._execute(
            f"INSERT INTO guild_settings (guild_id, {GUILD_SETTING_COLUMNS}) VALUES ({places}) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {GUILD_SETTING_UPDATES}",
            *row,
        )

    async def member_language(self, user_id: int) -> str | None:
        row = await self._fetchrow("SELECT language FROM member_settings WHERE user_id = $1", user_id)
        return None if row is None or row[0] is None else str(row[0])

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """Remember the member's language; None forgets it (back to their Discord language)."""
        await self._write(lambda conn: _set_member_setting(conn, user_id, "language", language))

    async def member_retention(self, user_id: int) -> float | None:
        row = await self._fetchrow("SELECT retention FROM member_settings WHERE user_id = $1", user_id)
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
        if retention is not None and not RETENTION_RANGE[0] <= retention <= RETENTION_RANGE[1]:
            raise ValueError(f"a desired retention is between 0.70 and 0.97, not {retention}")
        await self._write(lambda conn: _set_member_setting(conn, user_id, "retention", retention))


async def _set_member_setting(conn: asyncpg.Connection, user_id: int, column: str, value: object) -> None:
    """Set one of the member's settings (None: unset); a member with none left has no row."""
    if column not in MEMBER_COLUMNS:  # a column name cannot be a parameter; only these are ever used
        raise ValueError(f"no member setting {column!r}")
    await conn.execute(
        f"INSERT INTO member_settings (user_id, {column}) VALUES ($1, $2) "
        f"ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}",
        user_id,
        value,
    )
    await conn.execute(
        "DELETE FROM member_settings WHERE user_id = $1 AND language IS NULL AND retention IS NULL", user_id
    )
