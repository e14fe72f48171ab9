"""aiosqlite's worker thread, reached through its private API: here and nowhere else.

aiosqlite has no public "run this function on your thread". Its public calls each make one trip to the
thread per statement (and `execute` a second one per fetch), while a transaction of the store is
several statements plus Python between them; running the whole function in one trip is what keeps an
answer (insert, or insert then read the earlier answer) at one hop, and a group of answers (one
transaction, bot/store/groups.py) at one hop for all of them. `Connection._execute(fn, *args)` is that
call, and `Connection._conn` the sqlite3 connection it runs on.

`close()` resolves a moment before the worker thread returns, so closing joins `Connection._thread`
too: a caller that exits right after finds no thread left. aiosqlite 0.20 and 0.21 had no `_thread`
(the connection was itself the thread) and a getattr-based join silently did nothing there, which is
why pyproject.toml excludes them.

Tested with aiosqlite 0.22.x (TESTED_AIOSQLITE); tests/test_store_sqlite_worker.py fails with a
sentence naming this module when an upgrade moves any of the three.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from typing import TypeVar

import aiosqlite

from bot.store.errors import StoreError

T = TypeVar("T")

# Keep in step with the aiosqlite pin in pyproject.toml.
TESTED_AIOSQLITE = ">=0.22,<0.23"


def check_private_api(db: aiosqlite.Connection) -> None:
    """Refuse to run on an aiosqlite whose private parts this module uses have moved (not a silent no-op)."""
    missing = [
        name
        for name, ok in (
            ("_execute", callable(getattr(db, "_execute", None))),
            ("_conn", isinstance(getattr(type(db), "_conn", None), property)),
            ("_thread", isinstance(getattr(db, "_thread", None), threading.Thread)),
        )
        if not ok
    ]
    if missing:
        raise StoreError(
            f"aiosqlite {aiosqlite.__version__} lacks {', '.join(missing)}, which "
            f"bot/store/sqlite/worker.py relies on (tested: aiosqlite {TESTED_AIOSQLITE}); "
            "install a tested aiosqlite or update that module."
        )


async def run_on_worker(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work(connection)` on aiosqlite's worker thread in one trip."""
    result: T = await db._execute(work, db._conn)
    return result


def join_worker(db: aiosqlite.Connection, timeout: float) -> None:
    """Wait the instant between close() resolving and the worker thread ending."""
    worker: threading.Thread = db._thread
    if worker.is_alive():
        worker.join(timeout=timeout)
