"""The shared concerns' engine (bot/store/sql/engine.py) on the SQLite file: each step through Database."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar

from bot.store.sql.engine import Engine, Step, Transaction, drive
from bot.store.sqlite.connection import Database

T = TypeVar("T")


def perform(conn: sqlite3.Connection, step: Step) -> Any:
    """Run one step on the worker thread. Rows are read whole, so a RETURNING statement ends here."""
    text, values = step.sqlite()
    if step.want == "many":
        conn.executemany(text, values)
        return None
    cursor = conn.execute(text, values)
    if step.want == "changed":
        return cursor.rowcount
    found = cursor.fetchall()
    if step.want == "rows":
        return found
    first = found[0] if found else None
    return first if step.want == "row" or first is None else first[0]


class SqliteEngine(Engine):
    refused = (sqlite3.IntegrityError,)
    duplicate = (sqlite3.IntegrityError,)
    local = True

    def __init__(self, db: Database) -> None:
        self._db = db

    def check_open(self) -> None:
        self._db.connection()

    async def run(self, step: Step) -> Any:
        if step.want != "changed" and step.statement.writes:  # INSERT ... RETURNING: its write transaction
            return await self._db.write(lambda conn: perform(conn, step))
        text, values = step.sqlite()
        if step.want == "many":
            await self._db.executemany(text, values)
            return None
        if step.want == "changed":
            return await self._db.execute(text, values)
        found = await self._db.fetchall(text, values)
        if step.want == "rows":
            return found
        first = found[0] if found else None
        return first if step.want == "row" or first is None else first[0]

    async def write(self, work: Callable[[], Transaction[T]]) -> T:
        return await self._db.write(lambda conn: drive(work(), lambda step: perform(conn, step)))

    async def read(self, work: Callable[[], Transaction[T]]) -> T:
        return await self._db.read(lambda conn: drive(work(), lambda step: perform(conn, step)))
