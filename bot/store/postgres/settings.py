"""Key-value meta, server settings and members' languages on PostgreSQL."""

from __future__ import annotations

from bot.store.postgres.connection import Connected
from bot.store.records import GuildSettings


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
            "SELECT quiz_master_role_id, questions, seconds, mode, pause_seconds "
            "FROM guild_settings WHERE guild_id = $1",
            guild_id,
        )
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, *row)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        s = settings
        await self._execute(
            "INSERT INTO guild_settings "
            "(guild_id, quiz_master_role_id, questions, seconds, mode, pause_seconds) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id) DO UPDATE SET "
            "quiz_master_role_id = excluded.quiz_master_role_id, questions = excluded.questions, "
            "seconds = excluded.seconds, mode = excluded.mode, pause_seconds = excluded.pause_seconds",
            s.guild_id,
            s.quiz_master_role_id,
            s.questions,
            s.seconds,
            s.mode,
            s.pause_seconds,
        )

    async def member_language(self, user_id: int) -> str | None:
        row = await self._fetchrow("SELECT language FROM member_settings WHERE user_id = $1", user_id)
        return None if row is None else str(row[0])

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """Remember the member's language; None forgets it (back to their Discord language)."""
        if language is None:
            await self._execute("DELETE FROM member_settings WHERE user_id = $1", user_id)
            return
        await self._execute(
            "INSERT INTO member_settings (user_id, language) VALUES ($1, $2) "
            "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            user_id,
            language,
        )
