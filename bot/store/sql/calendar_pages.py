"""The dashboard's calendar pages' statements, written once for both engines: posted days with their counts,
a page of a server's assignments, and the attempts and answers of a span of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.calendar_page_records import AssignmentTally, PostedDayLine
from bot.store.sql.assignments import ASSIGNMENT_COLUMNS
from bot.store.sql.qotd import QOTD_ANSWER_COLUMNS, QOTD_DAY_COLUMNS
from bot.store.sql.statement import sql

# Days as YYYYMMDD: from 0 to LAST_DAY is every day.
LAST_DAY = 99_999_999


def posted_line(row: Sequence[Any]) -> PostedDayLine:
    """A row of POSTED_DAYS: QOTD_DAY_COLUMNS, then answered, right and version."""
    return PostedDayLine(QOTD_DAY_COLUMNS.record(row[:-3]), int(row[-3]), int(row[-2]), row[-1])


def tallies(rows: Sequence[Sequence[Any]]) -> list[AssignmentTally]:
    """SPAN_TALLIES' rows (a member's line each, by assignment) as one tally per assignment."""
    lines: dict[int, list[Sequence[Any]]] = {}
    for row in rows:
        lines.setdefault(int(row[0]), []).append(row)
    return [
        AssignmentTally(
            assignment_id,
            frozenset(int(r[1]) for r in theirs),
            frozenset(int(r[1]) for r in theirs if r[2]),
            tuple(int(r[3]) for r in theirs if r[3] is not None),
        )
        for assignment_id, theirs in lines.items()
    ]


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
# Each member's line in the server's assignments numbered :oldest to :newest (a page of the list): the
# assignment, the member, 1 if they finished an attempt (in time or late), and the points of their best
# attempt made in time (NULL without one), as bot/calendar/assignments.py ranks attempts: most right, then
# finished, then the earliest started (then the first made). An attempt is made in time when it finished, or
# unfinished last answered (or, with no answer, started), by the due time; a right answer kept without points
# counts 100.
SPAN_TALLIES = sql(
    "WITH totals AS (SELECT t.id, t.assignment_id, t.user_id, t.started_at, t.finished_at, "
    "CASE WHEN COALESCE(t.finished_at, MAX(a.answered_at), t.started_at) <= s.due_at THEN 1 ELSE 0 END "
    "AS on_time, COALESCE(SUM(a.correct), 0) AS right_count, "
    "COALESCE(SUM(COALESCE(a.points, CASE WHEN a.correct = 1 THEN 100 ELSE 0 END)), 0) AS points "
    "FROM assignment_attempts t JOIN assignments s ON s.id = t.assignment_id "
    "LEFT JOIN assignment_answers a ON a.attempt_id = t.id "
    "WHERE s.guild_id = :guild AND s.id >= :oldest AND s.id <= :newest "
    "GROUP BY t.id, t.assignment_id, t.user_id, t.started_at, t.finished_at, s.due_at), "
    "ranked AS (SELECT assignment_id, user_id, finished_at, on_time, points, ROW_NUMBER() OVER "
    "(PARTITION BY assignment_id, user_id, on_time ORDER BY right_count DESC, "
    "CASE WHEN finished_at IS NULL THEN 1 ELSE 0 END, started_at, id) AS place FROM totals) "
    "SELECT assignment_id, user_id, MAX(CASE WHEN finished_at IS NULL THEN 0 ELSE 1 END), "
    "MAX(CASE WHEN on_time = 1 AND place = 1 THEN points END) "
    "FROM ranked GROUP BY assignment_id, user_id ORDER BY assignment_id, user_id"
)
# The answers to the server's questions of the day from :first to :last (YYYYMMDD), by day.
SPAN_QOTD_ANSWERS = sql(
    f"SELECT {QOTD_ANSWER_COLUMNS.text} FROM qotd_answers WHERE guild_id = :guild AND day >= :first "
    "AND day <= :last ORDER BY day, answered_at, user_id"
)
