"""The shared concerns' engine (bot/store/sql/engine.py) on PostgreSQL: each step on a pooled connection."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

import asyncpg

from bot.store.errors import StoreError
from bot.store.sql.engine import Engine, Step, Transaction, drive_async

T = TypeVar("T")
# PostgresConnected._connection: a pooled connection, its failures told as the store's errors.
Connect = Callable[..., AbstractAsyncContextManager[asyncpg.Connection]]


def affected(status: str) -> int:
    """The row count at the end of a command status ("INSERT 0 3", "UPDATE 1")."""
    return int(status.rsplit(" ", 1)[-1])


async def perform(conn: asyncpg.Connection, step: Step) -> Any:
    """Run one step on `conn`; rows come back as tuples, as sqlite3 gives them."""
    text, values = step.postgres()
    if step.want == "many":
        await conn.executemany(text, values)
        return None
    if step.want == "changed":
        return affected(await conn.execute(text, *values))
    if step.want == "value":
        return await conn.fetchval(text, *values)
    if step.want == "row":
        found = await conn.fetchrow(text, *values)
        return None if found is None else tuple(found)
    return [tuple(record) for record in await conn.fetch(text, *values)]


class PostgresEngine(Engine):
    refused = (asyncpg.NotNullViolationError, asyncpg.CheckViolationError, asyncpg.ForeignKeyViolationError)
    duplicate = (asyncpg.UniqueViolationError,)
    local = False

    def __init__(self, connect: Connect, is_open: Callable[[], bool]) -> None:
        self._connect = connect
        self._is_open = is_open

    def check_open(self) -> None:
        if not self._is_open():
            raise StoreError("The store is closed.")

    async def run(self, step: Step) -> Any:
        # A write ends an outage when it gets through; a read does not (PostgresConnected._connection).
        if step.want == "many":
            async with self._connect(writes=True) as conn, conn.transaction():
                return await perform(conn, step)
        async with self._connect(writes=step.want == "changed" or step.statement.writes) as conn:
            return await perform(conn, step)

    async def write(self, work: Callable[[], Transaction[T]]) -> T:
        async with self._connect(writes=True) as conn, conn.transaction():
            return await drive_async(work(), lambda step: perform(conn, step))

    async def read(self, work: Callable[[], Transaction[T]]) -> T:
        async with self._connect() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            return await drive_async(work(), lambda step: perform(conn, step))
