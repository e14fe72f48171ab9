"""What /stats and the question reports read on PostgreSQL: a member's totals, streaks and weeks.

The same queries as SQLite's reports.py in PostgreSQL's words ($n parameters, named subqueries, and
sums cast back to bigint: PostgreSQL sums bigints into numerics).
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import asyncpg

from bot.store.periods import as_utc, week_start
from bot.store.postgres.connection import Connected
from bot.store.postgres.rows import CHART_WEEKS, EPOCH, STRUGGLES, ms, report_lines
from bot.store.records import DeckStats, MemberStats, ReportLine, StruggleLine, WeekStats

# A member's round answers in one server; answers_by_member serves it.
_MEMBER_ANSWERS = "FROM answers WHERE user_id = $1 AND guild_id = $2"

# The longest run of right answers: each right answer is grouped by how many misses came before it,
# so each group is one streak.
_ROUNDS_AND_BEST_STREAK = f"""
WITH ordered AS (
    SELECT round_id, correct, SUM(1 - correct) OVER (ORDER BY answered_at, id) AS misses_before
    {_MEMBER_ANSWERS}
)
SELECT (SELECT COUNT(DISTINCT round_id) FROM ordered),
       coalesce((SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM ordered WHERE correct = 1
                                     GROUP BY misses_before) AS streaks), 0)
"""

_DECK_SUMS = (
    f"SELECT deck_id, SUM(points), SUM(correct), COUNT(*) {_MEMBER_ANSWERS} GROUP BY deck_id "
    "ORDER BY SUM(points) DESC, deck_id"
)

# Monday-based week number: day 0 (1970-01-01) was a Thursday, the Monday after it day 4.
_WEEK_SUMS = (
    f"SELECT (answered_at / 86400000 + 3) / 7, SUM(points), SUM(correct), COUNT(*) {_MEMBER_ANSWERS} "
    "AND answered_at >= $3 AND answered_at < $4 GROUP BY 1"
)

# One pass over the answers reported on, as in SQLite's reports.py (see there for the shape).
_REPORT = """
WITH groups AS MATERIALIZED (
    SELECT qkey, correct, choice, text, COUNT(*) AS n, MIN(answered_at) AS first_at
    FROM ({source}) AS reported GROUP BY qkey, correct, choice, text
), totals AS (
    SELECT qkey, SUM(n)::bigint AS answered, SUM(correct * n)::bigint AS right_answers
    FROM groups GROUP BY qkey
), wrong_choices AS (
    SELECT qkey, choice, n, ROW_NUMBER() OVER (PARTITION BY qkey ORDER BY n DESC, choice) AS place
    FROM groups WHERE correct = 0 AND choice IS NOT NULL
)
SELECT 0, t.qkey, t.answered, t.right_answers, w.choice, coalesce(w.n, 0), NULL,
       CAST(t.right_answers AS double precision) / t.answered, -t.answered
FROM totals AS t LEFT JOIN wrong_choices AS w ON w.qkey = t.qkey AND w.place = 1
UNION ALL
SELECT 1, qkey, NULL, NULL, NULL, n, text, first_at, 0
FROM groups WHERE correct = 0 AND choice IS NULL AND text IS NOT NULL
ORDER BY 1, 8, 9, 2
"""
_ROUND_SOURCE = (
    "SELECT question_index AS qkey, correct, choice, text, answered_at FROM answers WHERE round_id = $1"
)
_DECK_SOURCE = (
    "SELECT a.question_id AS qkey, a.correct, a.choice, a.text, a.answered_at "
    "FROM answers AS a JOIN rounds AS r ON r.id = a.round_id WHERE r.guild_id = $1 AND r.deck_id = $2"
)


async def _member_stats(conn: asyncpg.Connection, guild_id: int, user_id: int, now: datetime) -> MemberStats:
    this_week = week_start(as_utc(now).date())
    first_week = this_week - timedelta(weeks=CHART_WEEKS - 1)
    chart_from = ms(datetime.combine(first_week, datetime.min.time(), UTC))
    chart_to = ms(datetime.combine(this_week + timedelta(weeks=1), datetime.min.time(), UTC))
    total = await conn.fetchrow(
        "SELECT points, correct, answered FROM board_totals WHERE guild_id = $1 AND deck_id = '' AND user_id = $2",
        guild_id,
        user_id,
    ) or (0, 0, 0)
    rounds, best_streak = await conn.fetchrow(_ROUNDS_AND_BEST_STREAK, user_id, guild_id)
    decks = tuple(
        DeckStats(deck_id=deck, points=p, right=r, answered=a)
        for deck, p, r, a in await conn.fetch(_DECK_SUMS, user_id, guild_id)
    )
    weekly = {
        week: (points, correct, answered)
        for week, points, correct, answered in await conn.fetch(
            _WEEK_SUMS, user_id, guild_id, chart_from, chart_to
        )
    }
    weeks = []
    for k in range(CHART_WEEKS):
        monday = first_week + timedelta(weeks=k)
        points, correct, answered = weekly.get(((monday - EPOCH.date()).days + 3) // 7, (0, 0, 0))
        weeks.append(WeekStats(week_start=monday, points=points, right=correct, answered=answered))
    practised, practised_right = await conn.fetchrow(
        "SELECT COUNT(*), coalesce(SUM(correct), 0) FROM practice_answers WHERE user_id = $1", user_id
    )
    return MemberStats(
        points=total[0],
        answered=total[2],
        right=total[1],
        rounds=rounds,
        best_streak=best_streak,
        week_points=weeks[-1].points,
        decks=decks,
        weeks=tuple(weeks),
        practice_answered=practised,
        practice_right=practised_right,
    )


async def _round_report(conn: asyncpg.Connection, guild_id: int, round_id: int) -> list[ReportLine]:
    ids = await conn.fetchval(
        "SELECT question_ids FROM rounds WHERE id = $1 AND guild_id = $2", round_id, guild_id
    )
    if ids is None:
        return []
    rows = await conn.fetch(_REPORT.format(source=_ROUND_SOURCE), round_id)
    lines = report_lines(rows, by_index=True)
    unanswered = ReportLine(None, "", 0, 0, None, 0, None)
    return [
        replace(lines.get(index, unanswered), question_index=index, question_id=question_id)
        for index, question_id in enumerate(json.loads(ids))
    ]


async def _deck_report(conn: asyncpg.Connection, guild_id: int, deck_id: str) -> list[ReportLine]:
    rows = await conn.fetch(_REPORT.format(source=_DECK_SOURCE), guild_id, deck_id)
    return list(report_lines(rows, by_index=False).values())


class Stats(Connected):
    async def member_stats(self, guild_id: int, user_id: int, now: datetime) -> MemberStats:
        """What /stats shows: round answers in this server, practice answers anywhere."""
        return await self._read(lambda conn: _member_stats(conn, guild_id, user_id, now))

    async def question_report(
        self, guild_id: int, *, round_id: int | None = None, deck_id: str | None = None
    ) -> list[ReportLine]:
        """Per question: answered, right, and the commonest wrong answer (see the Store interface)."""
        if (round_id is None) == (deck_id is None):
            raise ValueError("a question report is of a round or of a deck: give exactly one")
        if round_id is not None:
            return await self._read(lambda conn: _round_report(conn, guild_id, round_id))
        assert deck_id is not None
        return await self._read(lambda conn: _deck_report(conn, guild_id, deck_id))

    async def deck_struggles(self, guild_id: int, deck_id: str, *, failures: int) -> list[StruggleLine]:
        """Per question of the deck answered in this server, the hardest first (see the Store interface)."""
        rows = await self._fetch(STRUGGLES, guild_id, deck_id, failures)
        return [StruggleLine(str(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]
