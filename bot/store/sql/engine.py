"""What a concern of the store asks of an engine, written once: statements to run, and transactions.

A concern (bot/store/common) says what to run as `Step`s of shared statements (statement.py) and never
touches a driver. Each engine runs a step as one statement on its own (`Engine.run` and the helpers
around it), or runs a whole transaction, written as a generator that yields steps and is sent each
step's result:

    def _flag(flag):
        before = yield value(FLAG_STATUS, **flag_key(flag))
        yield changed(SAVE_FLAG, **save_flag_values(flag))
        return before != "open"

SQLite runs the generator on its worker thread in one trip (no transaction stays open across an
await); PostgreSQL awaits each step on one pooled connection. A step that fails is thrown back into
the generator, which may catch it (the transaction is rolled back either way if it lets it out).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar

from bot.store.calendar_records import Shards
from bot.store.sql.rows import Columns
from bot.store.sql.shards import Sharded
from bot.store.sql.statement import Statement
from bot.store.sql.times import to_ms

T = TypeVar("T")
R = TypeVar("R")
Row = tuple[Any, ...]
# rows: every row; row: the first or None; value: its first column or None; changed: how many rows the
# statement changed; many: the statement once per row of `values`, nothing back.
Want = Literal["rows", "row", "value", "changed", "many"]
# A transaction: yields steps, is sent each one's result, returns what the store method returns.
Transaction = Generator["Step", Any, T]


@dataclass(frozen=True, slots=True)
class Step:
    """One statement with its values: by name (a mapping), or a row in the statement's order."""

    statement: Statement
    values: Mapping[str, Any] | Sequence[Any]
    want: Want

    def sqlite(self) -> tuple[str, Any]:
        """The text and the values for sqlite3 (`many`: the rows, each in the statement's order)."""
        if isinstance(self.values, Mapping):
            return self.statement.sqlite(**self.values)
        return self.statement.sqlite_numbered, self.values

    def postgres(self) -> tuple[str, Sequence[Any]]:
        """The text and the values for asyncpg, in $n order (`many`: the rows)."""
        if isinstance(self.values, Mapping):
            return self.statement.postgres_text, self.statement.ordered(self.values)
        return self.statement.postgres_text, self.values


def _step(want: Want, statement: Statement, row: Sequence[Any] | None, values: Mapping[str, Any]) -> Step:
    if row is not None and values:
        raise ValueError("a step takes its values by name or as a row, not both")
    return Step(statement, values if row is None else row, want)


def rows(statement: Statement, row: Sequence[Any] | None = None, /, **values: Any) -> Step:
    return _step("rows", statement, row, values)


def row(statement: Statement, row: Sequence[Any] | None = None, /, **values: Any) -> Step:
    return _step("row", statement, row, values)


def value(statement: Statement, row: Sequence[Any] | None = None, /, **values: Any) -> Step:
    return _step("value", statement, row, values)


def changed(statement: Statement, row: Sequence[Any] | None = None, /, **values: Any) -> Step:
    return _step("changed", statement, row, values)


def many(statement: Statement, each: Sequence[Sequence[Any]]) -> Step:
    return Step(statement, each, "many")


def _advance(work: Transaction[T], result: Any, error: Exception | None) -> tuple[Step | None, Any]:
    """Send `work` the last step's result (or throw it the step's error): its next step, or None and
    what it returned."""
    try:
        return (work.send(result) if error is None else work.throw(error)), None
    except StopIteration as done:
        return None, done.value


def _attempt(perform: Callable[[Step], Any], step: Step) -> tuple[Any, Exception | None]:
    try:
        return perform(step), None
    except Exception as exc:
        return None, exc


async def _attempt_async(
    perform: Callable[[Step], Awaitable[Any]], step: Step
) -> tuple[Any, Exception | None]:
    try:
        return await perform(step), None
    except Exception as exc:
        return None, exc


def drive(work: Transaction[T], perform: Callable[[Step], Any]) -> T:
    """Run a transaction's steps with `perform` (blocking), each result or error sent back in."""
    step, outcome = _advance(work, None, None)
    while step is not None:
        step, outcome = _advance(work, *_attempt(perform, step))
    done: T = outcome
    return done


async def drive_async(work: Transaction[T], perform: Callable[[Step], Awaitable[Any]]) -> T:
    """Run a transaction's steps with `perform` (awaited), each result or error sent back in."""
    step, outcome = _advance(work, None, None)
    while step is not None:
        step, outcome = _advance(work, *await _attempt_async(perform, step))
    done: T = outcome
    return done


class Engine(ABC):
    """One database, as the shared concerns reach it."""

    # What the driver raises for a row the schema refuses (a missing field, a broken constraint).
    refused: tuple[type[Exception], ...]
    # What it raises for a second row with the same unique key.
    duplicate: tuple[type[Exception], ...]
    # The database is in this process (SQLite): many narrow rows cost no network, so a scan in Python
    # may beat a cleverer query.
    local: bool

    @abstractmethod
    def check_open(self) -> None:
        """StoreError("The store is closed.") once it is."""

    @abstractmethod
    async def run(self, step: Step) -> Any:
        """One statement on its own (its own transaction; `many` in one transaction)."""

    @abstractmethod
    async def write(self, work: Callable[[], Transaction[T]]) -> T:
        """Run the transaction `work()` makes (called again if it must be retried), committed on return."""

    @abstractmethod
    async def read(self, work: Callable[[], Transaction[T]]) -> T:
        """Run `work()` on one consistent snapshot (several SELECTs see the same data)."""

    async def fetch_all(
        self, statement: Statement, row: Sequence[Any] | None = None, /, **values: Any
    ) -> list[Row]:
        found: list[Row] = await self.run(rows(statement, row, **values))
        return found

    async def fetch_one(
        self, statement: Statement, row: Sequence[Any] | None = None, /, **values: Any
    ) -> Row | None:
        found: Row | None = await self.run(_step("row", statement, row, values))
        return found

    async def fetch_record(self, columns: Columns[R], statement: Statement, **values: Any) -> R | None:
        """The first row the statement finds as the record `columns` describes; None when it finds none."""
        found = await self.fetch_one(statement, **values)
        return None if found is None else columns.record(found)

    async def fetch_records(self, columns: Columns[R], statement: Statement, **values: Any) -> list[R]:
        """Every row the statement finds, as the records `columns` describes."""
        return [columns.record(found) for found in await self.fetch_all(statement, **values)]

    async def fetch_due(
        self, columns: Columns[R], statement: Sharded, now: datetime, limit: int, shards: Shards
    ) -> list[R]:
        """fetch_records of a statement of what is due by `now` (its `:now`, in ms) and its `:limit`, of the
        servers on `shards` only (None: every server's), filtered before the LIMIT."""
        picked, given = statement.pick(shards, now=to_ms(now), limit=limit)
        return await self.fetch_records(columns, picked, **given)

    async def fetch_value(
        self, statement: Statement, row: Sequence[Any] | None = None, /, **values: Any
    ) -> Any:
        return await self.run(_step("value", statement, row, values))

    async def execute(self, statement: Statement, row: Sequence[Any] | None = None, /, **values: Any) -> int:
        """Run one writing statement; how many rows it changed."""
        count: int = await self.run(changed(statement, row, **values))
        return count

    async def execute_many(self, statement: Statement, each: Sequence[Sequence[Any]]) -> None:
        """Run the statement once per row (each in the statement's order), all in one transaction."""
        await self.run(many(statement, each))
