"""The question of the day: which question comes next, when it closes, and each member's daily streak."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from bot.calendar.repeats import Rule

if TYPE_CHECKING:
    import zoneinfo  # annotations only: bot/calendar/zones.py reads zones

# The question stays open until this long before the next one.
REVEAL_LEAD = timedelta(hours=1)
# Moderators are told in /qotd status when this few unused questions remain.
FEW_LEFT = 3


@dataclass(frozen=True, slots=True)
class Pick:
    question_id: str
    unused_after: int  # questions of the deck not yet asked in this cycle, once this one is


def next_question(deck_ids: Sequence[str], asked: Sequence[str], seed: int) -> Pick:
    """A question of the deck not asked since every question last was (a cycle), chosen by `seed`.

    `asked`: the server's earlier questions of the day from this deck, oldest first. Once every
    question has been asked, a new cycle starts and any may come again.
    """
    if not deck_ids:
        raise ValueError("a deck without questions has no question of the day")
    current = set(deck_ids)
    cycle: set[str] = set()
    for question_id in asked:
        if question_id not in current:
            continue  # a question the deck no longer has
        cycle.add(question_id)
        if cycle == current:
            cycle = set()
    unused = [q for q in deck_ids if q not in cycle]
    chosen = random.Random(seed).choice(unused)
    return Pick(chosen, len(unused) - 1)


def unused_count(deck_ids: Sequence[str], asked: Sequence[str]) -> int:
    """How many questions of the deck the current cycle has not asked yet."""
    if not deck_ids:
        return 0
    current = set(deck_ids)
    cycle: set[str] = set()
    for question_id in asked:
        if question_id in current:
            cycle.add(question_id)
            if cycle == current:
                cycle = set()
    return len(current - cycle)


def closes_at(posted: datetime, rule: Rule, zone: zoneinfo.ZoneInfo) -> datetime:
    """When the day's question is revealed: REVEAL_LEAD before the next one is posted."""
    following = rule.next_after(posted, zone)
    return max(posted + timedelta(minutes=1), following - REVEAL_LEAD)


@dataclass(frozen=True, slots=True)
class Streak:
    current: int
    best: int


def daily_streak(posted: Sequence[date], answered: set[date], open_day: date | None = None) -> Streak:
    """A member's run of days answering the question of the day, in the server's days.

    `posted`: every day the server had a question, in order. A day counts in a run when the member
    answered that day's question; a day with no question (the bot was off) neither counts nor breaks
    a run. Today's question still open (`open_day`) and not yet answered does not break the current
    run: there is still time. A day the member answered was posted, whether or not the bot has noted
    the post yet: a click can arrive before the bot has written down the message Discord just made.
    """
    posted = sorted({*posted, *answered})
    best = run = 0
    for day in posted:
        run = run + 1 if day in answered else 0
        best = max(best, run)
    current = 0
    for day in reversed(posted):
        if day in answered:
            current += 1
        elif day == open_day and current == 0:
            continue
        else:
            break
    return Streak(current, best)


def day_number(day: date) -> int:
    """A day as YYYYMMDD, as custom_ids carry it."""
    return day.year * 10_000 + day.month * 100 + day.day


def day_of_number(number: int) -> date:
    return date(number // 10_000, number // 100 % 100, number % 100)
