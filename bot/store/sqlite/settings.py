"""SQLite: the bot's own keys (meta), each server's settings and each member's language and retention."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from bot.store.records import GuildSettings
from bot.store.sqlite.connection import Database

# GuildSettings' fields after guild_id, by their names (PostgreSQL's table has the same columns).
GUILD_SETTING_COLUMNS = (
    "quiz_master_role_id, questions, seconds, mode, pause_seconds, podium, standings, streak_bonus, "
    "reading_seconds, untimed, long_prompts, tags, difficulty, thread, teams"
)
_FLAGS = ("streak_bonus", "untimed", "long_prompts", "thread")  # kept as 0 and 1 by both engines
# The upsert's SET list: every column but the key takes the new value.
GUILD_SETTING_UPDATES = ", ".join(f"{c} = excluded.{c}" for c in GUILD_SETTING_COLUMNS.split(", "))


def guild_settings_record(guild_id: int, row: Sequence[object]) -> GuildSettings:
    values = dict(zip(GUILD_SETTING_COLUMNS.split(", "), row, strict=True))
    for flag in _FLAGS:
        values[flag] = bool(values[flag])
    return GuildSettings(guild_id, **values)  # type: ignore[arg-type]


def guild_settings_row(settings: GuildSettings) -> tuple[object, ...]:
    """guild_id, then the GUILD_SETTING_COLUMNS in order."""
    values = [getattr(settings, name) for name in GUILD_SETTING_COLUMNS.split(", ")]
    return (settings.guild_id, *(int(v) if isinstance(v, bool) else v for v in values))


class SqliteSettings:
    _db: Database

    async def get_meta(self, key: str) -> str | None:
        row = await self._db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._db.fetchone(
            f"SELECT {GUILD_SETTING_COLUMNS} FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        return GuildSettings(guild_id) if row is None else guild_settings_record(guild_id, row)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        await self._db.execute(
            f"INSERT INTO guild_settings (guild_id, {GUILD_SETTING_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {GUILD_SETTING_UPDATES}",
            guild_settings_row(settings),
        )

    async def member_language(self, user_id: int) -> str | None:
        row = await self._db.fetchone("SELECT language FROM member_settings WHERE user_id = ?", (user_id,))
        return None if row is None or row[0] is None else str(row[0])

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        await self._db.write(lambda conn: _set_member_setting(conn, user_id, "language", language))

    async def member_retention(self, user_id: int) -> float | None:
        row = await self._db.fetchone("SELECT retention FROM member_settings WHERE user_id = ?", (user_id,))
        return None if row is None or row[0] is None else float(row[0])

    async def member_retentions(self, user_ids: Sequence[int]) -> dict[int, float]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._db.fetchall(
            f"SELECT user_id, retention FROM member_settings WHERE retention IS NOT NULL AND user_id IN ({marks})",
            tuple(user_ids),
        )
        return {int(row[0]): float(row[1]) for row in rows}

    async def set_member_retention(self, user_id: int, retention: float | None) -> None:
        if retention is not None and not RETENTION_RANGE[0] <= retention <= RETENTION_RANGE[1]:
            raise ValueError(f"a desired retention is between 0.70 and 0.97, not {retention}")
        await self._db.write(lambda conn: _set_member_setting(conn, user_id, "retention", retention))


# As the migration's CHECK has it (bot.quiz.MIN_RETENTION and MAX_RETENTION).
RETENTION_RANGE = (0.70, 0.97)

# The member settings a member may set, each one a column of member_settings.
MEMBER_COLUMNS = frozenset({"language", "retention"})


def _set_member_setting(conn: sqlite3.Connection, user_id: int, column: str, value: object) -> None:
    """Set one of the member's settings (None: unset); a member with none left has no row."""
    if column not in MEMBER_COLUMNS:  # a column name cannot be a parameter; only these two are ever used
        raise ValueError(f"no member setting {column!r}")
    conn.execute(
        f"INSERT INTO member_settings (user_id, {column}) VALUES (?, ?) "
        f"ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}",
        (user_id, value),
    )
    conn.execute(
        "DELETE FROM member_settings WHERE user_id = ? AND language IS NULL AND retention IS NULL", (user_id,)
    )
