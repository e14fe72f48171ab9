"""The question of the day's statements, written once for both engines (the sharded reads stay per engine)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.calendar_records import QotdAnswer, QotdBoardLine, QotdDay, QotdSettings
from bot.store.sql.rows import LETTERED, Columns
from bot.store.sql.shards import sharded
from bot.store.sql.statement import sql
from bot.store.sql.times import from_ms

QOTD_SETTING_COLUMNS = Columns(QotdSettings, "guild_id, channel_id, deck_id, at, set_by, next_at, enabled")
QOTD_DAY_COLUMNS = Columns(
    QotdDay,
    "guild_id, day, channel_id, deck_id, question_id, seed, message_id, posted_at, closes_at, revealed_at",
)
QOTD_ANSWER_COLUMNS = Columns(
    QotdAnswer,
    "guild_id, day, user_id, choice, correct, answered_at, text, points",
    fields={"correct": "right"},
    kept={"choice": LETTERED},
)


def retry_day(row: Sequence[Any]) -> tuple[QotdDay, datetime]:
    """A day to post again: QOTD_DAY_COLUMNS, then retry_at."""
    return QOTD_DAY_COLUMNS.record(row[:-1]), from_ms(row[-1])


def board_lines(rows: Sequence[Sequence[Any]]) -> tuple[QotdBoardLine, ...]:
    """BOARD's rows (user, right, answered, rank) as board lines."""
    return tuple(QotdBoardLine(rank=r[3], user_id=r[0], right=r[1], answered=r[2]) for r in rows)


SETTINGS = sql(f"SELECT {QOTD_SETTING_COLUMNS.text} FROM qotd_settings WHERE guild_id = :guild")
# A row of QOTD_SETTING_COLUMNS.
SAVE_SETTINGS = sql(QOTD_SETTING_COLUMNS.saving("qotd_settings", "guild_id"))
MOVE = sql("UPDATE qotd_settings SET next_at = :next WHERE guild_id = :guild AND next_at = :was")
# A row of QOTD_DAY_COLUMNS, then retry_at.
CLAIM_DAY = sql(
    f"INSERT INTO qotd_days ({QOTD_DAY_COLUMNS.text}, retry_at) VALUES ({QOTD_DAY_COLUMNS.named}, :retry_at) "
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
    f"SELECT {QOTD_DAY_COLUMNS.text}, retry_at FROM qotd_days WHERE retry_at IS NOT NULL AND retry_at <= :now "
    "AND message_id IS NULL AND revealed_at IS NULL ORDER BY retry_at LIMIT :limit"
)
CLAIM_RETRY = sql(
    "UPDATE qotd_days SET retry_at = :until WHERE guild_id = :guild AND day = :day AND retry_at = :retry "
    "AND message_id IS NULL"
)
DAY = sql(f"SELECT {QOTD_DAY_COLUMNS.text} FROM qotd_days WHERE guild_id = :guild AND day = :day")
LATEST_DAY = sql(
    f"SELECT {QOTD_DAY_COLUMNS.text} FROM qotd_days WHERE guild_id = :guild ORDER BY day DESC LIMIT 1"
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
    f"SELECT {QOTD_ANSWER_COLUMNS.text} FROM qotd_answers WHERE guild_id = :guild AND day = :day AND user_id = :user"
)
# A row of QOTD_ANSWER_COLUMNS; a second answer of the same member that day is not written.
ADD_ANSWER = sql(
    f"{QOTD_ANSWER_COLUMNS.inserting('qotd_answers')} ON CONFLICT (guild_id, day, user_id) DO NOTHING"
)
ANSWERS = sql(
    f"SELECT {QOTD_ANSWER_COLUMNS.text} FROM qotd_answers WHERE guild_id = :guild AND day = :day "
    "ORDER BY answered_at, user_id"
)
MEMBER_DAYS = sql("SELECT day FROM qotd_answers WHERE guild_id = :guild AND user_id = :user ORDER BY day")
BOARD_PLAYERS = sql("SELECT COUNT(DISTINCT user_id) FROM qotd_answers WHERE guild_id = :guild")

DUE = sharded(
    f"SELECT {QOTD_SETTING_COLUMNS.text} FROM qotd_settings "
    "WHERE enabled = 1 AND next_at IS NOT NULL AND next_at <= :now{shards} ORDER BY next_at, guild_id LIMIT :limit",
    "guild_id",
)
DAYS_TO_REVEAL = sharded(
    f"SELECT {QOTD_DAY_COLUMNS.text} FROM qotd_days WHERE revealed_at IS NULL AND closes_at <= :now{{shards}} "
    "ORDER BY closes_at LIMIT :limit",
    "guild_id",
)
# Right answers first, then fewer answers (the same right of fewer tries), then the member id; ranks are
# competition ranks by right answers alone (1, 2, 2, 4), as on the round boards.
BOARD = sql(
    "SELECT user_id, right_count, answered, rank FROM ("
    " SELECT user_id, SUM(correct) AS right_count, COUNT(*) AS answered,"
    " RANK() OVER (ORDER BY SUM(correct) DESC) AS rank"
    " FROM qotd_answers WHERE guild_id = :guild GROUP BY user_id"
    ") AS board ORDER BY rank, answered, user_id LIMIT :limit OFFSET :offset"
)
