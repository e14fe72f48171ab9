"""SQLite only: answers wait out a write lock held by another program, and survive kill -9 once acknowledged."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import pytest

from bot.store import BoardLine, Store
from bot.store.sqlite import SqliteStore
from tests.store_contract.builders import T0, answer, start


@contextmanager
def lock_warnings() -> Iterator[asyncio.Event]:
    """An event set when the store logs that another program holds the lock and it waits."""
    seen = asyncio.Event()

    class Watch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "is locked by another program" in record.getMessage():
                seen.set()

    logger = logging.getLogger("bot.store")
    watch = Watch(logging.WARNING)
    logger.addHandler(watch)
    try:
        yield seen
    finally:
        logger.removeHandler(watch)


@asynccontextmanager
async def write_lock_held(path: Path) -> AsyncIterator[threading.Event]:
    """Another program holds the file's write lock until the event yielded is set (10 s at most)."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        locked.set()
        release.wait(10)
        conn.execute("COMMIT")
        conn.close()

    holder = threading.Thread(target=hold)
    holder.start()
    await asyncio.to_thread(locked.wait)
    try:
        yield release
    finally:
        release.set()
        await asyncio.to_thread(holder.join)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await SqliteStore.open(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


async def test_a_locked_database_delays_an_answer_but_never_drops_it(store: Store, tmp_path: Path) -> None:
    rnd = await start(store)
    async with write_lock_held(tmp_path / "bvunzo.db") as release:
        # Let go while SQLite's own busy handler is still waiting (its timeout here is 5 s).
        asyncio.get_running_loop().call_later(0.4, release.set)
        recorded = await store.record_answer(answer(rnd, 0, user=3))
    assert recorded.first
    assert len(await store.round_answers(rnd.id)) == 1


async def test_answers_outlast_a_lock_held_past_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "contended.db"
    # SQLite gives up waiting after 20 ms here, so the store's own retries must carry the answers.
    async with await SqliteStore.open(path, busy_timeout_ms=20) as store:
        rnd = await start(store)
        clicks = [answer(rnd, 0, user=n) for n in range(12)] + [answer(rnd, 0, user=3, right=False)]
        async with write_lock_held(path) as release:
            with lock_warnings() as warned:
                pending = asyncio.gather(*(store.record_answer(click) for click in clicks))
                # The store says it waits for the lock, past SQLite's own timeout: nothing failed meanwhile.
                waiting = asyncio.ensure_future(warned.wait())
                await asyncio.wait({waiting, pending}, return_when=asyncio.FIRST_COMPLETED)
                assert warned.is_set(), f"the answers ended before waiting for the lock: {pending}"
                assert not pending.done()
            release.set()
            results = await pending

        assert [r.first for r in results] == [True] * 12 + [False]
        assert results[-1].previous == clicks[3]
        assert len(await store.round_answers(rnd.id)) == 12


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
