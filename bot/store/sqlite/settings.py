"""SQLite: the bot's own keys (meta), each server's settings and each member's language and retention."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from bot.store.records import GuildSettings
from bot.store.sqlite.connection import Database

# GuildSettings' fields after guild_id, by their names.
GUILD_SETTING_COLUMNS = (
    "quiz_master_role_id, questions, seconds, mode, pause_seconds, podium, standings, streak_bonus, "
    "reading_seconds, untimed, long_prompts, tags, difficulty, thread, teams"
)


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
        if row is None:
            return GuildSettings(guild_id)
        names = GUILD_SETTING_COLUMNS.split(", ")
        values = dict(zip(names, row, strict=True))
        for flag in ("streak_bonus", "untimed", "long_prompts", "thread"):
            values[flag] = bool(values[flag])  # SQLite keeps booleans as 0 and 1
        return GuildSettings(guild_id, **values)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        s = settings
        await self._db.execute(
            "INSERT INTO guild_settings "
            "(guild_id, quiz_master_role_id, questions, seconds, mode, pause_seconds, podium, standings, "
            "streak_bonus, reading_seconds, untimed, long_prompts, tags, difficulty, thread, teams) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "quiz_master_role_id = excluded.quiz_master_role_id, questions = excluded.questions, "
            "seconds = excluded.seconds, mode = excluded.mode, pause_seconds = excluded.pause_seconds, "
            "podium = excluded.podium, standings = excluded.standings, "
            "streak_bonus = excluded.streak_bonus, reading_seconds = excluded.reading_seconds, "
            "untimed = excluded.untimed, long_prompts = excluded.long_prompts, tags = excluded.tags, "
            "difficulty = excluded.difficulty, thread = excluded.thread, teams = excluded.teams",
            (
                s.guild_id,
                s.quiz_master_role_id,
                s.questions,
                s.seconds,
                s.mode,
                s.pause_seconds,
                s.podium,
                s.standings,
                int(s.streak_bonus),
                s.reading_seconds,
                int(s.untimed),
                int(s.long_prompts),
                s.tags,
                s.difficulty,
                int(s.thread),
                s.teams,
            ),
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
