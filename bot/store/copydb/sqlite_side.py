"""copy-db's SQLite end: reads and writes whole tables of a Bvunzo SQLite file on a connection of its own."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from bot.store import open_store
from bot.store.copydb.tables import BOARD_SUMS, COUNTED, chunk_of, read_order

# The boards rebuilt from every answer at once, as migration 0002 sums the answers it finds.
_REBUILD_BOARDS = (
    "INSERT INTO board_days (guild_id, day, user_id, deck_id, points, correct, answered, last_at) "
    "SELECT guild_id, answered_at / 86400000, user_id, deck_id, SUM(points), SUM(correct), COUNT(*), "
    "MAX(answered_at) FROM answers GROUP BY 1, 2, 3, 4",
    "INSERT INTO board_totals (guild_id, deck_id, user_id, points, correct, answered, last_at) "
    "SELECT guild_id, deck_id, user_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at) "
    "FROM answers GROUP BY 1, 2, 3",
    "INSERT INTO board_totals (guild_id, deck_id, user_id, points, correct, answered, last_at) "
    "SELECT guild_id, '', user_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at) "
    "FROM answers GROUP BY 1, 3",
)


def sqlite_path(location: str) -> Path:
    """The file of a SQLite location: a plain path, or sqlite:///relative and sqlite:////absolute."""
    if location.startswith("sqlite:///"):
        return Path(location.removeprefix("sqlite:///"))
    return Path(location)


class SqliteSide:
    """One end of a copy on a SQLite file, brought to the current schema by opening its store first."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.name = str(path)

    @classmethod
    async def open(cls, location: str) -> SqliteSide:
        path = sqlite_path(location)
        await (await open_store(path)).close()  # create or migrate it, with the store's own checks
        conn = await asyncio.to_thread(sqlite3.connect, path, isolation_level=None, check_same_thread=False)
        return cls(conn, path)

    async def close(self) -> None:
        await asyncio.to_thread(self._conn.close)

    async def counts(self) -> dict[str, int]:
        def work() -> dict[str, int]:
            return {t: self._conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in COUNTED}

        return await asyncio.to_thread(work)

    async def board_sums(self) -> list[tuple[Any, ...]]:
        rows = await asyncio.to_thread(lambda: self._conn.execute(BOARD_SUMS).fetchall())
        return [tuple(row) for row in rows]

    async def read(self, table: str, columns: Sequence[str]) -> AsyncIterator[list[tuple[Any, ...]]]:
        cursor = await asyncio.to_thread(
            self._conn.execute,
            f"SELECT {', '.join(columns)} FROM {table} ORDER BY {read_order(tuple(columns))}",
        )
        while chunk := await asyncio.to_thread(cursor.fetchmany, chunk_of(table)):
            yield chunk

    async def begin(self, *, clear: bool) -> None:
        def work() -> None:
            self._conn.execute("BEGIN IMMEDIATE")
            if clear:
                for table in reversed(COUNTED):
                    self._conn.execute(f"DELETE FROM {table}")
            # The rows come in bulk: the boards are summed once at the end instead of row by row.
            trigger = self._conn.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'answers_add_to_boards'"
            ).fetchone()
            self._trigger = trigger[0]
            self._conn.execute("DROP TRIGGER answers_add_to_boards")

        await asyncio.to_thread(work)

    async def write(self, table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
        marks = ", ".join("?" * len(columns))
        names = ", ".join(columns)
        if table == "meta":
            sql = f"INSERT INTO meta ({names}) VALUES ({marks}) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        else:
            sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"
        await asyncio.to_thread(self._conn.executemany, sql, rows)

    async def commit(self) -> None:
        def work() -> None:
            for statement in _REBUILD_BOARDS:
                self._conn.execute(statement)
            self._conn.execute(self._trigger)
            self._conn.execute("COMMIT")

        await asyncio.to_thread(work)

    async def rollback(self) -> None:
        await asyncio.to_thread(lambda: self._conn.in_transaction and self._conn.execute("ROLLBACK"))
