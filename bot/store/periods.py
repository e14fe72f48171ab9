"""Leaderboard periods: where this month, this week (from Monday) and today start, all in UTC."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Literal, get_args

Period = Literal["all", "month", "week", "today"]
PERIODS: tuple[Period, ...] = get_args(Period)


def as_utc(moment: datetime) -> datetime:
    """The same instant in UTC; a naive datetime is a bug (whose clock would it be?)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{moment!r} has no time zone; Bvunzo keeps time in aware UTC datetimes")
    return moment.astimezone(UTC)


def period_start(period: Period, now: datetime) -> datetime | None:
    """The first instant of the period that contains `now`; None for "all"."""
    if period == "all":
        return None
    midnight = as_utc(now).replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "today":
        return midnight
    if period == "week":
        return midnight - timedelta(days=midnight.weekday())  # Monday is weekday 0
    if period == "month":
        return midnight.replace(day=1)
    raise ValueError(f"unknown period {period!r}; expected one of {', '.join(PERIODS)}")


def period_end(period: Period, now: datetime) -> datetime | None:
    """The first instant after the period that contains `now`; None for "all"."""
    start = period_start(period, now)
    if start is None:
        return None
    if period == "today":
        return start + timedelta(days=1)
    if period == "week":
        return start + timedelta(days=7)
    if start.month == 12:
        return start.replace(year=start.year + 1, month=1)
    return start.replace(month=start.month + 1)


def week_start(day: date) -> date:
    """The Monday of the week holding `day`."""
    return day - timedelta(days=day.weekday())
