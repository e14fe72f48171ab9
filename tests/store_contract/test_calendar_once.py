"""A scheduled round happens exactly once (issue 26), on both engines: the claim and the schedule's move are
one transaction, the round's creation takes the claim, a claim left without its round by a crash is started
within ten minutes (later it reads as missed), two processes racing start each round once and both keep
its "started round N", and the due queries filter this process's shards before their LIMIT."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.calendar.history import recent_lines
from bot.calendar.runner import CalendarRunner
from bot.host.shards import shard_of
from bot.store import (
    CalendarSettings,
    NewRound,
    NewSchedule,
    OccurrenceRecord,
    OccurrenceTaken,
    QotdSettings,
    ScheduleMove,
    ScheduleRecord,
    Store,
)
from tests.store_contract.conftest import Backend

AT = datetime(2027, 5, 3, 16, 0, tzinfo=UTC)  # 18:00 in Harare
STAMP = f"<t:{int(AT.timestamp())}:f>"
NEXT_DAY = AT + timedelta(days=1)


def guild_on(shard: int, n: int, count: int = 2) -> int:
    """The n-th server id Discord gives to `shard` of `count`."""
    return (shard + count * n) << 22


class Rounds:
    """The Discord side of a process: starting a round stores it as the round service does (the claimed
    occurrence passed to the round's creation); nothing is posted."""

    def __init__(self, store: Store, held: set[int] | None = None) -> None:
        self.store = store
        self.held = held
        self.started: list[int] = []

    def holds(self, guild_id: int) -> bool:
        return self.held is None or guild_id in self.held

    async def announce(self, schedule: ScheduleRecord, starts_at: datetime) -> None:
        raise AssertionError("no announcements here")

    async def start_round(self, schedule: ScheduleRecord, occurrence: datetime) -> str:
        record = await self.store.start_round(
            NewRound(
                guild_id=schedule.guild_id,
                channel_id=schedule.channel_id,
                deck_id=schedule.deck_id,
                started_by=0,
                question_ids=("q1", "q2"),
                seconds=20,
                mode="standard",
                seed=7,
                started_at=occurrence,
            ),
            (schedule.id, occurrence),
        )
        self.started.append(record.id)
        return f"started round {record.id}"

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        raise AssertionError(sentence)


def daily(guild: int, channel: int | None = None) -> NewSchedule:
    return NewSchedule(
        guild,
        channel or guild + 1,
        "deck",
        "18:00",
        "daily",
        "",
        None,
        None,
        None,
        0,
        None,
        9,
        AT - timedelta(days=1),
        AT,
    )


async def harare(store: Store, *guilds: int) -> None:
    for guild in guilds:
        await store.save_calendar_settings(CalendarSettings(guild, "Africa/Harare"))


async def crashed_after_claim(store: Store, made: ScheduleRecord) -> None:
    """What a process killed between the claim and the round leaves: the claim, the schedule moved on."""
    claim = OccurrenceRecord(made.id, AT, "pending", round_id=None, detail=None, claimed_at=AT)
    assert await store.claim_round_occurrence(claim, ScheduleMove(AT, NEXT_DAY, NEXT_DAY))


async def test_a_claim_without_its_round_is_started_at_start_up_once(backend: Backend) -> None:
    store = await backend.open()
    await harare(store, 1000)
    made = await store.add_schedule(daily(1000), AT)
    await crashed_after_claim(store, made)
    assert (await store.schedule(made.id)).next_at == NEXT_DAY  # type: ignore[union-attr]
    # The process comes back two minutes later; its first look finds the claim and starts its round.
    now = [AT + timedelta(minutes=2)]
    port = Rounds(store)
    runner = CalendarRunner(store, lambda: now[0], port)
    await runner.tick()
    assert len(port.started) == 1
    (rid,) = port.started
    assert [r.id for r in await store.running_rounds()] == [rid]
    assert recent_lines(await store.schedule_occurrences(made.id), now[0]) == [
        f"{STAMP}: started round {rid}"
    ]
    # A minute on, and a restarted runner: nothing is pending, nothing starts again.
    now[0] += timedelta(minutes=1)
    await runner.tick()
    await CalendarRunner(store, lambda: now[0], port).tick()
    assert port.started == [rid]


async def test_a_claim_older_than_ten_minutes_is_missed_not_started(backend: Backend) -> None:
    store = await backend.open()
    await harare(store, 1100)
    made = await store.add_schedule(daily(1100), AT)
    await crashed_after_claim(store, made)
    now = AT + timedelta(minutes=11)
    port = Rounds(store)
    await CalendarRunner(store, lambda: now, port).tick()
    assert port.started == []
    assert await store.running_rounds() == []
    assert recent_lines(await store.schedule_occurrences(made.id), now) == [
        f"{STAMP}: missed (the bot was down)"
    ]
    # Nine minutes late, the same claim would still have started: the line says so meanwhile.
    assert recent_lines(await store.schedule_occurrences(made.id), AT + timedelta(minutes=9)) == [
        f"{STAMP}: starting"
    ]


async def test_a_round_already_created_is_not_started_twice(backend: Backend) -> None:
    store = await backend.open()
    await harare(store, 1200)
    made = await store.add_schedule(daily(1200), AT)
    await crashed_after_claim(store, made)
    first = Rounds(store)
    schedule = await store.schedule(made.id)
    assert schedule is not None
    await first.start_round(schedule, AT)  # created, then the process died before posting anything
    (rid,) = first.started
    now = AT + timedelta(minutes=3)
    port = Rounds(store)
    await CalendarRunner(store, lambda: now, port).tick()
    assert port.started == []  # the round service resumes the running round; the calendar adds none
    try:  # even where the channel is free (its round moved to a thread, say), the occurrence is taken
        await port.start_round(replace(schedule, channel_id=99_999), AT)
    except OccurrenceTaken:
        pass
    else:
        raise AssertionError("a second round was created for one occurrence")
    assert [r.id for r in await store.running_rounds()] == [rid]
    assert recent_lines(await store.schedule_occurrences(made.id), now) == [f"{STAMP}: started round {rid}"]


async def test_two_processes_racing_on_twenty_schedules_start_twenty_rounds_and_keep_every_result(
    backend: Backend,
) -> None:
    first, second = await backend.open(), await backend.open()
    guilds = [2000 + 10 * n for n in range(20)]
    await harare(first, *guilds)
    made = [await first.add_schedule(daily(g), AT) for g in guilds]
    a, b = Rounds(first), Rounds(second)
    await asyncio.gather(
        CalendarRunner(first, lambda: AT, a).tick(), CalendarRunner(second, lambda: AT, b).tick()
    )
    assert len(a.started) + len(b.started) == 20
    running = await first.running_rounds()
    assert len(running) == 20
    by_guild = {r.guild_id: r.id for r in running}
    for schedule in made:
        rid = by_guild[schedule.guild_id]
        assert recent_lines(await first.schedule_occurrences(schedule.id), AT) == [
            f"{STAMP}: started round {rid}"
        ]
        kept = await second.schedule(schedule.id)
        assert kept is not None and kept.next_at == NEXT_DAY
        assert kept.last_result == f"started round {rid}"


async def test_our_one_due_schedule_runs_behind_six_hundred_of_other_shards(backend: Backend) -> None:
    store = await backend.open()
    theirs = [guild_on(1, n) for n in range(600)]
    ours = guild_on(0, 3)
    assert shard_of(ours, 2) == 0 and {shard_of(g, 2) for g in theirs} == {1}
    for n, guild in enumerate(theirs):  # due a minute earlier than ours: first in the due order
        await store.add_schedule(daily(guild, channel=50_000 + n), AT - timedelta(minutes=1))
    await harare(store, ours)
    mine = await store.add_schedule(daily(ours), AT)
    port = Rounds(store, held={ours})
    runner = CalendarRunner(store, lambda: AT, port, shards=(2, (0,)))
    await runner.tick()
    assert len(port.started) == 1
    assert [r.guild_id for r in await store.running_rounds()] == [ours]
    assert [s.id for s in await store.due_schedules(AT, 500, (2, (0,)))] == []  # moved on
    assert len(await store.due_schedules(AT, 500, (2, (1,)))) == 500
    assert (await store.schedule(mine.id)).next_at == NEXT_DAY  # type: ignore[union-attr]


async def test_our_question_of_the_day_is_due_behind_six_hundred_of_other_shards(backend: Backend) -> None:
    store = await backend.open()
    theirs = [guild_on(1, n, count=3) for n in range(300)] + [guild_on(2, n, count=3) for n in range(300)]
    ours = guild_on(0, 5, count=3)
    for guild in theirs:
        await store.save_qotd_settings(QotdSettings(guild, 1, "deck", "18:00", 9, AT - timedelta(hours=1)))
    await store.save_qotd_settings(QotdSettings(ours, 1, "deck", "18:00", 9, AT))
    assert [s.guild_id for s in await store.due_qotds(AT, 500, (3, (0,)))] == [ours]
    assert len(await store.due_qotds(AT, 500, (3, (1, 2)))) == 500
    assert len(await store.due_qotds(AT, 500, (3, (0, 1)))) == 301


async def test_our_champion_handover_is_due_behind_six_hundred_of_other_shards(backend: Backend) -> None:
    store = await backend.open()
    for n in range(600):
        guild = guild_on(1, n)
        await store.save_calendar_settings(
            CalendarSettings(guild, "UTC", 5, champion_next_at=AT - timedelta(days=1))
        )
    ours = guild_on(0, 7)
    await store.save_calendar_settings(CalendarSettings(ours, "UTC", 5, champion_next_at=AT))
    assert [s.guild_id for s in await store.due_champions(AT, 500, (2, (0,)))] == [ours]
    assert len(await store.due_champions(AT, 500, None)) == 500


async def test_a_claim_comes_without_its_round(store: Store) -> None:
    await harare(store, 1000)
    made = await store.add_schedule(daily(1000), AT)
    with_round = OccurrenceRecord(made.id, AT, "pending", round_id=4, detail=None, claimed_at=AT)
    with pytest.raises(ValueError, match="gets its round when the round starts"):
        await store.claim_round_occurrence(with_round, ScheduleMove(AT, NEXT_DAY, NEXT_DAY))
    assert await store.schedule_occurrences(made.id) == []
