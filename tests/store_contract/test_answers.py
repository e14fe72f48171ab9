"""Store contract: each answer recorded exactly once, whoever races to record it, and visible when acknowledged."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.store import Board, Recorded, Store
from tests.store_contract.builders import T0, answer, start
from tests.store_contract.conftest import Backend


async def test_first_answer_is_stored_and_a_second_is_told_the_first(store: Store) -> None:
    rnd = await start(store)
    first = answer(rnd, 0, user=7, right=False, choice=2)
    assert await store.record_answer(first) == Recorded(first=True, previous=None)

    again = await store.record_answer(answer(rnd, 0, user=7, right=True, choice=0))

    assert again.first is False
    assert again.previous == first
    assert await store.round_answers(rnd.id) == [first]


async def test_concurrent_clicks_on_one_store_record_exactly_once(store: Store) -> None:
    rnd = await start(store)
    clicks = [answer(rnd, 3, user=42, choice=n % 4, right=n % 4 == 0, ms=1_000 + n) for n in range(40)]

    results = await asyncio.gather(*(store.record_answer(click) for click in clicks))

    winners = [r for r in results if r.first]
    assert len(winners) == 1
    stored = await store.round_answers(rnd.id, 3)
    assert len(stored) == 1
    assert all(r.previous == stored[0] for r in results if not r.first)
    board = await store.leaderboard(1, "all", T0)
    assert [(line.user_id, line.answered) for line in board.lines] == [(42, 1)]  # counted once too


async def test_a_burst_keeps_each_members_first_click_and_tells_each_caller_their_own(
    backend: Backend,
) -> None:
    store = await backend.open()
    rnd = await start(store)
    earlier = answer(rnd, 0, user=0, choice=0)
    await store.record_answer(earlier)
    # One burst, more than one group holds: members 0..299 click choice 1, member 150 twice more right
    # after (choices 0 and 2, likely in the same group as its first); then members 5..14 click choice
    # 0, then choice 2.
    firsts = [answer(rnd, 0, user=n, choice=1, right=False, ms=2_000 + n) for n in range(300)]
    again = [answer(rnd, 0, user=150, choice=c, right=c == 0, ms=2_500 + c) for c in (0, 2)]
    later = [
        answer(rnd, 0, user=n, choice=c, right=c == 0, ms=3_000 + n) for c in (0, 2) for n in range(5, 15)
    ]
    clicks = [*firsts[:151], *again, *firsts[151:], *later]

    results = await asyncio.gather(*(store.record_answer(click) for click in clicks))

    # Outcomes in the order sent: member 0 is told the answer committed before the burst, every other
    # member's first click in the burst is stored, and each repeat is told that member's own first click.
    told = dict(zip(clicks, results, strict=True))
    assert told[firsts[0]] == Recorded(first=False, previous=earlier)
    assert all(told[click] == Recorded(first=True, previous=None) for click in firsts[1:])
    assert [told[click].previous for click in again] == [firsts[150]] * 2
    assert [told[click].previous for click in later] == firsts[5:15] * 2
    # Committed: another process sees each member once, with the click that won.
    other = await backend.open()
    assert await other.round_answers(rnd.id) == [earlier, *firsts[1:]]
    board = await other.leaderboard(1, "all", T0, limit=400)
    assert board.total == 300
    assert {(line.user_id, line.points, line.answered) for line in board.lines} == {(0, 100, 1)} | {
        (n, 0, 1) for n in range(1, 300)
    }


async def test_a_refused_answer_in_a_burst_fails_alone(store: Store) -> None:
    rnd = await start(store)
    clicks = [answer(rnd, 1, user=n) for n in range(20)]
    clicks[10] = replace(clicks[10], round_id=rnd.id + 100)  # a round that does not exist
    clicks.append(answer(rnd, 1, user=3, right=False))  # after the refused one: still told the first

    results = await asyncio.gather(*(store.record_answer(click) for click in clicks), return_exceptions=True)

    assert isinstance(results[10], ValueError)
    assert "round" in str(results[10])
    assert all(r == Recorded(first=True, previous=None) for n, r in enumerate(results[:20]) if n != 10)
    assert results[20] == Recorded(first=False, previous=clicks[3])
    assert {a.user_id for a in await store.round_answers(rnd.id)} == set(range(20)) - {10}
    board = await store.leaderboard(1, "all", T0, limit=50)
    assert (board.total, sum(line.answered for line in board.lines)) == (19, 19)


async def test_two_stores_on_one_database_record_exactly_once(backend: Backend) -> None:
    one, two = await backend.open(), await backend.open()  # two processes on one database
    rnd = await start(one)
    clicks = [answer(rnd, 0, user=5, choice=n % 3, right=n % 3 == 0, ms=500 + n) for n in range(30)]
    results = await asyncio.gather(
        *((one if n % 2 else two).record_answer(click) for n, click in enumerate(clicks))
    )
    await one.close()
    await two.close()

    assert sum(r.first for r in results) == 1
    third = await backend.open()
    (stored,) = await third.round_answers(rnd.id)
    assert all(r.previous == stored for r in results if not r.first)
    # Whichever click won, the board counts one answer.
    rank = await third.member_rank(1, 5, "all", T0)
    assert rank is not None and (rank.rank, rank.answered) == (1, 1)


async def test_an_acknowledged_answer_is_committed_before_the_store_is_closed(backend: Backend) -> None:
    store, other_process = await backend.open(), await backend.open()
    rnd = await start(store)
    await store.record_answer(answer(rnd, 0, user=1))
    # Another connection (another process) sees it at once: it was committed, not just queued.
    assert [(a.user_id, a.points) for a in await other_process.round_answers(rnd.id)] == [(1, 100)]


async def test_round_answers_come_in_answer_order_and_keep_every_field(store: Store) -> None:
    rnd = await start(store)
    late = answer(rnd, 1, user=1, at=T0 + timedelta(seconds=9))
    early = answer(rnd, 1, user=2, right=False, choice=3, at=T0 + timedelta(seconds=2))
    typed = answer(rnd, 2, user=1, text="  Photo Synthesis ", right=False, at=T0 + timedelta(seconds=40))
    for a in (late, early, typed):
        await store.record_answer(a)

    assert await store.round_answers(rnd.id) == [early, late, typed]
    assert await store.round_answers(rnd.id, 1) == [early, late]
    assert (await store.round_answers(rnd.id, 2))[0].text == "  Photo Synthesis "
    assert (await store.round_answers(rnd.id, 2))[0].choice is None


async def test_an_answer_to_a_round_that_does_not_exist_is_a_bug_not_a_row(store: Store) -> None:
    rnd = await start(store)
    ghost = replace(answer(rnd, 0, user=1), round_id=rnd.id + 100)
    with pytest.raises(ValueError, match="round"):
        await store.record_answer(ghost)
    assert await store.leaderboard(1, "all", T0) == Board(lines=(), total=0)


async def test_import_answers_skips_duplicates_and_fills_the_boards(store: Store) -> None:
    rnd = await start(store)
    await store.record_answer(answer(rnd, 0, user=1))
    batch = [answer(rnd, 0, user=1, right=False), answer(rnd, 0, user=2), answer(rnd, 1, user=1, right=False)]

    assert await store.import_answers(batch) == 2

    board = await store.leaderboard(1, "all", T0)
    # Equal points and right answers: user 2 got there first (their last answer came earlier).
    assert [(line.rank, line.user_id, line.points, line.right, line.answered) for line in board.lines] == [
        (1, 2, 100, 1, 1),
        (1, 1, 100, 1, 2),
    ]
    # The boards trigger is back: the next live answer still counts.
    await store.record_answer(answer(rnd, 1, user=2))
    assert (await store.member_rank(1, 2, "all", T0)) is not None
    assert (await store.member_rank(1, 2, "week", T0)).points == 200  # type: ignore[union-attr]


async def test_close_writes_the_answers_already_on_their_way(backend: Backend) -> None:
    store = await backend.open()
    rnd = await start(store)
    clicks = [asyncio.create_task(store.record_answer(answer(rnd, 0, user=n))) for n in range(20)]
    await asyncio.sleep(0)  # every click has reached the store
    await store.close()

    assert all(click.done() and click.result().first for click in clicks)
    reopened = await backend.open()
    assert len(await reopened.round_answers(rnd.id)) == 20
