"""A server's new time zone: where each schedule's and the question of the day's next occurrence goes.

The rule: the occurrence already claimed for a local date is not run again that local date in the new
zone (Harare's 18:00 ran; it is only noon in New York: New York's 18:00 today does not run), and an
occurrence whose local date has not run yet in the new zone runs at its new time, even if that is sooner
than it would have been in the old zone (New York's 18:00 is still ahead; it is 17:00 in Harare: Harare's
18:00 today runs). Pure: the clock and the claimed date are given.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from bot.calendar.occurrences import LATE_LIMIT
from bot.calendar.repeats import Rule
from bot.calendar.zones import day_start, local_day
from bot.locales import _
from bot.locales.formats import weekday
from bot.looks.text import stamp

if TYPE_CHECKING:
    import zoneinfo  # annotations only: bot/calendar/zones.py reads zones


def next_in_new_zone(
    rule: Rule, zone: zoneinfo.ZoneInfo, now: datetime, *, ran_on: date | None, catch_up: bool = False
) -> datetime:
    """The next occurrence of `rule` in the new `zone`, given `ran_on`: the local date (in the zone it ran
    in) of the latest occurrence already claimed, None when none was.

    `catch_up`: today's occurrence in the new zone counts even when its time has passed today (the
    question of the day, posted late rather than not at all); a round's counts up to LATE_LIMIT past (it
    starts late, as after a restart), and one further past has gone: the next showing is the next day's.
    """
    if catch_up:
        start = day_start(local_day(now, zone), zone) - timedelta(microseconds=1)
    else:
        start = now - LATE_LIMIT
    candidate = rule.next_after(start, zone)
    while ran_on is not None and local_day(candidate, zone) <= ran_on:
        candidate = rule.next_after(candidate, zone)
    return candidate


def zone_city(zone: zoneinfo.ZoneInfo) -> str:
    """The place an IANA name ends with, as people say it (America/New_York: New York)."""
    return zone.key.rsplit("/", 1)[-1].replace("_", " ")


def local_words(moment: datetime, zone: zoneinfo.ZoneInfo) -> str:
    """`Tuesday 18:00 New York time (<t:…:f>)`: the wall clock there, and a stamp each client shows in its own."""
    there = moment.astimezone(zone)
    shown = stamp(moment, "f")
    return _(
        "{weekday} {time} {city} time ({stamp})",
        weekday=weekday(there),
        time=there.strftime("%H:%M"),
        city=zone_city(zone),
        stamp=shown,
    )


def schedule_moved(schedule_id: int, moment: datetime, zone: zoneinfo.ZoneInfo) -> str:
    return _("Scheduled round #{id}: the next is now {when}.", id=schedule_id, when=local_words(moment, zone))


def qotd_moved(moment: datetime, zone: zoneinfo.ZoneInfo, now: datetime, ran_on: date | None) -> str:
    if moment <= now:
        return _(
            "Today's question of the day was not posted yet in {city}: it is posted now.",
            city=zone_city(zone),
        )
    if ran_on is not None and ran_on >= local_day(now, zone):
        return _(
            "Today's question of the day was already posted; the next is {when}.",
            when=local_words(moment, zone),
        )
    return _("The next question of the day is {when}.", when=local_words(moment, zone))
