"""Store contract: practice sessions kept across restarts, found again by id, ended and forgotten."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store import PracticeRecord, Store
from tests.store_contract.conftest import Backend

T0 = datetime(2024, 5, 15, 12, 0, tzinfo=UTC)
STATE = '{"questions": ["q1", "q2"], "position": 0}'


async def test_a_started_session_is_found_by_its_id_as_saved(store: Store) -> None:
    practice_id = await store.start_practice(7, "deck", STATE, T0)

    assert await store.practice(practice_id) == PracticeRecord(
        id=practice_id, user_id=7, deck_id="deck", state=STATE, updated_at=T0
    )


async def test_saving_replaces_the_state_and_the_time(store: Store) -> None:
    practice_id = await store.start_practice(7, "deck", STATE, T0)
    other = await store.start_practice(8, "deck", STATE, T0)

    await store.save_practice(practice_id, '{"position": 1}', T0 + timedelta(minutes=2))

    saved = await store.practice(practice_id)
    assert saved is not None
    assert (saved.state, saved.updated_at) == ('{"position": 1}', datetime(2024, 5, 15, 12, 2, tzinfo=UTC))
    assert await store.practice(other) == PracticeRecord(other, 8, "deck", STATE, T0)  # untouched


async def test_an_ended_session_is_gone_and_stays_gone(store: Store) -> None:
    practice_id = await store.start_practice(7, "deck", STATE, T0)

    await store.end_practice(practice_id)
    await store.save_practice(practice_id, '{"position": 1}', T0 + timedelta(minutes=1))  # a late save

    assert await store.practice(practice_id) is None
    await store.end_practice(practice_id)  # ending twice is harmless
    assert await store.practice(12345) is None


async def test_ids_are_never_given_twice_even_after_the_newest_ended_and_a_restart(backend: Backend) -> None:
    first = await backend.open()
    one = await first.start_practice(7, "deck", STATE, T0)
    two = await first.start_practice(8, "deck", STATE, T0)
    await first.end_practice(two)  # the newest id is free again in a plain rowid table
    await first.close()

    again = await backend.open()  # a restart
    three = await again.start_practice(9, "deck", STATE, T0)

    assert len({one, two, three}) == 3
    assert await again.practice(one) is not None  # the session started before the restart survived it


async def test_forgetting_removes_only_sessions_last_saved_before_the_moment(store: Store) -> None:
    old = await store.start_practice(1, "deck", STATE, T0)
    saved_late = await store.start_practice(2, "deck", STATE, T0)
    await store.save_practice(saved_late, STATE, T0 + timedelta(hours=2))
    at_the_moment = await store.start_practice(3, "deck", STATE, T0 + timedelta(hours=1))

    removed = await store.forget_practices_before(T0 + timedelta(hours=1))

    assert removed == 1
    assert await store.practice(old) is None
    assert await store.practice(saved_late) is not None
    assert await store.practice(at_the_moment) is not None
    assert await store.forget_practices_before(T0 + timedelta(hours=1)) == 0
