"""Records the dashboard's calendar pages read: a posted day with its counts, an assignment page's span."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.store.calendar_records import QotdDay

__all__ = ["DayFilter", "PostedDayLine"]


@dataclass(frozen=True, slots=True)
class DayFilter:
    """Which posted days a list shows: the server's dates from `first` to `last` (both kept), one deck."""

    first: date | None = None
    last: date | None = None
    deck_id: str | None = None


@dataclass(frozen=True, slots=True)
class PostedDayLine:
    """A day's question as it was posted, with how many members answered it and how many were right."""

    day: QotdDay
    answered: int
    right: int
