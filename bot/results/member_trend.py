"""A member's trend: their round answers per week summed over every server they play in (the member page)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from bot.store import MemberStats, WeekStats


def member_weeks(servers: Iterable[MemberStats]) -> tuple[WeekStats, ...]:
    """The member's weeks, oldest first: each server's last weeks (empty ones included) added week by week."""
    summed: dict[date, WeekStats] = {}
    for stats in servers:
        for week in stats.weeks:
            held = summed.get(week.week_start, WeekStats(week.week_start, 0, 0, 0))
            summed[week.week_start] = WeekStats(
                week.week_start,
                held.points + week.points,
                held.right + week.right,
                held.answered + week.answered,
            )
    return tuple(summed[start] for start in sorted(summed))
