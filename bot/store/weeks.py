"""The weekly chart of /stats, for both engines: which weeks it shows, and its bars from per-week sums."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from bot.store.periods import as_utc, week_start
from bot.store.records import WeekStats

CHART_WEEKS = 8
_DAY_ZERO = date(1970, 1, 1)


def week_number(day: date) -> int:
    """Weeks since the Monday before 1970-01-01 (a Thursday, day 0; the next Monday is day 4).

    The engines group answers with the same sum on whole days, `(day + 3) / 7`, in SQL.
    """
    return ((day - _DAY_ZERO).days + 3) // 7


@dataclass(frozen=True, slots=True)
class Chart:
    """CHART_WEEKS weeks, Monday to Sunday in UTC, the last of them the week holding `now`."""

    first_monday: date

    @classmethod
    def ending(cls, now: datetime) -> Chart:
        return cls(week_start(as_utc(now).date()) - timedelta(weeks=CHART_WEEKS - 1))

    @property
    def start(self) -> datetime:
        """The chart's first instant: its first Monday, 00:00 UTC."""
        return datetime.combine(self.first_monday, time.min, UTC)

    @property
    def end(self) -> datetime:
        """The first instant after the chart: the Monday after its last week, 00:00 UTC."""
        return self.start + timedelta(weeks=CHART_WEEKS)

    def mondays(self) -> tuple[date, ...]:
        """The chart's weeks by their Mondays, oldest first."""
        return tuple(self.first_monday + timedelta(weeks=k) for k in range(CHART_WEEKS))

    def weeks(self, sums: Iterable[Sequence[int]]) -> tuple[WeekStats, ...]:
        """One bar a week, oldest first; zeros for a week without a row.

        `sums` are rows of (week_number, points, right, answered), as the engines' week sums return them.
        """
        by_week = {week: (points, right, answered) for week, points, right, answered in sums}
        bars = []
        for monday in self.mondays():
            points, right, answered = by_week.get(week_number(monday), (0, 0, 0))
            bars.append(WeekStats(week_start=monday, points=points, right=right, answered=answered))
        return tuple(bars)
