"""copy-db's PostgreSQL end: reads with a cursor, writes with COPY, all in one transaction."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import asyncpg

from bot.store import open_store
from bot.store.copydb.tables import BOARD_SUMS, COUNTED, IDENTITY_TABLES, chunk_of, read_order
from bot.store.postgres import safe_url
from bot.store.postgres.answers import SUM_ALL_ANSWERS, TRIGGER_OFF, TRIGGER_ON


class PostgresSide:
    """One end of a copy on a PostgreSQL database, migrated by opening its store first."""

    def __init__(self, conn: asyncpg.Connection, url: str) -> None:
        self._conn = conn
        self._transaction: Any = None
        self.name = safe_url(url)

    @classmethod
    async def open(cls, url: str) -> PostgresSide:
        await (await open_store(url)).close()  # create the schema or migrate it, with its checks
        return cls(await asyncpg.connect(url), url)

    async def close(self) -> None:
        await self._conn.close()

    async def counts(self) -> dict[str, int]:
        return {t: int(await self._conn.fetchval(f"SELECT COUNT(*) FROM {t}")) for t in COUNTED}

    async def board_sums(self) -> list[tuple[Any, ...]]:
        # Sums of bigints are numeric here: as ints they compare equal with SQLite's.
        return [(*row[:3], *(int(value) for value in row[3:])) for row in await self._conn.fetch(BOARD_SUMS)]

    async def read(self, table: str, columns: Sequence[str]) -> AsyncIterator[list[tuple[Any, ...]]]:
        async with self._conn.transaction(isolation="repeatable_read", readonly=True):
            cursor = await self._conn.cursor(
                f"SELECT {', '.join(columns)} FROM {table} ORDER BY {read_order(tuple(columns))}"
            )
            while chunk := await cursor.fetch(chunk_of(table)):
                yield [tuple(row) for row in chunk]

    async def begin(self, *, clear: bool) -> None:
        self._transaction = self._conn.transaction()
        await self._transaction.start()
        if clear:
            await self._conn.execute(f"TRUNCATE {', '.join(COUNTED)} RESTART IDENTITY")
        # The rows come in bulk: the boards are summed once at the end instead of row by row.
        await self._conn.execute(TRIGGER_OFF)

    async def write(self, table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
        if table == "meta":
            await self._conn.executemany(
                "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                rows,
            )
            return
        await self._conn.copy_records_to_table(table, records=rows, columns=list(columns))

    async def commit(self) -> None:
        for statement in SUM_ALL_ANSWERS:
            await self._conn.execute(statement)
        await self._conn.execute(TRIGGER_ON)
        for table, column in IDENTITY_TABLES.items():
            # New rows get ids after the copied ones.
            await self._conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), coalesce(max({column}), 1), "
                f"max({column}) IS NOT NULL) FROM {table}"
            )
        await self._transaction.commit()

    async def rollback(self) -> None:
        if self._transaction is not None:
            await self._transaction.rollback()
