"""Waiting out a busy database: pauses that double up to a ceiling, for every backend and every writer."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

FIRST_PAUSE_SECONDS = 0.01
LONGEST_PAUSE_SECONDS = 1.0


class Backoff:
    """Pauses of 10 ms, 20 ms, 40 ms... up to 1 s, never blocking the event loop.

    `patience` (seconds) bounds the total pause; None waits as long as it takes (answers are never
    dropped for a lock). `sleep` is asyncio.sleep but for tests that drive time themselves.
    """

    __slots__ = ("_pause", "_sleep", "patience", "tries", "waited")

    def __init__(
        self, patience: float | None = None, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    ) -> None:
        self.patience = patience
        self.waited = 0.0
        self.tries = 0
        self._pause = FIRST_PAUSE_SECONDS
        self._sleep = sleep

    @property
    def exhausted(self) -> bool:
        return self.patience is not None and self.waited >= self.patience

    @property
    def worth_a_warning(self) -> bool:
        """True before the first pause and every tenth after: a stuck lock is logged, not flooded."""
        return self.tries % 10 == 0

    async def pause(self) -> None:
        await self._sleep(self._pause)
        self.waited += self._pause
        self.tries += 1
        self._pause = min(self._pause * 2, LONGEST_PAUSE_SECONDS)
