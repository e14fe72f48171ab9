"""A schedule's announcement is made once, and a crash does not lose it (issue 26), on both engines: claimed
pending and settled once posted, a claim whose process died before posting is taken again thirty seconds on,
by one process; once the round is due, it starts unannounced."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime, timedelta

from bot.calendar.runner import CalendarRunner
from bot.store import ScheduleRecord, Store
from tests.store_contract.conftest import Backend
from tests.store_contract.test_calendar_once import AT, daily, harare

LEAD = timedelta(minutes=15)  # announced at 17:45 in Harare


class Announces:
    """The Discord side of a process: `dies` kills it as it is about to post the announcement."""

    def __init__(self, *, dies: bool = False) -> None:
        self.dies = dies
        self.announced: list[tuple[int, datetime]] = []
        self.started: list[tuple[int, datetime]] = []

    def holds(self, guild_id: int) -> bool:
        return True

    async def announce(self, schedule: ScheduleRecord, starts_at: datetime) -> None:
        if self.dies:
            raise SystemExit("killed")
        self.announced.append((schedule.id, starts_at))

    async def start_round(self, schedule: ScheduleRecord, occurrence: datetime) -> str:
        self.started.append((schedule.id, occurrence))
        return "started"

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        raise AssertionError(sentence)


async def tick(store: Store, port: Announces, now: datetime) -> None:
    """One look of a freshly started runner whose clock reads `now`."""
    await CalendarRunner(store, lambda: now, port).tick()


async def announcing(store: Store, guild: int) -> ScheduleRecord:
    await harare(store, guild)
    return await store.add_schedule(replace(daily(guild), announce_minutes=15), AT - LEAD)


async def died_announcing(store: Store, made: ScheduleRecord) -> None:
    try:
        await tick(store, Announces(dies=True), AT - LEAD)
    except SystemExit:
        pass
    else:
        raise AssertionError("the announcement was not tried")
    schedule = await store.schedule(made.id)
    assert schedule is not None and not schedule.announced


async def test_an_announcement_whose_process_died_is_made_once_after_the_restart(store: Store) -> None:
    made = await announcing(store, 1000)
    await died_announcing(store, made)
    back = Announces()
    await tick(store, back, AT - LEAD + timedelta(seconds=10))  # the claimer may still be posting
    assert back.announced == []
    await tick(store, back, AT - LEAD + timedelta(minutes=1))
    assert back.announced == [(made.id, AT)]
    schedule = await store.schedule(made.id)
    assert schedule is not None and schedule.announced
    for minutes in (2, 3, 10):
        await tick(store, back, AT - LEAD + timedelta(minutes=minutes))
    assert back.announced == [(made.id, AT)]
    assert back.started == []


async def test_two_processes_announce_each_schedule_once_after_a_crash_and_without_one(
    backend: Backend,
) -> None:
    first, second = await backend.open(), await backend.open()
    crashed = [await announcing(first, 2000 + 10 * n) for n in range(5)]
    for made in crashed:
        await died_announcing(first, made)
    fresh = [await announcing(first, 3000 + 10 * n) for n in range(5)]
    a, b = Announces(), Announces()
    later = AT - LEAD + timedelta(minutes=1)
    await asyncio.gather(tick(first, a, later), tick(second, b, later), tick(first, a, later))
    assert sorted(a.announced + b.announced) == sorted((m.id, AT) for m in crashed + fresh)
    await asyncio.gather(tick(first, a, later + timedelta(minutes=1)), tick(second, b, later))
    assert len(a.announced + b.announced) == 10


async def test_a_process_down_until_the_round_is_due_starts_it_unannounced(store: Store) -> None:
    made = await announcing(store, 4000)
    await died_announcing(store, made)
    back = Announces()
    await tick(store, back, AT + timedelta(minutes=1))
    assert back.announced == []
    assert back.started == [(made.id, AT)]
