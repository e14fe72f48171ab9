"""The dashboard's calendar pages' statements, written once for both engines: posted days with their counts,
a page of a server's assignments, and the attempts and answers of a span of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.calendar_page_records import PostedDayLine
from bot.store.sql.assignments import ASSIGNMENT_COLUMNS
from bot.store.sql.qotd import QOTD_DAY_COLUMNS
from bot.store.sql.statement import sql

# Days as YYYYMMDD: from 0 to LAST_DAY is every day.
LAST_DAY = 99_999_999


def posted_line(row: Sequence[Any]) -> PostedDayLine:
    """A row of POSTED_DAYS: QOTD_DAY_COLUMNS, then answered and right."""
    return PostedDayLine(QOTD_DAY_COLUMNS.record(row[:-2]), int(row[-2]), int(row[-1]))


# The days whose question was posted, newest first, from :first to :last and before :before (days as
# YYYYMMDD), of deck :deck ('' for every deck); the answers are counted through their primary key.
POSTED_DAYS = sql(
    f"SELECT {QOTD_DAY_COLUMNS.text}, "
    "(SELECT COUNT(*) FROM qotd_answers a WHERE a.guild_id = qotd_days.guild_id AND a.day = qotd_days.day), "
    "(SELECT COALESCE(SUM(a.correct), 0) FROM qotd_answers a "
    "WHERE a.guild_id = qotd_days.guild_id AND a.day = qotd_days.day) "
    "FROM qotd_days WHERE guild_id = :guild AND message_id IS NOT NULL AND day >= :first AND day <= :last "
    "AND day < :before AND (CAST(:deck AS TEXT) = '' OR deck_id = :deck) ORDER BY day DESC LIMIT :limit"
)
POSTED_DAY = sql(
    f"SELECT {QOTD_DAY_COLUMNS.text} FROM qotd_days WHERE guild_id = :guild AND day = :day "
    "AND message_id IS NOT NULL"
)
# The server's assignments older than :before, newest first (assignments_guild serves it).
ASSIGNMENTS_PAGE = sql(
    f"SELECT {ASSIGNMENT_COLUMNS.text} FROM assignments WHERE guild_id = :guild AND id < :before "
    "ORDER BY id DESC LIMIT :limit"
)
# The attempts and answers of the server's assignments numbered :oldest to :newest (a page of the list).
SPAN_ATTEMPTS = sql(
    "SELECT t.id, t.assignment_id, t.user_id, t.number, t.started_at, t.finished_at "
    "FROM assignment_attempts t JOIN assignments s ON s.id = t.assignment_id "
    "WHERE s.guild_id = :guild AND s.id >= :oldest AND s.id <= :newest ORDER BY t.id"
)
SPAN_ANSWERS = sql(
    "SELECT a.attempt_id, a.question_index, a.question_id, a.choice, a.correct, a.ms, a.answered_at, "
    "a.text, a.points "
    "FROM assignment_answers a JOIN assignment_attempts t ON t.id = a.attempt_id "
    "JOIN assignments s ON s.id = t.assignment_id "
    "WHERE s.guild_id = :guild AND s.id >= :oldest AND s.id <= :newest ORDER BY a.attempt_id, a.question_index"
)
