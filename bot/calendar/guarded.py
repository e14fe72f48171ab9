"""One server's step of a calendar runner's tick, kept from stopping the other servers' steps."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

from bot.store import StoreError

T = TypeVar("T")


async def guarded(
    step: Awaitable[object], log: logging.Logger, failed: str, *args: object, stacklevel: int = 2
) -> None:
    """Await `step`; a bug in it is logged (`failed` % `args`, with its traceback) and the tick goes on.

    A StoreError is not one server's: the database is away, and the runner's loop says so once and
    looks again, so it goes up.
    """
    try:
        await step
    except StoreError:
        raise
    except Exception:
        # The record names the runner's line (`stacklevel` frames up), not this one.
        log.exception(failed, *args, stacklevel=stacklevel)


async def each_held(
    due: Iterable[T],
    guild_of: Callable[[T], int],
    holds: Callable[[int], bool],
    step: Callable[[T], Awaitable[object]],
    log: logging.Logger,
    failed: str,
) -> int:
    """`step` for each of the `due` rows whose server this process holds, each guarded (`failed` % the
    server's id); how many servers it was run for. The others' rows are their own process's."""
    acted = 0
    for row in due:
        guild_id = guild_of(row)
        if holds(guild_id):
            acted += 1
            await guarded(step(row), log, failed, guild_id, stacklevel=3)
    return acted
