"""Servers' time zones: IANA names read with zoneinfo (the tzdata package supplies them on slim images)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import TYPE_CHECKING

from bot.locales import _

if TYPE_CHECKING:
    import zoneinfo  # read at the first zone asked for: with sysconfig, what a bot without a calendar skips

# The longest stretch of local time a zone ever skipped (Samoa dropped a whole day in 2011).
_LONGEST_GAP_MINUTES = 24 * 60 + 1


class UnknownZoneError(ValueError):
    """A time zone name the IANA database does not have; its message is the sentence a moderator reads."""


@cache
def all_zone_names() -> tuple[str, ...]:
    """Every IANA zone name, sorted (what autocomplete offers)."""
    import zoneinfo

    return tuple(sorted(zoneinfo.available_timezones()))


def zone_named(name: str) -> zoneinfo.ZoneInfo:
    """The zone called `name` (case as IANA spells it, or any case); UnknownZoneError otherwise."""
    text = name.strip()
    by_lower = {zone.lower(): zone for zone in all_zone_names()}
    spelled = by_lower.get(text.lower())
    if spelled is None:
        raise UnknownZoneError(
            _(
                "“{text}” is not a time zone I know; pick an IANA name such as Africa/Harare, "
                "Europe/London or America/New_York.",
                text=text[:60],
            )
        )
    import zoneinfo

    return zoneinfo.ZoneInfo(spelled)


def zone_or_utc(name: str) -> zoneinfo.ZoneInfo:
    """The zone called `name`, or UTC for one the tz database dropped: the calendar keeps going on UTC."""
    try:
        return zone_named(name)
    except UnknownZoneError:
        return zone_named("UTC")


# Offered before anything is typed: IANA's names, the same in every language.
COMMON_ZONES = (
    "UTC",
    "Africa/Harare",  # i18n: not shown
    "Africa/Johannesburg",  # i18n: not shown
    "Europe/London",  # i18n: not shown
    "America/New_York",  # i18n: not shown
)


def matching_zones(typed: str, limit: int = 25) -> list[str]:
    """Zone names for autocomplete: those starting with what was typed first, then those containing it."""
    needle = typed.strip().lower().replace(" ", "_")
    names = all_zone_names()
    if not needle:
        return list(COMMON_ZONES[:limit])
    starts = [n for n in names if n.lower().startswith(needle)]
    contains = [n for n in names if needle in n.lower() and n not in starts]
    return (starts + contains)[:limit]


def local_instant(day: date, at: time, zone: zoneinfo.ZoneInfo) -> datetime:
    """The UTC instant of wall-clock `at` on `day` in `zone`.

    A time the zone skips that day (a daylight-saving gap) runs at the first minute after the gap; a
    time the zone shows twice (the repeated hour) is its first showing, so it runs once.
    """
    wall = datetime.combine(day, at.replace(second=0, microsecond=0, tzinfo=None))
    for step in range(_LONGEST_GAP_MINUTES):
        candidate = wall + timedelta(minutes=step)
        if _exists(candidate, zone):
            return candidate.replace(tzinfo=zone, fold=0).astimezone(UTC)
    raise ValueError(f"{zone.key} has no {wall:%H:%M} within a day after it on {day}")


def _exists(wall: datetime, zone: zoneinfo.ZoneInfo) -> bool:
    """Whether the zone's clocks show `wall` at some instant (not inside a gap)."""
    there = wall.replace(tzinfo=zone, fold=0).astimezone(UTC).astimezone(zone)
    return there.replace(tzinfo=None) == wall


def local_day(moment: datetime, zone: zoneinfo.ZoneInfo) -> date:
    """The server's date at `moment`."""
    return moment.astimezone(zone).date()


def day_start(day: date, zone: zoneinfo.ZoneInfo) -> datetime:
    """The first instant of the server's `day` (midnight, or the end of a gap at midnight)."""
    return local_instant(day, time(0, 0), zone)
