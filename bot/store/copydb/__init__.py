"""`bvunzo copy-db FROM TO`: a whole Bvunzo database copied between SQLite and PostgreSQL, then checked.

Every table is copied in one transaction on the target; the target's boards are rebuilt from the copied
answers, and after the commit the row counts of every table and the board sums per server and deck must
be the same on both sides. A target that holds anything is refused unless `force` clears it first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.store.copydb.sqlite_side import SqliteSide
from bot.store.copydb.tables import TABLES
from bot.store.errors import StoreError
from bot.store.postgres import is_postgres_url


class _Side(Protocol):
    name: str

    async def counts(self) -> dict[str, int]: ...
    async def board_sums(self) -> list[tuple[Any, ...]]: ...
    def read(self, table: str, columns: tuple[str, ...]) -> Any: ...
    async def begin(self, *, clear: bool) -> None: ...
    async def write(self, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None: ...
    async def commit(self) -> None: ...
    async def rollback(self) -> None: ...
    async def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class CopyReport:
    source: str
    target: str
    rows: dict[str, int]  # table -> rows on both sides after the copy


class TargetNotEmpty(StoreError):
    """The target already holds a Bvunzo database's rows."""


async def _open(location: str) -> _Side:
    if is_postgres_url(location):
        from bot.store.copydb.postgres_side import PostgresSide

        return await PostgresSide.open(location)
    return await SqliteSide.open(location)


def _holds_data(counts: dict[str, int]) -> bool:
    # Opening a database writes its meta row, so meta alone does not make it "in use".
    return any(count for table, count in counts.items() if table != "meta")


async def copy_database(source: str, target: str, *, force: bool = False) -> CopyReport:
    """Copy every row of `source` into `target` (locations as BVUNZO_DB takes them), then check both."""
    if source == target:
        raise StoreError("copy-db needs two different databases; FROM and TO are the same.")
    origin = await _open(source)
    try:
        destination = await _open(target)
        try:
            return await _copy(origin, destination, force=force)
        finally:
            await destination.close()
    finally:
        await origin.close()


async def _copy(origin: _Side, destination: _Side, *, force: bool) -> CopyReport:
    if _holds_data(await destination.counts()) and not force:
        raise TargetNotEmpty(
            f"{destination.name} already holds a Bvunzo database; copy-db will not mix two. "
            "Give --force to delete everything in it first."
        )
    await destination.begin(clear=force)
    try:
        for table, columns in TABLES.items():
            async for rows in origin.read(table, columns):
                await destination.write(table, columns, rows)
        await destination.commit()
    except BaseException:
        await destination.rollback()
        raise
    before, after = await origin.counts(), await destination.counts()
    differ = [
        f"{table} {before[table]} → {after[table]}" for table in before if before[table] != after[table]
    ]
    if differ:
        raise StoreError(
            f"The copy in {destination.name} does not match its source: {'; '.join(differ)} rows."
        )
    if sorted(await origin.board_sums()) != sorted(await destination.board_sums()):
        raise StoreError(
            f"The leaderboard totals in {destination.name} differ from its source's after the copy."
        )
    return CopyReport(source=origin.name, target=destination.name, rows=after)


__all__ = ["CopyReport", "TargetNotEmpty", "copy_database"]
