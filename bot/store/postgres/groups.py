"""Group commit: answers that arrive while others are being written share one transaction.

A click that finds no write under way goes straight to the database on its own. Clicks that arrive
while writes are under way wait together; when a writer is free it writes all of them (up to a limit)
in one transaction, and every one of those callers hears its outcome only after that commit. One
commit for many answers is what lifts the rate of a burst past one commit per answer.

Several groups may be written at once, but never two holding the same key (the same member's answer
to one question): a later click waits for the group holding the earlier one, so the first click of a
member is the one that counts, as when each is written on its own.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Hashable
from functools import partial
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

Row = TypeVar("Row")

# Writers at once: each holds a pooled connection, and more than a few only queue on the same rows.
MAX_WRITERS = 4
# Answers per transaction: a burst of this size is still one short transaction.
MAX_GROUP = 256


class Groups(Generic[Row]):
    """Hands each waiting row's outcome back to its caller once the transaction holding it committed."""

    def __init__(
        self,
        write_one: Callable[[Row], Awaitable[Any]],
        write_group: Callable[[list[Row]], Awaitable[list[Any]]],
        key: Callable[[Row], Hashable],
    ) -> None:
        self._write_one = write_one
        self._write_group = write_group
        self._key = key
        self._writing: Counter[Hashable] = Counter()  # keys of the rows being written
        self._waiting: list[tuple[Row, asyncio.Future[Any]]] = []
        self._writers: set[asyncio.Task[None]] = set()
        self._busy = 0  # writes under way, direct ones included
        self._idle = asyncio.Event()
        self._idle.set()

    async def write(self, row: Row) -> Any:
        """The row's outcome, from the group (or the lone write) that committed it."""
        if self._busy == 0 and not self._waiting:
            self._started([row])
            try:
                return await self._write_one(row)
            finally:
                self._ended([row])
                self._dispatch()
        waiter: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((row, waiter))
        self._dispatch()
        return await waiter

    async def drain(self, patience: float) -> None:
        """Wait (at most `patience` seconds) for every answer on its way to be written."""
        self._dispatch()
        if self._busy:
            try:
                await asyncio.wait_for(self._idle.wait(), timeout=patience)
            except TimeoutError:
                log.warning("closing with %d answer writes still under way", self._busy)

    def _started(self, rows: list[Row]) -> None:
        self._busy += 1
        self._writing.update(self._key(row) for row in rows)
        self._idle.clear()

    def _ended(self, rows: list[Row]) -> None:
        self._busy -= 1
        self._writing.subtract(self._key(row) for row in rows)
        self._writing += Counter()  # drop the keys no longer written
        if self._busy == 0 and not self._waiting:
            self._idle.set()

    def _dispatch(self) -> None:
        while self._waiting and len(self._writers) < MAX_WRITERS:
            group: list[tuple[Row, asyncio.Future[Any]]] = []
            later: list[tuple[Row, asyncio.Future[Any]]] = []
            for entry in self._waiting:
                fits = len(group) < MAX_GROUP and self._key(entry[0]) not in self._writing
                (group if fits else later).append(entry)
            if not group:
                return  # each waiting row waits for a group in flight with its key
            self._waiting = later
            rows = [row for row, _ in group]
            self._started(rows)
            task = asyncio.create_task(self._write(group), name="bvunzo-answer-group")
            self._writers.add(task)
            task.add_done_callback(partial(self._written, rows=rows))

    def _written(self, task: asyncio.Task[None], rows: list[Row]) -> None:
        self._writers.discard(task)
        self._ended(rows)
        self._dispatch()

    async def _write(self, group: list[tuple[Row, asyncio.Future[Any]]]) -> None:
        try:
            outcomes = await self._write_group([row for row, _ in group])
        except BaseException as exc:  # the store closed under it, or cancelled: every waiter hears
            for _, waiter in group:
                if not waiter.done():
                    if isinstance(exc, Exception):
                        waiter.set_exception(exc)
                    else:
                        waiter.cancel()
            if not isinstance(exc, Exception):
                raise
            return
        for (_, waiter), outcome in zip(group, outcomes, strict=True):
            if waiter.done():
                continue  # its caller stopped waiting; the answer is stored all the same
            if isinstance(outcome, BaseException):
                waiter.set_exception(outcome)
            else:
                waiter.set_result(outcome)
