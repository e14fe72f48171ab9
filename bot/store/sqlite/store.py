"""SqliteStore: the Store on one SQLite file in WAL mode: the shared concerns (bot/store/common) on
its own answers and connection."""

from __future__ import annotations

from pathlib import Path

from bot.store.common.store import SharedStore
from bot.store.outage import Outage
from bot.store.sql.engine import Engine
from bot.store.sqlite.answers import SqliteAnswers
from bot.store.sqlite.connection import BUSY_TIMEOUT_MS, Database
from bot.store.sqlite.engine import SqliteEngine

# How long close() waits for answers still being written (the bot must exit within 5 s of SIGTERM).
CLOSE_PATIENCE_SECONDS = 3.0


class SqliteStore(SqliteAnswers, SharedStore):
    """Bvunzo's memory on one SQLite file: one connection, one worker thread (aiosqlite's).

    Every method is one trip to the worker thread, and every write one transaction inside it: nothing
    is ever half written, and no transaction stays open across an await.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._engine: Engine = SqliteEngine(db)
        self._answers = self._answer_groups()

    @classmethod
    async def open(
        cls, path: str | Path, *, max_bytes: int | None = None, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> SqliteStore:
        """Open (creating folders and file as needed) and migrate the database at `path`.

        `max_bytes` caps the file's size, for hosts that give the bot a quota: past it, writes fail as
        on a full disk. `busy_timeout_ms` is how long SQLite itself waits for another program's write
        lock before the store's own retries (which never block the event loop) take over.
        """
        return cls(await Database.open(Path(path), max_bytes=max_bytes, busy_timeout_ms=busy_timeout_ms))

    async def close(self) -> None:
        await self._answers.drain(CLOSE_PATIENCE_SECONDS)
        await self._db.close()

    @property
    def outage(self) -> Outage:
        return self._db.outage

    @property
    def schema_version(self) -> int:
        return self._db.version

    @property
    def path(self) -> Path:
        return self._db.path
