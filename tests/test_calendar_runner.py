"""The calendar's runner on a real SQLite store and the injected clock: shards, two processes, announcements."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.calendar.occurrences import wake_at
from bot.calendar.runner import CalendarRunner, SkippedOccurrence
from bot.store import CalendarSettings, NewSchedule, ScheduleRecord, Store, open_store

T0 = datetime(2027, 5, 3, 15, 59, tzinfo=UTC)
AT = datetime(2027, 5, 3, 16, 0, tzinfo=UTC)


class Channels:
    """The Discord side as a runner sees it, recording what it was asked; `held` are its shards' servers."""

    def __init__(self, held: set[int], busy: set[int] = frozenset()) -> None:  # type: ignore[assignment]
        self.held = held
        self.busy = busy
        self.started: list[int] = []
        self.announced: list[tuple[int, datetime]] = []
        self.told: list[tuple[int, str]] = []

    def holds(self, guild_id: int) -> bool:
        return guild_id in self.held

    async def announce(self, schedule: ScheduleRecord, starts_at: datetime) -> None:
        self.announced.append((schedule.id, starts_at))

    async def start_round(self, schedule: ScheduleRecord, occurrence: datetime) -> str:
        if schedule.channel_id in self.busy:
            raise SkippedOccurrence("a round was already running in this channel")
        self.started.append(schedule.id)
        return f"started round {100 + schedule.id}"

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        self.told.append((schedule.id, sentence))


async def in_harare(store: Store, *guilds: int) -> None:
    for guild in guilds:  # 18:00 there is 16:00 UTC
        await store.save_calendar_settings(CalendarSettings(guild, "Africa/Harare"))


def schedule(guild: int, announce: int = 0) -> NewSchedule:
    return NewSchedule(
        guild, guild + 1, "deck", "18:00", "daily", "", None, None, None, announce, None, 9, T0, AT
    )


async def test_each_process_runs_its_own_servers_and_an_occurrence_once(tmp_path: Path) -> None:
    now = [T0]
    async with (
        await open_store(tmp_path / "b.db") as first_store,
        await open_store(tmp_path / "b.db") as second_store,
    ):
        await in_harare(first_store, 1000, 2000)
        a = await first_store.add_schedule(schedule(1000), AT)
        b = await first_store.add_schedule(schedule(2000), AT)
        shard_a, everything = Channels({1000}), Channels({1000, 2000})
        first = CalendarRunner(first_store, lambda: now[0], shard_a)
        await first.tick()
        assert shard_a.started == []  # 15:59: not yet
        now[0] = AT
        await first.tick()
        assert shard_a.started == [a.id]
        untouched = await first_store.schedule(b.id)
        assert untouched is not None and untouched.next_at == AT  # another process's server: left alone
        # A second process that holds both servers, sharing the database, at the same minute.
        second = CalendarRunner(second_store, lambda: now[0], everything)
        await second.tick()
        await first.tick()
        assert everything.started == [b.id] and shard_a.started == [a.id]
        for made in (a, b):
            moved = await first_store.schedule(made.id)
            assert moved is not None and moved.next_at == AT + timedelta(days=1)
            assert moved.last_result == f"started round {100 + made.id}"


async def test_an_announcement_once_then_a_busy_channel_is_skipped_with_a_sentence(tmp_path: Path) -> None:
    now = [AT - timedelta(minutes=16)]
    async with await open_store(tmp_path / "b.db") as store:
        await in_harare(store, 3000)
        made = await store.add_schedule(schedule(3000, announce=15), wake_at(AT, 15, False))
        channels = Channels({3000}, busy={3001})
        runner = CalendarRunner(store, lambda: now[0], channels)
        await runner.tick()
        assert channels.announced == []
        now[0] = AT - timedelta(minutes=15)
        await runner.tick()
        await runner.tick()
        assert channels.announced == [(made.id, AT)]
        now[0] = AT
        await runner.tick()
        assert channels.started == []
        assert channels.told == [(made.id, "a round was already running in this channel")]
        kept = await store.schedule(made.id)
        assert kept is not None and kept.last_result == "skipped: a round was already running in this channel"
        assert kept.next_at == AT + timedelta(days=1) and not kept.announced
