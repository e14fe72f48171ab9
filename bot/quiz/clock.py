"""The engine's only notion of time: timezone-aware datetimes, and a clock that can also sleep until one."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Protocol


def require_aware(moment: datetime, what: str = "now") -> datetime:
    """Refuse a naive datetime: comparing it with stored UTC times would silently be wrong."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{what} must be a timezone-aware datetime (UTC), got {moment!r}")
    return moment


def as_utc(moment: datetime, what: str = "now") -> datetime:
    """The same instant with `datetime.UTC` as its tzinfo (fsrs insists on exactly that object)."""
    return require_aware(moment, what).astimezone(UTC)


class Clock(Protocol):
    """What time it is, and a sleep until a moment of that same time.

    Whatever waits for a moment (a question's deadline, Discord's edit limit) sleeps on the clock it
    reads the time from, so a test's clock, moved by hand, wakes what it made due; nothing naps in
    real time to notice a clock that moved.
    """

    def __call__(self) -> datetime: ...

    async def sleep_until(self, moment: datetime) -> None: ...


class SystemClock:
    """The real time, in UTC."""

    def __call__(self) -> datetime:
        return datetime.now(UTC)

    async def sleep_until(self, moment: datetime) -> None:
        left = (moment - self()).total_seconds()
        if left > 0:
            await asyncio.sleep(left)


async def nap(seconds: float, clock: Clock | None = None) -> None:
    """`seconds` of real time, or less when `clock` is moved that far ahead first.

    For waits that real time must end too (a frozen test clock never moves by itself): on the system
    clock both are the same wait, and a test's clock set ahead by hand ends it at once.
    """
    naps = [asyncio.ensure_future(asyncio.sleep(seconds))]
    if clock is not None:
        naps.append(asyncio.ensure_future(clock.sleep_until(clock() + timedelta(seconds=seconds))))
    try:
        await asyncio.wait(naps, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiting in naps:
            waiting.cancel()
