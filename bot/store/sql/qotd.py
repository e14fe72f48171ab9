"""The question of the day's statements, written once for both engines (the sharded reads stay per engine)."""

from __future__ import annotations

from bot.store.calendar_records import QOTD_ANSWER_COLUMNS, QOTD_BOARD, QOTD_DAY_COLUMNS, QOTD_SETTING_COLUMNS
from bot.store.sql.shards import sharded
from bot.store.sql.statement import named, sql

_UPDATES = ", ".join(f"{c} = excluded.{c}" for c in QOTD_SETTING_COLUMNS.split(", ")[1:])

SETTINGS = sql(f"SELECT {QOTD_SETTING_COLUMNS} FROM qotd_settings WHERE guild_id = :guild")
# A row in qotd_settings_row's order.
SAVE_SETTINGS = sql(
    f"INSERT INTO qotd_settings ({QOTD_SETTING_COLUMNS}) VALUES ({named(QOTD_SETTING_COLUMNS)}) "
    f"ON CONFLICT (guild_id) DO UPDATE SET {_UPDATES}"
)
MOVE = sql("UPDATE qotd_settings SET next_at = :next WHERE guild_id = :guild AND next_at = :was")
# A row in qotd_day_row's order, then retry_at.
CLAIM_DAY = sql(
    f"INSERT INTO qotd_days ({QOTD_DAY_COLUMNS}, retry_at) VALUES ({named(QOTD_DAY_COLUMNS)}, :retry_at) "
    "ON CONFLICT (guild_id, day) DO NOTHING"
)
SET_MESSAGE = sql(
    "UPDATE qotd_days SET message_id = :message, post_problem = NULL, retry_at = NULL "
    "WHERE guild_id = :guild AND day = :day"
)
POST_FAILED = sql(
    "UPDATE qotd_days SET post_problem = :problem, retry_at = :retry "
    "WHERE guild_id = :guild AND day = :day AND message_id IS NULL"
)
POST_PROBLEM = sql(
    "SELECT post_problem FROM qotd_days WHERE guild_id = :guild AND day = :day AND message_id IS NULL"
)
DAYS_TO_RETRY = sql(
    f"SELECT {QOTD_DAY_COLUMNS}, retry_at FROM qotd_days WHERE retry_at IS NOT NULL AND retry_at <= :now "
    "AND message_id IS NULL AND revealed_at IS NULL ORDER BY retry_at LIMIT :limit"
)
CLAIM_RETRY = sql(
    "UPDATE qotd_days SET retry_at = :until WHERE guild_id = :guild AND day = :day AND retry_at = :retry "
    "AND message_id IS NULL"
)
DAY = sql(f"SELECT {QOTD_DAY_COLUMNS} FROM qotd_days WHERE guild_id = :guild AND day = :day")
LATEST_DAY = sql(
    f"SELECT {QOTD_DAY_COLUMNS} FROM qotd_days WHERE guild_id = :guild ORDER BY day DESC LIMIT 1"
)
REVEAL = sql(
    "UPDATE qotd_days SET revealed_at = :at WHERE guild_id = :guild AND day = :day AND revealed_at IS NULL"
)
HISTORY = sql(
    "SELECT question_id FROM qotd_days WHERE guild_id = :guild AND deck_id = :deck AND message_id IS NOT NULL "
    "ORDER BY day"
)
POSTED_DAYS = sql("SELECT day FROM qotd_days WHERE guild_id = :guild AND message_id IS NOT NULL ORDER BY day")
MEMBER_ANSWER = sql(
    f"SELECT {QOTD_ANSWER_COLUMNS} FROM qotd_answers WHERE guild_id = :guild AND day = :day AND user_id = :user"
)
# A row in qotd_answer_row's order; a second answer of the same member that day is not written.
ADD_ANSWER = sql(
    f"INSERT INTO qotd_answers ({QOTD_ANSWER_COLUMNS}) VALUES ({named(QOTD_ANSWER_COLUMNS)}) "
    "ON CONFLICT (guild_id, day, user_id) DO NOTHING"
)
ANSWERS = sql(
    f"SELECT {QOTD_ANSWER_COLUMNS} FROM qotd_answers WHERE guild_id = :guild AND day = :day "
    "ORDER BY answered_at, user_id"
)
MEMBER_DAYS = sql("SELECT day FROM qotd_answers WHERE guild_id = :guild AND user_id = :user ORDER BY day")
BOARD_PLAYERS = sql("SELECT COUNT(DISTINCT user_id) FROM qotd_answers WHERE guild_id = :guild")

DUE = sharded(
    f"SELECT {QOTD_SETTING_COLUMNS} FROM qotd_settings "
    "WHERE enabled = 1 AND next_at IS NOT NULL AND next_at <= :now{shards} ORDER BY next_at, guild_id LIMIT :limit",
    "guild_id",
)
DAYS_TO_REVEAL = sharded(
    f"SELECT {QOTD_DAY_COLUMNS} FROM qotd_days WHERE revealed_at IS NULL AND closes_at <= :now{{shards}} "
    "ORDER BY closes_at LIMIT :limit",
    "guild_id",
)
BOARD = sql(QOTD_BOARD.format(guild=":guild", limit=":limit", offset=":offset"))
