"""The weekly chart of /stats: its eight weeks from Monday to Sunday in UTC, and a bar for each."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

from bot.store import WeekStats
from bot.store.weeks import Chart, week_number


def test_the_chart_ends_with_the_week_holding_now_in_utc() -> None:
    # Monday 00:30 in Harare is still Sunday in UTC: the chart's last week is the one before.
    harare = timezone(timedelta(hours=2))
    chart = Chart.ending(datetime(2024, 5, 13, 0, 30, tzinfo=harare))
    assert chart.first_monday == date(2024, 3, 18)
    assert chart.start == datetime(2024, 3, 18, tzinfo=UTC)
    assert chart.end == datetime(2024, 5, 13, tzinfo=UTC)
    assert Chart.ending(datetime(2024, 5, 13, tzinfo=UTC)).first_monday == date(2024, 3, 25)


def test_week_numbers_change_on_mondays() -> None:
    # 1970-01-01 was a Thursday: its week began on Monday 1969-12-29, week 0.
    assert [week_number(date(1970, 1, d)) for d in (1, 4, 5, 11, 12)] == [0, 0, 1, 1, 2]
    assert week_number(date(1969, 12, 29)) == 0


def test_each_week_gets_its_sums_and_a_week_without_any_is_zero() -> None:
    chart = Chart(first_monday=date(2024, 3, 25))
    second, last = week_number(date(2024, 4, 1)), week_number(date(2024, 5, 13))
    bars = chart.weeks([(second, 200, 2, 3), (last, 300, 3, 4)])
    assert bars[1] == WeekStats(week_start=date(2024, 4, 1), points=200, right=2, answered=3)
    assert bars[7] == WeekStats(week_start=date(2024, 5, 13), points=300, right=3, answered=4)
    assert [(bar.week_start, bar.answered) for bar in bars[2:7]] == [
        (date(2024, 4, 8), 0), (date(2024, 4, 15), 0), (date(2024, 4, 22), 0), (date(2024, 4, 29), 0),
        (date(2024, 5, 6), 0),
    ]  # fmt: skip
    assert bars[0].points == 0
