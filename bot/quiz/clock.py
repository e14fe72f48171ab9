"""The engine's only notion of time: the timezone-aware datetimes its callers pass in."""

from __future__ import annotations

from datetime import UTC, datetime


def require_aware(moment: datetime, what: str = "now") -> datetime:
    """Refuse a naive datetime: comparing it with stored UTC times would silently be wrong."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{what} must be a timezone-aware datetime (UTC), got {moment!r}")
    return moment


def as_utc(moment: datetime, what: str = "now") -> datetime:
    """The same instant with `datetime.UTC` as its tzinfo (fsrs insists on exactly that object)."""
    return require_aware(moment, what).astimezone(UTC)
