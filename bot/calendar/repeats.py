"""When a schedule repeats: once, daily, weekdays or weekly on chosen days, at a wall-clock time in a zone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING, Literal, get_args

from bot.calendar.day_names import names_in, weekday_named
from bot.calendar.zones import local_day, local_instant
from bot.locales import _, language
from bot.quiz.clock import require_aware

if TYPE_CHECKING:
    import zoneinfo  # annotations only: bot/calendar/zones.py reads zones

Repeat = Literal["once", "daily", "weekdays", "weekly"]
REPEATS: tuple[Repeat, ...] = get_args(Repeat)
DAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")  # index = date.weekday()
_TIME = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*$")
# Enough local days to find the next showing of any rule (a weekly one on one day, past a gap).
_HORIZON_DAYS = 9


class RuleError(ValueError):
    """A schedule a moderator wrote that cannot be followed; the message is the sentence they read."""


def parse_time(text: str) -> time:
    """`HH:MM` on a 24-hour clock; RuleError otherwise."""
    shape = _TIME.match(text)
    if shape is None or int(shape[1]) > 23 or int(shape[2]) > 59:
        raise RuleError(
            _("“{text}” is not a time; write it as HH:MM on a 24-hour clock, such as 18:30.", text=text[:20])
        )
    return time(int(shape[1]), int(shape[2]))


def parse_days(text: str | None) -> frozenset[int]:
    """`mon,wed,fri` (or `lun,mer`, `seg, qua`, `Muvhuro`...) as weekday numbers (Monday 0).

    A day is a whole name, never a prefix ("monkey" is no Monday): English's or a shipped language's
    (bot/calendar/day_names.py). RuleError, listing the names of the task's language, for anything else.
    """
    if not text or not text.strip():
        return frozenset()
    days: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        weekday = weekday_named(part)
        if weekday is None:
            raise RuleError(
                _(
                    "“{text}” is not a day; write days such as {names}, separated by commas.",
                    text=part[:20],
                    names=", ".join(names_in(language())),
                )
            )
        days.add(weekday)
    return frozenset(days)


def days_text(days: frozenset[int]) -> str:
    return ",".join(DAY_NAMES[d] for d in sorted(days))


@dataclass(frozen=True, slots=True)
class Rule:
    """A wall-clock time in a zone, and the local days it happens on."""

    at: time
    repeat: Repeat
    days: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.repeat not in REPEATS:
            raise RuleError(
                _("repeat is one of {choices}, not “{text}”.", choices=", ".join(REPEATS), text=self.repeat)
            )
        if self.repeat == "weekly" and not self.days:
            raise RuleError(_("A weekly schedule needs days:, such as mon,wed,fri."))

    def on_day(self, weekday: int) -> bool:
        if self.repeat in ("once", "daily"):
            return True
        if self.repeat == "weekdays":
            return weekday < 5
        return weekday in self.days

    def next_after(self, moment: datetime, zone: zoneinfo.ZoneInfo) -> datetime:
        """The first showing strictly after `moment` (UTC), ignoring `once` (the caller stops after one)."""
        require_aware(moment, "moment")
        first = local_day(moment, zone) - timedelta(days=1)  # a gap may move yesterday's showing past it
        for offset in range(_HORIZON_DAYS):
            day = first + timedelta(days=offset)
            if not self.on_day(day.weekday()):
                continue
            instant = local_instant(day, self.at, zone)
            if instant > moment:
                return instant
        raise AssertionError(f"no showing of {self} within {_HORIZON_DAYS} days of {moment}")

    def describe(self) -> str:
        clock = f"{self.at:%H:%M}"
        if self.repeat == "once":
            return _("once at {time}", time=clock)
        if self.repeat == "daily":
            return _("daily at {time}", time=clock)
        if self.repeat == "weekdays":
            return _("weekdays at {time}", time=clock)
        return _("{days} at {time}", days=days_text(self.days), time=clock)
