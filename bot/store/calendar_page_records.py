"""Records the dashboard's calendar pages read: a posted day with its counts, an assignment page's span."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.store.calendar_records import QotdDay

__all__ = ["AssignmentTally", "DayFilter", "PostedDayLine"]


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
    version: str | None = None  # the digest of the question as it was asked (None: kept before versions)


@dataclass(frozen=True, slots=True)
class AssignmentTally:
    """An assignment's members summed up, what the assignments list needs without their attempts: who
    started it, who of them finished an attempt (in time or late), and the points of the best attempt made
    in time of each member with one (bot/calendar/assignments.py's rules; a right answer kept without
    points counts 100, as results files count it)."""

    assignment_id: int
    started: frozenset[int]
    finished: frozenset[int]
    best_points: tuple[int, ...]
