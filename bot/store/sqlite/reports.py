"""SQLite: a member's stats (/stats) and the per-question reports moderators read (/quiz report)."""

from __future__ import annotations

import sqlite3
from datetime import datetime

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
from bot.store.sqlite.connection import Database
from bot.store.weeks import Chart

# Each deck's sums and rounds; a round plays one deck, so the rounds per deck add up to the member's rounds.
_DECK_SUMS = sql(
    f"SELECT deck_id, SUM(points), SUM(correct), COUNT(*), COUNT(DISTINCT round_id) {MEMBER_ANSWERS} "
    "GROUP BY deck_id ORDER BY SUM(points) DESC, deck_id"
)

# Verdicts in answer order, for the best streak: counted here rather than in SQL, where a run of equal
# values needs window functions and a second pass, measured slower than this one narrow scan.
_VERDICTS = sql(f"SELECT correct {MEMBER_ANSWERS} ORDER BY answered_at, id")


def _member_stats(conn: sqlite3.Connection, guild_id: int, user_id: int, now: datetime) -> MemberStats:
    chart = Chart.ending(now)
    member = {"user": user_id, "guild": guild_id}
    total = conn.execute(*MEMBER_TOTAL.sqlite(**member)).fetchone() or (0, 0, 0)
    deck_sums = conn.execute(*_DECK_SUMS.sqlite(**member)).fetchall()
    streak = best_streak = 0
    for (correct,) in conn.execute(*_VERDICTS.sqlite(**member)):
        streak = streak + 1 if correct else 0
        best_streak = max(best_streak, streak)
    weeks = chart.weeks(
        conn.execute(*WEEK_SUMS.sqlite(**member, start=to_ms(chart.start), end=to_ms(chart.end)))
    )
    practised, practised_right = conn.execute(*PRACTICE_TOTALS.sqlite(user=user_id)).fetchone()
    return MemberStats(
        points=total[0],
        answered=total[2],
        right=total[1],
        rounds=sum(rounds for *_, rounds in deck_sums),
        best_streak=best_streak,
        week_points=weeks[-1].points,
        decks=tuple(DeckStats(deck_id=d, points=p, right=r, answered=a) for d, p, r, a, _ in deck_sums),
        weeks=weeks,
        practice_answered=practised,
        practice_right=practised_right,
    )


def _round_report(conn: sqlite3.Connection, guild_id: int, round_id: int) -> list[ReportLine]:
    row = conn.execute(*ROUND_QUESTIONS.sqlite(round=round_id, guild=guild_id)).fetchone()
    if row is None:
        return []
    return round_report(conn.execute(*ROUND_REPORT.sqlite(round=round_id)), row[0])


def _deck_report(conn: sqlite3.Connection, guild_id: int, deck_id: str) -> list[ReportLine]:
    rows = conn.execute(*DECK_REPORT.sqlite(guild=guild_id, deck=deck_id))
    return list(report_lines(rows, by_index=False).values())


class SqliteReports:
    _db: Database

    async def member_stats(self, guild_id: int, user_id: int, now: datetime) -> MemberStats:
        return await self._db.read(lambda conn: _member_stats(conn, guild_id, user_id, now))

    async def question_report(
        self, guild_id: int, *, round_id: int | None = None, deck_id: str | None = None
    ) -> list[ReportLine]:
        if (round_id is None) == (deck_id is None):
            raise ValueError("a question report is of a round or of a deck: give exactly one")
        if round_id is not None:
            return await self._db.read(lambda conn: _round_report(conn, guild_id, round_id))
        assert deck_id is not None
        return await self._db.read(lambda conn: _deck_report(conn, guild_id, deck_id))

    async def deck_struggles(self, guild_id: int, deck_id: str, *, failures: int) -> list[StruggleLine]:
        struggles = STRUGGLES.sqlite(guild=guild_id, deck=deck_id, failures=failures)
        rows = await self._db.read(lambda conn: conn.execute(*struggles).fetchall())
        return [StruggleLine(str(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]
