"""One server's step of a calendar runner's tick, kept from stopping the other servers' steps."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

from bot.store import StoreError


async def guarded(step: Awaitable[object], log: logging.Logger, failed: str, *args: object) -> None:
    """Await `step`; a bug in it is logged (`failed` % `args`, with its traceback) and the tick goes on.

    A StoreError is not one server's: the database is away, and the runner's loop says so once and
    looks again, so it goes up.
    """
    try:
        await step
    except StoreError:
        raise
    except Exception:
        log.exception(failed, *args, stacklevel=2)  # the record names the runner's line, not this one
