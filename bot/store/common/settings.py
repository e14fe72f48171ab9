"""The bot's own keys (meta), each server's settings and each member's language and retention."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.records import GuildSettings
from bot.store.sql.engine import Engine, Transaction, changed
from bot.store.sql.settings import (
    FORGET_BARE_MEMBER,
    GET_META,
    GUILD_SETTING_COLUMNS,
    GUILD_SETTINGS,
    MEMBER_LANGUAGE,
    MEMBER_LANGUAGES,
    MEMBER_RETENTION,
    MEMBER_RETENTIONS,
    SAVE_GUILD_SETTINGS,
    SET_MEMBER_SETTING,
    SET_META,
    check_retention,
)


class SharedSettings:
    _engine: Engine

    async def get_meta(self, key: str) -> str | None:
        row = await self._engine.fetch_one(GET_META, key=key)
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._engine.execute(SET_META, key=key, value=value)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults when it never changed any."""
        found = await self._engine.fetch_record(GUILD_SETTING_COLUMNS, GUILD_SETTINGS, guild=guild_id)
        return GuildSettings(guild_id) if found is None else found

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        await self._engine.execute(SAVE_GUILD_SETTINGS, GUILD_SETTING_COLUMNS.row(settings))

    async def member_language(self, user_id: int) -> str | None:
        row = await self._engine.fetch_one(MEMBER_LANGUAGE, user=user_id)
        return None if row is None or row[0] is None else str(row[0])

    async def member_languages(self) -> dict[int, str]:
        return {int(row[0]): str(row[1]) for row in await self._engine.fetch_all(MEMBER_LANGUAGES)}

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """Remember the member's language; None forgets it (back to their Discord language)."""
        await self._engine.write(lambda: _set_member_setting(user_id, "language", language))

    async def member_retention(self, user_id: int) -> float | None:
        row = await self._engine.fetch_one(MEMBER_RETENTION, user=user_id)
        return None if row is None or row[0] is None else float(row[0])

    async def member_retentions(self, user_ids: Sequence[int]) -> dict[int, float]:
        if not user_ids:
            return {}
        rows = await self._engine.fetch_all(MEMBER_RETENTIONS, users=user_ids)
        return {int(row[0]): float(row[1]) for row in rows}

    async def set_member_retention(self, user_id: int, retention: float | None) -> None:
        check_retention(retention)
        await self._engine.write(lambda: _set_member_setting(user_id, "retention", retention))


def _set_member_setting(user_id: int, column: str, value: object) -> Transaction[None]:
    """Set one of the member's settings (None: unset); a member with none left has no row."""
    yield changed(SET_MEMBER_SETTING[column], user=user_id, value=value)
    yield changed(FORGET_BARE_MEMBER, user=user_id)
