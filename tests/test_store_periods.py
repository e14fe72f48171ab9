"""Leaderboard periods: where today, this week and this month start and end, in UTC whatever the caller's zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.store import period_end, period_start


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[arg-type,misc]


@pytest.mark.parametrize(
    ("period", "now", "start", "end"),
    [
        ("all", utc(2024, 5, 15, 12), None, None),
        ("today", utc(2024, 5, 15, 12), utc(2024, 5, 15), utc(2024, 5, 16)),
        ("week", utc(2024, 5, 15, 12), utc(2024, 5, 13), utc(2024, 5, 20)),  # Wednesday → Monday
        ("week", utc(2024, 5, 13, 0), utc(2024, 5, 13), utc(2024, 5, 20)),  # Monday 00:00 starts it
        ("week", utc(2024, 5, 19, 23, 59, 59), utc(2024, 5, 13), utc(2024, 5, 20)),  # Sunday ends it
        ("month", utc(2024, 2, 29, 23), utc(2024, 2, 1), utc(2024, 3, 1)),
        ("month", utc(2024, 12, 31, 23), utc(2024, 12, 1), utc(2025, 1, 1)),
    ],
)
def test_period_start_and_end_in_utc(
    period: str, now: datetime, start: datetime | None, end: datetime | None
) -> None:
    assert period_start(period, now) == start  # type: ignore[arg-type]
    assert period_end(period, now) == end  # type: ignore[arg-type]


def test_periods_follow_utc_not_the_callers_zone() -> None:
    # 01:30 on Monday in UTC+3 is still Sunday 22:30 UTC: last week, yesterday.
    now = datetime(2024, 5, 13, 1, 30, tzinfo=timezone(timedelta(hours=3)))
    assert period_start("week", now) == utc(2024, 5, 6)
    assert period_start("today", now) == utc(2024, 5, 12)


def test_a_naive_time_is_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        period_start("week", datetime(2024, 5, 15))
