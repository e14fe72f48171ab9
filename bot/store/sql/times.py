"""Times as both engines keep them: integers, milliseconds since 1970-01-01 00:00 UTC (days for the boards)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store.periods import as_utc

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
DAY_MS = 86_400_000


def to_ms(moment: datetime) -> int:
    return (as_utc(moment) - EPOCH) // timedelta(milliseconds=1)


def from_ms(ms: int) -> datetime:
    # (days, seconds, microseconds, milliseconds) by position: a third faster than by name, row after row
    return EPOCH + timedelta(0, 0, 0, ms)


def to_ms_or_none(moment: datetime | None) -> int | None:
    return None if moment is None else to_ms(moment)


def from_ms_or_none(ms: int | None) -> datetime | None:
    return None if ms is None else from_ms(ms)


def to_day(moment: datetime) -> int:
    """Whole UTC days since 1970-01-01."""
    return to_ms(moment) // DAY_MS
