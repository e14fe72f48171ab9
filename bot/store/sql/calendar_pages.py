"""The dashboard's calendar pages' statements, written once for both engines: posted days with their counts,
a page of a server's assignments, and the attempts and answers of a span of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.calendar_page_records import AttemptTotals, PostedDayLine
from bot.store.sql.assignments import ASSIGNMENT_COLUMNS, ATTEMPT_COLUMNS
from bot.store.sql.qotd import QOTD_ANSWER_COLUMNS, QOTD_DAY_COLUMNS
from bot.store.sql.statement import sql
from bot.store.sql.times import from_ms

# Days as YYYYMMDD: from 0 to LAST_DAY is every day.
LAST_DAY = 99_999_999


def posted_line(row: Sequence[Any]) -> PostedDayLine:
    """A row of POSTED_DAYS: QOTD_DAY_COLUMNS, then answered, right and version."""
    return PostedDayLine(QOTD_DAY_COLUMNS.record(row[:-3]), int(row[-3]), int(row[-2]), row[-1])


def attempt_totals(row: Sequence[Any]) -> AttemptTotals:
    """A row of SPAN_TOTALS: ATTEMPT_COLUMNS, then answered, right, points and the last answer's time."""
    last = row[-1]
    return AttemptTotals(
        ATTEMPT_COLUMNS.record(row[:-4]),
        int(row[-4]),
        int(row[-3]),
        int(row[-2]),
        None if last is None else from_ms(last),
    )


# The days whose question was posted, newest first, from :first to :last and before :before (days as
# YYYYMMDD), of deck :deck ('' for every deck); the answers are counted through their primary key.
POSTED_DAYS = sql(
    f"SELECT {QOTD_DAY_COLUMNS.text}, "
    "(SELECT COUNT(*) FROM qotd_answers a WHERE a.guild_id = qotd_days.guild_id AND a.day = qotd_days.day), "
    "(SELECT COALESCE(SUM(a.correct), 0) FROM qotd_answers a "
    "WHERE a.guild_id = qotd_days.guild_id AND a.day = qotd_days.day), version "
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
# Each attempt at the server's assignments numbered :oldest to :newest (a page of the list), summed up.
SPAN_TOTALS = sql(
    "SELECT t.id, t.assignment_id, t.user_id, t.number, t.started_at, t.finished_at, COUNT(a.attempt_id), "
    "COALESCE(SUM(a.correct), 0), "
    "COALESCE(SUM(COALESCE(a.points, CASE WHEN a.correct = 1 THEN 100 ELSE 0 END)), 0), MAX(a.answered_at) "
    "FROM assignment_attempts t JOIN assignments s ON s.id = t.assignment_id "
    "LEFT JOIN assignment_answers a ON a.attempt_id = t.id "
    "WHERE s.guild_id = :guild AND s.id >= :oldest AND s.id <= :newest "
    "GROUP BY t.id, t.assignment_id, t.user_id, t.number, t.started_at, t.finished_at ORDER BY t.id"
)
# The answers to the server's questions of the day from :first to :last (YYYYMMDD), by day.
SPAN_QOTD_ANSWERS = sql(
    f"SELECT {QOTD_ANSWER_COLUMNS.text} FROM qotd_answers WHERE guild_id = :guild AND day >= :first "
    "AND day <= :last ORDER BY day, answered_at, user_id"
)
