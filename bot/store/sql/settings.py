"""Settings as both engines keep them: the bot's meta keys, each server's settings, each member's choices."""

from __future__ import annotations

from bot.store.records import GuildSettings
from bot.store.sql.rows import Columns
from bot.store.sql.statement import Statement, sql

# GuildSettings' fields, by their names.
GUILD_SETTING_COLUMNS = Columns(
    GuildSettings,
    "guild_id, quiz_master_role_id, questions, seconds, mode, pause_seconds, podium, standings, streak_bonus, "
    "reading_seconds, untimed, long_prompts, tags, difficulty, thread, teams, language, hints, card_style",
)


GET_META = sql("SELECT value FROM meta WHERE key = :key")
SET_META = sql(
    "INSERT INTO meta (key, value) VALUES (:key, :value) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)
GUILD_SETTINGS = sql(f"SELECT {GUILD_SETTING_COLUMNS.text} FROM guild_settings WHERE guild_id = :guild")
# Takes a row of GUILD_SETTING_COLUMNS as it is; every column but the key takes the new value.
SAVE_GUILD_SETTINGS = sql(GUILD_SETTING_COLUMNS.saving("guild_settings", "guild_id"))

# As the migration's CHECK has it (bot.quiz.MIN_RETENTION and MAX_RETENTION).
RETENTION_RANGE = (0.70, 0.97)


def check_retention(retention: float | None) -> None:
    if retention is not None and not RETENTION_RANGE[0] <= retention <= RETENTION_RANGE[1]:
        raise ValueError(f"a desired retention is between 0.70 and 0.97, not {retention}")


MEMBER_LANGUAGE = sql("SELECT language FROM member_settings WHERE user_id = :user")
# Every member who chose a language: few rows (the others follow their Discord client).
MEMBER_LANGUAGES = sql("SELECT user_id, language FROM member_settings WHERE language IS NOT NULL")
MEMBER_RETENTION = sql("SELECT retention FROM member_settings WHERE user_id = :user")


def _set_member(column: str) -> Statement:
    return sql(
        f"INSERT INTO member_settings (user_id, {column}) VALUES (:user, :value) "
        f"ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}"
    )


# One statement per setting a member may set (a column name cannot be a parameter).
SET_MEMBER_SETTING = {column: _set_member(column) for column in ("language", "retention")}
# A member with no setting left has no row.
FORGET_BARE_MEMBER = sql(
    "DELETE FROM member_settings WHERE user_id = :user AND language IS NULL AND retention IS NULL"
)
# The retentions of the members among `users` who set one.
MEMBER_RETENTIONS = sql(
    "SELECT user_id, retention FROM member_settings WHERE retention IS NOT NULL AND user_id IN (:users)",
    lists={"users": "bigint"},
)
