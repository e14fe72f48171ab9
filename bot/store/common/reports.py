"""A member's stats (/stats) and the per-question reports moderators read (/quiz report)."""

from __future__ import annotations

from datetime import datetime

from bot.store.records import DeckStats, GroupWeek, MemberStats, ReportLine, StruggleLine
from bot.store.sql.engine import Engine, Row, Transaction, row, rows, value
from bot.store.sql.item_figures import DAY_MS
from bot.store.sql.reports import (
    BEST_STREAK,
    DECK_REPORT,
    DECK_SUMS,
    GROUP_WEEKS,
    MEMBER_TOTAL,
    PRACTICE_TOTALS,
    ROUND_QUESTIONS,
    ROUND_REPORT,
    STRUGGLES,
    VERDICTS,
    WEEK_SUMS,
    report_lines,
    round_report,
)
from bot.store.sql.times import to_ms
from bot.store.weeks import Chart, week_number


def _best_streak(member: dict[str, object], local: bool) -> Transaction[int]:
    if not local:
        return int((yield value(BEST_STREAK, **member)))
    streak = best = 0
    for (correct,) in (yield rows(VERDICTS, **member)):
        streak = streak + 1 if correct else 0
        best = max(best, streak)
    return best


def _member_stats(guild_id: int, user_id: int, now: datetime, local: bool) -> Transaction[MemberStats]:
    chart = Chart.ending(now)
    member: dict[str, object] = {"user": user_id, "guild": guild_id}
    total = (yield row(MEMBER_TOTAL, **member)) or (0, 0, 0)
    deck_sums: list[Row] = yield rows(DECK_SUMS, **member)
    best_streak = yield from _best_streak(member, local)
    weeks = chart.weeks((yield rows(WEEK_SUMS, **member, start=to_ms(chart.start), end=to_ms(chart.end))))
    practised, practised_right = yield row(PRACTICE_TOTALS, user=user_id)
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


def _round_report(guild_id: int, round_id: int) -> Transaction[list[ReportLine]]:
    asked = yield row(ROUND_QUESTIONS, round=round_id, guild=guild_id)
    if asked is None:
        return []
    return round_report((yield rows(ROUND_REPORT, round=round_id)), asked[0])


def _deck_report(guild_id: int, deck_id: str) -> Transaction[list[ReportLine]]:
    found = yield rows(DECK_REPORT, guild=guild_id, deck=deck_id)
    return list(report_lines(found, by_index=False).values())


class SharedReports:
    _engine: Engine

    async def member_stats(self, guild_id: int, user_id: int, now: datetime) -> MemberStats:
        """What /stats shows: round answers in this server, practice answers anywhere."""
        local = self._engine.local
        return await self._engine.read(lambda: _member_stats(guild_id, user_id, now, local))

    async def group_weeks(self, guild_id: int, now: datetime) -> tuple[GroupWeek, ...]:
        """The server's round answers per week, the chart's weeks ending with `now`'s (see the Store
        interface)."""
        chart = Chart.ending(now)
        first, last = to_ms(chart.start) // DAY_MS, to_ms(chart.end) // DAY_MS
        found = await self._engine.fetch_all(GROUP_WEEKS, guild=guild_id, first=first, last=last)
        sums = {
            int(week): (int(answered), int(right), int(members)) for week, answered, right, members in found
        }
        return tuple(
            GroupWeek(monday, *sums.get(week_number(monday), (0, 0, 0))) for monday in chart.mondays()
        )

    async def question_report(
        self, guild_id: int, *, round_id: int | None = None, deck_id: str | None = None
    ) -> list[ReportLine]:
        """Per question: answered, right, and the commonest wrong answer (see the Store interface)."""
        if (round_id is None) == (deck_id is None):
            raise ValueError("a question report is of a round or of a deck: give exactly one")
        if round_id is not None:
            return await self._engine.read(lambda: _round_report(guild_id, round_id))
        assert deck_id is not None
        return await self._engine.read(lambda: _deck_report(guild_id, deck_id))

    async def deck_struggles(self, guild_id: int, deck_id: str, *, failures: int) -> list[StruggleLine]:
        """Per question of the deck answered in this server, the hardest first (see the Store interface)."""
        found = await self._engine.fetch_all(STRUGGLES, guild=guild_id, deck=deck_id, failures=failures)
        return [StruggleLine(str(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in found]
