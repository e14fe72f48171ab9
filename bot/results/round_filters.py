"""The filters of a server's list of rounds, read from what a page was asked (its GET parameters) and
checked: days in the server's zone (the list shows its times there), a deck of the server, a member by id. A value that cannot
be one is a sentence for the moderator (UserError), never a guess."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Generic, TypeVar

from bot.errors import UserError
from bot.locales import _
from bot.store import RoundFilter

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# The query's names, as the form sends them.
FIELDS = ("from", "to", "deck", "member")


# What the store reads a list by: the rounds' RoundFilter, the question of the day's DayFilter.
Only = TypeVar("Only")


@dataclass(frozen=True, slots=True)
class AskedFilter(Generic[Only]):
    """The filter as the form shows it again (the text asked), and as the store reads it."""

    shown: dict[str, str]
    only: Only

    @property
    def active(self) -> bool:
        return any(self.shown.values())


def _day(text: str) -> date | None:
    if not text:
        return None
    try:
        if _DAY.fullmatch(text) is None:
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise UserError(
            _("{text} is not a day: write it as year-month-day, like 2026-12-01.", text=text[:20])
        ) from None


def _start_of(day: date, zone: tzinfo) -> datetime:
    """The day's first moment in `zone`, in UTC (a day of a zone that moves its clocks may be 23 or 25
    hours long)."""
    return datetime.combine(day, time(), tzinfo=zone).astimezone(UTC)


def _end_of(day: date, zone: tzinfo) -> datetime | None:
    """The moment after the day ends in `zone` (None past the calendar's last day)."""
    try:
        return _start_of(day + timedelta(days=1), zone)
    except OverflowError:
        return None


def read_filter(
    query: Mapping[str, str], deck_ids: Collection[str], zone: tzinfo = UTC
) -> AskedFilter[RoundFilter]:
    """The filter `query` asks for, its days in `zone` (the server's); UserError with one sentence for a
    value that cannot be one. `deck_ids` are the decks the server can choose from."""
    shown = {name: query.get(name, "").strip()[:100] for name in FIELDS}
    first, last = _day(shown["from"]), _day(shown["to"])
    if first is not None and last is not None and first > last:
        raise UserError(_("The first day comes after the last day: swap them, or clear one."))
    deck = shown["deck"] or None
    if deck is not None and deck not in deck_ids:
        raise UserError(_("This server has no such deck."))
    member = shown["member"]
    if member and not (member.isdigit() and len(member) < 21):
        raise UserError(_("Choose a member from the list."))
    only = RoundFilter(
        since=_start_of(first, zone) if first is not None else None,
        until=_end_of(last, zone) if last is not None else None,
        deck_id=deck,
        member_id=int(member) if member else None,
    )
    return AskedFilter(shown, only)
