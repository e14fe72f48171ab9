"""Store contract: servers' time zones, scheduled rounds, and occurrences claimed exactly once."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

from bot.store import CalendarSettings, NewSchedule, ScheduleMove, Store
from tests.store_contract.builders import T0
from tests.store_contract.conftest import Backend


def new(guild: int = 7, *, minutes: int = 60, **changes: object) -> NewSchedule:
    base = NewSchedule(
        guild_id=guild,
        channel_id=70,
        deck_id="deck",
        at="14:00",
        repeat="daily",
        days="",
        questions=5,
        seconds=None,
        mode=None,
        announce_minutes=0,
        ping_role_id=None,
        created_by=9,
        created_at=T0,
        next_at=T0 + timedelta(minutes=minutes),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


async def test_a_server_keeps_its_zone_and_champion_role(store: Store) -> None:
    assert await store.calendar_settings(3) == CalendarSettings(3)
    chosen = CalendarSettings(3, "Africa/Harare", 555, "week", 3, None)
    await store.save_calendar_settings(chosen)
    assert await store.calendar_settings(3) == chosen
    await store.save_calendar_settings(replace(chosen, champion_problem="Missing Permissions"))
    assert (await store.calendar_settings(3)).champion_problem == "Missing Permissions"
    assert await store.calendar_settings(4) == CalendarSettings(4)


async def test_schedules_are_due_at_their_wake_time_earliest_first(store: Store) -> None:
    later = await store.add_schedule(new(minutes=90), T0 + timedelta(minutes=90))
    announced = await store.add_schedule(
        new(minutes=60, announce_minutes=15, ping_role_id=42), T0 + timedelta(minutes=45)
    )
    other = await store.add_schedule(new(guild=8, minutes=50), T0 + timedelta(minutes=50))
    assert announced.ping_role_id == 42 and announced.next_at == T0 + timedelta(minutes=60)
    assert await store.due_schedules(T0 + timedelta(minutes=44)) == []
    due = await store.due_schedules(T0 + timedelta(minutes=50))
    assert [s.id for s in due] == [announced.id, other.id]
    assert [s.id for s in await store.guild_schedules(7)] == [later.id, announced.id]
    assert await store.schedule(later.id) == later


async def test_moving_a_schedule_needs_the_occurrence_it_moves_from(store: Store) -> None:
    made = await store.add_schedule(new(), T0 + timedelta(minutes=60))
    at = made.next_at
    tomorrow = T0 + timedelta(days=1, minutes=60)
    assert await store.move_schedule(made.id, ScheduleMove(at, tomorrow, tomorrow), ("started round 4", at))
    # A second process working from the same occurrence moves nothing.
    assert not await store.move_schedule(made.id, ScheduleMove(at, tomorrow, tomorrow))
    moved = await store.schedule(made.id)
    assert moved is not None
    assert (moved.next_at, moved.last_result, moved.last_at) == (tomorrow, "started round 4", at)
    assert await store.move_schedule(made.id, ScheduleMove(tomorrow, None, None))
    over = await store.schedule(made.id)
    assert over is not None and over.next_at is None
    assert await store.due_schedules(T0 + timedelta(days=30)) == []


async def test_a_removed_schedule_is_gone_and_never_due(store: Store) -> None:
    made = await store.add_schedule(new(), T0)
    assert not await store.remove_schedule(8, made.id)  # another server's id
    assert await store.remove_schedule(7, made.id)
    assert not await store.remove_schedule(7, made.id)
    assert await store.schedule(made.id) is None
    assert await store.due_schedules(T0 + timedelta(days=1)) == []
    assert not await store.move_schedule(made.id, ScheduleMove(T0, T0, T0))


async def test_an_occurrence_is_claimed_once_by_two_stores_racing(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    at = T0 + timedelta(hours=1)
    claims = await asyncio.gather(
        *(store.claim_occurrence("round", 11, at, T0) for store in (first, second) for _ in range(5))
    )
    assert sorted(claims) == [False] * 9 + [True]
    # The same schedule's next occurrence, and another kind at the same time, are claims of their own.
    assert await second.claim_occurrence("round", 11, at + timedelta(days=1), T0)
    assert await first.claim_occurrence("announce", 11, at, T0)
    assert not await first.claim_occurrence("announce", 11, at, T0)


async def test_a_claim_survives_reopening_the_database(backend: Backend) -> None:
    before = await backend.open()
    assert await before.claim_occurrence("qotd", 3, T0, T0)
    await before.close()
    after = await backend.open()
    assert not await after.claim_occurrence("qotd", 3, T0, T0)


async def test_champions_period_top_and_handover_bookkeeping(store: Store) -> None:
    from bot.store import Answer
    from tests.store_contract.builders import start

    rnd = await start(store, guild=21)
    # alice 200 points, bongani 200 (with the later last answer), chipo 100; one answer outside the period.
    plan = [
        (1, 0, 100, 10),
        (1, 1, 100, 11),
        (2, 0, 100, 12),
        (2, 1, 100, 40),
        (3, 2, 100, 13),
        (3, 3, 100, 200),
    ]
    for user, index, points, minutes in plan:
        await store.record_answer(
            Answer(
                21,
                rnd.id,
                index,
                f"q{index}",
                "deck",
                user,
                0,
                None,
                True,
                900,
                points,
                T0 + timedelta(minutes=minutes),
            )
        )
    end = T0 + timedelta(minutes=60)
    assert await store.period_top(21, T0, end, 2) == [(1, 200), (2, 200)]
    assert await store.period_top(21, T0, end, 10) == [(1, 200), (2, 200), (3, 100)]
    assert await store.period_top(22, T0, end, 10) == []

    await store.save_calendar_settings(CalendarSettings(21, "UTC", 77, "month", 2, None, end))
    assert [s.guild_id for s in await store.due_champions(end)] == [21]
    assert await store.due_champions(end - timedelta(seconds=1)) == []
    later = end + timedelta(days=30)
    assert await store.move_champion(21, end, later, "Missing Permissions")
    assert not await store.move_champion(21, end, later, None)
    kept = await store.calendar_settings(21)
    assert (kept.champion_next_at, kept.champion_problem) == (later, "Missing Permissions")
    assert await store.champions(21) == []
    await store.save_champions(21, end, [2, 1])
    await store.save_champions(21, later, [3])
    assert await store.champions(21) == [3]
