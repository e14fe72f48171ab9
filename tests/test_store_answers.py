"""Store: each answer is recorded exactly once, whoever races to record it, and is on disk when acknowledged."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from bot.store import Board, BoardLine, Recorded, Store
from bot.store.sqlite import SqliteStore
from tests.test_store_support import T0, answer, start


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await SqliteStore.open(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


def rows_in(path: Path, sql: str, *args: object) -> list[tuple[object, ...]]:
    """Read the file with plain sqlite3, as another process would."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


async def test_first_answer_is_stored_and_a_second_is_told_the_first(store: Store) -> None:
    rnd = await start(store)
    first = answer(rnd, 0, user=7, right=False, choice=2)
    assert await store.record_answer(first) == Recorded(first=True, previous=None)

    again = await store.record_answer(answer(rnd, 0, user=7, right=True, choice=0))

    assert again.first is False
    assert again.previous == first
    assert await store.round_answers(rnd.id) == [first]


async def test_concurrent_clicks_on_one_store_record_exactly_once(store: Store, tmp_path: Path) -> None:
    rnd = await start(store)
    clicks = [answer(rnd, 3, user=42, choice=n % 4, right=n % 4 == 0, ms=1_000 + n) for n in range(40)]

    results = await asyncio.gather(*(store.record_answer(click) for click in clicks))

    winners = [r for r in results if r.first]
    assert len(winners) == 1
    stored = await store.round_answers(rnd.id, 3)
    assert len(stored) == 1
    assert all(r.previous == stored[0] for r in results if not r.first)
    assert rows_in(tmp_path / "bvunzo.db", "SELECT COUNT(*) FROM answers") == [(1,)]
    assert rows_in(tmp_path / "bvunzo.db", "SELECT answered FROM board_totals WHERE deck_id = ''") == [(1,)]


async def test_two_stores_on_one_file_record_exactly_once(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    one, two = await SqliteStore.open(path), await SqliteStore.open(path)
    try:
        rnd = await start(one)
        clicks = [answer(rnd, 0, user=5, choice=n % 3, right=n % 3 == 0, ms=500 + n) for n in range(30)]
        results = await asyncio.gather(
            *((one if n % 2 else two).record_answer(click) for n, click in enumerate(clicks))
        )
    finally:
        await one.close()
        await two.close()

    assert sum(r.first for r in results) == 1
    assert rows_in(path, "SELECT COUNT(*) FROM answers") == [(1,)]
    async with await SqliteStore.open(path) as third:
        (stored,) = await third.round_answers(rnd.id)
    assert all(r.previous == stored for r in results if not r.first)


async def test_an_acknowledged_answer_is_on_disk_before_the_store_is_closed(
    store: Store, tmp_path: Path
) -> None:
    rnd = await start(store)
    await store.record_answer(answer(rnd, 0, user=1))
    # Another connection (another process) sees it at once: it was committed, not just queued.
    assert rows_in(tmp_path / "bvunzo.db", "SELECT user_id, points FROM answers") == [(1, 100)]


async def test_a_locked_database_delays_an_answer_but_never_drops_it(store: Store, tmp_path: Path) -> None:
    rnd = await start(store)
    locked = threading.Event()

    def hold_write_lock() -> None:
        conn = sqlite3.connect(tmp_path / "bvunzo.db", isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        locked.set()
        time.sleep(0.4)
        conn.execute("COMMIT")
        conn.close()

    holder = threading.Thread(target=hold_write_lock)
    holder.start()
    await asyncio.to_thread(locked.wait)
    try:
        recorded = await store.record_answer(answer(rnd, 0, user=3))
    finally:
        await asyncio.to_thread(holder.join)
    assert recorded.first
    assert len(await store.round_answers(rnd.id)) == 1


async def test_answers_outlast_a_lock_held_past_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "contended.db"
    # SQLite gives up waiting after 20 ms here, so the store's own retries must carry the answers.
    async with await SqliteStore.open(path, busy_timeout_ms=20) as store:
        rnd = await start(store)
        locked, release = threading.Event(), threading.Event()

        def hold_write_lock() -> None:
            conn = sqlite3.connect(path, isolation_level=None)
            conn.execute("BEGIN IMMEDIATE")
            locked.set()
            release.wait(10)
            conn.execute("COMMIT")
            conn.close()

        holder = threading.Thread(target=hold_write_lock)
        holder.start()
        await asyncio.to_thread(locked.wait)
        clicks = [answer(rnd, 0, user=n) for n in range(12)] + [answer(rnd, 0, user=3, right=False)]
        pending = asyncio.gather(*(store.record_answer(click) for click in clicks))
        await asyncio.sleep(0.3)  # long past the busy timeout: every click is still waiting, none failed
        assert not pending.done()
        release.set()
        results = await pending
        await asyncio.to_thread(holder.join)

        assert [r.first for r in results] == [True] * 12 + [False]
        assert results[-1].previous == clicks[3]
        assert len(await store.round_answers(rnd.id)) == 12


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


_ANSWER_THEN_HANG = """
import asyncio, sys
from datetime import UTC, datetime
from bot.store import Answer, NewRound
from bot.store.sqlite import SqliteStore

async def main() -> None:
    store = await SqliteStore.open(sys.argv[1])
    at = datetime(2024, 5, 15, 12, tzinfo=UTC)
    rnd = await store.start_round(NewRound(1, 1, "deck", 1, ("q0",), 20, "standard", 1, at))
    recorded = await store.record_answer(Answer(1, rnd.id, 0, "q0", "deck", 42, 1, None, True, 900, 100, at))
    print("acknowledged" if recorded.first else "refused", flush=True)
    await asyncio.sleep(3600)  # killed here, never closed

asyncio.run(main())
"""


async def test_an_acknowledged_answer_survives_kill_9(tmp_path: Path) -> None:
    path = tmp_path / "killed.db"
    repo = Path(__file__).resolve().parents[1]
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _ANSWER_THEN_HANG,
        str(path),
        cwd=repo,
        env={**os.environ, "PYTHONPATH": str(repo)},
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(child.stdout.readline(), timeout=60)
    finally:
        child.kill()  # SIGKILL: no close, no checkpoint, no goodbye
        await child.wait()
    assert line.strip() == b"acknowledged"

    async with await SqliteStore.open(path) as store:
        (stored,) = await store.round_answers(1)
        assert (stored.user_id, stored.points) == (42, 100)
        assert await store.member_rank(1, 42, "all", T0) == BoardLine(1, 42, 100, 1, 1)


async def test_close_writes_the_answers_already_on_their_way(tmp_path: Path) -> None:
    path = tmp_path / "closing.db"
    store = await SqliteStore.open(path)
    rnd = await start(store)
    clicks = [asyncio.create_task(store.record_answer(answer(rnd, 0, user=n))) for n in range(20)]
    await asyncio.sleep(0)  # every click has reached the store
    await store.close()

    assert all(click.done() and click.result().first for click in clicks)
    async with await SqliteStore.open(path) as reopened:
        assert len(await reopened.round_answers(rnd.id)) == 20
