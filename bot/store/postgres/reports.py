"""PostgreSQL: a member's stats (/stats) and the per-question reports moderators read (/quiz report)."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected
from bot.store.records import DeckStats, MemberStats, ReportLine, StruggleLine
from bot.store.sql.reports import (
    DECK_REPORT,
    MEMBER_ANSWERS,
    MEMBER_TOTAL,
    PRACTICE_TOTALS,
    ROUND_QUESTIONS,
    ROUND_REPORT,
    STRUGGLES,
    WEEK_SUMS,
    report_lines,
    round_report,
)
from bot.store.sql.statement import sql
from bot.store.sql.times import to_ms
from bot.store.weeks import Chart

# The rounds played and the longest run of right answers, in the server: each right answer is grouped
# by how many misses came before it, so each group is one streak (one query, not a scan sent back to
# Python as SQLite does: here every row would cross the network).
_ROUNDS_AND_BEST_STREAK = sql(f"""
WITH ordered AS (
    SELECT round_id, correct, SUM(1 - correct) OVER (ORDER BY answered_at, id) AS misses_before
    {MEMBER_ANSWERS}
)
SELECT (SELECT COUNT(DISTINCT round_id) FROM ordered),
       coalesce((SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM ordered WHERE correct = 1
                                     GROUP BY misses_before) AS streaks), 0)
""")

_DECK_SUMS = sql(
    f"SELECT deck_id, SUM(points), SUM(correct), COUNT(*) {MEMBER_ANSWERS} GROUP BY deck_id "
    "ORDER BY SUM(points) DESC, deck_id"
)


async def _member_stats(conn: asyncpg.Connection, guild_id: int, user_id: int, now: datetime) -> MemberStats:
    chart = Chart.ending(now)
    member = {"user": user_id, "guild": guild_id}
    total = await conn.fetchrow(*MEMBER_TOTAL.postgres(**member)) or (0, 0, 0)
    rounds, best_streak = await conn.fetchrow(*_ROUNDS_AND_BEST_STREAK.postgres(**member))
    decks = tuple(
        DeckStats(deck_id=deck, points=p, right=r, answered=a)
        for deck, p, r, a in await conn.fetch(*_DECK_SUMS.postgres(**member))
    )
    weeks = chart.weeks(
        await conn.fetch(*WEEK_SUMS.postgres(**member, start=to_ms(chart.start), end=to_ms(chart.end)))
    )
    practised, practised_right = await conn.fetchrow(*PRACTICE_TOTALS.postgres(user=user_id))
    return MemberStats(
        points=total[0],
        answered=total[2],
        right=total[1],
        rounds=rounds,
        best_streak=best_streak,
        week_points=weeks[-1].points,
        decks=decks,
        weeks=weeks,
        practice_answered=practised,
        practice_right=practised_right,
    )


async def _round_report(conn: asyncpg.Connection, guild_id: int, round_id: int) -> list[ReportLine]:
    ids = await conn.fetchval(*ROUND_QUESTIONS.postgres(round=round_id, guild=guild_id))
    if ids is None:
        return []
    return round_report(await conn.fetch(*ROUND_REPORT.postgres(round=round_id)), ids)


async def _deck_report(conn: asyncpg.Connection, guild_id: int, deck_id: str) -> list[ReportLine]:
    rows = await conn.fetch(*DECK_REPORT.postgres(guild=guild_id, deck=deck_id))
    return list(report_lines(rows, by_index=False).values())


class PostgresReports(Connected):
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
        rows = await self._fetch(*STRUGGLES.postgres(guild=guild_id, deck=deck_id, failures=failures))
        return [StruggleLine(str(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]
