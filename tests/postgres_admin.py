"""The test server's administration (CREATE DATABASE...) over one connection kept open per session.

Each database a test gets was a `psql` process (about 30 ms of CPU to start, and a server backend to
fork); the suite makes hundreds. This keeps one asyncpg connection on an event loop in a thread of its
own, since a fixture may be set up while the test's own loop is busy or idle, and must not block on it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

import asyncpg

T = TypeVar("T")


class AdminConnection:
    """Runs statements on the `postgres` database at `url`, connecting again after a server restart."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="postgres-admin", daemon=True)
        self._thread.start()
        self._conn: asyncpg.Connection | None = None

    def execute(self, statement: str) -> None:
        self._run(self._execute(statement))

    def close(self) -> None:
        if self._conn is not None:
            self._run(self._conn.close(timeout=10))
            self._conn = None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _execute(self, statement: str) -> None:
        if self._conn is not None and self._conn.is_closed():
            self._conn = None  # the server was halted and started again (the outage tests)
        if self._conn is None:
            self._conn = await asyncpg.connect(self.url, timeout=60)
        try:
            await self._conn.execute(statement, timeout=60)
        except (asyncpg.exceptions.ConnectionDoesNotExistError, asyncpg.AdminShutdownError, ConnectionError):
            self._conn = await asyncpg.connect(self.url, timeout=60)
            await self._conn.execute(statement, timeout=60)

    def _run(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout=120)
